//===- AscendCStructs.td - Ascend C parameter structs ---------*- tablegen -*-===//
//
// Field lists follow the C++ constructors (the asc Python classes take the same
// fields by keyword and fill in defaults before building the struct).
//
// asc-tblgen writes these field lists (names, order, C++ types) into
// python/asc/language/core/_generated.py (STRUCTS), from which core/types.py
// builds the struct classes; tests/generated checks the pyasc forms of
// types.py and the Model's structs.h against them field by field. After a
// change here run `bazel run //cpp/tblgen:update_generated`.
//
//===----------------------------------------------------------------------===//

def AscendC_BinaryRepeatParamsType : AscendC_StructType<"BinaryRepeatParams", "binary_repeat_params", "BinaryRepeatParams",
    ["dstBlkStride", "src0BlkStride", "src1BlkStride", "dstRepStride", "src0RepStride", "src1RepStride"]>;
def AscendC_BrcbRepeatParamsType : AscendC_StructType<"BrcbRepeatParams", "brcb_repeat_params", "BrcbRepeatParams",
    ["dstBlkStride", "dstRepStride"]>;
def AscendC_CopyRepeatParamsType : AscendC_StructType<"CopyRepeatParams", "copy_repeat_params", "CopyRepeatParams",
    ["dstStride", "srcStride", "dstRepeatSize", "srcRepeatSize"]>;
def AscendC_DataCopyParamsType : AscendC_StructType<"DataCopyParams", "data_copy_params", "DataCopyParams",
    ["blockCount", "blockLen", "srcStride", "dstStride"]>;
def AscendC_DataCopyEnhancedParamsType : AscendC_StructType<"DataCopyEnhancedParams", "data_copy_enhanced_params", "DataCopyEnhancedParams",
    ["blockMode", "deqScale", "deqValueIn", "sidStoreModeIn", "isReluIn", "padModeIn", "padValueIn"],
    ["AscendC::BlockMode", "AscendC::DeqScale", "", "", "", "pad_t", ""]>;
def AscendC_InitConstValueParamsType : AscendC_StructType<"InitConstValueParams", "init_const_value_params", "InitConstValueParams",
    ["repeatTimes", "blockNum", "dstGap", "initValue"], [], "initValue">;
def AscendC_UnaryRepeatParamsType : AscendC_StructType<"UnaryRepeatParams", "unary_repeat_params", "UnaryRepeatParams",
    ["dstBlkStride", "srcBlkStride", "dstRepStride", "srcRepStride"]>;
def AscendC_TransDataTo5HDParamsType : AscendC_StructType<"TransDataTo5HDParams", "trans_data_to_5hd_params", "TransDataTo5HDParams",
    ["dstHighHalf", "srcHighHalf", "repeatTimes", "dstRepStride", "srcRepStride"]>;
def AscendC_TransposeParamsExtType : AscendC_StructType<"TransposeParamsExt", "transpose_params_ext", "TransposeParamsExt",
    ["nSize", "cSize", "hSize", "wSize", "transposeType"],
    ["", "", "", "", "AscendC::TransposeType"]>;
def AscendC_DataCopyPadParamsType : AscendC_StructType<"DataCopyPadParams", "data_copy_pad_params", "DataCopyPadParams",
    ["isPad", "leftPadding", "rightPadding", "paddingValue"]>;
def AscendC_DataCopyExtParamsType : AscendC_StructType<"DataCopyExtParams", "data_copy_ext_params", "DataCopyExtParams",
    ["blockCount", "blockLen", "srcStride", "dstStride", "rsv"]>;
def AscendC_GatherMaskParamsType : AscendC_StructType<"GatherMaskParams", "gather_mask_params", "GatherMaskParams",
    ["src0BlockStride", "repeatTimes", "src0RepeatStride", "src1RepeatStride"]>;
def AscendC_MmadParamsType : AscendC_StructType<"MmadParams", "mmad_params", "MmadParams",
    ["m", "n", "k", "unitFlag", "cmatrixSource", "cmatrixInitVal"]>;
def AscendC_Nd2NzParamsType : AscendC_StructType<"Nd2NzParams", "nd2nz_params", "Nd2NzParams",
    ["ndNum", "nValue", "dValue", "srcNdMatrixStride", "srcDValue", "dstNzC0Stride", "dstNzNStride", "dstNzMatrixStride"]>;
def AscendC_Nz2NdParamsFullType : AscendC_StructType<"Nz2NdParamsFull", "nz2nd_params_full", "Nz2NdParamsFull",
    ["ndNum", "nValue", "dValue", "srcNdMatrixStride", "srcNStride", "dstDStride", "dstNdMatrixStride"]>;
def AscendC_DataCopyCO12DstParamsType : AscendC_StructType<"DataCopyCO12DstParams", "data_copy_co12_dst_params", "DataCopyCO12DstParams",
    ["nSize", "mSize", "dstStride", "srcStride", "quantPre", "reluPre", "channelSplit", "nz2ndEn"],
    ["", "", "", "", "QuantMode_t", "", "", ""]>;
def AscendC_GatherRepeatParamsType : AscendC_StructType<"GatherRepeatParams", "gather_repeat_params", "GatherRepeatParams",
    ["dstBlkStride", "dstRepStride"]>;
def AscendC_LoadData2DParamsType : AscendC_StructType<"LoadData2DParams", "load_data_2d_params", "LoadData2DParams",
    ["startIndex", "repeatTimes", "srcStride", "sid", "dstGap", "ifTranspose", "addrMode"]>;
def AscendC_LoadData2DParamsV2Type : AscendC_StructType<"LoadData2DParamsV2", "load_data_2d_params_v2", "LoadData2DParamsV2",
    ["mStartPosition", "kStartPosition", "mStep", "kStep", "srcStride", "dstStride", "ifTranspose", "sid"]>;
def AscendC_LoadData3DParamsV1Type : AscendC_StructType<"LoadData3DParamsV1", "load_data_3d_params_v1", "LoadData3DParamsV1",
    ["padList", "l1H", "l1W", "c1Index", "fetchFilterW", "fetchFilterH", "leftTopW", "leftTopH", "strideW", "strideH", "filterW", "filterH", "dilationFilterW", "dilationFilterH", "jumpStride", "repeatMode", "repeatTime", "cSize", "padValue"],
    ["uint8_t[4]"], "padValue">;
def AscendC_LoadData3DParamsV2Type : AscendC_StructType<"LoadData3DParamsV2", "load_data_3d_params_v2", "LoadData3DParamsV2",
    ["padList", "l1H", "l1W", "channelSize", "kExtension", "mExtension", "kStartPt", "mStartPt", "strideW", "strideH", "filterW", "filterH", "dilationFilterW", "dilationFilterH", "enTranspose", "enSmallK", "padValue", "filterSizeW", "filterSizeH", "fMatrixCtrl"],
    ["uint8_t[4]"], "padValue">;
def AscendC_LoadData3DParamsV2ProType : AscendC_StructType<"LoadData3DParamsV2Pro", "load_data_3d_params_v2_pro", "LoadData3DParamsV2Pro",
    ["channelSize", "enTranspose", "enSmallK", "filterSizeW", "filterSizeH", "fMatrixCtrl", "extConfig", "filterConfig"]>;
def AscendC_LoadData2dTransposeParamsType : AscendC_StructType<"LoadData2dTransposeParams", "load_data_2d_transpose_params", "LoadData2dTransposeParams",
    ["startIndex", "repeatTimes", "srcStride", "dstGap", "dstFracGap", "addrMode"]>;
def AscendC_LoadData2dTransposeParamsV2Type : AscendC_StructType<"LoadData2dTransposeParamsV2", "load_data_2d_transpose_params_v2", "LoadData2dTransposeParamsV2",
    ["startIndex", "repeatTimes", "srcStride", "dstGap", "dstFracGap", "srcFracGap", "addrMode"]>;
def AscendC_LoadDataRepeatParamType : AscendC_StructType<"LoadDataRepeatParam", "load_data_repeat_param", "LoadDataRepeatParam",
    ["repeatStride", "repeatTime", "repeatMode"]>;
def AscendC_MrgSort4InfoType : AscendC_StructType<"MrgSort4Info", "mrg_sort_4_info", "MrgSort4Info",
    ["elementLengths", "ifExhaustedSuspension", "validBit", "repeatTimes"],
    ["uint16_t[4]", "", "", ""]>;
def AscendC_FixpipeParamsV220Type : AscendC_StructType<"FixpipeParamsV220", "fixpipe_params_v220", "FixpipeParamsV220",
    ["nSize", "mSize", "srcStride", "dstStride", "reluEn", "quantPre", "deqScalar", "ndNum", "srcNdStride", "dstNdStride", "unitFlag", "isChannelSplit"],
    ["", "", "", "", "", "QuantMode_t", "", "", "", "", "", ""]>;
def AscendC_LoadImageToLocalParamsType : AscendC_StructType<"LoadImageToLocalParams", "load_image_to_local_params", "LoadImageToLocalParams",
    ["horizSize", "vertSize", "horizStartPos", "vertStartPos", "srcHorizSize", "topPadSize", "botPadSize", "leftPadSize", "rightPadSize", "sid"]> {
  let ascConstructorArity = 9;  // the vendor's constructor has no sid (a member set after it)
}
def AscendC_CheckLocalMemoryIAParamType : AscendC_StructType<"CheckLocalMemoryIAParam", "check_local_memory_ia_param", "CheckLocalMemoryIAParam",
    ["enableBit", "startAddr", "endAddr", "isScalarRead", "isScalarWrite", "isVectorRead", "isVectorWrite", "isMteRead", "isMteWrite", "isEnable"]>;
def AscendC_VdeqInfoType : AscendC_StructType<"VdeqInfo", "vdeq_info", "VdeqInfo",
    ["vdeqScale", "vdeqOffset", "vdeqSignMode"],
    ["float[16]", "int16_t[16]", "bool[16]"]> {
  let pyFieldNames = ["scale", "offset", "sign_mode"];
}
def AscendC_ShapeInfoType : AscendC_StructType<"ShapeInfo", "shape_info", "ShapeInfo",
    ["shapeDim", "shape", "originalShapeDim", "originalShape", "dataFormat"],
    ["", "uint32_t[8]", "", "uint32_t[8]", "AscendC::DataFormat"]>;
def AscendC_SliceInfoType : AscendC_StructType<"SliceInfo", "slice_info", "SliceInfo",
    ["startIndex", "endIndex", "stride", "burstLen", "shapeValue"]>;

// Array fields (MrgSort4Info.elementLengths, ShapeInfo.shape/originalShape) take
// their elements as consecutive `ascendc.construct` operands; the emitter
// declares each as a local array before the struct (`uint16_t info_elementLengths[4]
// = {a, b, c, d};`), since the Ascend C constructors take `const T[]` pointers,
// which a nested brace list cannot initialise. ShapeInfo arrays are
// K_MAX_SHAPE_DIM (8) long; shapeDim says how many are used.
// LoadData3DParamsV1/V2 padList: uint8_t[4] (the other fields as they are).

// Constructor orders that differ from member orders (checked against the
// asc-devkit headers): FixpipeParamsV220 takes reluEn fifth (11/12-argument
// constructor); LoadDataRepeatParam takes repeatStride first; ShapeInfo takes
// (shapeDim, shape[], originalShapeDim, originalShape[], dataFormat);
// LoadData3DParamsV2 has enSmallK between enTranspose and padValue.

// A parameter struct that is a class template on one element type T
// (AscendC::<cpp><T>): the type carries T, `!ascendc.<mnemonic><T>`, and the
// emitter names it `AscendC::<cpp><T>`. asc-tblgen reads `fieldNames` like an
// AscendC_StructType's (a struct templated on T). `elementTypes`, if given,
// lists the element types the vendor instantiates it with (the verifier's
// check); otherwise any type with an Ascend C spelling.
class AscendC_ElementStructType<string name, string typeMnemonic, string cpp, list<string> fields,
                                string elementTypes = "">
    : AscendC_Type<name, typeMnemonic, [AscendC_ParamStructInterface]> {
  let summary = "AscendC::" # cpp # "<T>";
  list<string> fieldNames = fields;
  let parameters = (ins "::mlir::Type":$elementType);
  let assemblyFormat = "`<` $elementType `>`";
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$elementType), [{
      return $_get(elementType.getContext(), elementType);
    }]>
  ];
  let extraClassDeclaration = [{
    std::string getCppName() const;
    ::llvm::ArrayRef<::llvm::StringRef> getFieldNames() const {
      static const ::llvm::StringRef names[] = {}] #
        !interleave(!foreach(f, fieldNames, "\"" # f # "\""), ", ") # [{};
      return names;
    }
  }];
  let extraClassDefinition = [{
    std::string $cppClass::getCppName() const {
      return "AscendC::}] # cpp # [{<" +
             ::mlir::ascendc::getCppScalarTypeName(getElementType()).str() + ">";
    }
    ::mlir::LogicalResult $cppClass::verify(
        ::llvm::function_ref<::mlir::InFlightDiagnostic()> emitError, ::mlir::Type elementType) {
      ::llvm::StringRef cpp = ::mlir::ascendc::getCppScalarTypeName(elementType);
      if (cpp.empty())
        return emitError() << "}] # cpp # [{ element type " << elementType << " is not an Ascend C type";
      ::llvm::StringRef allowed = "}] # elementTypes # [{";
      if (!allowed.empty()) {
        ::llvm::SmallVector<::llvm::StringRef> names;
        allowed.split(names, ", ");
        if (!::llvm::is_contained(names, cpp))
          return emitError() << "}] # cpp # [{<" << cpp << ">: the element type must be one of " << allowed;
      }
      return ::mlir::success();
    }
  }];
}

// AscendC::MrgSortSrcList<T>: the (up to) four sorted lists of a MrgSort, built
// by `ascendc.construct` from four LocalTensor<T> values.
def AscendC_MrgSortSrcListType : AscendC_ElementStructType<"MrgSortSrcList", "mrg_sort_src_list",
    "MrgSortSrcList", ["src1", "src2", "src3", "src4"]>;

// AscendC::DataCopyPadExtParams<T>: templated on the element type T of the
// tensors of the DataCopyPad call (paddingValue is a T).
def AscendC_DataCopyPadExtParamsType : AscendC_ElementStructType<"DataCopyPadExtParams",
    "data_copy_pad_ext_params", "DataCopyPadExtParams", ["isPad", "leftPadding", "rightPadding", "paddingValue"]>;

// AIPP (the image pre-processing unit) configuration, SetAippFunctions's
// AscendC::AippParams<T> (kernel_struct_aipp.h): six member structs, each
// built by its own `ascendc.construct`; AippParams<T> is then constructed from
// the six values. T is the image's output element type: int8_t or half on
// Atlas A2 (LoadImageToLocal's dst), uint8_t too on later parts.
def AscendC_AippPaddingParamsType : AscendC_ElementStructType<"AippPaddingParams", "aipp_padding_params",
    "AippPaddingParams", ["paddingMode", "paddingValueCh0", "paddingValueCh1", "paddingValueCh2", "paddingValueCh3"],
    "int8_t, uint8_t, half">;
def AscendC_AippSwapParamsType : AscendC_StructType<"AippSwapParams", "aipp_swap_params", "AippSwapParams",
    ["isSwapRB", "isSwapUV", "isSwapAX"]>;
def AscendC_AippSingleLineParamsType : AscendC_StructType<"AippSingleLineParams", "aipp_single_line_params",
    "AippSingleLineParams", ["isSingleLineCopy"]>;
def AscendC_AippDataTypeConvParamsType : AscendC_StructType<"AippDataTypeConvParams", "aipp_dtc_params",
    "AippDataTypeConvParams",
    ["dtcMeanCh0", "dtcMeanCh1", "dtcMeanCh2", "dtcMinCh0", "dtcMinCh1", "dtcMinCh2",
     "dtcVarCh0", "dtcVarCh1", "dtcVarCh2", "dtcRoundMode"]>;
def AscendC_AippChannelPaddingParamsType : AscendC_ElementStructType<"AippChannelPaddingParams",
    "aipp_cpadding_params", "AippChannelPaddingParams", ["cPaddingMode", "cPaddingValue"],
    "int8_t, uint8_t, half">;
def AscendC_AippColorSpaceConvParamsType : AscendC_StructType<"AippColorSpaceConvParams", "aipp_csc_params",
    "AippColorSpaceConvParams",
    ["isEnableCsc", "cscMatrixR0C0", "cscMatrixR0C1", "cscMatrixR0C2", "cscMatrixR1C0", "cscMatrixR1C1",
     "cscMatrixR1C2", "cscMatrixR2C0", "cscMatrixR2C1", "cscMatrixR2C2", "cscBiasIn0", "cscBiasIn1",
     "cscBiasIn2", "cscBiasOut0", "cscBiasOut1", "cscBiasOut2"]> {
  let pyFieldNames = ["is_enable_csc", "csc_matrix_r0_c0", "csc_matrix_r0_c1", "csc_matrix_r0_c2",
                      "csc_matrix_r1_c0", "csc_matrix_r1_c1", "csc_matrix_r1_c2", "csc_matrix_r2_c0",
                      "csc_matrix_r2_c1", "csc_matrix_r2_c2", "csc_bias_in_0", "csc_bias_in_1",
                      "csc_bias_in_2", "csc_bias_out_0", "csc_bias_out_1", "csc_bias_out_2"];
}
// The fields are the six member structs (padding and channel padding typed by
// the same T; ascendc.construct's verifier checks each field's type).
def AscendC_AippParamsType : AscendC_ElementStructType<"AippParams", "aipp_params", "AippParams",
    ["paddingParams", "swapParams", "singleLineParams", "dtcParams", "cPaddingParams", "cscParams"],
    "int8_t, uint8_t, half">;
