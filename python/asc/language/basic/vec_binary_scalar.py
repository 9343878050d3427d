"""basic/vec_binary_scalar: dst = src (op) scalar, element-wise, in the three vector forms.

The scalar is converted to the tensors' element type; the level-0 forms take
UnaryRepeatParams strides.
"""

from .. import docs
from ..core.api import api
from ..core.lowering import same_dtype, tensor, value_of
from .vec_binary import level_forms, lower
from ..core.types import UnaryRepeatParams

FORMS = level_forms("dst: LocalTensor, src: LocalTensor, scalar: Union[int, float], ",
                    "UnaryRepeatParams")


def _binary_scalar(name: str, op: str, summary: str):
    docs.SUMMARIES[name] = summary

    def impl(form, a):
        same_dtype(("dst", a.dst), ("src", a.src))
        return lower(op, form, a, (tensor(a.dst), tensor(a.src), value_of(a.scalar, a.src.dtype)),
                     UnaryRepeatParams)

    impl.__name__ = name
    return api(op, "vec_binary_scalar", *FORMS, name=name)(impl)


adds = _binary_scalar("adds", "Adds", "dst = src + scalar, element-wise.")
muls = _binary_scalar("muls", "Muls", "dst = src * scalar, element-wise.")
maxs = _binary_scalar("maxs", "Maxs", "dst = max(src, scalar), element-wise.")
mins = _binary_scalar("mins", "Mins", "dst = min(src, scalar), element-wise.")
leaky_relu = _binary_scalar("leaky_relu", "LeakyRelu",
                            "dst = src if src >= 0 else src * scalar, element-wise.")
shift_left = _binary_scalar("shift_left", "ShiftLeft", "dst = src << scalar, element-wise.")
shift_right = _binary_scalar("shift_right", "ShiftRight", "dst = src >> scalar, element-wise.")

__all__ = ["adds", "muls", "maxs", "mins", "leaky_relu", "shift_left", "shift_right"]
