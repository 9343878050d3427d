"""adv/activation: asc.adv.softmax -> AscendC::SoftMax."""

from .. import docs
from ..core import dtype as dt
from ..core.api import api
from ..core.lowering import build, struct, tensor
from ..core.types import SoftMaxTiling
from . import _common as c

_FLOAT = (dt.float16, dt.float32)

docs.SUMMARIES["adv.softmax"] = (
    "Row-wise softmax of src viewed as [m, k] (k the last dimension of its ShapeInfo, else the "
    "tiling's src_k): dst = exp(src - max) / sum; max and sum receive each row's maximum and sum "
    "of exponentials, repeated over one 32-byte block per row.")
docs.PARAMS.setdefault("tiling", "the API's tiling struct (asc.adv.SoftmaxTiling / RmsNormTiling)")
docs.PARAMS.setdefault("reuse_source", "whether the API may overwrite src (template argument)")
docs.PARAMS.setdefault("basic_block", "whether the shapes meet the API's basic-block conditions "
                                      "(template argument; a faster path, same result)")
docs.PARAMS.setdefault("data_format_nz", "whether the data is in the NZ format (template argument)")


@api("SoftMax", "adv_activation",
     "dst: LocalTensor, sum: LocalTensor, max: LocalTensor, src: LocalTensor, tiling: SoftMaxTiling, "
     "temp_buffer: Optional[LocalTensor] = None, reuse_source: bool = False, basic_block: bool = False, "
     "data_format_nz: bool = False", name="adv.softmax")
def softmax(form, a):
    api_name = "adv.softmax"
    c.dtypes(api_name, _FLOAT, dst=a.dst, src=a.src, sum=a.sum, max=a.max)
    if a.dst.dtype != a.src.dtype:
        raise TypeError(f"asc.{api_name}: dst and src must have one dtype, got {a.dst.dtype.name} "
                        f"and {a.src.dtype.name}")
    if a.sum.dtype != a.max.dtype:
        raise TypeError(f"asc.{api_name}: sum and max must have one dtype, got {a.sum.dtype.name} "
                        f"and {a.max.dtype.name}")
    if a.src.dtype == dt.float32 and a.sum.dtype != dt.float32:
        raise TypeError(f"asc.{api_name}: a float src needs float sum and max, got {a.sum.dtype.name}")
    nz = c.flag(api_name, "data_format_nz", a.data_format_nz)
    if nz:
        raise NotImplementedError(f"asc.{api_name}: data_format_nz=True (NZ-format softmax) is not "
                                  "implemented by asc yet")
    return build("AdvSoftMaxOp", tensor(a.dst), tensor(a.sum), tensor(a.max), tensor(a.src),
                 c.tmp_buffer(api_name, a.temp_buffer), struct(a.tiling, SoftMaxTiling, "tiling"),
                 c.flag(api_name, "reuse_source", a.reuse_source),
                 c.flag(api_name, "basic_block", a.basic_block), nz)


__all__ = ["softmax"]
