// Host-side temporary-buffer sizes of DropOut (adv_api/filter/dropout_tiling.h)
// and Select with a byte mask (adv_api/select/selectwithbytesmask_tiling.h), as
// the vendor's impl/adv_api/tiling/{filter,select}/*_impl.cpp compute them.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>
#include "tiling/adv_host_log.h"
#include "tiling/tiling_api.h"

namespace AscendC {

using TensorShape = ge::Shape;

namespace asc_filter_host {
inline void dropout_check(const TensorShape& s, uint32_t typeSize, const char* fn) {
  if (typeSize != 2 && typeSize != 4)
    asc_host::adv_host_log("DropOut", fn, "The value of typeSize is %u, should be 2 or 4.", typeSize);
  if (s.GetDimNum() == 0)
    asc_host::adv_host_log("DropOut", fn, "The dims of srcShape is %zu, should be greater than 0.", s.GetDimNum());
}
inline bool is_scalar(const TensorShape& s) { return s.GetDimNum() == 0 || s.GetShapeSize() == 1; }
inline uint32_t pad_to(uint32_t a, uint32_t b) { return (a + b - 1) / b * b; }
// The half copy of the mask (of at most 4096 elements for the minimum) plus 512
// reserved, at least 1024; plus the compacted mask when the axes differ and the
// mask may not be reused.
inline uint32_t select_bytes(const TensorShape& src0, const TensorShape& src1, const TensorShape& mask,
                             uint32_t maskTypeSize, bool isReuseMask, bool isMin) {
  const bool s0scalar = is_scalar(src0);
  const int32_t srcSize = int32_t(s0scalar ? src1.GetShapeSize() : src0.GetShapeSize());
  const int32_t maskLast = int32_t(mask.GetDim(mask.GetDimNum() - 1));
  const int32_t srcLast = int32_t(s0scalar ? src1.GetDim(src1.GetDimNum() - 1) : src0.GetDim(src0.GetDimNum() - 1));
  const uint32_t cal = (isMin && srcSize > 4096) ? 4096u : uint32_t(srcSize);
  uint32_t need = std::max<uint32_t>(1024, pad_to(cal, 32) * 2 + 512);
  if (maskLast != srcLast && !isReuseMask && maskLast > 1) need += pad_to(uint32_t(srcSize) * maskTypeSize, 32);
  return need;
}
inline void select_check(const TensorShape& src0, const TensorShape& src1, uint32_t maskTypeSize,
                         const TensorShape& mask, const char* fn) {
  if (maskTypeSize != 1 && maskTypeSize != 2 && maskTypeSize != 4)
    asc_host::adv_host_log("Select", fn, "The value of maskTypeSize is %u, should be 1 or 2 or 4.", maskTypeSize);
  if (src0.GetDimNum() != 2 && src1.GetDimNum() != 2)
    asc_host::adv_host_log("Select", fn,
                           "The src0Shape dimension number is %zu, the src1Shape dimension number is %zu, one of "
                           "them should be 2.", src0.GetDimNum(), src1.GetDimNum());
  if (mask.GetDimNum() != 2)
    asc_host::adv_host_log("Select", fn, "The dims of maskShape is %zu, should be 2.", mask.GetDimNum());
}
}  // namespace asc_filter_host

// DropOut: two repeats at least; two floats per element at most.
inline uint32_t GetDropOutMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource) {
  (void)isReuseSource;
  asc_filter_host::dropout_check(srcShape, typeSize, "GetDropOutMinTmpSize");
  return 2 * 256;
}
inline uint32_t GetDropOutMaxTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource) {
  asc_filter_host::dropout_check(srcShape, typeSize, "GetDropOutMaxTmpSize");
  uint32_t mn = GetDropOutMinTmpSize(srcShape, typeSize, isReuseSource);
  uint32_t n = 1;
  for (int64_t d : srcShape.GetDims()) n *= uint32_t(d);
  uint32_t mx = 2 * n * uint32_t(sizeof(float));
  return mn > mx ? mn : mx;
}
inline void GetDropOutMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                    uint32_t& maxValue, uint32_t& minValue) {
  asc_filter_host::dropout_check(srcShape, typeSize, "GetDropOutMaxMinTmpSize");
  maxValue = GetDropOutMaxTmpSize(srcShape, typeSize, isReuseSource);
  minValue = GetDropOutMinTmpSize(srcShape, typeSize, isReuseSource);
}

inline uint32_t GetSelectMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                    const uint32_t srcTypeSize, const TensorShape& maskShape,
                                    const uint32_t maskTypeSize, const bool isReuseMask) {
  (void)srcTypeSize;  // the vendor warns it takes no part
  asc_filter_host::select_check(src0Shape, src1Shape, maskTypeSize, maskShape, "GetSelectMinTmpSize");
  return asc_filter_host::select_bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, true);
}
inline uint32_t GetSelectWithBytesMaskMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                                 const uint32_t srcTypeSize, const TensorShape& maskShape,
                                                 const uint32_t maskTypeSize, const bool isReuseMask) {
  return GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}
inline uint32_t GetSelectMaxTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                    const uint32_t srcTypeSize, const TensorShape& maskShape,
                                    const uint32_t maskTypeSize, const bool isReuseMask) {
  (void)srcTypeSize;
  asc_filter_host::select_check(src0Shape, src1Shape, maskTypeSize, maskShape, "GetSelectMaxTmpSize");
  return asc_filter_host::select_bytes(src0Shape, src1Shape, maskShape, maskTypeSize, isReuseMask, false);
}
inline uint32_t GetSelectWithBytesMaskMaxTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                                 const uint32_t srcTypeSize, const TensorShape& maskShape,
                                                 const uint32_t maskTypeSize, const bool isReuseMask) {
  return GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}
inline void GetSelectMaxMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                   const uint32_t srcTypeSize, const TensorShape& maskShape,
                                   const uint32_t maskTypeSize, const bool isReuseMask, uint32_t& maxValue,
                                   uint32_t& minValue) {
  asc_filter_host::select_check(src0Shape, src1Shape, maskTypeSize, maskShape, "GetSelectMaxMinTmpSize");
  maxValue = GetSelectMaxTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
  minValue = GetSelectMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask);
}
inline void GetSelectWithBytesMaskMaxMinTmpSize(const TensorShape& src0Shape, const TensorShape& src1Shape,
                                                const uint32_t srcTypeSize, const TensorShape& maskShape,
                                                const uint32_t maskTypeSize, const bool isReuseMask,
                                                uint32_t& maxValue, uint32_t& minValue) {
  GetSelectMaxMinTmpSize(src0Shape, src1Shape, srcTypeSize, maskShape, maskTypeSize, isReuseMask, maxValue, minValue);
}

}  // namespace AscendC
