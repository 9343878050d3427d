"""basic/vec_vconv: type conversions (Cast, CastDeq, the fused add/sub-relu-casts) and the
dequantisation scale."""

from .. import docs
from ..core import dtype as dt
from ..core.api import api
from ..core.lowering import boolean, build, same_dtype, tensor, value_of
from ..core.types import BinaryRepeatParams, UnaryRepeatParams, VdeqInfo
from .vec_binary import level_forms, lower


docs.SUMMARIES.update({
    "add_relu_cast": "dst = cast(max(src0 + src1, 0)) to dst's narrower type.",
    "sub_relu_cast": "dst = cast(max(src0 - src1, 0)) to dst's narrower type.",
    "cast": "dst = src converted to dst's element type, rounded per round_mode.",
    "cast_deq": "dst = dequantise(src) (int16 to int8/uint8) with the scale set by set_deq_scale.",
    "set_deq_scale": "Sets the dequantisation scale (and offset and sign mode) used by "
                     "add_deq_relu and cast_deq.",
})

_BIN = level_forms("dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, ",
                   "BinaryRepeatParams", l2_set_mask=False)


def _relu_cast(name: str, op: str):
    def impl(form, a):
        same_dtype(("src0", a.src0), ("src1", a.src1))
        return lower(op, form, a, (tensor(a.dst), tensor(a.src0), tensor(a.src1)),
                     BinaryRepeatParams)

    impl.__name__ = name
    return api(op, "vec_vconv", *_BIN, name=name)(impl)


add_relu_cast = _relu_cast("add_relu_cast", "AddReluCast")
sub_relu_cast = _relu_cast("sub_relu_cast", "SubReluCast")


@api("Cast", "vec_vconv", *level_forms("dst: LocalTensor, src: LocalTensor, round_mode: RoundMode, ",
                                       "UnaryRepeatParams", l2_set_mask=False))
def cast(form, a):
    return lower("Cast", form, a, (tensor(a.dst), tensor(a.src), int(a.round_mode)),
                 UnaryRepeatParams)


_DEQ = ", is_vec_deq: bool = True, half_block: bool = True"
_CAST_DEQ = level_forms("dst: LocalTensor, src: LocalTensor, ", "UnaryRepeatParams",
                        l2_set_mask=False)


@api("CastDeq", "vec_vconv", *(f + _DEQ for f in _CAST_DEQ))
def cast_deq(form, a):
    return lower("CastDeq", form, a, (tensor(a.dst), tensor(a.src)), UnaryRepeatParams,
                 is_vec_deq=bool(a.is_vec_deq), half_block=bool(a.half_block))


@api("SetDeqScale", "vec_vconv", "scale: float", "scale: float, offset: int, sign_mode: bool",
     "vdeq: LocalTensor, vdeq_info: VdeqInfo")
def set_deq_scale(form, a):
    if form == 0:
        return build("SetDeqScaleOp", value_of(a.scale, dt.float32))
    if form == 1:
        return build("SetDeqScaleOffsetOp", value_of(a.scale, dt.float32),
                     value_of(a.offset, dt.int16), boolean(a.sign_mode))
    from ..core.lowering import struct
    if a.vdeq.dtype != dt.uint64:
        raise TypeError(f"set_deq_scale: the vdeq tensor holds uint64, not {a.vdeq.dtype.name}")
    return build("SetDeqScaleVdeqOp", tensor(a.vdeq, "vdeq"), struct(a.vdeq_info, VdeqInfo, "vdeq_info"))


__all__ = ["add_relu_cast", "sub_relu_cast", "cast", "cast_deq", "set_deq_scale"]
