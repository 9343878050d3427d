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
        self.fn = fn
        found = _from_code_lines(fn)
        if found is not None:  # the lines its code object spans, parsed on their own
            self.filename, self.source, self.tree, self.indent = found
        else:
            found = _from_parsed_file(fn)
            if found is not None:
                # the node of the file's own parse: line and column numbers are the file's
                self.filename, self.source, self.tree = found
                self.indent = 0
            else:
                self._from_inspect(fn)
        self.globals = fn.__globals__
        self.closure = closure_values(fn)
        self.memo: Dict[Any, Any] = {}

    def _from_inspect(self, fn) -> None:
        """The function's lines as inspect finds them, parsed on their own (dedented)."""
        import inspect
        import textwrap
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


# filename -> (its text, {(first line, name): [FunctionDef nodes]}): each source file is
# parsed once per process, and every function of it found there. inspect.getsourcelines
# tokenizes the file from the function on (its tokenizer's regex alone compiles in ~2 ms):
# that was about a third of a fresh process's first compile.
_parsed_files: Dict[str, Any] = {}


def _last_line(code) -> int:
    """The last source line a code object (or one nested in it) has instructions for."""
    last = code.co_firstlineno
    for _line, end, _col, _end_col in code.co_positions():
        if end is not None and end > last:
            last = end
    for const in code.co_consts:
        if hasattr(const, "co_positions"):
            last = max(last, _last_line(const))
    return last


def _indent_of(line: str) -> int:
    return len(line) - len(line.lstrip())


def _code_and_lines(fn):
    """(code object, the lines of its file) of `fn`, or None (no code object)."""
    import inspect
    import linecache

    try:
        code = inspect.unwrap(fn).__code__
    except (AttributeError, ValueError):
        return None
    linecache.checkcache(code.co_filename)  # (as inspect does: a file edited since is read again)
    return code, linecache.getlines(code.co_filename, getattr(fn, "__globals__", None))


def _from_code_lines(fn):
    """(filename, source lines, FunctionDef node, indent) of `fn` from the lines its code
    object spans (first decorator to last instruction), dedented and parsed with the
    file's line numbers; None when those lines are not exactly the function (its body
    goes on after the last instruction: a trailing statement without code) or there
    is no file: the other ways then."""
    import textwrap

    got = _code_and_lines(fn)
    if got is None:
        return None
    code, lines = got
    filename = code.co_filename
    start, end = code.co_firstlineno, _last_line(code)
    if not lines or not 1 <= start <= end <= len(lines):
        return None
    indent = _indent_of(lines[start - 1])
    for line in lines[end:]:  # the next line with code must not be deeper than the def
        text = line.strip()
        if text and not text.startswith("#"):
            if _indent_of(line) > indent:
                return None
            break
    block = "".join(lines[start - 1:end])
    try:
        # blank lines in front give the nodes the file's line numbers (no pass over the tree)
        tree = ast.parse("\n" * (start - 1) + textwrap.dedent(block))
    except (SyntaxError, ValueError):
        return None
    node = tree.body[0] if len(tree.body) == 1 else None
    if not isinstance(node, ast.FunctionDef) or node.name != code.co_name:
        return None
    return filename, block, node, indent


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def _function_defs(stmts):
    """Every FunctionDef among `stmts` and the statement lists nested in them (a def is a
    statement: expressions, where ast.walk would spend most of its time, are skipped)."""
    for node in stmts:
        if isinstance(node, ast.FunctionDef):
            yield node
        for field in _BODIES:
            sub = getattr(node, field, None)
            if sub:
                yield from _function_defs(sub)


def _from_parsed_file(fn):
    """(filename, source lines, FunctionDef node) of `fn` from its file's parse (its first
    line: the first decorator's, as in the code object), or None when that does not find
    exactly one function (a lambda, source not in a file or linecache): inspect's way then."""
    got = _code_and_lines(fn)
    if got is None:
        return None
    code, lines = got
    filename = code.co_filename
    if not lines:
        return None
    text = "".join(lines)
    parsed = _parsed_files.get(filename)
    if parsed is None or parsed[0] != text:
        try:
            tree = ast.parse(text)
        except (SyntaxError, ValueError):
            return None
        index: Dict[Any, list] = {}
        for node in _function_defs(tree.body):
            first = min([d.lineno for d in node.decorator_list] + [node.lineno])
            index.setdefault((first, node.name), []).append(node)
        parsed = _parsed_files[filename] = (text, index)
    nodes = parsed[1].get((code.co_firstlineno, code.co_name))
    if not nodes or len(nodes) != 1:
        return None
    node = nodes[0]
    start = min([d.lineno for d in node.decorator_list] + [node.lineno])
    return filename, "".join(lines[start - 1:node.end_lineno]), node


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
