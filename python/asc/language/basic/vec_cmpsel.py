"""basic/vec_cmpsel: element-wise comparison into bit masks, and selection by mask."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i32, same_dtype, struct, tensor, value_of
from ..core.types import BinaryRepeatParams, UnaryRepeatParams
from .vec_binary import level, lower, mask_of

docs.SUMMARIES.update({
    "compare": "dst = bit mask of (src0 cmp_mode src1), element-wise; the forms without dst "
               "write the comparison result to the CMPMASK register.",
    "compare_scalar": "dst = bit mask of (src0 cmp_mode src1_scalar), element-wise.",
    "get_cmp_mask": "Copies the CMPMASK register into dst.",
    "set_cmp_mask": "Loads the CMPMASK register from src.",
    "select": "dst = src0 where sel_mask is set, else src1 (a tensor or a scalar), element-wise; "
              "the forms without src1 or sel_mask use the CMPMASK register.",
})

_CMP = "dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, cmp_mode: CMPMODE, "
_REPEAT = "repeat_times: int, repeat_params: {}, is_set_mask: bool = True"
_CMP_REG = ("src0: LocalTensor, src1: LocalTensor, cmp_mode: CMPMODE, mask: {}, "
            "repeat_params: BinaryRepeatParams, is_set_mask: bool = True")


@api("Compare", "vec_cmpsel",
     _CMP + "count: int",
     _CMP + "mask: int, " + _REPEAT.format("BinaryRepeatParams"),
     _CMP + "mask: List[int], " + _REPEAT.format("BinaryRepeatParams"),
     _CMP_REG.format("List[int]"),
     _CMP_REG.format("int"))
def compare(form, a):
    same_dtype(("src0", a.src0), ("src1", a.src1))
    if form >= 3:  # no dst: the result goes to the CMPMASK register
        return build(f"CompareReg{level(a)}Op", tensor(a.src0), tensor(a.src1), int(a.cmp_mode),
                     mask_of(a), struct(a.repeat_params, BinaryRepeatParams, "repeat_params"),
                     is_set_mask=a.is_set_mask)
    return lower("Compare", form, a, (tensor(a.dst), tensor(a.src0), tensor(a.src1),
                                      int(a.cmp_mode)))


_CMPS = "dst: LocalTensor, src0: LocalTensor, src1_scalar: Union[int, float], cmp_mode: CMPMODE, "


@api("CompareScalar", "vec_cmpsel",
     _CMPS + "count: int",
     _CMPS + "mask: int, " + _REPEAT.format("UnaryRepeatParams"),
     _CMPS + "mask: List[int], " + _REPEAT.format("UnaryRepeatParams"))
def compare_scalar(form, a):
    return lower("CompareScalar", form, a,
                 (tensor(a.dst), tensor(a.src0), value_of(a.src1_scalar, a.src0.dtype),
                  int(a.cmp_mode)), UnaryRepeatParams)


@api("GetCmpMask", "vec_cmpsel", "dst: LocalTensor")
def get_cmp_mask(form, a):
    return build("GetCmpMaskOp", tensor(a.dst))


@api("SetCmpMask", "vec_cmpsel", "src: LocalTensor")
def set_cmp_mask(form, a):
    return build("SetCmpMaskOp", tensor(a.src))


_SEL = "dst: LocalTensor, sel_mask: LocalTensor, src0: LocalTensor, src1: {}, sel_mode: SelMode, "
_SEL_REPEAT = "repeat_times: int, repeat_params: BinaryRepeatParams, is_set_mask: bool = True"


@api("Select", "vec_cmpsel",
     _SEL.format("float") + "count: int",
     _SEL.format("LocalTensor") + "count: int",
     _SEL.format("float") + "mask: List[int], " + _SEL_REPEAT,
     _SEL.format("float") + "mask: int, " + _SEL_REPEAT,
     "dst: LocalTensor, sel_mask: LocalTensor, src0: LocalTensor, repeat_times: int, "
     "repeat_params: BinaryRepeatParams",
     _SEL.format("LocalTensor") + "mask: List[int], " + _SEL_REPEAT,
     _SEL.format("LocalTensor") + "mask: int, " + _SEL_REPEAT,
     "dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, repeat_times: int, "
     "repeat_params: BinaryRepeatParams, sel_mode: SelMode")
def select(form, a):
    params = (lambda: struct(a.repeat_params, BinaryRepeatParams, "repeat_params"))
    if form == 4:  # no src1, no sel_mode: the other operand comes from the CMPMASK register
        same_dtype(("dst", a.dst), ("src0", a.src0))
        return build("SelectSelMaskOp", tensor(a.dst), tensor(a.sel_mask), tensor(a.src0),
                     i32(a.repeat_times), params())
    if form == 7:  # the mask comes from the CMPMASK register
        same_dtype(("dst", a.dst), ("src0", a.src0), ("src1", a.src1))
        return build("SelectRegOp", tensor(a.dst), tensor(a.src0), tensor(a.src1),
                     i32(a.repeat_times), params(), int(a.sel_mode))
    if form in (0, 2, 3):
        same_dtype(("dst", a.dst), ("src0", a.src0))
        op, src1 = "SelectScalar", value_of(a.src1, a.dst.dtype)
    else:
        same_dtype(("dst", a.dst), ("src0", a.src0), ("src1", a.src1))
        op, src1 = "Select", tensor(a.src1)
    return lower(op, form, a, (tensor(a.dst), tensor(a.sel_mask), tensor(a.src0), src1,
                               int(a.sel_mode)))


__all__ = ["compare", "compare_scalar", "get_cmp_mask", "set_cmp_mask", "select"]
