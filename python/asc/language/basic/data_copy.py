"""basic/data_copy: moving data between GM and local memories (DataCopy, DataCopyPad, ...)."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i32, same_dtype, struct, tensor
from ..core import types as T

docs.SUMMARIES["data_copy"] = (
    "Copies data GM→local, local→local or local→GM. The count form copies `count` elements "
    "(a whole number of 32-byte blocks); the DataCopyParams form copies block_count bursts "
    "of block_len 32-byte blocks with gaps src_stride/dst_stride between bursts.")


@api("DataCopy", "data_copy",
     "dst: LocalTensor, src: GlobalTensor, count: int",
     "dst: LocalTensor, src: LocalTensor, count: int",
     "dst: GlobalTensor, src: LocalTensor, count: int",
     "dst: LocalTensor, src: GlobalTensor, repeat_params: DataCopyParams",
     "dst: LocalTensor, src: LocalTensor, repeat_params: DataCopyParams",
     "dst: GlobalTensor, src: LocalTensor, repeat_params: DataCopyParams",
     "dst: LocalTensor, src: GlobalTensor, intri_params: DataCopyParams, enhanced_params: DataCopyEnhancedParams",
     "dst: LocalTensor, src: LocalTensor, intri_params: DataCopyParams, enhanced_params: DataCopyEnhancedParams",
     "dst: GlobalTensor, src: LocalTensor, intri_params: DataCopyParams, enhanced_params: DataCopyEnhancedParams",
     "dst: LocalTensor, src: GlobalTensor, intri_params: Nd2NzParams",
     "dst: LocalTensor, src: LocalTensor, intri_params: Nd2NzParams",
     "dst: GlobalTensor, src: LocalTensor, intri_params: Nz2NdParamsFull",
     "dst: GlobalTensor, src: LocalTensor, intri_params: DataCopyCO12DstParams",
     "dst: LocalTensor, src: LocalTensor, intri_params: DataCopyCO12DstParams")
def data_copy(form, a):
    dst, src = tensor(a.dst, "dst"), tensor(a.src, "src")
    if form < 11:
        same_dtype(("dst", a.dst), ("src", a.src))
    if form < 3:
        return build("DataCopyOp", dst, src, i32(a.count))
    if form < 6:
        return build("DataCopyParamsOp", dst, src, struct(a.repeat_params, T.DataCopyParams))
    if form < 9:
        return build("DataCopyEnhancedOp", dst, src, struct(a.intri_params, T.DataCopyParams),
                     struct(a.enhanced_params, T.DataCopyEnhancedParams))
    if form < 11:
        return build("DataCopyNd2NzOp", dst, src, struct(a.intri_params, T.Nd2NzParams))
    if form == 11:
        return build("DataCopyNz2NdOp", dst, src, struct(a.intri_params, T.Nz2NdParamsFull))
    return build("DataCopyCO12DstOp", dst, src, struct(a.intri_params, T.DataCopyCO12DstParams))


__all__ = ["data_copy"]
