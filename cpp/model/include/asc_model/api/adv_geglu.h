// adv/activation GeGLU (adv_api/activation/geglu.h): dst = src0 * GELU(src1),
// GELU in the vendor's tanh form written with an exponential,
// x / (1 + exp(-0.0713548162726 * x * (22.363860002236 + x^2))), computed per
// element in float (the vendor casts half to float for it).
//
// The half form works through sharedTmpBuffer in pieces of
// size / 8 elements (two float intermediates each), rounded down to whole
// 32-byte blocks of half: a buffer too small for one block would make the
// vendor's loop step by 0, so the Model faults there. float needs no buffer.
#pragma once
#include <cmath>
#include "asc_model/api/adv_common.h"

namespace asc_model {
namespace adv {

inline float geglu(float a, float x) {
  return a * (x / (1.0f + std::exp(-0.0713548162726f * x * (2.2363860002236e1f + x * x))));
}

template <class T>
void geglu_call(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                const LocalTensor<uint8_t>* tmp, const int64_t* count, const char* file, int line) {
  static_assert(std::is_same_v<T, float> || std::is_same_v<T, half>, "GeGLU: T must be half or float");
  Call op("GeGLU", PIPE_V, file, line);
  uint64_t n = count_or_size(op, src0, count);
  if (src0.GetSize() != src1.GetSize())
    op.core().fault(file, line, "GeGLU", "src0 has %u elements but src1 has %u: they must be the same size",
                    unsigned(src0.GetSize()), unsigned(src1.GetSize()));
  if constexpr (sizeof(T) == 2) {
    // elements per piece: bytes / 8, whole blocks of 16 halves.
    if (tmp && tmp->GetSize() / 8 / 16 == 0)
      op.core().fault(file, line, "GeGLU",
                      "sharedTmpBuffer of %u bytes holds no 16-element piece of half (it needs at least 128 "
                      "bytes; GetGeGLUMaxMinTmpSize gives the sizes)",
                      unsigned(tmp->GetSize()));
  }
  T* d = op.out(dst, n);
  const T* a = op.in(src0, n);
  const T* b = op.in(src1, n);
  declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  for (uint64_t i = 0; i < n; ++i) d[i] = T(geglu(float(a[i]), float(b[i])));
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           const LocalTensor<uint8_t>& sharedTmpBuffer, uint32_t calCount, ASC_LOC_PARAMS) {
  int64_t n = calCount;
  asc_model::adv::geglu_call(dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, &n, ASC_LOC);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           uint32_t calCount, ASC_LOC_PARAMS) {
  int64_t n = calCount;
  asc_model::adv::geglu_call(dstTensor, srcTensor0, srcTensor1, nullptr, &n, ASC_LOC);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           const LocalTensor<uint8_t>& sharedTmpBuffer, ASC_LOC_PARAMS) {
  asc_model::adv::geglu_call(dstTensor, srcTensor0, srcTensor1, &sharedTmpBuffer, nullptr, ASC_LOC);
}
template <typename T, bool isReuseSource = false>
void GeGLU(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor0, const LocalTensor<T>& srcTensor1,
           ASC_LOC_PARAMS) {
  asc_model::adv::geglu_call(dstTensor, srcTensor0, srcTensor1, nullptr, nullptr, ASC_LOC);
}

}  // namespace AscendC
