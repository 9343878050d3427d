"""Argument checks the adv APIs share (asc.adv.*).

The adv APIs take their compile-time switches (isReuseSource, isBasicBlock, ...)
as C++ template arguments, so these must be Python values; the temporary
buffer, when given, is the LocalTensor<uint8_t> Ascend C asks for.
"""

from ..core import dtype as dt
from ..core.ir_value import PlainValue
from ..core.lowering import i32, tensor


def flag(api: str, name: str, value) -> bool:
    """A template-argument switch: a compile-time bool."""
    if isinstance(value, PlainValue) or not isinstance(value, (bool, int)):
        raise TypeError(f"asc.{api}: {name} is a template argument of the Ascend C call and must be "
                        f"a compile-time bool, got {_kind(value)}")
    return bool(value)


def const_int(api: str, name: str, value) -> int:
    if isinstance(value, PlainValue) or isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"asc.{api}: {name} is a template argument of the Ascend C call and must be "
                        f"a compile-time int, got {_kind(value)}")
    return value


def tmp_buffer(api: str, t):
    """The optional shared temporary buffer (LocalTensor of uint8) as an IR value, or None."""
    if t is None:
        return None
    if getattr(t, "dtype", None) != dt.uint8:
        raise TypeError(f"asc.{api}: temp_buffer must be a LocalTensor of uint8 (Ascend C's "
                        f"sharedTmpBuffer), got {_kind(t)}")
    return tensor(t, "temp_buffer")


def count(c):
    return None if c is None else i32(c)


def dtypes(api: str, accepted, **tensors):
    """Raises a TypeError naming the tensor whose dtype Ascend C does not accept here."""
    for name, t in tensors.items():
        if t.dtype not in accepted:
            names = ", ".join(d.name for d in accepted)
            raise TypeError(f"asc.{api}: {name} must be a LocalTensor of {names}, got {t.dtype.name}")


def _kind(v) -> str:
    if isinstance(v, PlainValue):
        return f"a runtime {v.dtype.name}"
    d = getattr(v, "dtype", None)
    if isinstance(d, dt.DataType):
        return f"a {type(v).__name__} of {d.name}"
    return f"{type(v).__name__} {v!r}"
