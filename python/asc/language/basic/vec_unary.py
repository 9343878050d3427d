"""basic/vec_unary: dst = f(src), element-wise, in the three vector forms
(level 2 count; level 0 with UnaryRepeatParams strides)."""

from .. import docs
from ..core.api import api
from ..core.lowering import same_dtype, tensor
from ..core.types import UnaryRepeatParams
from .vec_binary import level_forms, lower

FORMS = level_forms("dst: LocalTensor, src: LocalTensor, ", "UnaryRepeatParams", l2_set_mask=False)


def _unary(name: str, op: str, summary: str, cpp: str = None):
    docs.SUMMARIES[name] = summary

    def impl(form, a):
        same_dtype(("dst", a.dst), ("src", a.src))
        return lower(op, form, a, (tensor(a.dst), tensor(a.src)), UnaryRepeatParams)

    impl.__name__ = name
    return api(cpp or op, "vec_unary", *FORMS, name=name)(impl)


abs = _unary("abs", "Abs", "dst = |src|, element-wise.")  # noqa: A001
exp = _unary("exp", "Exp", "dst = e ** src, element-wise.")
ln = _unary("ln", "Ln", "dst = ln(src), element-wise.")
bitwise_not = _unary("bitwise_not", "BitwiseNot", "dst = ~src, bitwise, element-wise.", cpp="Not")
reciprocal = _unary("reciprocal", "Reciprocal", "dst = 1 / src, element-wise.")
relu = _unary("relu", "Relu", "dst = max(src, 0), element-wise.")
rsqrt = _unary("rsqrt", "Rsqrt", "dst = 1 / sqrt(src), element-wise.")
sqrt = _unary("sqrt", "Sqrt", "dst = sqrt(src), element-wise.")

__all__ = ["abs", "exp", "ln", "bitwise_not", "reciprocal", "relu", "rsqrt", "sqrt"]
