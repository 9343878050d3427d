// Activation functions of the adv API the vendor's examples use: Gelu (the
// vendor's default tanh form, x * sigmoid(2*sqrt(2/pi)*(x + 0.044715 x^3))),
// Sigmoid, Silu (x * sigmoid(x)) and Swish (x * sigmoid(beta * x)). Computed
// per element in the compute type (float for half), as the other adv
// element-wise functions (adv_math.h).
#pragma once
#include <cmath>
#include "asc_model/api/adv_math.h"

namespace asc_model {
namespace adv {
inline float sigmoid(float x) { return 1.0f / (1.0f + std::exp(-x)); }
// 2 * sqrt(2 / pi): the tanh approximation of GELU written with a sigmoid.
constexpr float kGeluScale = 1.5957691216057308f;
inline float gelu(float x) { return x * sigmoid(kGeluScale * (x + 0.044715f * x * x * x)); }
}  // namespace adv
}  // namespace asc_model

namespace AscendC {

template <class T, bool highPrecision = false, bool highPerformance = false>
void Gelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
          const uint32_t dataSize, ASC_LOC_PARAMS) {
  int64_t n = dataSize;
  asc_model::adv::unary<T>("Gelu", dst, src, &tmp, &n, [](auto x) { return asc_model::adv::gelu(float(x)); },
                           ASC_LOC);
}
template <class T, bool highPrecision = false, bool highPerformance = false>
void Gelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t dataSize, ASC_LOC_PARAMS) {
  int64_t n = dataSize;
  asc_model::adv::unary<T>("Gelu", dst, src, nullptr, &n, [](auto x) { return asc_model::adv::gelu(float(x)); },
                           ASC_LOC);
}

template <class T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
             const uint32_t calCount, ASC_LOC_PARAMS) {
  int64_t n = calCount;
  asc_model::adv::unary<T>("Sigmoid", dst, src, &tmp, &n,
                           [](auto x) { return asc_model::adv::sigmoid(float(x)); }, ASC_LOC);
}
template <class T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount, ASC_LOC_PARAMS) {
  int64_t n = calCount;
  asc_model::adv::unary<T>("Sigmoid", dst, src, nullptr, &n,
                           [](auto x) { return asc_model::adv::sigmoid(float(x)); }, ASC_LOC);
}
template <class T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
             ASC_LOC_PARAMS) {
  asc_model::adv::unary<T>("Sigmoid", dst, src, &tmp, nullptr,
                           [](auto x) { return asc_model::adv::sigmoid(float(x)); }, ASC_LOC);
}
template <class T, bool isReuseSource = false>
void Sigmoid(const LocalTensor<T>& dst, const LocalTensor<T>& src, ASC_LOC_PARAMS) {
  asc_model::adv::unary<T>("Sigmoid", dst, src, nullptr, nullptr,
                           [](auto x) { return asc_model::adv::sigmoid(float(x)); }, ASC_LOC);
}

template <class T, bool isReuseSource = false>
void Silu(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t dataSize, ASC_LOC_PARAMS) {
  int64_t n = dataSize;
  asc_model::adv::unary<T>("Silu", dst, src, nullptr, &n,
                           [](auto x) { return float(x) * asc_model::adv::sigmoid(float(x)); }, ASC_LOC);
}

template <class T, bool isReuseSource = false>
void Swish(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t dataSize, const T scalarValue,
           ASC_LOC_PARAMS) {
  int64_t n = dataSize;
  float beta = float(scalarValue);
  asc_model::adv::unary<T>("Swish", dst, src, nullptr, &n,
                           [beta](auto x) { return float(x) * asc_model::adv::sigmoid(beta * float(x)); }, ASC_LOC);
}

}  // namespace AscendC
