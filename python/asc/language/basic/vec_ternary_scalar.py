"""basic/vec_ternary_scalar: dst = src * scalar + dst, element-wise (Axpy)."""

from .. import docs
from ..core.api import api
from ..core.lowering import tensor, value_of
from ..core.types import UnaryRepeatParams
from .vec_binary import level_forms, lower

_L2, _L1, _L0 = level_forms("dst: LocalTensor, src: LocalTensor, scalar: Union[int, float], ",
                            "UnaryRepeatParams", l2_set_mask=False)

docs.SUMMARIES["axpy"] = ("dst = src * scalar + dst, element-wise; the scalar takes src's type, "
                          "dst may be wider (half src, float dst).")


@api("Axpy", "vec_ternary_scalar", _L1, _L0, _L2)
def axpy(form, a):
    return lower("Axpy", form, a, (tensor(a.dst), tensor(a.src), value_of(a.scalar, a.src.dtype)),
                 UnaryRepeatParams)


__all__ = ["axpy"]
