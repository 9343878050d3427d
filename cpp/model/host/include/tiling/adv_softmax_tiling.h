// Host side of the softmax family and GeGLU (the vendor's
// adv_api/activation/{softmax,logsoftmax,geglu}_tiling.h): the temporary-buffer
// sizes and the SoftMaxTiling split, computed as the vendor's
// impl/adv_api/tiling/activation/{softmax,logsoftmax,geglu}_tiling.cpp compute
// them for Atlas A2 (the one platform the Model has), because kernels size
// their buffers and loops with them. A failed argument check is the vendor's
// device-log record (asc_host::adv_host_log) and the function goes on or
// returns 0, as the vendor's.
//
// The AscendC::tiling:: overloads write the kernel's struct (16 uint32_t, the
// optiling struct's layout); it is only declared here so that a host-only
// translation unit needs no kernel headers.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>
#include "tiling/adv_host_log.h"
#include "tiling/tiling_api.h"

namespace optiling {
#define ASC_SOFTMAX_TILING_FIELDS                                                                          \
  TILING_DATA_FIELD_DEF(uint32_t, srcM);                                                                   \
  TILING_DATA_FIELD_DEF(uint32_t, srcK);                                                                   \
  TILING_DATA_FIELD_DEF(uint32_t, srcSize);                                                                \
  TILING_DATA_FIELD_DEF(uint32_t, outMaxM);                                                                \
  TILING_DATA_FIELD_DEF(uint32_t, outMaxK);                                                                \
  TILING_DATA_FIELD_DEF(uint32_t, outMaxSize);                                                             \
  TILING_DATA_FIELD_DEF(uint32_t, splitM);                                                                 \
  TILING_DATA_FIELD_DEF(uint32_t, splitK);                                                                 \
  TILING_DATA_FIELD_DEF(uint32_t, splitSize);                                                              \
  TILING_DATA_FIELD_DEF(uint32_t, reduceM);                                                                \
  TILING_DATA_FIELD_DEF(uint32_t, reduceK);                                                                \
  TILING_DATA_FIELD_DEF(uint32_t, reduceSize);                                                             \
  TILING_DATA_FIELD_DEF(uint32_t, rangeM);                                                                 \
  TILING_DATA_FIELD_DEF(uint32_t, tailM);                                                                  \
  TILING_DATA_FIELD_DEF(uint32_t, tailSplitSize);                                                          \
  TILING_DATA_FIELD_DEF(uint32_t, tailReduceSize);
BEGIN_TILING_DATA_DEF(SoftMaxTiling)
ASC_SOFTMAX_TILING_FIELDS
END_TILING_DATA_DEF;
BEGIN_TILING_DATA_DEF(LogSoftMaxTiling)
ASC_SOFTMAX_TILING_FIELDS
END_TILING_DATA_DEF;
#undef ASC_SOFTMAX_TILING_FIELDS
static_assert(sizeof(SoftMaxTiling) == 16 * sizeof(uint32_t) && sizeof(LogSoftMaxTiling) == sizeof(SoftMaxTiling),
              "the softmax tiling structs are 16 packed uint32 fields");
}  // namespace optiling

namespace AscendC {
namespace tiling {
struct SoftMaxTiling;
struct LogSoftMaxTiling;
}  // namespace tiling

using TensorShape = ge::Shape;

namespace asc_softmax_host {
constexpr uint32_t kBlk = 32, kHalf = 2, kFloat = 4, kTmpCount = 2, kFlashUpdateCount = 4, kGradCount = 3;
constexpr uint32_t kBasicTile = kBlk / kFloat;  // 8 rows
constexpr uint32_t kBasicMin = 256, kUnit = 64, kSpecialLen = kBasicMin * kFloat, kV3Count = 5;

// [m, k]: k the last dimension, m the product of the others.
inline bool last_axis(const TensorShape& s, uint32_t& m, uint32_t& k) {
  const auto& d = s.GetDims();
  if (d.empty() || d.back() <= 0) return false;
  uint64_t n = 1;
  for (int64_t x : d) n *= uint64_t(x);
  k = uint32_t(d.back());
  m = uint32_t(n / k);
  return true;
}
// The shared argument checks; false when the vendor returns early.
inline bool check(const char* api, const TensorShape& s, uint32_t typeSize, uint32_t& m, uint32_t& k,
                  bool lastAxisAligned = true) {
  if (s.GetShapeSize() <= 0 || !last_axis(s, m, k)) {
    asc_host::adv_host_log("SoftMax", api, "input srcShape size must be greater than 0.");
    return false;
  }
  if (typeSize != kHalf && typeSize != kFloat) {
    asc_host::adv_host_log("SoftMax", api, "dataTypeSize input error, dataType now only support half or float.");
    return false;
  }
  if (lastAxisAligned && uint64_t(k) * typeSize % kBlk != 0)
    asc_host::adv_host_log("SoftMax", api, "the last axis (%u elements) must be 32-byte aligned.", k);
  return true;
}
inline void basic_block_base_m(uint32_t& baseM, uint32_t m, uint32_t k) {
  if (baseM > kBasicTile && m % kBasicTile == 0 && k % kUnit == 0) {
    baseM = baseM / kBasicTile * kBasicTile;
    while (m % baseM != 0) baseM -= kBasicTile;
    while (baseM * k >= kUnit * kBasicMin) baseM /= kHalf;
  }
}
// Every field from [m, k], the rows per pass (baseM) and the sum/max block.
template <class Tiling>
void fill(Tiling& t, uint32_t m, uint32_t k, uint32_t baseM, uint32_t blk, bool tailOnlyWithBase = false) {
  t.set_srcM(m);
  t.set_srcK(k);
  t.set_srcSize(m * k);
  t.set_outMaxM(m);
  t.set_outMaxK(blk);
  t.set_outMaxSize(m * blk);
  t.set_splitM(baseM);
  t.set_splitK(k);
  t.set_splitSize(baseM * k);
  t.set_reduceM(baseM);
  t.set_reduceK(blk);
  t.set_reduceSize(baseM * blk);
  if (baseM == 0) {
    if (tailOnlyWithBase) return;
    t.set_tailM(0);
    t.set_tailSplitSize(0);
    t.set_tailReduceSize(0);
    return;
  }
  uint32_t tail = m % baseM;
  t.set_rangeM(m / baseM);
  t.set_tailM(tail);
  t.set_tailSplitSize(tail * k);
  t.set_tailReduceSize(tail * blk);
}
inline uint32_t round_rows(uint32_t baseM, uint32_t m, uint32_t tile = kBasicTile) {
  baseM = std::min(baseM, m);
  if (baseM < m && baseM > tile) baseM = baseM / tile * tile;
  return baseM;
}
template <class Kernel, class Host>
void to_kernel(Kernel& k, const Host& h) {
  std::memcpy(static_cast<void*>(&k), &h, sizeof(Host));
}
}  // namespace asc_softmax_host

// ---- GeGLU: four float intermediates per half element, none for float.
inline void GetGeGLUMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                  uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  if (typeSize != 2 && typeSize != 4)
    asc_host::adv_host_log("GeGLU", "GetGeGLUMaxMinTmpSize", "Type size %u is unsupported!", typeSize);
  if (srcShape.GetShapeSize() <= 0) {
    asc_host::adv_host_log("GeGLU", "GetGeGLUMaxMinTmpSize", "Input Shape size must be greater than 0.");
    return;
  }
  const uint32_t fac = typeSize == sizeof(float) ? 0 : 4;
  minValue = fac * 256;
  maxValue = fac * std::max<uint32_t>(uint32_t(srcShape.GetShapeSize()) * typeSize, 256);
}
inline void GetGeGLUTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  extraBuf = 0;
  maxLiveNodeCount = typeSize == sizeof(float) ? 0 : 4;
}

// ---- SoftMax: per row a block of sum/max, the row and a 64-float reduction area.
inline uint32_t GetSoftMaxMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                     const bool isReuseSource) {
  (void)isReuseSource;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("GetSoftMaxMaxTmpSize", srcShape, dataTypeSize, m, k)) return 0;
  return m * (kBlk / dataTypeSize + k + kUnit) * kFloat;
}
inline uint32_t GetSoftMaxMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                     const bool isReuseSource) {
  (void)isReuseSource;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("GetSoftMaxMinTmpSize", srcShape, dataTypeSize, m, k)) return 0;
  return (kBlk / dataTypeSize + k + kUnit) * kFloat;
}
inline void SoftMaxTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                              const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxTiling) {
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("SoftMaxTilingFunc", srcShape, dataTypeSize, m, k)) return;
  const uint32_t blk = kBlk / dataTypeSize;
  uint32_t baseM = round_rows(localWorkSpaceSize / kFloat / (blk + k + kUnit), m);
  basic_block_base_m(baseM, m, k);
  fill(softmaxTiling, m, k, baseM, blk);
}
inline void SoftMaxTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                              const uint32_t localWorkSpaceSize, AscendC::tiling::SoftMaxTiling& softmaxTiling) {
  optiling::SoftMaxTiling t;
  SoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, t);
  asc_softmax_host::to_kernel(softmaxTiling, t);
}

// ---- SoftmaxFlash (v1).
inline uint32_t GetSoftMaxFlashMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                          const bool isUpdate, const bool isReuseSource) {
  (void)isReuseSource;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("GetSoftMaxFlashMaxTmpSize", srcShape, dataTypeSize, m, k)) return 0;
  const uint32_t blk = kBlk / dataTypeSize;
  return (!isUpdate ? m * (blk + k + kUnit) : m * (blk * kFlashUpdateCount + k * kTmpCount)) * kFloat;
}
inline uint32_t GetSoftMaxFlashMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                          const bool isUpdate, const bool isReuseSource) {
  (void)isReuseSource;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("GetSoftMaxFlashMinTmpSize", srcShape, dataTypeSize, m, k)) return 0;
  const uint32_t blk = kBlk / dataTypeSize;
  return (!isUpdate ? blk + k + kUnit : blk * kFlashUpdateCount + k * kTmpCount) * kFloat;
}
inline void SoftMaxFlashTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                   const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxFlashTiling,
                                   const bool isUpdate = false) {
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("SoftMaxFlashTilingFunc", srcShape, dataTypeSize, m, k)) return;
  const uint32_t blk = kBlk / dataTypeSize, w = localWorkSpaceSize / kFloat;
  uint32_t baseM = round_rows(!isUpdate ? w / (blk + k + kUnit) : w / (blk * kFlashUpdateCount + k * kTmpCount), m);
  basic_block_base_m(baseM, m, k);
  fill(softmaxFlashTiling, m, k, baseM, blk);
}
inline void SoftMaxFlashTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                   const uint32_t localWorkSpaceSize,
                                   AscendC::tiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate = false) {
  optiling::SoftMaxTiling t;
  SoftMaxFlashTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, t, isUpdate);
  asc_softmax_host::to_kernel(softmaxFlashTiling, t);
}

// ---- SoftmaxGrad: half needs three row copies in float; float one (front) or
// one plus a second sum block.
namespace asc_softmax_host {
inline uint32_t grad_per_row(uint32_t typeSize, uint32_t k, bool isFront) {
  const uint32_t blk = kBlk / typeSize;
  if (typeSize == kHalf) return blk * kTmpCount + k * kGradCount + kUnit;
  return isFront ? blk + k + kUnit : blk * kTmpCount + k + kUnit;
}
}  // namespace asc_softmax_host
inline uint32_t GetSoftMaxGradMaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                         const bool isFront, const bool isReuseSource) {
  (void)isReuseSource;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("GetSoftMaxGradMaxTmpSize", srcShape, dataTypeSize, m, k)) return 0;
  return m * grad_per_row(dataTypeSize, k, isFront) * kFloat;
}
inline uint32_t GetSoftMaxGradMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                         const bool isFront, const bool isReuseSource) {
  (void)isReuseSource;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("GetSoftMaxGradMinTmpSize", srcShape, dataTypeSize, m, k)) return 0;
  return grad_per_row(dataTypeSize, k, isFront) * kFloat;
}
inline void SoftMaxGradTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize, optiling::SoftMaxTiling& softmaxGradTiling,
                                  const bool isFront = false) {
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("SoftMaxGradTilingFunc", srcShape, dataTypeSize, m, k)) return;
  uint32_t baseM = round_rows(localWorkSpaceSize / kFloat / grad_per_row(dataTypeSize, k, isFront), m);
  basic_block_base_m(baseM, m, k);
  fill(softmaxGradTiling, m, k, baseM, kBlk / dataTypeSize);
}
inline void SoftMaxGradTilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize,
                                  const uint32_t localWorkSpaceSize,
                                  AscendC::tiling::SoftMaxTiling& softmaxGradTiling, const bool isFront = false) {
  optiling::SoftMaxTiling t;
  SoftMaxGradTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, t, isFront);
  asc_softmax_host::to_kernel(softmaxGradTiling, t);
}

inline bool IsBasicBlockInSoftMax(optiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2) {
  if (dataTypeSize == 0) return false;
  const uint32_t k = tiling.get_srcK();
  return tiling.get_tailM() == 0 && k >= asc_softmax_host::kBasicMin / dataTypeSize && k < 2048 &&
         k % asc_softmax_host::kUnit == 0;
}
inline bool IsBasicBlockInSoftMax(AscendC::tiling::SoftMaxTiling& tiling, const uint32_t dataTypeSize = 2) {
  optiling::SoftMaxTiling t;
  std::memcpy(&t, static_cast<const void*>(&tiling), sizeof t);
  return IsBasicBlockInSoftMax(t, dataTypeSize);
}

// ---- SoftmaxFlashV2: dataTypeSize1 is the data's, dataTypeSize2 the sum/max's.
namespace asc_softmax_host {
inline bool check2(const char* api, const TensorShape& s, uint32_t t1, uint32_t t2, uint32_t& m, uint32_t& k) {
  if (!check(api, s, t1, m, k)) return false;
  if (t2 != kHalf && t2 != kFloat) {
    asc_host::adv_host_log("SoftMax", api, "dataTypeSize2 input error, dataType now only support half or float.");
    return false;
  }
  return true;
}
inline uint32_t v2_basic_per_row(uint32_t t1, uint32_t blk, uint32_t k) {
  const uint32_t red = k == kSpecialLen ? kUnit * kHalf : kUnit;
  return t1 == kHalf ? blk + k + red : blk + red;
}
inline uint32_t v2_per_row(uint32_t t1, uint32_t blk, uint32_t k) {
  return t1 == kHalf ? blk * kTmpCount + k + kUnit : blk + kUnit;
}
}  // namespace asc_softmax_host
inline uint32_t GetSoftMaxFlashV2MaxTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)isUpdate;
  (void)isFlashOutputBrc;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check2("GetSoftMaxFlashV2MaxTmpSize", srcShape, dataTypeSize1, dataTypeSize2, m, k)) return 0;
  const uint32_t blk = kBlk / dataTypeSize2;
  if (isBasicBlock && k % kUnit == 0 && m % kBasicTile == 0) {
    while (m * k >= kUnit * kBasicMin) m /= kHalf;
    return m * v2_basic_per_row(dataTypeSize1, blk, k) * kFloat;
  }
  return m * v2_per_row(dataTypeSize1, blk, k) * kFloat;
}
inline uint32_t GetSoftMaxFlashV2MinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                            const uint32_t dataTypeSize2, const bool isUpdate,
                                            const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)isUpdate;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check2("GetSoftMaxFlashV2MinTmpSize", srcShape, dataTypeSize1, dataTypeSize2, m, k)) return 0;
  const uint32_t blk = kBlk / dataTypeSize2;
  const bool basic = isBasicBlock && k % kUnit == 0;
  uint32_t need = basic ? kBasicTile * v2_basic_per_row(dataTypeSize1, blk, k) : v2_per_row(dataTypeSize1, blk, k);
  if (isFlashOutputBrc) {
    const uint32_t rows = std::min(kBlk / dataTypeSize1, m);
    need = basic ? need / kBasicTile * rows : need * rows;
  }
  return need * kFloat;
}
inline void SoftMaxFlashV2TilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     optiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                                     const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  (void)isUpdate;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check2("SoftMaxFlashV2TilingFunc", srcShape, dataTypeSize1, dataTypeSize2, m, k)) return;
  const uint32_t blk = kBlk / dataTypeSize2, w = localWorkSpaceSize / kFloat;
  uint32_t baseM = 0;
  if (isBasicBlock && k % kUnit == 0 && m % kBasicTile == 0) {
    baseM = std::min(w / v2_basic_per_row(dataTypeSize1, blk, k), m);
    basic_block_base_m(baseM, m, k);
  } else {
    baseM = w / v2_per_row(dataTypeSize1, blk, k);
  }
  const uint32_t tile = isFlashOutputBrc && dataTypeSize1 == kHalf ? kBlk / kHalf : kBasicTile;
  baseM = round_rows(baseM, m, tile);
  fill(softmaxFlashTiling, m, k, baseM, blk);
  if (isFlashOutputBrc && (softmaxFlashTiling.get_rangeM() > 1 || softmaxFlashTiling.get_tailM() != 0) &&
      softmaxFlashTiling.get_reduceM() % (kBlk / dataTypeSize1) != 0)
    asc_host::adv_host_log("SoftMax", "SoftMaxFlashV2TilingFunc",
                           "When dataTypeSize1(%u) is float(or half), softmaxFlashTiling.reduceM(%u) must be a "
                           "multiple of 8(or 16), Adjust the input parameter -> localWorkSpaceSize.",
                           dataTypeSize1, softmaxFlashTiling.get_reduceM());
}
inline void SoftMaxFlashV2TilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     AscendC::tiling::SoftMaxTiling& softmaxFlashTiling, const bool isUpdate,
                                     const bool isBasicBlock = false, const bool isFlashOutputBrc = false) {
  optiling::SoftMaxTiling t;
  SoftMaxFlashV2TilingFunc(srcShape, dataTypeSize1, dataTypeSize2, localWorkSpaceSize, t, isUpdate, isBasicBlock,
                           isFlashOutputBrc);
  asc_softmax_host::to_kernel(softmaxFlashTiling, t);
}

// ---- SoftmaxFlashV3 (half data, float statistics).
inline void GetSoftMaxFlashV3MaxMinTmpSize(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                           const uint32_t dataTypeSize2, uint32_t& maxValue, uint32_t& minValue,
                                           const bool isUpdate, const bool isBasicBlock = false) {
  (void)isUpdate;
  (void)isBasicBlock;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("GetSoftMaxFlashV3MaxMinTmpSize", srcShape, dataTypeSize1, m, k) || dataTypeSize2 == 0) return;
  if (dataTypeSize1 != kHalf || dataTypeSize2 != kFloat)
    asc_host::adv_host_log("SoftMax", "GetSoftMaxFlashV3MaxMinTmpSize",
                           "dataTypeSize1 must be 2 (half) and dataTypeSize2 4 (float).");
  const uint32_t blk = kBlk / dataTypeSize2;
  minValue = (blk * kV3Count + kTmpCount * k + kUnit) * kFloat;
  maxValue = m * minValue;
}
inline void SoftMaxFlashV3TilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     optiling::SoftMaxTiling& softmaxFlashV3Tiling, const bool isUpdate,
                                     const bool isBasicBlock = false) {
  (void)isUpdate;
  (void)isBasicBlock;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!check("SoftMaxFlashV3TilingFunc", srcShape, dataTypeSize1, m, k) || dataTypeSize2 == 0) return;
  const uint32_t blk = kBlk / dataTypeSize2;
  uint32_t baseM = round_rows(localWorkSpaceSize / kFloat / (blk * kV3Count + kTmpCount * k + kUnit), m);
  fill(softmaxFlashV3Tiling, m, k, baseM, blk, /*tailOnlyWithBase=*/true);
}
inline void SoftMaxFlashV3TilingFunc(const TensorShape& srcShape, const uint32_t dataTypeSize1,
                                     const uint32_t dataTypeSize2, const uint32_t localWorkSpaceSize,
                                     AscendC::tiling::SoftMaxTiling& softmaxFlashV3Tiling, const bool isUpdate,
                                     const bool isBasicBlock = false) {
  optiling::SoftMaxTiling t;
  SoftMaxFlashV3TilingFunc(srcShape, dataTypeSize1, dataTypeSize2, localWorkSpaceSize, t, isUpdate, isBasicBlock);
  asc_softmax_host::to_kernel(softmaxFlashV3Tiling, t);
}

// ---- LogSoftMax: as SoftMax's (its own struct; a shape of fewer than one
// dimension or a type size of 0 gives 0 / leaves the tiling as it is).
inline uint32_t GetLogSoftMaxMaxTmpSize(const TensorShape srcShape, const uint32_t dataTypeSize,
                                        const bool isReuseSource) {
  (void)isReuseSource;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!last_axis(srcShape, m, k) || dataTypeSize == 0) return 0;
  return m * (kBlk / dataTypeSize + k + kUnit) * kFloat;
}
inline uint32_t GetLogSoftMaxMinTmpSize(const TensorShape srcShape, const uint32_t dataTypeSize,
                                        const bool isReuseSource) {
  (void)isReuseSource;
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!last_axis(srcShape, m, k) || dataTypeSize == 0) return 0;
  return (kBlk / dataTypeSize + k + kUnit) * kFloat;
}
inline void LogSoftMaxTilingFunc(const TensorShape srcShape, const uint32_t dataTypeSize,
                                 const uint32_t localWorkSpaceSize, optiling::LogSoftMaxTiling& softmaxTiling) {
  using namespace asc_softmax_host;
  uint32_t m = 0, k = 0;
  if (!last_axis(srcShape, m, k) || dataTypeSize == 0) return;
  const uint32_t blk = kBlk / dataTypeSize;
  uint32_t baseM = round_rows(localWorkSpaceSize / kFloat / (blk + k + kUnit), m);
  basic_block_base_m(baseM, m, k);
  if (baseM == 0) {
    // The vendor divides by it; the Model reports the too-small buffer instead.
    asc_host::adv_host_log("LogSoftMax", "LogSoftMaxTilingFunc",
                           "localWorkSpaceSize %u holds no row (GetLogSoftMaxMinTmpSize gives %u)",
                           localWorkSpaceSize, (blk + k + kUnit) * kFloat);
  }
  fill(softmaxTiling, m, k, baseM, blk);
}
inline void LogSoftMaxTilingFunc(const TensorShape srcShape, const uint32_t dataTypeSize,
                                 const uint32_t localWorkSpaceSize, AscendC::tiling::LogSoftMaxTiling& softmaxTiling) {
  optiling::LogSoftMaxTiling t;
  LogSoftMaxTilingFunc(srcShape, dataTypeSize, localWorkSpaceSize, t);
  asc_softmax_host::to_kernel(softmaxTiling, t);
}

}  // namespace AscendC
