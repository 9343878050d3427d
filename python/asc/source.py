"""A traced function's source, and what the compiler needs to know of it.

Both the launch path (asc.jit) and the code generator (asc.codegen) use this
module; it imports neither. `TracedFunction` is the small protocol the code
generator relies on: JITFunction derives from it, so that a call to an @asc.jit
function inside a kernel is recognised as a device-function call without the
compiler importing asc.jit.
"""

from __future__ import annotations

import ast
from typing import AbstractSet, Any, Dict

from .errors import CompileError


def closure_values(fn) -> Dict[str, Any]:
    """The values of a function's closure cells, by name (empty cells left out)."""
    values = {}
    if fn.__closure__:
        for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
            try:
                values[name] = cell.cell_contents
            except ValueError:
                pass
    return values


def hashable(value) -> bool:
    """Whether a compile-time value can key a cache as it is."""
    try:
        hash(value)
        return True
    except TypeError:
        return False


class FunctionSource:
    """A Python function's parsed source, cached on its TracedFunction.

    `memo` holds the code generator's facts about this AST (e.g. the names each
    statement list assigns), keyed by node identity: it lives and dies with the
    source, and entries hold the nodes they describe."""

    def __init__(self, fn):
        import inspect
        import textwrap
        self.fn = fn
        try:
            # works for files and for notebook cells (IPython keeps their text in linecache)
            self.filename = inspect.getsourcefile(fn) or "<unknown>"
            lines, start = inspect.getsourcelines(fn)
        except (OSError, TypeError):
            raise CompileError(_no_source_message(fn)) from None
        self.source = "".join(lines)
        tree = ast.parse(textwrap.dedent(self.source))
        ast.increment_lineno(tree, start - 1)
        self.indent = len(lines[0]) - len(lines[0].lstrip())
        self.tree = tree.body[0]
        if not isinstance(self.tree, ast.FunctionDef):
            raise CompileError("@asc.jit applies to functions", self.filename, start)
        self.globals = fn.__globals__
        self.closure = closure_values(fn)
        self.memo: Dict[Any, Any] = {}


def _no_source_message(fn) -> str:
    code = getattr(fn, "__code__", None)
    where = f" (defined at {code.co_filename}:{code.co_firstlineno})" if code is not None else ""
    name = getattr(fn, "__qualname__", None) or getattr(fn, "__name__", repr(fn))
    return (f"@asc.jit needs the source code of {name!r} to compile it, but Python kept none{where}: "
            "define kernels and device functions in a .py file (a module or a script) or in a "
            "Jupyter/IPython notebook cell, not in the interactive interpreter, `python -c` or "
            "exec() of a string")


class TracedFunction:
    """A Python function the compiler traces, as a kernel or as a device function.

    Subclasses (asc.jit.JITFunction) set `fn` (the Python function), `__name__`,
    `signature` (its inspect.Signature) and `constexpr_params` (the names of its
    ConstExpr parameters), and `_source = None`."""

    __slots__ = ()

    fn: Any
    signature: Any
    constexpr_params: AbstractSet[str]
    _source: Any

    def source(self) -> FunctionSource:
        """The parsed source (parsed once, on first use)."""
        src = self._source
        if src is None:
            src = self._source = FunctionSource(self.fn)
        return src
