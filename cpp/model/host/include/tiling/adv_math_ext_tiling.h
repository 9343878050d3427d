// Host-side temporary-buffer sizes of ClampMin/ClampMax, Fmod, Power and CumSum
// (AscendC::Get*MaxMinTmpSize, Get*TmpBufferFactorSize): the vendor's Atlas A2
// figures (impl/adv_api/tiling/math/{clamp,fmod,trunc,power}_tiling_impl.cpp,
// cumsum_tiling.cpp), which the kernels split their work by. A bad argument is an
// [ERROR] line on stderr and the outputs are left as they were, as the vendor's
// ASCENDC_HOST_ASSERT does.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include "tiling/adv_tmp_size.h"

namespace AscendC {
namespace asc_tmp_math {
constexpr uint32_t kRepeat = 256;
inline bool host_assert(bool ok, const char* api, const char* what) {
  if (!ok) std::fprintf(stderr, "[ERROR] %s: %s\n", api, what);
  return ok;
}
// Trunc's live buffers per element (Fmod's temporary space starts with Trunc's).
inline uint32_t trunc_factor(uint32_t typeSize) { return typeSize == sizeof(float) ? 1 : 2; }
// Fmod's own: none for float; three float tensors (in units of a half's size) for half.
inline uint32_t fmod_extra(uint32_t typeSize) { return typeSize == sizeof(float) ? 0 : 3 * 2; }
// Power's live buffers on Atlas A2 (dav-2201): tensor-tensor / with a scalar.
struct PowFactors { uint32_t halfTT, intTT, floatTT, halfTS, intTS, floatTS; };
constexpr PowFactors kPowA2{14, 6, 4, 14, 7, 5};
// A shape [1] is a scalar operand.
inline bool is_tensor(const TensorShape& s) { return !(s.GetDimNum() == 1 && s.GetDim(0) == 1); }
}  // namespace asc_tmp_math

// ---- Clamp: one byte per element, at least 64 (float) / 128 (half).
inline void GetClampMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                  uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  const uint32_t n = uint32_t(srcShape.GetShapeSize());
  if (!asc_tmp_math::host_assert(n > 0, "GetClampMaxMinTmpSize", "Input Shape size must be greater than 0.")) return;
  const uint32_t least = typeSize == sizeof(float) ? 64 : 128;
  minValue = least;
  maxValue = std::max(n, least);
}
inline void GetClampTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  (void)typeSize;
  extraBuf = 0;
  maxLiveNodeCount = 1;
}

// ---- Fmod: Trunc's buffers plus its own, each input-sized and at least one repeat.
inline void GetFmodMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isReuseSource,
                                 uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  const uint32_t n = uint32_t(srcShape.GetShapeSize());
  if (!asc_tmp_math::host_assert(n > 0, "GetFmodMaxMinTmpSize", "Input Shape size must be greater than 0.")) return;
  const uint32_t unit = std::max(n * typeSize, asc_tmp_math::kRepeat);
  // Trunc's maximum over the same unit, divided back out: its factor.
  const uint8_t truncPro = uint8_t(asc_tmp_math::trunc_factor(typeSize));
  const uint8_t fmodPro = uint8_t(asc_tmp_math::fmod_extra(typeSize));
  maxValue = (truncPro + fmodPro) * unit;
  minValue = (truncPro + fmodPro) * asc_tmp_math::kRepeat;
}
inline void GetFmodTmpBufferFactorSize(const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuf) {
  extraBuf = 0;
  maxLiveNodeCount = asc_tmp_math::trunc_factor(typeSize) + asc_tmp_math::fmod_extra(typeSize);
}

// ---- Power (Atlas A2): a shape [1] operand is the scalar of Power(tensor, scalar) /
// Power(scalar, tensor).
inline void GetPowerMaxMinTmpSize(const TensorShape& srcShape1, const TensorShape& srcShape2, const bool typeIsInt,
                                  const uint32_t typeSize, const bool isReuseSource, uint32_t& maxValue,
                                  uint32_t& minValue) {
  (void)isReuseSource;
  using namespace asc_tmp_math;
  const bool t1 = is_tensor(srcShape1), t2 = is_tensor(srcShape2), tt = t1 && t2;
  const PowFactors& f = kPowA2;
  // min
  if (typeIsInt) {
    minValue = kRepeat * (tt ? f.intTT : f.intTS);
  } else if (typeSize == sizeof(float)) {
    minValue = kRepeat * (tt ? f.floatTT : f.floatTS) + kRepeat;
  } else {
    minValue = kRepeat * (tt ? f.halfTT : f.halfTS) / 2 + kRepeat;
  }
  // max: the tensor operand's elements (the first's when it is one)
  uint32_t n = 1;
  for (int64_t d : (t1 ? srcShape1 : srcShape2).GetDims()) n *= uint32_t(d);
  const uint32_t unit = typeSize == sizeof(float) ? std::max(n * typeSize, kRepeat) : std::max(n * typeSize, kRepeat / 2);
  if (typeIsInt) {
    maxValue = unit * (tt ? f.intTT : f.intTS);
  } else if (typeSize == sizeof(float)) {
    maxValue = unit * (tt ? f.floatTT : f.floatTS) + kRepeat;
  } else {
    maxValue = unit * (tt ? f.halfTT : f.halfTS) + kRepeat;
  }
}
inline void GetPowerTmpBufferFactorSize(const bool baseIsTensor, const bool expIsTensor, const bool typeIsInt,
                                        const uint32_t typeSize, uint32_t& maxLiveNodeCount, uint32_t& extraBuffer) {
  using namespace asc_tmp_math;
  const bool tt = baseIsTensor && expIsTensor;
  const PowFactors& f = kPowA2;
  extraBuffer = kRepeat;
  if (typeIsInt) {
    extraBuffer = 0;
    maxLiveNodeCount = tt ? f.intTT : f.intTS;
  } else if (typeSize == sizeof(float)) {
    maxLiveNodeCount = tt ? f.floatTT : f.floatTS;
  } else {
    maxLiveNodeCount = tt ? f.halfTT : f.halfTS;
  }
}

// ---- CumSum of a 2-D [outter, inner] tensor (inner 32-byte aligned).
inline void GetCumSumMaxMinTmpSize(const TensorShape& srcShape, const uint32_t typeSize, const bool isLastAxis,
                                   const bool isReuseSource, uint32_t& maxValue, uint32_t& minValue) {
  (void)isReuseSource;
  const char* api = "GetCumSumMaxMinTmpSize";
  if (!asc_tmp_math::host_assert(srcShape.GetDimNum() == 2, api, "Now only support dim = 2.")) return;
  if (!asc_tmp_math::host_assert(typeSize == 2 || typeSize == 4, api, "Now only support half and float.")) return;
  const uint32_t outter = uint32_t(srcShape.GetDim(0)), inner = uint32_t(srcShape.GetDim(1));
  if (!asc_tmp_math::host_assert(inner > 0 && inner * typeSize % 32 == 0, api, "The inner dim should be 32B aligned."))
    return;
  if (!isLastAxis) {
    maxValue = minValue = typeSize == 2 ? outter * inner * uint32_t(sizeof(float)) : 0;
    return;
  }
  constexpr uint32_t rows = 16;  // TransDataTo5HD's 16 rows
  const uint32_t alignOutter = (outter + rows - 1) / rows * rows;
  const uint32_t minCast = typeSize == 2 ? inner * rows * 2 : 0;
  const uint32_t maxCast = typeSize == 2 ? inner * alignOutter * 2 : 0;
  minValue = minCast + rows * inner * typeSize * 2;
  maxValue = maxCast + alignOutter * inner * typeSize * 2;
}

}  // namespace AscendC
