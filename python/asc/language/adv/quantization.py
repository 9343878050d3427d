"""adv/quantization: asc.adv.quant -> AscendC::AscendQuant (per tensor), asc.adv.QuantConfig."""

from .. import docs
from ..core import dtype as dt
from ..core import semantic
from ..core.api import api, register_class
from ..core.lowering import build, tensor
from . import _common as c


class QuantConfig:
    """AscendC::AscendQuantConfig: compile-time element counts of AscendQuant (calc_count,
    offset_count, scale_count, work_local_size), its template argument. A nonzero calc_count
    fixes the number of elements (a count given to the call must agree)."""

    def __init__(self, calc_count: int = 0, offset_count: int = 0, scale_count: int = 0,
                 work_local_size: int = 0):
        self.calc_count = calc_count
        self.offset_count = offset_count
        self.scale_count = scale_count
        self.work_local_size = work_local_size

    def __repr__(self):
        return (f"asc.adv.QuantConfig({self.calc_count}, {self.offset_count}, {self.scale_count}, "
                f"{self.work_local_size})")


register_class(QuantConfig)

docs.SUMMARIES["adv.quant"] = ("Per-tensor quantisation to int8: dst = round(src * scale + offset) "
                               "(ties to even), saturated to -128..127.")
docs.PARAMS.setdefault("scale", "the quantisation scale (float)")
docs.PARAMS.setdefault("offset", "added after scaling (float)")
docs.PARAMS.setdefault("config", "an asc.adv.QuantConfig (AscendQuantConfig template argument)")


@api("AscendQuant", "adv_quantization",
     "dst: LocalTensor, src: LocalTensor, scale: Union[float, int], offset: Union[float, int], "
     "count: Optional[int] = None, temp_buffer: Optional[LocalTensor] = None, reuse_source: bool = False, "
     "config: Optional[QuantConfig] = None", name="adv.quant")
def quant(form, a):
    c.dtypes("adv.quant", (dt.int8,), dst=a.dst)
    c.dtypes("adv.quant", (dt.float16, dt.float32), src=a.src)
    f32 = dt.float32
    args = (tensor(a.dst), tensor(a.src), c.tmp_buffer("adv.quant", a.temp_buffer),
            semantic.as_value(a.scale, f32).handle, semantic.as_value(a.offset, f32).handle,
            c.count(a.count), c.flag("adv.quant", "reuse_source", a.reuse_source))
    if a.config is None:
        return build("AdvQuantOp", *args)
    # The config is a template argument: its counts must be known at compile time.
    counts = [c.const_int("adv.quant", f"config.{f}", getattr(a.config, f))
              for f in ("calc_count", "offset_count", "scale_count", "work_local_size")]
    return build("AdvQuantConfigOp", *args, *counts)


__all__ = ["quant", "QuantConfig"]
