// Host side of the normalization adv APIs the Model adds (the vendor's
// adv_api/normalization/{layernorm,welfordfinalize}_tiling.h): temporary-buffer
// sizes as impl/adv_api/tiling/normalization/*_tiling_impl.cpp compute them
// for Atlas A2. A failed argument check is the vendor's device-log record.
#pragma once
#include <cstdint>
#include <vector>
#include "tiling/adv_host_log.h"
#include "tiling/tiling_api.h"

namespace AscendC {

using TensorShape = ge::Shape;

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
