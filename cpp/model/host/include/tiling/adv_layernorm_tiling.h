// Host side of LayerNorm's separate-statistics form and Normalize (the
// vendor's adv_api/normalization/{layernorm,normalize}_tiling.h):
// optiling::LayerNormSeparateTiling, GetLayerNormMaxMinTmpSize (the form with
// isComputeRstd / isOnlyOutput), GetLayerNormNDTilingInfo (the separate
// tiling) and GetNormalizeMaxMinTmpSize, computed as the vendor's
// impl/adv_api/tiling/normalization/{layernorm,normalize}_tiling_impl.cpp
// compute them for Atlas A2 (the Model's platform): shapes are [A, R], the
// padded R aligned to 32 bytes of the type. A failed argument check is the
// vendor's device-log record (asc_host::adv_host_log); where the vendor's
// check returns from the function, so does the Model's, else it goes on.
//
// The AscendC::tiling:: overload writes the kernel's struct (the optiling
// layout, 26 4-byte fields); it is only declared here.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>
#include "tiling/adv_host_log.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(LayerNormSeparateTiling)
TILING_DATA_FIELD_DEF(uint32_t, aLength);
TILING_DATA_FIELD_DEF(uint32_t, rLength);
TILING_DATA_FIELD_DEF(uint32_t, halfAddRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, rHeadLength);
TILING_DATA_FIELD_DEF(float, k2Rec);
TILING_DATA_FIELD_DEF(float, k2RRec);
TILING_DATA_FIELD_DEF(uint32_t, inputXSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarSize);
TILING_DATA_FIELD_DEF(uint32_t, numberOfTmpBuf);
TILING_DATA_FIELD_DEF(uint32_t, varianceTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, varianceTmpTensorSize);
TILING_DATA_FIELD_DEF(uint32_t, tmpBufSize);
TILING_DATA_FIELD_DEF(uint32_t, oneTmpSize);
TILING_DATA_FIELD_DEF(uint32_t, firstTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, secondTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, thirdTmpStartPos);
TILING_DATA_FIELD_DEF(uint32_t, loopRound);
TILING_DATA_FIELD_DEF(uint32_t, inputRoundSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailSize);
TILING_DATA_FIELD_DEF(uint32_t, inputTailPos);
TILING_DATA_FIELD_DEF(uint32_t, meanVarRoundSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarTailPos);
TILING_DATA_FIELD_DEF(uint32_t, arCurLength);
TILING_DATA_FIELD_DEF(uint32_t, aCurLength);
TILING_DATA_FIELD_DEF(float, rValueBack);
END_TILING_DATA_DEF;
static_assert(sizeof(LayerNormSeparateTiling) == 26 * 4, "optiling::LayerNormSeparateTiling: 26 4-byte fields");
}  // namespace optiling

namespace AscendC {
namespace tiling {
struct LayerNormSeparateTiling;
}  // namespace tiling

using TensorShape = ge::Shape;

namespace asc_layernorm_host {
inline uint32_t blk_up(uint32_t bytes) { return (bytes + 31) / 32 * 32; }
// The vendor's A2 check: a positive shape of 4 dimensions, half or float (it
// logs and goes on: the functions read dims 0 and 1 as A and R).
inline void check(const char* fn, const TensorShape& s, uint32_t typeSize) {
  if (s.GetShapeSize() <= 0) asc_host::adv_host_log("LayerNorm", fn, "Input Shape size must be greater than 0.");
  if (s.GetDimNum() != 4)
    asc_host::adv_host_log("LayerNorm", fn,
                           "The dims of srcShape is %zu, should be 4 (e.g. [B, S, storageHLength, originHLength])!",
                           s.GetDimNum());
  if (typeSize != 2 && typeSize != 4) asc_host::adv_host_log("LayerNorm", fn, "Type size %u is unsupported!", typeSize);
}
inline uint32_t padded(uint32_t r, uint32_t typeSize) {
  const uint32_t align = typeSize == 0 ? 1 : 32 / typeSize;
  return align == 0 ? r : (r + align - 1) / align * align;
}
}  // namespace asc_layernorm_host

inline void GetNormalizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSizeU, const uint32_t typeSizeT,
                                      const bool isReuseSource, const bool isComputeRstd, const bool isOnlyOutput,
                                      uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  const char* fn = "GetNormalizeMaxMinTmpSize";
  if (!isComputeRstd) return asc_host::adv_host_log("Normalize", fn, "isComputeRstd current only support true");
  if (isOnlyOutput) return asc_host::adv_host_log("Normalize", fn, "isOnlyOutput current only support false");
  if (typeSizeU == 0) return asc_host::adv_host_log("Normalize", fn, "typeSizeU can not be 0!");
  if (typeSizeT == 0) return asc_host::adv_host_log("Normalize", fn, "typeSizeT can not be 0!");
  using namespace asc_layernorm_host;
  const uint32_t a = uint32_t(srcShape.GetDim(0)), r = uint32_t(srcShape.GetDim(1));
  const uint32_t rp = padded(r, typeSizeT);
  const uint32_t rBytes = blk_up(rp * 4);
  // max: gamma and beta in float, two [A (to 8), R] float buffers
  const uint32_t aPad = (a + 7) / 8 * 8;
  maxValue = 2 * rBytes + 2 * blk_up(aPad * rp * 4);
  // min: rstd's A floats, or two rows (float gamma/beta) / four rows (half gamma/beta, cast to float)
  const uint32_t aBytes = blk_up(a * 4);
  const uint32_t nr = (typeSizeU == 4 ? 2 : 4) * rBytes;
  minValue = aBytes >= nr ? aBytes : nr;
}

inline void GetLayerNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                      const bool isComputeRstd, const bool isOnlyOutput, uint32_t& maxValue,
                                      uint32_t& minValue) {
  const char* fn = "GetLayerNormMaxMinTmpSize";
  if (typeSize == 0) return asc_host::adv_host_log("LayerNorm", fn, "typeSize can not be 0!");
  if (isOnlyOutput) return asc_host::adv_host_log("LayerNorm", fn, "isOnlyOutput current only support false.");
  using namespace asc_layernorm_host;
  check(fn, srcShape, typeSize);
  const uint32_t a = uint32_t(srcShape.GetDim(0)), r = uint32_t(srcShape.GetDim(1));
  const uint32_t rp = padded(r, typeSize);
  const uint32_t mv = blk_up(a * 4), input = blk_up(a * rp * 4), row = blk_up(rp * 4);
  maxValue = 2 * input + mv;  // the variance, two [A, R] float buffers
  minValue = 2 * row + mv;    // the variance, two rows
  uint32_t maxN = 0, minN = 0;
  GetNormalizeMaxMinTmpSize(srcShape, typeSize, typeSize, isReuseSource, isComputeRstd, isOnlyOutput, maxN, minN);
  if (minValue - mv <= minN) minValue = minN + mv;  // Normalize runs in the buffer after the variance
  if (maxValue - mv <= maxN) maxValue = maxN + mv;
}

inline void GetLayerNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const bool isReuseSource, const bool isComputeRstd,
                                     optiling::LayerNormSeparateTiling& tiling) {
  (void)isReuseSource;
  (void)isComputeRstd;
  const char* fn = "GetLayerNormNDTilingInfo";
  if (typeSize == 0) return asc_host::adv_host_log("LayerNorm", fn, "typeSize can not be 0!");
  using namespace asc_layernorm_host;
  check(fn, srcShape, typeSize);
  const uint32_t a = uint32_t(srcShape.GetDim(0)), r = uint32_t(srcShape.GetDim(1));
  const uint32_t rp = padded(r, typeSize);
  const uint32_t inputXSize = a * rp, meanVarSize = a;
  const uint32_t varSize = (meanVarSize + 7) / 8 * 8;
  const uint32_t tmpBufSize = stackBufferSize / 4;
  // two buffers of whole rows after the variance, at most the whole input
  uint32_t one = tmpBufSize >= varSize ? (tmpBufSize - varSize) / 2 : 0;  // (the vendor's unsigned wrap aside)
  one = rp == 0 ? 0 : one / rp * rp;
  if (one > inputXSize) one = inputXSize;
  if (one == 0) return;  // the vendor leaves the tiling as it was
  const uint32_t tail = inputXSize % one;
  tiling.set_aLength(a);
  tiling.set_rLength(r);
  tiling.set_inputXSize(inputXSize);
  tiling.set_meanVarSize(meanVarSize);
  tiling.set_numberOfTmpBuf(2);
  tiling.set_varianceTmpTensorPos(0);
  tiling.set_varianceTmpTensorSize(varSize);
  tiling.set_tmpBufSize(tmpBufSize);
  tiling.set_oneTmpSize(one);
  tiling.set_firstTmpStartPos(varSize);
  tiling.set_secondTmpStartPos(varSize + one);
  tiling.set_loopRound(inputXSize / one);
  tiling.set_inputRoundSize(one);
  tiling.set_inputTailSize(tail);
  tiling.set_inputTailPos(inputXSize - tail);
  tiling.set_meanVarRoundSize(one / rp);
  tiling.set_meanVarTailSize(tail / rp);
  tiling.set_meanVarTailPos(meanVarSize - tail / rp);
  tiling.set_arCurLength(one);
  tiling.set_aCurLength(one / rp);
  tiling.set_rValueBack(1.0f / float(r));
}
inline void GetLayerNormNDTilingInfo(const TensorShape& srcShape, const uint32_t stackBufferSize,
                                     const uint32_t typeSize, const bool isReuseSource, const bool isComputeRstd,
                                     AscendC::tiling::LayerNormSeparateTiling& tiling) {
  optiling::LayerNormSeparateTiling t;
  GetLayerNormNDTilingInfo(srcShape, stackBufferSize, typeSize, isReuseSource, isComputeRstd, t);
  std::memcpy(static_cast<void*>(&tiling), &t, sizeof t);
}

}  // namespace AscendC
