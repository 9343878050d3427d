// adv/sort: Concat and Extract around Sort, in the Atlas A2 sort structure
// (8 bytes per element: the score, half scores padded to 4 bytes, then a
// uint32 index; see misc.h's Sort/Sort32).
#pragma once
#include "asc_model/api/adv_common.h"

namespace AscendC {

// Concat: on A2 Sort reads plain scores, so Concat makes concatLocal the
// source tensor itself (the vendor's `concat = src`: a default-constructed
// concatLocal is fine); tmpLocal is not touched.
template <class T>
void Concat(LocalTensor<T>& concatLocal, const LocalTensor<T>& srcLocal, const LocalTensor<T>& tmpLocal,
            const int32_t repeatTimes, ASC_LOC_PARAMS) {
  (void)tmpLocal;
  asc_model::Call op("Concat", PIPE_V, ASC_LOC);
  if (repeatTimes < 0 || repeatTimes > 255) op.fault("repeatTimes out of range 0..255");
  uint64_t n = uint64_t(repeatTimes) * 16;  // 16 scores per repeat (the vendor's proposal repeat)
  op.in(srcLocal, n);
  op.elems(n).run();
  concatLocal = srcLocal;
}

// Extract: the scores and indices of repeatTimes * 32 sorted elements.
template <class T>
void Extract(const LocalTensor<T>& dstValueLocal, const LocalTensor<uint32_t>& dstIndexLocal,
             const LocalTensor<T>& sortedLocal, const int32_t repeatTimes, ASC_LOC_PARAMS) {
  asc_model::Call op("Extract", PIPE_V, ASC_LOC);
  if (repeatTimes < 0 || repeatTimes > 255) op.fault("repeatTimes out of range 0..255");
  uint64_t n = uint64_t(repeatTimes) * 32;
  T* v = op.out(dstValueLocal, n);
  uint32_t* ix = op.out(dstIndexLocal, n);
  const uint8_t* s = reinterpret_cast<const uint8_t*>(op.in(sortedLocal, n * 8 / sizeof(T)));
  if (!op.elems(n).run()) return;
  std::vector<uint8_t> copy(s, s + n * 8);  // the outputs may overlap the structure
  for (uint64_t i = 0; i < n; ++i) {
    std::memcpy(&v[i], copy.data() + i * 8, sizeof(T));
    std::memcpy(&ix[i], copy.data() + i * 8 + 4, 4);
  }
}

}  // namespace AscendC
