// adv/pad: Pad and UnPad of a 2-D [height, width] tensor, and Broadcast of a
// 1-D or 2-D tensor, with the vendor's Atlas A2 (dav-2201) forms
// (include/adv_api/pad/{pad,broadcast}.h) and the kernel-side tiling structs
// PadTiling / UnPadTiling (the host's PadTilingFunc / UnPadTilingFunc fill
// them: tiling/adv_pad_tiling.h).
//
// Semantics (impl/adv_api/detail/pad, v220):
// - Pad, width*sizeof(T) a multiple of 32 bytes: dst = src, then in every row the
//   rightPad elements after srcOriWidth are padValue (leftPad must be 0).
// - Pad, width unaligned: row i of dst (width + leftPad + rightPad elements, a
//   multiple of 32 bytes) is leftPad x padValue, row i of src (rows packed,
//   width apart), rightPad x padValue. It works through the tiling's
//   tmpBuffer1BlockNum blocks of the temporary buffer: a tiling computed without
//   one (tmpBuffer1BlockNum 0) or a sharedTmpBuffer smaller than it is a fault.
// - UnPad: rows of width elements lose their last rightPad elements and are
//   packed (GatherMask); leftPad is not used on A2.
// - Broadcast<T, dim, axis>: dst[shape] from src where src's extent is 1 along
//   the broadcast axis (or src has one element).
#pragma once
#include <cstring>
#include "asc_model/api/adv_common.h"
#include "asc_model/api/adv_math_ext.h"

namespace AscendC {

// kernel_utils_struct_confusion_pad.h
struct PadParams {
  PadParams() {
    leftPad = 0;
    rightPad = 0;
    padValue = 0;
  }
  PadParams(const uint16_t leftPadIn, const uint16_t rightPadIn, const int32_t padValueIn) {
    leftPad = leftPadIn;
    rightPad = rightPadIn;
    padValue = padValueIn;
  }
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
  int32_t padValue = 0;
};
struct UnPadParams {
  UnPadParams() {
    leftPad = 0;
    rightPad = 0;
  }
  UnPadParams(const uint16_t leftPadIn, const uint16_t rightPadIn) {
    leftPad = leftPadIn;
    rightPad = rightPadIn;
  }
  uint16_t leftPad = 0;
  uint16_t rightPad = 0;
};

namespace tiling {
// Field order = the vendor's pad_tilingdata.h (the host's optiling structs are laid out alike).
struct UnPadTiling {
  uint32_t srcHeight = 0, srcWidth = 0, tmpBuffer1BlockNum = 0, tmpBuffer1RowNum = 0, tmpBuffer2Offset = 0;
  uint32_t widthTiling = 0, widthFractal = 0, widthFractalTail = 0;
};
struct PadTiling {
  uint32_t srcHeight = 0, srcWidth = 0, srcOriWidth = 0;
  uint32_t widthWithoutLastBlock = 0, blocksPerRow = 0, heightTiling = 0, heightFractal = 0, heightFractalTail = 0;
  uint32_t mainLoopOffset = 0, tailBlockOffset = 0;
  uint32_t tmpBuffer1BlockNum = 0, tmpBuffer1RowNum = 0, tmpBuffer2Offset = 0, widthTiling = 0, widthFractal = 0;
  uint32_t widthFractalTail = 0, widthFractalTailAlingned = 0, brcbTiling = 0, brcbFractal = 0, brcbFractalTail = 0;
  uint32_t maxRepeatTimes = 0, brcbTilingRepeatTimes = 0, brcbTilingRepeatTimesTail = 0;
  uint32_t brcbFractalTailRepeatTimes = 0, brcbFractalTailRepeatTimesTail = 0, reserved = 0;
};
static_assert(sizeof(UnPadTiling) == 8 * 4, "UnPadTiling is 8 packed uint32 fields");
static_assert(sizeof(PadTiling) == 26 * 4, "PadTiling is 26 packed uint32 fields");
}  // namespace tiling
using tiling::PadTiling;
using tiling::UnPadTiling;

namespace detail_adv_pad {
template <class T>
void pad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const PadParams& p, const LocalTensor<uint8_t>* tmp,
         const PadTiling& t, const char* file, int line) {
  asc_model::Call op("Pad", PIPE_V, file, line);
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "Pad supports 16- and 32-bit types");
  const uint64_t h = t.srcHeight, w = t.srcWidth, ow = t.srcOriWidth, l = p.leftPad, r = p.rightPad;
  if (h == 0 || w == 0) op.fault("the tiling's srcHeight or srcWidth is 0: fill it with PadTilingFunc");
  if (l * sizeof(T) >= 32 || r * sizeof(T) >= 32) op.fault("padParams.leftPad and rightPad must each be under 32 bytes");
  T v;
  if constexpr (std::is_integral_v<T>) v = T(p.padValue);
  else v = T(float(p.padValue));
  if (w * sizeof(T) % 32 == 0) {
    if (ow == w) op.fault("the tiling's srcWidth equals srcOriWidth: a 32-byte aligned row has no room to pad");
    if (l != 0) op.fault("padParams.leftPad must be 0 when the row is 32-byte aligned");
    if (r == 0) op.fault("padParams.rightPad must not be 0 when the row is 32-byte aligned");
    if (ow + r > w) op.fault("srcOriWidth + rightPad exceeds srcWidth");
    const uint64_t n = h * w;
    T* d = op.out(dst, n);
    const T* s = op.in(src, n);
    if (!op.elems(n).run()) return;
    std::vector<T> row(w);
    for (uint64_t i = 0; i < h; ++i) {
      std::memcpy(static_cast<void*>(row.data()), s + i * w, w * sizeof(T));
      for (uint64_t j = ow; j < ow + r; ++j) row[j] = v;
      std::memcpy(static_cast<void*>(d + i * w), row.data(), w * sizeof(T));
    }
    return;
  }
  const uint64_t ww = w + l + r;
  if (ww * sizeof(T) % 32 != 0)
    op.fault("(srcWidth + leftPad + rightPad) * sizeof(T) must be a multiple of 32 bytes");
  if (t.tmpBuffer1BlockNum == 0)
    op.fault("the tiling has no temporary buffer (tmpBuffer1BlockNum 0): give PadTilingFunc the buffer size, "
             "e.g. GetPadMaxMinTmpSize's minValue or more");
  const uint64_t need = uint64_t(t.tmpBuffer1BlockNum) * 16 * 32 * 2;  // two buffers of 16 blocks per block number
  if (tmp && tmp->GetSize() < need) {
    char msg[200];
    std::snprintf(msg, sizeof msg, "sharedTmpBuffer has %llu bytes, fewer than the %llu the tiling's tmpBuffer1BlockNum "
                  "(%u) uses", (unsigned long long)tmp->GetSize(), (unsigned long long)need, t.tmpBuffer1BlockNum);
    op.fault(msg);
  }
  T* d = op.out(dst, h * ww);
  const T* s = op.in(src, h * w);
  asc_model::adv::declare_tmp(op, tmp);
  if (!op.elems(h * ww).run()) return;
  std::vector<T> in(s, s + h * w);  // dst may alias src
  for (uint64_t i = 0; i < h; ++i) {
    T* row = d + i * ww;
    for (uint64_t j = 0; j < l; ++j) row[j] = v;
    std::memcpy(static_cast<void*>(row + l), in.data() + i * w, w * sizeof(T));
    for (uint64_t j = 0; j < r; ++j) row[l + w + j] = v;
  }
}

template <class T>
void unpad(const LocalTensor<T>& dst, const LocalTensor<T>& src, const UnPadParams& p,
           const LocalTensor<uint8_t>* tmp, const UnPadTiling& t, const char* file, int line) {
  asc_model::Call op("UnPad", PIPE_V, file, line);
  static_assert(sizeof(T) == 2 || sizeof(T) == 4, "UnPad supports 16- and 32-bit types");
  const uint64_t h = t.srcHeight, w = t.srcWidth, r = p.rightPad;
  if (h == 0 || w == 0) op.fault("the tiling's srcHeight or srcWidth is 0: fill it with UnPadTilingFunc");
  if (w * sizeof(T) % 32 != 0) op.fault("the tiling's srcWidth must fill whole 32-byte blocks");
  if (r * sizeof(T) >= 32) op.fault("unPadParams.rightPad must be under 32 bytes");
  if (h > 255) op.fault("srcHeight is more than 255 (GatherMask's repeats)");
  const uint64_t ow = w - r;
  T* d = op.out(dst, h * ow);
  const T* s = op.in(src, h * w);
  asc_model::adv::declare_tmp(op, tmp);
  if (!op.elems(h * ow).run()) return;
  std::vector<T> in(s, s + h * w);
  for (uint64_t i = 0; i < h; ++i) std::memcpy(static_cast<void*>(d + i * ow), in.data() + i * w, ow * sizeof(T));
}

template <class T, int32_t dim, int32_t axis>
void broadcast(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t* dshape, const uint32_t* sshape,
               const LocalTensor<uint8_t>* tmp, const char* file, int line) {
  static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "Broadcast supports 8-, 16- and 32-bit types");
  asc_model::Call op("Broadcast", PIPE_V, file, line);
  if constexpr (dim != 1 && dim != 2) op.fault("dim must be 1 or 2 on Atlas A2");
  if constexpr (axis != 0 && axis != 1) op.fault("axis must be 0 or 1 on Atlas A2");
  uint64_t ssize = 1, dsize = 1;
  for (int i = 0; i < dim; ++i) {
    if (sshape[i] != dshape[i] && sshape[i] != 1) op.fault("srcShape cannot broadcast to dstShape");
    ssize *= sshape[i];
    dsize *= dshape[i];
  }
  if (dim == 2 && ssize != dsize && ssize != 1 && sshape[axis] != 1)
    op.fault("srcShape[axis] must be 1 (the template's axis is the one broadcast)");
  if (tmp && dim == 2 && axis == 1 && ssize != dsize && ssize != 1) {
    // The last-axis broadcast's smallest buffer (Brcb of one block per row, plus the copy of a
    // row for unaligned rows; 8-bit types go through half).
    const uint64_t u = sizeof(T) == 1 ? 2 : sizeof(T), epb = 32 / u, n = dshape[1];
    uint64_t need = epb * epb * u;
    if (n % epb) need += epb * ((n + epb - 1) / epb * epb) * u;
    if (sizeof(T) == 1) need += ((ssize + 15) / 16 * 16 + (dsize + 15) / 16 * 16) * 2;
    asc_model::adv::need_tmp(op, tmp, need, "Broadcast along the last axis");
  }
  T* d = op.out(dst, dsize);
  const T* s = op.in(src, ssize);
  asc_model::adv::declare_tmp(op, tmp);
  if (!op.elems(dsize).run()) return;
  std::vector<T> in(s, s + ssize);
  if (dim == 1 || ssize == 1 || ssize == dsize) {
    for (uint64_t i = 0; i < dsize; ++i) d[i] = in[ssize == dsize ? i : 0];
    return;
  }
  const uint64_t rows = dshape[0], cols = dshape[dim - 1], scols = sshape[dim - 1];
  for (uint64_t i = 0; i < rows; ++i)
    for (uint64_t j = 0; j < cols; ++j)
      d[i * cols + j] = in[(sshape[0] == 1 ? 0 : i) * scols + (scols == 1 ? 0 : j)];
}
}  // namespace detail_adv_pad

template <typename T>
void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams,
         const LocalTensor<uint8_t>& sharedTmpBuffer, PadTiling& tiling, ASC_LOC_PARAMS) {
  detail_adv_pad::pad(dstTensor, srcTensor, padParams, &sharedTmpBuffer, tiling, ASC_LOC);
}
template <typename T>
void Pad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, PadParams& padParams, PadTiling& tiling,
         ASC_LOC_PARAMS) {
  detail_adv_pad::pad(dstTensor, srcTensor, padParams, nullptr, tiling, ASC_LOC);
}
template <typename T>
void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams,
           LocalTensor<uint8_t>& sharedTmpBuffer, UnPadTiling& tiling, ASC_LOC_PARAMS) {
  detail_adv_pad::unpad(dstTensor, srcTensor, unPadParams, &sharedTmpBuffer, tiling, ASC_LOC);
}
template <typename T>
void UnPad(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, UnPadParams& unPadParams,
           UnPadTiling& tiling, ASC_LOC_PARAMS) {
  detail_adv_pad::unpad(dstTensor, srcTensor, unPadParams, nullptr, tiling, ASC_LOC);
}

template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], LocalTensor<uint8_t>& sharedTmpBuffer, ASC_LOC_PARAMS) {
  detail_adv_pad::broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, &sharedTmpBuffer, ASC_LOC);
}
template <typename T, int32_t dim, int32_t axis, bool isReuseSource = false>
void Broadcast(const LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t dstShape[dim],
               const uint32_t srcShape[dim], ASC_LOC_PARAMS) {
  detail_adv_pad::broadcast<T, dim, axis>(dstLocal, srcLocal, dstShape, srcShape, nullptr, ASC_LOC);
}

}  // namespace AscendC

using AscendC::tiling::PadTiling;
using AscendC::tiling::UnPadTiling;
