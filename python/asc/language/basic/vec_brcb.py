"""basic/vec_brcb: broadcasts each of 8 src elements per repeat to a 32-byte block of dst."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i32, same_dtype, struct, tensor
from ..core.types import BrcbRepeatParams

docs.SUMMARIES["brcb"] = ("Broadcasts each element of src0 to a whole 32-byte block of dst, "
                          "8 elements per repeat.")


@api("Brcb", "vec_brcb",
     "dst: LocalTensor, src0: LocalTensor, repeat_times: int, repeat_params: BrcbRepeatParams")
def brcb(form, a):
    same_dtype(("dst", a.dst), ("src0", a.src0))
    return build("BrcbOp", tensor(a.dst), tensor(a.src0), i32(a.repeat_times),
                 struct(a.repeat_params, BrcbRepeatParams, "repeat_params"))


__all__ = ["brcb"]
