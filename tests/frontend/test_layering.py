"""The layers of python/asc import one way (issue 9 §2).

Every module of the package is parsed (not imported) and every import
statement read, at module level and inside functions alike: a function-level
import is a dependency too, only a later one. Importing `asc.a.b` also runs
`asc/a/__init__.py`, so it counts as importing the package `asc.a` as well.

The layers, and what each may import (docs/architecture.md draws them):

    base         asc._C, errors, settings,        nothing above it
                 options, _version, _lazy,
                 _read, _sha, _tree, installed
    language     asc.language, asc.adv (the       base
                 kernel API; its trace state),
                 asc._exports (its names for `asc`)
    source       asc.source (a traced function)   base
    runtime      asc.runtime (backends, hooks,    base
                 targets, config), asc.cache
    codegen      asc.codegen (AST -> dialect)     language, source, runtime, base
    jit          asc.jit (launch, caches)         codegen and everything below
    lib          asc.lib (pyasc's host names)     runtime, base
    profiler     asc.profiler (the timed Model)   runtime, base
    debug        asc.debug (asc-debug's checks)   language, runtime, base
    cli          asc.cli (the commands' shared    runtime, base
                 flags, errors, version line)
    autotune     asc.autotune                     jit, profiler and below
    distributed  asc.distributed                  debug, profiler, runtime, base
    bench        asc.bench (asc-bench's engine)   profiler, runtime, base
    cprog        asc.cprog (Ascend C programs)    cli, debug, profiler, lib and below
    command      each tool's command: asc.*.cli,  any layer but top
                 asc.profiler.tune/report/html,
                 asc.debug.*_cli, asc.tools
    testing      asc.testing (reference kernels)  jit and below
    top          asc (the package)                anything

Every subpackage and module is named in the table: none falls to the package's
own layer by default. A tool keeps its engine and its command in one package
(asc.profiler: session, cycle model, store ... and cli.py; asc.debug; asc.bench);
the command module sits in the command layer, above every engine it drives.

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
    "asc._version": "base", "asc._lazy": "base", "asc._read": "base", "asc._sha": "base",
    "asc._tree": "base",
    "asc.installed": "base",
    "asc.language": "language", "asc.adv": "language",
    "asc.source": "source",
    "asc.runtime": "runtime", "asc.cache": "runtime",
    "asc.codegen": "codegen",
    "asc.jit": "jit",
    "asc.lib": "lib",
    "asc.profiler": "profiler",
    "asc.debug": "debug",
    "asc.cli": "cli",
    "asc.autotune": "autotune",
    "asc.distributed": "distributed",
    "asc.bench": "bench",
    "asc.cprog": "cprog",
    "asc.profiler.cli": "command", "asc.profiler.tune": "command", "asc.profiler.report": "command",
    "asc.profiler.html": "command", "asc.debug.cli": "command", "asc.debug.deadlock_cli": "command",
    "asc.debug.precision_cli": "command", "asc.bench.cli": "command", "asc.tools": "command",
    "asc.testing": "testing",
    "asc._exports": "language",  # (the language's names collected for the `asc` namespace)
    "asc": "top",
}
_BELOW_JIT = {"codegen", "language", "source", "runtime", "base"}
ALLOWED = {  # layer -> the layers it may import (besides itself)
    "base": set(),
    "language": {"base"},
    "source": {"base"},
    "runtime": {"base"},
    "codegen": {"language", "source", "runtime", "base"},
    "jit": _BELOW_JIT,
    "lib": {"runtime", "base"},
    "profiler": {"runtime", "base"},
    "debug": {"language", "runtime", "base"},
    "cli": {"runtime", "base"},
    "autotune": {"jit", "profiler"} | _BELOW_JIT,
    "distributed": {"debug", "profiler", "runtime", "base"},
    "bench": {"profiler", "runtime", "base"},
    "cprog": {"cli", "debug", "profiler", "lib", "language", "runtime", "base"},
    "command": {"cli", "autotune", "distributed", "bench", "cprog", "debug", "profiler", "lib", "jit"}
               | _BELOW_JIT,
    "testing": {"jit"} | _BELOW_JIT,
    "top": {"base", "language", "source", "runtime", "codegen", "jit", "lib", "profiler", "debug", "cli",
            "autotune", "distributed", "bench", "cprog", "command", "testing"},
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


def test_every_subpackage_is_named_in_the_table(graph):
    """Only the package itself and its exports are top: each subpackage has its own layer."""
    top = sorted(m for m in graph if layer_of(m) == "top" and m != "asc")
    assert not top, f"name a layer for these modules in {__file__} (LAYERS): {top}"


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
