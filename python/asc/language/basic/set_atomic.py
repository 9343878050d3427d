"""basic/set_atomic: atomic accumulation modes of the copies into GM.

pyasc's functions take the element type (`asc.set_atomic_add(asc.float32)`); the
argument-less overload in its stubs has no C++ counterpart (`SetAtomicAdd<T>()`
needs T), so the dtype is required here.
"""

from .. import docs
from ..core.api import api
from ..core.lowering import build
from ._args import ir_type

docs.SUMMARIES.update({
    "set_atomic_add": "Later copies to GM of `dtype` elements add to the destination (atomic add).",
    "set_atomic_max": "Later copies to GM keep the maximum of source and destination (atomic max).",
    "set_atomic_min": "Later copies to GM keep the minimum of source and destination (atomic min).",
    "set_atomic_none": "Ends atomic accumulation: later copies to GM overwrite again.",
    "set_atomic_type": "Sets the element type of the atomic operation already selected.",
})
docs.PARAMS.setdefault("dtype", "element type (asc.float32, asc.int32, ...)")


@api("SetAtomicAdd", "set_atomic", "dtype: DataType")
def set_atomic_add(form, a):
    return build("SetAtomicAddOp", ir_type(a.dtype))


@api("SetAtomicMax", "set_atomic", "dtype: DataType")
def set_atomic_max(form, a):
    return build("SetAtomicMaxOp", ir_type(a.dtype))


@api("SetAtomicMin", "set_atomic", "dtype: DataType")
def set_atomic_min(form, a):
    return build("SetAtomicMinOp", ir_type(a.dtype))


@api("SetAtomicNone", "set_atomic", "")
def set_atomic_none(form, a):
    return build("SetAtomicNoneOp")


@api("SetAtomicType", "set_atomic", "dtype: DataType")
def set_atomic_type(form, a):
    return build("SetAtomicTypeOp", ir_type(a.dtype))


__all__ = ["set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none", "set_atomic_type"]
