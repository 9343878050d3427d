// Host-side temporary-buffer sizes of the quantization adv APIs (the vendor's
// adv_api/quantization/ascend_{quant,antiquant,dequant}_tiling.h): the bytes the
// vendor's A2/A3 implementation uses for its intermediates, computed as its
// impl/adv_api/tiling/quantization/*_tiling_impl.cpp compute them, so a program
// that sizes its buffers from them allocates what it would on the NPU.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>
#include "tiling/adv_host_log.h"
#include "tiling/tiling_api.h"

namespace AscendC {

using TensorShape = ge::Shape;
using TensorDataType = ge::DataType;

namespace asc_quant_host {
inline uint64_t elems(const TensorShape& s) {
  uint64_t n = 1;
  for (int64_t d : s.GetDims()) n *= uint64_t(d);
  return n;
}
}  // namespace asc_quant_host

// AscendQuant: two live nodes of the input's element count (bytes as the vendor
// counts them: elements x 2), at least two repeats, 32-byte aligned.
inline void GetAscendQuantTmpBufferFactorSize(uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  extraBuf = 0;
  maxLiveNodeCount = 2;
}
inline void GetAscendQuantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                        uint32_t& minValue) {
  const char* api = "AscendQuant";
  const char* fn = "GetAscendQuantMaxMinTmpSize";
  if (srcShape.GetShapeSize() <= 0) {
    asc_host::adv_host_log(api, fn, "Input Shape size must be greater than 0.");
  } else if (uint64_t(srcShape.GetShapeSize()) * typeSize % 32 != 0) {
    asc_host::adv_host_log(api, fn, "Input Shape size must be 32B aligned!.");
  } else if (typeSize != 2 && typeSize != 4) {
    asc_host::adv_host_log(api, fn, "Type size %u is unsupported!", typeSize);
  }
  uint32_t n = uint32_t(srcShape.GetShapeSize());
  uint32_t mx = std::max<uint32_t>(n * 2, 2 * 256);
  maxValue = (mx + 31) / 32 * 32;
  minValue = 2 * 256;
}

// AscendAntiQuant: nothing for a half result (the A2 code computes in half in
// place); for bfloat16 the float intermediates of the scale, the offset and the
// input. srcShape is [K, N] ([N, K] when isTranspose), scaleShape the scale's.
namespace asc_quant_host {
inline void antiquant_check(const char* fn, const TensorShape& srcShape, bool isTranspose,
                            TensorDataType inputDataType) {
  if (srcShape.GetShapeSize() <= 0) {
    asc_host::adv_host_log("AscendAntiQuant", fn, "Input Shape size must be greater than 0.");
    return;
  }
  uint32_t k = uint32_t(srcShape.GetDim(1));
  if (isTranspose && uint32_t(inputDataType) * k % 32 != 0)
    asc_host::adv_host_log("AscendAntiQuant", fn,
                           "When isTranspose is true, srcShape is [N, K] where the dimension K must be 32B aligned!");
}
}  // namespace asc_quant_host

inline uint32_t GetAscendAntiQuantMaxTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                             bool isTranspose, TensorDataType inputDataType,
                                             TensorDataType outputDataType) {
  asc_quant_host::antiquant_check("GetAscendAntiQuantMaxTmpSize", srcShape, isTranspose, inputDataType);
  if (outputDataType == ge::DT_FLOAT16) return 0;
  uint32_t scaleSize = uint32_t(asc_quant_host::elems(scaleShape));
  uint32_t srcSize = uint32_t(asc_quant_host::elems(srcShape));
  bool perChannel = scaleSize != 1;
  if (isTranspose && perChannel) return (8 + 8 + 64) * scaleSize * uint32_t(sizeof(float));
  if (!isTranspose && perChannel)
    return scaleSize * 2 * uint32_t(sizeof(float)) + 64 * uint32_t(srcShape.GetDim(0)) * uint32_t(sizeof(float));
  return srcSize * uint32_t(sizeof(float));
}
inline uint32_t GetAscendAntiQuantMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                             bool isTranspose, TensorDataType inputDataType,
                                             TensorDataType outputDataType) {
  asc_quant_host::antiquant_check("GetAscendAntiQuantMinTmpSize", srcShape, isTranspose, inputDataType);
  if (outputDataType == ge::DT_FLOAT16) return 0;
  uint32_t scaleSize = uint32_t(asc_quant_host::elems(scaleShape));
  if (scaleSize == 1) return 1024;
  if (isTranspose) return (8 + 8 + 64) * scaleSize * uint32_t(sizeof(float));
  return scaleSize * 2 * uint32_t(sizeof(float)) + 64 * uint32_t(srcShape.GetDim(0)) * uint32_t(sizeof(float));
}
inline void GetAscendAntiQuantMaxMinTmpSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                            bool isTranspose, TensorDataType inputDataType,
                                            TensorDataType outputDataType, uint32_t& maxValue, uint32_t& minValue) {
  asc_quant_host::antiquant_check("GetAscendAntiQuantMaxMinTmpSize", srcShape, isTranspose, inputDataType);
  maxValue = GetAscendAntiQuantMaxTmpSize(srcShape, scaleShape, isTranspose, inputDataType, outputDataType);
  minValue = GetAscendAntiQuantMinTmpSize(srcShape, scaleShape, isTranspose, inputDataType, outputDataType);
}
inline void GetAscendAntiQuantTmpBufferFactorSize(const TensorShape& srcShape, const TensorShape& scaleShape,
                                                  bool isTranspose, TensorDataType inputDataType,
                                                  TensorDataType outputDataType, uint32_t& maxLiveNodeCount,
                                                  uint32_t& extraBuf) {
  (void)inputDataType;
  extraBuf = 0;
  maxLiveNodeCount = 0;
  uint32_t scaleSize = uint32_t(asc_quant_host::elems(scaleShape));
  bool perChannel = scaleSize != 1;
  if (outputDataType == ge::DT_FLOAT16) {
    maxLiveNodeCount = 0;
  } else if (isTranspose && perChannel) {
    extraBuf = 80 * scaleSize * uint32_t(sizeof(float));
  } else if (!perChannel) {
    maxLiveNodeCount = 1;
  } else {
    extraBuf = scaleSize * 2 * uint32_t(sizeof(float)) + 64 * uint32_t(srcShape.GetDim(0)) * uint32_t(sizeof(float));
  }
}

// AscendDequant: float copies of one row ([m, n], or [n]) and of the scale
// (n + 8 floats), plus one repeat of slack; the maximum holds all m rows.
inline void GetAscendDequantMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, uint32_t& maxValue,
                                          uint32_t& minValue) {
  const char* api = "AscendDequant";
  const char* fn = "GetAscendDequantMaxMinTmpSize";
  size_t dims = srcShape.GetDimNum();
  if (srcShape.GetShapeSize() <= 0) {
    asc_host::adv_host_log(api, fn, "Input Shape size must be greater than 0.");
  } else if (dims == 0 || dims > 2) {
    asc_host::adv_host_log(api, fn, "SrcShape dim %zu is unsupported, must be 1 or 2!", dims);
  } else if (typeSize != 4) {
    asc_host::adv_host_log(api, fn, "Type size %u is unsupported!", typeSize);
  }
  uint32_t outer = 1, inner = 0;
  if (dims == 2) {
    outer = uint32_t(srcShape.GetDim(0));
    inner = uint32_t(srcShape.GetDim(1));
  } else if (dims == 1) {
    inner = uint32_t(srcShape.GetDim(0));
  } else {
    asc_host::adv_host_log(api, fn, "srcShape should be 1-dimensional / 2-dimensional.");
    return;
  }
  const uint32_t scaleSize = inner + 8;
  maxValue = (64 + outer * inner + scaleSize) * uint32_t(sizeof(float));
  minValue = (64 + inner + scaleSize) * uint32_t(sizeof(float));
}
inline void GetAscendDequantTmpBufferFactorSize(const TensorShape& srcShape, uint32_t& maxLiveNodeCount,
                                                uint32_t& extraBuf) {
  extraBuf = 8 + 64;
  if (srcShape.GetDimNum() == 2) {
    extraBuf += uint32_t(srcShape.GetDim(1));
    maxLiveNodeCount = 1;
  } else if (srcShape.GetDimNum() == 1) {
    maxLiveNodeCount = 2;
  } else {
    extraBuf = 0;
    maxLiveNodeCount = 0;
  }
}

}  // namespace AscendC
