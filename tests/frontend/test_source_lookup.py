"""A traced function's source is found in its file's own parse (asc/source.py), not by
inspect's tokenizer (a third of a fresh process's first compile): the node, its line and
column numbers must be what inspect's way gave, and what it cannot find goes that way."""

from __future__ import annotations

import ast
import importlib.util
import sys

import pytest

import asc
from asc import source
from asc.errors import CompileError

MODULE = '''
import functools

import asc


def deco(f):
    @functools.wraps(f)
    def wrapper(*a, **k):
        return f(*a, **k)
    return wrapper


@asc.jit
def top(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)  # a comment
    for i in range(n):
        g.set_value(i, (i +
            1))  # a continuation line indented less than the body


class Holder:
    @staticmethod
    def inner(x, n):
        if n:
            return x + n
        return x


def outer():
    def nested(x):
        return x * 2
    return nested


def same_name(x):
    return 1


same_first = same_name


def same_name(x):  # noqa: F811 - a second function of the same name, further down
    return 2


@deco
def wrapped(x):
    return x - 1


def trailing_pass(x):
    if x:
        y = x
    else:
        pass
    z: int
'''


@pytest.fixture
def module(tmp_path, monkeypatch):
    path = tmp_path / "srcmod.py"
    path.write_text(MODULE)
    spec = importlib.util.spec_from_file_location("srcmod", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setitem(sys.modules, "srcmod", mod)
    return mod


def _positions(tree, indent):
    return [(type(n).__name__, n.lineno, n.col_offset + indent, n.end_lineno)
            for n in ast.walk(tree) if hasattr(n, "lineno")]


def _by_inspect(fn):
    src = source.FunctionSource.__new__(source.FunctionSource)
    src._from_inspect(fn)
    return src


def _fn(module, name):
    return {"top": module.top.fn, "Holder.inner": module.Holder.inner, "nested": module.outer(),
            "same_first": module.same_first, "same_name": module.same_name, "wrapped": module.wrapped,
            "trailing_pass": module.trailing_pass}[name]


NAMES = ["top", "Holder.inner", "nested", "same_first", "same_name", "wrapped", "trailing_pass"]


@pytest.mark.parametrize("name", NAMES)
def test_parsed_file_node_matches_inspect(module, name):
    fn = _fn(module, name)
    found = source._from_parsed_file(fn)
    assert found is not None, name
    filename, text, node = found
    old = _by_inspect(fn)
    assert filename == old.filename
    assert _positions(node, 0) == _positions(old.tree, old.indent)
    assert text.splitlines()[0] == old.source.splitlines()[0]


@pytest.mark.parametrize("name", NAMES)
def test_code_lines_node_matches_inspect(module, name):
    fn = _fn(module, name)
    found = source._from_code_lines(fn)
    if name == "trailing_pass":
        # its body ends in a statement without code: the code's lines stop short, and the
        # deeper line after them sends it to the file's parse
        assert found is None
        assert source.FunctionSource(fn).indent == 0
        return
    assert found is not None, name
    filename, text, node, indent = found
    old = _by_inspect(fn)
    assert filename == old.filename and indent == old.indent
    assert _positions(node, indent) == _positions(old.tree, old.indent)
    assert text == old.source.rstrip("\n") + "\n" or old.source.startswith(text)
    new = source.FunctionSource(fn)
    assert _positions(new.tree, new.indent) == _positions(old.tree, old.indent)


def test_same_name_functions_are_told_apart_by_line(module):
    first = source._from_parsed_file(module.same_first)[2]
    second = source._from_parsed_file(module.same_name)[2]
    assert first is not second and first.lineno < second.lineno


def test_each_file_is_parsed_once(module, monkeypatch):
    source._from_parsed_file(module.top.fn)
    calls = []
    real = ast.parse
    monkeypatch.setattr(ast, "parse", lambda *a, **k: (calls.append(1), real(*a, **k))[1])
    for fn in (module.top.fn, module.Holder.inner, module.same_name):
        assert source._from_parsed_file(fn) is not None
    assert calls == []


def test_an_edited_file_is_parsed_again(module, tmp_path):
    node = source._from_parsed_file(module.same_name)[2]
    path = tmp_path / "srcmod.py"
    path.write_text(MODULE.replace("return 2", "return 2  # edited, same lines"))
    import os
    import time
    os.utime(path, (time.time() + 5, time.time() + 5))  # linecache sees a new mtime
    again = source._from_parsed_file(module.same_name)[2]
    assert again is not node and again.lineno == node.lineno


def test_what_the_parse_cannot_find_goes_inspects_way(module):
    assert source._from_parsed_file(lambda x: x) is None  # not a def: inspect's way
    ns = {}
    exec("def no_file(x):\n    return x\n", ns)
    assert source._from_parsed_file(ns["no_file"]) is None
    with pytest.raises(CompileError, match="needs the source code"):
        source.FunctionSource(ns["no_file"])


def test_kernel_compiles_from_the_parsed_file(module, tmp_path, monkeypatch):
    import numpy as np

    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    x = np.zeros(8, np.int32)
    k = module.top.warmup(x, 8)
    assert f'#line {MODULE.splitlines().index("    for i in range(n):") + 1} ' in k.source
    assert "srcmod.py" in k.source

