// Cube-op families: Nd2Nz / Nz2Nd / CO1 DataCopy, LoadData, Mmad, Fixpipe and
// the cube mode setters. Pattern: docs/model-internals.md. Misc APIs: misc.h.
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
// * L0B ("zN"): B (k x n) as fractals of C0(k) x 16(n), ordered by n block
//   then k block, each stored transposed (n-major):
//     B[r][c] at ((c/16)*K1 + r/C0)*512/sizeof(T) + (c%16)*C0 + r%C0.
//   For half this is what LoadData2D with ifTranspose=true makes of a k x n
//   NZ matrix in L1 (repeatTimes = K1*N1, srcStride = 1).
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
#include <cmath>
#include <cstring>
#include <type_traits>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/tensor.h"
#include "asc_model/api/data_copy.h"

namespace AscendC {

// Fixpipe output layout, a template argument: Fixpipe<half, float, CFG_ROW_MAJOR>.
struct FixpipeConfig {
  CO2Layout format;
};
inline constexpr FixpipeConfig CFG_NZ{CO2Layout::NZ};
inline constexpr FixpipeConfig CFG_ROW_MAJOR{CO2Layout::ROW_MAJOR};
inline constexpr FixpipeConfig CFG_COLUMN_MAJOR{CO2Layout::COLUMN_MAJOR};

}  // namespace AscendC

namespace asc_model {

template <class T>
constexpr uint32_t c0_of() { return 32 / sizeof(T); }

[[noreturn]] inline void not_modelled(const char* api, const char* what, const char* file, int line) {
  current_core().fault(file, line, api, "%s is not modelled", what);
}

// ND (GM or UB) -> NZ (L1 or UB).
template <class D, class S>
void nd2nz(const char* api, const D& dst, const S& src, const AscendC::Nd2NzParams& p, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "DataCopy: dst and src element types differ");
  constexpr uint32_t C0 = c0_of<T>();
  TensorRef d = dst.ref(), s = src.ref();
  Call op(api, copy_pipe(s.mem, d.mem), file, line);
  if (p.dValue > p.srcDValue && p.nValue > 1)
    op.core().fault(file, line, api, "dValue %u exceeds srcDValue %u", p.dValue, p.srcDValue);
  uint32_t blocks = (p.dValue + C0 - 1) / C0;
  struct Row { T* d; const T* s; uint32_t n; };
  std::vector<Row> rows;
  rows.reserve(size_t(p.ndNum) * p.nValue * blocks);
  for (uint32_t i = 0; i < p.ndNum; ++i)
    for (uint32_t r = 0; r < p.nValue; ++r) {
      uint64_t so = uint64_t(i) * p.srcNdMatrixStride + uint64_t(r) * p.srcDValue;
      const T* sp = p.dValue ? op.in(src, p.dValue, so, false) : nullptr;
      for (uint32_t b = 0; b < blocks; ++b) {
        uint64_t dof = uint64_t(i) * p.dstNzMatrixStride + uint64_t(b) * p.dstNzC0Stride * C0 +
                       uint64_t(r) * p.dstNzNStride * C0;
        uint32_t n = std::min<uint32_t>(C0, p.dValue - b * C0);
        rows.push_back({op.out(dst, C0, dof, rows.empty()), sp + b * C0, n});
      }
    }
  op.elems(uint64_t(p.ndNum) * p.nValue * p.dValue).run();
  for (auto& r : rows) {
    T tmp[C0];
    for (uint32_t k = 0; k < C0; ++k) tmp[k] = k < r.n ? r.s[k] : T(0);
    std::memcpy(r.d, tmp, sizeof tmp);
  }
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
  op.elems(uint64_t(p.ndNum) * p.nValue * p.dValue).run();
  auto atomic = op.core().atomic_fn;
  for (auto& x : v) {
    if (atomic) atomic(reinterpret_cast<uint8_t*>(x.d), reinterpret_cast<const uint8_t*>(x.s), x.n * sizeof(T));
    else std::memmove(x.d, x.s, x.n * sizeof(T));
  }
}

// 512-byte fractals: `count` of them from fractal `start`, source fractals
// `src_step` apart, destination fractal i at i*(1+gap); optional 16x16
// transposition of each (16-bit types only).
template <class D, class S>
void load_fractals(const char* api, const D& dst, const S& src, uint32_t start, uint32_t count, uint32_t src_step,
                   uint32_t gap, bool transpose, uint32_t addr_mode, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "LoadData: dst and src element types differ");
  constexpr uint32_t F = 512 / sizeof(T);
  TensorRef d = dst.ref(), s = src.ref();
  Call op(api, s.mem == Mem::GM ? PIPE_MTE2 : PIPE_MTE1, file, line);
  if (count == 0) op.fault("repeatTimes is 0");
  if (addr_mode != 0) op.fault("addrMode other than 0 (increasing addresses) is not modelled");
  if (transpose && sizeof(T) != 2) op.fault("ifTranspose for types other than 16-bit is not modelled");
  std::vector<std::pair<T*, const T*>> f(count);
  for (uint32_t i = 0; i < count; ++i) {
    f[i].second = op.in(src, F, uint64_t(start + uint64_t(i) * src_step) * F, false);
    f[i].first = op.out(dst, F, uint64_t(i) * (1 + gap) * F, i == 0);
  }
  op.elems(uint64_t(count) * F).run();
  T tmp[F];
  for (auto& x : f) {
    if (transpose)
      for (uint32_t r = 0; r < 16; ++r)
        for (uint32_t c = 0; c < 16; ++c) tmp[c * 16 + r] = x.second[r * 16 + c];
    else
      std::memcpy(tmp, x.second, sizeof tmp);
    std::memcpy(x.first, tmp, sizeof tmp);
  }
}

// LoadData2DParamsV2 (interpretation; docs: positions and steps by fractal):
// the source is an NZ matrix of 512 B fractals (16 rows x C0): fractal
// (mi, ki) at (ki*srcStride + mi)*512 B, i.e. srcStride = fractals between
// consecutive K fractals (the M extent of one C0-column block / 16).
// mStep x kStep fractals from (mStartPosition, kStartPosition) are copied;
// destination fractal (i, j) at (j*dstStride + i)*512 B (dstStride 0 = mStep).
// ifTranspose transposes each 16x16 fractal (16-bit types only). Loading one
// M row of fractals (mStep 1, dstStride 1) per call gives the L0A zZ layout;
// a transposed load of a k x n NZ B matrix (M axis = k, K axis = n blocks,
// dstStride = K1) gives the L0B zN layout.
template <class D, class S>
void load_2d_v2(const D& dst, const S& src, const AscendC::LoadData2DParamsV2& p, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "LoadData: dst and src element types differ");
  constexpr uint32_t F = 512 / sizeof(T);
  TensorRef s = src.ref();
  Call op("LoadData", s.mem == Mem::GM ? PIPE_MTE2 : PIPE_MTE1, file, line);
  if (p.mStep == 0 || p.kStep == 0) op.fault("mStep and kStep must be positive");
  if (p.srcStride < 0) op.fault("srcStride is negative");
  if (p.ifTranspose && sizeof(T) != 2) op.fault("ifTranspose for types other than 16-bit is not modelled");
  uint64_t dstStride = p.dstStride ? p.dstStride : p.mStep;
  std::vector<std::pair<T*, const T*>> f;
  f.reserve(size_t(p.mStep) * p.kStep);
  for (uint32_t j = 0; j < p.kStep; ++j)
    for (uint32_t i = 0; i < p.mStep; ++i) {
      uint64_t sf = uint64_t(p.kStartPosition + j) * uint64_t(p.srcStride) + p.mStartPosition + i;
      const T* sp = op.in(src, F, sf * F, false);
      f.push_back({op.out(dst, F, (j * dstStride + i) * F, f.empty()), sp});
    }
  op.elems(uint64_t(f.size()) * F).run();
  T tmp[F];
  for (auto& x : f) {
    if (p.ifTranspose)
      for (uint32_t r = 0; r < 16; ++r)
        for (uint32_t c = 0; c < 16; ++c) tmp[c * 16 + r] = x.second[r * 16 + c];
    else
      std::memcpy(static_cast<void*>(tmp), x.second, sizeof tmp);
    std::memcpy(static_cast<void*>(x.first), tmp, sizeof tmp);
  }
}

// LoadDataWithTranspose (LoadData2dTransposeParams / ...V2), interpretation:
// repeat i starts at source fractal startIndex + i*srcStride.
// * 16-bit: one 16x16 fractal, transposed, to destination fractal i*(1+dstGap).
// * 8-bit: two source fractals (16 x 32 each) A at s, B at s+1+srcFracGap form
//   a 32x32 matrix [A; B] (A = rows 0..15); its transpose is split into two
//   16 x 32 destination fractals (rows 0..15, rows 16..31) at d and
//   d+1+dstFracGap, d = i*(2+dstFracGap+dstGap).
// * 32-bit: two source fractals (16 x 8 each) A, B (same addresses) form a
//   16x16 matrix [A | B] (A = columns 0..7); its transpose (16x16) is split by
//   columns into two 16 x 8 destination fractals (columns 0..7, 8..15).
// (The V1 struct has no srcFracGap: 0.)
template <class T>
void load_transpose(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, uint32_t start,
                    uint32_t count, uint32_t src_step, uint32_t gap, uint32_t dst_frac_gap, uint32_t src_frac_gap,
                    uint32_t addr_mode, const char* file, int line) {
  constexpr uint32_t F = 512 / sizeof(T);
  if constexpr (sizeof(T) == 2) {
    if (dst_frac_gap == 0 && src_frac_gap == 0) {
      load_fractals("LoadDataWithTranspose", dst, src, start, count, src_step, gap, true, addr_mode, file, line);
      return;
    }
  }
  Call op("LoadDataWithTranspose", PIPE_MTE1, file, line);
  if (count == 0) op.fault("repeatTimes is 0");
  if (addr_mode != 0) op.fault("addrMode other than 0 (increasing addresses) is not modelled");
  if (sizeof(T) == 2) op.fault("dstFracGap / srcFracGap apply to 8- and 32-bit types only");
  struct Rep { const T* a; const T* b; T* x; T* y; };
  std::vector<Rep> v(count);
  for (uint32_t i = 0; i < count; ++i) {
    uint64_t s0 = start + uint64_t(i) * src_step, d0 = uint64_t(i) * (2 + dst_frac_gap + gap);
    v[i].a = op.in(src, F, s0 * F, false);
    v[i].b = op.in(src, F, (s0 + 1 + src_frac_gap) * F, false);
    v[i].x = op.out(dst, F, d0 * F, i == 0);
    v[i].y = op.out(dst, F, (d0 + 1 + dst_frac_gap) * F, false);
  }
  op.elems(uint64_t(count) * 2 * F).run();
  for (auto& r : v) {
    T x[F], y[F];
    if constexpr (sizeof(T) == 1) {  // M[32][32], rows 0..15 = a, 16..31 = b; out = M^T
      for (uint32_t row = 0; row < 32; ++row)
        for (uint32_t c = 0; c < 32; ++c) {
          T e = row < 16 ? r.a[row * 32 + c] : r.b[(row - 16) * 32 + c];
          (c < 16 ? x : y)[(c % 16) * 32 + row] = e;
        }
    } else {  // M[16][16], cols 0..7 = a, 8..15 = b; out = M^T split by columns
      for (uint32_t row = 0; row < 16; ++row)
        for (uint32_t c = 0; c < 16; ++c) {
          T e = c < 8 ? r.a[row * 8 + c] : r.b[row * 8 + c - 8];
          (row < 8 ? x : y)[c * 8 + row % 8] = e;
        }
    }
    std::memcpy(static_cast<void*>(r.x), x, sizeof x);
    std::memcpy(static_cast<void*>(r.y), y, sizeof y);
  }
}

// The img2col loads read L1 and write L0A or L0B.
template <class D, class S>
void check_l1_to_l0(Call& op, const D& dst, const S& src) {
  if (src.ref().mem != Mem::L1) op.fault("src must be in A1/B1 (L1)");
  if (dst.ref().mem != Mem::L0A && dst.ref().mem != Mem::L0B) op.fault("dst must be in A2/B2 (L0A/L0B)");
}

// LoadData3DParamsV2 img2col, interpretation:
// * Feature map in L1 as [C1][l1H][l1W][C0], C1 = channelSize / C0 (channelSize
//   must be a multiple of C0 = 32 B / sizeof(T)).
// * padList = {left, right, top, bottom}; filter sizes filterW + 256*filterSizeW,
//   filterH + 256*filterSizeH; Wo = (l1W + left + right - dilW*(fW-1) - 1)/strideW + 1.
// * The img2col matrix: row m = output position (m / Wo, m % Wo); column
//   k = ((c1*fH + kh)*fW + kw)*C0 + c0; value = fm[c1][ih][iw][c0] with
//   ih = (m/Wo)*strideH - top + kh*dilH, iw = (m%Wo)*strideW - left + kw*dilW,
//   or padValue (as a number of type T) when (ih, iw) is outside the map or
//   c1 >= C1.
// * Rows mStartPt.. (mExtension of them) and columns kStartPt.. (kExtension)
//   are written as ceil(mExtension/16) x ceil(kExtension/C0) fractals in the
//   zZ layout (row m, column k at ((m/16)*K1 + k/C0)*F + (m%16)*C0 + k%C0,
//   K1 = ceil(kExtension/C0)). In L0B this is the zN layout of the k x m
//   matrix (B[k][n] = img2col[n][k]), as Mmad reads it.
// enTranspose, enSmallK and fMatrixCtrl are not modelled (fault).
template <class D, class S>
void load_3d_v2(const D& dst, const S& src, const AscendC::LoadData3DParamsV2& p, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "LoadData: dst and src element types differ");
  constexpr uint32_t C0 = c0_of<T>(), F = 512 / sizeof(T);
  Call op("LoadData", PIPE_MTE1, file, line);
  check_l1_to_l0(op, dst, src);
  if (p.enTranspose) op.fault("enTranspose is not modelled");
  if (p.enSmallK) op.fault("enSmallK is not modelled");
  if (p.fMatrixCtrl) op.fault("fMatrixCtrl (the SetFmatrix register) is not modelled");
  if (((op.core().load_repeat >> 16) & 0xff) > 1) op.fault("SetLoadDataRepeat with repeatTime > 1 is not modelled");
  if (p.channelSize == 0 || p.channelSize % C0) op.fault("channelSize not a multiple of C0 is not modelled");
  if (p.strideW == 0 || p.strideH == 0 || p.dilationFilterW == 0 || p.dilationFilterH == 0)
    op.fault("strides and dilations must be positive");
  if (p.mExtension == 0 || p.kExtension == 0) op.fault("mExtension and kExtension must be positive");
  int64_t fW = p.filterW + (p.filterSizeW ? 256 : 0), fH = p.filterH + (p.filterSizeH ? 256 : 0);
  int64_t left = p.padList[0], right = p.padList[1], top = p.padList[2], bottom = p.padList[3];
  int64_t ew = int64_t(p.l1W) + left + right - int64_t(p.dilationFilterW) * (fW - 1) - 1;
  int64_t eh = int64_t(p.l1H) + top + bottom - int64_t(p.dilationFilterH) * (fH - 1) - 1;
  if (ew < 0 || eh < 0) op.fault("filter larger than the padded feature map");
  int64_t Wo = ew / p.strideW + 1;
  uint32_t C1 = p.channelSize / C0;
  uint32_t M1 = (p.mExtension + 15) / 16, K1 = (p.kExtension + C0 - 1) / C0;
  const T* fm = op.in(src, uint64_t(C1) * p.l1H * p.l1W * C0);
  T* d = op.out(dst, uint64_t(M1) * K1 * F);
  op.elems(uint64_t(M1) * K1 * F).run();
  T pad = T(float(int64_t(p.padValue)));
  std::vector<T> out(size_t(M1) * K1 * F);
  for (uint32_t mi = 0; mi < M1 * 16; ++mi) {
    int64_t m = int64_t(p.mStartPt) + mi;
    int64_t oh = m / Wo, ow = m % Wo;
    for (uint32_t ki = 0; ki < K1 * C0; ++ki) {
      int64_t k = int64_t(p.kStartPt) + ki;
      int64_t c0 = k % C0, r = k / C0, kw = r % fW, kh = (r / fW) % fH, c1 = r / (fW * fH);
      int64_t ih = oh * p.strideH - top + kh * p.dilationFilterH, iw = ow * p.strideW - left + kw * p.dilationFilterW;
      bool in = c1 < C1 && ih >= 0 && ih < p.l1H && iw >= 0 && iw < p.l1W;
      out[((mi / 16) * K1 + ki / C0) * F + (mi % 16) * C0 + ki % C0] =
          in ? fm[((uint64_t(c1) * p.l1H + ih) * p.l1W + iw) * C0 + c0] : pad;
    }
  }
  std::memcpy(static_cast<void*>(d), out.data(), out.size() * sizeof(T));
}

// LoadData3DParamsV1 img2col, interpretation (Load3Dv1 / TIK load3dv1):
// * Feature map in L1 as [C1][l1H][l1W][C0]; padList = {left, right, top, bottom}.
// * Each repeat writes one 16 x C0 fractal (destination fractal r at r*512 B):
//   row i = output window i of the repeat, columns = the C0 channels of
//   channel block c1 at filter tap (kh, kw); value fm[c1][ih][iw][c0] with
//   ih = window top + kh*dilH, iw = window left + kw*dilW, or padValue (a
//   number of type T) outside the map.
// * Windows: window 0 has its top-left at (leftTopH, leftTopW) (negative =
//   inside the padding); each next window is strideW to the right; when its
//   left edge passes l1W + right - (fW-1)*dilW - 1 it wraps to -left and
//   strideH down.
// * repeatMode 0: repeat r covers windows 0..15 and advances the tap from
//   (c1Index, fetchFilterH, fetchFilterW) by r in (c1, kh, kw) order (kw
//   fastest). repeatMode 1: the tap is fixed; repeat r covers windows
//   r*jumpStride*16 .. +15.
// cSize = 1 (4-channel small-channel mode) is not modelled.
template <class D, class S>
void load_3d_v1(const D& dst, const S& src, const AscendC::LoadData3DParamsV1& p, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "LoadData: dst and src element types differ");
  constexpr uint32_t C0 = c0_of<T>(), F = 512 / sizeof(T);
  Call op("LoadData", PIPE_MTE1, file, line);
  check_l1_to_l0(op, dst, src);
  if (p.cSize) op.fault("cSize = 1 (small-channel mode) is not modelled");
  if (p.repeatMode > 1) op.fault("repeatMode must be 0 or 1");
  if (p.repeatTime == 0) op.fault("repeatTime is 0");
  if (p.strideW == 0 || p.strideH == 0 || p.dilationFilterW == 0 || p.dilationFilterH == 0 || p.filterW == 0 ||
      p.filterH == 0)
    op.fault("strides, dilations and filter sizes must be positive");
  int64_t fW = p.filterW, fH = p.filterH, left = p.padList[0], right = p.padList[1];
  int64_t last_w = int64_t(p.l1W) + right - (fW - 1) * p.dilationFilterW - 1;
  if (last_w < -left) op.fault("filter wider than the padded feature map");
  int64_t C1 = int64_t(src.ref().bytes / sizeof(T)) / (int64_t(p.l1H) * p.l1W * C0);
  if (C1 <= 0) op.fault("src tensor smaller than one l1H x l1W x C0 channel block");
  const T* fm = op.in(src, uint64_t(C1) * p.l1H * p.l1W * C0);
  T* d = op.out(dst, uint64_t(p.repeatTime) * F);
  op.elems(uint64_t(p.repeatTime) * F).run();
  T pad = T(float(int64_t(p.padValue)));
  auto window = [&](int64_t n, int64_t& h, int64_t& w) {  // top-left of window n
    h = p.leftTopH;
    w = p.leftTopW;
    int64_t per_row = (last_w - (-left)) / p.strideW + 1;
    // walk the first row to its wrap point, then whole rows
    int64_t first = w > last_w ? 0 : (last_w - w) / p.strideW + 1;
    if (n < first) { w += n * p.strideW; return; }
    n -= first;
    h += p.strideH * (1 + n / per_row);
    w = -left + (n % per_row) * p.strideW;
  };
  std::vector<T> out(size_t(p.repeatTime) * F);
  for (uint32_t r = 0; r < p.repeatTime; ++r) {
    int64_t tap = p.repeatMode == 0 ? r : 0;
    int64_t kw = p.fetchFilterW + tap, kh = p.fetchFilterH, c1 = p.c1Index;
    kh += kw / fW; kw %= fW; c1 += kh / fH; kh %= fH;
    int64_t w0 = p.repeatMode == 1 ? int64_t(r) * p.jumpStride * 16 : 0;
    for (int64_t i = 0; i < 16; ++i) {
      int64_t h, w;
      window(w0 + i, h, w);
      int64_t ih = h + kh * p.dilationFilterH, iw = w + kw * p.dilationFilterW;
      bool in = c1 < C1 && ih >= 0 && ih < p.l1H && iw >= 0 && iw < p.l1W;
      for (uint32_t c = 0; c < C0; ++c)
        out[size_t(r) * F + i * C0 + c] = in ? fm[((uint64_t(c1) * p.l1H + ih) * p.l1W + iw) * C0 + c] : pad;
    }
  }
  std::memcpy(static_cast<void*>(d), out.data(), out.size() * sizeof(T));
}

template <class A>
struct AccOf { using type = float; };
template <> struct AccOf<int8_t> { using type = int32_t; };
template <> struct AccOf<uint8_t> { using type = int32_t; };

inline uint32_t up16(uint32_t x) { return (x + 15) / 16 * 16; }

template <class C, class A, class B, class Bias>
void mmad(const AscendC::LocalTensor<C>& dst, const AscendC::LocalTensor<A>& fm, const AscendC::LocalTensor<B>& filt,
          const Bias* bias, const AscendC::MmadParams& p, const char* file, int line) {
  static_assert(std::is_same_v<A, B>, "Mmad: fm and filter element types differ");
  static_assert(std::is_same_v<C, typename AccOf<A>::type>,
                "Mmad: dst must be float for half/bfloat16/float inputs, int32_t for int8 inputs");
  constexpr uint32_t C0 = c0_of<A>();
  constexpr uint32_t F = 512 / sizeof(A);
  Call op("Mmad", PIPE_M, file, line);
  Core& core = op.core();
  if (dst.mem() != Mem::L0C) op.fault("dst must be in CO1 (L0C)");
  if (fm.mem() != Mem::L0A) op.fault("fm must be in A2 (L0A)");
  if (filt.mem() != Mem::L0B) op.fault("filter must be in B2 (L0B)");
  if (std::is_same_v<A, float> && core.hf32) op.fault("HF32 mode (SetHF32Mode) with float inputs is not modelled");
  if (p.cmatrixSource && !bias) op.fault("cmatrixSource=true without a bias tensor");
  uint32_t M16 = up16(p.m), K1 = (p.k + C0 - 1) / C0, N1 = (p.n + 15) / 16;
  const A* a = op.in(fm, uint64_t(M16 / 16) * K1 * F);
  const B* b = op.in(filt, uint64_t(N1) * K1 * F);
  C* c = op.out(dst, uint64_t(N1) * M16 * 16);
  const C* bs = nullptr;
  if (bias) bs = op.in(*bias, p.n);
  op.elems(uint64_t(p.m) * p.n * p.k).run();
  std::vector<C> av(size_t(p.m) * p.k), bv(size_t(p.k) * p.n);
  for (uint32_t r = 0; r < p.m; ++r)
    for (uint32_t k = 0; k < p.k; ++k)
      av[size_t(r) * p.k + k] = C(a[((r / 16) * K1 + k / C0) * F + (r % 16) * C0 + k % C0]);
  for (uint32_t k = 0; k < p.k; ++k)
    for (uint32_t n = 0; n < p.n; ++n)
      bv[size_t(k) * p.n + n] = C(b[((n / 16) * K1 + k / C0) * F + (n % 16) * C0 + k % C0]);
  for (uint32_t r = 0; r < p.m; ++r)
    for (uint32_t n = 0; n < p.n; ++n) {
      C& out = c[(n / 16) * M16 * 16 + r * 16 + n % 16];
      C acc = bias ? bs[n] : p.cmatrixInitVal ? C(0) : out;
      for (uint32_t k = 0; k < p.k; ++k) acc += av[size_t(r) * p.k + k] * bv[size_t(k) * p.n + n];
      out = acc;
    }
}

template <class T>
void store_atomic(Core& core, T* d, T v) {
  if (core.atomic_fn) core.atomic_fn(reinterpret_cast<uint8_t*>(d), reinterpret_cast<const uint8_t*>(&v), sizeof(T));
  else *d = v;
}

inline float low_f32(uint64_t bits) { return bits_f32(uint32_t(bits)); }

// L0C -> GM / L1 / UB with NZ2ND (row_major) or NZ output, relu, quantisation.
// `vq` (may be null): per-channel uint64 quant values (scale in the low 32 bits).
template <class Dst, class S>
void fixpipe(const char* api, const Dst& dst, const AscendC::LocalTensor<S>& src, uint32_t nSize, uint32_t mSize,
             uint32_t srcStride, uint32_t dstStride, bool relu, int32_t quant, uint64_t deq,
             const AscendC::LocalTensor<uint64_t>* vq, bool row_major, const char* file, int line,
             bool split = false) {
  using D = typename Dst::PrimType;
  using Q = AscendC::QuantModes;
  Call op(api, PIPE_FIX, file, line);
  Core& core = op.core();
  if (src.mem() != Mem::L0C) op.fault("src must be in CO1 (L0C)");
  constexpr bool f32 = std::is_same_v<S, float>, i32 = std::is_same_v<S, int32_t>;
  static_assert(f32 || i32, "Fixpipe: src must be float or int32_t");
  bool ok = false, vec = false;
  switch (Q(quant)) {
    case Q::NoQuant: ok = std::is_same_v<D, S>; break;
    case Q::F322F16: ok = f32 && std::is_same_v<D, half>; break;
    case Q::F322BF16: ok = f32 && std::is_same_v<D, bfloat16_t>; break;
    case Q::DEQF16: ok = i32 && std::is_same_v<D, half>; break;
    case Q::VDEQF16: ok = i32 && std::is_same_v<D, half>; vec = true; break;
    case Q::QF322B8_PRE: ok = f32 && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>); break;
    case Q::VQF322B8_PRE: ok = f32 && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>); vec = true; break;
    case Q::REQ8: ok = i32 && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>); break;
    case Q::VREQ8: ok = i32 && (std::is_same_v<D, int8_t> || std::is_same_v<D, uint8_t>); vec = true; break;
    default: op.core().fault(file, line, api, "quantPre %d is not a QuantModes value", quant);
  }
  if (!ok)
    core.fault(file, line, api, "quantPre %d does not convert %s to %s", quant, type_name<S>(), type_name<D>());
  if (vec && !vq) op.fault("a vector quantPre mode needs the quant tensor (the Fixpipe form with a workspace)");
  if (srcStride == 0) srcStride = up16(mSize);
  if (row_major && dstStride == 0) dstStride = nSize;
  if (split && (row_major || sizeof(D) != 4))
    core.fault(file, line, api, "channel split needs NZ output of a 32-bit type (float / int32)");
  uint32_t N1 = (nSize + 15) / 16;
  // Channel split: NZ output with 8-element rows (32 B); column block j8 of
  // 8 columns at j8*dstStride*32 B.
  uint32_t OB = split ? 8 : 16, NO = (nSize + OB - 1) / OB;
  std::vector<const S*> sblk(N1);
  for (uint32_t j = 0; j < N1; ++j) sblk[j] = op.in(src, uint64_t(mSize) * 16, uint64_t(j) * srcStride * 16, j == 0);
  std::vector<D*> drow;
  if (row_major)
    for (uint32_t r = 0; r < mSize; ++r) drow.push_back(op.out(dst, nSize, uint64_t(r) * dstStride, false));
  else
    for (uint32_t j = 0; j < NO; ++j)
      drow.push_back(op.out(dst, uint64_t(mSize) * OB, uint64_t(j) * dstStride * 32 / sizeof(D), false));
  const uint64_t* qv = vq ? op.in(*vq, nSize, 0, false) : nullptr;
  op.elems(uint64_t(mSize) * nSize).run();
  bool atomic = dst.ref().mem == Mem::GM && core.atomic_fn;
  for (uint32_t r = 0; r < mSize; ++r)
    for (uint32_t c = 0; c < nSize; ++c) {
      S x = sblk[c / 16][r * 16 + c % 16];
      D* out = row_major ? drow[r] + c : drow[c / OB] + r * OB + c % OB;
      D y;
      if constexpr (std::is_same_v<D, S>) {
        y = relu && x < S(0) ? S(0) : x;
      } else {
        float scale = vec ? low_f32(qv[c]) : (Q(quant) == Q::F322F16 || Q(quant) == Q::F322BF16) ? 1.0f : low_f32(deq);
        float v = float(x) * scale;
        if (relu && v < 0) v = 0;
        if constexpr (std::is_integral_v<D>) {
          float lo = std::is_signed_v<D> ? -128.f : 0.f, hi = std::is_signed_v<D> ? 127.f : 255.f;
          v = std::nearbyint(v);
          y = D(v < lo ? lo : v > hi ? hi : v);
        } else {
          y = D(v);
        }
      }
      if (atomic) store_atomic(core, out, y);
      else *out = y;
    }
}

}  // namespace asc_model

namespace AscendC {

// ---- ND <-> NZ data movement ------------------------------------------------
template <class T>
void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const Nd2NzParams& p, ASC_LOC_PARAMS) {
  asc_model::nd2nz("DataCopy", dst, src, p, ASC_LOC);
}
template <class T>
void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const Nd2NzParams& p, ASC_LOC_PARAMS) {
  asc_model::nd2nz("DataCopy", dst, src, p, ASC_LOC);
}
template <class T>
void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const Nz2NdParamsFull& p, ASC_LOC_PARAMS) {
  asc_model::nz2nd(dst, src, p, ASC_LOC);
}
// DataCopyPad UB -> L1 with Nd2NzParams: the ND -> NZ conversion of DataCopy
// with Nd2NzParams (source rows srcDValue elements apart, matrices
// srcNdMatrixStride elements apart, in UB; the last column block's tail is
// zero-filled). The DataCopyParams / DataCopyExtParams argument is not used.
template <class T, class P>
void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const P&, const Nd2NzParams& nd,
                 ASC_LOC_PARAMS) {
  if (src.mem() != asc_model::Mem::UB || dst.mem() != asc_model::Mem::L1)
    asc_model::current_core().fault(ASC_LOC, "DataCopyPad", "the Nd2NzParams form copies UB -> L1 (A1/B1)");
  asc_model::nd2nz("DataCopyPad", dst, src, nd, ASC_LOC);
}
// L0C -> GM / UB (DataCopyCO12DstParams): NZ -> ND when nz2ndEn, else NZ.
template <class D, class S>
void DataCopy(const GlobalTensor<D>& dst, const LocalTensor<S>& src, const DataCopyCO12DstParams& p, ASC_LOC_PARAMS) {
  asc_model::fixpipe("DataCopy", dst, src, p.nSize, p.mSize, p.srcStride, p.dstStride, p.reluPre != 0,
                     int32_t(p.quantPre), asc_model::current_core().fixpipe_quant, nullptr, p.nz2ndEn, ASC_LOC,
                     p.channelSplit);
}
template <class D, class S>
void DataCopy(const LocalTensor<D>& dst, const LocalTensor<S>& src, const DataCopyCO12DstParams& p, ASC_LOC_PARAMS) {
  asc_model::fixpipe("DataCopy", dst, src, p.nSize, p.mSize, p.srcStride, p.dstStride, p.reluPre != 0,
                     int32_t(p.quantPre), asc_model::current_core().fixpipe_quant, nullptr, p.nz2ndEn, ASC_LOC,
                     p.channelSplit);
}

// ---- LoadData ------------------------------------------------------------------
template <class D, class S>
void LoadData(const D& dst, const S& src, const LoadData2DParams& p, ASC_LOC_PARAMS) {
  asc_model::load_fractals("LoadData", dst, src, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.ifTranspose,
                           p.addrMode, ASC_LOC);
}
template <class D, class S>
void LoadData(const D& dst, const S& src, const LoadData2DParamsV2& p, ASC_LOC_PARAMS) {
  asc_model::load_2d_v2(dst, src, p, ASC_LOC);
}
template <class D, class S>
void LoadData(const D& dst, const S& src, const LoadData3DParamsV1& p, ASC_LOC_PARAMS) {
  asc_model::load_3d_v1(dst, src, p, ASC_LOC);
}
template <class D, class S>
void LoadData(const D& dst, const S& src, const LoadData3DParamsV2& p, ASC_LOC_PARAMS) {
  asc_model::load_3d_v2(dst, src, p, ASC_LOC);
}
template <class D, class S>
void LoadData(const D&, const S&, const LoadData3DParamsV2Pro&, ASC_LOC_PARAMS) {
  asc_model::not_modelled("LoadData",
                          "LoadData with LoadData3DParamsV2Pro (img2col from the SetFmatrix register, which has no op)",
                          ASC_LOC);
}
// LoadDataWithTranspose: see asc_model::load_transpose (16-bit: repeatTimes
// fractals from startIndex, srcStride apart, each transposed, dstGap fractals
// between destination fractals; 8/32-bit: two fractals per repeat).
template <class T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2dTransposeParams& p,
                           ASC_LOC_PARAMS) {
  asc_model::load_transpose(dst, src, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.dstFracGap, 0,
                            p.addrMode, ASC_LOC);
}
template <class T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2dTransposeParamsV2& p,
                           ASC_LOC_PARAMS) {
  asc_model::load_transpose(dst, src, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.dstFracGap,
                            p.srcFracGap, p.addrMode, ASC_LOC);
}
// LoadDataWithSparse (4:2 structured sparsity, int8/uint8), interpretation:
// src (L1) holds the compressed weights (the two kept values of every group of
// four K values) in NZ fractals; idx (L1, uint8) holds their 2-bit positions
// inside the group, 128 B per 512 B fractal: element e of a fractal has its
// index in bits 2*(e%4)..2*(e%4)+1 of byte e/4 (so "1 2 0 1" is stored as
// the byte 0b01001001, read MSB first "1 0 2 1": the vendor's reversed order).
// Fractals move as LoadData2DParams (startIndex, repeatTimes, srcStride,
// dstGap; no transpose, addrMode 0); repeat i reads idx bytes from
// (startIndex + i*srcStride)*128. The index block is kept with the L0B
// fractal it belongs to (by L0B address) for MmadWithSparse.
template <class T, class U>
void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<U>& idx,
                        const LoadData2DParams& p, ASC_LOC_PARAMS) {
  static_assert(sizeof(T) == 1 && sizeof(U) == 1, "LoadDataWithSparse: int8/uint8 weights and a uint8 index");
  asc_model::Call op("LoadDataWithSparse", PIPE_MTE1, ASC_LOC);
  if (dst.mem() != asc_model::Mem::L0B) op.fault("dst must be in B2 (L0B)");
  if (p.repeatTimes == 0) op.fault("repeatTimes is 0");
  if (p.ifTranspose) op.fault("ifTranspose is not modelled");
  if (p.addrMode != 0) op.fault("addrMode other than 0 (increasing addresses) is not modelled");
  struct F { T* d; const T* s; const U* i; uint64_t frac; };
  std::vector<F> v(p.repeatTimes);
  for (uint32_t i = 0; i < p.repeatTimes; ++i) {
    uint64_t sf = p.startIndex + uint64_t(i) * p.srcStride;
    v[i].s = op.in(src, 512, sf * 512, false);
    v[i].i = op.in(idx, 128, sf * 128, false);
    v[i].d = op.out(dst, 512, uint64_t(i) * (1 + p.dstGap) * 512, i == 0);
    v[i].frac = (dst.GetPhyAddr() / 512) + uint64_t(i) * (1 + p.dstGap);
  }
  op.elems(uint64_t(p.repeatTimes) * 512).run();
  asc_model::Core& core = op.core();
  uint64_t nfrac = core.mem_size(asc_model::Mem::L0B) / 512;
  if (core.sparse_ok.size() < nfrac) { core.sparse_ok.resize(nfrac, 0); core.sparse_idx.resize(nfrac * 128, 0); }
  for (auto& f : v) {
    T tmp[512];
    uint8_t it[128];
    std::memcpy(tmp, f.s, 512);
    std::memcpy(it, f.i, 128);
    std::memcpy(f.d, tmp, 512);
    std::memcpy(&core.sparse_idx[f.frac * 128], it, 128);
    core.sparse_ok[f.frac] = 1;
  }
}

// ---- Mmad -------------------------------------------------------------------------
template <class C, class A, class B>
void Mmad(const LocalTensor<C>& dst, const LocalTensor<A>& fm, const LocalTensor<B>& filter, const MmadParams& p,
          ASC_LOC_PARAMS) {
  asc_model::mmad<C, A, B, LocalTensor<C>>(dst, fm, filter, nullptr, p, ASC_LOC);
}
// Bias form: C = bias[n] + A*B (the bias row, n elements of the accumulator
// type, replaces the initial value whatever cmatrixInitVal says).
template <class C, class A, class B, class BiasT>
void Mmad(const LocalTensor<C>& dst, const LocalTensor<A>& fm, const LocalTensor<B>& filter,
          const LocalTensor<BiasT>& bias, const MmadParams& p, ASC_LOC_PARAMS) {
  static_assert(std::is_same_v<C, BiasT>, "Mmad: bias must have the accumulator type");
  asc_model::mmad(dst, fm, filter, &bias, p, ASC_LOC);
}
// MmadWithSparse: C (m x n, int32) (+)= A (m x k, int8, L0A zZ) * B, where B
// (k x n) is 4:2 sparse and L0B holds its compressed form Bc (k/2 x n, zN,
// K1c = ceil(k/2 / 32) fractals per n block) loaded by LoadDataWithSparse:
// Bc[j][c] stands for B[(j/2)*4 + idx(j, c)][c] (idx: the 2-bit index kept
// with Bc's fractal). k = the dense K (a multiple of 4). cmatrixInitVal as Mmad.
template <class C, class A, class B>
void MmadWithSparse(const LocalTensor<C>& dst, const LocalTensor<A>& fm, const LocalTensor<B>& filter,
                    const MmadParams& p, ASC_LOC_PARAMS) {
  static_assert(std::is_same_v<C, int32_t> && sizeof(A) == 1 && std::is_same_v<A, B>,
                "MmadWithSparse: int8 inputs, int32 accumulator");
  asc_model::Call op("MmadWithSparse", PIPE_M, ASC_LOC);
  asc_model::Core& core = op.core();
  if (dst.mem() != asc_model::Mem::L0C) op.fault("dst must be in CO1 (L0C)");
  if (fm.mem() != asc_model::Mem::L0A) op.fault("fm must be in A2 (L0A)");
  if (filter.mem() != asc_model::Mem::L0B) op.fault("filter must be in B2 (L0B)");
  if (p.k % 4) op.fault("k must be a multiple of 4 (4:2 sparsity)");
  uint32_t M16 = asc_model::up16(p.m), K1 = (p.k + 31) / 32, kc = p.k / 2, K1c = (kc + 31) / 32,
           N1 = (p.n + 15) / 16;
  const A* a = op.in(fm, uint64_t(M16 / 16) * K1 * 512);
  const B* b = op.in(filter, uint64_t(N1) * K1c * 512);
  C* c = op.out(dst, uint64_t(N1) * M16 * 16);
  uint64_t f0 = filter.GetPhyAddr() / 512;
  if (filter.GetPhyAddr() % 512) op.fault("filter is not at a 512 B fractal boundary");
  for (uint64_t f = f0; f < f0 + uint64_t(N1) * K1c; ++f)
    if (f >= core.sparse_ok.size() || !core.sparse_ok[f])
      core.fault(ASC_LOC, "MmadWithSparse", "L0B fractal at byte %llu has no index (not loaded by LoadDataWithSparse)",
                 (unsigned long long)(f * 512));
  op.elems(uint64_t(p.m) * p.n * kc).run();
  const uint8_t* ix = &core.sparse_idx[f0 * 128];
  for (uint32_t r = 0; r < p.m; ++r)
    for (uint32_t n = 0; n < p.n; ++n) {
      C& out = c[(n / 16) * M16 * 16 + r * 16 + n % 16];
      C acc = p.cmatrixInitVal ? C(0) : out;
      for (uint32_t j = 0; j < kc; ++j) {
        uint64_t e = uint64_t((n / 16) * K1c + j / 32) * 512 + (n % 16) * 32 + j % 32;
        uint32_t pos = (ix[e / 4] >> (2 * (e % 4))) & 3;
        uint32_t k = (j / 2) * 4 + pos;
        C av = C(a[((r / 16) * K1 + k / 32) * 512 + (r % 16) * 32 + k % 32]);
        acc += av * C(b[e]);
      }
      out = acc;
    }
}

// ---- Fixpipe --------------------------------------------------------------------
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR, class Dst>
void fixpipe_entry(const Dst& dst, const LocalTensor<S>& src, const LocalTensor<uint64_t>* q,
                   const FixpipeParamsV220& p, const char* asc_file, int asc_line) {
  if (config.format == CO2Layout::COLUMN_MAJOR) asc_model::not_modelled("Fixpipe", "Fixpipe CFG_COLUMN_MAJOR", ASC_LOC);
  if (p.ndNum > 1) asc_model::not_modelled("Fixpipe", "Fixpipe with ndNum > 1", ASC_LOC);
  asc_model::fixpipe("Fixpipe", dst, src, p.nSize, p.mSize, p.srcStride, p.dstStride, p.reluEn, int32_t(p.quantPre),
                     p.deqScalar, q, config.format == CO2Layout::ROW_MAJOR, ASC_LOC, p.isChannelSplit);
}
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<D>& dst, const LocalTensor<S>& src, const FixpipeParamsV220& p, ASC_LOC_PARAMS) {
  fixpipe_entry<D, S, config>(dst, src, nullptr, p, ASC_LOC);
}
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const LocalTensor<D>& dst, const LocalTensor<S>& src, const FixpipeParamsV220& p, ASC_LOC_PARAMS) {
  fixpipe_entry<D, S, config>(dst, src, nullptr, p, ASC_LOC);
}
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const GlobalTensor<D>& dst, const LocalTensor<S>& src, const LocalTensor<uint64_t>& q,
             const FixpipeParamsV220& p, ASC_LOC_PARAMS) {
  fixpipe_entry<D, S, config>(dst, src, &q, p, ASC_LOC);
}
template <class D, class S, const FixpipeConfig& config = CFG_ROW_MAJOR>
void Fixpipe(const LocalTensor<D>& dst, const LocalTensor<S>& src, const LocalTensor<uint64_t>& q,
             const FixpipeParamsV220& p, ASC_LOC_PARAMS) {
  fixpipe_entry<D, S, config>(dst, src, &q, p, ASC_LOC);
}

// ---- cube mode setters (recorded in the core) -------------------------------------
inline void SetFixpipePreQuantFlag(uint64_t config, ASC_LOC_PARAMS) {
  asc_model::Call op("SetFixpipePreQuantFlag", PIPE_FIX, ASC_LOC);
  op.run();
  op.core().fixpipe_quant = config;
}
inline void SetLoadDataBoundary(uint32_t boundary, ASC_LOC_PARAMS) {
  asc_model::Call op("SetLoadDataBoundary", PIPE_MTE1, ASC_LOC);
  op.run();
  op.core().load_boundary = boundary;
}
template <class T>
void SetLoadDataPaddingValue(T v, ASC_LOC_PARAMS) {
  asc_model::Call op("SetLoadDataPaddingValue", PIPE_MTE1, ASC_LOC);
  op.run();
  op.core().load_pad_bits = 0;
  std::memcpy(&op.core().load_pad_bits, &v, sizeof(T) < 8 ? sizeof(T) : 8);
}
inline void SetLoadDataRepeat(const LoadDataRepeatParam& p, ASC_LOC_PARAMS) {
  asc_model::Call op("SetLoadDataRepeat", PIPE_MTE1, ASC_LOC);
  op.run();
  op.core().load_repeat = uint64_t(p.repeatStride) | uint64_t(p.repeatTime) << 16 | uint64_t(p.repeatMode) << 24;
}
inline void SetHF32Mode(bool on, ASC_LOC_PARAMS) {
  asc_model::Call op("SetHF32Mode", PIPE_S, ASC_LOC);
  op.run();
  op.core().hf32 = on;
}
inline void SetHF32TransMode(bool on, ASC_LOC_PARAMS) {
  asc_model::Call op("SetHF32TransMode", PIPE_S, ASC_LOC);
  op.run();
  op.core().hf32_trans = on;
}
// Only changes the order the cube walks the matrices: no observable effect.
inline void SetMMLayoutTransform(bool on, ASC_LOC_PARAMS) {
  asc_model::Call op("SetMMLayoutTransform", PIPE_S, ASC_LOC);
  op.run();
  op.core().mm_layout = on;
}

}  // namespace AscendC

#include "asc_model/api/misc.h"
