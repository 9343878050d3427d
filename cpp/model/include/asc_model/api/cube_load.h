// Cube LoadData family: L1 -> L0A / L0B (and UB) fractal moves. LoadData
// (LoadData2DParams, LoadData2DParamsV2, img2col LoadData3DParamsV1 / V2;
// V2Pro faults), LoadDataWithTranspose, LoadDataWithSparse, and the load mode
// setters SetLoadDataBoundary / SetLoadDataPaddingValue / SetLoadDataRepeat.
// Layouts: api/cube_layout.h. Interpretations: the comment above each function.
#pragma once
#include <cstdint>
#include <cstring>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/tensor.h"
#include "asc_model/api/cube_layout.h"

namespace asc_model {

// 512-byte fractals: `count` of them from fractal `start`, source fractals
// `src_step` apart, destination fractal i at i*(1+gap); optional 16x16
// transposition of each (16-bit types only).
template <class D, class S>
void load_fractals(const char* api, const D& dst, const S& src, uint32_t start, uint32_t count, uint32_t src_step,
                   uint32_t gap, bool transpose, uint32_t addr_mode, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "LoadData: dst and src element types differ");
  constexpr uint32_t F = 512 / sizeof(T);
  TensorRef s = src.ref();
  Call op(api, s.mem == Mem::GM ? PIPE_MTE2 : PIPE_MTE1, file, line);
  if (count == 0) op.fault("repeatTimes is 0");
  if (addr_mode != 0) op.fault("addrMode other than 0 (increasing addresses) is not modelled");
  if (transpose && sizeof(T) != 2) op.fault("ifTranspose for types other than 16-bit is not modelled");
  std::vector<std::pair<T*, const T*>> f(count);
  for (uint32_t i = 0; i < count; ++i) {
    f[i].second = op.in(src, F, uint64_t(start + uint64_t(i) * src_step) * F, false);
    f[i].first = op.out(dst, F, uint64_t(i) * (1 + gap) * F, i == 0);
  }
  if (!op.elems(uint64_t(count) * F).run()) return;  // timing-only launch: no data
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
// M row of fractals (mStep 1, dstStride 1) per call gives the L0A zZ layout,
// and of a k x n NZ B matrix (M axis = k, K axis = n blocks), transposed, the
// L0B Zn layout (one k block per call, dst advancing N1 fractals).
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
  if (!op.elems(uint64_t(f.size()) * F).run()) return;  // timing-only launch: no data
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
// repeat i starts at source fractal startIndex + i*srcStride (8/32-bit with
// LoadData2dTransposeParams: startIndex + 2*i*srcStride, srcStride counting
// two-fractal squares as the vendor documents; startIndex stays in fractals,
// as the adv Matmul passes it).
// * 16-bit: one 16x16 fractal, transposed, to destination fractal i*(1+dstGap).
// * 8-bit: two source fractals (16 x 32 each) A at s, B at s+1+srcFracGap form
//   a 32x32 matrix [A; B] (A = rows 0..15); its transpose is split into two
//   16 x 32 destination fractals (rows 0..15, rows 16..31) at d and
//   d+1+dstFracGap. LoadData2dTransposeParams (dav_c220's form): d = i*(1+dstGap),
//   dstGap being, as the vendor documents it, the gap from the end of a repeat's
//   first destination fractal to the start of the next repeat's first (so
//   dstGap 1, dstFracGap 0 writes the repeats' fractal pairs back to back);
//   LoadData2dTransposeParamsV2 (which dav_c220 does not support): the gap
//   after the pair, d = i*(2+dstFracGap+dstGap).
// * 32-bit: two source fractals (16 x 8 each) A, B (same addresses) form a
//   16x16 matrix [A | B] (A = columns 0..7); its transpose (16x16) is split by
//   columns into two 16 x 8 destination fractals (columns 0..7, 8..15).
// (The V1 struct has no srcFracGap: 0.)
template <class T>
void load_transpose(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, uint32_t start,
                    uint32_t count, uint32_t src_step, uint32_t gap, uint32_t dst_frac_gap, uint32_t src_frac_gap,
                    uint32_t addr_mode, const char* file, int line, bool v1 = false) {
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
    // V1: srcStride counts the vendor's units, 32 x 32 (8-bit) / 16 x 16 (32-bit) squares of two fractals
    uint64_t s0 = start + uint64_t(i) * src_step * (v1 ? 2 : 1), d0 = uint64_t(i) * (v1 ? 1 + gap : 2 + dst_frac_gap + gap);
    v[i].a = op.in(src, F, s0 * F, false);
    v[i].b = op.in(src, F, (s0 + 1 + src_frac_gap) * F, false);
    v[i].x = op.out(dst, F, d0 * F, i == 0);
    v[i].y = op.out(dst, F, (d0 + 1 + dst_frac_gap) * F, false);
  }
  if (!op.elems(uint64_t(count) * 2 * F).run()) return;  // timing-only launch: no data
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
template <class D, class S, class U>
void load_3d_v2(const D& dst, const S& src, const AscendC::LoadData3DParamsV2<U>& p, const char* file, int line) {
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
  if (!op.elems(uint64_t(M1) * K1 * F).run()) return;  // timing-only launch: no data
  T pad = T(float(p.padValue));
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
template <class D, class S, class U>
void load_3d_v1(const D& dst, const S& src, const AscendC::LoadData3DParamsV1<U>& p, const char* file, int line) {
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
  if (!op.elems(uint64_t(p.repeatTime) * F).run()) return;  // timing-only launch: no data
  T pad = T(float(p.padValue));
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

}  // namespace asc_model

namespace AscendC {

// ---- LoadData ------------------------------------------------------------------
// The vendor's template heads (a kernel names the same template arguments on both):
// L1 -> L0 / UB from a LocalTensor, GM -> L1 / L0 from a GlobalTensor, one T.
struct IsResetLoad3dConfig {
  constexpr IsResetLoad3dConfig(const bool isSetFMatrixIn, const bool isSetPaddingIn)
      : isSetFMatrix(isSetFMatrixIn), isSetPadding(isSetPaddingIn) {}
  bool isSetFMatrix = true;  // the Model reads the FMATRIX/padding registers either way
  bool isSetPadding = true;
};
constexpr IsResetLoad3dConfig IS_RESER_LOAD3D_DEFAULT_CONFIG = {true, true};

template <class T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& p, ASC_LOC_PARAMS) {
  // int4b_t: a 512-byte fractal of 16 x 64 elements moved as bytes; the vendor's
  // load_cbuf_to_ca_s4 / load_cbuf_to_cb_s4 are given no transpose (ifTranspose is ignored).
  if constexpr (asc_model::is_int4_v<T>)
    asc_model::load_fractals("LoadData", asc_model::as_int8(dst), asc_model::as_int8(src), p.startIndex,
                             p.repeatTimes, p.srcStride, p.dstGap, false, p.addrMode, ASC_LOC);
  else
    asc_model::load_fractals("LoadData", dst, src, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap,
                             p.ifTranspose, p.addrMode, ASC_LOC);
}
template <class T>
void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParams& p, ASC_LOC_PARAMS) {
  asc_model::load_fractals("LoadData", dst, src, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.ifTranspose,
                           p.addrMode, ASC_LOC);
}
template <class T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParamsV2& p, ASC_LOC_PARAMS) {
  asc_model::load_2d_v2(dst, src, p, ASC_LOC);
}
template <class T>
void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParamsV2& p, ASC_LOC_PARAMS) {
  asc_model::load_2d_v2(dst, src, p, ASC_LOC);
}
template <class T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, class U = T,
          std::enable_if_t<std::is_same_v<T, U>, bool> = true>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV1<U>& p, ASC_LOC_PARAMS) {
  asc_model::load_3d_v1(dst, src, p, ASC_LOC);
}
template <class T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, class U = T,
          std::enable_if_t<std::is_same_v<T, U>, bool> = true>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& p, ASC_LOC_PARAMS) {
  asc_model::load_3d_v2(dst, src, p, ASC_LOC);
}
template <class T>
void LoadData(const LocalTensor<T>&, const LocalTensor<T>&, const LoadData3DParamsV2Pro&, ASC_LOC_PARAMS) {
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
                            p.addrMode, ASC_LOC, true);
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
// The second index of each kept pair is stored as its position minus one
// (MmadWithSparse). Of the LoadData2DParams only startIndex and repeatTimes
// count (the vendor's load_cbuf_to_cb_sp takes no strides): repeat i moves
// source fractal startIndex + i to destination fractal i and reads idx bytes
// from (startIndex + i)*128. The index block is kept with the L0B fractal it
// belongs to (by L0B address) for MmadWithSparse.
template <class T = int8_t, class U = uint8_t,
          std::enable_if_t<std::is_same_v<T, int8_t> && std::is_same_v<U, uint8_t>, bool> = true>
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
    uint64_t sf = p.startIndex + uint64_t(i);
    v[i].s = op.in(src, 512, sf * 512, false);
    v[i].i = op.in(idx, 128, sf * 128, false);
    v[i].d = op.out(dst, 512, uint64_t(i) * 512, i == 0);
    v[i].frac = (dst.GetPhyAddr() / 512) + uint64_t(i);
  }
  if (!op.elems(uint64_t(p.repeatTimes) * 512).run()) return;  // timing-only launch: no data
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

// ---- load mode setters (recorded in the core) ------------------------------------
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

}  // namespace AscendC
