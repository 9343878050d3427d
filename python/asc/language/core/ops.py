"""core/ops and helpers: asc.number, asc.ceildiv, asc.inline."""

from __future__ import annotations

from . import context, semantic
from . import dtype as dt
from .constexpr import ConstExpr
from .ir_value import PlainValue


def number(value, dtype: dt.DataType) -> PlainValue:
    """A runtime scalar of `dtype` holding `value` (a typed C++ variable in the emitted code)."""
    context.current()
    return semantic.as_value(ConstExpr.unwrap(value), dtype)


def ceildiv(a, b):
    """(a + b - 1) // b; folded when both are compile-time values."""
    a, b = ConstExpr.unwrap(a), ConstExpr.unwrap(b)
    if not isinstance(a, PlainValue) and not isinstance(b, PlainValue):
        return -(-a // b)
    return (a + b - 1) // b


def inline(code: str, args=None, before_function: bool = False) -> None:
    """Raw C++ injection is not supported: it would bypass the dialect's checks."""
    raise NotImplementedError("asc.inline is not supported: write the code with asc APIs")
