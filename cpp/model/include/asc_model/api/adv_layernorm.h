// LayerNorm's separate-statistics form and Normalize (adv_api/normalization/
// {layernorm,normalize}.h, the Atlas A2 implementation): LayerNormPara,
// LayerNormConfig (LNCFG_NORM), NormalizePara, NormalizeConfig (NLCFG_*),
// ReducePattern, and the kernel's LayerNormSeparateTiling.
//
// Rows of rLength values at a stride of rLengthWithPadding, in float:
//   Normalize: rstd[a] = 1 / sqrt(variance[a] + epsilon) for every a;
//     y = (x - mean[a]) * rstd[a] * gamma + beta (no gamma / beta as the config says);
//   LayerNorm: mean[a] = sum(x * rValueBack), variance = sum((x - mean)^2 * rValueBack)
//     (rValueBack = 1 / rLength, the tiling's), then Normalize; the variance is
//     internal (the tmp buffer's), the outputs are y, mean and rstd. When
//     rLength < rLengthWithPadding the vendor first zeroes inputX's padding
//     columns in place; the Model does too.
// The padding columns of y are the vendor's scratch (not defined): the Model
// leaves them as they were. Sizes the vendor derives from the tiling or the
// temporary buffer, when they cannot work, are faults naming the host function.
#pragma once
#include <cmath>
#include <vector>
#include "asc_model/api/adv_common.h"

namespace AscendC {
namespace tiling {
struct LayerNormSeparateTiling {
  uint32_t aLength = 0, rLength = 0, halfAddRepeatTimes = 0, rHeadLength = 0;
  float k2Rec = 0, k2RRec = 0;
  uint32_t inputXSize = 0, meanVarSize = 0, numberOfTmpBuf = 0, varianceTmpTensorPos = 0;
  uint32_t varianceTmpTensorSize = 0, tmpBufSize = 0, oneTmpSize = 0, firstTmpStartPos = 0;
  uint32_t secondTmpStartPos = 0, thirdTmpStartPos = 0, loopRound = 0, inputRoundSize = 0, inputTailSize = 0;
  uint32_t inputTailPos = 0, meanVarRoundSize = 0, meanVarTailSize = 0, meanVarTailPos = 0;
  uint32_t arCurLength = 0, aCurLength = 0;
  float rValueBack = 0;
};
static_assert(sizeof(LayerNormSeparateTiling) == 26 * 4, "LayerNormSeparateTiling: 26 4-byte fields");
}  // namespace tiling

#ifndef ASCC_ENUM_REDUCEPATTERN
#define ASCC_ENUM_REDUCEPATTERN
enum class ReducePattern : uint32_t {
  AR = 0,
  RA = 1,
  R,
  ARA,
  ARAR,
  ARARA,
  ARARAR,
  ARARARA,
  ARARARAR,
  ARARARARA,
  RAR,
  RARA,
  RARAR,
  RARARA,
  RARARAR,
  RARARARA,
};
#endif

struct LayerNormConfig {
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
  bool isOutputRstd = true;
};
constexpr LayerNormConfig GetLayerNormNormalConfig() { return {false, false, false, true}; }
constexpr LayerNormConfig LNCFG_NORM = GetLayerNormNormalConfig();
struct LayerNormPara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};

struct NormalizeConfig {
  ReducePattern reducePattern = ReducePattern::AR;
  int32_t aLength = -1;
  bool isNoBeta = false;
  bool isNoGamma = false;
  bool isOnlyOutput = false;
};
constexpr NormalizeConfig GetNormalizeConfig(bool isNoBeta, bool isNoGamma) {
  return {ReducePattern::AR, -1, isNoBeta, isNoGamma, false};
}
constexpr NormalizeConfig NLCFG_NORM = GetNormalizeConfig(false, false);
constexpr NormalizeConfig NLCFG_NOBETA = GetNormalizeConfig(true, false);
constexpr NormalizeConfig NLCFG_NOGAMMA = GetNormalizeConfig(false, true);
constexpr NormalizeConfig NLCFG_NOOPT = GetNormalizeConfig(true, true);
struct NormalizePara {
  uint32_t aLength;
  uint32_t rLength;
  uint32_t rLengthWithPadding;
};
}  // namespace AscendC
using AscendC::tiling::LayerNormSeparateTiling;

namespace asc_model {
namespace adv {

template <class U, class T>
constexpr bool norm_types_ok() {
  return (std::is_same<T, float>::value && std::is_same<U, float>::value) ||
         (std::is_same<T, half>::value && (std::is_same<U, half>::value || std::is_same<U, float>::value));
}

inline void norm_shape(Call& op, uint32_t a, uint32_t r, uint32_t rp, uint64_t elem) {
  if (a == 0 || r == 0) op.fault("para.aLength and para.rLength must be positive");
  if (rp < r || rp * elem % 32 != 0)
    op.core().fault(op.file(), op.line(), op.api(),
                    "para.rLengthWithPadding %u must be at least rLength %u and fill whole 32-byte blocks", rp, r);
}

// The rows' statistics given: rstd, then y. `tmp_floats` (0: the stack form) is
// the float count of the buffer Normalize works in.
template <class U, class T>
void normalize_rows(Call& op, T* y, float* rstd, const float* mean, const float* var, const T* x, const U* g,
                    const U* b, bool noGamma, bool noBeta, float eps, uint32_t a, uint32_t r, uint32_t rp) {
  std::vector<float> rs(a);
  for (uint32_t i = 0; i < a; ++i) rs[i] = 1.0f / std::sqrt(var[i] + eps);  // read before rstd is written
  for (uint32_t i = 0; i < a; ++i) rstd[i] = rs[i];
  (void)op;
  for (uint32_t i = 0; i < a; ++i)
    for (uint32_t j = 0; j < r; ++j) {
      float v = (float(x[uint64_t(i) * rp + j]) - mean[i]) * rs[i];
      if (!noGamma) v *= float(g[j]);
      if (!noBeta) v += float(b[j]);
      y[uint64_t(i) * rp + j] = T(v);
    }
}

template <class U, class T>
void normalize_tmp_fits(Call& op, uint64_t tmp_floats, uint32_t a, uint32_t rp) {
  if (tmp_floats < a)
    op.core().fault(op.file(), op.line(), op.api(),
                    "sharedTmpBuffer holds %llu floats, fewer than aLength %u: GetNormalizeMaxMinTmpSize gives the size",
                    (unsigned long long)tmp_floats, a);
  const uint64_t r2 = uint64_t(rp) * 2;
  const uint64_t n = std::is_same<U, float>::value ? tmp_floats / r2 : (tmp_floats < r2 ? 0 : (tmp_floats - r2) / r2);
  if (n == 0)
    op.core().fault(op.file(), op.line(), op.api(),
                    "sharedTmpBuffer of %llu floats cannot hold one row's %llu: GetNormalizeMaxMinTmpSize gives the "
                    "size",
                    (unsigned long long)tmp_floats,
                    (unsigned long long)(std::is_same<U, float>::value ? r2 : 2 * r2));
}

template <class U, class T, bool noGamma, bool noBeta>
void normalize(const LocalTensor<T>& out, const LocalTensor<float>& outRstd, const LocalTensor<float>& mean,
               const LocalTensor<float>& var, const LocalTensor<T>& x, const LocalTensor<U>& gamma,
               const LocalTensor<U>& beta, const LocalTensor<uint8_t>* tmp, float eps,
               const AscendC::NormalizePara& p, int32_t cfgA, const char* file, int line) {
  Call op("Normalize", PIPE_V, file, line);
  norm_shape(op, p.aLength, p.rLength, p.rLengthWithPadding, sizeof(T));
  if (cfgA != -1 && uint32_t(cfgA) != p.aLength)
    op.core().fault(file, line, "Normalize", "config.aLength %d must equal para.aLength %u", cfgA, p.aLength);
  if (tmp) normalize_tmp_fits<U, T>(op, tmp->GetSize() / 4, p.aLength, p.rLengthWithPadding);
  const uint64_t n = uint64_t(p.aLength) * p.rLengthWithPadding;
  const T* px = op.in(x, n);
  const float* pm = op.in(mean, p.aLength);
  const float* pv = op.in(var, p.aLength);
  const U* pg = noGamma ? nullptr : op.in(gamma, p.rLength);
  const U* pb = noBeta ? nullptr : op.in(beta, p.rLength);
  T* py = op.out(out, n);
  float* pr = op.out(outRstd, p.aLength);
  declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  std::vector<T> xs(px, px + n);  // y may be x
  normalize_rows<U, T>(op, py, pr, pm, pv, xs.data(), pg, pb, noGamma, noBeta, eps, p.aLength, p.rLength,
                       p.rLengthWithPadding);
}

template <class U, class T, bool noGamma, bool noBeta>
void layernorm_sep(const LocalTensor<T>& out, const LocalTensor<float>& outMean, const LocalTensor<float>& outRstd,
                   const LocalTensor<T>& x, const LocalTensor<U>& gamma, const LocalTensor<U>& beta, float eps,
                   const LocalTensor<uint8_t>* tmp, const AscendC::LayerNormPara& p,
                   const AscendC::tiling::LayerNormSeparateTiling& t, const char* file, int line) {
  Call op("LayerNorm", PIPE_V, file, line);
  const uint32_t a = p.aLength, r = p.rLength, rp = p.rLengthWithPadding;
  norm_shape(op, a, r, rp, sizeof(T));
  const uint64_t n = uint64_t(a) * rp;
  if (t.oneTmpSize == 0 || t.inputRoundSize == 0 ||
      uint64_t(t.loopRound) * t.inputRoundSize + t.inputTailSize != n || t.inputRoundSize % rp != 0)
    op.core().fault(file, line, "LayerNorm",
                    "the tiling (loopRound %u, inputRoundSize %u, inputTailSize %u, oneTmpSize %u) does not cover "
                    "%u x %u: GetLayerNormNDTilingInfo with this shape and a stack buffer of at least "
                    "GetLayerNormMaxMinTmpSize's minimum gives it",
                    t.loopRound, t.inputRoundSize, t.inputTailSize, t.oneTmpSize, a, rp);
  if (tmp) {
    const uint64_t have = tmp->GetSize() / 4;
    const uint64_t need = uint64_t(t.varianceTmpTensorSize) + 2ull * t.oneTmpSize;
    if (have <= rp || have < need)
      op.core().fault(file, line, "LayerNorm",
                      "sharedTmpBuffer of %u bytes is smaller than the tiling's %llu: GetLayerNormMaxMinTmpSize "
                      "gives the size",
                      unsigned(tmp->GetSize()), (unsigned long long)(need * 4));
    normalize_tmp_fits<U, T>(op, have - std::min<uint64_t>(have, t.firstTmpStartPos), a, rp);
  }
  // the padding columns are zeroed in place (x is written only then)
  T* px = r != rp ? op.out(x, n) : const_cast<T*>(op.in(x, n));
  const U* pg = noGamma ? nullptr : op.in(gamma, r);
  const U* pb = noBeta ? nullptr : op.in(beta, r);
  T* py = op.out(out, n);
  float* pm = op.out(outMean, a);
  float* pr = op.out(outRstd, a);
  declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  if (r != rp)
    for (uint32_t i = 0; i < a; ++i)
      for (uint32_t j = r; j < rp; ++j) px[uint64_t(i) * rp + j] = T(0.0f);
  std::vector<T> xs(px, px + n);
  std::vector<float> mean(a), var(a);
  const float back = t.rValueBack;
  for (uint32_t i = 0; i < a; ++i) {
    double s = 0;
    for (uint32_t j = 0; j < rp; ++j) s += double(float(xs[uint64_t(i) * rp + j]) * back);
    mean[i] = float(s);
    double v = 0;
    for (uint32_t j = 0; j < r; ++j) {
      const float d = float(xs[uint64_t(i) * rp + j]) - mean[i];
      v += double(d * d * back);
    }
    var[i] = float(v);
  }
  for (uint32_t i = 0; i < a; ++i) pm[i] = mean[i];
  normalize_rows<U, T>(op, py, pr, mean.data(), var.data(), xs.data(), pg, pb, noGamma, noBeta, eps, a, r, rp);
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

#define ASC_NORM_CHECKS(api)                                                                          \
  static_assert(asc_model::adv::norm_types_ok<U, T>(),                                              \
                api ": T float with U float, or T half with U half or float");                     \
  static_assert(!config.isOnlyOutput, api ": isOnlyOutput must be false on Atlas A2")

template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean,
               const LocalTensor<float>& outputRstd, const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
               const LocalTensor<U>& beta, const float epsilon, const LayerNormPara& para,
               const LayerNormSeparateTiling& tiling, ASC_LOC_PARAMS) {
  ASC_NORM_CHECKS("LayerNorm");
  asc_model::adv::layernorm_sep<U, T, config.isNoGamma, config.isNoBeta>(
      output, outputMean, outputRstd, inputX, gamma, beta, epsilon, nullptr, para, tiling, ASC_LOC);
}
template <typename U, typename T, bool isReuseSource = false, const LayerNormConfig& config = LNCFG_NORM>
void LayerNorm(const LocalTensor<T>& output, const LocalTensor<float>& outputMean,
               const LocalTensor<float>& outputRstd, const LocalTensor<T>& inputX, const LocalTensor<U>& gamma,
               const LocalTensor<U>& beta, const float epsilon, const LocalTensor<uint8_t>& sharedTmpBuffer,
               const LayerNormPara& para, const LayerNormSeparateTiling& tiling, ASC_LOC_PARAMS) {
  ASC_NORM_CHECKS("LayerNorm");
  asc_model::adv::layernorm_sep<U, T, config.isNoGamma, config.isNoBeta>(
      output, outputMean, outputRstd, inputX, gamma, beta, epsilon, &sharedTmpBuffer, para, tiling, ASC_LOC);
}

template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd,
               const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<U>& gamma, const LocalTensor<U>& beta,
               const LocalTensor<uint8_t>& sharedTmpBuffer, const float epsilon, const NormalizePara& para,
               ASC_LOC_PARAMS) {
  ASC_NORM_CHECKS("Normalize");
  static_assert(config.aLength != 1, "Normalize: config.aLength must not be 1");
  asc_model::adv::normalize<U, T, config.isNoGamma, config.isNoBeta>(output, outputRstd, inputMean, inputVariance,
                                                                     inputX, gamma, beta, &sharedTmpBuffer, epsilon,
                                                                     para, config.aLength, ASC_LOC);
}
template <typename U, typename T, bool isReuseSource = false, const NormalizeConfig& config = NLCFG_NORM>
void Normalize(const LocalTensor<T>& output, const LocalTensor<float>& outputRstd,
               const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
               const LocalTensor<T>& inputX, const LocalTensor<U>& gamma, const LocalTensor<U>& beta,
               const float epsilon, const NormalizePara& para, ASC_LOC_PARAMS) {
  ASC_NORM_CHECKS("Normalize");
  static_assert(config.aLength != 1, "Normalize: config.aLength must not be 1");
  asc_model::adv::normalize<U, T, config.isNoGamma, config.isNoBeta>(output, outputRstd, inputMean, inputVariance,
                                                                     inputX, gamma, beta, nullptr, epsilon, para,
                                                                     config.aLength, ASC_LOC);
}
#undef ASC_NORM_CHECKS

}  // namespace AscendC
