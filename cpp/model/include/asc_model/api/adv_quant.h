// adv/quantization AscendAntiQuant and AscendDequant (AscendQuant is in adv_norm.h):
// the vendor's A2/A3 overloads (adv_api/quantization/ascend_antiquant.h,
// ascend_dequant.h) with the arithmetic of its A2 implementation
// (impl/adv_api/detail/quantization/{antiquant,dequant}).
#pragma once
#include <cstring>
#include <type_traits>
#include <vector>
#include "asc_model/api/adv_common.h"

namespace AscendC {
// AscendAntiQuant's shapes of offset and scale, when their tensors' ShapeInfo does not give them.
struct AntiQuantShapeInfo {
  uint32_t offsetHeight{0};
  uint32_t offsetWidth{0};
  uint32_t scaleHeight{0};
  uint32_t scaleWidth{0};
};
// AscendDequant's shape: m rows of n int32 (n a multiple of 8), the first calCount of each row scaled.
struct DequantParams {
  uint32_t m;
  uint32_t n;
  uint32_t calCount;
};
enum class DeQuantMode : uint8_t {
  DEQUANT_WITH_SINGLE_ROW = 0,  // {1, m * n, n} is read as {m, n, n}
  DEQUANT_WITH_MULTI_ROW,       // {1, m * n, n} is one row of which n elements are scaled
};
}  // namespace AscendC

namespace asc_model {
namespace adv {

// ---- AscendAntiQuant: dst = (src + offset) * scale ----------------------------------
// Not transposed, src is [K, N] and offset / scale [groups, N] (a group of K / groups
// rows shares a row of them); transposed, src is [N, K] and offset / scale [N, groups].
// A half result is computed in half (src cast exactly, the Add and the Mul each
// rounded to half, as the vendor's Cast / Add / Mul on half); a bfloat16 result in
// float, rounded once to bfloat16.
template <class Out>
inline Out antiquant_one(float x, float off, float sc, bool with_offset) {
  if constexpr (std::is_same_v<Out, half>) {
    half v = half(x);
    if (with_offset) v = half(float(v) + off);
    return half(float(v) * sc);
  } else {
    float v = with_offset ? x + off : x;
    return Out(v * sc);
  }
}

// The number of offset/scale groups along K: the shape info's, else the tensor's
// ShapeInfo (the dimension along K), else 1 (per channel).
template <class Out>
inline uint32_t antiquant_groups(const LocalTensor<Out>* t, uint32_t given, bool transpose) {
  if (given != 0) return given;
  if (t) {
    AscendC::ShapeInfo s = t->GetShapeInfo();
    if (s.shapeDim == 2) return transpose ? s.shape[1] : s.shape[0];
  }
  return 1;
}

template <class In, class Out, bool isTranspose>
void antiquant(const LocalTensor<Out>& dst, const LocalTensor<In>& src, const LocalTensor<Out>* offset,
               const LocalTensor<Out>* scale, Out offset_s, Out scale_s, bool with_offset,
               const LocalTensor<uint8_t>* tmp, uint32_t k, const AscendC::AntiQuantShapeInfo& info,
               const char* file, int line) {
  static_assert(std::is_same_v<In, int8_t>, "the Model implements AscendAntiQuant of int8_t input");
  static_assert(std::is_same_v<Out, half> || std::is_same_v<Out, bfloat16_t>,
                "AscendAntiQuant's output is half or bfloat16_t");
  Call op("AscendAntiQuant", PIPE_V, file, line);
  const uint64_t total = src.GetSize();
  if (k == 0) op.fault("K is 0");
  if (total % k != 0) op.fault("the source's element count is not a multiple of K");
  const uint64_t n = total / k;
  uint32_t groups = 1;
  if (scale) {
    // offset's shape first (the vendor reads it for the offset forms), else scale's
    const LocalTensor<Out>* shaped = offset ? offset : scale;
    uint32_t given = offset ? (isTranspose ? info.offsetWidth : info.offsetHeight)
                            : (isTranspose ? info.scaleWidth : info.scaleHeight);
    groups = antiquant_groups(shaped, given, isTranspose);
    if (groups == 0 || k % groups != 0) op.fault("K is not a multiple of the offset/scale's group count");
  }
  const uint64_t gsize = k / groups;
  Out* d = op.out(dst, total);
  const In* s = op.in(src, total);
  const Out* o = (with_offset && offset) ? op.in(*offset, n * groups) : nullptr;
  const Out* c = scale ? op.in(*scale, n * groups) : nullptr;
  declare_tmp(op, tmp);
  if (!op.elems(total).run()) return;
  std::vector<Out> r(total);
  for (uint64_t i = 0; i < total; ++i) {
    uint64_t row = i / (isTranspose ? k : n), col = i % (isTranspose ? k : n);
    // (the channel, the position along K)
    uint64_t ch = isTranspose ? row : col, kk = isTranspose ? col : row;
    uint64_t p = isTranspose ? ch * groups + kk / gsize : (kk / gsize) * n + ch;
    float off = o ? float(o[p]) : float(offset_s);
    float sc = c ? float(c[p]) : float(scale_s);
    r[i] = antiquant_one<Out>(float(s[i]), off, sc, with_offset);
  }
  std::memcpy(static_cast<void*>(d), r.data(), total * sizeof(Out));
}

// ---- AscendDequant: dst = float(src) * deqScale, cast to dst's type --------------------
// src is m rows of n int32; of each row, the first calCount are scaled by
// deqScale[j] (the rest only converted, as the vendor's masked Mul leaves them);
// dst rows are n rounded up to 32 bytes of dst's type. A uint64_t deqScale holds
// its float in the lower 32 bits.
template <class S>
inline float deq_scale(S v) {
  if constexpr (std::is_same_v<S, uint64_t>) {
    uint32_t lo = uint32_t(v);
    float f;
    std::memcpy(&f, &lo, 4);
    return f;
  } else {
    return float(v);
  }
}

template <class D, class S, bool isTensor>
constexpr bool dequant_types_ok() {
  if constexpr (isTensor) {
    return (std::is_same_v<S, uint64_t> && std::is_same_v<D, half>) ||
           (std::is_same_v<S, float> && std::is_same_v<D, float>) ||
           (std::is_same_v<S, bfloat16_t> && std::is_same_v<D, float>) ||
           (std::is_same_v<S, bfloat16_t> && std::is_same_v<D, bfloat16_t>) ||
           (std::is_same_v<S, float> && std::is_same_v<D, bfloat16_t>);
  } else {
    return (std::is_same_v<S, bfloat16_t> && (std::is_same_v<D, bfloat16_t> || std::is_same_v<D, float>)) ||
           (std::is_same_v<S, float> && (std::is_same_v<D, bfloat16_t> || std::is_same_v<D, float>));
  }
}

// params: the DequantParams forms (pure: whole rows); else calCount elements of
// the flattened source (the params then {size / scaleSize, scaleSize, scaleSize}).
template <class D, class S, AscendC::DeQuantMode mode>
void dequant(const LocalTensor<D>& dst, const LocalTensor<int32_t>& src, const LocalTensor<S>* scale, S scale_s,
             const LocalTensor<uint8_t>* tmp, AscendC::DequantParams p, bool pure, uint64_t count,
             const char* file, int line) {
  Call op("AscendDequant", PIPE_V, file, line);
  if (!pure) {
    if (scale->GetSize() == 0 || src.GetSize() % scale->GetSize() != 0)
      op.fault("without DequantParams, the source's element count must be a multiple of deqScale's");
    if (std::is_same_v<S, uint64_t> && scale->GetSize() % 8 != 0)
      op.fault("without DequantParams, a uint64_t deqScale's element count must be a multiple of 8");
    if (count == 0 || count > src.GetSize()) op.fault("calCount is not in (0, the source's element count]");
    p = {uint32_t(src.GetSize() / scale->GetSize()), uint32_t(scale->GetSize()), uint32_t(scale->GetSize())};
  }
  if (mode == AscendC::DeQuantMode::DEQUANT_WITH_SINGLE_ROW) {
    uint32_t blk = 32 / sizeof(D);
    if (p.m == 1 && p.calCount != 0 && p.calCount % blk == 0 && p.n % p.calCount == 0) {
      p.m = p.n / p.calCount;
      p.n = p.calCount;
    }
  }
  if (pure) {
    if (p.n % 8 != 0) op.fault("DequantParams.n must be a multiple of 8 (32 bytes of int32)");
    if (uint64_t(p.m) * p.n > src.GetSize()) op.fault("DequantParams m * n exceeds the source tensor");
    if (p.calCount == 0 || p.calCount > p.n) op.fault("DequantParams.calCount is not in (0, n]");
    if (scale && p.calCount > scale->GetSize()) op.fault("DequantParams.calCount exceeds deqScale's element count");
    count = uint64_t(p.m) * p.n;
  }
  if (p.n == 0) op.fault("the row length n is 0");
  const uint64_t blk = 32 / sizeof(D);
  const uint64_t dst_inner = (p.n + blk - 1) / blk * blk;
  const uint64_t rows = (count + p.n - 1) / p.n;
  if (tmp) {
    // the vendor's layout: calCount floats of scale (32-byte aligned), then whole rows of float src
    uint64_t need = ((p.calCount + 7) / 8 * 8 + p.n) * sizeof(float);
    if (tmp->GetSize() < need) {
      char msg[160];
      std::snprintf(msg, sizeof msg, "sharedTmpBuffer holds %llu bytes; AscendDequant needs at least %llu",
                    (unsigned long long)tmp->GetSize(), (unsigned long long)need);
      op.fault(msg);
    }
  }
  D* d = op.out(dst, (rows - 1) * dst_inner + (count - (rows - 1) * p.n));
  const int32_t* s = op.in(src, count);
  const S* c = scale ? op.in(*scale, p.calCount) : nullptr;
  declare_tmp(op, tmp);
  if (!op.elems(count).run()) return;
  std::vector<float> r(count);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t j = i % p.n;
    float v = float(s[i]);
    if (j < p.calCount) v *= c ? deq_scale(c[j]) : deq_scale(scale_s);
    r[i] = v;
  }
  for (uint64_t i = 0; i < count; ++i) d[(i / p.n) * dst_inner + i % p.n] = D(r[i]);
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

// AscendAntiQuant: the vendor's six A2 forms.
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& offset, const LocalTensor<OutputDataType>& scale,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}, ASC_LOC_PARAMS) {
  asc_model::adv::antiquant<InputDataType, OutputDataType, isTranspose>(
      dst, src, &offset, &scale, OutputDataType{}, OutputDataType{}, true, &sharedTmpBuffer, k, shapeInfo, ASC_LOC);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& scale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                     const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}, ASC_LOC_PARAMS) {
  asc_model::adv::antiquant<InputDataType, OutputDataType, isTranspose>(
      dst, src, nullptr, &scale, OutputDataType{}, OutputDataType{}, false, &sharedTmpBuffer, k, shapeInfo, ASC_LOC);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const LocalTensor<OutputDataType>& offset, const LocalTensor<OutputDataType>& scale,
                     const uint32_t k, const AntiQuantShapeInfo& shapeInfo = {}, ASC_LOC_PARAMS) {
  asc_model::adv::antiquant<InputDataType, OutputDataType, isTranspose>(
      dst, src, &offset, &scale, OutputDataType{}, OutputDataType{}, true, nullptr, k, shapeInfo, ASC_LOC);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const OutputDataType offset, const OutputDataType scale,
                     const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}, ASC_LOC_PARAMS) {
  asc_model::adv::antiquant<InputDataType, OutputDataType, isTranspose>(
      dst, src, nullptr, nullptr, offset, scale, true, &sharedTmpBuffer, k, shapeInfo, ASC_LOC);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const OutputDataType scale, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}, ASC_LOC_PARAMS) {
  asc_model::adv::antiquant<InputDataType, OutputDataType, isTranspose>(
      dst, src, nullptr, nullptr, OutputDataType{}, scale, false, &sharedTmpBuffer, k, shapeInfo, ASC_LOC);
}
template <typename InputDataType, typename OutputDataType, bool isTranspose>
void AscendAntiQuant(const LocalTensor<OutputDataType>& dst, const LocalTensor<InputDataType>& src,
                     const OutputDataType offset, const OutputDataType scale, const uint32_t k,
                     const AntiQuantShapeInfo& shapeInfo = {}, ASC_LOC_PARAMS) {
  asc_model::adv::antiquant<InputDataType, OutputDataType, isTranspose>(
      dst, src, nullptr, nullptr, offset, scale, true, nullptr, k, shapeInfo, ASC_LOC);
}

// AscendDequant: the vendor's seven A2 forms.
#define ASC_DEQUANT_TENSOR_TYPES                                                                      \
  static_assert(asc_model::adv::dequant_types_ok<dstT, scaleT, true>(),                               \
                "AscendDequant: deqScale/dst are uint64_t/half, float/float, bfloat16_t/float, "       \
                "bfloat16_t/bfloat16_t or float/bfloat16_t")
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                   DequantParams params, ASC_LOC_PARAMS) {
  ASC_DEQUANT_TENSOR_TYPES;
  asc_model::adv::dequant<dstT, scaleT, mode>(dstTensor, srcTensor, &deqScale, scaleT{}, &sharedTmpBuffer, params,
                                              true, 0, ASC_LOC);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, DequantParams params, ASC_LOC_PARAMS) {
  ASC_DEQUANT_TENSOR_TYPES;
  asc_model::adv::dequant<dstT, scaleT, mode>(dstTensor, srcTensor, &deqScale, scaleT{}, nullptr, params, true, 0,
                                              ASC_LOC);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                   const uint32_t calCount, ASC_LOC_PARAMS) {
  ASC_DEQUANT_TENSOR_TYPES;
  asc_model::adv::dequant<dstT, scaleT, mode>(dstTensor, srcTensor, &deqScale, scaleT{}, &sharedTmpBuffer, {},
                                              false, calCount, ASC_LOC);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, const uint32_t calCount, ASC_LOC_PARAMS) {
  ASC_DEQUANT_TENSOR_TYPES;
  asc_model::adv::dequant<dstT, scaleT, mode>(dstTensor, srcTensor, &deqScale, scaleT{}, nullptr, {}, false,
                                              calCount, ASC_LOC);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, const LocalTensor<uint8_t>& sharedTmpBuffer,
                   ASC_LOC_PARAMS) {
  ASC_DEQUANT_TENSOR_TYPES;
  asc_model::adv::dequant<dstT, scaleT, mode>(dstTensor, srcTensor, &deqScale, scaleT{}, &sharedTmpBuffer, {},
                                              false, srcTensor.GetSize(), ASC_LOC);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor,
                   const LocalTensor<scaleT>& deqScale, ASC_LOC_PARAMS) {
  ASC_DEQUANT_TENSOR_TYPES;
  asc_model::adv::dequant<dstT, scaleT, mode>(dstTensor, srcTensor, &deqScale, scaleT{}, nullptr, {}, false,
                                              srcTensor.GetSize(), ASC_LOC);
}
#undef ASC_DEQUANT_TENSOR_TYPES
#define ASC_DEQUANT_SCALAR_TYPES                                                                      \
  static_assert(asc_model::adv::dequant_types_ok<dstT, scaleT, false>(),                              \
                "AscendDequant with a scalar deqScale: bfloat16_t or float scale, bfloat16_t or float dst")
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                   const LocalTensor<uint8_t>& sharedTmpBuffer, DequantParams params, ASC_LOC_PARAMS) {
  ASC_DEQUANT_SCALAR_TYPES;
  asc_model::adv::dequant<dstT, scaleT, mode>(dstTensor, srcTensor, nullptr, deqScale, &sharedTmpBuffer, params,
                                              true, 0, ASC_LOC);
}
template <typename dstT, typename scaleT, DeQuantMode mode = DeQuantMode::DEQUANT_WITH_SINGLE_ROW>
void AscendDequant(const LocalTensor<dstT>& dstTensor, const LocalTensor<int32_t>& srcTensor, const scaleT deqScale,
                   DequantParams params, ASC_LOC_PARAMS) {
  ASC_DEQUANT_SCALAR_TYPES;
  asc_model::adv::dequant<dstT, scaleT, mode>(dstTensor, srcTensor, nullptr, deqScale, nullptr, params, true, 0,
                                              ASC_LOC);
}
#undef ASC_DEQUANT_SCALAR_TYPES

}  // namespace AscendC
