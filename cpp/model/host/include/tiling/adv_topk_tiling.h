// Host side of TopK (the vendor's adv_api/sort/topk_tiling.h and
// topk_tilingdata.h): optiling::TopkTiling, GetTopKMaxMinTmpSize and
// TopKTilingFunc, computed as the vendor's impl/adv_api/tiling/sort/
// topk_tiling_impl.cpp computes them for Atlas A2 (the Model's platform). A
// failed argument check is the vendor's device-log record
// (asc_host::adv_host_log) and the function goes on, as the vendor's does.
//
// The AscendC::tiling::TopkTiling overload writes the kernel's struct (the
// optiling layout, 112 bytes); it is only declared here so that a host-only
// translation unit needs no kernel headers.
#pragma once
#include <cstdint>
#include <cstring>
#include "tiling/adv_host_log.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(TopkTiling)
TILING_DATA_FIELD_DEF(int32_t, tmpLocalSize);
TILING_DATA_FIELD_DEF(int32_t, allDataSize);
TILING_DATA_FIELD_DEF(int32_t, innerDataSize);
TILING_DATA_FIELD_DEF(uint32_t, sortRepeat);
TILING_DATA_FIELD_DEF(int32_t, mrgSortRepeat);
TILING_DATA_FIELD_DEF(int32_t, kAlignFourBytes);
TILING_DATA_FIELD_DEF(int32_t, kAlignTwoBytes);
TILING_DATA_FIELD_DEF(int32_t, maskOffset);
TILING_DATA_FIELD_DEF(int32_t, maskVreducev2FourBytes);
TILING_DATA_FIELD_DEF(int32_t, maskVreducev2TwoBytes);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc1offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc2offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortSrc3offset);
TILING_DATA_FIELD_DEF(int32_t, mrgSortTwoQueueSrc1Offset);
TILING_DATA_FIELD_DEF(int32_t, mrgFourQueueTailPara1);
TILING_DATA_FIELD_DEF(int32_t, mrgFourQueueTailPara2);
TILING_DATA_FIELD_DEF(int32_t, srcIndexOffset);
TILING_DATA_FIELD_DEF(uint32_t, copyUbToUbBlockCount);
TILING_DATA_FIELD_DEF(int32_t, topkMrgSrc1MaskSizeOffset);
TILING_DATA_FIELD_DEF(int32_t, topkNSmallSrcIndexOffset);
TILING_DATA_FIELD_DEF(uint32_t, vreduceValMask0);
TILING_DATA_FIELD_DEF(uint32_t, vreduceValMask1);
TILING_DATA_FIELD_DEF(uint32_t, vreduceIdxMask0);
TILING_DATA_FIELD_DEF(uint32_t, vreduceIdxMask1);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask0);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask1);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask2);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask3);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask4);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask5);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask6);
TILING_DATA_FIELD_DEF(uint16_t, vreducehalfValMask7);
END_TILING_DATA_DEF;
static_assert(sizeof(TopkTiling) == 112, "optiling::TopkTiling: 24 4-byte fields and 8 uint16_t");
}  // namespace optiling

namespace AscendC {
namespace tiling {
struct TopkTiling;
}  // namespace tiling

#ifndef ASC_MODEL_TOPK_MODE
#define ASC_MODEL_TOPK_MODE
enum class TopKMode {
  TOPK_NORMAL,
  TOPK_NSMALL,
};
#endif

namespace asc_topk_host {
inline void check(const char* fn, const platform_ascendc::PlatformAscendC& p, int32_t inner, int32_t outter,
                  TopKMode mode, uint32_t dataTypeSize) {
  if (inner <= 0) asc_host::adv_host_log("TopK", fn, "The length of the inner axis must be greater than 0!");
  if (inner % 32 != 0) asc_host::adv_host_log("TopK", fn, "The length of the inner axis must be a multiple of 32!");
  if (mode == TopKMode::TOPK_NSMALL && inner != 32)
    asc_host::adv_host_log("TopK", fn, "In Small mode, the length of the inner axis must be 32!");
  if (outter <= 0) asc_host::adv_host_log("TopK", fn, "The length of the outter axis must be greater than 0!");
  uint64_t ub = 0;
  p.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  const uint64_t bytes = uint64_t(uint32_t(inner * outter * int32_t(dataTypeSize)));
  if (bytes > ub)
    asc_host::adv_host_log("TopK", fn, "The size of srcShape is %luB, should be less than UB size.",
                           (unsigned long)bytes);
  if (dataTypeSize != 2 && dataTypeSize != 4)
    asc_host::adv_host_log("TopK", fn, "Type size %u is unsupported!", dataTypeSize);
}
// The vendor's mask patterns: k ones; k "10" pairs; k "01" pairs; k "0001" nibbles.
inline uint32_t ones(int32_t k) {
  uint32_t m = 0;
  for (int32_t i = 0; i < k; ++i) m = (m << 1u) | 1u;
  return m;
}
inline uint32_t pairs(int32_t k, uint32_t first) {
  uint32_t m = first;
  for (int32_t i = 1; i < k; ++i) m = (m << 2u) | m;
  return m;
}
inline uint16_t nibbles(int32_t k) {
  uint16_t m = 1;
  for (int32_t i = 1; i < k; ++i) m = uint16_t((m << 4u) | m);
  return m;
}
inline void vreduce_masks(int32_t k, uint32_t dts, optiling::TopkTiling& t) {
  if (k < 17) t.set_vreduceIdxMask0(pairs(k, 2));
  if (k >= 17 && k <= 32) {
    t.set_vreduceIdxMask0(2863311530u);  // 0b1010...10
    t.set_vreduceIdxMask1(pairs(k - 16, 2));
  }
  if (dts == 4) {
    if (k < 17) t.set_vreduceValMask0(pairs(k, 1));
    if (k >= 17 && k <= 32) {
      t.set_vreduceValMask0(pairs(16, 1));
      t.set_vreduceValMask1(pairs(k - 16, 1));
    }
    return;
  }
  // half: the j-th 16-bit mask covers values 4j+1 .. 4j+4 (0001 per value)
  uint16_t* masks[8] = {&t.vreducehalfValMask0, &t.vreducehalfValMask1, &t.vreducehalfValMask2,
                        &t.vreducehalfValMask3, &t.vreducehalfValMask4, &t.vreducehalfValMask5,
                        &t.vreducehalfValMask6, &t.vreducehalfValMask7};
  *masks[0] = k < 5 ? nibbles(k) : uint16_t(4369);  // 0x1111
  for (int32_t j = 1; j < 8; ++j) {
    const int32_t lo = 4 * j + 1;  // the first k this mask is used for
    *masks[j] = k >= lo ? nibbles(k >= lo + 4 ? 4 : k - 4 * j) : uint16_t(0);
  }
}
}  // namespace asc_topk_host

inline bool GetTopKMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                                 const int32_t outter, const bool isReuseSource, const bool isInitIndex,
                                 enum TopKMode mode, const bool isLargest, const uint32_t dataTypeSize,
                                 uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  asc_topk_host::check("GetTopKMaxMinTmpSize", ascendcPlatform, inner, outter, mode, dataTypeSize);
  const uint32_t in = uint32_t(inner), all = uint32_t(inner * outter);
  if (mode == TopKMode::TOPK_NORMAL) {
    minValue = maxValue = (isInitIndex ? 16u : 20u) * in;
  } else {
    // Sort32's 8 bytes per element, the negated copy (smallest first), the 64-byte mask block, the indices
    minValue = maxValue = all * 8 + (isLargest ? 0 : all * 4) + 64 + (isInitIndex ? 0 : all * 4);
  }
  return true;
}

inline bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                           const int32_t outter, const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex,
                           enum TopKMode mode, const bool isLargest, optiling::TopkTiling& topKTiling) {
  asc_topk_host::check("TopKTilingFunc", ascendcPlatform, inner, outter, mode, dataTypeSize);
  if (k < 1 || k > inner) asc_host::adv_host_log("TopK", "TopKTilingFunc", "The range of value k is [1, %d]!", inner);
  if (dataTypeSize == 0) return false;
  optiling::TopkTiling& t = topKTiling;
  const int32_t half = dataTypeSize == 2;
  t.set_allDataSize(inner * outter);
  const int32_t kAlign4 = (k + 7) / 8 * 8, kAlign2 = (k + 15) / 16 * 16;
  t.set_kAlignFourBytes(kAlign4);
  if (mode == TopKMode::TOPK_NORMAL) {
    t.set_tmpLocalSize(half ? 8 * inner : 4 * inner);
    t.set_innerDataSize(half ? 4 * inner : 2 * inner);
    t.set_copyUbToUbBlockCount(uint32_t(inner * 2 * 4 / 32));
    t.set_sortRepeat(uint32_t(inner / 32));
    t.set_mrgSortRepeat(inner / 4);
    t.set_kAlignTwoBytes(kAlign2);
    t.set_maskOffset(outter * (half ? kAlign2 : kAlign4));
    t.set_maskVreducev2FourBytes(2 * k);
    t.set_maskVreducev2TwoBytes(4 * k);
    t.set_mrgSortSrc1offset(half ? 4 : 2);
    t.set_mrgSortSrc2offset(half ? 8 : 4);
    t.set_mrgSortSrc3offset(half ? 12 : 6);
    t.set_mrgSortTwoQueueSrc1Offset(half ? 4 : 2);
    t.set_mrgFourQueueTailPara1(inner * 2);
    t.set_mrgFourQueueTailPara2(int32_t(sizeof(float) / dataTypeSize));
    if (!isInitIndex) {
      t.set_tmpLocalSize(half ? 8 * inner + 2 * inner : 4 * inner + inner);
      t.set_srcIndexOffset(half ? 8 * inner : 4 * inner);
    }
  } else {
    const int32_t innerData = inner * outter * int32_t(8 / dataTypeSize);
    t.set_innerDataSize(innerData);
    t.set_maskOffset(outter * k);
    const int32_t maskOff = innerData + (isLargest ? 0 : inner * outter);
    t.set_topkMrgSrc1MaskSizeOffset(maskOff);
    t.set_tmpLocalSize(maskOff + int32_t(64 / dataTypeSize));
    if (!isInitIndex) {
      const int32_t idxOff = maskOff + int32_t(64 / dataTypeSize);
      t.set_tmpLocalSize(idxOff + inner * outter * int32_t(4 / dataTypeSize));
      t.set_topkNSmallSrcIndexOffset(idxOff);
    }
    asc_topk_host::vreduce_masks(k, dataTypeSize, t);
  }
  return true;
}
inline bool TopKTilingFunc(const platform_ascendc::PlatformAscendC& ascendcPlatform, const int32_t inner,
                           const int32_t outter, const int32_t k, const uint32_t dataTypeSize, const bool isInitIndex,
                           enum TopKMode mode, const bool isLargest, AscendC::tiling::TopkTiling& topKTiling) {
  optiling::TopkTiling t;
  const bool ok = TopKTilingFunc(ascendcPlatform, inner, outter, k, dataTypeSize, isInitIndex, mode, isLargest, t);
  std::memcpy(static_cast<void*>(&topKTiling), &t, sizeof t);
  return ok;
}

}  // namespace AscendC
