// LocalMemAllocator<Hardware>: a bump allocator over one local memory (the
// vendor's kernel_tensor.h): each Alloc hands out the next bytes of the
// memory, starting at 0, and never frees. The tensors it returns carry the
// memory's default position; the LocalTensor constructor checks the placement.
#pragma once
#include "asc_model/tensor.h"

namespace AscendC {

namespace asc_lma {
constexpr TPosition default_position(Hardware h) {
  switch (h) {
    case Hardware::L1: return TPosition::A1;
    case Hardware::L0A: return TPosition::A2;
    case Hardware::L0B: return TPosition::B2;
    case Hardware::L0C: return TPosition::CO1;
    case Hardware::BIAS: return TPosition::C2;
    case Hardware::FIXBUF: return TPosition::C2;
    default: return TPosition::VECCALC;
  }
}
}  // namespace asc_lma

template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
  static_assert(hard != Hardware::GM && hard != Hardware::MAX, "LocalMemAllocator: GM and MAX are not local memories");

 public:
  LocalMemAllocator() = default;
  uint32_t GetCurAddr() const { return head_; }

  template <TPosition pos, class T, uint32_t tileSize>
  LocalTensor<T> Alloc(ASC_LOC_PARAMS) { return take<T>(pos, tileSize, ASC_LOC); }
  template <TPosition pos, class T>
  LocalTensor<T> Alloc(uint32_t tileSize, ASC_LOC_PARAMS) { return take<T>(pos, tileSize, ASC_LOC); }
  template <class T, uint32_t tileSize>
  LocalTensor<T> Alloc(ASC_LOC_PARAMS) { return take<T>(asc_lma::default_position(hard), tileSize, ASC_LOC); }
  template <class T>
  LocalTensor<T> Alloc(uint32_t tileSize, ASC_LOC_PARAMS) {
    return take<T>(asc_lma::default_position(hard), tileSize, ASC_LOC);
  }

 private:
  template <class T>
  LocalTensor<T> take(TPosition pos, uint32_t n, ASC_LOC_PARAMS) {
    LocalTensor<T> t(pos, head_, n, ASC_LOC);
    head_ += static_cast<uint32_t>(uint64_t(n) * sizeof(T));
    return t;
  }
  uint32_t head_ = 0;
};

}  // namespace AscendC
