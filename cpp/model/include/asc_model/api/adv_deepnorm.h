// adv/normalization DeepNorm (adv_api/normalization/deepnorm.h): per row of
// [B, S, H], x1 = alpha * src + gx, mean and variance over the row's first
// originalHLength elements, dst = gamma * (x1 - mean) / sqrt(variance + epsilon)
// + beta over H; meanLocal and rstdLocal get the B * S means and variances.
// Computed in float. The shape is the DeepNormTiling's (GetDeepNormTilingInfo);
// a sharedTmpBuffer smaller than the tiling's three (two) row pieces is a fault,
// as is a tiling GetDeepNormTilingInfo refused (oneTmpSize 0).
#pragma once
#include "asc_model/api/adv_common.h"

namespace AscendC {
namespace tiling {
struct DeepNormTiling {
  uint32_t bLength = 0, sLength = 0, hLength = 0, originalHLength = 0, inputXSize = 0, meanVarSize = 0;
  uint32_t numberOfTmpBuf = 0, meanTmpTensorPos = 0, meanTmpTensorSize = 0, varianceTmpTensorPos = 0;
  uint32_t varianceTmpTensorSize = 0, tmpBufSize = 0, oneTmpSize = 0, firstTmpStartPos = 0, secondTmpStartPos = 0;
  uint32_t thirdTmpStartPos = 0, loopRound = 0, inputRoundSize = 0, inputTailSize = 0, inputTailPos = 0;
  uint32_t meanVarRoundSize = 0, meanVarTailSize = 0, meanVarTailPos = 0, bshCurLength = 0, bsCurLength = 0;
  float lastDimValueBack = 0;
};
}  // namespace tiling
}  // namespace AscendC
using AscendC::tiling::DeepNormTiling;

namespace asc_model {
namespace adv {

template <class T>
void deep_norm(const LocalTensor<T>& dst, const LocalTensor<T>& mean, const LocalTensor<T>& rstd,
               const LocalTensor<T>& src, const LocalTensor<T>& gx, const LocalTensor<T>& beta,
               const LocalTensor<T>& gamma, const LocalTensor<uint8_t>* tmp, float alpha, float eps,
               const AscendC::tiling::DeepNormTiling& t, const char* file, int line) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, half>, "DeepNorm: T must be half or float");
  Call op("DeepNorm", PIPE_V, file, line);
  Core& c = op.core();
  const uint64_t rows = uint64_t(t.bLength) * t.sLength, h = t.hLength, oh = t.originalHLength;
  if (rows == 0 || h == 0 || oh == 0 || oh > h)
    c.fault(file, line, "DeepNorm", "the tiling's shape (B %u, S %u, H %u, original H %u) is not a valid [B, S, H]: "
            "fill it with GetDeepNormTilingInfo", t.bLength, t.sLength, t.hLength, t.originalHLength);
  if (h * sizeof(T) % 32 != 0) c.fault(file, line, "DeepNorm", "the tiling's H (%u) must fill whole 32-byte blocks",
                                       t.hLength);
  if (t.oneTmpSize == 0 || t.numberOfTmpBuf == 0)
    c.fault(file, line, "DeepNorm", "the tiling has no temporary piece (oneTmpSize 0): GetDeepNormTilingInfo "
            "refused the stack buffer size");
  const uint64_t need = (uint64_t(t.firstTmpStartPos) + uint64_t(t.numberOfTmpBuf) * t.oneTmpSize) * 4;
  if (tmp && tmp->GetSize() < need)
    c.fault(file, line, "DeepNorm", "sharedTmpBuffer of %u bytes is smaller than the tiling's %llu "
            "(GetDeepNormMaxMinTmpSize gives the sizes)", unsigned(tmp->GetSize()), (unsigned long long)need);
  const T* x = op.in(src, rows * h);
  const T* g = op.in(gx, rows * h);
  const T* ga = op.in(gamma, h);
  const T* be = op.in(beta, h);
  T* d = op.out(dst, rows * h);
  T* pm = op.out(mean, rows);
  T* pv = op.out(rstd, rows);
  declare_tmp(op, tmp);
  if (!op.elems(rows * h).run()) return;
  std::vector<float> x1(h);
  for (uint64_t r = 0; r < rows; ++r) {
    double s = 0;
    for (uint64_t j = 0; j < h; ++j) x1[j] = alpha * float(x[r * h + j]) + float(g[r * h + j]);
    for (uint64_t j = 0; j < oh; ++j) s += x1[j];
    const float m = float(s / double(oh));
    double q = 0;
    for (uint64_t j = 0; j < oh; ++j) q += double((x1[j] - m) * (x1[j] - m));
    const float v = float(q / double(oh)), inv = 1.0f / std::sqrt(v + eps);
    for (uint64_t j = 0; j < h; ++j) d[r * h + j] = T(float(ga[j]) * ((x1[j] - m) * inv) + float(be[j]));
    pm[r] = T(m);
    pv[r] = T(v);
  }
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal,
              const LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
              const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer, const T alpha,
              const T epsilon, DeepNormTiling& tiling, ASC_LOC_PARAMS) {
  asc_model::adv::deep_norm(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal, gammaLocal,
                            &sharedTmpBuffer, float(alpha), float(epsilon), tiling, ASC_LOC);
}
template <typename T, bool isReuseSrc = false, bool isBasicBlock = false>
void DeepNorm(const LocalTensor<T>& dstLocal, const LocalTensor<T>& meanLocal, const LocalTensor<T>& rstdLocal,
              const LocalTensor<T>& srcLocal, const LocalTensor<T>& gxLocal, const LocalTensor<T>& betaLocal,
              const LocalTensor<T>& gammaLocal, const T alpha, const T epsilon, DeepNormTiling& tiling,
              ASC_LOC_PARAMS) {
  asc_model::adv::deep_norm(dstLocal, meanLocal, rstdLocal, srcLocal, gxLocal, betaLocal, gammaLocal, nullptr,
                            float(alpha), float(epsilon), tiling, ASC_LOC);
}

}  // namespace AscendC
