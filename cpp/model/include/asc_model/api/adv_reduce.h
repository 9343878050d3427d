// adv/reduce: ReduceMax / ReduceMin / ReduceSum / ReduceMean / ReduceProd /
// ReduceAny / ReduceAll over a 2-D source with a Pattern::Reduce::AR or RA
// (adv_api/reduce/reduce.h), and Sum over the rows of SumParams (adv_api/reduce/sum.h).
//
// The A2 layout (impl/adv_api/detail/reduce/*_v220_impl.h): srcShape is {first,
// last}; rows are `last` rounded up to 32 bytes apart (srcInnerPad must be true).
// AR reduces each row (dst[first]); RA reduces each column (dst[last]). Sums use
// the vendor's orders: AR a pairwise tree over the row, RA folding the rows at
// the largest power of two below `first` and then halving.
#pragma once
#include <cstdio>
#include <type_traits>
#include <vector>
#include "asc_model/api/adv_common.h"
#include "asc_model/api/vec_reduce.h"

namespace AscendC {
namespace Pattern {
namespace Reduce {
// The Model implements AR and RA (as the vendor's A2 code); the others exist to be named.
struct R {};
struct RA {};
struct AR {};
struct ARA {};
struct ARAR {};
struct ARARA {};
struct ARARAR {};
struct ARARARA {};
struct ARARARAR {};
struct ARARARARA {};
struct RAR {};
struct RARA {};
struct RARAR {};
struct RARARA {};
struct RARARAR {};
struct RARARARA {};
}  // namespace Reduce
}  // namespace Pattern

struct SumParams {
  uint32_t outter = 1;
  uint32_t inner;  // n rounded up to 32 bytes of T
  uint32_t n;      // the row's element count
};
}  // namespace AscendC

namespace asc_model {
namespace adv {

enum class RedOp { Max, Min, Sum, Mean, Prod, Any, All };

inline uint32_t pow2_floor(uint32_t n) {
  uint32_t r = 1;
  while (n > 1) { r <<= 1; n >>= 1; }
  return r;
}

// The temporary bytes the vendor's A2 code uses (as GetReduce*MaxMinTmpSize compute them).
template <class T>
inline uint64_t reduce_tmp_bytes(RedOp k, bool ar, bool reuse, uint32_t first, uint32_t last) {
  const uint32_t ts = sizeof(T);
  if (k == RedOp::Any || k == RedOp::All) {
    if (std::is_same_v<T, uint8_t>) {
      if (ar) return (last + 31) / 32 * 32 * 2 + first * 32;
      if (reuse) return 0;
      uint32_t q = pow2_floor(first);
      if (q == first && first > 1) q >>= 1;
      return uint64_t(q) * ((last + 31) / 32 * 32);
    }
  }
  if (k == RedOp::Prod) {
    if (reuse) return ar ? 256 : 0;
    if (ar) {
      uint32_t q = pow2_floor(last);
      if (q == last && first > 1) q >>= 1;
      return (uint64_t(std::max<uint32_t>(8, q)) + uint64_t(first) * 8) * 4 + 256;
    }
  }
  if (reuse) return 0;
  if (k == RedOp::Sum || k == RedOp::Mean) {
    if (ar) {
      uint32_t q = pow2_floor(last);
      if (q == last && first > 1) q >>= 1;
      return last <= 64 ? 0 : uint64_t(first) * q * 4;
    }
    uint32_t q = pow2_floor(first);
    if (q == first && first > 1) q >>= 1;
    return uint64_t(q) * ((last + 7) / 8 * 8) * 4;
  }
  if (ar) {
    uint32_t blk = 32 / ts, rep = 256 / ts;
    if (last <= blk) return 0;
    return uint64_t(first) * (last < rep ? blk : rep) * ts;
  }
  uint32_t q = pow2_floor(first);
  if (q == first && first > 1) q >>= 1;
  return uint64_t(q) * ((uint64_t(last) * ts + 31) / 32 * 32);
}

template <class T>
inline T red2(RedOp k, T a, T b) {
  switch (k) {
    case RedOp::Max: return Cmp<T>(a) >= Cmp<T>(b) || Cmp<T>(b) != Cmp<T>(b) ? a : b;
    case RedOp::Min: return Cmp<T>(a) <= Cmp<T>(b) || Cmp<T>(b) != Cmp<T>(b) ? a : b;
    case RedOp::Sum:
    case RedOp::Mean: return vec::rsum(a, b);
    case RedOp::Prod: return T(Cmp<T>(a) * Cmp<T>(b));
    case RedOp::Any: return (Cmp<T>(a) != 0 || Cmp<T>(b) != 0) ? T(1) : T(0);
    case RedOp::All: return (Cmp<T>(a) != 0 && Cmp<T>(b) != 0) ? T(1) : T(0);
  }
  return a;
}
template <class T>
inline T red_tree(RedOp k, std::vector<T> v) {
  while (v.size() > 1) {
    std::vector<T> n((v.size() + 1) / 2);
    for (size_t i = 0; i < n.size(); ++i) n[i] = 2 * i + 1 < v.size() ? red2(k, v[2 * i], v[2 * i + 1]) : v[2 * i];
    v.swap(n);
  }
  return v[0];
}

template <class T, class pattern, bool isReuseSource>
void reduce2d(const char* name, RedOp k, const LocalTensor<T>& dst, const LocalTensor<T>& src,
              const LocalTensor<uint8_t>* tmp, const uint32_t srcShape[], bool srcInnerPad, const char* file,
              int line) {
  static_assert(std::is_same_v<pattern, AscendC::Pattern::Reduce::AR> ||
                    std::is_same_v<pattern, AscendC::Pattern::Reduce::RA>,
                "the adv Reduce APIs support the AR and RA patterns (as the vendor's A2 code)");
  constexpr bool ar = std::is_same_v<pattern, AscendC::Pattern::Reduce::AR>;
  Call op(name, PIPE_V, file, line);
  const uint32_t first = srcShape[0], last = srcShape[1];
  if (first == 0 || last == 0) op.fault("both axes of srcShape must be greater than 0");
  if (!srcInnerPad) op.fault("srcInnerPad must be true (the rows of the source are padded to 32 bytes)");
  const uint64_t blk = 32 / sizeof(T);
  const uint64_t pad = (last + blk - 1) / blk * blk;
  const uint64_t out_n = ar ? first : last;
  if (tmp) {
    uint64_t need = reduce_tmp_bytes<T>(k, ar, isReuseSource, first, last);
    if (tmp->GetSize() < need) {
      char msg[200];
      std::snprintf(msg, sizeof msg, "sharedTmpBuffer holds %llu bytes; %s of [%u, %u] needs %llu",
                    (unsigned long long)tmp->GetSize(), name, first, last, (unsigned long long)need);
      op.fault(msg);
    }
  }
  T* d = op.out(dst, out_n);
  const T* s = op.in(src, uint64_t(first) * pad);
  declare_tmp(op, tmp);
  if (!op.elems(uint64_t(first) * last).run()) return;
  std::vector<T> r(out_n);
  if (ar) {
    std::vector<T> v(last);
    for (uint32_t i = 0; i < first; ++i) {
      for (uint32_t j = 0; j < last; ++j) v[j] = s[i * pad + j];
      r[i] = red_tree(k, v);
    }
  } else {
    // fold rows [q, first) onto [0, first - q), then halve q rows down to one
    std::vector<T> acc(s, s + uint64_t(first) * pad);
    uint32_t rows = first;
    while (rows > 1) {
      uint32_t q = pow2_floor(rows);
      if (q == rows) q >>= 1;
      for (uint32_t i = 0; i + q < rows; ++i)
        for (uint32_t j = 0; j < last; ++j) acc[i * pad + j] = red2(k, acc[i * pad + j], acc[(i + q) * pad + j]);
      rows = q;
    }
    for (uint32_t j = 0; j < last; ++j) r[j] = acc[j];
  }
  if (k == RedOp::Mean) {
    float div = float(ar ? last : first);
    for (auto& x : r) x = T(Cmp<T>(x) / div);
  }
  for (uint64_t i = 0; i < out_n; ++i) d[i] = r[i];
}

// Sum: each of `outter` rows (inner apart) summed over its first n, per 256-byte
// repeat by tree (RepeatReduceSum), then the repeats' sums likewise until one.
template <class T>
void sum_rows(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>* tmp,
              const AscendC::SumParams& p, const char* file, int line) {
  static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Sum supports half and float");
  Call op("Sum", PIPE_V, file, line);
  const uint32_t blk = 32 / sizeof(T), rep = 256 / sizeof(T);
  if (p.inner == 0 || p.inner % blk != 0) op.fault("SumParams.inner must be 32-byte aligned and greater than 0");
  if (p.n < 1 || p.n > p.inner) op.fault("SumParams.n must be in [1, SumParams.inner]");
  if (p.outter == 0) op.fault("SumParams.outter must be greater than 0");
  const uint32_t reps = (p.n + rep - 1) / rep;
  if (tmp && reps > 1) {
    uint64_t need = uint64_t((reps + blk - 1) / blk * blk) * sizeof(T);
    if (tmp->GetSize() < need) {
      char msg[160];
      std::snprintf(msg, sizeof msg, "sharedTmpBuffer holds %llu bytes; Sum of rows of %u needs %llu",
                    (unsigned long long)tmp->GetSize(), p.n, (unsigned long long)need);
      op.fault(msg);
    }
  }
  T* d = op.out(dst, p.outter);
  const T* s = op.in(src, uint64_t(p.outter - 1) * p.inner + p.n);
  declare_tmp(op, tmp);
  if (!op.elems(uint64_t(p.outter) * p.n).run()) return;
  std::vector<T> r(p.outter);
  for (uint32_t row = 0; row < p.outter; ++row) {
    std::vector<T> v(s + uint64_t(row) * p.inner, s + uint64_t(row) * p.inner + p.n);
    while (v.size() > 1) {
      std::vector<T> next;
      for (size_t i = 0; i < v.size(); i += rep)
        next.push_back(vec::tree_sum(std::vector<T>(v.begin() + i, v.begin() + std::min(v.size(), i + rep))));
      v.swap(next);
    }
    r[row] = v[0];
  }
  for (uint32_t row = 0; row < p.outter; ++row) d[row] = r[row];
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

#define ASC_ADV_REDUCE(Name, KIND, TYPES_OK, TYPES_MSG)                                                          \
  template <class T, class pattern, bool isReuseSource = false>                                                \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,                                  \
            const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t srcShape[], bool srcInnerPad,          \
            ASC_LOC_PARAMS) {                                                                                  \
    static_assert(TYPES_OK, TYPES_MSG);                                                                        \
    asc_model::adv::reduce2d<T, pattern, isReuseSource>(#Name, asc_model::adv::RedOp::KIND, dstTensor,         \
                                                        srcTensor, &sharedTmpBuffer, srcShape, srcInnerPad,    \
                                                        ASC_LOC);                                              \
  }                                                                                                            \
  template <class T, class pattern, bool isReuseSource = false>                                                \
  void Name(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t srcShape[],       \
            bool srcInnerPad, ASC_LOC_PARAMS) {                                                                \
    static_assert(TYPES_OK, TYPES_MSG);                                                                        \
    asc_model::adv::reduce2d<T, pattern, isReuseSource>(#Name, asc_model::adv::RedOp::KIND, dstTensor,         \
                                                        srcTensor, nullptr, srcShape, srcInnerPad, ASC_LOC);   \
  }
#define ASC_HALF_FLOAT (std::is_same_v<T, half> || std::is_same_v<T, float>)
#define ASC_FLOAT_ONLY (std::is_same_v<T, float>)
#define ASC_FLOAT_U8 (std::is_same_v<T, float> || std::is_same_v<T, uint8_t>)
ASC_ADV_REDUCE(ReduceMean, Mean, ASC_FLOAT_ONLY, "ReduceMean supports float")
ASC_ADV_REDUCE(ReduceMax, Max, ASC_HALF_FLOAT, "ReduceMax supports half and float")
ASC_ADV_REDUCE(ReduceMin, Min, ASC_HALF_FLOAT, "ReduceMin supports half and float")
ASC_ADV_REDUCE(ReduceSum, Sum, ASC_FLOAT_ONLY, "ReduceSum supports float")
ASC_ADV_REDUCE(ReduceProd, Prod, ASC_FLOAT_ONLY, "ReduceProd supports float")
ASC_ADV_REDUCE(ReduceAny, Any, ASC_FLOAT_U8, "ReduceAny supports float and uint8_t")
ASC_ADV_REDUCE(ReduceAll, All, ASC_FLOAT_U8, "ReduceAll supports float and uint8_t")
#undef ASC_HALF_FLOAT
#undef ASC_FLOAT_ONLY
#undef ASC_FLOAT_U8
#undef ASC_ADV_REDUCE

template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer,
         const SumParams& sumParams, ASC_LOC_PARAMS) {
  asc_model::adv::sum_rows<T>(dstTensor, srcTensor, &sharedTmpBuffer, sumParams, ASC_LOC);
}
template <typename T, int32_t reduceDim = -1, bool isReuseSource = false, bool isBasicBlock = false>
void Sum(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const SumParams& sumParams,
         ASC_LOC_PARAMS) {
  asc_model::adv::sum_rows<T>(dstTensor, srcTensor, nullptr, sumParams, ASC_LOC);
}

}  // namespace AscendC
