"""adv/normalization: asc.adv.rmsnorm -> AscendC::RmsNorm."""

from .. import docs
from ..core import dtype as dt
from ..core.api import api
from ..core.lowering import build, same_dtype, struct, tensor, value_of
from ..core.types import RmsNormTiling
from . import _common as c

docs.SUMMARIES["adv.rmsnorm"] = (
    "RMS normalisation over the last axis of src viewed as [b*s, h]: dst = src / sqrt(mean(src^2) + "
    "epsilon) * gamma, the mean over the tiling's original_h_length elements of each row.")
docs.PARAMS.setdefault("gamma", "the per-column scale (h elements)")
docs.PARAMS.setdefault("epsilon", "added to the mean square before the square root")


@api("RmsNorm", "adv_normalization",
     "dst: LocalTensor, src: LocalTensor, gamma: LocalTensor, epsilon: Union[float, int], "
     "tiling: RmsNormTiling, temp_buffer: Optional[LocalTensor] = None, basic_block: bool = False",
     name="adv.rmsnorm")
def rmsnorm(form, a):
    same_dtype(("dst", a.dst), ("src", a.src), ("gamma", a.gamma))
    c.dtypes("adv.rmsnorm", (dt.float16, dt.float32), dst=a.dst)
    return build("AdvRmsNormOp", tensor(a.dst), tensor(a.src), tensor(a.gamma),
                 c.tmp_buffer("adv.rmsnorm", a.temp_buffer), value_of(a.epsilon, a.src.dtype),
                 struct(a.tiling, RmsNormTiling, "tiling"),
                 c.flag("adv.rmsnorm", "basic_block", a.basic_block))


__all__ = ["rmsnorm"]
