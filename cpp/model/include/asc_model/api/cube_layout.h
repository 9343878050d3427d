// Cube-op shared ground: the data layouts every cube API reads and writes,
// helpers (c0_of, up16, not_modelled), and the ND <-> NZ moves: DataCopy with
// Nd2NzParams / Nz2NdParamsFull, DataCopyPad UB -> L1 with Nd2NzParams.
// Pattern: docs/model-internals.md; the cube families: api/cube.h.
//
// LAYOUTS (the tests in tests/model/test_cube_*.py build their inputs the same way)
// ------------------------------------------------------------------------------
// C0 = 32 B / sizeof(T) elements (16 for half/bf16, 8 for float, 32 for int8).
// A fractal is 512 B: 16 rows x C0 elements, stored row-major.
//
// * NZ (L1 / UB, the result of DataCopy with Nd2NzParams): an N x D matrix is
//   cut into column blocks of C0 columns; column block b holds its rows one
//   after another, C0 elements per row. Element (r, c) of ND matrix i is at
//     i*dstNzMatrixStride + (c/C0)*dstNzC0Stride*C0 + r*dstNzNStride*C0 + c%C0
//   (dstNzC0Stride, dstNzNStride in 32 B blocks, dstNzMatrixStride in
//   elements). The tail of the last column block (dValue % C0) is zero-filled.
// * L0A ("zZ"): A (m x k) as fractals of 16 x C0, ordered row-major by fractal
//   (all k-fractals of row block 0, then row block 1, ...), each row-major:
//     A[r][c] at ((r/16)*K1 + c/C0)*512/sizeof(T) + (r%16)*C0 + c%C0,
//   K1 = ceil(k/C0).
// * L0B ("Zn", the vendor's "Nz -> Zn"): B (k x n) as fractals of C0(k) x 16(n),
//   ordered row-major by fractal (all n blocks of k block 0, then k block 1, ...),
//   each stored transposed (n-major):
//     B[r][c] at ((r/C0)*N1 + c/16)*512/sizeof(T) + (c%16)*C0 + r%C0,
//   N1 = ceil(n/16). For half this is what LoadData2D with ifTranspose=true
//   makes of a k x n NZ matrix in L1 one k block at a time (repeatTimes = N1,
//   srcStride = K1, destination k block * N1 fractals), as the vendor's examples
//   and its Matmul (load_to_l0b_load2d.h) load it.
// * L0C: C (m x n, float or int32) in NZ with 16-element rows:
//     C[r][c] at (c/16)*M16*16 + r*16 + c%16,   M16 = ceil(m/16)*16.
// * Fixpipe / DataCopy(CO12Dst) read L0C column block j at
//   j*srcStride*16 elements (srcStride in 16-element rows; 0 means M16).
//   Row-major output: element (r, c) at r*dstStride + c (dstStride in
//   elements; 0 means nSize). NZ output: column block j at j*dstStride*32 B,
//   rows of 16 elements.
// Mmad: m, n, k are the valid sizes; only C[0..m)[0..n) is written, the sum
// runs over k. fp16/bf16 -> float, int8 -> int32, float -> float (HF32 mode
// not modelled). Accumulation in float / int32.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/tensor.h"
#include "asc_model/api/data_copy.h"

namespace asc_model {

template <class T>
constexpr uint32_t c0_of() { return 32 / sizeof(T); }

[[noreturn]] inline void not_modelled(const char* api, const char* what, const char* file, int line) {
  current_core().fault(file, line, api, "%s is not modelled", what);
}

inline uint32_t up16(uint32_t x) { return (x + 15) / 16 * 16; }

// ND (GM or UB) -> NZ (L1 or UB), on elements of `esz` bytes (src/api_cube_layout.cpp:
// compiled once into the runtime object; the move does not depend on the type).
void nd2nz_bytes(const char* api, const TensorRef& dst, const TensorRef& src, uint32_t esz,
                 const AscendC::Nd2NzParams& p, const char* file, int line);
template <class D, class S>
void nd2nz(const char* api, const D& dst, const S& src, const AscendC::Nd2NzParams& p, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "DataCopy: dst and src element types differ");
  static_assert(!is_int4_v<T>, "int4b_t packs two elements per byte: copy it as int8_t");
  nd2nz_bytes(api, dst.ref(), src.ref(), uint32_t(sizeof(T)), p, file, line);
}

// NZ (UB) -> ND (GM). Source: 16-element rows; column block j of matrix i at
// i*srcNdMatrixStride*256 + j*srcNStride*16 elements. Destination row r of
// matrix i at i*dstNdMatrixStride + r*dstDStride elements.
template <class T>
void nz2nd(const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<T>& src,
           const AscendC::Nz2NdParamsFull& p, const char* file, int line) {
  Call op("DataCopy", PIPE_MTE3, file, line);
  uint32_t blocks = (p.dValue + 15) / 16;
  struct Piece { T* d; const T* s; uint32_t n; };
  std::vector<Piece> v;
  for (uint32_t i = 0; i < p.ndNum; ++i)
    for (uint32_t r = 0; r < p.nValue; ++r) {
      uint64_t drow = uint64_t(i) * p.dstNdMatrixStride + uint64_t(r) * p.dstDStride;
      T* dp = op.out(dst, p.dValue, drow, false);
      for (uint32_t b = 0; b < blocks; ++b) {
        uint32_t n = std::min<uint32_t>(16, p.dValue - b * 16);
        uint64_t so = uint64_t(i) * p.srcNdMatrixStride * 256 + uint64_t(b) * p.srcNStride * 16 + r * 16;
        v.push_back({dp + b * 16, op.in(src, n, so, false), n});
      }
    }
  if (!op.elems(uint64_t(p.ndNum) * p.nValue * p.dValue).run()) return;  // timing only: no data
  auto atomic = op.core().atomic_fn;
  for (auto& x : v) {
    if (atomic) atomic(reinterpret_cast<uint8_t*>(x.d), reinterpret_cast<const uint8_t*>(x.s), x.n * sizeof(T));
    else std::memmove(x.d, x.s, x.n * sizeof(T));
  }
}

}  // namespace asc_model

namespace AscendC {

// ---- ND <-> NZ data movement ------------------------------------------------
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& p, ASC_LOC_PARAMS) {
  // int4b_t: the vendor's DataCopyGM2L1ND2NZImpl copies it as int8_t (dValue etc. count bytes).
  if constexpr (asc_model::is_int4_v<T>) asc_model::nd2nz("DataCopy", asc_model::as_int8(dst), asc_model::as_int8(src), p, ASC_LOC);
  else asc_model::nd2nz("DataCopy", dst, src, p, ASC_LOC);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Nd2NzParams& p, ASC_LOC_PARAMS) {
  if constexpr (asc_model::is_int4_v<T>) asc_model::nd2nz("DataCopy", asc_model::as_int8(dst), asc_model::as_int8(src), p, ASC_LOC);
  else asc_model::nd2nz("DataCopy", dst, src, p, ASC_LOC);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const Nz2NdParamsFull& p, ASC_LOC_PARAMS) {
  asc_model::nz2nd(dst, src, p, ASC_LOC);
}
// DataCopyPad UB -> L1 with Nd2NzParams: the ND -> NZ conversion of DataCopy
// with Nd2NzParams (source rows srcDValue elements apart, matrices
// srcNdMatrixStride elements apart, in UB; the last column block's tail is
// zero-filled). The DataCopyParams / DataCopyExtParams argument is not used.
namespace detail_copy {
template <class T>
void pad_nd2nz(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Nd2NzParams& nd, ASC_LOC_PARAMS) {
  if (src.mem() != asc_model::Mem::UB || dst.mem() != asc_model::Mem::L1)
    asc_model::current_core().fault(ASC_LOC, "DataCopyPad", "the Nd2NzParams form copies UB -> L1 (A1/B1)");
  asc_model::nd2nz("DataCopyPad", dst, src, nd, ASC_LOC);
}
}  // namespace detail_copy
template <class T>
void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams&, const Nd2NzParams& nd,
                 ASC_LOC_PARAMS) {
  detail_copy::pad_nd2nz(dst, src, nd, ASC_LOC);
}
template <class T>
void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams&,
                 const Nd2NzParams& nd, ASC_LOC_PARAMS) {
  detail_copy::pad_nd2nz(dst, src, nd, ASC_LOC);
}

}  // namespace AscendC
