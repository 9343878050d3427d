// The softmax family beyond SoftMax (adv_norm.h): LogSoftMax, SoftmaxFlashV2,
// SoftmaxGrad and SoftmaxGradFront (adv_api/activation/{logsoftmax,
// softmaxflashv2,softmaxgrad}.h), ND format, SoftmaxConfig's default mode.
//
// Shapes are SoftMax's (asc_model::adv::softmax_shape): [m, k] from the
// SoftMaxShapeInfo, else src's ShapeInfo, else the tiling. The per-row
// statistics (sum, max, expMax, SoftmaxGradFront's result) are one 32-byte
// block per row of their own element type, every element of the block the
// row's value. Computed per row in float, the inputs read before anything is
// written (the vendor's examples pass the same tensors as the statistics'
// inputs and outputs, and dst == src).
//
// The vendor derives its row split from the sharedTmpBuffer's size; a buffer
// that cannot hold one row makes that split 0 rows (a division by zero or an
// endless loop on the NPU), so the Model faults there, naming the
// Get*MinTmpSize host function that gives the size.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstring>
#include "asc_model/api/adv_norm.h"

namespace AscendC {
namespace tiling {
// LogSoftMaxTiling: SoftMaxTiling's fields (kernel_tiling.h of the vendor).
struct LogSoftMaxTiling {
  uint32_t srcM = 0, srcK = 0, srcSize = 0;
  uint32_t outMaxM = 0, outMaxK = 0, outMaxSize = 0;
  uint32_t splitM = 0, splitK = 0, splitSize = 0;
  uint32_t reduceM = 0, reduceK = 0, reduceSize = 0;
  uint32_t rangeM = 0, tailM = 0, tailSplitSize = 0, tailReduceSize = 0;
};
static_assert(sizeof(LogSoftMaxTiling) == sizeof(SoftMaxTiling), "LogSoftMaxTiling has SoftMaxTiling's layout");
}  // namespace tiling
}  // namespace AscendC
using AscendC::tiling::LogSoftMaxTiling;

namespace asc_model {
namespace adv {

// A sharedTmpBuffer must hold `floats_per_row` floats (one row's share).
inline void softmax_tmp_fits(Call& op, const LocalTensor<uint8_t>* tmp, uint64_t floats_per_row,
                             const char* host_fn) {
  if (!tmp) return;
  if (uint64_t(tmp->GetSize()) < floats_per_row * sizeof(float))
    op.core().fault(op.file(), op.line(), op.api(),
                    "sharedTmpBuffer of %u bytes cannot hold one row (%llu bytes): its row split would be 0 rows; "
                    "%s gives the size",
                    unsigned(tmp->GetSize()), (unsigned long long)(floats_per_row * sizeof(float)), host_fn);
}
template <class U>
constexpr uint64_t blk_of() { return 32 / sizeof(U); }

template <class T>
void log_softmax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max,
                 const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp, const AscendC::tiling::LogSoftMaxTiling& lt,
                 const AscendC::SoftMaxShapeInfo& shape, const char* file, int line) {
  Call op("LogSoftMax", PIPE_V, file, line);
  AscendC::tiling::SoftMaxTiling t;
  std::memcpy(&t, &lt, sizeof t);
  uint64_t m = 0, k = 0;
  softmax_shape(op, src, t, shape, m, k);
  constexpr uint64_t blk = blk_of<T>();
  softmax_tmp_fits(op, &tmp, blk + k + 64, "GetLogSoftMaxMinTmpSize");
  const T* s = op.in(src, m * k);
  T* d = op.out(dst, m * k);
  T* ps = op.out(sum, m * blk);
  T* pm = op.out(max, m * blk);
  declare_tmp(op, &tmp);
  if (!op.elems(m * k).run()) return;
  std::vector<float> row(k);
  for (uint64_t r = 0; r < m; ++r) {
    float mx = -INFINITY;
    double dacc = 0;
    for (uint64_t j = 0; j < k; ++j) mx = std::max(mx, row[j] = float(s[r * k + j]));
    for (uint64_t j = 0; j < k; ++j) dacc += row[j] = std::exp(row[j] - mx);
    const float acc = float(dacc);
    // The vendor's log: Ln, then times 1 / ln(10) (a base-10 logarithm).
    for (uint64_t j = 0; j < k; ++j) d[r * k + j] = T(std::log(row[j] / acc) * 0.4342944819f);
    for (uint64_t j = 0; j < blk; ++j) {
      ps[r * blk + j] = T(acc);
      pm[r * blk + j] = T(mx);
    }
  }
}

// SoftmaxFlashV2 (ND, SOFTMAX_NORMAL). Without update: max = rowmax(x),
// dst = exp(x - max), expSum = rowsum(dst). With update, from the previous
// block's inMax / inExpSum: max = max(inMax, rowmax(x)), dst = exp(x - max),
// expMax = exp(inMax - max), expSum = expMax * inExpSum + rowsum(dst); the
// statistics element-wise over the row's block, dst with the block's first.
template <class T, class U>
void flash_v2(const LocalTensor<T>& dst, const LocalTensor<U>& expSum, const LocalTensor<U>& maxT,
              const LocalTensor<T>& src, const LocalTensor<T>& expMax, const LocalTensor<U>& inExpSum,
              const LocalTensor<U>& inMax, const LocalTensor<uint8_t>* tmp, const AscendC::tiling::SoftMaxTiling& t,
              const AscendC::SoftMaxShapeInfo& shape, bool update, const char* file, int line) {
  Call op("SoftmaxFlashV2", PIPE_V, file, line);
  uint64_t m = 0, k = 0;
  softmax_shape(op, src, t, shape, m, k);
  constexpr uint64_t bu = blk_of<U>(), bt = blk_of<T>();
  // One row: the half form keeps two sum blocks and the row in float, float a block.
  softmax_tmp_fits(op, tmp, sizeof(T) == 2 ? 2 * bu + k + 64 : bu + 64, "GetSoftMaxFlashV2MinTmpSize");
  std::vector<float> x(m * k), im(update ? m * bu : 0), is(update ? m * bu : 0);
  {
    const T* s = op.in(src, m * k);
    const U* pim = update ? op.in(inMax, m * bu) : nullptr;
    const U* pis = update ? op.in(inExpSum, m * bu) : nullptr;
    T* d = op.out(dst, m * k);
    U* ps = op.out(expSum, m * bu);
    U* pm = op.out(maxT, m * bu);
    T* pe = update ? op.out(expMax, m * bt) : nullptr;
    declare_tmp(op, tmp);
    if (!op.elems(m * k).run()) return;
    for (uint64_t i = 0; i < m * k; ++i) x[i] = float(s[i]);
    for (uint64_t i = 0; i < im.size(); ++i) {
      im[i] = float(pim[i]);
      is[i] = float(pis[i]);
    }
    for (uint64_t r = 0; r < m; ++r) {
      float rm = -INFINITY;
      for (uint64_t j = 0; j < k; ++j) rm = std::max(rm, x[r * k + j]);
      float nm[bu], em[bu];
      for (uint64_t j = 0; j < bu; ++j) {
        nm[j] = update ? std::max(im[r * bu + j], rm) : rm;
        em[j] = update ? std::exp(im[r * bu + j] - nm[j]) : 0.0f;
      }
      double dacc = 0;
      for (uint64_t j = 0; j < k; ++j) {
        float e = std::exp(x[r * k + j] - nm[0]);
        d[r * k + j] = T(e);
        dacc += e;
      }
      const float acc = float(dacc);
      for (uint64_t j = 0; j < bu; ++j) {
        pm[r * bu + j] = U(nm[j]);
        ps[r * bu + j] = U(update ? em[j] * is[r * bu + j] + acc : acc);
      }
      if (update)
        for (uint64_t j = 0; j < bt; ++j) pe[r * bt + j] = T(em[j * bu / bt]);
    }
  }
}

// SoftmaxGrad: dst = (grad - rowsum(grad * src)) * src; isFront: dst is the
// row sums, one block per row.
template <class T>
void softmax_grad(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& grad, const LocalTensor<T>& src,
                  const LocalTensor<uint8_t>* tmp, const AscendC::tiling::SoftMaxTiling& t, bool isFront,
                  const AscendC::SoftMaxShapeInfo& shape, const char* file, int line) {
  Call op(api, PIPE_V, file, line);
  uint64_t m = 0, k = 0;
  softmax_shape(op, src, t, shape, m, k);
  constexpr uint64_t blk = blk_of<T>();
  const uint64_t per_row = sizeof(T) == 2 ? blk * 2 + k * 3 + 64 : isFront ? blk + k + 64 : blk * 2 + k + 64;
  softmax_tmp_fits(op, tmp, per_row, "GetSoftMaxGradMinTmpSize");
  const T* g = op.in(grad, m * k);
  const T* s = op.in(src, m * k);
  T* d = op.out(dst, isFront ? m * blk : m * k);
  declare_tmp(op, tmp);
  if (!op.elems(m * k).run()) return;
  std::vector<float> gs(m * k), ss(m * k);
  for (uint64_t i = 0; i < m * k; ++i) {
    gs[i] = float(g[i]);
    ss[i] = float(s[i]);
  }
  for (uint64_t r = 0; r < m; ++r) {
    double dacc = 0;  // the vector unit's tree reduction: nearer the exact sum than a running float
    for (uint64_t j = 0; j < k; ++j) dacc += double(gs[r * k + j] * ss[r * k + j]);
    const float acc = float(dacc);
    if (isFront) {
      for (uint64_t j = 0; j < blk; ++j) d[r * blk + j] = T(acc);
    } else {
      for (uint64_t j = 0; j < k; ++j) d[r * k + j] = T((gs[r * k + j] - acc) * ss[r * k + j]);
    }
  }
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

#define ASC_SOFTMAX_EXT_CHECKS(api)                                                                  \
  static_assert(!isDataFormatNZ, "the Model implements the ND format of " api " only")
#define ASC_SOFTMAX_EXT_MODE(api)                                                                    \
  static_assert(config.mode == SoftmaxMode::SOFTMAX_NORMAL,                                          \
                "the Model implements SoftmaxMode::SOFTMAX_NORMAL of " api " only")

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void LogSoftMax(const LocalTensor<T>& dst, const LocalTensor<T>& sum, const LocalTensor<T>& max,
                const LocalTensor<T>& src, const LocalTensor<uint8_t>& sharedTmpBuffer, const LogSoftMaxTiling& tiling,
                const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_EXT_CHECKS("LogSoftMax");
  asc_model::adv::log_softmax(dst, sum, max, src, sharedTmpBuffer, tiling, softmaxShapeInfo, ASC_LOC);
}

template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                    const LocalTensor<T>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_EXT_CHECKS("SoftmaxFlashV2");
  ASC_SOFTMAX_EXT_MODE("SoftmaxFlashV2");
  asc_model::adv::flash_v2<T, T>(dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor,
                                 inMaxTensor, nullptr, tiling, softmaxShapeInfo, isUpdate, ASC_LOC);
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                    const LocalTensor<float>& inMaxTensor, const SoftMaxTiling& tiling,
                    const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_EXT_CHECKS("SoftmaxFlashV2");
  ASC_SOFTMAX_EXT_MODE("SoftmaxFlashV2");
  asc_model::adv::flash_v2<half, float>(dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor,
                                        inExpSumTensor, inMaxTensor, nullptr, tiling, softmaxShapeInfo, isUpdate,
                                        ASC_LOC);
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV2(const LocalTensor<T>& dstTensor, const LocalTensor<T>& expSumTensor,
                    const LocalTensor<T>& maxTensor, const LocalTensor<T>& srcTensor,
                    const LocalTensor<T>& expMaxTensor, const LocalTensor<T>& inExpSumTensor,
                    const LocalTensor<T>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_EXT_CHECKS("SoftmaxFlashV2");
  ASC_SOFTMAX_EXT_MODE("SoftmaxFlashV2");
  asc_model::adv::flash_v2<T, T>(dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor, inExpSumTensor,
                                 inMaxTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo, isUpdate, ASC_LOC);
}
template <typename T, bool isUpdate = false, bool isReuseSource = false, bool isBasicBlock = false,
          bool isDataFormatNZ = false, const SoftmaxConfig& config = SOFTMAX_DEFAULT_CFG>
void SoftmaxFlashV2(const LocalTensor<half>& dstTensor, const LocalTensor<float>& expSumTensor,
                    const LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor,
                    const LocalTensor<half>& expMaxTensor, const LocalTensor<float>& inExpSumTensor,
                    const LocalTensor<float>& inMaxTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                    const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_EXT_CHECKS("SoftmaxFlashV2");
  ASC_SOFTMAX_EXT_MODE("SoftmaxFlashV2");
  asc_model::adv::flash_v2<half, float>(dstTensor, expSumTensor, maxTensor, srcTensor, expMaxTensor,
                                        inExpSumTensor, inMaxTensor, &sharedTmpBuffer, tiling, softmaxShapeInfo,
                                        isUpdate, ASC_LOC);
}

template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                 const SoftMaxTiling& tiling, bool isFront = false, const SoftMaxShapeInfo& softmaxShapeInfo = {},
                 ASC_LOC_PARAMS) {
  ASC_SOFTMAX_EXT_CHECKS("SoftmaxGrad");
  asc_model::adv::softmax_grad<T>("SoftmaxGrad", dstTensor, gradTensor, srcTensor, nullptr, tiling, isFront,
                                  softmaxShapeInfo, ASC_LOC);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                      const LocalTensor<T>& srcTensor, const SoftMaxTiling& tiling,
                      const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_EXT_CHECKS("SoftmaxGradFront");
  asc_model::adv::softmax_grad<T>("SoftmaxGradFront", dstTensor, gradTensor, srcTensor, nullptr, tiling, true,
                                  softmaxShapeInfo, ASC_LOC);
}
template <typename T, bool isReuseSource = false, bool isDataFormatNZ = false>
void SoftmaxGrad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor, const LocalTensor<T>& srcTensor,
                 const LocalTensor<uint8_t>& sharedTmpBuffer, const SoftMaxTiling& tiling, bool isFront = false,
                 const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_EXT_CHECKS("SoftmaxGrad");
  asc_model::adv::softmax_grad<T>("SoftmaxGrad", dstTensor, gradTensor, srcTensor, &sharedTmpBuffer, tiling,
                                  isFront, softmaxShapeInfo, ASC_LOC);
}
template <typename T, bool isBasicBlock = false, bool isDataFormatNZ = false>
void SoftmaxGradFront(const LocalTensor<T>& dstTensor, const LocalTensor<T>& gradTensor,
                      const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
                      const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {}, ASC_LOC_PARAMS) {
  ASC_SOFTMAX_EXT_CHECKS("SoftmaxGradFront");
  asc_model::adv::softmax_grad<T>("SoftmaxGradFront", dstTensor, gradTensor, srcTensor, &sharedTmpBuffer, tiling,
                                  true, softmaxShapeInfo, ASC_LOC);
}
#undef ASC_SOFTMAX_EXT_CHECKS
#undef ASC_SOFTMAX_EXT_MODE

}  // namespace AscendC
