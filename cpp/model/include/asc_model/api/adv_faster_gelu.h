// FasterGelu and BroadCast. FasterGelu (the vendor's adv_api/activation/gelu.h): x / (1 + e^(-1.702 x)), as the
// vendor's FastGeluCalcSimplified computes it, step by step in T (Muls, Exp, Adds, then
// Div, or Reciprocal and Mul with highPerformance); a half computed in float with
// highPrecision. The two forms: with a sharedTmpBuffer, and without.
#pragma once
#include "asc_model/api/adv_math.h"

namespace asc_model {
namespace adv {
template <class T, bool highPrecision, bool highPerformance>
inline float faster_gelu(float x) {
  using S = std::conditional_t<highPrecision || !std::is_same_v<T, half>, float, half>;  // the steps' type
  S xs = S(x);
  S t = S(float(xs) * float(S(-1.702f)));
  t = S(std::exp(float(t)));
  t = S(float(t) + 1.0f);
  if constexpr (highPerformance) {
    t = S(1.0f / float(t));
    return float(S(float(xs) * float(t)));
  } else {
    return float(S(float(xs) / float(t)));
  }
}
}  // namespace adv
}  // namespace asc_model

namespace AscendC {
template <typename T, bool highPrecision = false, bool highPerformance = false>
void FasterGelu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal,
                const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t dataSize, ASC_LOC_PARAMS) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "FasterGelu: T must be half or float");
  int64_t n = dataSize;
  asc_model::adv::unary<T>("FasterGelu", dstLocal, srcLocal, &sharedTmpBuffer, &n,
                           [](auto x) { return asc_model::adv::faster_gelu<T, highPrecision, highPerformance>(float(x)); },
                           ASC_LOC);
}
template <typename T, bool highPrecision = false, bool highPerformance = false>
void FasterGelu(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dataSize,
                ASC_LOC_PARAMS) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "FasterGelu: T must be half or float");
  int64_t n = dataSize;
  asc_model::adv::unary<T>("FasterGelu", dstLocal, srcLocal, nullptr, &n,
                           [](auto x) { return asc_model::adv::faster_gelu<T, highPrecision, highPerformance>(float(x)); },
                           ASC_LOC);
}
}  // namespace AscendC

// BroadCast: the vendor's implementation-level name of Broadcast (impl/adv_api/detail/pad/
// broadcast/broadcast_common_impl.h), which programs call directly; the Model's Broadcast
// (adv_pad.h) does the work.
#include "asc_model/api/adv_pad.h"
namespace AscendC {
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], ASC_LOC_PARAMS) {
  Broadcast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, ASC_LOC);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void BroadCast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer, ASC_LOC_PARAMS) {
  Broadcast<T, dim, axis, isReuseSource>(dstLocal, srcLocal, dstShape, srcShape, sharedTmpBuffer, ASC_LOC);
}
}  // namespace AscendC
