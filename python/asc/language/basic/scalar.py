"""basic/scalar: scalar-unit bit operations and conversions."""

from .. import docs
from ..core import dtype as dt
from ..core.api import api
from ..core.lowering import build, i64, value_of
from ..core.tensor import wrap_scalar
from ._args import const_int, ir_type

docs.SUMMARIES.update({
    "scalar_cast": "Converts the float `value_in` to `dtype` with rounding `round_mode`.",
    "scalar_get_sff_value": "The position of the first bit equal to `count_value` (0 or 1) in the "
                            "64-bit `value_in`, counting from the least significant bit (-1: none).",
    "scalar_get_count_of_value": "The number of bits equal to `count_value` (0 or 1) in the 64-bit "
                                 "`value_in`.",
    "scalar_count_leading_zero": "The number of leading zero bits of the 64-bit `value_in`.",
    "count_bits_cnt_same_as_sign_bit": "The number of bits after the sign bit of the 64-bit "
                                       "`value_in` that equal the sign bit.",
})
docs.PARAMS.setdefault("value_in", "the input scalar")
docs.PARAMS.setdefault("count_value", "the bit value counted or searched, 0 or 1 (compile-time)")


def _bit(x):
    v = const_int(x, "count_value")
    if v not in (0, 1):
        raise ValueError(f"count_value must be 0 or 1, got {v}")
    return v


@api("ScalarCast", "scalar", "value_in: float, dtype: Type[T], round_mode: RoundMode")
def scalar_cast(form, a):
    return wrap_scalar(build("ScalarCastOp", ir_type(a.dtype), value_of(a.value_in, dt.float32),
                             int(a.round_mode)))


@api("ScalarGetSFFValue", "scalar", "value_in: int, count_value: int")
def scalar_get_sff_value(form, a):
    return wrap_scalar(build("ScalarGetSFFValueOp", i64(a.value_in), _bit(a.count_value)))


@api("ScalarGetCountOfValue", "scalar", "value_in: int, count_value: int")
def scalar_get_count_of_value(form, a):
    return wrap_scalar(build("ScalarGetCountOfValueOp", i64(a.value_in), _bit(a.count_value)))


@api("ScalarCountLeadingZero", "scalar", "value_in: int")
def scalar_count_leading_zero(form, a):
    return wrap_scalar(build("ScalarCountLeadingZeroOp", i64(a.value_in)))


@api("CountBitsCntSameAsSignBit", "scalar", "value_in: int")
def count_bits_cnt_same_as_sign_bit(form, a):
    return wrap_scalar(build("CountBitsCntSameAsSignBitOp", i64(a.value_in)))


__all__ = ["scalar_cast", "scalar_get_sff_value", "scalar_get_count_of_value",
           "scalar_count_leading_zero", "count_bits_cnt_same_as_sign_bit"]
