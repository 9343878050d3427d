"""Small helpers the API implementations share to turn arguments into IR values."""

from __future__ import annotations

import functools

from ... import _C
from ...codegen import context, scalar
from . import dtype as dt
from .ir_value import RuntimeValue
from .tensor import BaseTensor


def builder():
    return context.builder()


def i32(x):
    """An int argument as an i32 value (runtime ints are cast)."""
    return scalar.as_value(x, dt.int32).handle


def i64(x):
    if isinstance(x, int) and x >= 2**63:
        x -= 2**64  # uint64 bit patterns travel as two's complement
    return scalar.as_value(x, dt.int64).handle


def boolean(x):
    if isinstance(x, RuntimeValue):
        return scalar.to_bool(x).handle
    return builder().get_bool(bool(x))


def value_of(x, dtype: dt.DataType):
    """A scalar operand converted to `dtype` (e.g. the scalar of Adds, typed like the tensor)."""
    return scalar.as_element(x, dtype)


def tensor(x, what="tensor"):
    if not isinstance(x, BaseTensor):
        raise TypeError(f"{what} must be a tensor, got {type(x).__name__}")
    return x._value()


def bitmask(mask):
    """A level-0 bit mask [m0, m1] as an !ascendc.bitmask value."""
    if len(mask) != 2:
        raise TypeError(f"a bit mask is a list of two 64-bit ints, got {len(mask)} values")
    return builder().create_asc_BitMaskOp(i64(mask[0]), i64(mask[1]))


def struct(x, cls, what="params"):
    if not isinstance(x, cls):
        raise TypeError(f"{what} must be an asc.{cls.__name__}, got {type(x).__name__}")
    return x.materialize()


def same_dtype(*tensors_and_names):
    """Raises a TypeError naming the tensors when their dtypes differ."""
    first_name, first = tensors_and_names[0]
    for name, t in tensors_and_names[1:]:
        if t.dtype != first.dtype:
            raise TypeError(f"tensors of mismatched dtypes: {first_name} is {first.dtype.name}, "
                            f"{name} is {t.dtype.name}")


@functools.lru_cache(maxsize=None)
def takes(method: str, param: str) -> bool:
    """Whether the generated builder method has a parameter (e.g. is_set_mask)."""
    doc = getattr(_C.ir.Builder, method).__doc__ or ""
    return f"{param}:" in doc.split("\n")[0]


def build(method: str, *args, **kwargs):
    """Calls builder.create_asc_<method>, dropping keyword arguments the op does not have."""
    kwargs = {k: v for k, v in kwargs.items() if takes("create_asc_" + method, k)}
    return getattr(builder(), "create_asc_" + method)(*args, **kwargs)
