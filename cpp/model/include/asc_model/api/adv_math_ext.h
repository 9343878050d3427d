// adv/math, continued: ClampMin / ClampMax, Fmod, Power's scalar forms and
// CumSum, with the vendor's Atlas A2 (dav-2201) overload sets
// (include/adv_api/math/{clamp,fmod,power,cumsum}.h).
//
// Temporary buffers: where the vendor's A2 implementation splits the work by
// the size of sharedTmpBuffer and asserts the split is not empty, a buffer too
// small for one split is a fault naming the bytes it needs; the forms without
// sharedTmpBuffer take the UB the TPipe left over, which the Model does not
// need (as adv_math.h).
#pragma once
#include "asc_model/api/adv_common.h"
#include "asc_model/api/adv_math.h"

namespace asc_model {
namespace adv {

// A sharedTmpBuffer of fewer than `need` bytes is a fault.
inline void need_tmp(Call& op, const LocalTensor<uint8_t>* tmp, uint64_t need, const char* why) {
  if (!tmp || tmp->GetSize() >= need) return;
  char msg[256];
  std::snprintf(msg, sizeof msg,
                "sharedTmpBuffer has %llu bytes, fewer than the %llu %s needs (size it with the host's "
                "Get*MaxMinTmpSize)",
                (unsigned long long)tmp->GetSize(), (unsigned long long)need, why);
  op.fault(msg);
}

// d = f(s, scalar) / f(scalar, s) over n elements in the compute type.
template <class T, class F>
void with_scalar(const char* name, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                 const LocalTensor<uint8_t>* tmp, uint64_t n, uint64_t tmp_need, F f, const char* file, int line) {
  Call op(name, PIPE_V, file, line);
  need_tmp(op, tmp, tmp_need, "one split of the A2 implementation");
  T* d = op.out(dst, n);
  const T* s = op.in(src, n);
  declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  for (uint64_t i = 0; i < n; ++i) d[i] = T(f(Cmp<T>(s[i])));
}

// The A2 Power's smallest sharedTmpBuffer: one 256-byte scalar area (float and half)
// and one 32-element float split of its live buffers (4 tensor-tensor, 5 with a scalar
// for float; 7 for half; int32: 6 / 7 and no scalar area).
template <class T>
constexpr uint64_t power_min_tmp(bool tensor_tensor) {
  if constexpr (std::is_integral_v<T>) return (tensor_tensor ? 6 : 7) * 32 * 4;
  else if constexpr (sizeof(T) == 2) return 256 + 7 * 32 * 4;
  else return 256 + (tensor_tensor ? 4 : 5) * 32 * 4;
}

// Fmod as the A2 implementation computes it, in float: a - trunc(a / b) * b, each
// step rounded to float.
inline float fmod_a2(float a, float b) {
  float q = std::trunc(a / b);
  float p = q * b;
  return a - p;
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

// ---- ClampMax / ClampMin: dst = min(src, scalar) / max(src, scalar) (Mins / Maxs).
#define ASC_ADV_CLAMP(Name, EXPR)                                                                              \
  template <typename T, bool isReuseSource = false>                                                           \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                 \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const T scalar, const uint32_t calCount,             \
            ASC_LOC_PARAMS) {                                                                                 \
    using C = asc_model::adv::Cmp<T>;                                                                         \
    C s = C(scalar);                                                                                          \
    asc_model::adv::with_scalar<T>(#Name, dstTensor, srcTensor, &sharedTmpBuffer, calCount, 0,                \
                                   [s](C x) { return EXPR; }, ASC_LOC);                                       \
  }                                                                                                           \
  template <typename T, bool isReuseSource = false>                                                           \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const T scalar,                 \
            const uint32_t calCount, ASC_LOC_PARAMS) {                                                        \
    using C = asc_model::adv::Cmp<T>;                                                                         \
    C s = C(scalar);                                                                                          \
    asc_model::adv::with_scalar<T>(#Name, dstTensor, srcTensor, nullptr, calCount, 0,                         \
                                   [s](C x) { return EXPR; }, ASC_LOC);                                       \
  }
ASC_ADV_CLAMP(ClampMax, x < s ? x : s)
ASC_ADV_CLAMP(ClampMin, x > s ? x : s)
#undef ASC_ADV_CLAMP

// ---- Fmod (A2 forms; FmodConfig is the dav-3510 forms' template argument).
constexpr uint32_t FMOD_ITERATION_NUM_MAX = 11;
enum class FmodAlgo {
  NORMAL = 0,
  ITERATION_COMPENSATION = 1,
};
struct FmodConfig {
  FmodAlgo algo = FmodAlgo::NORMAL;
  uint32_t iterationNum = FMOD_ITERATION_NUM_MAX;
};
constexpr FmodConfig DEFAULT_FMOD_CONFIG = {FmodAlgo::NORMAL, FMOD_ITERATION_NUM_MAX};

namespace detail_adv_fmod {
template <class T>
void run(const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b,
         const LocalTensor<uint8_t>* tmp, uint64_t n, const char* file, int line) {
  asc_model::Call op("Fmod", PIPE_V, file, line);
  // half: the buffer is split in 8 live 32-element-aligned parts (3 float tensors + Trunc's)
  if constexpr (sizeof(T) == 2) asc_model::adv::need_tmp(op, tmp, 8 * 32 * sizeof(T), "one split of Fmod for half");
  T* d = op.out(dst, n);
  const T* x = op.in(a, n);
  const T* y = op.in(b, n);
  asc_model::adv::declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  for (uint64_t i = 0; i < n; ++i) d[i] = T(asc_model::adv::fmod_a2(float(x[i]), float(y[i])));
}
}  // namespace detail_adv_fmod

template <typename T, bool isReuseSource = false>
void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
          const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, ASC_LOC_PARAMS) {
  detail_adv_fmod::run(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, calCount, ASC_LOC);
}
template <typename T, bool isReuseSource = false>
void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
          const uint32_t calCount, ASC_LOC_PARAMS) {
  detail_adv_fmod::run(dstTensor, src0Tensor, src1Tensor, nullptr, calCount, ASC_LOC);
}
template <typename T, bool isReuseSource = false>
void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
          const LocalTensor<uint8_t>& sharedTmpBuffer, ASC_LOC_PARAMS) {
  detail_adv_fmod::run(dstTensor, src0Tensor, src1Tensor, &sharedTmpBuffer, src0Tensor.GetSize(), ASC_LOC);
}
template <typename T, bool isReuseSource = false>
void Fmod(const LocalTensor<T>& dstTensor, const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor,
          ASC_LOC_PARAMS) {
  detail_adv_fmod::run(dstTensor, src0Tensor, src1Tensor, nullptr, src0Tensor.GetSize(), ASC_LOC);
}

// ---- Power with a scalar base or exponent (the tensor-tensor forms are adv_math.h's).
// PARAMS: the form's parameters after dst; TMP: &sharedTmpBuffer or nullptr; SRC: the
// tensor operand; COUNT: the elements; EXPR: the result of x (an element of SRC).
#define ASC_ADV_POWER_TS(PARAMS, TMP, SRC, COUNT, EXPR)                                                        \
  template <typename T, bool isReuseSource = false>                                                           \
  void Power(const LocalTensor<T>& dstTensor, PARAMS, ASC_LOC_PARAMS) {                                       \
    using C = asc_model::adv::Cmp<T>;                                                                         \
    asc_model::adv::with_scalar<T>("Power", dstTensor, SRC, TMP, COUNT, asc_model::adv::power_min_tmp<T>(false), \
                                   [&](C x) { return EXPR; }, ASC_LOC);                                       \
  }
#define ASC_C ,
#define ASC_EXP asc_model::adv::power(x, C(src1Scalar))
#define ASC_BASE asc_model::adv::power(C(src0Scalar), x)
// (dst, src0Tensor, src1Scalar, ...): the scalar is the exponent.
ASC_ADV_POWER_TS(const LocalTensor<T>& src0Tensor ASC_C const T& src1Scalar ASC_C
                 const LocalTensor<uint8_t>& sharedTmpBuffer ASC_C uint32_t calCount,
                 &sharedTmpBuffer, src0Tensor, calCount, ASC_EXP)
ASC_ADV_POWER_TS(const LocalTensor<T>& src0Tensor ASC_C const T& src1Scalar ASC_C uint32_t calCount,
                 nullptr, src0Tensor, calCount, ASC_EXP)
ASC_ADV_POWER_TS(const LocalTensor<T>& src0Tensor ASC_C const T& src1Scalar ASC_C
                 const LocalTensor<uint8_t>& sharedTmpBuffer,
                 &sharedTmpBuffer, src0Tensor, src0Tensor.GetSize(), ASC_EXP)
ASC_ADV_POWER_TS(const LocalTensor<T>& src0Tensor ASC_C const T& src1Scalar,
                 nullptr, src0Tensor, src0Tensor.GetSize(), ASC_EXP)
// (dst, src0Scalar, src1Tensor, ...): the scalar is the base.
ASC_ADV_POWER_TS(const T& src0Scalar ASC_C const LocalTensor<T>& src1Tensor ASC_C
                 const LocalTensor<uint8_t>& sharedTmpBuffer ASC_C uint32_t calCount,
                 &sharedTmpBuffer, src1Tensor, calCount, ASC_BASE)
ASC_ADV_POWER_TS(const T& src0Scalar ASC_C const LocalTensor<T>& src1Tensor ASC_C uint32_t calCount,
                 nullptr, src1Tensor, calCount, ASC_BASE)
ASC_ADV_POWER_TS(const T& src0Scalar ASC_C const LocalTensor<T>& src1Tensor ASC_C
                 const LocalTensor<uint8_t>& sharedTmpBuffer,
                 &sharedTmpBuffer, src1Tensor, src1Tensor.GetSize(), ASC_BASE)
ASC_ADV_POWER_TS(const T& src0Scalar ASC_C const LocalTensor<T>& src1Tensor,
                 nullptr, src1Tensor, src1Tensor.GetSize(), ASC_BASE)
#undef ASC_BASE
#undef ASC_EXP
#undef ASC_C
#undef ASC_ADV_POWER_TS

// ---- CumSum: prefix sums along the outer axis (isLastAxis false: row i is the sum of
// rows 0..i) or along each row (isLastAxis true), accumulated in float and rounded
// to T once; outputLastRow copies the result's last row to lastRowTensor.
enum class CumSumAlgorithm { CUMSUM_ALGORITHM_LINEBYLINE = 0, CUMSUM_ALGORITHM_SKLANSKY = 1 };
struct CumSumConfig {
  bool isLastAxis{true};
  bool isReuseSource{false};
  bool outputLastRow{false};
  CumSumAlgorithm algorithm{CumSumAlgorithm::CUMSUM_ALGORITHM_LINEBYLINE};
};
struct CumSumInfo {
  uint32_t outter{0};
  uint32_t inner{0};  // 32-byte aligned
};
constexpr CumSumConfig defaultCumSumConfig = {true, false, true};

namespace detail_adv_cumsum {
template <class T>
void run(const CumSumConfig& cfg, LocalTensor<T>& dst, LocalTensor<T>& last_row, const LocalTensor<T>& src,
         const LocalTensor<uint8_t>* tmp, const CumSumInfo& info, const char* file, int line) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "CumSum supports half and float");
  asc_model::Call op("CumSum", PIPE_V, file, line);
  const uint64_t rows = info.outter, cols = info.inner;
  if (rows == 0 || cols == 0) op.fault("cumSumInfo.outter and cumSumInfo.inner must be greater than 0");
  if (cols * sizeof(T) % 32 != 0) op.fault("cumSumInfo.inner must fill whole 32-byte blocks");
  // The A2 implementation's smallest buffer: half along the outer axis casts all of src to
  // float; along the last axis two 16-row transposes (and a 16-row cast for half).
  uint64_t need = cfg.isLastAxis ? (sizeof(T) == 2 ? cols * 16 * 2 : 0) + 16 * cols * sizeof(T) * 2
                                 : (sizeof(T) == 2 ? rows * cols * sizeof(float) : 0);
  asc_model::adv::need_tmp(op, tmp, need, cfg.isLastAxis ? "CumSum along the last axis" : "CumSum of half");
  const uint64_t n = rows * cols;
  T* d = op.out(dst, n);
  const T* s = op.in(src, n);
  T* lr = cfg.outputLastRow ? op.out(last_row, cols) : nullptr;
  asc_model::adv::declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  std::vector<float> acc(cfg.isLastAxis ? 1 : cols, 0.f);
  for (uint64_t r = 0; r < rows; ++r) {
    if (cfg.isLastAxis) acc[0] = 0.f;
    for (uint64_t c = 0; c < cols; ++c) {
      float& a = cfg.isLastAxis ? acc[0] : acc[c];
      a = (cfg.isLastAxis ? c : r) == 0 ? float(s[r * cols + c]) : a + float(s[r * cols + c]);
      d[r * cols + c] = T(a);
    }
  }
  if (lr)
    for (uint64_t c = 0; c < cols; ++c) lr[c] = d[(rows - 1) * cols + c];
}
}  // namespace detail_adv_cumsum

template <typename T, const CumSumConfig& config = defaultCumSumConfig>
void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor, const LocalTensor<T>& srcTensor,
            LocalTensor<uint8_t>& sharedTmpBuffer, const CumSumInfo& cumSumInfo, ASC_LOC_PARAMS) {
  detail_adv_cumsum::run(config, dstTensor, lastRowTensor, srcTensor, &sharedTmpBuffer, cumSumInfo, ASC_LOC);
}
template <typename T, const CumSumConfig& config = defaultCumSumConfig>
void CumSum(LocalTensor<T>& dstTensor, LocalTensor<T>& lastRowTensor, const LocalTensor<T>& srcTensor,
            const CumSumInfo& cumSumInfo, ASC_LOC_PARAMS) {
  detail_adv_cumsum::run(config, dstTensor, lastRowTensor, srcTensor, nullptr, cumSumInfo, ASC_LOC);
}

}  // namespace AscendC
