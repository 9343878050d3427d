"""basic/vec_gather: dst[i] = src[src_offset[i]] (byte offsets), and the block form Gatherb."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i32, same_dtype, struct, tensor
from ..core.types import GatherRepeatParams
from .vec_binary import level, mask_of

docs.SUMMARIES.update({
    "gatherb": "Gathers 32-byte blocks of src0 into dst, block i taken from the byte offset "
               "offset[i].",
    "gather": "dst[i] = src element at byte offset src_offset[i] - src_base, element-wise.",
})


@api("Gatherb", "vec_gather", "dst: LocalTensor, src0: LocalTensor, offset: LocalTensor, "
     "repeat_times: int, repeat_params: GatherRepeatParams")
def gatherb(form, a):
    same_dtype(("dst", a.dst), ("src0", a.src0))
    return build("GatherbOp", tensor(a.dst), tensor(a.src0), tensor(a.offset), i32(a.repeat_times),
                 struct(a.repeat_params, GatherRepeatParams, "repeat_params"))


_HEAD = "dst: LocalTensor, src: LocalTensor, src_offset: LocalTensor, src_base: int, "
_L0 = "repeat_times: int, dst_rep_stride: int"


@api("Gather", "vec_gather", _HEAD + "mask: int, " + _L0, _HEAD + "mask: List[int], " + _L0,
     _HEAD + "count: int")
def gather(form, a):
    same_dtype(("dst", a.dst), ("src", a.src))
    head = (tensor(a.dst), tensor(a.src), tensor(a.src_offset), i32(a.src_base))
    if level(a) == "L2":
        return build("GatherL2Op", *head, i32(a.count))
    return build(f"Gather{level(a)}Op", *head, mask_of(a), i32(a.repeat_times),
                 i32(a.dst_rep_stride))


__all__ = ["gatherb", "gather"]
