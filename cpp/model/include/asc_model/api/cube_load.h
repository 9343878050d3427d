// Cube LoadData family: L1 -> L0A / L0B (and UB) fractal moves. LoadData
// (LoadData2DParams, LoadData2DParamsV2, img2col LoadData3DParamsV1 / V2 /
// V2Pro), LoadDataWithTranspose, LoadDataWithSparse, and the load mode setters
// SetFmatrix / SetLoadDataBoundary / SetLoadDataPaddingValue / SetLoadDataRepeat.
// Layouts: api/cube_layout.h. Interpretations: the comment above each function.
#pragma once
#include <cstdint>
#include <cstring>
#include <array>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/tensor.h"
#include "asc_model/api/cube_layout.h"

namespace asc_model {

// 512-byte fractals: `count` of them from fractal `start`, source fractals
// `src_step` apart, destination fractal i at i*(1+gap); optional 16x16
// transposition of each (16-bit types only).
// (load_fractals_bytes, load_2d_v2_bytes: src/api_cube_load.cpp, compiled once into the
// runtime object; a fractal is 512 bytes whatever its element type, whose size
// only says whether the 16x16 transposition applies.)
void load_fractals_bytes(const char* api, const TensorRef& dst, const TensorRef& src, uint32_t esz, uint32_t start,
                         uint32_t count, uint32_t src_step, uint32_t gap, bool transpose, uint32_t addr_mode,
                         const char* file, int line);
template <class D, class S>
void load_fractals(const char* api, const D& dst, const S& src, uint32_t start, uint32_t count, uint32_t src_step,
                   uint32_t gap, bool transpose, uint32_t addr_mode, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "LoadData: dst and src element types differ");
  static_assert(!is_int4_v<T>, "int4b_t packs two elements per byte: load it as int8_t");
  load_fractals_bytes(api, dst.ref(), src.ref(), uint32_t(sizeof(T)), start, count, src_step, gap, transpose,
                      addr_mode, file, line);
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
void load_2d_v2_bytes(const TensorRef& dst, const TensorRef& src, uint32_t esz, const AscendC::LoadData2DParamsV2& p,
                      const char* file, int line);
template <class D, class S>
void load_2d_v2(const D& dst, const S& src, const AscendC::LoadData2DParamsV2& p, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "LoadData: dst and src element types differ");
  static_assert(!is_int4_v<T>, "int4b_t packs two elements per byte: load it as int8_t");
  load_2d_v2_bytes(dst.ref(), src.ref(), uint32_t(sizeof(T)), p, file, line);
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

// LoadDataWithTranspose of int4b_t (the vendor's load_cbuf_to_cb_transpose_s4; L1 -> L0B only:
// its L0A form does nothing for int4b_t), interpretation as the 8-bit form with squares of
// four: repeat i takes four source fractals (16 x 64 elements each) at s, s+1+srcFracGap, ...
// (s = startIndex + 4*i*srcStride with LoadData2dTransposeParams, whose srcStride counts
// 64 x 64 squares; startIndex + i*srcStride with ...V2) as the 64 x 64 matrix [A0; A1; A2; A3]
// and writes its transpose as four 16 x 64 fractals at d, d+1+dstFracGap, ... (d = i*(1+dstGap)
// with LoadData2dTransposeParams, i*(4+3*dstFracGap+dstGap) with ...V2).
// (src/api_cube_load.cpp: no element-type parameter, compiled once into the runtime.)
void load_transpose_s4(const AscendC::LocalTensor<int4b_t>& dst, const AscendC::LocalTensor<int4b_t>& src,
                       uint32_t start, uint32_t count, uint32_t src_step, uint32_t gap, uint32_t dst_frac_gap,
                       uint32_t src_frac_gap, uint32_t addr_mode, const char* file, int line, bool v1);

// The img2col loads read L1 and write L0A or L0B.
template <class D, class S>
void check_l1_to_l0(Call& op, const D& dst, const S& src) {
  if (src.ref().mem != Mem::L1) op.fault("src must be in A1/B1 (L1)");
  if (dst.ref().mem != Mem::L0A && dst.ref().mem != Mem::L0B) op.fault("dst must be in A2/B2 (L0A/L0B)");
}

// ---- img2col Load3Dv2 (LoadData3DParamsV2 / LoadData3DParamsV2Pro) ---------------
// One Load3Dv2 instruction with its registers resolved. The feature map's l1H,
// l1W and padList come from an FMATRIX register (SetFmatrix; fMatrixCtrl picks
// the right one), the pad value from the padding register
// (SetLoadDataPaddingValue); the LoadData3DParamsV2 form's default config
// (IsResetLoad3dConfig) first writes the left FMATRIX and the padding register
// from its own fields, as the vendor's LoadDataImpl does. Repeats come from
// SetLoadDataRepeat, the L1 wrap from SetLoadDataBoundary.
struct Load3dV2 {
  uint32_t channelSize = 0, kExt = 0, mExt = 0, kStart = 0, mStart = 0;
  uint32_t strideW = 1, strideH = 1, filterW = 1, filterH = 1, dilW = 1, dilH = 1;
  bool filterSizeW = false, filterSizeH = false, transpose = false, smallK = false, right = false;
};

// The vendor's register packings (dav_c220 Load3DSetFMatrixCal / Load3DSetPaddingCal).
inline uint64_t fmatrix_bits(uint32_t l1H, uint32_t l1W, const uint8_t pad[4]) {
  uint64_t r = uint64_t(l1W & 0xffff) | uint64_t(l1H & 0xffff) << 16;
  for (int i = 0; i < 4; ++i) r |= uint64_t(pad[i]) << (32 + 8 * i);
  return r;
}
template <class T>
uint64_t padding_bits(const T& v) {  // the value's bits; an 8-bit value in both bytes 0 and 1
  uint64_t b = 0;
  std::memcpy(&b, &v, sizeof(T) < 8 ? sizeof(T) : 8);
  if (sizeof(T) == 1) b |= b << 8;
  return b;
}

// Load3Dv2 img2col, interpretation:
// * Feature map in L1 as [C1][l1H][l1W][C0], C1 = channelSize / C0 (channelSize
//   a multiple of C0 = 32 B / sizeof(T); the vendor's small-channel sizes are
//   not modelled). padList = {left, right, top, bottom}; filter sizes
//   filterW + 256*filterSizeW, filterH + 256*filterSizeH;
//   Wo = (l1W + left + right - dilW*(fW-1) - 1)/strideW + 1.
// * The img2col matrix S: row m = output position (m / Wo, m % Wo); column
//   k = ((c1*fH + kh)*fW + kw)*C0 + c0; value fm[c1][ih][iw][c0] with
//   ih = (m/Wo)*strideH - top + kh*dilH, iw = (m%Wo)*strideW - left + kw*dilW,
//   or the pad value when (ih, iw) is outside the map or c1 >= C1.
// * The block of S at rows mStartPt.. (M1 = ceil(mExtension/16) blocks of 16)
//   and columns kStartPt.. (K1 = kExtension/C0 blocks of C0), s[i][j], lands as
//   - L0A: zZ, s[i][j] at ((i/16)*K1 + j/C0)*F + (i%16)*C0 + j%C0;
//   - L0A with enTranspose (16/32-bit; the vendor: no effect on 8-bit): the zZ
//     of the transpose (kExtension x M1*16), s[i][j] at
//     ((j/16)*Mc + i/C0)*F + (j%16)*C0 + i%C0, Mc = M1*16/C0;
//   - L0B (always transposed, the vendor: enTranspose has no effect there): the
//     Zn of s as a k x n matrix (k = rows i), s[i][j] at
//     ((i/C0)*N1 + j/16)*F + (j%16)*C0 + i%C0, N1 = ceil(kExtension/16).
//   In the transposed forms a fractal's rows past kExtension (float's "dummy"
//   half square) are skipped: left as they were.
// * SetLoadDataRepeat: repeat r takes the block at mStartPt + r*repeatStride*16
//   (repeatMode 0, height) or kStartPt + r*repeatStride*C0 (repeatMode 1,
//   width) and writes its fractals right after repeat r-1's.
// * SetLoadDataBoundary(b) (bytes; 0 = none): feature-map bytes at L1 addresses
//   >= b are read from address (addr % b): the map wraps to L1's start.
template <class D, class S>
void load_3d_v2(const D& dst, const S& src, const Load3dV2& g, const char* file, int line) {
  using T = typename D::PrimType;
  static_assert(std::is_same_v<T, typename S::PrimType>, "LoadData: dst and src element types differ");
  constexpr uint32_t C0 = c0_of<T>(), F = 512 / sizeof(T);
  Call op("LoadData", PIPE_MTE1, file, line);
  Core& core = op.core();
  auto bad = [&](const char* fmt, auto... a) { core.fault(file, line, "LoadData", fmt, a...); };
  check_l1_to_l0(op, dst, src);
  const bool l0b = dst.ref().mem == Mem::L0B;
  if (l0b && sizeof(T) == 1)
    op.fault("Load3Dv2 into B2 (L0B) takes half / bfloat16_t / float / int32_t / uint32_t, not 8-bit types");
  const uint64_t fmr = core.fmatrix[g.right ? 1 : 0];
  const int64_t l1W = fmr & 0xffff, l1H = (fmr >> 16) & 0xffff;
  const int64_t left = (fmr >> 32) & 0xff, right = (fmr >> 40) & 0xff, top = (fmr >> 48) & 0xff, bottom = fmr >> 56;
  if (l1H == 0 || l1W == 0 || l1H > 32767 || l1W > 32767)
    bad("the %s FMATRIX holds l1H %lld, l1W %lld: each must be in [1, 32767] (SetFmatrix, or the LoadData3DParamsV2 "
        "fields with the default IsResetLoad3dConfig)", g.right ? "right" : "left", (long long)l1H, (long long)l1W);
  if (g.smallK) op.fault("enSmallK is not modelled");
  if (g.strideW < 1 || g.strideW > 63 || g.strideH < 1 || g.strideH > 63)
    bad("strideW %u / strideH %u outside [1, 63]", g.strideW, g.strideH);
  if (g.dilW < 1 || g.dilW > 255 || g.dilH < 1 || g.dilH > 255)
    bad("dilationFilterW %u / dilationFilterH %u outside [1, 255]", g.dilW, g.dilH);
  const int64_t fW = g.filterW + (g.filterSizeW ? 256 : 0), fH = g.filterH + (g.filterSizeH ? 256 : 0);
  if (fW == 0 || fH == 0) op.fault("filterW / filterH 0 without filterSizeW / filterSizeH (a no-op on the device)");
  if (g.channelSize == 0 || g.channelSize % C0)
    bad("channelSize %u is not a positive multiple of C0 = %u (the small-channel feature maps are not modelled)",
        g.channelSize, C0);
  if (g.mExt == 0 || g.kExt == 0) op.fault("mExtension and kExtension must be positive");
  if (g.kExt % C0 || g.kStart % C0)
    bad("kExtension %u and kStartPt %u must be multiples of C0 = %u", g.kExt, g.kStart, C0);
  constexpr bool m16 = sizeof(T) == 1 || std::is_same_v<T, half>;  // the vendor's list (half, int8, uint8)
  if (m16 && (g.mExt % 16 || g.mStart % 16))
    bad("mExtension %u and mStartPt %u must be multiples of 16 for this type", g.mExt, g.mStart);
  if (g.mStart > 32767) bad("mStartPt %u outside [0, 32767]", g.mStart);
  const uint32_t rstride = core.load_repeat & 0xffff, rtime = (core.load_repeat >> 16) & 0xff,
                 rmode = (core.load_repeat >> 24) & 0xff;
  if (rtime == 0) op.fault("SetLoadDataRepeat's repeatTime is 0");
  const int64_t ew = l1W + left + right - int64_t(g.dilW) * (fW - 1) - 1;
  const int64_t eh = l1H + top + bottom - int64_t(g.dilH) * (fH - 1) - 1;
  if (ew < 0 || eh < 0) op.fault("filter larger than the padded feature map");
  const int64_t Wo = ew / g.strideW + 1, C1 = g.channelSize / C0;
  const uint32_t M1 = (g.mExt + 15) / 16, K1 = g.kExt / C0;
  // 0: zZ; 1: L0A transposed; 2: L0B
  const int form = l0b ? 2 : (g.transpose && sizeof(T) != 1) ? 1 : 0;
  const uint32_t nf = form == 0 ? M1 * K1 : (M1 * 16 / C0) * ((g.kExt + 15) / 16);  // fractals per repeat
  // The feature map's source bytes, wrapped at the boundary.
  const uint64_t fm_bytes = uint64_t(C1) * l1H * l1W * C0 * sizeof(T), A = src.ref().addr, B = core.load_boundary;
  if (B && B < 1024) bad("SetLoadDataBoundary(%llu): Load3Dv2 takes a boundary of at least 1024 bytes", (unsigned long long)B);
  if (B && A >= B)
    bad("src at L1 byte %llu is outside the SetLoadDataBoundary boundary (%llu bytes)", (unsigned long long)A,
        (unsigned long long)B);
  const uint64_t n1 = B && A + fm_bytes > B ? B - A : fm_bytes;
  const uint8_t* p1 = op.range(src.ref(), 0, n1, false, true);
  const uint8_t* p0 = nullptr;
  if (n1 < fm_bytes) {  // the wrapped part: L1 from byte 0
    TensorRef w = src.ref();
    w.addr = 0;
    w.bytes = B;
    p0 = op.range(w, 0, std::min<uint64_t>(fm_bytes - n1, B), false, false);
  }
  // Destination fractals, each with the rows it writes (a prefix of its 16).
  struct Frac { T* d; uint32_t rows; };
  std::vector<Frac> fr(size_t(rtime) * nf);
  for (uint32_t r = 0; r < rtime; ++r)
    for (uint32_t f = 0; f < nf; ++f) {
      uint32_t rows = 16;
      if (form) {  // rows are columns of s: those past kExtension are skipped
        uint32_t blk = form == 1 ? f / (M1 * 16 / C0) : f % ((g.kExt + 15) / 16);
        rows = std::min<uint32_t>(16, g.kExt - blk * 16);
      }
      uint64_t at = (uint64_t(r) * nf + f) * F;
      fr[size_t(r) * nf + f] = {op.out(dst, uint64_t(rows) * C0, at, r == 0 && f == 0), rows};
    }
  if (!op.elems(uint64_t(rtime) * M1 * 16 * g.kExt).run()) return;  // timing-only launch: no data
  T pad;
  std::memcpy(static_cast<void*>(&pad), &core.load_pad_bits, sizeof(T));
  auto fm_at = [&](uint64_t e) {
    uint64_t a = A + e * sizeof(T);
    if (B) a %= B;
    const uint8_t* p = a >= A && a - A < n1 ? p1 + (a - A) : p0 + a;
    T v;
    std::memcpy(static_cast<void*>(&v), p, sizeof(T));
    return v;
  };
  std::vector<T> blk(size_t(M1) * 16 * g.kExt);
  for (uint32_t r = 0; r < rtime; ++r) {
    const int64_t m0 = int64_t(g.mStart) + (rmode == 0 ? int64_t(r) * rstride * 16 : 0);
    const int64_t k0 = int64_t(g.kStart) + (rmode == 1 ? int64_t(r) * rstride * C0 : 0);
    for (uint32_t i = 0; i < M1 * 16; ++i) {
      const int64_t m = m0 + i, oh = m / Wo, ow = m % Wo;
      for (uint32_t j = 0; j < g.kExt; ++j) {
        const int64_t k = k0 + j, c0 = k % C0, q = k / C0, kw = q % fW, kh = (q / fW) % fH, c1 = q / (fW * fH);
        const int64_t ih = oh * g.strideH - top + kh * g.dilH, iw = ow * g.strideW - left + kw * g.dilW;
        const bool in = c1 < C1 && ih >= 0 && ih < l1H && iw >= 0 && iw < l1W;
        blk[size_t(i) * g.kExt + j] = in ? fm_at(((uint64_t(c1) * l1H + ih) * l1W + iw) * C0 + c0) : pad;
      }
    }
    const uint32_t Mc = M1 * 16 / C0, N1 = (g.kExt + 15) / 16;
    for (uint32_t i = 0; i < M1 * 16; ++i)
      for (uint32_t j = 0; j < g.kExt; ++j) {
        uint64_t f, e;  // fractal and element in it
        if (form == 0) { f = (i / 16) * K1 + j / C0; e = (i % 16) * C0 + j % C0; }
        else if (form == 1) { f = (j / 16) * Mc + i / C0; e = (j % 16) * C0 + i % C0; }
        else { f = (i / C0) * N1 + j / 16; e = (j % 16) * C0 + i % C0; }
        fr[size_t(r) * nf + f].d[e] = blk[size_t(i) * g.kExt + j];
      }
  }
}

template <bool SetFmatrix, bool SetPadding, class D, class S, class U>
void load_3d_v2(const D& dst, const S& src, const AscendC::LoadData3DParamsV2<U>& p, const char* file, int line) {
  Core& core = current_core();
  if (SetFmatrix) core.fmatrix[0] = fmatrix_bits(p.l1H, p.l1W, p.padList);
  if (SetPadding) core.load_pad_bits = padding_bits(p.padValue);
  Load3dV2 g;
  g.channelSize = p.channelSize;
  g.kExt = p.kExtension;
  g.mExt = p.mExtension;
  g.kStart = p.kStartPt;
  g.mStart = p.mStartPt;
  g.strideW = p.strideW;
  g.strideH = p.strideH;
  g.filterW = p.filterW;
  g.filterH = p.filterH;
  g.dilW = p.dilationFilterW;
  g.dilH = p.dilationFilterH;
  g.filterSizeW = p.filterSizeW;
  g.filterSizeH = p.filterSizeH;
  g.transpose = p.enTranspose;
  g.smallK = p.enSmallK;
  g.right = p.fMatrixCtrl;
  load_3d_v2(dst, src, g, file, line);
}

// LoadData3DParamsV2Pro: extConfig = kExtension | mExtension << 16 | kStartPt << 32
// | mStartPt << 48; filterConfig = strideW | strideH << 8 | filterW << 16 |
// filterH << 24 | dilationFilterW << 32 | dilationFilterH << 40 (the vendor's
// LOAD_* shifts); l1H, l1W, padList and the pad value only from the registers.
template <class D, class S>
void load_3d_v2(const D& dst, const S& src, const AscendC::LoadData3DParamsV2Pro& p, const char* file, int line) {
  Load3dV2 g;
  const uint64_t x = p.extConfig, f = p.filterConfig;
  g.channelSize = p.channelSize;
  g.kExt = x & 0xffff;
  g.mExt = (x >> 16) & 0xffff;
  g.kStart = (x >> 32) & 0xffff;
  g.mStart = x >> 48;
  g.strideW = f & 0xff;
  g.strideH = (f >> 8) & 0xff;
  g.filterW = (f >> 16) & 0xff;
  g.filterH = (f >> 24) & 0xff;
  g.dilW = (f >> 32) & 0xff;
  g.dilH = (f >> 40) & 0xff;
  g.filterSizeW = p.filterSizeW;
  g.filterSizeH = p.filterSizeH;
  g.transpose = p.enTranspose;
  g.smallK = p.enSmallK;
  g.right = p.fMatrixCtrl;
  load_3d_v2(dst, src, g, file, line);
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
  if (op.core().load_boundary) op.fault("SetLoadDataBoundary (a nonzero boundary) with Load3Dv1 is not modelled");
  if (p.l1H == 0 || p.l1W == 0 || p.l1H > 32767 || p.l1W > 32767)
    op.core().fault(file, line, "LoadData", "l1H %u / l1W %u outside [1, 32767] (the left FMATRIX, or the "
                    "LoadData3DParamsV1 fields with the default IsResetLoad3dConfig)", unsigned(p.l1H), unsigned(p.l1W));
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
  // Load3Dv1 reads l1H, l1W, padList from the left FMATRIX and the pad value from the
  // padding register; defaultConfig writes them from p first (as for Load3Dv2).
  asc_model::Core& core = asc_model::current_core();
  LoadData3DParamsV1<U> q = p;
  if constexpr (defaultConfig.isSetFMatrix) {
    core.fmatrix[0] = asc_model::fmatrix_bits(p.l1H, p.l1W, p.padList);
  } else {
    const uint64_t r = core.fmatrix[0];
    q.l1W = r & 0xffff;
    q.l1H = (r >> 16) & 0xffff;
    for (int i = 0; i < 4; ++i) q.padList[i] = uint8_t(r >> (32 + 8 * i));
  }
  if constexpr (defaultConfig.isSetPadding) core.load_pad_bits = asc_model::padding_bits(p.padValue);
  else std::memcpy(static_cast<void*>(&q.padValue), &core.load_pad_bits, sizeof(U));
  asc_model::load_3d_v1(dst, src, q, ASC_LOC);
}
// Load3Dv2: see asc_model::load_3d_v2. defaultConfig says whether the call first
// writes the left FMATRIX (l1H, l1W, padList) and the padding register (padValue)
// from p, as the vendor's; with either off the call reads what SetFmatrix /
// SetLoadDataPaddingValue left there.
template <class T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, class U = T,
          std::enable_if_t<std::is_same_v<T, U>, bool> = true>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& p, ASC_LOC_PARAMS) {
  asc_model::load_3d_v2<defaultConfig.isSetFMatrix, defaultConfig.isSetPadding>(dst, src, p, ASC_LOC);
}
template <class T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2Pro& p, ASC_LOC_PARAMS) {
  asc_model::load_3d_v2(dst, src, p, ASC_LOC);
}
// LoadDataWithTranspose: see asc_model::load_transpose (16-bit: repeatTimes
// fractals from startIndex, srcStride apart, each transposed, dstGap fractals
// between destination fractals; 8/32-bit: two fractals per repeat).
template <class T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2dTransposeParams& p,
                           ASC_LOC_PARAMS) {
  if constexpr (asc_model::is_int4_v<T>)
    asc_model::load_transpose_s4(dst, src, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.dstFracGap, 0,
                                 p.addrMode, ASC_LOC, true);
  else
    asc_model::load_transpose(dst, src, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.dstFracGap, 0,
                              p.addrMode, ASC_LOC, true);
}
template <class T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2dTransposeParamsV2& p,
                           ASC_LOC_PARAMS) {
  if constexpr (asc_model::is_int4_v<T>)
    asc_model::load_transpose_s4(dst, src, p.startIndex, p.repeatTimes, p.srcStride, p.dstGap, p.dstFracGap,
                                 p.srcFracGap, p.addrMode, ASC_LOC, false);
  else
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
// The FMATRIX registers Load3Dv2 reads its feature map's l1H, l1W and padList
// from (padList = {left, right, top, bottom}); fMatrixCtrl picks the right one.
enum class FmatrixMode : uint8_t { FMATRIX_LEFT = 0, FMATRIX_RIGHT = 1 };
constexpr uint8_t PAD_SIZE = 4;
inline void SetFmatrix(uint16_t l1H, uint16_t l1W, const uint8_t padList[4], const FmatrixMode& fmatrixMode,
                       ASC_LOC_PARAMS) {
  asc_model::Call op("SetFmatrix", PIPE_MTE1, ASC_LOC);
  if (l1H < 1 || l1H > 32767 || l1W < 1 || l1W > 32767)
    op.core().fault(ASC_LOC, "SetFmatrix", "l1H %u / l1W %u outside [1, 32767]", unsigned(l1H), unsigned(l1W));
  if (fmatrixMode != FmatrixMode::FMATRIX_LEFT && fmatrixMode != FmatrixMode::FMATRIX_RIGHT)
    op.fault("fmatrixMode must be FMATRIX_LEFT or FMATRIX_RIGHT");
  op.run();
  op.core().fmatrix[fmatrixMode == FmatrixMode::FMATRIX_RIGHT ? 1 : 0] = asc_model::fmatrix_bits(l1H, l1W, padList);
}
// boundaryValue: bytes for Load3Dv2 (asc_model::load_3d_v2 wraps the feature map
// there), 32-byte units for Load3Dv1 (not applied by the Model's Load3Dv1, which
// faults while one is set); 0 = no boundary.
inline void SetLoadDataBoundary(uint32_t boundaryValue, ASC_LOC_PARAMS) {
  asc_model::Call op("SetLoadDataBoundary", PIPE_MTE1, ASC_LOC);
  op.run();
  op.core().load_boundary = boundaryValue;
}
template <class T>
void SetLoadDataPaddingValue(const T padValue, ASC_LOC_PARAMS) {
  asc_model::Call op("SetLoadDataPaddingValue", PIPE_MTE1, ASC_LOC);
  op.run();
  op.core().load_pad_bits = asc_model::padding_bits(padValue);
}
inline void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams, ASC_LOC_PARAMS) {
  asc_model::Call op("SetLoadDataRepeat", PIPE_MTE1, ASC_LOC);
  if (repeatParams.repeatMode > 1) op.fault("repeatMode must be 0 or 1");
  op.run();
  op.core().load_repeat = uint64_t(repeatParams.repeatStride) | uint64_t(repeatParams.repeatTime) << 16 |
                          uint64_t(repeatParams.repeatMode) << 24;
}

}  // namespace AscendC
