"""basic/cache: data-cache maintenance and instruction-cache preloading."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i64, tensor
from ..core.tensor import wrap_scalar

docs.SUMMARIES.update({
    "data_cache_clean_and_invalid": "Writes back and invalidates the data cache lines holding `dst` "
                                    "(one line or the entire cache, per `entire_type`; optionally "
                                    "restricted to the cache `dcci_dst`).",
    "get_icache_preload_status": "The instruction-cache preload status (non-zero while a preload runs).",
    "icache_preload": "Preloads `pre_fetch_len` bytes of instructions into the instruction cache.",
})
docs.PARAMS.setdefault("entire_type", "one cache line or the entire data cache (CacheLine)")
docs.PARAMS.setdefault("dcci_dst", "which cache lines are affected (DcciDst)")
docs.PARAMS.setdefault("pre_fetch_len", "number of instruction bytes to preload")


@api("DataCacheCleanAndInvalid", "cache",
     "entire_type: CacheLine, dcci_dst: DcciDst, dst: GlobalTensor",
     "entire_type: CacheLine, dst: GlobalTensor")
def data_cache_clean_and_invalid(form, a):
    if form == 0:
        return build("DataCacheCleanAndInvalidDstOp", tensor(a.dst, "dst"), int(a.entire_type),
                     int(a.dcci_dst))
    return build("DataCacheCleanAndInvalidOp", tensor(a.dst, "dst"), int(a.entire_type))


@api("GetICachePreloadStatus", "cache", "")
def get_icache_preload_status(form, a):
    return wrap_scalar(build("GetICachePreloadStatusOp"))


@api("ICachePreLoad", "cache", "pre_fetch_len: int")
def icache_preload(form, a):
    return build("ICachePreloadOp", i64(a.pre_fetch_len))


__all__ = ["data_cache_clean_and_invalid", "get_icache_preload_status", "icache_preload"]
