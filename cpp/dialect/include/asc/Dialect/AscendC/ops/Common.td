//===- Common.td - basic/common, cache, set_atomic, scalar, proposal ------===//

//===----------------------------------------------------------------------===//
// basic/common
//===----------------------------------------------------------------------===//

// ASCEND_IS_AIC / ASCEND_IS_AIV are macros (`constexpr(g_coreType == AscendC::AIC)`),
// written after `if`; as a value the op emits the comparison they expand to.
let ascPipe = "V" in
def AscendC_AscendIsAICOp : AscendC_Op<"ascend_is_aic", [Pure]> {
  let summary = "Whether the code runs on a cube (AIC) core (ASCEND_IS_AIC)";
  let results = (outs I1:$result);
  let ascCall = "(g_coreType == AscendC::AIC)";
  let assemblyFormat = "attr-dict";
}
let ascPipe = "V" in
def AscendC_AscendIsAIVOp : AscendC_Op<"ascend_is_aiv", [Pure]> {
  let summary = "Whether the code runs on a vector (AIV) core (ASCEND_IS_AIV)";
  let results = (outs I1:$result);
  let ascCall = "(g_coreType == AscendC::AIV)";
  let assemblyFormat = "attr-dict";
}

let ascPipe = "V" in
def AscendC_DataCachePreloadOp : AscendC_ApiOp<"data_cache_preload", "DataCachePreload"> {
  let summary = "Preloads the data cache from `src` (a GlobalTensor<uint64_t>) at `cache_offset`";
  let arguments = (ins AscendC_GlobalTensor:$src, AnySignlessInteger:$cache_offset);
  let assemblyFormat = "$src `,` $cache_offset attr-dict `:` type($src) `,` type($cache_offset)";
  let hasVerifier = 1;
  let ascCall = "AscendC::DataCachePreload($src, $cache_offset)";
  let ascWrites = [];
}

let ascPipe = "V" in
def AscendC_GetHcclContextOp : AscendC_Op<"get_hccl_context", [Pure]> {
  let summary = "The context (message area) address of communication domain `index`";
  let arguments = (ins I32Attr:$index);
  let results = (outs AscendC_GMPtr:$result);
  let ascCall = "AscendC::GetHcclContext<$index>()";
  let assemblyFormat = "$index attr-dict `:` type($result)";
  let hasVerifier = 1;
}
let ascPipe = "V" in
def AscendC_SetHcclContextOp : AscendC_Op<"set_hccl_context"> {
  let summary = "Sets the context address of communication domain `index`";
  let arguments = (ins I32Attr:$index, AscendC_GMPtr:$context);
  let ascCall = "AscendC::SetHcclContext<$index>($context)";
  let assemblyFormat = "$index `,` $context attr-dict `:` type($context)";
  let hasVerifier = 1;
}

let ascPipe = "V" in
def AscendC_GetSysWorkspaceOp : AscendC_Op<"get_sys_workspace", [Pure]> {
  let summary = "The system workspace (GM_ADDR)";
  let results = (outs AscendC_GMPtr:$result);
  let ascCall = "GetSysWorkSpacePtr()";
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}
let ascPipe = "V" in
def AscendC_SetSysWorkspaceOp : AscendC_ApiOp<"set_sys_workspace", "SetSysWorkspace"> {
  let summary = "Sets the system workspace (kernel direct-call scenario)";
  let arguments = (ins AscendC_GMPtr:$workspace);
  let assemblyFormat = "$workspace attr-dict `:` type($workspace)";
  let hasVerifier = 1;
  let ascCall = "AscendC::SetSysWorkspace($workspace)";
}

// PopStackBuffer<T, pos>(LocalTensor<T>&) fills an out-parameter: the op declares
// its result and passes it, `AscendC::LocalTensor<T> t; AscendC::PopStackBuffer<T, pos>(t);`.
let ascPipe = "V" in
def AscendC_PopStackBufferOp : AscendC_DeclOp<"pop_stack_buffer",
    "; AscendC::PopStackBuffer<$elem(result), $position>($result)"> {
  let summary = "All remaining space of `position` as a temporary LocalTensor";
  let arguments = (ins DefaultValuedAttr<AscendC_TPosition, "::mlir::ascendc::TPosition::VECCALC">:$position);
  let results = (outs AscendC_LocalTensor:$result);
  let assemblyFormat = "$position attr-dict `:` type($result)";
}

class AscendC_BoolSwitchOp<string mnemonic, string api, string what>
    : AscendC_ApiOp<mnemonic, api> {
  let summary = what;
  let arguments = (ins I1:$value);
  let ascCall = "AscendC::" # api # "($value)";
  let assemblyFormat = "$value attr-dict";
}
let ascPipe = "V" in
def AscendC_SetHF32ModeOp : AscendC_BoolSwitchOp<"set_hf32_mode", "SetHF32Mode",
    "Enables HF32 for float Mmad">;
let ascPipe = "V" in
def AscendC_SetHF32TransModeOp : AscendC_BoolSwitchOp<"set_hf32_trans_mode", "SetHF32TransMode",
    "Selects the HF32 rounding (true: to nearest away from zero)">;
let ascPipe = "V" in
def AscendC_SetMMLayoutTransformOp : AscendC_BoolSwitchOp<"set_mm_layout_transform",
    "SetMMLayoutTransform", "Mmad walks N before M (true) or M before N (false)">;

let ascPipe = "V" in
def AscendC_InitSocStateOp : AscendC_ApiOp<"init_soc_state", "InitSocState"> {
  let summary = "Resets the global SoC state (atomic, mask, ... registers)";
  let assemblyFormat = "attr-dict";
}

let ascPipe = "V" in
def AscendC_SetStoreAtomicConfigOp : AscendC_Op<"set_store_atomic_config"> {
  let summary = "Sets the atomic type and operation of later stores to GM";
  let arguments = (ins AscendC_AtomicDtype:$atomic_type, AscendC_AtomicOp:$atomic_op);
  let ascCall = "AscendC::SetStoreAtomicConfig<$atomic_type, $atomic_op>()";
  let assemblyFormat = "$atomic_type `,` $atomic_op attr-dict";
}

let ascPipe = "V" in
def AscendC_CheckLocalMemoryIAOp : AscendC_ApiOp<"check_local_memory_ia", "CheckLocalMemoryIA"> {
  let summary = "Monitors accesses to a local memory range";
  let arguments = (ins AscendC_CheckLocalMemoryIAParamType:$check_params);
  let assemblyFormat = "$check_params attr-dict";
  let ascCall = "AscendC::CheckLocalMemoryIA($check_params)";
}

//===----------------------------------------------------------------------===//
// basic/cache
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_DataCacheCleanAndInvalidDstOp : AscendC_Op<"data_cache_clean_and_invalid_dst"> {
  let summary = "Cleans and invalidates the data cache for `dst` (with a DcciDst)";
  let arguments = (ins AscendC_AnyTensor:$dst, AscendC_CacheLine:$entire_type,
                       AscendC_DcciDst:$dcci_dst);
  let ascCall = "AscendC::DataCacheCleanAndInvalid<$elem(dst), $entire_type, $dcci_dst>($dst)";
  let assemblyFormat = "$dst `,` $entire_type `,` $dcci_dst attr-dict `:` type($dst)";
}
let ascPipe = "V" in
def AscendC_DataCacheCleanAndInvalidOp : AscendC_Op<"data_cache_clean_and_invalid"> {
  let summary = "Cleans and invalidates the data cache for the GlobalTensor `dst`";
  let arguments = (ins AscendC_GlobalTensor:$dst, AscendC_CacheLine:$entire_type);
  let ascCall = "AscendC::DataCacheCleanAndInvalid<$elem(dst), $entire_type>($dst)";
  let assemblyFormat = "$dst `,` $entire_type attr-dict `:` type($dst)";
}

let ascPipe = "V" in
def AscendC_ICachePreloadOp : AscendC_ApiOp<"icache_preload", "ICachePreLoad"> {
  let summary = "Prefetches `pre_fetch_len` bytes of instructions";
  let arguments = (ins AnySignlessInteger:$pre_fetch_len);
  let assemblyFormat = "$pre_fetch_len attr-dict `:` type($pre_fetch_len)";
  let ascCall = "AscendC::ICachePreLoad($pre_fetch_len)";
}
let ascPipe = "V" in
def AscendC_GetICachePreloadStatusOp : AscendC_ApiOp<"get_icache_preload_status", "GetICachePreloadStatus"> {
  let summary = "The instruction-cache preload status";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

//===----------------------------------------------------------------------===//
// basic/set_atomic
//===----------------------------------------------------------------------===//

class AscendC_SetAtomicTypedOp<string mnemonic, string api, string what> : AscendC_Op<mnemonic> {
  let summary = what;
  let arguments = (ins TypeAttr:$dtype);
  let ascCall = "AscendC::" # api # "<$dtype>()";
  let assemblyFormat = "$dtype attr-dict";
  let hasVerifier = 1;
}
let ascPipe = "V" in
def AscendC_SetAtomicAddOp : AscendC_SetAtomicTypedOp<"set_atomic_add", "SetAtomicAdd",
    "Later copies to GM add to the destination">;
let ascPipe = "V" in
def AscendC_SetAtomicMaxOp : AscendC_SetAtomicTypedOp<"set_atomic_max", "SetAtomicMax",
    "Later copies to GM keep the maximum">;
let ascPipe = "V" in
def AscendC_SetAtomicMinOp : AscendC_SetAtomicTypedOp<"set_atomic_min", "SetAtomicMin",
    "Later copies to GM keep the minimum">;
let ascPipe = "V" in
def AscendC_SetAtomicTypeOp : AscendC_SetAtomicTypedOp<"set_atomic_type", "SetAtomicType",
    "Sets the element type of atomic copies to GM">;
let ascPipe = "V" in
def AscendC_SetAtomicNoneOp : AscendC_ApiOp<"set_atomic_none", "SetAtomicNone"> {
  let summary = "Later copies to GM overwrite the destination";
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// basic/scalar
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_ScalarCastOp : AscendC_Op<"scalar_cast", [Pure]> {
  let summary = "Converts a scalar with round mode `round_mode` (ScalarCast<T, U, mode>)";
  let arguments = (ins AnyFloat:$value, AscendC_RoundMode:$round_mode);
  let results = (outs AnyType:$result);
  let ascCall = "AscendC::ScalarCast<$type(value), $type(result), $round_mode>($value)";
  let assemblyFormat = "$value `,` $round_mode attr-dict `:` type($value) `to` type($result)";
  let hasVerifier = 1;
}

class AscendC_ScalarBitCountOp<string mnemonic, string api, string what>
    : AscendC_Op<mnemonic, [Pure]> {
  let summary = what;
  let arguments = (ins AnySignlessInteger:$value, I32Attr:$count_value);
  let results = (outs I64:$result);
  let ascCall = "AscendC::" # api # "<$count_value>($value)";
  let assemblyFormat = "$value `,` $count_value attr-dict `:` type($value)";
  let hasVerifier = 1;
}
let ascPipe = "V" in
def AscendC_ScalarGetSFFValueOp : AscendC_ScalarBitCountOp<"scalar_get_sff_value",
    "ScalarGetSFFValue", "The position of the first bit equal to `count_value` (0 or 1)">;
let ascPipe = "V" in
def AscendC_ScalarGetCountOfValueOp : AscendC_ScalarBitCountOp<"scalar_get_count_of_value",
    "ScalarGetCountOfValue", "The number of bits equal to `count_value` (0 or 1)">;

let ascPipe = "V" in
def AscendC_ScalarCountLeadingZeroOp : AscendC_ApiOp<"scalar_count_leading_zero",
    "ScalarCountLeadingZero", [Pure]> {
  let summary = "The number of leading zero bits of a 64-bit value";
  let arguments = (ins AnySignlessInteger:$value);
  let results = (outs I64:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let ascCall = "AscendC::ScalarCountLeadingZero($value)";
}
let ascPipe = "V" in
def AscendC_CountBitsCntSameAsSignBitOp : AscendC_ApiOp<"count_bits_cnt_same_as_sign_bit",
    "CountBitsCntSameAsSignBit", [Pure]> {
  let summary = "The number of bits after the sign bit equal to it";
  let arguments = (ins AnySignlessInteger:$value);
  let results = (outs I64:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
  let ascCall = "AscendC::CountBitsCntSameAsSignBit($value)";
}

//===----------------------------------------------------------------------===//
// basic/proposal
//===----------------------------------------------------------------------===//

class AscendC_SortSizeOp<string mnemonic, string api, string what> : AscendC_Op<mnemonic, [Pure]> {
  let summary = what;
  let arguments = (ins AnySignlessInteger:$value, TypeAttr:$dtype);
  let results = (outs UI32:$result);
  let ascCall = "AscendC::" # api # "<$dtype>($value)";
  let assemblyFormat = "$value `,` $dtype attr-dict `:` type($value)";
  let hasVerifier = 1;
}
let ascPipe = "V" in
def AscendC_GetSortLenOp : AscendC_SortSizeOp<"get_sort_len", "GetSortLen",
    "The length, in elements of `dtype`, of `value` sorted elements">;
let ascPipe = "V" in
def AscendC_GetSortOffsetOp : AscendC_SortSizeOp<"get_sort_offset", "GetSortOffset",
    "The offset, in elements of `dtype`, of sorted element `value`">;

class AscendC_ProposalOp<string mnemonic, string api, string what>
    : AscendC_ApiOp<mnemonic, api, [AscendC_SameElementType<["dst", "src"]>]> {
  let summary = what;
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src,
                       AnySignlessInteger:$repeat_time, AnySignlessInteger:$mode_number);
  let ascCall = "AscendC::" # api # "($dst, $src, $repeat_time, $mode_number)";
  let assemblyFormat = "$dst `,` $src `,` $repeat_time `,` $mode_number attr-dict `:` type($dst) `,` type($src) `,` type($repeat_time) `,` type($mode_number)";
  let hasVerifier = 1;
}
let ascPipe = "V" in
def AscendC_ProposalConcatOp : AscendC_ProposalOp<"proposal_concat", "ProposalConcat",
    "Writes `src` into field `mode_number` of the region proposals in `dst`">;
let ascPipe = "V" in
def AscendC_ProposalExtractOp : AscendC_ProposalOp<"proposal_extract", "ProposalExtract",
    "Extracts field `mode_number` of the region proposals in `src`">;

let ascPipe = "V" in
def AscendC_RpSort16Op : AscendC_ApiOp<"rp_sort16", "RpSort16",
    [AscendC_SameElementType<["dst", "src"]>]> {
  let summary = "Sorts groups of 16 region proposals by score";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src,
                       AnySignlessInteger:$repeat_time);
  let assemblyFormat = "$dst `,` $src `,` $repeat_time attr-dict `:` type($dst) `,` type($src) `,` type($repeat_time)";
  let ascCall = "AscendC::RpSort16($dst, $src, $repeat_time)";
}

let ascPipe = "V" in
def AscendC_SortOp : AscendC_Op<"sort", [AscendC_SameElementType<["dst", "concat", "tmp"]>]> {
  let summary = "Sorts `concat` (values) with `index` by value (Sort<T, isFullSort>)";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$concat,
                       AscendC_LocalTensor:$index, AscendC_LocalTensor:$tmp,
                       AnySignlessInteger:$repeat_time, BoolAttr:$is_full_sort);
  let ascCall = "AscendC::Sort<$elem(dst), $is_full_sort>($dst, $concat, $index, $tmp, $repeat_time)";
  let ascWrites = ["dst", "tmp"];
  let assemblyFormat = "$dst `,` $concat `,` $index `,` $tmp `,` $repeat_time `,` $is_full_sort attr-dict `:` type($dst) `,` type($concat) `,` type($index) `,` type($tmp) `,` type($repeat_time)";
  let hasVerifier = 1;
}

let ascPipe = "V" in
def AscendC_Sort32Op : AscendC_ApiOp<"sort32", "Sort32", [AscendC_SameElementType<["dst", "src0"]>]> {
  let summary = "Sorts groups of 32 values of `src0` with their indices `src1`";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src0,
                       AscendC_LocalTensor:$src1, AnySignlessInteger:$repeat_time);
  let assemblyFormat = "$dst `,` $src0 `,` $src1 `,` $repeat_time attr-dict `:` type($dst) `,` type($src0) `,` type($src1) `,` type($repeat_time)";
  let hasVerifier = 1;
  let ascCall = "AscendC::Sort32($dst, $src0, $src1, $repeat_time)";
}

// MrgSort<T>(dst, MrgSortSrcList<T>, MrgSort4Info): merges up to four sorted
// (value, index) lists (Atlas A2 8-byte regions) into dst, descending.
let ascPipe = "V" in
def AscendC_MrgSortOp : AscendC_Op<"mrg_sort"> {
  let summary = "Merges up to four sorted lists of `sort_list` into `dst` (MrgSort<T>)";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_MrgSortSrcListType:$sort_list,
                       AscendC_MrgSort4InfoType:$params);
  let ascCall = "AscendC::MrgSort<$elem(dst)>($dst, $sort_list, $params)";
  let assemblyFormat = "$dst `,` $sort_list `,` $params attr-dict `:` type($dst) `,` type($sort_list)";
  let hasVerifier = 1;
}
let ascPipe = "V" in
def AscendC_MrgSort4Op : AscendC_Op<"mrg_sort4"> {
  let summary = "Merges up to four sorted region-proposal lists of `src` into `dst` (MrgSort4)";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_MrgSortSrcListType:$src,
                       AscendC_MrgSort4InfoType:$params);
  let ascCall = "AscendC::MrgSort4($dst, $src, $params)";
  let assemblyFormat = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src)";
  let hasVerifier = 1;
}
// GetMrgSortResult(uint16_t& n1, n2, n3, n4): four out-parameters.
let ascPipe = "V" in
def AscendC_GetMrgSortResultOp : AscendC_Op<"get_mrg_sort_result"> {
  let summary = "The numbers of elements the last MrgSort took from each list";
  let results = (outs UI16:$mrg_sort_list1, UI16:$mrg_sort_list2, UI16:$mrg_sort_list3,
                      UI16:$mrg_sort_list4);
  let ascCall = "AscendC::GetMrgSortResult($mrg_sort_list1, $mrg_sort_list2, $mrg_sort_list3, $mrg_sort_list4)";
  let ascOutParams = 1;
  let assemblyFormat = "attr-dict";
}

// GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp): out-parameters.
let ascPipe = "V" in
def AscendC_GetStoreAtomicConfigOp : AscendC_Op<"get_store_atomic_config"> {
  let summary = "The atomic type and operation of stores to GM (AtomicDtype, AtomicOp values)";
  let results = (outs UI16:$atomic_type, UI16:$atomic_op);
  let ascCall = "AscendC::GetStoreAtomicConfig($atomic_type, $atomic_op)";
  let ascOutParams = 1;
  let assemblyFormat = "attr-dict";
}

// GetShapeSize(shapeInfo): the product of the shape's dimensions.
let ascPipe = "V" in
def AscendC_GetShapeSizeOp : AscendC_Op<"get_shape_size", [Pure]> {
  let summary = "The number of elements of a ShapeInfo's shape (GetShapeSize)";
  let arguments = (ins AscendC_ShapeInfoType:$shape_info);
  let results = (outs I32:$result);
  let ascCall = "AscendC::GetShapeSize($shape_info)";
  let assemblyFormat = "$shape_info attr-dict";
}
// shapeInfo.shape[dim] / shapeInfo.originalShape[dim].
let ascPipe = "V" in
def AscendC_ShapeInfoShapeOp : AscendC_Op<"shape_info_shape", [Pure]> {
  let summary = "Dimension `dim` of a ShapeInfo's shape (`info.shape[dim]`)";
  let arguments = (ins AscendC_ShapeInfoType:$shape_info, AnySignlessInteger:$dim);
  let results = (outs I32:$result);
  let ascCall = "$shape_info.shape[$dim]";
  let assemblyFormat = "$shape_info `,` $dim attr-dict `:` type($dim)";
}
let ascPipe = "V" in
def AscendC_ShapeInfoOriginalShapeOp : AscendC_Op<"shape_info_original_shape", [Pure]> {
  let summary = "Dimension `dim` of a ShapeInfo's original shape (`info.originalShape[dim]`)";
  let arguments = (ins AscendC_ShapeInfoType:$shape_info, AnySignlessInteger:$dim);
  let results = (outs I32:$result);
  let ascCall = "$shape_info.originalShape[$dim]";
  let assemblyFormat = "$shape_info `,` $dim attr-dict `:` type($dim)";
}

//===----------------------------------------------------------------------===//
// Signedness
//===----------------------------------------------------------------------===//

// arith works on signless integers; Ascend C APIs return (or fill) unsigned
// ones (GetSortLen: uint32_t, GetMrgSortResult: uint16_t&). The front end
// converts such results to signless values with this op, tracking the
// signedness in its own dtype (and choosing divui/remui/shrui/cmpi u*).
let ascPipe = "V" in
def AscendC_SignCastOp : AscendC_Op<"sign_cast", [Pure]> {
  let summary = "Reinterprets an integer as one of the same width and another signedness";
  let arguments = (ins AnyInteger:$value);
  let results = (outs AnyInteger:$result);
  let ascCall = "static_cast<$type(result)>($value)";
  let assemblyFormat = "$value attr-dict `:` type($value) `to` type($result)";
  let hasVerifier = 1;
}
