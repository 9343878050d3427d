// Host side of the normalization adv APIs the Model adds (the vendor's
// adv_api/normalization/{layernorm,welfordfinalize}_tiling.h): temporary-buffer
// sizes as impl/adv_api/tiling/normalization/*_tiling_impl.cpp compute them
// for Atlas A2. A failed argument check is the vendor's device-log record.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>
#include "tiling/adv_host_log.h"
#include "tiling/tiling_api.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(DeepNormTiling)
TILING_DATA_FIELD_DEF(uint32_t, bLength);
TILING_DATA_FIELD_DEF(uint32_t, sLength);
TILING_DATA_FIELD_DEF(uint32_t, hLength);
TILING_DATA_FIELD_DEF(uint32_t, originalHLength);
TILING_DATA_FIELD_DEF(uint32_t, inputXSize);
TILING_DATA_FIELD_DEF(uint32_t, meanVarSize);
TILING_DATA_FIELD_DEF(uint32_t, numberOfTmpBuf);
TILING_DATA_FIELD_DEF(uint32_t, meanTmpTensorPos);
TILING_DATA_FIELD_DEF(uint32_t, meanTmpTensorSize);
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
TILING_DATA_FIELD_DEF(uint32_t, bshCurLength);
TILING_DATA_FIELD_DEF(uint32_t, bsCurLength);
TILING_DATA_FIELD_DEF(float, lastDimValueBack);
END_TILING_DATA_DEF;
static_assert(sizeof(DeepNormTiling) == 26 * 4, "DeepNormTiling is 26 packed 4-byte fields");
}  // namespace optiling

namespace AscendC {
namespace tiling {
struct DeepNormTiling;  // the kernel's struct (optiling::DeepNormTiling's layout)
}  // namespace tiling

using TensorShape = ge::Shape;

// DeepNorm [B, S, H]: three float pieces of B*S*H (two reusing a float source)
// and two of B*S at most; of H and B*S at least, each 32-byte aligned.
namespace asc_deepnorm_host {
inline uint32_t align32(uint32_t bytes) { return (bytes + 31) / 32 * 32; }
inline bool check(const char* fn, const TensorShape& s, uint32_t typeSize, bool isBasicBlock) {
  auto log = [&](const char* m) { asc_host::adv_host_log("DeepNorm", fn, "%s", m); };
  if (s.GetShapeSize() <= 0) return log("Input Shape size must be greater than 0."), false;
  if (typeSize != 2 && typeSize != 4) log("Type size is unsupported!");
  if (s.GetDimNum() != 3) return log("The dims of srcShape should be 3 (e.g. [B, S, H])!"), false;
  const uint32_t bs = uint32_t(s.GetDim(0) * s.GetDim(1)), h = uint32_t(s.GetDim(2));
  if (h * typeSize % 32 != 0) log("The last axis H must be 32B aligned!");
  if (h > 2040) log("The value of last axis can not be greater than 2040!");
  if (isBasicBlock && h % 64 != 0) log("The last axis H must be 64 aligned!");
  if (isBasicBlock && bs % 8 != 0) log("The non-last axis B*S must be 8 aligned!");
  return true;
}
}  // namespace asc_deepnorm_host

inline bool GetDeepNormMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                     const bool isBasicBlock, uint32_t& maxValue, uint32_t& minValue) {
  using namespace asc_deepnorm_host;
  if (!check("GetDeepNormMaxMinTmpSize", srcShape, typeSize, isBasicBlock)) return false;
  const uint32_t b = uint32_t(srcShape.GetDim(0)), s = uint32_t(srcShape.GetDim(1)), h = uint32_t(srcShape.GetDim(2));
  if (isBasicBlock && !(h % 64 == 0 && h > 0 && (b * s) % 8 == 0)) return false;
  const uint32_t k = isReuseSource && typeSize == sizeof(float) ? 2 : 3;
  maxValue = k * align32(b * s * h * 4) + 2 * align32(b * s * 4);
  minValue = k * align32(h * 4) + 2 * align32(b * s * 4);
  return true;
}

inline bool GetDeepNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                                  const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource,
                                  const bool isBasicBlock, optiling::DeepNormTiling& tiling) {
  uint32_t maxSize = 0, minSize = 0;
  if (!GetDeepNormMaxMinTmpSize(srcShape, typeSize, isReuseSource, isBasicBlock, maxSize, minSize) ||
      stackBufferSize < minSize || originSrcShape.GetDimNum() != 3)
    return false;
  const uint32_t b = uint32_t(srcShape.GetDim(0)), s = uint32_t(srcShape.GetDim(1)), h = uint32_t(srcShape.GetDim(2));
  const uint32_t ob = uint32_t(originSrcShape.GetDim(0)), os = uint32_t(originSrcShape.GetDim(1));
  const uint32_t oh = uint32_t(originSrcShape.GetDim(2));
  if (!(b == ob && s == os && h * typeSize % 32 == 0 && oh > 0 && oh <= h && !(isBasicBlock && oh != h) &&
        h <= 255 * 8)) {
    asc_host::adv_host_log("DeepNorm", "GetDeepNormTilingInfo", "The range of originH is %u, must be (0, %u]!", oh, h);
    return false;
  }
  const uint32_t inputXSize = b * s * h, meanVarSize = b * s;
  const uint32_t nbuf = isReuseSource && typeSize == sizeof(float) ? 2 : 3;
  const uint32_t meanSize = (meanVarSize + 7) / 8 * 8;
  const uint32_t meanVarTotal = typeSize == sizeof(float) ? 0 : 2 * meanSize;
  const uint32_t tmpBufSize = stackBufferSize / sizeof(float);
  uint32_t one = (tmpBufSize - meanVarTotal) / nbuf / h * h;
  one = std::min(one, inputXSize);
  if (isBasicBlock && one / (8 * h) > 0) one = one / (8 * h) * (8 * h);
  if (one == 0) return false;
  const uint32_t tail = inputXSize % one;
  tiling.set_bLength(b);
  tiling.set_sLength(s);
  tiling.set_hLength(h);
  tiling.set_originalHLength(oh);
  tiling.set_inputXSize(inputXSize);
  tiling.set_meanVarSize(meanVarSize);
  tiling.set_numberOfTmpBuf(nbuf);
  tiling.set_meanTmpTensorPos(0);
  tiling.set_meanTmpTensorSize(meanSize);
  tiling.set_varianceTmpTensorPos(meanSize);
  tiling.set_varianceTmpTensorSize(meanSize);
  tiling.set_tmpBufSize(tmpBufSize);
  tiling.set_oneTmpSize(one);
  tiling.set_firstTmpStartPos(meanVarTotal);
  tiling.set_secondTmpStartPos(meanVarTotal + one);
  tiling.set_thirdTmpStartPos(meanVarTotal + 2 * one);
  tiling.set_loopRound(inputXSize / one);
  tiling.set_inputRoundSize(one);
  tiling.set_inputTailSize(tail);
  tiling.set_inputTailPos(inputXSize - tail);
  tiling.set_meanVarRoundSize(one / h);
  tiling.set_meanVarTailSize(tail / h);
  tiling.set_meanVarTailPos(meanVarSize - tail / h);
  tiling.set_bshCurLength(one);
  tiling.set_bsCurLength(one / h);
  tiling.set_lastDimValueBack(1.0f / float(oh));
  return true;
}
inline bool GetDeepNormTilingInfo(const TensorShape& srcShape, const TensorShape& originSrcShape,
                                  const uint32_t stackBufferSize, const uint32_t typeSize, const bool isReuseSource,
                                  const bool isBasicBlock, AscendC::tiling::DeepNormTiling& tiling) {
  optiling::DeepNormTiling t;
  const bool ok = GetDeepNormTilingInfo(srcShape, originSrcShape, stackBufferSize, typeSize, isReuseSource,
                                        isBasicBlock, t);
  std::memcpy(static_cast<void*>(&tiling), &t, sizeof t);
  return ok;
}

// WelfordUpdate: one 256-byte repeat per intermediate (three for a half
// input, one when the source is reused, else two); at most one per 64 elements.
inline void GetWelfordUpdateMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSizeT,
                                          const uint32_t typeSizeU, const bool isReuseSource, const bool isInplace,
                                          uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSizeU;
  (void)isInplace;
  const auto& d = srcShape.GetDims();
  if (d.size() != 2) {
    asc_host::adv_host_log("WelfordUpdate", "GetWelfordUpdateMaxMinTmpSize", "srcShape dims must be 2.");
    return;
  }
  const uint32_t rn = uint32_t(d[0]), ab = uint32_t(d[1]);
  minValue = (typeSizeT == sizeof(uint16_t) ? 3 : isReuseSource ? 1 : 2) * 256;
  maxValue = (rn * ab + 63) / 64 * minValue;
}

// WelfordFinalize: four 64-float units at least; 2 x 64 + 2 x abLength floats
// above 64 elements.
inline void GetWelfordFinalizeMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize,
                                            const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  (void)typeSize;
  (void)isReuseSource;
  const auto& d = srcShape.GetDims();
  if (d.size() != 1) {
    asc_host::adv_host_log("WelfordFinalize", "GetWelfordFinalizeMaxMinTmpSize", "srcShape dims must be 1.");
    return;
  }
  const uint32_t ab = uint32_t(d[0]);
  if (ab == 0 || ab % 8 != 0) {
    asc_host::adv_host_log("WelfordFinalize", "GetWelfordFinalizeMaxMinTmpSize",
                           "abLength must be aligned to 32Bytes.");
    return;
  }
  minValue = 64 * 4 * sizeof(float);
  maxValue = ab <= 64 ? minValue : (64 * 2 + ab * 2) * sizeof(float);
}

}  // namespace AscendC
