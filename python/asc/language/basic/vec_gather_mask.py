"""basic/vec_gather_mask: compacts the src0 elements selected by a pattern into dst."""

import enum
import numbers

from .. import docs
from ..core.api import api, register_type
from ..core.ir_value import PlainValue
from ..core.lowering import boolean, build, i32, same_dtype, struct, tensor
from ..core.tensor import wrap_scalar
from ..core.types import GatherMaskParams

docs.SUMMARIES.update({
    "gather_mask": "Copies the src0 elements selected by src1_pattern (a mask tensor, or a "
                   "built-in pattern number 1..7) to the front of dst; returns how many were kept.",
    "get_gather_mask_remain_count": "The number of elements the last gather_mask kept.",
})

_FORM = ("dst: LocalTensor, src0: LocalTensor, src1_pattern: {}, reduce_mode: bool, mask: int, "
         "params: GatherMaskParams, gather_mask_mode = GatherMaskMode.DEFAULT")
# pyasc's signature: rsvd_cnt (Ascend C's uint64_t& out-parameter) before the mode. The
# value passed is a placeholder; the count kept is gather_mask's return value.
_PYASC_FORM = ("dst: LocalTensor, src0: LocalTensor, src1_pattern: {}, reduce_mode: bool, mask: int, "
               "params: GatherMaskParams, rsvd_cnt: RsvdCount, gather_mask_mode = GatherMaskMode.DEFAULT")
# an int that is not an enum member: a mode in 7th place keeps asc's form
register_type("RsvdCount", lambda v: isinstance(v, (numbers.Integral, PlainValue))
              and not isinstance(v, (bool, enum.Enum)))


@api("GatherMask", "vec_gather_mask", _PYASC_FORM.format("LocalTensor"), _PYASC_FORM.format("int"),
     _FORM.format("LocalTensor"), _FORM.format("int"))
def gather_mask(form, a):
    same_dtype(("dst", a.dst), ("src0", a.src0))
    if form % 2 == 0:
        op, pattern = "GatherMaskOp", tensor(a.src1_pattern)
    else:
        op, pattern = "GatherMaskBuiltinOp", i32(a.src1_pattern)
    result = build(op, tensor(a.dst), tensor(a.src0), pattern, boolean(a.reduce_mode), i32(a.mask),
                   struct(a.params, GatherMaskParams), gather_mask_mode=int(a.gather_mask_mode))
    return wrap_scalar(result)


@api("GetGatherMaskRemainCount", "vec_gather_mask", "")
def get_gather_mask_remain_count(form, a):
    return wrap_scalar(build("GetGatherMaskRemainCountOp"))


__all__ = ["gather_mask", "get_gather_mask_remain_count"]
