// Add, level-2 count form: the worked example of the API pattern
// (docs/model-internals.md). The vector family (api/vector.h) builds the
// other forms on the same helpers.
#pragma once
#include "asc_model/call.h"
#include "asc_model/tensor.h"

namespace AscendC {

template <class T>
void Add(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, int32_t count,
         ASC_LOC_PARAMS) {
  asc_model::Call op("Add", PIPE_V, ASC_LOC);                 // 1. name, pipe, call site
  if (count < 0) op.fault("count is negative");                // 2. argument checks
  T* d = op.out(dst, count);                                   // 3. every range: checked here
  const T* a = op.in(src0, count);
  const T* b = op.in(src1, count);
  if (!op.elems(count).run()) return;                          // 4. report; no fault after this (false: timing-only launch, no data)
  ASC_PRECISION_ONLY(asc_model::precision::Tracker<T> sh(op.core(), "Add", ASC_LOC);  // shadow build only
                     if constexpr (asc_model::precision::tag_of<T>() != 0) for (int32_t i = 0; i < count; ++i)
                       sh.out(d + i, sh.template in<T>(a + i, 1) + sh.template in<T>(b + i, 2));)
  // 5. compute, only now write. dst may alias a source: identical or disjoint
  // ranges run the vectorised loop, a partial overlap the sequential one.
  if (asc_model::same_or_apart(d, a, count * sizeof(T)) && asc_model::same_or_apart(d, b, count * sizeof(T))) {
#pragma omp simd
    for (int32_t i = 0; i < count; ++i) d[i] = T(a[i] + b[i]);
  } else {
    for (int32_t i = 0; i < count; ++i) d[i] = T(a[i] + b[i]);
  }
}

}  // namespace AscendC
