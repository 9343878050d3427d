"""Argument helpers shared by the non-vector API modules."""

from ..core import context
from ..core import dtype as dt
from ..core.ir_value import PlainValue


def const_int(x, what: str) -> int:
    """A parameter that becomes a C++ template argument: must be known at compile time."""
    if isinstance(x, PlainValue):
        raise TypeError(f"{what} must be a compile-time constant (it is a template argument "
                        "in Ascend C), got a runtime value")
    return int(x)


def const_bool(x, what: str) -> bool:
    return bool(const_int(x, what))


def ir_type(dtype: dt.DataType, what: str = "dtype"):
    if not isinstance(dtype, dt.DataType):
        raise TypeError(f"{what} must be an asc dtype (asc.float32, ...), got {type(dtype).__name__}")
    return dtype.to_ir(context.builder())
