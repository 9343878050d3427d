// The adv Matmul's compile-time config: MatmulConfig with the vendor's members
// and defaults, the factories that build one (GetNormalConfig, GetMDLConfig,
// GetSpecialMDLConfig, GetBasicConfig, GetIBShareNormConfig, GetMMConfig and
// its parameter groups) and the predefined constants CFG_NORM, CFG_MDL,
// MM_CFG_BB and CFG_IBSHARE_NORM. All at global scope, as in the vendor's
// adv_api/matmul/matmul_config.h and tiling.h, so an Ascend C program's
// `constexpr static MatmulConfig CFG = GetNormalConfig(false, true);` and the
// configs asc emits (a predefined constant with some members set) compile
// against the Model unchanged.
//
// The Model's Matmul reads isNBatch (IterateNBatch / GetBatchTensorC do
// nothing without it, as the vendor's) and the members that select an API's
// presence; the schedule members (doMultiDataLoad, doBasicBlock, stepM, ...)
// change how the device moves data, not the numbers, and the Model's single
// schedule serves them all.
#pragma once
#define ASC_MODEL_MATMUL_ENUMS
#include "asc_model/generated_enums.h"
#include <cstdint>
#include <type_traits>

constexpr uint32_t SHARED_CO1_BUFFER_SIZE = 64 * 1024;

enum class DecompressionMode {
  DECOMP_NONE = 0, DECOMP_2bitTo8bit = 1, DECOMP_3bitTo8bit = 2, DECOMP_4bitTo8bit = 3, DECOMP_16bitTo64bit = 4,
  DECOMP_1bitTo8bit = 5, DECOMP_1bitTo4bit = 6, DECOMP_2bitTo4bit = 7, DECOMP_3bitTo4bit = 8,
};

// The vendor's members in its order (positional initialisers stay valid).
struct MatmulConfig {
  bool doNorm;
  bool doBasicBlock;
  bool doMultiDataLoad;
  uint32_t basicM;
  uint32_t basicN;
  uint32_t basicK;
  bool intrinsicsCheck;
  bool isNBatch;
  bool enVecND2NZ;
  bool doSpecialBasicBlock;
  uint32_t doMTE2Preload;
  uint32_t singleCoreM;
  uint32_t singleCoreN;
  uint32_t singleCoreK;
  uint32_t stepM;
  uint32_t stepN;
  uint32_t baseMN;
  uint32_t singleCoreMN;
  bool enUnitFlag = true;
  bool isPerTensor;
  bool hasAntiQuantOffset;
  bool doIBShareNorm;
  bool doSpecialMDL;
  bool enableInit = true;
  BatchMode batchMode;
  bool enableEnd = true;
  bool enableGetTensorC = true;
  bool enableSetOrgShape = true;
  bool enableSetBias = true;
  bool enableSetTail = true;
  bool enableQuantVector = true;
  bool enableSetDefineData = true;
  uint8_t iterateMode = static_cast<uint8_t>(IterateMode::ITERATE_MODE_DEFAULT);
  bool enableReuse = true;
  bool enableUBReuse;
  bool enableL1CacheUB;
  bool intraBlockPartSum = false;
  IterateOrder iterateOrder{IterateOrder::UNDEF};
  ScheduleType scheduleType;
  bool enableDoubleCache;
  bool isBiasBatch = true;
  bool enableStaticPadZeros = false;
  bool isPartialOutput = false;
  bool enableMixDualMaster = false;
  bool isA2B2Shared = false;
  bool isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false;
  bool isCO1Shared = false;
  uint32_t sharedCO1BufferSize = SHARED_CO1_BUFFER_SIZE;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
  bool enableL1BankConflictOptimise = false;
  bool enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

namespace asc_model {
// Every member zero / false except the ones the vendor's factories all share.
constexpr MatmulConfig matmul_config_base() {
  MatmulConfig c{};
  c.enUnitFlag = true;
  c.enableInit = c.enableEnd = c.enableGetTensorC = c.enableSetOrgShape = c.enableSetBias = true;
  c.enableSetTail = c.enableQuantVector = c.enableSetDefineData = true;
  c.iterateMode = static_cast<uint8_t>(IterateMode::ITERATE_MODE_DEFAULT);
  c.enableReuse = true;
  c.enableUBReuse = true;
  c.iterateOrder = IterateOrder::UNDEF;
  c.scheduleType = ScheduleType::INNER_PRODUCT;
  c.isBiasBatch = true;
  c.sharedCO1BufferSize = SHARED_CO1_BUFFER_SIZE;
  c.bmmOutMode = BatchOutMode::SINGLE_BATCH;
  return c;
}
}  // namespace asc_model

// The norm schedule: one base block at a time through L1.
constexpr MatmulConfig GetNormalConfig(bool intrinsicsLimit = false, bool batchLoop = false,
                                       bool isVecND2NZ = false, BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                       bool isMsgReuse = true, IterateOrder iterateOrder = IterateOrder::UNDEF,
                                       ScheduleType scheduleType = ScheduleType::INNER_PRODUCT,
                                       bool enUnitFlag = true, bool enableMixDualMaster = false,
                                       BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH) {
  MatmulConfig c = asc_model::matmul_config_base();
  c.doNorm = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = enUnitFlag;
  c.batchMode = bmmMode;
  c.enableReuse = isMsgReuse;
  c.iterateOrder = iterateOrder;
  c.scheduleType = scheduleType;
  c.enableMixDualMaster = enableMixDualMaster;
  c.bmmOutMode = bmmOutMode;
  return c;
}

// Multi-data-load: several base blocks per GM -> L1 copy.
constexpr MatmulConfig GetMDLConfig(bool intrinsicsLimit = false, bool batchLoop = false, uint32_t doMTE2Preload = 0,
                                    bool isVecND2NZ = false, bool isPerTensor = false, bool hasAntiQuantOffset = false,
                                    bool enUnitFlag = false, bool isMsgReuse = true, bool enableUBReuse = true,
                                    bool enableL1CacheUB = false, bool enableMixDualMaster = false,
                                    bool enableKdimReorderLoad = false, bool enableL1BankConflictOptimise = false) {
  MatmulConfig c = asc_model::matmul_config_base();
  c.doMultiDataLoad = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.enUnitFlag = enUnitFlag;
  c.batchMode = BatchMode::NONE;
  c.enableReuse = isMsgReuse;
  c.enableUBReuse = enableUBReuse;
  c.enableL1CacheUB = enableL1CacheUB;
  c.enableMixDualMaster = enableMixDualMaster;
  c.enableKdimReorderLoad = enableKdimReorderLoad;
  c.enableL1BankConflictOptimise = enableL1BankConflictOptimise;
  return c;
}

constexpr MatmulConfig GetSpecialMDLConfig(bool intrinsicsLimit = false, bool batchLoop = false,
                                           uint32_t doMTE2Preload = 0, bool isVecND2NZ = false,
                                           bool isPerTensor = false, bool hasAntiQuantOffset = false) {
  MatmulConfig c = asc_model::matmul_config_base();
  c.doSpecialMDL = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.doMTE2Preload = doMTE2Preload;
  c.enVecND2NZ = isVecND2NZ;
  c.isPerTensor = isPerTensor;
  c.hasAntiQuantOffset = hasAntiQuantOffset;
  c.enUnitFlag = false;
  c.batchMode = BatchMode::NONE;
  return c;
}

// Fixed base block sizes.
constexpr MatmulConfig GetBasicConfig(uint32_t basicM, uint32_t basicN, uint32_t basicK, bool intrinsicsLimit = false,
                                      bool batchLoop = false, BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
  MatmulConfig c = asc_model::matmul_config_base();
  c.doBasicBlock = true;
  c.basicM = basicM;
  c.basicN = basicN;
  c.basicK = basicK;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enUnitFlag = false;
  c.batchMode = bmmMode;
  return c;
}

// A and B shared by the two vector cores of a cube core.
constexpr MatmulConfig GetIBShareNormConfig(bool intrinsicsLimit = false, bool batchLoop = false,
                                            bool isVecND2NZ = false, BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                            bool isDoubleCache = false, bool enUnitFlag = true) {
  MatmulConfig c = asc_model::matmul_config_base();
  c.doIBShareNorm = true;
  c.intrinsicsCheck = intrinsicsLimit;
  c.isNBatch = batchLoop;
  c.enVecND2NZ = isVecND2NZ;
  c.enUnitFlag = enUnitFlag;
  c.batchMode = bmmMode;
  c.enableDoubleCache = isDoubleCache;
  return c;
}

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();
constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);
constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();

// GetMMConfig<mode>(groups...): the mode's config with each group's members set.
struct MatmulShapeParams {
  uint32_t singleCoreM, singleCoreN, singleCoreK, basicM, basicN, basicK;
};
struct MatmulQuantParams {
  bool isPerTensor, hasAntiQuantOffset;
};
struct MatmulBatchParams {
  bool isNBatch;
  BatchMode batchMode;
  bool isBiasBatch = true;
  BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};
struct MatmulFuncParams {
  bool intrinsicsCheck, enVecND2NZ, enableDoubleCache, enableL1CacheUB;
  uint32_t doMTE2Preload;
  IterateOrder iterateOrder;
  ScheduleType scheduleType;
  bool enableReuse = true;
  bool enableUBReuse;
  bool isPartialOutput = false, isA2B2Shared = false, isEnableChannelSplit = false;
  bool enableKdimReorderLoad = false, enableL1BankConflictOptimise = false, enableRelu = false;
  DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};
struct MatmulBiasParams {
  bool enableSetBias = true;
};

namespace asc_model {
constexpr void apply_mm_params(MatmulConfig&) {}
template <class P, class... Rest>
constexpr void apply_mm_params(MatmulConfig& c, const P& p, const Rest&... rest) {
  if constexpr (std::is_same_v<P, MatmulShapeParams>) {
    c.singleCoreM = p.singleCoreM, c.singleCoreN = p.singleCoreN, c.singleCoreK = p.singleCoreK;
    c.basicM = p.basicM, c.basicN = p.basicN, c.basicK = p.basicK;
  } else if constexpr (std::is_same_v<P, MatmulQuantParams>) {
    c.isPerTensor = p.isPerTensor, c.hasAntiQuantOffset = p.hasAntiQuantOffset;
  } else if constexpr (std::is_same_v<P, MatmulBatchParams>) {
    c.isNBatch = p.isNBatch, c.batchMode = p.batchMode, c.isBiasBatch = p.isBiasBatch, c.bmmOutMode = p.bmmOutMode;
  } else if constexpr (std::is_same_v<P, MatmulFuncParams>) {
    c.intrinsicsCheck = p.intrinsicsCheck, c.enVecND2NZ = p.enVecND2NZ, c.enableDoubleCache = p.enableDoubleCache;
    c.enableL1CacheUB = p.enableL1CacheUB, c.doMTE2Preload = p.doMTE2Preload, c.iterateOrder = p.iterateOrder;
    c.scheduleType = p.scheduleType, c.enableReuse = p.enableReuse, c.enableUBReuse = p.enableUBReuse;
    c.isPartialOutput = p.isPartialOutput, c.isA2B2Shared = p.isA2B2Shared;
    c.isEnableChannelSplit = p.isEnableChannelSplit, c.enableKdimReorderLoad = p.enableKdimReorderLoad;
    c.enableL1BankConflictOptimise = p.enableL1BankConflictOptimise, c.enableRelu = p.enableRelu;
    c.decompMode = p.decompMode;
  } else if constexpr (std::is_same_v<P, MatmulBiasParams>) {
    c.enableSetBias = p.enableSetBias;
  } else {
    static_assert(sizeof(P) == 0, "GetMMConfig takes MatmulShapeParams, MatmulQuantParams, MatmulBatchParams, "
                                  "MatmulFuncParams or MatmulBiasParams");
  }
  apply_mm_params(c, rest...);
}
}  // namespace asc_model

template <MatmulConfigMode configMode, class... ArgTypes>
constexpr MatmulConfig GetMMConfig(ArgTypes&&... args) {
  MatmulConfig c = configMode == MatmulConfigMode::CONFIG_MDL          ? CFG_MDL
                   : configMode == MatmulConfigMode::CONFIG_SPECIALMDL ? GetSpecialMDLConfig()
                   : configMode == MatmulConfigMode::CONFIG_IBSHARE    ? CFG_IBSHARE_NORM
                                                                       : CFG_NORM;
  asc_model::apply_mm_params(c, args...);
  return c;
}

namespace asc_model {
// The MatmulConfig of a Matmul's MM_CFG argument: a MatmulConfig, or a
// MatmulApiStaticTiling (GetMatmulApiTiling's result) through its `cfg`.
template <class T>
constexpr const MatmulConfig& to_matmul_config(const T& cfg) {
  if constexpr (std::is_same_v<T, MatmulConfig>) return cfg;
  else return cfg.cfg;
}
}  // namespace asc_model

// The vendor declares it at global scope (adv_api/matmul/tiling.h): every size
// -1 until GetMatmulApiTiling fixes it, and the config it was made for.
struct MatmulApiStaticTiling {
  int32_t usedCoreNum = -1, M = -1, N = -1, Ka = -1, Kb = -1, singleCoreM = -1, singleCoreN = -1, singleCoreK = -1;
  int32_t baseM = -1, baseN = -1, baseK = -1, depthA1 = -1, depthB1 = -1, stepM = -1, stepN = -1, isBias = -1;
  int32_t transLength = -1, iterateOrder = -1, shareMode = -1, shareL1Size = -1, shareL0CSize = -1;
  int32_t shareUbSize = -1, stepKa = -1, stepKb = -1, depthAL1CacheUB = -1, depthBL1CacheUB = -1, dbL0A = -1;
  int32_t dbL0B = -1, dbL0C = -1;
  int32_t ALayoutInfoB = -1, ALayoutInfoS = -1, ALayoutInfoN = -1, ALayoutInfoG = -1, ALayoutInfoD = -1;
  int32_t BLayoutInfoB = -1, BLayoutInfoS = -1, BLayoutInfoN = -1, BLayoutInfoG = -1, BLayoutInfoD = -1;
  int32_t CLayoutInfoB = -1, CLayoutInfoS1 = -1, CLayoutInfoN = -1, CLayoutInfoG = -1, CLayoutInfoS2 = -1;
  int32_t BatchNum = -1, mxTypePara = -1;
  MatmulConfig cfg = CFG_NORM;
};
