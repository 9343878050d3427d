"""Compile-time values.

A kernel parameter annotated `asc.ConstExpr[int]` (or any `ConstExpr[...]`) is
not passed at launch: its Python value is folded into the generated code and
becomes part of the kernel's cache key. Inside the front end every plain
Python value (ints, floats, enums, dtypes, module globals) is already a
compile-time constant; `ConstExpr` only marks the parameters that must be.

`RuntimeValue` is the other kind, defined here so that both sides sit at the
bottom of the language: the base of everything backed by an MLIR value
(scalars, GM addresses, tensors, queues...; see semantic.py), which exists only
on the device and has no value at compile time.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

T_co = TypeVar("T_co", covariant=True)
T = TypeVar("T")


class RuntimeValue:
    """Anything backed by an MLIR value."""

    __slots__ = ("handle",)

    def __init__(self, handle):
        self.handle = handle

    def __bool__(self):
        raise TypeError(
            "a runtime value has no truth value at compile time; use it in an `if`/`while` "
            "condition directly inside the kernel")


class ConstExpr(Generic[T_co]):
    """Marks a compile-time value (`ConstExpr[int]` as an annotation)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value.value if isinstance(value, ConstExpr) else value

    @staticmethod
    def unwrap(obj):
        return obj.value if isinstance(obj, ConstExpr) else obj

    def __repr__(self) -> str:
        return f"ConstExpr({self.value!r})"

    def __eq__(self, other) -> bool:
        return ConstExpr.unwrap(other) == self.value

    def __hash__(self) -> int:
        return hash(self.value)


def is_constexpr_annotation(annotation: Any) -> bool:
    """True for `ConstExpr`, `ConstExpr[int]`, `asc.ConstExpr[...]` and their string forms."""
    if annotation is ConstExpr:
        return True
    if getattr(annotation, "__origin__", None) is ConstExpr:
        return True
    if isinstance(annotation, str):
        return annotation.split("[")[0].split(".")[-1] == "ConstExpr"
    return False


def require_constexpr(obj: Any, *constraints, arg_name: str = None) -> None:
    """Raises TypeError unless `obj` is a compile-time value (of one of `constraints`' types)."""
    value = ConstExpr.unwrap(obj)
    what = f"'{arg_name}'" if arg_name else "this argument"
    if isinstance(value, RuntimeValue):
        raise TypeError(f"{what} must be a compile-time constant, but it is a runtime value")
    if constraints and not isinstance(value, tuple(c for c in constraints if isinstance(c, type))):
        names = ", ".join(getattr(c, "__name__", str(c)) for c in constraints)
        raise TypeError(f"{what} must be a compile-time {names}, got {type(value).__name__}")
