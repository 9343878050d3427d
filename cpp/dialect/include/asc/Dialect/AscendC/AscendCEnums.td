//===- AscendCEnums.td - Ascend C enumerations ---------------*- tablegen -*-===//
//
// One I32 enum attribute per Ascend C enumeration, with the values of the
// asc (pyasc) API. `ascCppPrefix` is how the emitter qualifies a value in C++
// (e.g. AscendC::HardEvent::MTE2_V; PIPE_V is a global enumerator of pipe_t).
//
// The one source of the enums: asc-tblgen generates from this file the Python
// enums (python/asc/language/core/_generated.py) and the Model's
// (cpp/model/include/asc_model/generated_enums.h); after a change here run
// `bazel run //cpp/tblgen:update_generated` (docs/adding-an-op.md).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASCENDC_ENUMS_TD
#define ASC_DIALECT_ASCENDC_ENUMS_TD

include "asc/Dialect/AscendC/AscendCBase.td"

class AscendC_Enum<string name, string cppPrefix, list<I32EnumAttrCase> cases>
    : I32EnumAttr<name, "Ascend C " # name, cases> {
  let cppNamespace = "::mlir::ascendc";
  string ascCppPrefix = cppPrefix;
  // The C++ type of an enum whose values are unqualified (empty prefix:
  // pipe_t), or of an unscoped enum of namespace AscendC (prefix "AscendC::":
  // the enumerators are AscendC::HCCL_REDUCE_SUM, the type AscendC::HcclReduceOp).
  string ascCppType = "";
  // 0: the Ascend C values are not an enum (constexpr objects): asc-tblgen
  // generates no Python or Model enum for it.
  bit ascIsCppEnum = 1;
  // Second names of cases, "ALIAS=CASE" (TPosition's LCM = VECCALC): the Model's
  // and Python's enums have them; the dialect and emitted code use the case.
  list<string> ascAliases = [];
}

def AscendC_AippInputFormat : AscendC_Enum<"AippInputFormat", "AscendC::AippInputFormat::", [
    I32EnumAttrCase<"YUV420SP_U8", 0>,
    I32EnumAttrCase<"XRGB8888_U8", 1>,
    I32EnumAttrCase<"RGB888_U8", 4>,
    I32EnumAttrCase<"YUV400_U8", 9>
]>;

def AscendC_BatchMode : AscendC_Enum<"BatchMode", "BatchMode::", [
    I32EnumAttrCase<"NONE", 0>,
    I32EnumAttrCase<"BATCH_LESS_THAN_L1", 1>,
    I32EnumAttrCase<"BATCH_LARGE_THAN_L1", 2>,
    I32EnumAttrCase<"SINGLE_LARGE_THAN_L1", 3>
]>;

def AscendC_BlockMode : AscendC_Enum<"BlockMode", "AscendC::BlockMode::", [
    I32EnumAttrCase<"BLOCK_MODE_NORMAL", 0>,
    I32EnumAttrCase<"BLOCK_MODE_MATRIX", 1>,
    I32EnumAttrCase<"BLOCK_MODE_VECTOR", 2>,
    I32EnumAttrCase<"BLOCK_MODE_SMALL_CHANNEL", 3>,
    I32EnumAttrCase<"BLOCK_MODE_DEPTHWISE", 4>
]>;

def AscendC_CacheLine : AscendC_Enum<"CacheLine", "AscendC::CacheLine::", [
    I32EnumAttrCase<"SINGLE_CACHE_LINE", 0>,
    I32EnumAttrCase<"ENTIRE_DATA_CACHE", 1>
]>;

def AscendC_CacheMode : AscendC_Enum<"CacheMode", "AscendC::CacheMode::", [
    I32EnumAttrCase<"CACHE_MODE_NORMAL", 0>,
    I32EnumAttrCase<"CACHE_MODE_DISABLE", 1>,
    I32EnumAttrCase<"CACHE_MODE_LAST", 2>,
    I32EnumAttrCase<"CACHE_MODE_PERSISTENT", 4>
]>;

def AscendC_CacheRwMode : AscendC_Enum<"CacheRwMode", "AscendC::CacheRwMode::", [
    I32EnumAttrCase<"READ", 1>,
    I32EnumAttrCase<"WRITE", 2>,
    I32EnumAttrCase<"RW", 3>
]>;

def AscendC_CubeFormat : AscendC_Enum<"CubeFormat", "CubeFormat::", [
    I32EnumAttrCase<"ND", 0>,
    I32EnumAttrCase<"NZ", 1>,
    I32EnumAttrCase<"ZN", 2>,
    I32EnumAttrCase<"ZZ", 3>,
    I32EnumAttrCase<"NN", 4>,
    I32EnumAttrCase<"ND_ALIGN", 5>,
    I32EnumAttrCase<"SCALAR", 6>,
    I32EnumAttrCase<"VECTOR", 7>,
    I32EnumAttrCase<"COLUMN_MAJOR", 8>
]> {
  // The vendor's values and alias (adv_api/matmul/matmul_config.h).
  let ascAliases = ["ROW_MAJOR=ND"];
}

def AscendC_DataFormat : AscendC_Enum<"DataFormat", "AscendC::DataFormat::", [
    I32EnumAttrCase<"ND", 0>,
    I32EnumAttrCase<"NZ", 1>,
    I32EnumAttrCase<"NCHW", 2>,
    I32EnumAttrCase<"NC1HWC0", 3>,
    I32EnumAttrCase<"NHWC", 4>
]>;

def AscendC_DcciDst : AscendC_Enum<"DcciDst", "AscendC::DcciDst::", [
    I32EnumAttrCase<"CACHELINE_ALL", 0>,
    I32EnumAttrCase<"CACHELINE_UB", 1>,
    I32EnumAttrCase<"CACHELINE_OUT", 2>,
    I32EnumAttrCase<"CACHELINE_ATOMIC", 3>
]>;

def AscendC_DeqScale : AscendC_Enum<"DeqScale", "AscendC::DeqScale::", [
    I32EnumAttrCase<"DEQ_NONE", 0>,
    I32EnumAttrCase<"DEQ", 1>,
    I32EnumAttrCase<"VDEQ", 2>,
    I32EnumAttrCase<"DEQ8", 3>,
    I32EnumAttrCase<"VDEQ8", 4>,
    I32EnumAttrCase<"DEQ16", 5>,
    I32EnumAttrCase<"VDEQ16", 6>
]>;

def AscendC_GatherMaskMode : AscendC_Enum<"GatherMaskMode", "AscendC::GatherMaskMode::", [
    I32EnumAttrCase<"DEFAULT", 0>
]>;

def AscendC_HardEvent : AscendC_Enum<"HardEvent", "AscendC::HardEvent::", [
    I32EnumAttrCase<"MTE2_MTE1", 0>,
    I32EnumAttrCase<"MTE1_MTE2", 1>,
    I32EnumAttrCase<"MTE1_M", 2>,
    I32EnumAttrCase<"M_MTE1", 3>,
    I32EnumAttrCase<"MTE2_V", 4>,
    I32EnumAttrCase<"V_MTE2", 5>,
    I32EnumAttrCase<"MTE3_V", 6>,
    I32EnumAttrCase<"V_MTE3", 7>,
    I32EnumAttrCase<"M_V", 8>,
    I32EnumAttrCase<"V_M", 9>,
    I32EnumAttrCase<"V_V", 10>,
    I32EnumAttrCase<"MTE3_MTE1", 11>,
    I32EnumAttrCase<"MTE1_MTE3", 12>,
    I32EnumAttrCase<"MTE1_V", 13>,
    I32EnumAttrCase<"MTE2_M", 14>,
    I32EnumAttrCase<"M_MTE2", 15>,
    I32EnumAttrCase<"V_MTE1", 16>,
    I32EnumAttrCase<"M_FIX", 17>,
    I32EnumAttrCase<"FIX_M", 18>,
    I32EnumAttrCase<"MTE3_MTE2", 19>,
    I32EnumAttrCase<"MTE2_MTE3", 20>,
    I32EnumAttrCase<"S_V", 21>,
    I32EnumAttrCase<"V_S", 22>,
    I32EnumAttrCase<"S_MTE2", 23>,
    I32EnumAttrCase<"MTE2_S", 24>,
    I32EnumAttrCase<"S_MTE3", 25>,
    I32EnumAttrCase<"MTE3_S", 26>,
    I32EnumAttrCase<"MTE2_FIX", 27>,
    I32EnumAttrCase<"FIX_MTE2", 28>,
    I32EnumAttrCase<"FIX_S", 29>,
    I32EnumAttrCase<"M_S", 30>,
    I32EnumAttrCase<"FIX_MTE3", 31>,
    I32EnumAttrCase<"MTE1_FIX", 32>,
    I32EnumAttrCase<"FIX_MTE1", 33>,
    I32EnumAttrCase<"FIX_FIX", 34>
]>;

def AscendC_Hardware : AscendC_Enum<"Hardware", "AscendC::Hardware::", [
    I32EnumAttrCase<"GM", 0>,
    I32EnumAttrCase<"UB", 1>,
    I32EnumAttrCase<"L1", 2>,
    I32EnumAttrCase<"L0A", 3>,
    I32EnumAttrCase<"L0B", 4>,
    I32EnumAttrCase<"L0C", 5>,
    I32EnumAttrCase<"BIAS", 6>,
    I32EnumAttrCase<"FIXBUF", 7>,
    I32EnumAttrCase<"MAX", 8>
]>;

def AscendC_IterateMode : AscendC_Enum<"IterateMode", "IterateMode::", [
    I32EnumAttrCase<"ITERATE_MODE_NORMAL", 1>,
    I32EnumAttrCase<"ITERATE_MODE_ALL", 2>,
    I32EnumAttrCase<"ITERATE_MODE_BATCH", 4>,
    I32EnumAttrCase<"ITERATE_MODE_N_BATCH", 8>,
    I32EnumAttrCase<"ITERATE_MODE_DEFAULT", 255>
]>;

def AscendC_IterateOrder : AscendC_Enum<"IterateOrder", "IterateOrder::", [
    I32EnumAttrCase<"ORDER_M", 0>,
    I32EnumAttrCase<"ORDER_N", 1>,
    I32EnumAttrCase<"UNDEF", 2>
]>;

def AscendC_LayoutMode : AscendC_Enum<"LayoutMode", "LayoutMode::", [
    I32EnumAttrCase<"NONE", 0>,
    I32EnumAttrCase<"NORMAL", 1>,
    I32EnumAttrCase<"BSNGD", 2>,
    I32EnumAttrCase<"SBNGD", 3>,
    I32EnumAttrCase<"BNGS1S2", 4>
]>;

def AscendC_MatmulConfigMode : AscendC_Enum<"MatmulConfigMode", "MatmulConfigMode::", [
    I32EnumAttrCase<"CONFIG_NORM", 1>,
    I32EnumAttrCase<"CONFIG_MDL", 2>,
    I32EnumAttrCase<"CONFIG_SPECIALMDL", 3>,
    I32EnumAttrCase<"CONFIG_IBSHARE", 4>
]>;

def AscendC_MatmulPolicy : AscendC_Enum<"MatmulPolicy", "AscendC::MatmulPolicy::", [
    I32EnumAttrCase<"MatmulPolicy", 0>,
    I32EnumAttrCase<"TrianUpperMatmulPolicy", 1>,
    I32EnumAttrCase<"TrianLowerMatmulPolicy", 2>,
    I32EnumAttrCase<"NBuffer33MatmulPolicy", 3>
]>;

def AscendC_PipeID : AscendC_Enum<"PipeID", "", [
    I32EnumAttrCase<"PIPE_S", 0>,
    I32EnumAttrCase<"PIPE_V", 1>,
    I32EnumAttrCase<"PIPE_M", 2>,
    I32EnumAttrCase<"PIPE_MTE1", 3>,
    I32EnumAttrCase<"PIPE_MTE2", 4>,
    I32EnumAttrCase<"PIPE_MTE3", 5>,
    I32EnumAttrCase<"PIPE_ALL", 6>,
    I32EnumAttrCase<"PIPE_MTE4", 7>,
    I32EnumAttrCase<"PIPE_MTE5", 8>,
    I32EnumAttrCase<"PIPE_V2", 9>,
    I32EnumAttrCase<"PIPE_FIX", 10>
]> {
  let ascCppType = "pipe_t";
}

def AscendC_MemDsbT : AscendC_Enum<"MemDsbT", "AscendC::MemDsbT::", [
    I32EnumAttrCase<"ALL", 0>,
    I32EnumAttrCase<"DDR", 1>,
    I32EnumAttrCase<"UB", 2>,
    I32EnumAttrCase<"SEQ", 3>
]>;

def AscendC_QuantModes : AscendC_Enum<"QuantModes", "QuantMode_t::", [
    I32EnumAttrCase<"NoQuant", 0>,
    I32EnumAttrCase<"F322F16", 1>,
    I32EnumAttrCase<"F322BF16", 2>,
    I32EnumAttrCase<"DEQF16", 3>,
    I32EnumAttrCase<"VDEQF16", 4>,
    I32EnumAttrCase<"QF322B8_PRE", 5>,
    I32EnumAttrCase<"VQF322B8_PRE", 6>,
    I32EnumAttrCase<"REQ8", 7>,
    I32EnumAttrCase<"VREQ8", 8>
]>;

def AscendC_MaskMode : AscendC_Enum<"MaskMode", "AscendC::MaskMode::", [
    I32EnumAttrCase<"NORMAL", 0>,
    I32EnumAttrCase<"COUNTER", 1>
]>;

def AscendC_ScheduleType : AscendC_Enum<"ScheduleType", "ScheduleType::", [
    I32EnumAttrCase<"INNER_PRODUCT", 0>,
    I32EnumAttrCase<"OUTER_PRODUCT", 1>
]>;

def AscendC_ReduceOrder : AscendC_Enum<"ReduceOrder", "AscendC::ReduceOrder::", [
    I32EnumAttrCase<"ORDER_VALUE_INDEX", 0>,
    I32EnumAttrCase<"ORDER_INDEX_VALUE", 1>,
    I32EnumAttrCase<"ORDER_ONLY_VALUE", 2>,
    I32EnumAttrCase<"ORDER_ONLY_INDEX", 3>
]>;

def AscendC_RoundMode : AscendC_Enum<"RoundMode", "AscendC::RoundMode::", [
    I32EnumAttrCase<"CAST_NONE", 0>,
    I32EnumAttrCase<"CAST_RINT", 1>,
    I32EnumAttrCase<"CAST_FLOOR", 2>,
    I32EnumAttrCase<"CAST_CEIL", 3>,
    I32EnumAttrCase<"CAST_ROUND", 4>,
    I32EnumAttrCase<"CAST_TRUNC", 5>,
    I32EnumAttrCase<"CAST_ODD", 6>
]>;

def AscendC_TransposeType : AscendC_Enum<"TransposeType", "AscendC::TransposeType::", [
    I32EnumAttrCase<"TRANSPOSE_TYPE_NONE", 0>,
    I32EnumAttrCase<"TRANSPOSE_NZ2ND_0213", 1>,
    I32EnumAttrCase<"TRANSPOSE_NZ2NZ_0213", 2>,
    I32EnumAttrCase<"TRANSPOSE_NZ2NZ_012_WITH_N", 3>,
    I32EnumAttrCase<"TRANSPOSE_NZ2ND_012_WITH_N", 4>,
    I32EnumAttrCase<"TRANSPOSE_NZ2ND_012_WITHOUT_N", 5>,
    I32EnumAttrCase<"TRANSPOSE_NZ2NZ_012_WITHOUT_N", 6>,
    I32EnumAttrCase<"TRANSPOSE_ND2ND_ONLY", 7>,
    I32EnumAttrCase<"TRANSPOSE_ND_UB_GM", 8>,
    I32EnumAttrCase<"TRANSPOSE_GRAD_ND_UB_GM", 9>,
    I32EnumAttrCase<"TRANSPOSE_ND2ND_B16", 10>,
    I32EnumAttrCase<"TRANSPOSE_NCHW2NHWC", 11>,
    I32EnumAttrCase<"TRANSPOSE_NHWC2NCHW", 12>
]>;

def AscendC_TPosition : AscendC_Enum<"TPosition", "AscendC::TPosition::", [
    I32EnumAttrCase<"GM", 0>,
    I32EnumAttrCase<"A1", 1>,
    I32EnumAttrCase<"A2", 2>,
    I32EnumAttrCase<"B1", 3>,
    I32EnumAttrCase<"B2", 4>,
    I32EnumAttrCase<"C1", 5>,
    I32EnumAttrCase<"C2", 6>,
    I32EnumAttrCase<"CO1", 7>,
    I32EnumAttrCase<"CO2", 8>,
    I32EnumAttrCase<"VECIN", 9>,
    I32EnumAttrCase<"VECOUT", 10>,
    I32EnumAttrCase<"VECCALC", 11>,
    I32EnumAttrCase<"SPM", 12>,
    I32EnumAttrCase<"TSCM", 13>,
    I32EnumAttrCase<"C2PIPE2GM", 14>,
    I32EnumAttrCase<"C2PIPE2LOCAL", 15>,
    I32EnumAttrCase<"MAX", 16>
]> {
  // The vendor's order and aliases (impl/basic_api/common_types.h).
  let ascAliases = ["LCM=VECCALC", "SHM=SPM"];
}

def AscendC_pad_t : AscendC_Enum<"pad_t", "pad_t::", [
    I32EnumAttrCase<"PAD_NONE", 0>,
    I32EnumAttrCase<"PAD_MODE1", 1>,
    I32EnumAttrCase<"PAD_MODE2", 2>,
    I32EnumAttrCase<"PAD_MODE3", 3>,
    I32EnumAttrCase<"PAD_MODE4", 4>,
    I32EnumAttrCase<"PAD_MODE5", 5>,
    I32EnumAttrCase<"PAD_MODE6", 6>,
    I32EnumAttrCase<"PAD_MODE7", 7>,
    I32EnumAttrCase<"PAD_MODE8", 8>
]>;

def AscendC_BatchOutMode : AscendC_Enum<"BatchOutMode", "BatchOutMode::", [
    I32EnumAttrCase<"SINGLE_BATCH", 0>,
    I32EnumAttrCase<"MULTI_BATCH", 1>,
    I32EnumAttrCase<"DYNAMIC", 2>
]>;

def AscendC_CMPMODE : AscendC_Enum<"CMPMODE", "AscendC::CMPMODE::", [
    I32EnumAttrCase<"LT", 0>,
    I32EnumAttrCase<"GT", 1>,
    I32EnumAttrCase<"EQ", 2>,
    I32EnumAttrCase<"LE", 3>,
    I32EnumAttrCase<"GE", 4>,
    I32EnumAttrCase<"NE", 5>
]>;

def AscendC_CO2Layout : AscendC_Enum<"CO2Layout", "AscendC::CO2Layout::", [
    I32EnumAttrCase<"NZ", 0>,
    I32EnumAttrCase<"ROW_MAJOR", 1>,
    I32EnumAttrCase<"COLUMN_MAJOR", 2>
]>;

def AscendC_SelMode : AscendC_Enum<"SelMode", "AscendC::SELMODE::", [
    I32EnumAttrCase<"VSEL_CMPMASK_SPR", 0>,
    I32EnumAttrCase<"VSEL_TENSOR_SCALAR_MODE", 1>,
    I32EnumAttrCase<"VSEL_TENSOR_TENSOR_MODE", 2>
]>;

def AscendC_AtomicDtype : AscendC_Enum<"AtomicDtype", "AscendC::AtomicDtype::", [
    I32EnumAttrCase<"ATOMIC_NONE", 0>,
    I32EnumAttrCase<"ATOMIC_F32", 1>,
    I32EnumAttrCase<"ATOMIC_F16", 2>,
    I32EnumAttrCase<"ATOMIC_S16", 3>,
    I32EnumAttrCase<"ATOMIC_S32", 4>,
    I32EnumAttrCase<"ATOMIC_S8", 5>,
    I32EnumAttrCase<"ATOMIC_BF16", 6>
]>;

def AscendC_AtomicOp : AscendC_Enum<"AtomicOp", "AscendC::AtomicOp::", [
    I32EnumAttrCase<"ATOMIC_SUM", 0>
]>;

#endif // ASC_DIALECT_ASCENDC_ENUMS_TD
