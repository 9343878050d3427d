"""basic/vec_scatter: dst element at byte offset dst_offset[i] - dst_base = src[i]."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i32, same_dtype, tensor
from .vec_binary import level, mask_of

docs.SUMMARIES["scatter"] = ("Scatters src into dst: element i goes to the byte offset "
                             "dst_offset[i] - dst_base.")

_HEAD = "dst: LocalTensor, src: LocalTensor, dst_offset: LocalTensor, dst_base: int, "
_L0 = "repeat_times: int, src_rep_stride: int"


@api("Scatter", "vec_scatter", _HEAD + "mask: int, " + _L0, _HEAD + "mask: List[int], " + _L0,
     _HEAD + "count: int")
def scatter(form, a):
    same_dtype(("dst", a.dst), ("src", a.src))
    head = (tensor(a.dst), tensor(a.src), tensor(a.dst_offset), i32(a.dst_base))
    if level(a) == "L2":
        return build("ScatterL2Op", *head, i32(a.count))
    return build(f"Scatter{level(a)}Op", *head, mask_of(a), i32(a.repeat_times),
                 i32(a.src_rep_stride))


__all__ = ["scatter"]
