// adv/activation SoftMax, adv/normalization RmsNorm, adv/quantization AscendQuant.
#pragma once
#include <algorithm>
#include "asc_model/api/adv_common.h"

namespace AscendC {
// AscendQuant's compile-time configuration (a template argument by reference).
struct AscendQuantConfig {
  uint32_t calcCount = 0, offsetCount = 0, scaleCount = 0, workLocalSize = 0;
};
constexpr AscendQuantConfig ASCEND_QUANT_DEFAULT_CFG{};

// SoftMax's compile-time configuration and run-time shape (adv_api/activation/softmax_utils.h).
enum class SoftmaxMode { SOFTMAX_NORMAL = 0, SOFTMAX_OUTPUT_WITHOUT_BRC = 1 };
struct SoftmaxConfig {
  constexpr SoftmaxConfig(const bool isCheckTilingIn) : isCheckTiling(isCheckTilingIn) {}
  constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn)
      : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn) {}
  constexpr SoftmaxConfig(const bool isCheckTilingIn, const uint32_t oriSrcMIn, const uint32_t oriSrcKIn,
                          const SoftmaxMode modeIn)
      : isCheckTiling(isCheckTilingIn), oriSrcM(oriSrcMIn), oriSrcK(oriSrcKIn), mode(modeIn) {}
  bool isCheckTiling = true;  // the Model reads the shape, never the tiling's split: nothing to check
  uint32_t oriSrcM = 0;
  uint32_t oriSrcK = 0;
  SoftmaxMode mode = SoftmaxMode::SOFTMAX_NORMAL;
};
constexpr SoftmaxConfig SOFTMAX_DEFAULT_CFG = {true, 0, 0, SoftmaxMode::SOFTMAX_NORMAL};
struct SoftMaxShapeInfo {
  uint32_t srcM{0};
  uint32_t srcK{0};
  uint32_t oriSrcM{0};
  uint32_t oriSrcK{0};
};
}  // namespace AscendC

namespace asc_model {
namespace adv {

// SoftMax's [m, k]: a SoftMaxShapeInfo argument with srcM and srcK set, else the
// src tensor's ShapeInfo (set_shape_info) when it has one, the last dimension
// being k, else the tiling's srcM x srcK. The real API re-tiles on the core when
// the shape and the tiling disagree, so the shape is what counts.
template <class T>
inline void softmax_shape(Call& op, const LocalTensor<T>& src, const AscendC::tiling::SoftMaxTiling& t,
                          const AscendC::SoftMaxShapeInfo& given, uint64_t& m, uint64_t& k) {
  AscendC::ShapeInfo s = src.GetShapeInfo();
  if (given.srcM != 0 && given.srcK != 0) {
    m = given.srcM;
    k = given.srcK;
    if ((given.oriSrcM != 0 && given.oriSrcM != given.srcM) || (given.oriSrcK != 0 && given.oriSrcK != given.srcK))
      not_modelled("SoftMax", "a SoftMaxShapeInfo whose original shape (oriSrcM, oriSrcK) differs from srcM x srcK",
                   op.file(), op.line());
  } else if (s.shapeDim > 0) {
    k = s.shape[s.shapeDim - 1];
    m = 1;
    for (int i = 0; i + 1 < s.shapeDim; ++i) m *= s.shape[i];
  } else {
    m = t.srcM;
    k = t.srcK;
  }
  if (m == 0 || k == 0)
    op.fault("the shape of src is unknown: give src a ShapeInfo (set_shape_info) or fill the tiling's "
             "src_m and src_k");
  if (k * sizeof(T) % 32 != 0) op.fault("the last dimension of src must fill whole 32-byte blocks");
}

// sum and max may be null (the forms without them); U is their element type.
template <class U, class T>
void softmax(const LocalTensor<T>& dst, const LocalTensor<U>* sum, const LocalTensor<U>* max,
             const LocalTensor<T>& src, const LocalTensor<uint8_t>* tmp, const AscendC::tiling::SoftMaxTiling& t,
             const AscendC::SoftMaxShapeInfo& shape, const char* file, int line) {
  Call op("SoftMax", PIPE_V, file, line);
  uint64_t m = 0, k = 0;
  softmax_shape(op, src, t, shape, m, k);
  const uint64_t blk = 32 / sizeof(U);  // sum and max: one 32-byte block per row
  T* d = op.out(dst, m * k);
  const T* s = op.in(src, m * k);
  U* ps = sum ? op.out(*sum, m * blk) : nullptr;
  U* pm = max ? op.out(*max, m * blk) : nullptr;
  declare_tmp(op, tmp);
  if (!op.elems(m * k).run()) return;
  std::vector<float> row(k);
  for (uint64_t r = 0; r < m; ++r) {
    float mx = -INFINITY;
    for (uint64_t j = 0; j < k; ++j) mx = std::max(mx, row[j] = float(s[r * k + j]));
    float acc = 0;
    for (uint64_t j = 0; j < k; ++j) acc += row[j] = std::exp(row[j] - mx);
    for (uint64_t j = 0; j < k; ++j) d[r * k + j] = T(row[j] / acc);
    for (uint64_t j = 0; ps && j < blk; ++j) {
      ps[r * blk + j] = U(acc);
      pm[r * blk + j] = U(mx);
    }
  }
}

template <class T>
void rmsnorm(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& gamma,
             const LocalTensor<uint8_t>* tmp, float eps, const AscendC::tiling::RmsNormTiling& t, const char* file,
             int line) {
  Call op("RmsNorm", PIPE_V, file, line);
  const uint64_t rows = uint64_t(t.bLength) * t.sLength, h = t.hLength;
  if (rows == 0 || h == 0)
    op.fault("the tiling's b_length, s_length or h_length is 0: fill the RmsNormTiling (e.g. with "
             "asc.lib.host.get_rms_norm_tiling_info)");
  if (t.originalHLength == 0 || t.originalHLength > h) op.fault("the tiling's original_h_length is not in 1..h_length");
  if (h * sizeof(T) % 32 != 0) op.fault("the tiling's h_length must fill whole 32-byte blocks");
  T* d = op.out(dst, rows * h);
  const T* s = op.in(src, rows * h);
  const T* g = op.in(gamma, h);
  declare_tmp(op, tmp);
  if (!op.elems(rows * h).run()) return;
  for (uint64_t r = 0; r < rows; ++r) {
    float sq = 0;
    for (uint64_t j = 0; j < t.originalHLength; ++j) {
      float x = float(s[r * h + j]);
      sq += x * x;
    }
    float inv = 1.0f / std::sqrt(sq * t.reciprocalOfHLength + eps);
    for (uint64_t j = 0; j < h; ++j) d[r * h + j] = T(float(s[r * h + j]) * inv * float(g[j]));
  }
}

// AscendQuant: x * scale + offset in half arithmetic, then to int8 rounding to
// nearest even and saturating. As the vendor's A2/A3 implementation
// (impl/adv_api/detail/quantization/quant/ascend_quant_common_impl.h): a float
// input is cast to half first (CAST_NONE), scale and offset are half scalars,
// Muls and Adds round to half, and the half result is cast to int8; the vendor's
// 03_quantization/quant example's golden is computed that way.
template <class T>
void quant(const LocalTensor<int8_t>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>* tmp,
           float scale, float offset, const int64_t* count, const AscendC::AscendQuantConfig& cfg,
           const char* file, int line) {
  Call op("AscendQuant", PIPE_V, file, line);
  uint64_t n = count_or_size(op, src, count);
  // A config's calcCount fixes the count at compile time; a call that also
  // passes calCount must agree with it (asc's reading; the counts of the
  // per-channel forms do not apply to this per-tensor call).
  if (cfg.calcCount != 0) {
    if (count && uint64_t(*count) != cfg.calcCount)
      op.fault("calCount disagrees with the AscendQuantConfig's calcCount");
    n = cfg.calcCount;
  }
  int8_t* d = op.out(dst, n);
  const T* s = op.in(src, n);
  declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  for (uint64_t i = 0; i < n; ++i) {
    half v = half(float(half(float(half(float(s[i]))) * float(half(scale)))) + float(half(offset)));
    float r = std::nearbyint(float(v));
    d[i] = int8_t(std::clamp(r, -128.0f, 127.0f));
  }
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

// SoftMax: the vendor's overloads (adv_api/activation/softmax.h). sum and max have
// the element type of dst, or float beside half data; the ND format only; the
// default SoftmaxConfig's mode (sum and max broadcast to a 32-byte block per row).
#define ASC_SOFTMAX_CHECKS                                                                          \
  static_assert(!isDataFormatNZ, "the Model implements the ND format of SoftMax only");            \
  static_assert(config.mode == SoftmaxMode::SOFTMAX_NORMAL,                                         \
                "the Model implements SoftmaxMode::SOFTMAX_NORMAL only (sum and max broadcast per row)")
template <class T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max,
             const LocalTensor<T>& src, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
             ASC_LOC_PARAMS) {
  ASC_SOFTMAX_CHECKS;
  asc_model::adv::softmax<T>(dst, &sum, &max, src, nullptr, tiling, softmaxShapeInfo, ASC_LOC);
}
template <class T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<half>& dst, const LocalTensor<float>& sum, const LocalTensor<float>& max,
             const LocalTensor<half>& src, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {},
             ASC_LOC_PARAMS) {
  ASC_SOFTMAX_CHECKS;
  asc_model::adv::softmax<float>(dst, &sum, &max, src, nullptr, tiling, softmaxShapeInfo, ASC_LOC);
}
template <class T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max,
             const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_CHECKS;
  asc_model::adv::softmax<T>(dst, &sum, &max, src, &sharedTmpBuffer, tiling, softmaxShapeInfo, ASC_LOC);
}
template <class T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<half>& dst, const LocalTensor<float>& sum, const LocalTensor<float>& max,
             const LocalTensor<half>& src, const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_CHECKS;
  asc_model::adv::softmax<float>(dst, &sum, &max, src, &sharedTmpBuffer, tiling, softmaxShapeInfo, ASC_LOC);
}
#undef ASC_SOFTMAX_CHECKS
// The forms without sum and max.
template <class T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const SoftMaxTiling& tiling,
             const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  asc_model::adv::softmax<T>(dst, nullptr, nullptr, src, nullptr, tiling, softmaxShapeInfo, ASC_LOC);
}
template <class T, bool isReuseSource = false, bool isBasicBlock = false,
          const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer,
             const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  asc_model::adv::softmax<T>(dst, nullptr, nullptr, src, &sharedTmpBuffer, tiling, softmaxShapeInfo, ASC_LOC);
}

template <class T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& gamma,
             const LocalTensor<uint8_t>& tmp, const asc_model::vec::NoDeduce<T> epsilon, const RmsNormTiling& tiling,
             ASC_LOC_PARAMS) {
  asc_model::adv::rmsnorm(dst, src, gamma, &tmp, float(epsilon), tiling, ASC_LOC);
}
template <class T, bool isBasicBlock = false>
void RmsNorm(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& gamma,
             const asc_model::vec::NoDeduce<T> epsilon, const RmsNormTiling& tiling, ASC_LOC_PARAMS) {
  asc_model::adv::rmsnorm(dst, src, gamma, nullptr, float(epsilon), tiling, ASC_LOC);
}

template <class T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                 const float scale, const float offset, const uint32_t calCount, ASC_LOC_PARAMS) {
  int64_t n = calCount;
  asc_model::adv::quant(dst, src, &tmp, scale, offset, &n, config, ASC_LOC);
}
template <class T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
                 const float scale, const float offset, ASC_LOC_PARAMS) {
  asc_model::adv::quant(dst, src, &tmp, scale, offset, nullptr, config, ASC_LOC);
}
template <class T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dst, const LocalTensor<T>& src, const float scale,
                 const float offset, const uint32_t calCount, ASC_LOC_PARAMS) {
  int64_t n = calCount;
  asc_model::adv::quant(dst, src, nullptr, scale, offset, &n, config, ASC_LOC);
}
template <class T, bool isReuseSource = false, const AscendQuantConfig& config = ASCEND_QUANT_DEFAULT_CFG>
void AscendQuant(const LocalTensor<int8_t>& dst, const LocalTensor<T>& src, const float scale,
                 const float offset, ASC_LOC_PARAMS) {
  asc_model::adv::quant(dst, src, nullptr, scale, offset, nullptr, config, ASC_LOC);
}

}  // namespace AscendC
