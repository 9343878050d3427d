"""basic/vec_binary: dst = src0 (op) src1, element-wise, in the three vector forms.

Form 0 (level 2): count elements. Form 1 (level 0, count mask) and form 2
(level 0, bit mask): `repeat_times` repeats of 256 bytes with strides from
BinaryRepeatParams.
"""

from .. import docs
from ..core.api import api
from ..core.lowering import bitmask, boolean, build, i32, same_dtype, struct, tensor
from ..core.types import BinaryRepeatParams

_HEAD = "dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, "
_L2 = _HEAD + "count: int, is_set_mask: bool = True"
_L1 = _HEAD + "mask: int, repeat_times: int, repeat_params: BinaryRepeatParams, is_set_mask: bool = True"
_L0 = _HEAD + "mask: List[int], repeat_times: int, repeat_params: BinaryRepeatParams, is_set_mask: bool = True"
FORMS = (_L2, _L1, _L0)


def level(a) -> str:
    """The op level a bound call selects: L2 (count), L1 (int mask) or L0 (bit mask)."""
    if "count" in a:
        return "L2"
    return "L0" if isinstance(a.mask, (list, tuple)) else "L1"


def mask_of(a):
    """The mask argument as an IR value: an i32 count mask or a bit mask."""
    return bitmask(a.mask) if level(a) == "L0" else i32(a.mask)


def lower(op: str, form: int, a, operands, params_cls=BinaryRepeatParams, **kwargs) -> None:
    """Builds the level-2 / level-0 op `op` for the bound call (shared by the vector families):
    `<op>L2Op(*operands, count)` or `<op>L{0,1}Op(*operands, mask, repeat_times, repeat_params)`."""
    is_set_mask = a.get("is_set_mask", True)
    if level(a) == "L2":
        return build(f"{op}L2Op", *operands, i32(a.count), is_set_mask=is_set_mask, **kwargs)
    return build(f"{op}{level(a)}Op", *operands, mask_of(a), i32(a.repeat_times),
                 struct(a.repeat_params, params_cls, "repeat_params"),
                 is_set_mask=is_set_mask, **kwargs)


def level_forms(head: str, params_cls: str, l2_set_mask: bool = True, set_mask: bool = True):
    """The three forms (count, int mask, bit mask) of a vector API whose leading parameters
    are `head` (ending in ", ")."""
    tail = ", is_set_mask: bool = True" if set_mask else ""
    l2 = head + "count: int" + (tail if l2_set_mask else "")
    l0 = f"repeat_times: int, repeat_params: {params_cls}{tail}"
    return (l2, head + "mask: int, " + l0, head + "mask: List[int], " + l0)


def _binary(name: str, op: str, summary: str, same: bool = True, forms=FORMS, cpp: str = None):
    docs.SUMMARIES[name] = summary

    def impl(form, a):
        if same:
            same_dtype(("dst", a.dst), ("src0", a.src0), ("src1", a.src1))
        return lower(op, form, a, (tensor(a.dst), tensor(a.src0), tensor(a.src1)))

    impl.__name__ = name
    return api(cpp or op, "vec_binary", *forms, name=name)(impl)


_NO_SET_MASK = (_L2.replace(", is_set_mask: bool = True", ""),
                _L1.replace(", is_set_mask: bool = True", ""),
                _L0.replace(", is_set_mask: bool = True", ""))

add = _binary("add", "Add", "dst = src0 + src1, element-wise.")
sub = _binary("sub", "Sub", "dst = src0 - src1, element-wise.")
mul = _binary("mul", "Mul", "dst = src0 * src1, element-wise.")
div = _binary("div", "Div", "dst = src0 / src1, element-wise.")
max = _binary("max", "Max", "dst = max(src0, src1), element-wise.")  # noqa: A001
min = _binary("min", "Min", "dst = min(src0, src1), element-wise.")  # noqa: A001
bitwise_and = _binary("bitwise_and", "BitwiseAnd", "dst = src0 & src1, bitwise, element-wise.",
                      cpp="And")
bitwise_or = _binary("bitwise_or", "BitwiseOr", "dst = src0 | src1, bitwise, element-wise.",
                     cpp="Or")
add_relu = _binary("add_relu", "AddRelu", "dst = max(src0 + src1, 0), element-wise.")
sub_relu = _binary("sub_relu", "SubRelu", "dst = max(src0 - src1, 0), element-wise.")
add_deq_relu = _binary("add_deq_relu", "AddDeqRelu",
                       "dst = relu(dequantise(src0 + src1)): int32 sources, half result, "
                       "scaled by the value set with set_deq_scale.", same=False)
fused_mul_add = _binary("fused_mul_add", "FusedMulAdd", "dst = src0 * dst + src1, element-wise.")
fused_mul_add_relu = _binary("fused_mul_add_relu", "FusedMulAddRelu",
                             "dst = max(src0 * dst + src1, 0), element-wise.")
mul_add_dst = _binary("mul_add_dst", "MulAddDst", "dst = src0 * src1 + dst, element-wise.",
                      same=False)
mul_cast = _binary("mul_cast", "MulCast", "dst = cast(src0 * src1) to dst's narrower type.",
                   same=False, forms=_NO_SET_MASK)

_BILINEAR = ("dst: LocalTensor, src0: LocalTensor, src0_offset: LocalTensor, src1: LocalTensor, "
             "mask: {}, h_repeat: int, repeat_mode: bool, dst_blk_stride: int, v_r_offset: int, "
             "v_repeat: int, shared_tmp_buffer: LocalTensor")
docs.SUMMARIES["bilinear_interpolation"] = (
    "Bilinear interpolation: gathers src0 blocks at src0_offset, weights them by src1 and "
    "accumulates h_repeat x v_repeat repeats into dst.")


@api("BilinearInterpolation", "vec_binary", _BILINEAR.format("int"), _BILINEAR.format("List[int]"))
def bilinear_interpolation(form, a):
    same_dtype(("dst", a.dst), ("src0", a.src0), ("src1", a.src1))
    return build(f"BilinearInterpolation{level(a)}Op", tensor(a.dst), tensor(a.src0),
                 tensor(a.src0_offset), tensor(a.src1), mask_of(a), i32(a.h_repeat),
                 boolean(a.repeat_mode), i32(a.dst_blk_stride), i32(a.v_r_offset),
                 i32(a.v_repeat), tensor(a.shared_tmp_buffer))


__all__ = ["add", "sub", "mul", "div", "max", "min", "bitwise_and", "bitwise_or", "add_relu",
           "sub_relu", "add_deq_relu", "fused_mul_add", "fused_mul_add_relu", "mul_add_dst",
           "mul_cast", "bilinear_interpolation"]
