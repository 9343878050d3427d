// Host-side temporary-buffer sizes of the adv element-wise APIs
// (AscendC::Get<Api>MaxMinTmpSize …): the bytes the vendor's implementation
// needs for its intermediates, so a program that sizes its buffer from them
// allocates what it would on the NPU. The Model's implementations compute in
// place and need none of it; they only check the buffer fits in UB.
// Formulas from the vendor's tiling sources (impl/adv_api/tiling/).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include "tiling/tiling_api.h"

namespace AscendC {

using TensorShape = ge::Shape;

namespace asc_tmp {
constexpr uint32_t kRepeatBytes = 256;  // one vector repeat
inline bool positive(const TensorShape& s, const char* api) {
  if (s.GetShapeSize() > 0) return true;
  std::fprintf(stderr, "[ERROR] %s: input shape size must be greater than 0\n", api);
  return false;
}
}  // namespace asc_tmp

// Gelu: three float intermediates per element, at least one repeat each.
inline uint32_t GetGeluMinTmpSize(const TensorShape&, const uint32_t) { return 3 * asc_tmp::kRepeatBytes; }
inline uint32_t GetGeluMaxTmpSize(const TensorShape& s, const uint32_t t) {
  return std::max<uint32_t>(GetGeluMinTmpSize(s, t), 3 * uint32_t(s.GetShapeSize()) * sizeof(float));
}
inline void GetGeluMaxMinTmpSize(const TensorShape& s, const uint32_t t, uint32_t& maxValue, uint32_t& minValue) {
  maxValue = GetGeluMaxTmpSize(s, t);
  minValue = GetGeluMinTmpSize(s, t);
}

// Sigmoid: one input-sized intermediate, at least one repeat.
inline void GetSigmoidMaxMinTmpSize(const TensorShape& s, const uint32_t t, bool, uint32_t& maxValue,
                                    uint32_t& minValue) {
  if (!asc_tmp::positive(s, "GetSigmoidMaxMinTmpSize")) return;
  maxValue = std::max<uint32_t>(uint32_t(s.GetShapeSize()) * t, asc_tmp::kRepeatBytes);
  minValue = asc_tmp::kRepeatBytes;
}

// Silu and Swish need no temporary buffer.
inline void GetSiluTmpSize(const TensorShape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
  maxValue = minValue = 0;
}
inline void GetSwishTmpSize(const TensorShape&, const uint32_t, const bool, uint32_t& maxValue, uint32_t& minValue) {
  maxValue = minValue = 0;
}

// Acosh: two intermediates per half element (one for float).
inline void GetAcoshMaxMinTmpSize(const TensorShape& s, const uint32_t t, const bool, uint32_t& maxValue,
                                  uint32_t& minValue) {
  if (!asc_tmp::positive(s, "GetAcoshMaxMinTmpSize")) return;
  uint32_t k = t == sizeof(float) ? 1 : 2;
  minValue = k * asc_tmp::kRepeatBytes;
  maxValue = std::max<uint32_t>(k * uint32_t(s.GetShapeSize()), asc_tmp::kRepeatBytes) * t;
}

// Exp (high precision): four float buffers for half, three for float (two when
// the source may be reused), each input-sized and at least one repeat.
inline bool GetExpMaxMinTmpSize(const TensorShape& s, const uint32_t t, const bool isReuseSource, uint32_t& maxValue,
                                uint32_t& minValue) {
  uint32_t k = t == sizeof(float) ? (isReuseSource ? 2 : 3) : 4;
  minValue = k * asc_tmp::kRepeatBytes;
  maxValue = k * std::max<uint32_t>(uint32_t(s.GetShapeSize()) * sizeof(float), asc_tmp::kRepeatBytes);
  return true;
}

// Frac: none for float; four input-sized buffers for half.
inline void GetFracMaxMinTmpSize(const TensorShape& s, const uint32_t t, const bool, uint32_t& maxValue,
                                 uint32_t& minValue) {
  if (!asc_tmp::positive(s, "GetFracMaxMinTmpSize")) return;
  uint32_t k = t == sizeof(float) ? 0 : 4;
  minValue = k * asc_tmp::kRepeatBytes;
  maxValue = k * std::max<uint32_t>(uint32_t(s.GetShapeSize()) * t, asc_tmp::kRepeatBytes);
}

// Xor: one input-sized buffer, at least one repeat.
inline void GetXorMaxMinTmpSize(const TensorShape& s, const uint32_t t, const bool, uint32_t& maxValue,
                                uint32_t& minValue) {
  minValue = asc_tmp::kRepeatBytes;
  maxValue = std::max<uint32_t>(uint32_t(s.GetShapeSize()) * t, minValue);
}

}  // namespace AscendC
