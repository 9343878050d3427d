// AIPP, the AI core's image pre-processing unit: SetAippFunctions configures
// it, LoadImageToLocal runs it (GM image -> L1, one element per output channel).
//
// Semantics, in the order the unit applies them, from the vendor's sources
// (asc-devkit: kernel_struct_aipp.h; impl/basic_api/kernel_reg.h, which packs
// the configuration into the SPRs; dav_3510's software LoadImageToLocal, the
// one written-out definition of the unit) and the ATC AIPP documentation:
//   crop      rows vertStartPos.., columns horizStartPos.. of an image
//             srcHorizSize pixels wide: horizSize x vertSize pixels (one row
//             with isSingleLineCopy);
//   read      RGB888_U8 3 bytes per pixel, XRGB8888_U8 4, YUV400_U8 1 (Y);
//             YUV420SP_U8 Y from src0 and the interleaved UV plane from src1
//             (one U,V pair per 2x2 pixels);
//   swap      without CSC, the channel order (swap_rb: RGB -> BGR; swap_uv:
//             YUV -> YVU; swap_ax: XRGB -> RGBX; both on XRGB: -> BGRX);
//             with CSC, which bytes are R, G, B (or U, V);
//   CSC       RGB in:  out_k = (sum_c M[k][c] * in_c + 128) / 256 + bias_out_k;
//             YUV in:  out_k = (sum_c M[k][c] * (in_c - bias_in_c) + 128) / 256;
//             C integer division, result kept as 8 bits (the vendor's code);
//   DTC       int8_t out: v - mean_k; half out: (v - mean_k - min_k) * var_k in
//             half arithmetic; k is the output channel (ATC: "applied to
//             channels after CSC and channel swap");
//   padding   mode 0: the constant padding_value_k (left/right only: mode 0
//             has no top/bottom rows); 1: the nearest image pixel; 2: the
//             pixel one pad-size inwards; 3: the mirror image;
//   channels  each pixel is 32 bytes of T (c_padding_mode 0) or 4 channels
//             (mode 1); channels past the image's are c_padding_value.
// L1 holds (top + vert + bot) rows x (left + horiz + right) pixels x channels.
//
// The unit belongs to the cube core: on Atlas A2 the vendor's SetAippFunctions
// returns on a vector core and LoadImageToLocal runs only `if ASCEND_IS_AIC`, so
// a vector-core LoadImageToLocal silently loads nothing on the device. Here the
// configuration is recorded on any core (harmless), and a LoadImageToLocal on a
// vector core is a fault that says so, rather than an L1 left unwritten.
#pragma once
#include <cstdio>
#include <cstring>
#include <type_traits>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/tensor.h"

namespace AscendC {
namespace aipp_detail {

template <class T>
uint16_t bits_of(T v) {
  uint16_t b = 0;
  std::memcpy(&b, &v, sizeof(T));
  return b;
}
template <class T>
T from_bits(uint16_t b) {
  T v;
  std::memcpy(&v, &b, sizeof(T));
  return v;
}

template <class U>
void record(asc_model::Call& op, const asc_model::TensorRef& src0, const asc_model::TensorRef* src1,
            AippInputFormat format, const AippParams<U>& c) {
  static_assert(std::is_same<U, int8_t>::value || std::is_same<U, uint8_t>::value || std::is_same<U, half>::value,
                "AippParams<T>: T is int8_t, uint8_t or half");
  op.run();
  asc_model::Core::AippRegs& r = op.core().aipp;
  r = asc_model::Core::AippRegs{};
  r.set = true;
  r.src0 = src0;
  r.has_src1 = src1 != nullptr;
  if (src1) r.src1 = *src1;
  r.format = static_cast<int32_t>(format);
  r.elem = asc_model::type_name<U>();
  r.padding_mode = c.paddingParams.paddingMode;
  const U pads[4] = {c.paddingParams.paddingValueCh0, c.paddingParams.paddingValueCh1,
                     c.paddingParams.paddingValueCh2, c.paddingParams.paddingValueCh3};
  for (int k = 0; k < 4; ++k) r.padding_bits[k] = bits_of(pads[k]);
  r.swap_rb = c.swapParams.isSwapRB;
  r.swap_uv = c.swapParams.isSwapUV;
  r.swap_ax = c.swapParams.isSwapAX;
  r.single_line = c.singleLineParams.isSingleLineCopy;
  const AippDataTypeConvParams& d = c.dtcParams;
  const uint8_t mean[3] = {d.dtcMeanCh0, d.dtcMeanCh1, d.dtcMeanCh2};
  const half mins[3] = {d.dtcMinCh0, d.dtcMinCh1, d.dtcMinCh2}, vars[3] = {d.dtcVarCh0, d.dtcVarCh1, d.dtcVarCh2};
  for (int k = 0; k < 3; ++k) {
    r.dtc_mean[k] = mean[k];
    r.dtc_min_bits[k] = bits_of(mins[k]);
    r.dtc_var_bits[k] = bits_of(vars[k]);
  }
  r.c_padding_mode = c.cPaddingParams.cPaddingMode;
  r.c_padding_bits = bits_of(c.cPaddingParams.cPaddingValue);
  const AippColorSpaceConvParams& s = c.cscParams;
  r.csc = s.isEnableCsc;
  const int16_t m[9] = {s.cscMatrixR0C0, s.cscMatrixR0C1, s.cscMatrixR0C2, s.cscMatrixR1C0, s.cscMatrixR1C1,
                        s.cscMatrixR1C2, s.cscMatrixR2C0, s.cscMatrixR2C1, s.cscMatrixR2C2};
  for (int i = 0; i < 9; ++i) r.csc_matrix[i / 3][i % 3] = m[i];
  const uint8_t bin[3] = {s.cscBiasIn0, s.cscBiasIn1, s.cscBiasIn2};
  const uint8_t bout[3] = {s.cscBiasOut0, s.cscBiasOut1, s.cscBiasOut2};
  for (int k = 0; k < 3; ++k) r.csc_bias_in[k] = bin[k], r.csc_bias_out[k] = bout[k];
}

inline void check_range(asc_model::Call& op, const char* name, uint32_t v, uint32_t lo, uint32_t hi) {
  if (v < lo || v > hi) {
    char msg[160];
    std::snprintf(msg, sizeof msg, "%s %u is out of range [%u, %u]", name, v, lo, hi);
    op.fault(msg);
  }
}

}  // namespace aipp_detail

template <class T, class U>
void SetAippFunctions(const GlobalTensor<T>& src0, AippInputFormat format, AippParams<U> config,
                      ASC_LOC_PARAMS) {
  asc_model::Call op("SetAippFunctions", PIPE_S, ASC_LOC);
  aipp_detail::record(op, src0.ref(), nullptr, format, config);
}
template <class T, class U>
void SetAippFunctions(const GlobalTensor<T>& src0, const GlobalTensor<T>& src1, AippInputFormat format,
                      AippParams<U> config, ASC_LOC_PARAMS) {
  asc_model::Call op("SetAippFunctions", PIPE_S, ASC_LOC);
  const asc_model::TensorRef uv = src1.ref();
  aipp_detail::record(op, src0.ref(), &uv, format, config);
}

template <class T>
void LoadImageToLocal(const LocalTensor<T>& dst, const LoadImageToLocalParams& p, ASC_LOC_PARAMS) {
  static_assert(std::is_same<T, int8_t>::value || std::is_same<T, half>::value,
                "LoadImageToLocal: dst is a LocalTensor of int8_t or half (Atlas A2)");
  using asc_model::Mem;
  asc_model::Call op("LoadImageToLocal", PIPE_MTE2, ASC_LOC);
  aipp_detail::check_range(op, "horizSize", p.horizSize, 2, 4095);
  aipp_detail::check_range(op, "vertSize", p.vertSize, 2, 4095);
  aipp_detail::check_range(op, "horizStartPos", p.horizStartPos, 0, 4095);
  aipp_detail::check_range(op, "vertStartPos", p.vertStartPos, 0, 4095);
  aipp_detail::check_range(op, "srcHorizSize", p.srcHorizSize, 2, 4095);
  aipp_detail::check_range(op, "topPadSize", p.topPadSize, 0, 32);
  aipp_detail::check_range(op, "botPadSize", p.botPadSize, 0, 32);
  aipp_detail::check_range(op, "leftPadSize", p.leftPadSize, 0, 32);
  aipp_detail::check_range(op, "rightPadSize", p.rightPadSize, 0, 32);
  if (dst.ref().mem != Mem::L1) op.fault("dst must be in A1 / B1 (L1)");
  if (op.core().core_type() != 1)
    op.fault("the AIPP unit is on the cube core, and this is a vector core, where the device skips the load "
             "(L1 stays unwritten): run the kernel on the cube cores (kernel type AIC_ONLY)");
  const asc_model::Core::AippRegs r = op.core().aipp;
  if (!r.set) op.fault("no AIPP configuration on this core: call SetAippFunctions first");
  if (std::strcmp(r.elem, asc_model::type_name<T>()) != 0)
    op.fault("dst's element type differs from the AippParams<T> given to SetAippFunctions");
  const auto format = static_cast<AippInputFormat>(r.format);
  const bool yuv420 = format == AippInputFormat::YUV420SP_U8, yuv400 = format == AippInputFormat::YUV400_U8;
  const bool xrgb = format == AippInputFormat::XRGB8888_U8, rgb = format == AippInputFormat::RGB888_U8;
  if (yuv420 && !r.has_src1)
    op.fault("a YUV420SP_U8 image needs its UV plane: SetAippFunctions(src0, src1, format, config)");

  const uint32_t vert = r.single_line ? 1 : p.vertSize, horiz = p.horizSize;
  const uint32_t top = r.padding_mode == 0 ? 0 : p.topPadSize, bot = r.padding_mode == 0 ? 0 : p.botPadSize;
  const uint32_t left = p.leftPadSize, right = p.rightPadSize;
  const uint32_t cpad = r.c_padding_mode == 0 ? 32 / sizeof(T) : 4;  // channels per pixel in L1
  const uint32_t channels = (!r.csc && yuv400) ? 1 : 3;              // the image's own
  const uint32_t src_ch = (yuv420 || yuv400) ? 1 : xrgb ? 4 : 3;      // bytes per src0 pixel
  const uint32_t height = vert + top + bot, width = horiz + left + right;
  const uint64_t count = uint64_t(height) * width * cpad;

  // Every GM byte the crop reads, checked row by row before anything is written.
  std::vector<const uint8_t*> y_rows(vert), uv_rows(yuv420 ? vert : 0);
  for (uint32_t i = 0; i < vert; ++i) {
    uint64_t row = uint64_t(p.vertStartPos) + i;
    y_rows[i] = op.range(r.src0, (row * p.srcHorizSize + p.horizStartPos) * src_ch, uint64_t(horiz) * src_ch,
                         false, false);
    if (yuv420) {
      uint64_t uv_row = p.vertStartPos / 2 + i / 2;
      uv_rows[i] = op.range(r.src1, uv_row * p.srcHorizSize + p.horizStartPos, (horiz - 1) / 2 * 2 + 2, false,
                            false);
    }
  }
  if (r.padding_mode >= 2) {  // modes 2 and 3 copy from the image: a pad may not exceed it
    if (top > vert || bot > vert || left > horiz || right > horiz)
      op.fault("padding modes 2 and 3 copy image pixels: each pad size must be at most the crop's size "
               "(topPadSize/botPadSize <= vertSize, leftPadSize/rightPadSize <= horizSize)");
  }
  T* out = op.out(dst, count);
  if (!op.run()) return;

  // Channel k of pixel (i, j) after the swap: the byte it takes (U and V of a
  // YUV400 image, which CSC reads, are 0).
  auto channel = [&](uint32_t i, uint32_t j, uint32_t k) -> int32_t {
    uint32_t s = k;
    if (xrgb && r.swap_ax && r.swap_rb) s = 3 - k;  // XRGB -> BGR
    else if (yuv420 && r.swap_uv) s = k > 0 ? 3 - k : k;  // YUV -> YVU
    else if (xrgb && r.swap_ax) s = k + 1;  // XRGB -> RGB
    else if (r.swap_rb && (rgb || xrgb)) s = 2 - k;  // RGB -> BGR
    if (yuv420 && s != 0) return uv_rows[i][j / 2 * 2 + s - 1];
    if (yuv400 && s != 0) return 0;
    return y_rows[i][uint64_t(j) * src_ch + s];
  };
  auto value_of = [&](uint32_t i, uint32_t j, uint32_t k) -> uint8_t {
    if (!r.csc) return static_cast<uint8_t>(channel(i, j, k));
    const bool from_rgb = rgb || xrgb;  // RGB -> YUV adds bias_out; YUV -> RGB subtracts bias_in first
    int32_t acc = 128;
    for (uint32_t c = 0; c < 3; ++c)
      acc += r.csc_matrix[k][c] * (channel(i, j, c) - (from_rgb ? 0 : r.csc_bias_in[c]));
    return static_cast<uint8_t>(acc / 256 + (from_rgb ? r.csc_bias_out[k] : 0));
  };
  auto convert = [&](uint8_t v, uint32_t k) -> T {
    if constexpr (std::is_same<T, int8_t>::value) {
      return static_cast<int8_t>(int32_t(v) - r.dtc_mean[k]);
    } else {
      half h(float(int32_t(v) - int32_t(r.dtc_mean[k])));
      h -= aipp_detail::from_bits<half>(r.dtc_min_bits[k]);
      h *= aipp_detail::from_bits<half>(r.dtc_var_bits[k]);
      return h;
    }
  };

  // The image and the channel padding, then the padding around the image
  // (modes 1-3 copy pixels already written, in element order, as the unit does).
  std::vector<T> buf(count, T(0));
  const T c_pad = aipp_detail::from_bits<T>(r.c_padding_bits);
  auto in_image = [&](uint32_t i, uint32_t j) { return i >= top && i < top + vert && j >= left && j < left + horiz; };
  for (uint64_t n = 0; n < count; ++n) {
    uint32_t i = uint32_t(n / (uint64_t(width) * cpad)), j = uint32_t(n / cpad % width), k = uint32_t(n % cpad);
    if (k >= channels) buf[n] = c_pad;
    else if (in_image(i, j)) buf[n] = convert(value_of(i - top, j - left, k), k);
  }
  const uint32_t pad_channels = r.padding_mode == 0 ? 4 : channels;
  for (uint64_t n = 0; n < count; ++n) {
    uint32_t i = uint32_t(n / (uint64_t(width) * cpad)), j = uint32_t(n / cpad % width), k = uint32_t(n % cpad);
    if (k >= pad_channels || in_image(i, j)) continue;
    if (r.padding_mode == 0) {
      buf[n] = aipp_detail::from_bits<T>(r.padding_bits[k]);
      continue;
    }
    uint32_t si = i, sj = j;
    if (r.padding_mode == 1) {  // nearest edge pixel
      si = i < top ? top : i >= top + vert ? top + vert - 1 : i;
      sj = j < left ? left : j >= left + horiz ? left + horiz - 1 : j;
    } else if (r.padding_mode == 2) {  // one pad-size inwards
      si = i < top ? top + i : i >= top + vert ? i - bot : i;
      sj = j < left ? left + j : j >= left + horiz ? j - right : j;
    } else {  // mirror
      si = i < top ? 2 * top - i - 1 : i >= top + vert ? i - (i - top - vert) * 2 - 1 : i;
      sj = j < left ? 2 * left - j - 1 : j >= left + horiz ? j - (j - left - horiz) * 2 - 1 : j;
    }
    buf[n] = buf[(uint64_t(si) * width + sj) * cpad + k];
  }
  std::memcpy(out, buf.data(), count * sizeof(T));
}

}  // namespace AscendC
