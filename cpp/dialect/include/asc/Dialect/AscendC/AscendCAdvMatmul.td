//===- AscendCAdvMatmul.td - the Matmul object and its tiling structs -*- tablegen -*-===//
//
// The adv Matmul API's types: the tiling structs the host fills
// (TCubeTiling, passed to the kernel by value; MatmulApiStaticTiling) and the
// Matmul object `AscendC::Matmul<A, B, C, BIAS, MM_CFG>` whose template
// arguments (the four MatmulType<position, format, T, isTrans> and the config)
// are the type's parameters. The ops are in ops/AdvMatmul.td.
//
//===----------------------------------------------------------------------===//

// All fields int32 (pyasc's names are the snake_case of the C++ ones, with
// Ka/Kb -> k_a/k_b and stepKa/stepKb -> step_k_a/step_k_b).
// The tiling structs are AscendC::tiling's (the vendor generates them into
// kernel_tiling/kernel_tiling.h, with a global `using` of each).
def AscendC_TCubeTilingType : AscendC_StructType<"TCubeTiling", "tcube_tiling", "tiling::TCubeTiling",
    ["usedCoreNum", "M", "N", "Ka", "Kb", "singleCoreM", "singleCoreN", "singleCoreK", "baseM",
     "baseN", "baseK", "depthA1", "depthB1", "stepM", "stepN", "isBias", "transLength",
     "iterateOrder", "shareMode", "shareL1Size", "shareL0CSize", "shareUbSize", "batchM", "batchN",
     "singleBatchM", "singleBatchN", "stepKa", "stepKb", "depthAL1CacheUB", "depthBL1CacheUB",
     "dbL0A", "dbL0B", "dbL0C", "ALayoutInfoB", "ALayoutInfoS", "ALayoutInfoN", "ALayoutInfoG",
     "ALayoutInfoD", "BLayoutInfoB", "BLayoutInfoS", "BLayoutInfoN", "BLayoutInfoG",
     "BLayoutInfoD", "CLayoutInfoB", "CLayoutInfoS1", "CLayoutInfoN", "CLayoutInfoG",
     "CLayoutInfoS2", "BatchNum"]> {
  let pyFieldNames =
    ["used_core_num", "m", "n", "k_a", "k_b", "single_core_m", "single_core_n", "single_core_k",
     "base_m", "base_n", "base_k", "depth_a1", "depth_b1", "step_m", "step_n", "is_bias",
     "trans_length", "iterate_order", "share_mode", "share_l1_size", "share_l0c_size",
     "share_ub_size", "batch_m", "batch_n", "single_batch_m", "single_batch_n", "step_k_a",
     "step_k_b", "depth_a_l1_cache_ub", "depth_b_l1_cache_ub", "db_l0a", "db_l0b", "db_l0c",
     "a_layout_info_b", "a_layout_info_s", "a_layout_info_n", "a_layout_info_g", "a_layout_info_d",
     "b_layout_info_b", "b_layout_info_s", "b_layout_info_n", "b_layout_info_g", "b_layout_info_d",
     "c_layout_info_b", "c_layout_info_s1", "c_layout_info_n", "c_layout_info_g",
     "c_layout_info_s2", "batch_num"];
}

// The compile-time tiling of GetMatmulApiTiling: TCubeTiling without the four
// batch fields, plus mxTypePara.
def AscendC_MatmulApiStaticTilingType : AscendC_StructType<"MatmulApiStaticTiling",
    "matmul_api_static_tiling", "::MatmulApiStaticTiling",
    ["usedCoreNum", "M", "N", "Ka", "Kb", "singleCoreM", "singleCoreN", "singleCoreK", "baseM",
     "baseN", "baseK", "depthA1", "depthB1", "stepM", "stepN", "isBias", "transLength",
     "iterateOrder", "shareMode", "shareL1Size", "shareL0CSize", "shareUbSize", "stepKa", "stepKb",
     "depthAL1CacheUB", "depthBL1CacheUB", "dbL0A", "dbL0B", "dbL0C", "ALayoutInfoB",
     "ALayoutInfoS", "ALayoutInfoN", "ALayoutInfoG", "ALayoutInfoD", "BLayoutInfoB",
     "BLayoutInfoS", "BLayoutInfoN", "BLayoutInfoG", "BLayoutInfoD", "CLayoutInfoB",
     "CLayoutInfoS1", "CLayoutInfoN", "CLayoutInfoG", "CLayoutInfoS2", "BatchNum", "mxTypePara"]> {
  let pyFieldNames =
    ["used_core_num", "m", "n", "k_a", "k_b", "single_core_m", "single_core_n", "single_core_k",
     "base_m", "base_n", "base_k", "depth_a1", "depth_b1", "step_m", "step_n", "is_bias",
     "trans_length", "iterate_order", "share_mode", "share_l1_size", "share_l0c_size",
     "share_ub_size", "step_k_a", "step_k_b", "depth_a_l1_cache_ub", "depth_b_l1_cache_ub",
     "db_l0a", "db_l0b", "db_l0c", "a_layout_info_b", "a_layout_info_s", "a_layout_info_n",
     "a_layout_info_g", "a_layout_info_d", "b_layout_info_b", "b_layout_info_s", "b_layout_info_n",
     "b_layout_info_g", "b_layout_info_d", "c_layout_info_b", "c_layout_info_s1",
     "c_layout_info_n", "c_layout_info_g", "c_layout_info_s2", "batch_num", "mx_type_para"];
}

// AscendC::Matmul<MatmulType<aPos, aFmt, aType, aTrans>, MatmulType<...b...>,
// MatmulType<cPos, cFmt, cType>, MatmulType<biasPos, biasFmt, biasType>, CFG>,
// CFG being the predefined config of `config` (CFG_NORM, CFG_MDL,
// GetSpecialMDLConfig(), CFG_IBSHARE_NORM) with the MatmulConfig members of
// `fields` set to other values (`fields = {isNBatch = true, basicM = 128 : i32}`:
// the vendor's member names; bools, integers, and the enum members BatchMode /
// IterateOrder / ScheduleType / BatchOutMode as their integer values); a side
// with a batch layout prints MatmulType<pos, fmt, T, isTrans, LayoutMode::L>.
def AscendC_MatmulType : AscendC_Type<"Matmul", "matmul"> {
  let summary = "AscendC::Matmul<A, B, C, BIAS, MM_CFG>: the adv matrix-multiply object";
  let parameters = (ins
      "::mlir::ascendc::TPosition":$aPos, "::mlir::ascendc::CubeFormat":$aFmt, "::mlir::Type":$aType,
      "bool":$aTrans,
      "::mlir::ascendc::TPosition":$bPos, "::mlir::ascendc::CubeFormat":$bFmt, "::mlir::Type":$bType,
      "bool":$bTrans,
      "::mlir::ascendc::TPosition":$cPos, "::mlir::ascendc::CubeFormat":$cFmt, "::mlir::Type":$cType,
      "::mlir::ascendc::TPosition":$biasPos, "::mlir::ascendc::CubeFormat":$biasFmt,
      "::mlir::Type":$biasType,
      "::mlir::ascendc::MatmulConfigMode":$config,
      // The batch layouts of A, B and C (MatmulType's 5th template argument),
      // omitted in the text when NONE.
      DefaultValuedParameter<"::mlir::ascendc::LayoutMode", "::mlir::ascendc::LayoutMode::NONE">:$aLayout,
      DefaultValuedParameter<"::mlir::ascendc::LayoutMode", "::mlir::ascendc::LayoutMode::NONE">:$bLayout,
      DefaultValuedParameter<"::mlir::ascendc::LayoutMode", "::mlir::ascendc::LayoutMode::NONE">:$cLayout,
      // The config's members that differ from `config`'s predefined constant.
      OptionalParameter<"::mlir::DictionaryAttr">:$fields);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}
def AscendC_Matmul : Type<CPred<"::llvm::isa<::mlir::ascendc::MatmulType>($_self)">,
                          "Matmul", "::mlir::ascendc::MatmulType">;
