// The generic vector engine: level-0 (mask + repeat + strides) and level-2
// (count) addressing. Every vector op is expressed through run_l0/run_l2:
// operands are declared (checked) first, then the element function runs.
//
// Addressing (hardware.md): a repeat = 8 blocks x 32 B. Element e of repeat r
// of an operand with element size s lives in block e / (32/s), at
//   base + r*rep + blk_index*blk + (e % (32/s))*s     (rep, blk in bytes)
// Masks: norm mode = per-repeat element set (count form: the first `mask`
// elements; bit form: bit i of m0 = element i, of m1 = element 64+i); the mask
// register (SetVectorMask) is used when isSetMask is false. Counter mode
// (SetMaskCount): the register's low word is a total element count; the call
// covers ceil(count/epr) repeats (repeatTimes is ignored), the last partial.
// The mask planning and operand declaration, which depend on neither the element
// type nor the element function, are compiled once (src/api_vec_engine.cpp).
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include "asc_model/call.h"
#include "asc_model/tensor.h"

namespace asc_model {
namespace vec {

template <class T> using LT = AscendC::LocalTensor<T>;
template <class T> struct Id { using type = T; };
template <class T> using NoDeduce = typename Id<T>::type;

template <class T> constexpr bool is_f16 = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;
template <class T> constexpr bool is_fp = is_f16<T> || std::is_floating_point_v<T>;
// Compute type: 16-bit floats compute in float and round once on store.
template <class T> using Cmp = std::conditional_t<is_f16<T>, float, T>;

template <class T> inline T ld(const uint8_t* p) { T v; std::memcpy(static_cast<void*>(&v), p, sizeof(T)); return v; }
template <class T> inline void st(uint8_t* p, T v) { std::memcpy(p, static_cast<const void*>(&v), sizeof(T)); }

// Active elements of one repeat (up to 256 for 8-bit types).
struct Mask {
  uint64_t w[4] = {0, 0, 0, 0};
  bool test(int e) const { return (w[e >> 6] >> (e & 63)) & 1; }
  void set(int e) { w[e >> 6] |= 1ull << (e & 63); }
  static Mask first(uint32_t n);  // elements 0 .. n-1
  int count() const { return __builtin_popcountll(w[0]) + __builtin_popcountll(w[1]) +
                             __builtin_popcountll(w[2]) + __builtin_popcountll(w[3]); }
  // Lowest / highest active element in [lo, hi), or -1 (word-wise bit scans).
  int lowest(int lo, int hi) const {
    for (int k = lo >> 6; k < 4 && (k << 6) < hi; ++k) {
      uint64_t x = w[k] & range_bits(k, lo, hi);
      if (x) return (k << 6) + __builtin_ctzll(x);
    }
    return -1;
  }
  int highest(int lo, int hi) const {
    if (hi <= lo) return -1;
    for (int k = (hi - 1) >> 6; k >= 0 && ((k + 1) << 6) > lo; --k) {
      uint64_t x = w[k] & range_bits(k, lo, hi);
      if (x) return (k << 6) + 63 - __builtin_clzll(x);
    }
    return -1;
  }
  // Bits of word k that fall in [lo, hi).
  static uint64_t range_bits(int k, int lo, int hi) {
    int a = std::max(lo - (k << 6), 0), b = std::min(hi - (k << 6), 64);
    if (a >= b) return 0;
    uint64_t up = b == 64 ? ~0ull : (1ull << b) - 1;
    return up & ~((1ull << a) - 1);
  }
};

struct MaskArg {
  bool bits;
  uint64_t m0, m1;  // count form: m0 = count
};
inline MaskArg count_arg(uint64_t n) { return {false, n, 0}; }
inline MaskArg bits_arg(const uint64_t m[2]) { return {true, m[0], m[1]}; }

// Which elements of which repeats a call covers.
struct Plan {
  int repeats = 0;
  int epr = 0;        // elements per repeat
  Mask full, last;    // mask of every repeat but the last, and of the last
  const Mask& mask(int r) const { return r + 1 == repeats ? last : full; }
  uint64_t elems() const { return repeats ? uint64_t(repeats - 1) * full.count() + last.count() : 0; }
};

Mask bits_mask(uint64_t m0, uint64_t m1, int epr);

// Resolves mask/isSetMask/repeatTimes against the core's mask state; updates
// the mask register when isSetMask (as the hardware's set_vector_mask does).
Plan resolve(Call& op, const MaskArg& a, bool is_set, int repeat, int epr);

// One operand of a level-0 call. blk/rep are byte strides.
struct Opd {
  TensorRef ref;
  uint32_t esz;
  uint64_t blk, rep;
  bool write;
  uint8_t* origin = nullptr;
  uint64_t off(int r, int e) const {
    uint32_t epb = 32 / esz;
    return uint64_t(r) * rep + uint64_t(e / epb) * blk + uint64_t(e % epb) * esz;
  }
};
template <class T>
inline Opd opd(const LT<T>& t, uint64_t blk_stride, uint64_t rep_stride, bool write) {
  static_assert(!is_int4_v<T>, "int4b_t is a vector operand of Cast (half <-> int4b_t) only, as on the vendor's A2");
  return Opd{t.ref(), uint32_t(sizeof(T)), blk_stride * 32, rep_stride * 32, write};
}

// Declares (checks) every range `o` touches for the active elements of `pl`:
// one range per repeat when the blocks are contiguous and the mask's active
// blocks are one run, else one per active block (a block no active element
// falls in is not touched: the hardware neither reads nor writes it). Ranges
// start at their block's start (alignment-checked) and end at the last active
// element. Each range is tagged with its repeat (Call::at_repeat) for the
// cycle model's bank model.
void declare(Call& op, const Plan& pl, Opd& o, int epr_override = 0);

// Level 0: declare all operands, run the optional pre-check over the active
// elements (may fault), report, then call f(ptrs) per active element.
template <size_t N, class Pre, class F>
void run_l0(Call& op, const Plan& pl, std::array<Opd, N>& o, Pre pre, F f) {
  for (auto& x : o) declare(op, pl, x);
  uint8_t* q[N];
  auto visit = [&](auto&& g) {
    for (int r = 0; r < pl.repeats; ++r) {
      const Mask& m = pl.mask(r);
      for (int e = 0; e < pl.epr; ++e) {
        if (!m.test(e)) continue;
        for (size_t i = 0; i < N; ++i) q[i] = o[i].origin + o[i].off(r, e);
        if constexpr (std::is_invocable_v<decltype(g), uint8_t**, int, int>) g(q, r, e);
        else g(q);
      }
    }
  };
  if constexpr (!std::is_same_v<Pre, std::nullptr_t>) visit([&](uint8_t** qq) { pre(op, qq); });  // pre sees pointers only
  if (!op.elems(pl.elems()).repeats(pl.repeats).run()) return;
  visit(f);
}

// Level 2: `count` contiguous elements of every operand.
template <size_t N, class Pre, class F>
void run_l2(Call& op, int64_t count, std::array<Opd, N>& o, Pre pre, F f) {
  if (count < 0) op.fault("count is negative");
  for (auto& x : o) {
    uint8_t* p = op.range(x.ref, 0, uint64_t(count) * x.esz, x.write, true);
    x.origin = p;
  }
  uint8_t* q[N];
  auto visit = [&](auto&& g) {
    for (int64_t e = 0; e < count; ++e) {
      for (size_t i = 0; i < N; ++i) q[i] = o[i].origin + uint64_t(e) * o[i].esz;
      if constexpr (std::is_invocable_v<decltype(g), uint8_t**, int, int>) g(q, 0, int(e));
      else g(q);
    }
  };
  if constexpr (!std::is_same_v<Pre, std::nullptr_t>) visit([&](uint8_t** qq) { pre(op, qq); });  // pre sees pointers only
  if (!op.elems(uint64_t(count)).run()) return;
  visit(f);
}

// ---- typed front ends -------------------------------------------------------

// Binary: f(dst_old, a, b) in compute types -> new dst.
template <class T, class F, class Pre = std::nullptr_t>
void binary_l0(const char* name, const LT<T>& d, const LT<T>& a, const LT<T>& b, MaskArg m, bool set,
               int rep, const AscendC::BinaryRepeatParams& p, F f, const char* file, int line,
               Pre pre = nullptr) {
  Call op(name, PIPE_V, file, line);
  Plan pl = resolve(op, m, set, rep, 256 / int(sizeof(T)));
  std::array<Opd, 3> o{opd(d, p.dstBlkStride, p.dstRepStride, true), opd(a, p.src0BlkStride, p.src0RepStride, false),
                       opd(b, p.src1BlkStride, p.src1RepStride, false)};
  ASC_PRECISION_ONLY(precision::Tracker<T> sh(op.core(), name, file, line, precision::dst_is_input(name));)
  run_l0(op, pl, o, pre, [&](uint8_t** q) {
    ASC_PRECISION_ONLY(if constexpr (is_fp<T>) sh.out(q[0], f(sh.template in<T>(q[0], 0), sh.template in<T>(q[1], 1),
                                                              sh.template in<T>(q[2], 2)));)
    st<T>(q[0], T(f(Cmp<T>(ld<T>(q[0])), Cmp<T>(ld<T>(q[1])), Cmp<T>(ld<T>(q[2])))));
  });
}
template <class T, class F, class Pre = std::nullptr_t>
void binary_l2(const char* name, const LT<T>& d, const LT<T>& a, const LT<T>& b, int64_t count, F f,
               const char* file, int line, Pre pre = nullptr) {
  Call op(name, PIPE_V, file, line);
  if (count < 0) op.fault("count is negative");
  uint64_t n = uint64_t(count);
  T* pd = op.out(d, n);  // same ranges, same order as run_l2
  const T* pa = op.in(a, n);
  const T* pb = op.in(b, n);
  if constexpr (!std::is_same_v<Pre, std::nullptr_t>) {
    for (uint64_t e = 0; e < n; ++e) {
      uint8_t* q[3] = {reinterpret_cast<uint8_t*>(pd + e), (uint8_t*)(pa + e), (uint8_t*)(pb + e)};
      pre(op, q);
    }
  }
  if (!op.elems(n).run()) return;
  ASC_PRECISION_ONLY(precision::Tracker<T> sh(op.core(), name, file, line, precision::dst_is_input(name));
                     if constexpr (is_fp<T>) for (uint64_t i = 0; i < n; ++i)
                       sh.out(pd + i, f(sh.template in<T>(pd + i, 0), sh.template in<T>(pa + i, 1),
                                        sh.template in<T>(pb + i, 2)));)
  auto body = [&](uint64_t i) { pd[i] = T(f(Cmp<T>(pd[i]), Cmp<T>(pa[i]), Cmp<T>(pb[i]))); };
  if (same_or_apart(pd, pa, n * sizeof(T)) && same_or_apart(pd, pb, n * sizeof(T))) {
#pragma omp simd
    for (uint64_t i = 0; i < n; ++i) body(i);
  } else {
    for (uint64_t i = 0; i < n; ++i) body(i);
  }
}
// Unary: f(dst_old, x) -> new dst.
template <class T, class F>
void unary_l0(const char* name, const LT<T>& d, const LT<T>& s, MaskArg m, bool set, int rep,
              const AscendC::UnaryRepeatParams& p, F f, const char* file, int line) {
  Call op(name, PIPE_V, file, line);
  Plan pl = resolve(op, m, set, rep, 256 / int(sizeof(T)));
  std::array<Opd, 2> o{opd(d, p.dstBlkStride, p.dstRepStride, true), opd(s, p.srcBlkStride, p.srcRepStride, false)};
  ASC_PRECISION_ONLY(precision::Tracker<T> sh(op.core(), name, file, line);)
  run_l0(op, pl, o, nullptr, [&](uint8_t** q) {
    ASC_PRECISION_ONLY(if constexpr (is_fp<T>) sh.out(q[0], f(sh.template in<T>(q[0], 0), sh.template in<T>(q[1], 1)));)
    st<T>(q[0], T(f(Cmp<T>(ld<T>(q[0])), Cmp<T>(ld<T>(q[1])))));
  });
}
template <class T, class F>
void unary_l2(const char* name, const LT<T>& d, const LT<T>& s, int64_t count, F f, const char* file, int line) {
  Call op(name, PIPE_V, file, line);
  if (count < 0) op.fault("count is negative");
  uint64_t n = uint64_t(count);
  T* pd = op.out(d, n);
  const T* ps = op.in(s, n);
  if (!op.elems(n).run()) return;
  ASC_PRECISION_ONLY(precision::Tracker<T> sh(op.core(), name, file, line);
                     if constexpr (is_fp<T>) for (uint64_t i = 0; i < n; ++i)
                       sh.out(pd + i, f(sh.template in<T>(pd + i, 0), sh.template in<T>(ps + i, 1)));)
  auto body = [&](uint64_t i) { pd[i] = T(f(Cmp<T>(pd[i]), Cmp<T>(ps[i]))); };
  if (same_or_apart(pd, ps, n * sizeof(T))) {
#pragma omp simd
    for (uint64_t i = 0; i < n; ++i) body(i);
  } else {
    for (uint64_t i = 0; i < n; ++i) body(i);
  }
}

}  // namespace vec
}  // namespace asc_model
