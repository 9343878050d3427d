"""The layers of python/asc import one way (issue 9 §2).

Every module of the package is parsed (not imported) and every import
statement read, at module level and inside functions alike: a function-level
import is a dependency too, only a later one. Importing `asc.a.b` also runs
`asc/a/__init__.py`, so it counts as importing the package `asc.a` as well.

The layers, and what each may import:

    base      asc._C, errors, settings, options     nothing above it
    language  asc.language (the kernel API; its     base
              trace state and scalar semantics)
    source    asc.source (a traced function's       base
              source; the device-function protocol)
    runtime   asc.runtime (backends, config,        base
              streams), asc.cache
    codegen   asc.codegen (AST -> dialect)          language, source, runtime, base
    jit       asc.jit (launch, caches)              codegen and everything below
    lib       asc.lib (pyasc's host runtime names)  runtime, base
    profiler  asc.profiler                          runtime, base
    top       asc (the package), asc._exports       anything

So no import circle runs between two layers, and there is no circle inside a
layer either (e.g. language/core/tensor.py <-> types.py, runtime/config.py ->
npu -> stream -> config).
"""

import ast
import importlib.util
import os

import pytest

LAYERS = {  # module prefix -> layer (the longest matching prefix wins)
    "asc._C": "base", "asc.errors": "base", "asc.settings": "base", "asc.options": "base",
    "asc.language": "language",
    "asc.source": "source",
    "asc.runtime": "runtime", "asc.cache": "runtime",
    "asc.codegen": "codegen",
    "asc.jit": "jit",
    "asc.lib": "lib",
    "asc.profiler": "profiler",
    "asc": "top", "asc._exports": "top",
}
ALLOWED = {  # layer -> the layers it may import (besides itself)
    "base": set(),
    "language": {"base"},
    "source": {"base"},
    "runtime": {"base"},
    "codegen": {"language", "source", "runtime", "base"},
    "jit": {"codegen", "language", "source", "runtime", "base"},
    "lib": {"runtime", "base"},
    "profiler": {"runtime", "base"},
    "top": {"base", "language", "source", "runtime", "codegen", "jit", "lib", "profiler"},
}
FRONT_END = {"language", "source", "codegen", "jit"}


def package_root() -> str:
    """python/asc of the asc that tests import (the checkout, or Bazel's runfiles)."""
    return importlib.util.find_spec("asc").submodule_search_locations[0]


def modules(root: str):
    """Module name -> path of every .py file of the package."""
    found = {}
    parent = os.path.dirname(root)
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                parts = os.path.relpath(os.path.join(d, f), parent)[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                found[".".join(parts)] = os.path.join(d, f)
    return found


def _ancestors(name: str):
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def import_graph(root: str):
    """Module -> {module: line of the first import of it} for the package's own modules.

    `from pkg import name` imports the module pkg.name when there is one, else pkg.
    The packages above the importing module are left out: they are already
    being imported when it runs (and `asc` itself imports everything)."""
    mods = modules(root)
    graph = {}
    for name, path in mods.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
        targets = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets += [(a.name, node.lineno) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([node.module] if node.module else []))
                else:
                    base = node.module
                for a in node.names:
                    full = f"{base}.{a.name}"
                    targets.append((full if full in mods else base, node.lineno))
        edges = {}
        own = _ancestors(name)
        for target, line in targets:
            if target not in mods:
                continue  # another package, or the native asc._C
            for t in {target} | _ancestors(target):
                if t in mods and t != name and t not in own:
                    edges.setdefault(t, line)
        graph[name] = edges
    return graph


def layer_of(module: str) -> str:
    best = max((p for p in LAYERS if module == p or module.startswith(p + ".")), key=len, default=None)
    return LAYERS.get(best)


def circles(graph):
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph[w])))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    component = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        component.append(w)
                        if w == v:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def _path(graph, component):
    """One circle through `component`, as 'a:line -> b:line -> ... -> a' (module a imports b
    at that line) for the message."""
    members = set(component)
    start = component[0]
    seen, order, v = {start: 0}, [start], start
    while True:
        v = next(w for w in sorted(graph[v]) if w in members)
        if v in seen:
            cycle = order[seen[v]:] + [v]
            return " -> ".join(f"{a}:{graph[a][b]}" for a, b in zip(cycle, cycle[1:])) + f" -> {v}"
        seen[v] = len(order)
        order.append(v)


@pytest.fixture(scope="module")
def graph():
    return import_graph(package_root())


def test_the_graph_sees_every_import(graph):
    assert "asc.runtime.npu" in graph["asc.runtime.config"]  # inside a function (the backend factory)
    assert "asc.language.core.constexpr" in graph["asc.jit"]  # at the top of the module
    assert "asc.language" in graph["asc.jit"]  # the packages on the way count too
    assert "asc.runtime.backend" in graph["asc.runtime.npu"]  # relative, two levels


def test_every_module_has_a_layer(graph):
    missing = sorted(m for m in graph if layer_of(m) is None)
    assert not missing, f"put these modules in a layer of {__file__} (LAYERS): {missing}"


def test_layers_import_downwards(graph):
    wrong = []
    for module, edges in sorted(graph.items()):
        mine = layer_of(module)
        for target, line in sorted(edges.items()):
            theirs = layer_of(target)
            if theirs != mine and theirs not in ALLOWED[mine]:
                wrong.append(f"{module} ({mine}) imports {target} ({theirs}) at line {line}")
    assert not wrong, "imports against the layering:\n  " + "\n  ".join(wrong)


def test_no_circle_between_layers(graph):
    crossing = [c for c in circles(graph) if len({layer_of(m) for m in c}) > 1]
    assert not crossing, "import circles between layers:\n  " + "\n  ".join(_path(graph, c) for c in crossing)


def test_front_end_has_no_circle(graph):
    front = [c for c in circles(graph) if {layer_of(m) for m in c} & FRONT_END]
    assert not front, "import circles in the front end:\n  " + "\n  ".join(_path(graph, c) for c in front)


def test_no_circle_anywhere(graph):
    """Inside a layer too: every module group of the package imports one way."""
    found = circles(graph)
    assert not found, "import circles:\n  " + "\n  ".join(_path(graph, c) for c in found)


def test_the_layer_table_is_a_dag():
    order, todo = [], dict(ALLOWED)
    while todo:
        ready = [k for k, deps in todo.items() if not (deps - set(order))]
        assert ready, f"the layers' ALLOWED table has a circle among {sorted(todo)}"
        order += ready
        for k in ready:
            del todo[k]


def test_cache_names_the_param_spec_fields():
    """asc.cache checks kernel.json's parameter records against ParamSpec's fields,
    spelled out rather than imported (the cache sits below the runtime)."""
    import dataclasses

    from asc import cache
    from asc.runtime.backend import ParamSpec

    assert cache._PARAM_FIELDS == {f.name for f in dataclasses.fields(ParamSpec)}


def test_the_current_device_lives_in_stream():
    from asc.runtime import config, stream

    stream.set_device(0)
    assert config.device_id == stream.get_device() == 0
    assert stream.selected_npu() is None  # the Model is selected


def test_rarely_used_subpackages_load_on_first_use():
    """`import asc` leaves asc.adv and asc.distributed to their first use (a
    PEP 562 __getattr__), so a process launching one kernel does not pay their
    imports; the attribute and the `from asc import adv` form still work."""
    import subprocess
    import sys
    code = ("import sys, asc\n"
            "assert 'asc.distributed' not in sys.modules and 'asc.language.adv' not in sys.modules\n"
            "from asc import adv\n"
            "assert adv.Matmul is asc.adv.Matmul and callable(asc.distributed.launch)\n"
            "assert 'adv' in dir(asc)\n")
    subprocess.run([sys.executable, "-c", code], check=True)
