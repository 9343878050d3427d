"""adv/sort: asc.adv.concat / asc.adv.extract -> AscendC::Concat / AscendC::Extract.

On Atlas A2/A3 a sort structure holds 8 bytes per element: the score (float,
or half followed by two bytes of padding) then its uint32 index. Concat
prepares the scores for Sort, Extract splits Sort's output into scores and
indices; each repeat covers 32 elements.
"""

from .. import docs
from ..core import dtype as dt
from ..core.api import api
from ..core.lowering import build, i32, same_dtype, tensor
from . import _common as c

_FLOAT = (dt.float16, dt.float32)

docs.SUMMARIES["adv.concat"] = ("Prepares the scores of src for Sort: dst receives repeat_time * 32 "
                                "scores (tmp is the API's scratch space).")
docs.SUMMARIES["adv.extract"] = ("Splits a sort structure (Sort's output) into its scores (dst_value) "
                                 "and uint32 indices (dst_index), repeat_time * 32 elements.")
docs.PARAMS.setdefault("repeat_time", "the number of 32-element repeats")
docs.PARAMS.setdefault("dst_value", "receives the scores")
docs.PARAMS.setdefault("dst_index", "receives the indices (LocalTensor of uint32)")
docs.PARAMS.setdefault("tmp", "scratch space of the API (same dtype as src)")


@api("Concat", "adv_sort", "dst: LocalTensor, src: LocalTensor, tmp: LocalTensor, repeat_time: int",
     name="adv.concat")
def concat(form, a):
    same_dtype(("dst", a.dst), ("src", a.src), ("tmp", a.tmp))
    c.dtypes("adv.concat", _FLOAT, dst=a.dst)
    return build("AdvConcatOp", tensor(a.dst), tensor(a.src), tensor(a.tmp), i32(a.repeat_time))


@api("Extract", "adv_sort", "dst_value: LocalTensor, dst_index: LocalTensor, src: LocalTensor, "
     "repeat_time: int", name="adv.extract")
def extract(form, a):
    same_dtype(("dst_value", a.dst_value), ("src", a.src))
    c.dtypes("adv.extract", _FLOAT, dst_value=a.dst_value)
    c.dtypes("adv.extract", (dt.uint32,), dst_index=a.dst_index)
    return build("AdvExtractOp", tensor(a.dst_value), tensor(a.dst_index), tensor(a.src), i32(a.repeat_time))


__all__ = ["concat", "extract"]
