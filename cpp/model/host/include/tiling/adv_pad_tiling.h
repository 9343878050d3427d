// Host side of Pad / UnPad / Broadcast (the vendor's adv_api/pad/{pad,broadcast}_tiling.h):
// the tiling-data structs optiling::PadTiling / UnPadTiling (pad_tilingdata.h's fields
// and order), GetPadMaxMinTmpSize, PadTilingFunc, GetUnPadMaxMinTmpSize,
// UnPadTilingFunc and GetBroadCastMaxMinTmpSize, computed as the vendor's
// impl/adv_api/tiling/pad/{pad_tiling_impl,broadcast_tiling}.cpp compute them (the
// kernels index their buffers with these fields). A bad argument is an [ERROR] line
// on stderr, as ASCENDC_HOST_ASSERT's.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>
#include "tiling/adv_tmp_size.h"
#include "tiling/tiling_data.h"

namespace optiling {
BEGIN_TILING_DATA_DEF(UnPadTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcHeight);
TILING_DATA_FIELD_DEF(uint32_t, srcWidth);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1BlockNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1RowNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer2Offset);
TILING_DATA_FIELD_DEF(uint32_t, widthTiling);
TILING_DATA_FIELD_DEF(uint32_t, widthFractal);
TILING_DATA_FIELD_DEF(uint32_t, widthFractalTail);
END_TILING_DATA_DEF;

BEGIN_TILING_DATA_DEF(PadTiling)
TILING_DATA_FIELD_DEF(uint32_t, srcHeight);
TILING_DATA_FIELD_DEF(uint32_t, srcWidth);
TILING_DATA_FIELD_DEF(uint32_t, srcOriWidth);
TILING_DATA_FIELD_DEF(uint32_t, widthWithoutLastBlock);
TILING_DATA_FIELD_DEF(uint32_t, blocksPerRow);
TILING_DATA_FIELD_DEF(uint32_t, heightTiling);
TILING_DATA_FIELD_DEF(uint32_t, heightFractal);
TILING_DATA_FIELD_DEF(uint32_t, heightFractalTail);
TILING_DATA_FIELD_DEF(uint32_t, mainLoopOffset);
TILING_DATA_FIELD_DEF(uint32_t, tailBlockOffset);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1BlockNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer1RowNum);
TILING_DATA_FIELD_DEF(uint32_t, tmpBuffer2Offset);
TILING_DATA_FIELD_DEF(uint32_t, widthTiling);
TILING_DATA_FIELD_DEF(uint32_t, widthFractal);
TILING_DATA_FIELD_DEF(uint32_t, widthFractalTail);
TILING_DATA_FIELD_DEF(uint32_t, widthFractalTailAlingned);
TILING_DATA_FIELD_DEF(uint32_t, brcbTiling);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractal);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractalTail);
TILING_DATA_FIELD_DEF(uint32_t, maxRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, brcbTilingRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, brcbTilingRepeatTimesTail);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractalTailRepeatTimes);
TILING_DATA_FIELD_DEF(uint32_t, brcbFractalTailRepeatTimesTail);
TILING_DATA_FIELD_DEF(uint32_t, reserved);
END_TILING_DATA_DEF;
}  // namespace optiling

namespace AscendC {
namespace tiling {
struct PadTiling;    // the kernel's (asc_model/api/adv_pad.h), laid out as optiling's
struct UnPadTiling;
}  // namespace tiling

namespace asc_tmp_pad {
constexpr uint32_t kBlk = 32, kMaxRepeat = 255, kAddrList = 16, kBuffers = 2;
inline bool host_assert(bool ok, const char* api, const char* what) {
  if (!ok) std::fprintf(stderr, "[ERROR] %s: %s\n", api, what);
  return ok;
}
inline bool pad_args(const TensorShape& s, uint32_t typeSize, const char* api) {
  bool a = host_assert(typeSize == 2 || typeSize == 4, api, "typeSize should be 2 or 4.");
  bool b = host_assert(s.GetDimNum() == 2, api, "the dims of srcShape should be 2.");
  return a && b;
}
inline bool is_a2(const platform_ascendc::PlatformAscendC& p) {
  return p.GetSocVersion() == platform_ascendc::SocVersion::ASCEND910B;
}
}  // namespace asc_tmp_pad

inline void GetPadMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                uint32_t& minValue) {
  using namespace asc_tmp_pad;
  pad_args(srcShape, typeSize, "GetPadMaxMinTmpSize");
  if (!host_assert(typeSize > 0, "GetPadMaxMinTmpSize", "typeSize must be greater than 0.")) return;
  const uint32_t h = uint32_t(srcShape.GetDim(0)), w = uint32_t(srcShape.GetDim(1));
  maxValue = ((h * w - 1) / kAddrList + 1) * kAddrList * (kBlk / typeSize) * kBuffers * typeSize;
  minValue = kAddrList * (kBlk / typeSize) * kBuffers * typeSize;
}

inline void PadTilingFunc(const TensorShape srcShape, const TensorShape oriSrcShape, const uint32_t stackBufferSize,
                          const uint32_t typeSize, optiling::PadTiling& tiling) {
  using namespace asc_tmp_pad;
  const char* api = "PadTilingFunc";
  pad_args(srcShape, typeSize, api);
  host_assert(oriSrcShape.GetDimNum() == 2, api, "the dims of oriSrcShape should be 2.");
  host_assert(oriSrcShape.GetShapeSize() <= srcShape.GetShapeSize(), api,
              "the size of oriSrcShape should be less than or equal to srcShape's.");
  if (!host_assert(typeSize > 0, api, "typeSize must be greater than 0.")) return;
  const uint32_t h = uint32_t(srcShape.GetDim(0)), w = uint32_t(srcShape.GetDim(1));
  tiling.set_srcHeight(h);
  tiling.set_srcWidth(w);
  tiling.set_srcOriWidth(uint32_t(oriSrcShape.GetDim(1)));
  // a 32-byte aligned row: the last block of each row is padded, 255 rows per Duplicate
  const uint32_t withoutLast = w - kBlk / typeSize;
  tiling.set_widthWithoutLastBlock(withoutLast);
  tiling.set_blocksPerRow(w * typeSize / kBlk);
  const uint32_t hFractal = h / kMaxRepeat;
  tiling.set_heightTiling(kMaxRepeat);
  tiling.set_heightFractal(hFractal);
  tiling.set_heightFractalTail(h % kMaxRepeat);
  tiling.set_mainLoopOffset(kMaxRepeat * w);
  tiling.set_tailBlockOffset(hFractal * kMaxRepeat * w + withoutLast);
  if (stackBufferSize == 0) return;  // no temporary buffer: the unaligned path's fields stay 0
  // an unaligned row goes through two buffers of tmpBuffer1BlockNum x 16 blocks
  const uint32_t baseBlockSize = kAddrList * kBlk / typeSize;  // elements
  const uint32_t blockNum = stackBufferSize / typeSize / baseBlockSize / 2;
  tiling.set_tmpBuffer1RowNum(kAddrList * blockNum);
  tiling.set_tmpBuffer1BlockNum(blockNum);
  tiling.set_tmpBuffer2Offset(blockNum * baseBlockSize);
  const uint32_t widthTiling = kAddrList * blockNum;
  if (!host_assert(widthTiling > 0, api, "stackBufferSize is too small for one block of the temporary buffers."))
    return;
  const uint32_t wTail = w % widthTiling;
  tiling.set_widthTiling(widthTiling);
  tiling.set_widthFractal(w / widthTiling);
  tiling.set_widthFractalTail(wTail);
  const uint32_t epb = kBlk / typeSize;
  tiling.set_widthFractalTailAlingned(((wTail - 1) / epb + 1) * epb);  // uint32 arithmetic, as the vendor's
  const uint32_t brcbTiling = kAddrList * blockNum;
  const uint32_t brcbTail = h * w % brcbTiling;
  tiling.set_brcbTiling(brcbTiling);
  tiling.set_brcbFractal(h * w / brcbTiling);
  tiling.set_brcbFractalTail(brcbTail);
  constexpr uint32_t maxRepeat = 254;  // 255 * 8 elements is not 32-byte aligned
  tiling.set_maxRepeatTimes(maxRepeat);
  tiling.set_brcbTilingRepeatTimes(brcbTiling / 8 / maxRepeat);
  tiling.set_brcbTilingRepeatTimesTail(brcbTiling / 8 % maxRepeat);
  tiling.set_brcbFractalTailRepeatTimes(brcbTail / 8 / maxRepeat);
  tiling.set_brcbFractalTailRepeatTimesTail(brcbTail / 8 % maxRepeat);
}
inline void PadTilingFunc(const TensorShape srcShape, const TensorShape oriSrcShape, const uint32_t stackBufferSize,
                          const uint32_t typeSize, AscendC::tiling::PadTiling& tiling) {
  optiling::PadTiling t;
  PadTilingFunc(srcShape, oriSrcShape, stackBufferSize, typeSize, t);
  std::memcpy(static_cast<void*>(&tiling), &t, sizeof t);
}

inline void GetUnPadMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                  const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                  uint32_t& minValue) {
  using namespace asc_tmp_pad;
  pad_args(srcShape, typeSize, "GetUnPadMaxMinTmpSize");
  if (!host_assert(typeSize > 0, "GetUnPadMaxMinTmpSize", "typeSize must be greater than 0.")) return;
  if (is_a2(ascendcPlatform)) {  // A2's UnPad is one GatherMask: no temporary buffer
    maxValue = minValue = 0;
    return;
  }
  const uint32_t h = uint32_t(srcShape.GetDim(0)), w = uint32_t(srcShape.GetDim(1));
  maxValue = ((h * w - 1) / kAddrList + 1) * kAddrList * (kBlk / typeSize) * kBuffers * typeSize;
  minValue = kAddrList * (kBlk / typeSize) * kBuffers * typeSize;
}

inline void UnPadTilingFunc(const TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                            optiling::UnPadTiling& tiling) {
  using namespace asc_tmp_pad;
  const char* api = "UnPadTilingFunc";
  pad_args(srcShape, typeSize, api);
  if (!host_assert(typeSize > 0, api, "typeSize must be greater than 0.")) return;
  const uint32_t h = uint32_t(srcShape.GetDim(0)), w = uint32_t(srcShape.GetDim(1));
  tiling.set_srcHeight(h);
  tiling.set_srcWidth(w);
  if (stackBufferSize == 0) return;  // A2: no temporary buffer
  const uint32_t baseBlockSize = kAddrList * kBlk / typeSize;
  const uint32_t blockNum = stackBufferSize / typeSize / baseBlockSize / 2;
  tiling.set_tmpBuffer1BlockNum(blockNum);
  tiling.set_tmpBuffer1RowNum(kAddrList * blockNum);
  tiling.set_tmpBuffer2Offset(blockNum * baseBlockSize);
  const uint32_t widthTiling = kAddrList * blockNum;
  if (!host_assert(widthTiling > 0, api, "stackBufferSize is too small for one block of the temporary buffers."))
    return;
  uint32_t fractal = w / widthTiling, tail = w % widthTiling;
  if (tail != 0) fractal += 1;
  else tail = widthTiling;
  tiling.set_widthTiling(widthTiling);
  tiling.set_widthFractal(fractal);
  tiling.set_widthFractalTail(tail);
}
inline void UnPadTilingFunc(const TensorShape srcShape, const uint32_t stackBufferSize, const uint32_t typeSize,
                            AscendC::tiling::UnPadTiling& tiling) {
  optiling::UnPadTiling t;
  UnPadTilingFunc(srcShape, stackBufferSize, typeSize, t);
  std::memcpy(static_cast<void*>(&tiling), &t, sizeof t);
}

// Broadcast of a 1-D or 2-D shape (A2 and 310P formulas; 8-bit types go through half).
inline void GetBroadCastMaxMinTmpSize(const platform_ascendc::PlatformAscendC& ascendcPlatform,
                                      const TensorShape& srcShape, const TensorShape& dstShape, uint32_t typeSize,
                                      const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  using namespace asc_tmp_pad;
  (void)isReuseSource;
  const char* api = "GetBroadCastMaxMinTmpSize";
  host_assert(typeSize == 1 || typeSize == 2 || typeSize == 4, api, "typeSize should be 1, 2 or 4.");
  host_assert(srcShape.GetDimNum() == 1 || srcShape.GetDimNum() == 2, api, "the dims of srcShape should be 1 or 2.");
  const size_t dims = dstShape.GetDimNum();
  if (!host_assert(dims == 1 || dims == 2, api, "Now only support dim = 1 or 2.")) return;
  if (!host_assert(srcShape.GetDimNum() == dims, api, "SrcShape dim num and dstShape dim num should be same.")) return;
  if (!host_assert(typeSize > 0, api, "TypeSize must be greater than 0.")) return;
  for (size_t i = 0; i < dims; ++i)
    if (!host_assert(srcShape.GetDim(i) == dstShape.GetDim(i) || srcShape.GetDim(i) == 1, api,
                     "SrcShape cannot broadcast to dstShape."))
      return;
  const int64_t srcSize = srcShape.GetShapeSize();
  if (!host_assert(srcSize > 0, api, "SrcSize must be greater than 0.")) return;
  // 8-bit types are cast to half: both tensors' half copies, 16-element aligned
  uint32_t castTemp = 0;
  if (typeSize == 1) {
    typeSize = 2;
    const uint32_t s = uint32_t(srcSize), d = uint32_t(dstShape.GetShapeSize());
    castTemp = ((s + 15) / 16 * 16 + (d + 15) / 16 * 16) * typeSize;
  }
  if (srcSize == dstShape.GetShapeSize() || srcSize == 1) {
    minValue = maxValue = castTemp ? castTemp + kBlk : 0;
    return;
  }
  const bool lastAxis = srcShape.GetDim(1) == 1;
  const uint32_t epb = kBlk / typeSize;
  const uint32_t firstDim = uint32_t(dstShape.GetDim(0)), n = uint32_t(dstShape.GetDim(1));
  if (!lastAxis) {
    if (!host_assert(n % epb == 0, api, "dim[1] is not 32-byte aligned.")) return;
    minValue = maxValue = kBlk + castTemp;
    return;
  }
  if (!is_a2(ascendcPlatform)) {  // Atlas 310P
    if (!host_assert(firstDim % epb == 0, api, "dim[0] is not 32-byte aligned.")) return;
    minValue = kBlk + castTemp + epb * ((n + 7) / 8) * typeSize;
    maxValue = kBlk + castTemp + firstDim * n * typeSize;
    return;
  }
  const uint32_t firstAlign = (firstDim + 7) / 8 * 8;
  const uint32_t brcbMin = epb * epb * typeSize, brcbMax = firstAlign * epb * typeSize;
  if (n % epb == 0) {
    minValue = brcbMin + castTemp;
    maxValue = brcbMax + castTemp;
  } else {
    const uint32_t nAlign = (n + epb - 1) / epb * epb;
    minValue = brcbMin + epb * nAlign * typeSize + castTemp;
    maxValue = brcbMax + firstDim * nAlign * typeSize + castTemp;
  }
}

}  // namespace AscendC
