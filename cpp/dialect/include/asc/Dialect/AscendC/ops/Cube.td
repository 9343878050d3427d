//===- Cube.td - basic/mm and basic/fixpipe: the cube unit ----------------===//

// AscendC_DstSrc (dst and src element types agree) comes from DataCopy.td.

//===----------------------------------------------------------------------===//
// LoadData: one op per parameter struct
//===----------------------------------------------------------------------===//

class AscendC_LoadDataOp<string mnemonic, Type paramsType, Type srcType, string api = "LoadData">
    : AscendC_ApiOp<mnemonic, api, [AscendC_DstSrc]> {
  let summary = "AscendC::" # api # "(dst, src, params) (" # mnemonic # ")";
  let arguments = (ins AscendC_LocalTensor:$dst, srcType:$src, paramsType:$params);
  let ascCall = "AscendC::" # api # "($dst, $src, $params)";
  let assemblyFormat = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src)";
}

let ascPipe = "load" in
def AscendC_LoadData2DOp : AscendC_LoadDataOp<"load_data_2d",
    AscendC_LoadData2DParamsType, AscendC_AnyTensor>;
let ascPipe = "load" in
def AscendC_LoadData2DV2Op : AscendC_LoadDataOp<"load_data_2d_v2",
    AscendC_LoadData2DParamsV2Type, AscendC_AnyTensor>;
let ascPipe = "load" in
def AscendC_LoadData3DV1Op : AscendC_LoadDataOp<"load_data_3d_v1",
    AscendC_LoadData3DParamsV1Type, AscendC_LocalTensor>;
let ascPipe = "load" in
def AscendC_LoadData3DV2Op : AscendC_LoadDataOp<"load_data_3d_v2",
    AscendC_LoadData3DParamsV2Type, AscendC_LocalTensor>;
let ascPipe = "load" in
def AscendC_LoadData3DV2ProOp : AscendC_LoadDataOp<"load_data_3d_v2_pro",
    AscendC_LoadData3DParamsV2ProType, AscendC_LocalTensor>;

let ascPipe = "load" in
def AscendC_LoadDataWithTransposeOp : AscendC_LoadDataOp<"load_data_with_transpose",
    AscendC_LoadData2dTransposeParamsType, AscendC_LocalTensor, "LoadDataWithTranspose">;
let ascPipe = "load" in
def AscendC_LoadDataWithTransposeV2Op : AscendC_LoadDataOp<"load_data_with_transpose_v2",
    AscendC_LoadData2dTransposeParamsV2Type, AscendC_LocalTensor, "LoadDataWithTranspose">;

let ascPipe = "load" in
def AscendC_LoadDataWithSparseOp : AscendC_ApiOp<"load_data_with_sparse", "LoadDataWithSparse",
    [AscendC_DstSrc]> {
  let summary = "Loads sparse int8 weights with their uint8 index tensor `idx`";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_LocalTensor:$idx, AscendC_LoadData2DParamsType:$params);
  let assemblyFormat = "$dst `,` $src `,` $idx `,` $params attr-dict `:` type($dst) `,` type($src) `,` type($idx)";
  let hasVerifier = 1;
  let ascCall = "AscendC::LoadDataWithSparse($dst, $src, $idx, $params)";
}

//===----------------------------------------------------------------------===//
// Mmad
//===----------------------------------------------------------------------===//

let ascPipe = "M" in
def AscendC_MmadOp : AscendC_ApiOp<"mmad", "Mmad"> {
  let summary = "dst (+)= fm x filter on the cube unit";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$fm,
                       AscendC_LocalTensor:$filter, AscendC_MmadParamsType:$params);
  let assemblyFormat = "$dst `,` $fm `,` $filter `,` $params attr-dict `:` type($dst) `,` type($fm) `,` type($filter)";
  let hasVerifier = 1;
  let ascCall = "AscendC::Mmad($dst, $fm, $filter, $params)";
}
let ascPipe = "M" in
def AscendC_MmadBiasOp : AscendC_ApiOp<"mmad_bias", "Mmad"> {
  let summary = "dst = fm x filter + bias on the cube unit";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$fm,
                       AscendC_LocalTensor:$filter, AscendC_LocalTensor:$bias,
                       AscendC_MmadParamsType:$params);
  let assemblyFormat = "$dst `,` $fm `,` $filter `,` $bias `,` $params attr-dict `:` type($dst) `,` type($fm) `,` type($filter) `,` type($bias)";
  let hasVerifier = 1;
  let ascCall = "AscendC::Mmad($dst, $fm, $filter, $bias, $params)";
}
let ascPipe = "M" in
def AscendC_MmadWithSparseOp : AscendC_ApiOp<"mmad_with_sparse", "MmadWithSparse"> {
  let summary = "Sparse int8 x int8 -> int32 matrix multiply";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$fm,
                       AscendC_LocalTensor:$filter, AscendC_MmadParamsType:$params);
  let assemblyFormat = "$dst `,` $fm `,` $filter `,` $params attr-dict `:` type($dst) `,` type($fm) `,` type($filter)";
  let hasVerifier = 1;
  let ascCall = "AscendC::MmadWithSparse($dst, $fm, $filter, $params)";
}

//===----------------------------------------------------------------------===//
// Setup
//===----------------------------------------------------------------------===//

let ascPipe = "fill" in
def AscendC_InitConstValueOp : AscendC_ApiOp<"init_const_value", "InitConstValue"> {
  let summary = "Fills `dst` (in A1/A2/B1/B2) with a constant";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_InitConstValueParamsType:$params);
  let assemblyFormat = "$dst `,` $params attr-dict `:` type($dst)";
  let ascCall = "AscendC::InitConstValue($dst, $params)";
}

let ascPipe = "V" in
def AscendC_SetLoadDataBoundaryOp : AscendC_ApiOp<"set_load_data_boundary", "SetLoadDataBoundary"> {
  let summary = "Sets the L1 boundary LoadData wraps around at";
  let arguments = (ins AnySignlessInteger:$boundary);
  let assemblyFormat = "$boundary attr-dict `:` type($boundary)";
  let ascCall = "AscendC::SetLoadDataBoundary($boundary)";
}
let ascPipe = "V" in
def AscendC_SetLoadDataPaddingValueOp : AscendC_ApiOp<"set_load_data_padding_value",
    "SetLoadDataPaddingValue"> {
  let summary = "Sets the padding value of LoadData (3D)";
  let arguments = (ins AnyTypeOf<[AnySignlessInteger, AnyUnsignedInteger, AnyFloat]>:$pad_value);
  let assemblyFormat = "$pad_value attr-dict `:` type($pad_value)";
  let ascCall = "AscendC::SetLoadDataPaddingValue($pad_value)";
}
let ascPipe = "V" in
def AscendC_SetLoadDataRepeatOp : AscendC_ApiOp<"set_load_data_repeat", "SetLoadDataRepeat"> {
  let summary = "Sets the repeat parameters of LoadData (3D)";
  let arguments = (ins AscendC_LoadDataRepeatParamType:$params);
  let assemblyFormat = "$params attr-dict";
  let ascCall = "AscendC::SetLoadDataRepeat($params)";
}

//===----------------------------------------------------------------------===//
// Fixpipe
//===----------------------------------------------------------------------===//

// The constexpr FixpipeConfig objects Fixpipe takes as a template argument.
def AscendC_FixpipeConfig : AscendC_Enum<"FixpipeConfig", "AscendC::", [
    I32EnumAttrCase<"CFG_ROW_MAJOR", 0>,
    I32EnumAttrCase<"CFG_NZ", 1>,
    I32EnumAttrCase<"CFG_COLUMN_MAJOR", 2>
]> {
  // Not a C++ enum: no generated Python IntEnum or Model enum
  // (asc.FixpipeConfig is python/asc/language/basic/fixpipe.py's).
  let ascIsCppEnum = 0;
}

let ascPipe = "FIX" in
def AscendC_FixpipeOp : AscendC_Op<"fixpipe"> {
  let summary = "Moves the L0C result `src` to `dst` through the fixpipe";
  let arguments = (ins AscendC_AnyTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_FixpipeParamsV220Type:$params,
                       DefaultValuedAttr<AscendC_FixpipeConfig, "::mlir::ascendc::FixpipeConfig::CFG_ROW_MAJOR">:$config);
  let ascCall = "AscendC::Fixpipe<$elem(dst), $elem(src), $config>($dst, $src, $params)";
  let assemblyFormat = "$dst `,` $src `,` $params `,` $config attr-dict `:` type($dst) `,` type($src)";
  let hasVerifier = 1;
}
let ascPipe = "FIX" in
def AscendC_FixpipeWorkspaceOp : AscendC_Op<"fixpipe_workspace"> {
  let summary = "Fixpipe with a quantisation vector in `cbuf_workspace` (uint64_t)";
  let arguments = (ins AscendC_AnyTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_LocalTensor:$cbuf_workspace,
                       AscendC_FixpipeParamsV220Type:$params,
                       DefaultValuedAttr<AscendC_FixpipeConfig, "::mlir::ascendc::FixpipeConfig::CFG_ROW_MAJOR">:$config);
  let ascCall = "AscendC::Fixpipe<$elem(dst), $elem(src), $config>($dst, $src, $cbuf_workspace, $params)";
  let assemblyFormat = "$dst `,` $src `,` $cbuf_workspace `,` $params `,` $config attr-dict `:` type($dst) `,` type($src) `,` type($cbuf_workspace)";
  let hasVerifier = 1;
}

let ascPipe = "V" in
def AscendC_SetFixpipePreQuantFlagOp : AscendC_ApiOp<"set_fix_pipe_pre_quant_flag",
    "SetFixpipePreQuantFlag"> {
  let summary = "Sets the fixpipe's scalar quantisation parameter";
  let arguments = (ins AnySignlessInteger:$config);
  let assemblyFormat = "$config attr-dict `:` type($config)";
  let ascCall = "AscendC::SetFixpipePreQuantFlag($config)";
}
