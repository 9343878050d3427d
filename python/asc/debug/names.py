"""The Python name of a tensor operand, read from the kernel's source line.

The Model knows a bad or racing access by its call site (file:line), its
direction and its rank among the call's operands of that direction
(0 = the first destination / the first source). Ascend C calls put the
destination first, then the sources, so the rank picks an argument of the
call on that line: `asc.add(z, x, y, n)`: write 0 -> `z`, read 1 -> `y`.
A method call's receiver (`t.get_value(0)`) is its only tensor.
"""

from __future__ import annotations

import ast
import functools
import linecache
from typing import List, Optional


@functools.lru_cache(maxsize=512)
def _calls(file: str, line: int) -> List[ast.Call]:
    """The calls that start on `line` of `file`, outermost first."""
    text = linecache.getline(file, line)
    if not text.strip():
        return []
    try:
        tree = ast.parse(text.strip())
    except SyntaxError:  # a call spread over several lines: its first line alone
        try:
            tree = ast.parse(text.strip().rstrip("(,") + ")")
        except SyntaxError:
            return []
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)]


def _base_name(node: ast.AST) -> Optional[str]:
    """`y_gm[r * n:]` -> y_gm, `self.x` -> self.x, `x` -> x."""
    while isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = _base_name(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    return None


def operand_name(file: str, line: int, write: bool, rank: int) -> Optional[str]:
    """The name of the tensor accessed by the call on file:line (None when the
    line has no call, or the argument there is no plain name)."""
    calls = _calls(file, line)
    if not calls:
        return None
    call = calls[0]
    if not call.args and isinstance(call.func, ast.Attribute):
        return _base_name(call.func.value)  # t.get_value(i) / t.set_value(i, v) style
    args = list(call.args)
    if isinstance(call.func, ast.Attribute) and call.func.attr in ("get_value", "set_value", "print"):
        return _base_name(call.func.value)
    if not args:
        return None
    if write:
        return _base_name(args[0])
    sources = args[1:] or args
    if rank < len(sources):
        return _base_name(sources[rank])
    return None
