"""basic/vec_duplicate: fills dst with a scalar, in the three vector forms."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i32, tensor, value_of
from .vec_binary import level, mask_of

_HEAD = "dst: LocalTensor, scalar: Union[int, float], "
_L0 = "repeat_times: int, dst_block_stride: int, dst_repeat_stride: int, is_set_mask: bool = True"

docs.SUMMARIES["duplicate"] = "Fills dst with scalar (converted to dst's element type)."


@api("Duplicate", "vec_duplicate", _HEAD + "count: int", _HEAD + "mask: int, " + _L0,
     _HEAD + "mask: List[int], " + _L0)
def duplicate(form, a):
    head = (tensor(a.dst), value_of(a.scalar, a.dst.dtype))
    if level(a) == "L2":
        return build("DuplicateL2Op", *head, i32(a.count))
    return build(f"Duplicate{level(a)}Op", *head, mask_of(a), i32(a.repeat_times),
                 i32(a.dst_block_stride), i32(a.dst_repeat_stride), is_set_mask=a.is_set_mask)


__all__ = ["duplicate"]
