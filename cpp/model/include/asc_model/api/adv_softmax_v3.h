// SoftmaxFlashV3 (adv_api/activation/softmaxflashv3.h) and its SoftMaxParams:
// FlashAttention V3's softmax of half data with float statistics, ND format.
//
// Per row of k columns (the vendor's v220 implementation, step by step):
//   the row is read in float; its 8 "local means" are sums of the first 512
//   columns in 64-column groups plus, for each later 64-column chunk, its
//   8-column group g, over baseK = k / 8; the global mean is their mean;
//   x -= (global - local[g]) * alpha / (1 - alpha) on the g-th k/8 columns;
//   mean = global (isUpdate: (inMean * (loopCnt - 1) + global) / loopCnt);
//   shiftCurr = (global - mean) * s; max = rowmax(x) + shiftCurr;
//   isUpdate: shiftPrev = (inMean - mean) * s, max = max(max, inMax + shiftPrev),
//             expMax = exp(inMax - max + shiftPrev), expSum = expMax * inExpSum;
//   dst = half(exp(x - (max - shiftCurr))); expSum (+)= rowsum of the float exps.
// The statistics are one 32-byte block per row (8 floats), expMax 16 halves per
// row. The steps read and write the tensors in the vendor's order, so statistics
// passed as both inputs and outputs (the vendor's example does) behave as on the
// NPU. The vendor's checks (srcK >= 512 and a multiple of 64, srcM a multiple of
// 8, splitMeanCnt 8, the original shape equal to the shape) are faults here.
#pragma once
#include <algorithm>
#include <cmath>
#include <vector>
#include "asc_model/api/adv_norm.h"

namespace AscendC {
struct SoftMaxParams {
  uint32_t srcM{0};
  uint32_t srcK{0};
  uint32_t oriSrcM{0};
  uint32_t oriSrcK{0};
  uint32_t loopCnt{1};
  uint32_t splitMeanCnt{8};
  float alpha{0.9375};
};
}  // namespace AscendC

namespace asc_model {
namespace adv {

template <class T, class U>
void flash_v3(const LocalTensor<T>& dst, const LocalTensor<U>& mean, const LocalTensor<U>& expSum,
              const LocalTensor<U>& maxT, const LocalTensor<T>& src, const LocalTensor<T>& expMax,
              const LocalTensor<U>& inMean, const LocalTensor<U>& inExpSum, const LocalTensor<U>& inMax,
              const LocalTensor<uint8_t>* tmp, const AscendC::tiling::SoftMaxTiling& t,
              const AscendC::SoftMaxParams& p, bool update, const char* file, int line) {
  Call op("SoftmaxFlashV3", PIPE_V, file, line);
  uint64_t m = p.srcM, k = p.srcK;
  if (p.srcM == 0 || p.srcK == 0) {  // the vendor then takes the shape from src's ShapeInfo
    AscendC::ShapeInfo s = src.GetShapeInfo();
    if (s.shapeDim == 0) op.fault("params.srcM / srcK are 0 and src has no ShapeInfo: the shape is unknown");
    k = s.shape[s.shapeDim - 1];
    m = 1;
    for (int i = 0; i + 1 < s.shapeDim; ++i) m *= s.shape[i];
  } else if (p.oriSrcM != p.srcM || p.oriSrcK != p.srcK) {
    op.core().fault(file, line, op.api(), "params.oriSrcM x oriSrcK (%u x %u) must equal params.srcM x srcK (%u x %u)",
                    p.oriSrcM, p.oriSrcK, p.srcM, p.srcK);
  }
  if (k < 512 || k % 64 != 0)
    op.core().fault(file, line, op.api(), "srcK is %llu: it must be at least 512 and a multiple of 64",
                    (unsigned long long)k);
  if (m == 0 || m % 8 != 0)
    op.core().fault(file, line, op.api(), "srcM is %llu: it must be a positive multiple of 8", (unsigned long long)m);
  if (p.splitMeanCnt != 8)
    op.core().fault(file, line, op.api(), "params.splitMeanCnt is %u: it must be 8", p.splitMeanCnt);
  if (update && p.loopCnt < 1) op.fault("params.loopCnt must be at least 1 when isUpdate is true");
  if (t.splitK != k || uint64_t(t.rangeM) * t.splitM + t.tailM != m || t.splitM == 0 || t.reduceK != 8)
    op.core().fault(file, line, op.api(),
                    "the tiling (splitM %u, splitK %u, rangeM %u, tailM %u, reduceK %u) does not cover %llu x %llu "
                    "rows of 8-float statistics: SoftMaxFlashV3TilingFunc gives it",
                    t.splitM, t.splitK, t.rangeM, t.tailM, t.reduceK, (unsigned long long)m, (unsigned long long)k);
  if (tmp) {
    const uint64_t need = uint64_t(t.splitSize) + uint64_t(t.splitM) * 64 + uint64_t(t.reduceSize) * (update ? 4 : 3) + k;
    if (uint64_t(tmp->GetSize()) < need * sizeof(float))
      op.core().fault(file, line, op.api(),
                      "sharedTmpBuffer of %u bytes is smaller than the %llu bytes one block of %u rows works in; "
                      "GetSoftMaxFlashV3MaxMinTmpSize gives the size",
                      unsigned(tmp->GetSize()), (unsigned long long)(need * sizeof(float)), t.splitM);
  }
  constexpr uint64_t bu = 8, bt = 16;
  const T* s = op.in(src, m * k);
  const U* pim = update ? op.in(inMean, m * bu) : nullptr;
  const U* pis = update ? op.in(inExpSum, m * bu) : nullptr;
  const U* pix = update ? op.in(inMax, m * bu) : nullptr;
  T* d = op.out(dst, m * k);
  U* pmean = op.out(mean, m * bu);
  U* psum = op.out(expSum, m * bu);
  U* pmax = op.out(maxT, m * bu);
  T* pe = update ? op.out(expMax, m * bt) : nullptr;
  declare_tmp(op, tmp);
  if (!op.elems(m * k).run()) return;
  const float sc = p.alpha / (1.0f - p.alpha);
  const uint64_t baseK = k / 8;
  std::vector<float> x(k);
  for (uint64_t r = 0; r < m; ++r) {
    for (uint64_t j = 0; j < k; ++j) x[j] = float(s[r * k + j]);
    // 64 partial sums: the first 512 columns in groups of 8, then the later 64-column chunks lane-wise
    float part[64];
    for (int j = 0; j < 64; ++j) {
      float a = 0;
      for (int q = 0; q < 8; ++q) a += x[j * 8 + q];
      part[j] = a;
    }
    for (uint64_t c = 512; c < k; c += 64)
      for (int j = 0; j < 64; ++j) part[j] += x[c + j];
    float local[8], global = 0;
    for (int g = 0; g < 8; ++g) {
      float a = 0;
      for (int q = 0; q < 8; ++q) a += part[g * 8 + q];
      local[g] = a * (1.0f / float(baseK));
    }
    for (int g = 0; g < 8; ++g) global += local[g];
    global *= 1.0f / 8.0f;
    for (int g = 0; g < 8; ++g) {
      const float sh = (global - local[g]) * sc;
      for (uint64_t j = 0; j < baseK; ++j) x[g * baseK + j] -= sh;
    }
    float rowmax = -INFINITY;
    for (uint64_t j = 0; j < k; ++j) rowmax = std::max(rowmax, x[j]);
    float shiftCurr[bu], em[bu];
    for (uint64_t b = 0; b < bu; ++b) {
      const uint64_t i = r * bu + b;
      pmean[i] = U(update ? (float(pim[i]) * (float(p.loopCnt) - 1.0f) + global) * (1.0f / float(p.loopCnt)) : global);
      shiftCurr[b] = (global - float(pmean[i])) * sc;
      pmax[i] = U(rowmax + shiftCurr[b]);
      if (update) {
        const float shiftPrev = (float(pim[i]) - float(pmean[i])) * sc;  // inMean read after mean is written
        const float prev = float(pix[i]) + shiftPrev;
        pmax[i] = U(std::max(float(pmax[i]), prev));
        em[b] = std::exp(float(pix[i]) - float(pmax[i]) + shiftPrev);
        psum[i] = U(em[b] * float(pis[i]));
      }
      shiftCurr[b] = float(pmax[i]) - shiftCurr[b];
    }
    double acc = 0;
    for (uint64_t j = 0; j < k; ++j) {
      const float e = std::exp(x[j] - shiftCurr[0]);
      d[r * k + j] = T(e);
      acc += e;
    }
    for (uint64_t b = 0; b < bu; ++b) {
      const uint64_t i = r * bu + b;
      psum[i] = U(update ? float(psum[i]) + float(acc) : float(acc));
    }
    if (update)
      for (uint64_t b = 0; b < bt; ++b) pe[r * bt + b] = T(em[b / 2]);
  }
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor,
                    const LocalTensor<U>& expSumTensor, const LocalTensor<U>& maxTensor,
                    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                    const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                    const LocalTensor<U>& inMaxTensor, const SoftMaxTiling& tiling, const SoftMaxParams& params,
                    ASC_LOC_PARAMS) {
  static_assert(std::is_same<T, half>::value && std::is_same<U, float>::value,
                "SoftmaxFlashV3 supports T = half, U = float");
  static_assert(!isDataFormatNZ, "the Model implements the ND format of SoftmaxFlashV3 only");
  asc_model::adv::flash_v3<T, U>(dstTensor, meanTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor,
                                 inMeanTensor, inExpSumTensor, inMaxTensor, nullptr, tiling, params, isUpdate,
                                 ASC_LOC);
}
template <typename T, typename U, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV3(const LocalTensor<T>& dstTensor, const LocalTensor<U>& meanTensor,
                    const LocalTensor<U>& expSumTensor, const LocalTensor<U>& maxTensor,
                    const LocalTensor<T>& srcTensor, const LocalTensor<T>& expMaxTensor,
                    const LocalTensor<U>& inMeanTensor, const LocalTensor<U>& inExpSumTensor,
                    const LocalTensor<U>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxParams& params, ASC_LOC_PARAMS) {
  static_assert(std::is_same<T, half>::value && std::is_same<U, float>::value,
                "SoftmaxFlashV3 supports T = half, U = float");
  static_assert(!isDataFormatNZ, "the Model implements the ND format of SoftmaxFlashV3 only");
  asc_model::adv::flash_v3<T, U>(dstTensor, meanTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor,
                                 inMeanTensor, inExpSumTensor, inMaxTensor, &sharedTmpBuffer, tiling, params,
                                 isUpdate, ASC_LOC);
}

}  // namespace AscendC
