// Reductions: ReduceSum/Max/Min (level 2 and level 0), WholeReduce*,
// BlockReduce*, PairReduceSum, RepeatReduceSum, and Brcb; the newer names
// ReduceRepeat / ReducePairElem / ReduceDataBlock<ReduceType> (the same
// instructions) and the special registers a reduction leaves its result in
// (GetReduceRepeatSumSpr, GetReduceRepeatMaxMinSpr and their older names).
//
// Semantics: sums are binary trees (adjacent pairs, as the vendor docs
// describe), every partial sum rounded to T; for half a partial sum beyond
// +-65504 saturates to +-65504 (vendor docs, BlockReduceSum). ReduceSum level 2
// sums each repeat by tree and the repeat results in order; level 0 trees both.
// Max/Min take the first index on ties. Indices are stored as the unsigned
// integer of T's width reinterpreted in T's bits (uint16 for half, uint32 for
// float). Result strides (dstRepStride) are in units of one repeat's result
// (vendor: "以一个repeat归约后的长度为单位"): 1 element (sum, ONLY_*), 2 (value and
// index pairs), 8 (BlockReduce), epr/2 (PairReduceSum). Masked-off elements do
// not take part; a block / pair / repeat with no active element writes nothing.
#pragma once
#include <vector>
#if defined(__SSE2__)
#include <xmmintrin.h>
#endif
#include "asc_model/api/vec_engine.h"

namespace asc_model {
namespace vec {

template <class T>
inline T rsum(T a, T b) {
  if constexpr (std::is_same_v<T, half>) {
    float s = float(a) + float(b);
    if (s > 65504.f) s = 65504.f;
    if (s < -65504.f) s = -65504.f;
    return T(s);
  } else {
    return T(Cmp<T>(a) + Cmp<T>(b));
  }
}
template <class T>
inline T tree_sum(std::vector<T> v) {
  if (v.empty()) return T(0);
  while (v.size() > 1) {
    std::vector<T> n((v.size() + 1) / 2);
    for (size_t i = 0; i < n.size(); ++i) n[i] = 2 * i + 1 < v.size() ? rsum(v[2 * i], v[2 * i + 1]) : v[2 * i];
    v.swap(n);
  }
  return v[0];
}
template <class T>
inline T index_bits(uint64_t idx) {
  T v{};
  if constexpr (sizeof(T) == 2) { uint16_t u = uint16_t(idx); std::memcpy(static_cast<void*>(&v), &u, 2); }
  else if constexpr (sizeof(T) == 4) { uint32_t u = uint32_t(idx); std::memcpy(static_cast<void*>(&v), &u, 4); }
  else { std::memcpy(static_cast<void*>(&v), &idx, sizeof(T)); }
  return v;
}
// The vector unit's reduction registers (ACC_VAL, MAX_MIN_CNT) of the calling
// core: ReduceSum leaves its sum in ACC_VAL; ReduceMax / ReduceMin and
// WholeReduceMax / WholeReduceMin (ReduceRepeat MAX / MIN: its last repeat)
// leave the value and its index in MAX_MIN_CNT. They live in the core
// (Core::reduce_spr): a launch's cores start with them reset.
inline ReduceSpr& reduce_spr() { return current_core().reduce_spr; }
template <class T>
inline uint64_t value_bits(T v) {
  uint64_t u = 0;
  std::memcpy(&u, static_cast<const void*>(&v), sizeof(T));
  return u;
}
template <class T>
inline T bits_value(uint64_t u) {
  T v{};
  std::memcpy(static_cast<void*>(&v), &u, sizeof(T));
  return v;
}
inline void spr_max_min(uint64_t val, uint64_t idx) {
  ReduceSpr& r = reduce_spr();
  r.mm_val = val;
  r.mm_idx = idx;
  r.mm_set = true;
}

// Values of repeat r's active elements (with their in-repeat positions).
template <class T>
inline void repeat_vals(const Plan& pl, const Opd& s, int r, std::vector<T>& v, std::vector<int>& pos) {
  v.clear(); pos.clear();
  const Mask& m = pl.mask(r);
  for (int e = 0; e < pl.epr; ++e)
    if (m.test(e)) { v.push_back(ld<T>(s.origin + s.off(r, e))); pos.push_back(e); }
}
// Best (max or min) with first index on ties; returns false when empty.
template <class T>
inline bool best(const std::vector<T>& v, bool is_max, size_t& at) {
  if (v.empty()) return false;
  at = 0;
  for (size_t i = 1; i < v.size(); ++i) {
    Cmp<T> a = v[i], b = v[at];
    if (is_max ? a > b : a < b) at = i;
  }
  return true;
}

// Tree sum of n <= 256 contiguous values, the same pairing as tree_sum, on a
// stack buffer (no allocation).
template <class T>
inline T tree_sum_n(const uint8_t* src, int n) {
  if (n <= 0) return T(0);
  T buf[256];
  std::memcpy(static_cast<void*>(buf), src, size_t(n) * sizeof(T));
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    // Levels with a multiple of 8 values: 4 adjacent-pair sums per SSE add
    // (the same pairs, the same float additions).
    for (; n >= 8 && n % 8 == 0; n /= 2)
      for (int i = 0; i < n; i += 8) {
        __m128 a = _mm_loadu_ps(buf + i), b = _mm_loadu_ps(buf + i + 4);
        __m128 even = _mm_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));
        __m128 odd = _mm_shuffle_ps(a, b, _MM_SHUFFLE(3, 1, 3, 1));
        _mm_storeu_ps(buf + i / 2, _mm_add_ps(even, odd));
      }
  }
#endif
  while (n > 1) {
    int m = (n + 1) / 2;
    for (int i = 0; i < m; ++i) buf[i] = 2 * i + 1 < n ? rsum(buf[2 * i], buf[2 * i + 1]) : buf[2 * i];
    n = m;
  }
  return buf[0];
}

enum class Kind { Sum, Max, Min };

template <class T>
void reduce_contig(Kind k, const uint8_t* src, const Plan& pl, uint8_t* d, bool cal_index, uint64_t& at_out) {
  uint64_t n = pl.elems();
  if (k == Kind::Sum) {
    T acc = T(0);
    for (int r = 0; r < pl.repeats; ++r) {
      int len = r + 1 == pl.repeats ? pl.last.count() : pl.epr;
      T part = tree_sum_n<T>(src + uint64_t(r) * pl.epr * sizeof(T), len);
      acc = r ? rsum(acc, part) : part;
    }
    st<T>(d, acc);
    return;
  }
  if (n == 0) return;
  const T* v = reinterpret_cast<const T*>(src);
  uint64_t at = 0;
  Cmp<T> best = v[0];
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    // Without NaNs the sequential scan keeps the first element equal to the
    // extreme value: find that value with SSE max/min, then its first index.
    if (n >= 8) {
      __m128 m = _mm_loadu_ps(v), bad = _mm_cmpunord_ps(m, m);
      uint64_t i = 4;
      for (; i + 4 <= n; i += 4) {
        __m128 x = _mm_loadu_ps(v + i);
        bad = _mm_or_ps(bad, _mm_cmpunord_ps(x, x));
        m = k == Kind::Max ? _mm_max_ps(m, x) : _mm_min_ps(m, x);
      }
      if (!_mm_movemask_ps(bad)) {
        float lanes[4];
        _mm_storeu_ps(lanes, m);
        float e = lanes[0];
        for (int j = 1; j < 4; ++j) e = k == Kind::Max ? (lanes[j] > e ? lanes[j] : e) : (lanes[j] < e ? lanes[j] : e);
        bool nan = false;
        for (; i < n; ++i) {
          nan = nan || v[i] != v[i];
          e = k == Kind::Max ? (v[i] > e ? v[i] : e) : (v[i] < e ? v[i] : e);
        }
        if (!nan) {  // the tail had no NaN either
          while (!(v[at] == e)) ++at;
          at_out = at;
          st<T>(d, v[at]);
          if (cal_index) st<T>(d + sizeof(T), index_bits<T>(at));
          return;
        }
        at = 0;
      }
    }
  }
#endif
  if (k == Kind::Max) {
    for (uint64_t i = 1; i < n; ++i) { Cmp<T> a = v[i]; if (a > best) { best = a; at = i; } }
  } else {
    for (uint64_t i = 1; i < n; ++i) { Cmp<T> a = v[i]; if (a < best) { best = a; at = i; } }
  }
  at_out = at;
  st<T>(d, v[at]);
  if (cal_index) st<T>(d + sizeof(T), index_bits<T>(at));
}

// ReduceSum/Max/Min: level 2 (pl == nullptr: count contiguous) or level 0.
template <class T>
void reduce_all(Call& op, Kind k, const LT<T>& dst, const Plan& pl, Opd s, bool cal_index,
                bool level2) {
  declare(op, pl, s);
  uint8_t* d = op.range(dst.ref(), 0, (cal_index && k != Kind::Sum ? 2 : 1) * sizeof(T), true, false);
  op.elems(pl.elems()).run();
  ASC_PRECISION_ONLY(precision::Tracker<T> sh(op.core(), op.api(), op.file(), op.line());
                     if (level2 && pl.elems()) {
                       double acc = sh.template in<T>(s.origin, 1);
                       for (uint64_t i = 1; i < pl.elems(); ++i) {
                         double x = sh.template in<T>(s.origin + i * sizeof(T), 1);
                         acc = k == Kind::Sum ? acc + x : k == Kind::Max ? std::max(acc, x) : std::min(acc, x);
                       }
                       sh.out(d, acc);
                     })
  if (level2) {
    uint64_t at = 0;
    reduce_contig<T>(k, s.origin, pl, d, cal_index, at);
    if (k == Kind::Sum) {
      ReduceSpr& r = reduce_spr();
      r.acc = value_bits(ld<T>(d));
      r.acc_set = true;
    } else if (pl.elems()) {
      spr_max_min(value_bits(ld<T>(d)), at);
    }
    return;
  }
  std::vector<T> all, part;
  std::vector<uint64_t> idx;
  std::vector<T> v;
  std::vector<int> pos;
  for (int r = 0; r < pl.repeats; ++r) {
    repeat_vals(pl, s, r, v, pos);
    if (k == Kind::Sum) { if (!v.empty()) part.push_back(tree_sum(v)); continue; }
    for (size_t i = 0; i < v.size(); ++i) { all.push_back(v[i]); idx.push_back(uint64_t(r) * pl.epr + pos[i]); }
  }
  if (k == Kind::Sum) {
    T acc = T(0);
    if (level2) { for (size_t i = 0; i < part.size(); ++i) acc = i ? rsum(acc, part[i]) : part[i]; }
    else acc = tree_sum(part);
    st<T>(d, acc);
    ReduceSpr& rs = reduce_spr();
    rs.acc = value_bits(acc);
    rs.acc_set = true;
    return;
  }
  size_t at;
  if (!best(all, k == Kind::Max, at)) return;
  spr_max_min(value_bits(all[at]), idx[at]);
  st<T>(d, all[at]);
  if (cal_index) st<T>(d + sizeof(T), index_bits<T>(idx[at]));
}

template <class T>
void reduce_l2(const char* name, Kind k, const LT<T>& dst, const LT<T>& src, int32_t count, bool cal_index,
               const char* file, int line) {
  Call op(name, PIPE_V, file, line);
  if (count < 0) op.fault("count is negative");
  Plan pl;
  pl.epr = 256 / int(sizeof(T));
  pl.repeats = (count + pl.epr - 1) / pl.epr;
  pl.full = Mask::first(uint32_t(pl.epr));
  pl.last = Mask::first(uint32_t(count - (pl.repeats ? pl.repeats - 1 : 0) * pl.epr));
  reduce_all(op, k, dst, pl, opd(src, 1, 8, false), cal_index, true);
}
template <class T>
void reduce_l0(const char* name, Kind k, const LT<T>& dst, const LT<T>& src, MaskArg m, int rep, int src_rep,
               bool cal_index, const char* file, int line) {
  Call op(name, PIPE_V, file, line);
  Plan pl = resolve(op, m, true, rep, 256 / int(sizeof(T)));
  reduce_all(op, k, dst, pl, opd(src, 1, uint64_t(src_rep), false), cal_index, false);
}

// Per-repeat reductions: `results(r, vals, pos, out)` fills up to `rlen`
// values of repeat r (returns how many, 0 = write nothing); they land at
// dst + r*dstRepStride*rlen elements.
template <class T, class G>
void per_repeat(const char* name, const LT<T>& dst, const LT<T>& src, MaskArg m, bool set, int rep,
                int dst_rep, int src_blk, int src_rep, int rlen, G results, const char* file, int line) {
  Call op(name, PIPE_V, file, line);
  Plan pl = resolve(op, m, set, rep, 256 / int(sizeof(T)));
  Opd s = opd(src, uint64_t(src_blk), uint64_t(src_rep), false);
  declare(op, pl, s);
  std::vector<uint8_t*> d(size_t(pl.repeats));
  for (int r = 0; r < pl.repeats; ++r)
    d[size_t(r)] = op.range(dst.ref(), uint64_t(r) * dst_rep * rlen * sizeof(T), uint64_t(rlen) * sizeof(T), true,
                            false);
  op.elems(pl.elems()).run();
  std::vector<T> v, out(static_cast<size_t>(rlen), T(0));
  std::vector<int> pos;
  std::vector<char> valid(static_cast<size_t>(rlen), 0);
  for (int r = 0; r < pl.repeats; ++r) {
    repeat_vals(pl, s, r, v, pos);
    std::fill(valid.begin(), valid.end(), 0);
    results(pl, r, v, pos, out, valid);
    for (int i = 0; i < rlen; ++i)
      if (valid[size_t(i)]) st<T>(d[size_t(r)] + size_t(i) * sizeof(T), out[size_t(i)]);
  }
}

template <class T>
inline auto whole_sum() {
  return [](const Plan&, int, std::vector<T>& v, std::vector<int>&, std::vector<T>& out, std::vector<char>& ok) {
    if (!v.empty()) { out[0] = tree_sum(v); ok[0] = 1; }
  };
}
template <class T>
inline auto whole_best(bool is_max, int order) {
  return [=](const Plan&, int, std::vector<T>& v, std::vector<int>& pos, std::vector<T>& out, std::vector<char>& ok) {
    size_t at;
    if (!best(v, is_max, at)) return;
    T val = v[at], ix = index_bits<T>(uint64_t(pos[at]));
    spr_max_min(value_bits(val), uint64_t(pos[at]));  // MAX_MIN_CNT: the last repeat's
    switch (order) {
      case 0: out[0] = val; out[1] = ix; ok[0] = ok[1] = 1; break;
      case 1: out[0] = ix; out[1] = val; ok[0] = ok[1] = 1; break;
      case 2: out[0] = val; ok[0] = 1; break;
      default: out[0] = ix; ok[0] = 1; break;
    }
  };
}
template <class T>
inline auto block_red(Kind k) {
  return [=](const Plan&, int, std::vector<T>& v, std::vector<int>& pos, std::vector<T>& out, std::vector<char>& ok) {
    const int epb = 32 / int(sizeof(T));
    for (int b = 0; b < 8; ++b) {
      std::vector<T> bv;
      for (size_t i = 0; i < v.size(); ++i)
        if (pos[i] / epb == b) bv.push_back(v[i]);
      if (bv.empty()) continue;
      size_t at;
      if (k == Kind::Sum) out[size_t(b)] = tree_sum(bv);
      else { best(bv, k == Kind::Max, at); out[size_t(b)] = bv[at]; }
      ok[size_t(b)] = 1;
    }
  };
}
template <class T>
inline auto pair_sum() {
  return [](const Plan& pl, int, std::vector<T>& v, std::vector<int>& pos, std::vector<T>& out, std::vector<char>& ok) {
    std::vector<T> acc(size_t(pl.epr / 2));
    std::vector<char> has(size_t(pl.epr / 2));
    for (size_t i = 0; i < v.size(); ++i) {
      size_t j = size_t(pos[i] / 2);
      acc[j] = has[j] ? rsum(acc[j], v[i]) : v[i];
      has[j] = 1;
    }
    for (size_t j = 0; j < acc.size(); ++j) { out[j] = acc[j]; ok[j] = has[j]; }
  };
}

}  // namespace vec
}  // namespace asc_model

namespace AscendC {

// As the vendor declares them: ReduceMax / ReduceMin <T> with calIndex in every form; ReduceSum
// without calIndex, its count form alone taking isSetMask.
#define ASC_VEC_RED_L0(Name, KIND, CAL_PARAM, CAL)                                                              \
  template <class T>                                                                                            \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,        \
            const uint64_t mask[], const int32_t repeatTimes, const int32_t srcRepStride CAL_PARAM,            \
            ASC_LOC_PARAMS) {                                                                                   \
    (void)sharedTmpBuffer;                                                                                      \
    asc_model::vec::reduce_l0<T>(#Name, KIND, dst, src, asc_model::vec::bits_arg(mask), repeatTimes,            \
                                 srcRepStride, CAL, ASC_LOC);                                                   \
  }                                                                                                             \
  template <class T>                                                                                            \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,        \
            const int32_t mask, const int32_t repeatTimes, const int32_t srcRepStride CAL_PARAM,                \
            ASC_LOC_PARAMS) {                                                                                   \
    (void)sharedTmpBuffer;                                                                                      \
    asc_model::vec::reduce_l0<T>(#Name, KIND, dst, src, asc_model::vec::count_arg(uint64_t(mask)), repeatTimes, \
                                 srcRepStride, CAL, ASC_LOC);                                                   \
  }
#define ASC_COMMA ,
#define ASC_VEC_RED(Name, KIND)                                                                                 \
  template <class T>                                                                                            \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,        \
            const int32_t count, bool calIndex = false, ASC_LOC_PARAMS) {                                       \
    (void)sharedTmpBuffer;                                                                                      \
    asc_model::vec::reduce_l2<T>(#Name, KIND, dst, src, count, calIndex, ASC_LOC);                              \
  }                                                                                                             \
  ASC_VEC_RED_L0(Name, KIND, ASC_COMMA bool calIndex = false, calIndex)
ASC_VEC_RED(ReduceMax, asc_model::vec::Kind::Max)
ASC_VEC_RED(ReduceMin, asc_model::vec::Kind::Min)
template <class T, bool isSetMask = true>
void ReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
               const int32_t count, ASC_LOC_PARAMS) {
  (void)sharedTmpBuffer;
  asc_model::vec::reduce_l2<T>("ReduceSum", asc_model::vec::Kind::Sum, dst, src, count, false, ASC_LOC);
}
ASC_VEC_RED_L0(ReduceSum, asc_model::vec::Kind::Sum, , false)
#undef ASC_VEC_RED
#undef ASC_VEC_RED_L0
#undef ASC_COMMA

// WholeReduceSum / BlockReduce* / PairReduceSum: both mask forms.
#define ASC_VEC_PR(Name, MASKPOS, RLEN, FN)                                                                     \
  template <class T, bool isSetMask = true>                                                                     \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, ASC_VEC_PR_ARGS_##MASKPOS(const int32_t mask), \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride, ASC_LOC_PARAMS) { \
    asc_model::vec::per_repeat<T>(#Name, dst, src, asc_model::vec::count_arg(uint64_t(mask)), isSetMask,        \
                                  repeatTimes, dstRepStride, srcBlkStride, srcRepStride, RLEN, FN, ASC_LOC);    \
  }                                                                                                             \
  template <class T, bool isSetMask = true>                                                                     \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, ASC_VEC_PR_ARGS_##MASKPOS(const uint64_t mask[2]), \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride, ASC_LOC_PARAMS) { \
    asc_model::vec::per_repeat<T>(#Name, dst, src, asc_model::vec::bits_arg(mask), isSetMask, repeatTimes,      \
                                  dstRepStride, srcBlkStride, srcRepStride, RLEN, FN, ASC_LOC);                 \
  }
#define ASC_VEC_PR_ARGS_MR(M) M, const int32_t repeatTimes   // (mask, repeatTimes): WholeReduce
#define ASC_VEC_PR_ARGS_RM(M) const int32_t repeatTimes, M   // (repeatTimes, mask): Block/Pair
ASC_VEC_PR(WholeReduceSum, MR, 1, asc_model::vec::whole_sum<T>())
ASC_VEC_PR(BlockReduceSum, RM, 8, asc_model::vec::block_red<T>(asc_model::vec::Kind::Sum))
ASC_VEC_PR(BlockReduceMax, RM, 8, asc_model::vec::block_red<T>(asc_model::vec::Kind::Max))
ASC_VEC_PR(BlockReduceMin, RM, 8, asc_model::vec::block_red<T>(asc_model::vec::Kind::Min))
ASC_VEC_PR(PairReduceSum, RM, 128 / int(sizeof(T)), asc_model::vec::pair_sum<T>())
#undef ASC_VEC_PR
#undef ASC_VEC_PR_ARGS_MR
#undef ASC_VEC_PR_ARGS_RM

#define ASC_VEC_WR(Name, ISMAX)                                                                                 \
  template <class T, bool isSetMask = true>                                                                     \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask, const int32_t repeatTimes, \
            const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,                 \
            asc_model::EnumArg<ReduceOrder> order = ReduceOrder::ORDER_VALUE_INDEX, ASC_LOC_PARAMS) {           \
    int o = order, rlen = o >= 2 ? 1 : 2;                                                                      \
    asc_model::vec::per_repeat<T>(#Name, dst, src, asc_model::vec::count_arg(uint64_t(mask)), isSetMask,        \
                                  repeatTimes, dstRepStride, srcBlkStride, srcRepStride, rlen,                  \
                                  asc_model::vec::whole_best<T>(ISMAX, o), ASC_LOC);                            \
  }                                                                                                             \
  template <class T, bool isSetMask = true>                                                                     \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[2],                       \
            const int32_t repeatTimes, const int32_t dstRepStride, const int32_t srcBlkStride,                  \
            const int32_t srcRepStride,                                                                         \
            asc_model::EnumArg<ReduceOrder> order = ReduceOrder::ORDER_VALUE_INDEX, ASC_LOC_PARAMS) {           \
    int o = order, rlen = o >= 2 ? 1 : 2;                                                                      \
    asc_model::vec::per_repeat<T>(#Name, dst, src, asc_model::vec::bits_arg(mask), isSetMask, repeatTimes,      \
                                  dstRepStride, srcBlkStride, srcRepStride, rlen,                               \
                                  asc_model::vec::whole_best<T>(ISMAX, o), ASC_LOC);                            \
  }
ASC_VEC_WR(WholeReduceMax, true)
ASC_VEC_WR(WholeReduceMin, false)
#undef ASC_VEC_WR

// RepeatReduceSum: count mask only; dstBlkStride has no effect (vendor docs).
template <class T, bool isSetMask = true>
void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTimes,
                     const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                     const int32_t dstRepStride, const int32_t srcRepStride, ASC_LOC_PARAMS) {
  (void)dstBlkStride;
  asc_model::vec::per_repeat<T>("RepeatReduceSum", dst, src, asc_model::vec::count_arg(uint64_t(mask)), isSetMask,
                                repeatTimes, dstRepStride, srcBlkStride, srcRepStride, 1,
                                asc_model::vec::whole_sum<T>(), ASC_LOC);
}

// Brcb: per repeat, 8 consecutive src elements; element i fills dst block i.
template <class T>
void Brcb(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint8_t repeatTimes,
          const BrcbRepeatParams& p, ASC_LOC_PARAMS) {
  using namespace asc_model::vec;
  asc_model::Call op("Brcb", PIPE_V, ASC_LOC);
  const uint32_t epb = 32 / sizeof(T);
  const uint8_t* s = op.range(src.ref(), 0, uint64_t(repeatTimes) * 8 * sizeof(T), false, true);
  std::vector<uint8_t*> d;
  for (int r = 0; r < repeatTimes; ++r)
    for (int b = 0; b < 8; ++b)
      d.push_back(op.range(dst.ref(), (uint64_t(r) * p.dstRepStride + uint64_t(b) * p.dstBlkStride) * 32, 32, true,
                           true));
  op.elems(uint64_t(repeatTimes) * 8 * epb).run();
  std::vector<T> v(size_t(repeatTimes) * 8);
  for (size_t i = 0; i < v.size(); ++i) v[i] = ld<T>(s + i * sizeof(T));  // dst may alias src
  for (size_t i = 0; i < v.size(); ++i)
    for (uint32_t e = 0; e < epb; ++e) st<T>(d[i] + e * sizeof(T), v[i]);
}

// ReduceType (the vendor's include/utils/common_types.h) selects the
// reduction of ReduceRepeat / ReducePairElem / ReduceDataBlock.
enum class ReduceType { NONE = -1, SUM = 0, MAX, MIN };

namespace detail_reduce_type {
// On Atlas A2 the three run the same instructions as WholeReduce* / PairReduceSum /
// BlockReduce*, with dst and src of one type.
template <ReduceType R, class T, class U>
constexpr void check(bool pair) {
  static_assert(std::is_same_v<T, U>, "dst (T) and src (U) must be of one type on Atlas A2");
  static_assert(R == ReduceType::SUM || R == ReduceType::MAX || R == ReduceType::MIN,
                "reduceType must be ReduceType::SUM, MAX or MIN");
  (void)pair;
}
}  // namespace detail_reduce_type

#define ASC_VEC_RT(MASK_T, MASK_ARG)                                                                             \
  template <ReduceType reduceType, class T, class U, bool isSetMask = true>                                      \
  void ReduceRepeat(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASK_T, const int32_t repeatTime,      \
                    const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,          \
                    asc_model::EnumArg<ReduceOrder> order = ReduceOrder::ORDER_VALUE_INDEX, ASC_LOC_PARAMS) {    \
    detail_reduce_type::check<reduceType, T, U>(false);                                                          \
    if constexpr (reduceType == ReduceType::SUM) {                                                               \
      (void)order;                                                                                               \
      asc_model::vec::per_repeat<T>("ReduceRepeat<SUM>", dst, src, MASK_ARG, isSetMask, repeatTime,             \
                                    dstRepStride, srcBlkStride, srcRepStride, 1, asc_model::vec::whole_sum<T>(), \
                                    ASC_LOC);                                                                    \
    } else {                                                                                                     \
      int o = order, rlen = o >= 2 ? 1 : 2;                                                                      \
      asc_model::vec::per_repeat<T>(reduceType == ReduceType::MAX ? "ReduceRepeat<MAX>" : "ReduceRepeat<MIN>",  \
                                    dst, src, MASK_ARG, isSetMask, repeatTime, dstRepStride, srcBlkStride,       \
                                    srcRepStride, rlen,                                                          \
                                    asc_model::vec::whole_best<T>(reduceType == ReduceType::MAX, o), ASC_LOC);   \
    }                                                                                                            \
  }                                                                                                              \
  template <ReduceType reduceType, class T, class U, bool isSetMask = true>                                      \
  void ReducePairElem(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASK_T, const int32_t repeatTime,    \
                      const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,        \
                      ASC_LOC_PARAMS) {                                                                          \
    detail_reduce_type::check<reduceType, T, U>(true);                                                           \
    static_assert(reduceType == ReduceType::SUM, "ReducePairElem supports ReduceType::SUM only");               \
    asc_model::vec::per_repeat<T>("ReducePairElem<SUM>", dst, src, MASK_ARG, isSetMask, repeatTime,             \
                                  dstRepStride, srcBlkStride, srcRepStride, 128 / int(sizeof(T)),               \
                                  asc_model::vec::pair_sum<T>(), ASC_LOC);                                       \
  }                                                                                                              \
  template <ReduceType reduceType, class T, class U, bool isSetMask = true>                                      \
  void ReduceDataBlock(const LocalTensor<T>& dst, const LocalTensor<U>& src, MASK_T, const int32_t repeatTime,   \
                       const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,       \
                       ASC_LOC_PARAMS) {                                                                         \
    detail_reduce_type::check<reduceType, T, U>(false);                                                          \
    constexpr auto k = reduceType == ReduceType::SUM   ? asc_model::vec::Kind::Sum                                \
                       : reduceType == ReduceType::MAX ? asc_model::vec::Kind::Max                                \
                                                       : asc_model::vec::Kind::Min;                               \
    asc_model::vec::per_repeat<T>(k == asc_model::vec::Kind::Sum   ? "ReduceDataBlock<SUM>"                      \
                                  : k == asc_model::vec::Kind::Max ? "ReduceDataBlock<MAX>"                      \
                                                                   : "ReduceDataBlock<MIN>",                     \
                                  dst, src, MASK_ARG, isSetMask, repeatTime, dstRepStride, srcBlkStride,         \
                                  srcRepStride, 8, asc_model::vec::block_red<T>(k), ASC_LOC);                    \
  }
ASC_VEC_RT(const int32_t mask, asc_model::vec::count_arg(uint64_t(mask)))
ASC_VEC_RT(const uint64_t mask[], asc_model::vec::bits_arg(mask))
#undef ASC_VEC_RT

// The reduction registers (ISASI): ReduceSum's sum; ReduceMax / ReduceMin's value and
// index (the index as T's bits: uint16 for half, uint32 for float), or those of
// WholeReduceMax / WholeReduceMin's last repeat. Reading a register no reduction of
// this core has written is a fault (the hardware would hand back a stale value).
namespace detail_reduce_spr {
template <class T>
void check_type(const char* api, const char* file, int line) {
  if constexpr (!(std::is_same_v<T, half> || std::is_same_v<T, float>))
    asc_model::current_core().fault(file, line, api, "T must be half or float");
}
template <class T>
T sum(const char* api, const char* file, int line) {
  check_type<T>(api, file, line);
  asc_model::Call op(api, PIPE_S, file, line);
  asc_model::ReduceSpr& r = asc_model::vec::reduce_spr();
  if (!r.acc_set) op.fault("no ReduceSum has run on this core: the register holds no sum yet");
  op.elems(1).run();
  return asc_model::vec::bits_value<T>(r.acc);
}
template <class T>
void max_min(const char* api, T& value, T* index, const char* file, int line) {
  check_type<T>(api, file, line);
  asc_model::Call op(api, PIPE_S, file, line);
  asc_model::ReduceSpr& r = asc_model::vec::reduce_spr();
  if (!index) op.fault("the form without maxMinIndex is not supported on Atlas A2: pass maxMinIndex too");
  if (!r.mm_set) op.fault("no ReduceMax / ReduceMin / WholeReduceMax / WholeReduceMin has run on this core");
  op.elems(1).run();
  value = asc_model::vec::bits_value<T>(r.mm_val);
  *index = asc_model::vec::bits_value<T>(r.mm_idx);
}
}  // namespace detail_reduce_spr

template <class T>
void GetReduceRepeatMaxMinSpr(T& maxMinValue, T& maxMinIndex, ASC_LOC_PARAMS) {
  detail_reduce_spr::max_min<T>("GetReduceRepeatMaxMinSpr", maxMinValue, &maxMinIndex, ASC_LOC);
}
template <class T>
void GetReduceRepeatMaxMinSpr(T& maxMinValue, ASC_LOC_PARAMS) {
  detail_reduce_spr::max_min<T>("GetReduceRepeatMaxMinSpr", maxMinValue, nullptr, ASC_LOC);
}
template <class T>
void GetReduceMaxMinCount(T& maxMinValue, T& maxMinIndex, ASC_LOC_PARAMS) {
  detail_reduce_spr::max_min<T>("GetReduceMaxMinCount", maxMinValue, &maxMinIndex, ASC_LOC);
}
template <class T>
void GetReduceMaxMinCount(T& maxMinValue, ASC_LOC_PARAMS) {
  detail_reduce_spr::max_min<T>("GetReduceMaxMinCount", maxMinValue, nullptr, ASC_LOC);
}
template <class T>
T GetReduceRepeatSumSpr(ASC_LOC_PARAMS) {
  return detail_reduce_spr::sum<T>("GetReduceRepeatSumSpr", ASC_LOC);
}
template <class T>
T GetAccVal(ASC_LOC_PARAMS) {
  return detail_reduce_spr::sum<T>("GetAccVal", ASC_LOC);
}

}  // namespace AscendC
