// Host-side sizes of the sort APIs (the vendor's adv_api/sort/sort_tiling_intf.h):
// GetConcatTmpSize and GetSortTmpSize for the A2 region-proposal sort, and
// GetSortMaxMinTmpSize, which the vendor implements for the Ascend 950
// (DAV_3510 / DAV_5102) only: on the Model's A2 platform it logs "Unsupported
// NpuArch for Sort API." and returns without setting maxValue / minValue, as
// the vendor's does (impl/adv_api/tiling/sort/sort_tiling_impl.cpp).
#pragma once
#include <cstdint>
#include "tiling/adv_host_log.h"
#include "tiling/tiling_api.h"

namespace AscendC {

using TensorShape = ge::Shape;
using TensorDataType = ge::DataType;

#ifndef ASC_MODEL_SORT_TYPE
#define ASC_MODEL_SORT_TYPE
enum class SortType { RADIX_SORT, MERGE_SORT };
#endif
#ifndef ASCC_STRUCT_SORTCONFIG
#define ASCC_STRUCT_SORTCONFIG
struct SortConfig {
  SortType type = SortType::RADIX_SORT;
  bool isDescend = false;
  bool hasSrcIndex = false;
  bool hasDstIndex = false;
};
#endif

constexpr uint32_t REGION_PROPOSAL_DATA_SIZE_V200 = 8;
constexpr uint32_t REGION_PROPOSAL_DATA_SIZE_HALF_V220 = 4;
constexpr uint32_t REGION_PROPOSAL_DATA_SIZE_FLOAT_V220 = 2;

namespace asc_sort_host {
inline void check(const char* fn, const platform_ascendc::PlatformAscendC& p, uint32_t elemCount,
                  uint32_t dataTypeSize) {
  if (elemCount == 0) {
    asc_host::adv_host_log("Sort", fn, "The elemCount must be greater than 0.");
    return;
  }
  if (dataTypeSize != 2 && dataTypeSize != 4) {
    asc_host::adv_host_log("Sort", fn, "Type size %u is unsupported!", dataTypeSize);
    return;
  }
  uint64_t ub = 0;
  p.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  if (uint64_t(elemCount) * dataTypeSize >= ub)
    asc_host::adv_host_log("Sort", fn, "The size of srcShape is %luB, should be less than UB size.",
                           (unsigned long)(uint64_t(elemCount) * dataTypeSize));
}
}  // namespace asc_sort_host

// A2: Concat needs no temporary space; Sort's is the region proposals (2 floats
// or 4 halves per element).
inline uint32_t GetConcatTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                                 const uint32_t dataTypeSize) {
  asc_sort_host::check("GetConcatTmpSize", ascendcPlatform, elemCount, dataTypeSize);
  return 0;
}
inline uint32_t GetSortTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const uint32_t elemCount,
                               const uint32_t dataTypeSize) {
  asc_sort_host::check("GetSortTmpSize", ascendcPlatform, elemCount, dataTypeSize);
  return elemCount * (dataTypeSize == sizeof(float) ? REGION_PROPOSAL_DATA_SIZE_FLOAT_V220
                                                    : REGION_PROPOSAL_DATA_SIZE_HALF_V220) * dataTypeSize;
}
inline void GetSortMaxMinTmpSize(const TensorShape& srcShape, TensorDataType valueType, TensorDataType indexType,
                                 bool isReuseSource, const SortConfig& config, uint32_t& maxValue,
                                 uint32_t& minValue) {
  (void)srcShape, (void)valueType, (void)indexType, (void)isReuseSource, (void)config, (void)maxValue,
      (void)minValue;
  asc_host::adv_host_log("Sort", "GetSortMaxMinTmpSize", "Unsupported NpuArch for Sort API.");
}

}  // namespace AscendC
