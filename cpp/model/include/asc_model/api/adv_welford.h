// adv/normalization WelfordUpdate (adv_api/normalization/layernorm.h) and
// WelfordFinalize (welfordfinalize.h), the Atlas A2 forms.
//
// WelfordUpdate, over the first abComputeLength of abLength elements (the
// vendor's A2 code takes rnLength = 1): delta = x - mean,
// mean' = mean + delta * nRec, var' = var + delta * (x - mean'); with
// WelfordUpdateConfig::isInplace the outputs' other elements are the inputs'.
// WelfordFinalize merges abLength partial (mean, M2) pairs: with counts,
// mean = sum(mean_i * count_i * rRec), var = sum((count_i (mean_i - mean)^2 +
// M2_i) * rRec); without, count_i is rnLength and the mean's weight abRec, or
// headCount for the first headCountLength pairs and tailCount for the rest.
// The results are outputMean[0] and outputVariance[0].
//
// Their temporary-buffer splits divide by what the buffer holds: WelfordUpdate
// needs a 256-byte repeat per intermediate (three for half input, two for
// float, one reusing the source), WelfordFinalize 64 + 128 floats; less is a
// fault here (a division by zero on the NPU).
#pragma once
#include "asc_model/api/adv_common.h"

namespace AscendC {
struct WelfordUpdateConfig {
  constexpr WelfordUpdateConfig(const bool isInplaceIn) : isInplace(isInplaceIn) {}
  bool isInplace = false;
};
constexpr WelfordUpdateConfig WFUPDATE_DEFAULT_CFG = {false};
struct WelfordUpdateParam {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t abComputeLength;
  float nRec;
};
struct WelfordFinalizeConfig {
  constexpr WelfordFinalizeConfig(const bool isCorrectionIn) { isCorrection = isCorrectionIn; }
  bool isCorrection = false;
};
constexpr WelfordFinalizeConfig WFFINALIZE_DEFAULT_CFG = {false};
struct WelfordFinalizePara {
  uint32_t rnLength;
  uint32_t abLength;
  uint32_t headCount;
  uint32_t headCountLength;
  uint32_t tailCount;
  uint32_t tailCountLength;
  float abRec;
  float rRec;
};
}  // namespace AscendC

namespace asc_model {
namespace adv {

template <class T, class U, bool reuse, bool inplace>
void welford_update(const LocalTensor<U>& outMean, const LocalTensor<U>& outVar, const LocalTensor<U>& inMean,
                    const LocalTensor<U>& inVar, const LocalTensor<T>& x, const LocalTensor<uint8_t>* tmp,
                    const AscendC::WelfordUpdateParam& p, const char* file, int line) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, half>, "WelfordUpdate: inputX must be half or float");
  static_assert(std::is_same_v<U, float>, "WelfordUpdate: mean and variance must be float");
  Call op("WelfordUpdate", PIPE_V, file, line);
  Core& c = op.core();
  if (p.rnLength != 1) c.fault(file, line, "WelfordUpdate", "para.rnLength is %u: Atlas A2 takes 1", p.rnLength);
  if (p.abComputeLength == 0 || p.abComputeLength > p.abLength)
    c.fault(file, line, "WelfordUpdate", "para.abComputeLength (%u) must be in 1..abLength (%u)", p.abComputeLength,
            p.abLength);
  if (p.abLength % (32 / sizeof(T)) != 0)
    c.fault(file, line, "WelfordUpdate", "para.abLength (%u) must fill whole 32-byte blocks", p.abLength);
  constexpr uint32_t bufs = sizeof(T) == 2 ? 3 : reuse ? 1 : 2;
  if (tmp && tmp->GetSize() / (256 * bufs) == 0)
    c.fault(file, line, "WelfordUpdate",
            "sharedTmpBuffer of %u bytes holds no 256-byte repeat for each of its %u intermediates (%u bytes); "
            "GetWelfordUpdateMaxMinTmpSize gives the size",
            unsigned(tmp->GetSize()), bufs, 256 * bufs);
  const uint64_t n = p.abLength, k = p.abComputeLength, w = inplace ? n : k;
  const T* px = op.in(x, k);
  const U* pm = op.in(inMean, w);
  const U* pv = op.in(inVar, w);
  U* om = op.out(outMean, w);
  U* ov = op.out(outVar, w);
  declare_tmp(op, tmp);
  if (!op.elems(k).run()) return;
  std::vector<float> m(pm, pm + w), v(pv, pv + w);
  for (uint64_t i = 0; i < k; ++i) {
    const float xi = float(px[i]), d = xi - m[i], nm = m[i] + d * p.nRec;
    om[i] = nm;
    ov[i] = v[i] + d * (xi - nm);
  }
  for (uint64_t i = k; i < w; ++i) {
    om[i] = m[i];
    ov[i] = v[i];
  }
}

inline void welford_finalize(const LocalTensor<float>& outMean, const LocalTensor<float>& outVar,
                             const LocalTensor<float>& inMean, const LocalTensor<float>& inVar,
                             const LocalTensor<int32_t>* counts, const LocalTensor<uint8_t>* tmp,
                             const AscendC::WelfordFinalizePara& p, const char* file, int line) {
  Call op("WelfordFinalize", PIPE_V, file, line);
  Core& c = op.core();
  const uint64_t n = p.abLength;
  if (n == 0 || n % 8 != 0)
    c.fault(file, line, "WelfordFinalize", "para.abLength (%u) must be non-zero and fill whole 32-byte blocks",
            p.abLength);
  if (!counts && p.tailCountLength != 0 && p.tailCount == 0)
    c.fault(file, line, "WelfordFinalize", "para.tailCount is 0 while para.tailCountLength is %u",
            p.tailCountLength);
  if (!counts && p.tailCountLength != 0 && p.headCountLength + p.tailCountLength != p.abLength)
    c.fault(file, line, "WelfordFinalize", "para.headCountLength + para.tailCountLength (%u + %u) is not abLength (%u)",
            p.headCountLength, p.tailCountLength, p.abLength);
  if (outMean.GetSize() < 8 || outVar.GetSize() < 8)
    c.fault(file, line, "WelfordFinalize", "outputMean and outputVariance must hold at least 8 floats");
  if (tmp && tmp->GetSize() / 4 < 64 + 128)
    c.fault(file, line, "WelfordFinalize",
            "sharedTmpBuffer of %u bytes leaves no 128-float piece after its 64-float output area (it needs %u "
            "bytes); GetWelfordFinalizeMaxMinTmpSize gives the size",
            unsigned(tmp->GetSize()), (64 + 128) * 4);
  const float* pm = op.in(inMean, n);
  const float* pv = op.in(inVar, n);
  const int32_t* pc = counts ? op.in(*counts, n) : nullptr;
  float* om = op.out(outMean, 1);
  float* ov = op.out(outVar, 1);
  declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  const bool tail = !counts && p.tailCountLength != 0 && p.tailCount != 0;
  auto count = [&](uint64_t i) -> float {
    if (counts) return float(pc[i]);
    if (tail) return float(i < p.headCountLength ? p.headCount : p.tailCount);
    return float(p.rnLength);
  };
  double mean = 0;
  for (uint64_t i = 0; i < n; ++i)
    mean += (counts || tail) ? double(pm[i] * count(i) * p.rRec) : double(pm[i] * p.abRec);
  const float fm = float(mean);
  double var = 0;
  for (uint64_t i = 0; i < n; ++i) {
    const float d = pm[i] - fm;
    var += double((d * d * count(i) + pv[i]) * p.rRec);
  }
  om[0] = fm;
  ov[0] = float(var);
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                   const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance, const LocalTensor<T>& inputX,
                   const WelfordUpdateParam& para, ASC_LOC_PARAMS) {
  asc_model::adv::welford_update<T, U, isReuseSource, config.isInplace>(
      outputMean, outputVariance, inputMean, inputVariance, inputX, nullptr, para, ASC_LOC);
}
template <typename T, typename U, bool isReuseSource = false, const WelfordUpdateConfig& config = WFUPDATE_DEFAULT_CFG>
void WelfordUpdate(const LocalTensor<U>& outputMean, const LocalTensor<U>& outputVariance,
                   const LocalTensor<U>& inputMean, const LocalTensor<U>& inputVariance, const LocalTensor<T>& inputX,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, const WelfordUpdateParam& para, ASC_LOC_PARAMS) {
  asc_model::adv::welford_update<T, U, isReuseSource, config.isInplace>(
      outputMean, outputVariance, inputMean, inputVariance, inputX, &sharedTmpBuffer, para, ASC_LOC);
}

template <bool isReuseSource = false>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, WelfordFinalizePara& para, ASC_LOC_PARAMS) {
  asc_model::adv::welford_finalize(outputMean, outputVariance, inputMean, inputVariance, nullptr, &sharedTmpBuffer,
                                   para, ASC_LOC);
}
template <bool isReuseSource = false>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     const LocalTensor<int32_t>& counts, const LocalTensor<uint8_t>& sharedTmpBuffer,
                     WelfordFinalizePara& para, ASC_LOC_PARAMS) {
  asc_model::adv::welford_finalize(outputMean, outputVariance, inputMean, inputVariance, &counts, &sharedTmpBuffer,
                                   para, ASC_LOC);
}
template <bool isReuseSource = false>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     WelfordFinalizePara& para, ASC_LOC_PARAMS) {
  asc_model::adv::welford_finalize(outputMean, outputVariance, inputMean, inputVariance, nullptr, nullptr, para,
                                   ASC_LOC);
}
template <bool isReuseSource = false>
void WelfordFinalize(const LocalTensor<float>& outputMean, const LocalTensor<float>& outputVariance,
                     const LocalTensor<float>& inputMean, const LocalTensor<float>& inputVariance,
                     const LocalTensor<int32_t>& counts, WelfordFinalizePara& para, ASC_LOC_PARAMS) {
  asc_model::adv::welford_finalize(outputMean, outputVariance, inputMean, inputVariance, &counts, nullptr, para,
                                   ASC_LOC);
}

}  // namespace AscendC
