"""basic/data_copy: moving data between GM and local memories (DataCopy, DataCopyPad, ...)."""

from .. import docs
from ..core.api import api
from ..core.ir_value import PlainValue
from ..core.constexpr import ConstExpr, require_constexpr
from ..core.lowering import bitmask, build, i32, same_dtype, struct, tensor, value_of
from ..core import types as T

docs.SUMMARIES["data_copy"] = (
    "Copies data GM→local, local→local or local→GM. The count form copies `count` elements "
    "(a whole number of 32-byte blocks); the DataCopyParams form copies block_count bursts "
    "of block_len 32-byte blocks with gaps src_stride/dst_stride between bursts; the slice-list "
    "form (GM<->local) copies the bursts that the asc.SliceInfo lists select in each of dim_value "
    "dimensions (slice_list1: dst, slice_list2: src; see asc.SliceInfo).")
docs.SUMMARIES.update({
    "copy": "Copies `repeat_time` repeats of 256 bytes from `src` to `dst` within the UB "
            "(VECIN/VECCALC/VECOUT), with the strides of CopyRepeatParams, under `mask`.",
    "data_copy_pad": "Copies with byte-granular lengths: block_count bursts of block_len bytes "
                     "(DataCopyExtParams / DataCopyParams), padding GM→local rows to 32 bytes "
                     "per pad_params, or converting ND→NZ (local→local).",
    "load_image_to_local": "Loads an image from GM into L1 through AIPP, with cropping and padding.",
    "set_pad_value": "Sets the value DataCopyPad uses for padding (for `pos`; MAX: all positions).",
})
for _k, _v in {
    "data_copy_params": "block_count bursts of block_len bytes, strides between bursts",
    "pad_params": "padding of each burst (left/right element counts and value)",
    "nd2nz_params": "the ND→NZ conversion",
    "load_data_params": "the parameter struct of the call",
    "padding_value": "the padding value, converted to the type of the tensors",
    "pos": "the TPosition the value applies to (MAX: all)",
    "repeat_time": "number of repeats (each repeat covers 256 bytes; at most 255)",
    "slice_list1": "slices of the destination, one per dimension",
    "slice_list2": "slices of the source, one per dimension",
    "dim_value": "number of dimensions",
}.items():
    docs.PARAMS.setdefault(_k, _v)


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
     "dst: GlobalTensor, src: LocalTensor, slice_list1: list, slice_list2: list, dim_value: int",
     "dst: LocalTensor, src: GlobalTensor, slice_list1: list, slice_list2: list, dim_value: int",
     "dst: LocalTensor, src: GlobalTensor, intri_params: Nd2NzParams",
     "dst: LocalTensor, src: LocalTensor, intri_params: Nd2NzParams",
     "dst: GlobalTensor, src: LocalTensor, intri_params: Nz2NdParamsFull",
     "dst: GlobalTensor, src: LocalTensor, intri_params: DataCopyCO12DstParams",
     "dst: LocalTensor, src: LocalTensor, intri_params: DataCopyCO12DstParams")
def data_copy(form, a):
    if form in (9, 10):
        same_dtype(("dst", a.dst), ("src", a.src))
        dst, src = tensor(a.dst, "dst"), tensor(a.src, "src")
        dims = a.dim_value
        for name, lst in (("slice_list1", a.slice_list1), ("slice_list2", a.slice_list2)):
            if not isinstance(lst, (list, tuple)):
                raise TypeError(f"data_copy: {name} must be a list of asc.SliceInfo")
            if not isinstance(dims, PlainValue) and len(lst) < int(dims):
                raise ValueError(f"data_copy: {name} has {len(lst)} slices, dim_value is {int(dims)}")
        return build("DataCopySliceOp", dst, src, T.slice_info_list(a.slice_list1, "slice_list1"),
                     T.slice_info_list(a.slice_list2, "slice_list2"), i32(dims))
    form = form - 2 if form > 10 else form
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


@api("Copy", "data_copy",
     "dst: LocalTensor, src: LocalTensor, mask: int, repeat_time: int, repeat_params: CopyRepeatParams, "
     "is_set_mask: bool = True",
     "dst: LocalTensor, src: LocalTensor, mask: List[int], repeat_time: int, repeat_params: CopyRepeatParams, "
     "is_set_mask: bool = True")
def copy(form, a):
    same_dtype(("dst", a.dst), ("src", a.src))
    require_constexpr(a.is_set_mask, bool, arg_name="is_set_mask")  # Copy<T, isSetMask>
    mask = i32(a.mask) if form == 0 else bitmask(a.mask)
    return build("CopyL1Op" if form == 0 else "CopyL0Op", tensor(a.dst, "dst"), tensor(a.src, "src"), mask,
                 i32(a.repeat_time), struct(a.repeat_params, T.CopyRepeatParams, "repeat_params"),
                 is_set_mask=bool(ConstExpr.unwrap(a.is_set_mask)))


@api("DataCopyPad", "data_copy",
     "dst: LocalTensor, src: GlobalTensor, data_copy_params: DataCopyExtParams, pad_params: DataCopyPadExtParams",
     "dst: GlobalTensor, src: LocalTensor, data_copy_params: DataCopyExtParams",
     "dst: LocalTensor, src: LocalTensor, data_copy_params: DataCopyExtParams, nd2nz_params: Nd2NzParams",
     "dst: LocalTensor, src: GlobalTensor, data_copy_params: DataCopyParams, pad_params: DataCopyPadParams",
     "dst: GlobalTensor, src: LocalTensor, data_copy_params: DataCopyParams",
     "dst: LocalTensor, src: LocalTensor, data_copy_params: DataCopyParams, nd2nz_params: Nd2NzParams")
def data_copy_pad(form, a):
    same_dtype(("dst", a.dst), ("src", a.src))
    dst, src = tensor(a.dst, "dst"), tensor(a.src, "src")
    cls = T.DataCopyExtParams if form < 3 else T.DataCopyParams
    params = struct(a.data_copy_params, cls, "data_copy_params")
    kind = form % 3
    if kind == 0:
        pad_cls = T.DataCopyPadExtParams if form < 3 else T.DataCopyPadParams
        if form < 3 and a.pad_params.dtype != a.dst.dtype:
            raise TypeError(f"pad_params is a DataCopyPadExtParams of {a.pad_params.dtype.name}, the "
                            f"tensors are {a.dst.dtype.name}")
        return build("DataCopyPadOp", dst, src, params, struct(a.pad_params, pad_cls, "pad_params"))
    if kind == 1:
        return build("DataCopyPadToGMOp", dst, src, params)
    return build("DataCopyPadNd2NzOp", dst, src, params, struct(a.nd2nz_params, T.Nd2NzParams, "nd2nz_params"))


@api("LoadImageToLocal", "data_copy", "dst: LocalTensor, load_data_params: LoadImageToLocalParams")
def load_image_to_local(form, a):
    return build("LoadImageToLocalOp", tensor(a.dst, "dst"),
                 struct(a.load_data_params, T.LoadImageToLocalParams, "load_data_params"))


@api("SetPadValue", "data_copy", "padding_value: Union[int, float], pos: Optional[TPosition] = TPosition.MAX")
def set_pad_value(form, a):
    from ..core import dtype as dt
    v = a.padding_value
    if isinstance(v, PlainValue):
        handle = v.handle
    else:
        handle = value_of(v, dt.float32 if isinstance(v, float) else dt.int32)
    pos = 12 if a.pos is None else int(a.pos)
    return build("SetPadValueOp", handle, pos=pos)


__all__ = ["data_copy", "copy", "data_copy_pad", "load_image_to_local", "set_pad_value"]
