"""basic/mm: cube-unit data movement (LoadData, InitConstValue) and matrix multiply (Mmad)."""

from .. import docs
from ..core.api import api
from ..core import dtype as dt
from ..core.lowering import build, i32, struct, tensor, value_of
from ..core import types as T

docs.SUMMARIES.update({
    "init_const_value": "Fills `dst` (in L1/L0A/L0B) with a constant value.",
    "load_data": "Loads matrix fractals into L0A/L0B (or L1) from L1 or GM: 2-D (LoadData2DParams, "
                 "LoadData2DParamsV2) or 3-D img2col (LoadData3DParamsV1/V2/V2Pro).",
    "load_data_with_sparse": "Loads a sparse weight matrix into L0B, selecting elements by `idx`.",
    "load_data_with_transpose": "Loads matrix fractals into L0 with a transpose.",
    "mmad": "Matrix multiply-accumulate on the cube unit: dst (L0C) = fm (L0A) x filter (L0B) "
            "[+ bias or dst].",
    "mmad_with_sparse": "Matrix multiply-accumulate with a sparse filter (loaded by "
                        "load_data_with_sparse).",
    "set_load_data_boundary": "Sets the L1 boundary address of later 3-D LoadData (0: none).",
    "set_load_data_padding_value": "Sets the padding value of later 3-D LoadData.",
    "set_load_data_repeat": "Sets the repeat parameters of later 3-D LoadData.",
})
for _k, _v in {
    "init_const_value_params": "repeats, blocks per repeat, gap and the value",
    "idx": "the sparse indices",
    "load_data_params": "the parameter struct of the call",
    "fm": "feature map (left matrix, in L0A)",
    "filter": "weights (right matrix, in L0B)",
    "bias": "bias tensor",
    "mmad_params": "the parameter struct of the call",
    "boundary": "L1 boundary address",
    "pad_value": "the padding value",
    "param": "the parameter struct of the call",
}.items():
    docs.PARAMS.setdefault(_k, _v)


@api("InitConstValue", "mm", "dst: LocalTensor, init_const_value_params: InitConstValueParams")
def init_const_value(form, a):
    return build("InitConstValueOp", tensor(a.dst, "dst"),
                 struct(a.init_const_value_params, T.InitConstValueParams, "init_const_value_params"))


_LOAD = [("LoadData2DOp", T.LoadData2DParams), ("LoadData2DOp", T.LoadData2DParams),
         ("LoadData2DV2Op", T.LoadData2DParamsV2), ("LoadData2DV2Op", T.LoadData2DParamsV2),
         ("LoadData3DV1Op", T.LoadData3DParamsV1), ("LoadData3DV2Op", T.LoadData3DParamsV2),
         ("LoadData3DV2ProOp", T.LoadData3DParamsV2Pro)]


@api("LoadData", "mm",
     "dst: LocalTensor, src: LocalTensor, params: LoadData2DParams",
     "dst: LocalTensor, src: GlobalTensor, params: LoadData2DParams",
     "dst: LocalTensor, src: LocalTensor, params: LoadData2DParamsV2",
     "dst: LocalTensor, src: GlobalTensor, params: LoadData2DParamsV2",
     "dst: LocalTensor, src: LocalTensor, params: LoadData3DParamsV1",
     "dst: LocalTensor, src: LocalTensor, params: LoadData3DParamsV2",
     "dst: LocalTensor, src: LocalTensor, params: LoadData3DParamsV2Pro")
def load_data(form, a):
    op, cls = _LOAD[form]
    return build(op, tensor(a.dst, "dst"), tensor(a.src, "src"), struct(a.params, cls))


@api("LoadDataWithSparse", "mm",
     "dst: LocalTensor, src: LocalTensor, idx: LocalTensor, load_data_params: LoadData2DParams")
def load_data_with_sparse(form, a):
    return build("LoadDataWithSparseOp", tensor(a.dst, "dst"), tensor(a.src, "src"), tensor(a.idx, "idx"),
                 struct(a.load_data_params, T.LoadData2DParams, "load_data_params"))


@api("LoadDataWithTranspose", "mm",
     "dst: LocalTensor, src: LocalTensor, params: LoadData2dTransposeParams",
     "dst: LocalTensor, src: LocalTensor, params: LoadData2dTransposeParamsV2")
def load_data_with_transpose(form, a):
    if form == 0:
        return build("LoadDataWithTransposeOp", tensor(a.dst, "dst"), tensor(a.src, "src"),
                     struct(a.params, T.LoadData2dTransposeParams))
    return build("LoadDataWithTransposeV2Op", tensor(a.dst, "dst"), tensor(a.src, "src"),
                 struct(a.params, T.LoadData2dTransposeParamsV2))


@api("Mmad", "mm",
     "dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, params: MmadParams",
     "dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, bias: LocalTensor, params: MmadParams")
def mmad(form, a):
    ops = [tensor(a.dst, "dst"), tensor(a.fm, "fm"), tensor(a.filter, "filter")]
    if form == 0:
        return build("MmadOp", *ops, struct(a.params, T.MmadParams))
    return build("MmadBiasOp", *ops, tensor(a.bias, "bias"), struct(a.params, T.MmadParams))


@api("MmadWithSparse", "mm", "dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, mmad_params: MmadParams")
def mmad_with_sparse(form, a):
    return build("MmadWithSparseOp", tensor(a.dst, "dst"), tensor(a.fm, "fm"), tensor(a.filter, "filter"),
                 struct(a.mmad_params, T.MmadParams, "mmad_params"))


@api("SetLoadDataBoundary", "mm", "boundary: int")
def set_load_data_boundary(form, a):
    return build("SetLoadDataBoundaryOp", i32(a.boundary))


@api("SetLoadDataPaddingValue", "mm", "pad_value: int", "pad_value: float")
def set_load_data_padding_value(form, a):
    # Ascend C's SetLoadDataPaddingValue<T>(T): an int pads as int32_t, a float as float
    if form == 1:
        return build("SetLoadDataPaddingValueOp", value_of(a.pad_value, dt.float32))
    return build("SetLoadDataPaddingValueOp", i32(a.pad_value))


@api("SetLoadDataRepeat", "mm", "param: LoadDataRepeatParam")
def set_load_data_repeat(form, a):
    return build("SetLoadDataRepeatOp", struct(a.param, T.LoadDataRepeatParam, "param"))


__all__ = ["init_const_value", "load_data", "load_data_with_sparse", "load_data_with_transpose", "mmad",
           "mmad_with_sparse", "set_load_data_boundary", "set_load_data_padding_value",
           "set_load_data_repeat"]
