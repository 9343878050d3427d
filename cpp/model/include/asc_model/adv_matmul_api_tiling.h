// AscendC::GetMatmulApiTiling<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>(mmCFG, l1Size): the
// vendor's compile-time Matmul tiling (include/adv_api/matmul/constant_tiling.h, the
// algorithm of impl/adv_api/tiling/matmul/matmul_constant_tiling_impl.h / _utils.h) as
// the Ascend C compiler evaluates it for Atlas A2 (__NPU_ARCH__ 2201), and the overload
// with SingleShape / L1Shape / BaseShape tuples of integral constants. Both are
// constexpr: a kernel's `constexpr static auto CFG = GetMatmulApiTiling<...>(cfg);`
// becomes a Matmul's MM_CFG, whose fields other than -1 replace the runtime tiling's
// (asc_model::resolve_static_tiling, called by the Matmul's Init).
//
// The arithmetic is C++'s, as in the vendor's code: the config's sizes are uint32_t, so
// a product or quotient with one is unsigned (a negative L1 budget over an unsigned size
// is a huge quotient, which the vendor relies on when L1 is small); the results are
// int32_t. A signed overflow or a division by zero, which make the vendor's constant
// evaluation fail, call a non-constexpr function here: the same compile error (at run
// time, a message and abort).
//
// The same algorithm in Python (asc's trace-time front end):
// python/asc/language/adv/matmul_api_tiling.py; both are checked against the vendor's
// C++ by tests/frontend/test_matmul_api_tiling.py.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include "asc_model/adv_matmul_config.h"
#include "asc_model/dtypes.h"
#include "asc_model/api/adv_common.h"

namespace asc_model {
namespace mm_static {
using AscendC::TPosition;

// Not constexpr: reaching it makes a constant evaluation fail (as the vendor's UB does).
[[noreturn]] inline void static_tiling_error(const char* what) {
  std::fprintf(stderr, "GetMatmulApiTiling: %s (the vendor's constexpr tiling does not compile)\n", what);
  std::abort();
}

constexpr int32_t kInt32Max = 2147483647;
constexpr int32_t kL1Size = 512 * 1024;  // Impl::L1_SIZE on 2201
constexpr int32_t kL0ASize = 64 * 1024;
constexpr int32_t kL0BSize = 64 * 1024;
constexpr int32_t kC0Bytes = 32;
constexpr int32_t kHwC0 = 16;
constexpr int32_t kDbOn = 2, kDbOff = 1;
constexpr int32_t kMinMte1Load = 32;
constexpr int32_t kOuterStep = 2;
constexpr int32_t kBiasTableBytes = 1024 / 8;  // Impl::BT_SIZE / bits per byte
constexpr int32_t kMinMnSize = 16;

// ---- C++ integer semantics, checked where the vendor's constant evaluation would fail
constexpr int32_t i32(int64_t x) {
  if (x < -2147483648LL || x > 2147483647LL) static_tiling_error("int32 overflow");
  return static_cast<int32_t>(x);
}
constexpr int32_t to_i32(uint64_t x) { return static_cast<int32_t>(static_cast<uint32_t>(x)); }
constexpr int32_t div(int32_t a, int32_t b) {
  if (b == 0) static_tiling_error("division by zero");
  return a / b;
}
constexpr int32_t mod(int32_t a, int32_t b) {
  if (b == 0) static_tiling_error("division by zero");
  return a % b;
}
constexpr uint32_t udiv(uint32_t a, uint32_t b) {
  if (b == 0) static_tiling_error("division by zero");
  return a / b;
}
constexpr int32_t ceil(int32_t a, int32_t b) { return b == 0 ? 0 : div(i32(int64_t(a) + b - 1), b); }
constexpr int32_t align(int32_t a, int32_t b) { return b == 0 ? 0 : i32(int64_t(div(i32(int64_t(a) + b - 1), b)) * b); }
constexpr uint32_t align_u(uint32_t a, uint32_t b) { return b == 0 ? 0u : (a + b - 1) / b * b; }
constexpr int32_t min2(int32_t a, int32_t b) { return a < b ? a : b; }
constexpr int32_t max2(int32_t a, int32_t b) { return a > b ? a : b; }
// GetNearestFactor: the largest divisor of base at most factor, stepping down one at a time.
constexpr int32_t nearest_factor(int32_t base, int32_t factor) {
  int32_t res = min2(factor, base);
  while (res > 0 && mod(base, res) != 0) --res;
  return res;
}

// ---- what the algorithm reads of a matrix's element type and position
template <class T>
struct Elem {
  static constexpr bool half_like = std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>;
  static constexpr int32_t bits = int32_t(asc_model::elem_bits<T>());             // GetBitSize (4: int4b_t)
  static constexpr int32_t type_size = half_like ? 1 : (std::is_arithmetic_v<T> ? int32_t(sizeof(T)) : 1);
  static constexpr int32_t size = int32_t(sizeof(T));
  static constexpr bool is_float = std::is_same_v<T, float>;
  static constexpr int32_t reduce_c0 = kC0Bytes / bits * 8;  // GetReduceC0Size
};

constexpr bool pos_in_l1(TPosition p) {
  return p == TPosition::A1 || p == TPosition::B1 || p == TPosition::SPM || p == TPosition::TSCM ||
         p == TPosition::C1;
}
constexpr bool pos_in_ub(TPosition p) {
  switch (p) {
    case TPosition::GM: case TPosition::A1: case TPosition::A2: case TPosition::B1: case TPosition::B2:
    case TPosition::CO1: case TPosition::SPM: case TPosition::TSCM: case TPosition::C1: case TPosition::C2:
    case TPosition::CO2: case TPosition::C2PIPE2GM:
      return false;
    default:
      return true;
  }
}
constexpr bool pos_vector(TPosition p) {
  return p == TPosition::VECIN || p == TPosition::VECCALC || p == TPosition::VECOUT;
}

template <class M>
struct Side {
  using E = Elem<typename M::T>;
  static constexpr int32_t bits = E::bits, rc0 = E::reduce_c0, type_size = E::type_size, size = E::size;
  static constexpr bool is_float = E::is_float;
  static constexpr bool trans = M::isTrans;
  static constexpr bool in_l1 = pos_in_l1(M::pos);
  static constexpr bool in_ub = pos_in_ub(M::pos);
  static constexpr bool nd = M::format == CubeFormat::ND;
  static constexpr bool vector = pos_vector(M::pos);
  static constexpr bool gm = M::pos == TPosition::GM;
  static constexpr bool layout_none = M::layout == LayoutMode::NONE;
};

// L1Status: K (fractal columns) and M / N (base blocks) in A1 / B1, their buffer depths
// and the load cost the candidates are ranked by.
struct L1Status {
  int32_t kAL1, kBL1, mAL1, nBL1, dbAL1, dbBL1, loadSize;
};
constexpr L1Status no_status() { return {0, 0, 0, 0, 0, 0, kInt32Max}; }

enum Question { KAL1, KBL1, M_AL1, N_BL1 };  // CalcL1MaxLen's

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
struct Calc {
  using A = Side<A_TYPE>;
  using B = Side<B_TYPE>;
  using C = Side<C_TYPE>;
  using BI = Side<BIAS_TYPE>;
  uint32_t sm, sn, sk, bm, bn, bk;
  bool set_bias, quant_vector, outer_product;
  IterateOrder order;

  constexpr explicit Calc(const MatmulConfig& cfg)
      : sm(cfg.singleCoreM), sn(cfg.singleCoreN), sk(cfg.singleCoreK), bm(cfg.basicM), bn(cfg.basicN),
        bk(cfg.basicK), set_bias(cfg.enableSetBias), quant_vector(cfg.enableQuantVector),
        outer_product(((cfg.doNorm && A::layout_none) || cfg.doMultiDataLoad) &&
                      cfg.scheduleType == ScheduleType::OUTER_PRODUCT),
        order(cfg.iterateOrder) {}

  // -- sizes in fractals and base blocks
  constexpr int32_t k_c0() const { return ceil(to_i32(sk), A::rc0); }
  constexpr int32_t m_c0() const { return ceil(to_i32(sm), kHwC0); }
  constexpr int32_t n_c0() const { return ceil(to_i32(sn), kHwC0); }
  constexpr int32_t ml0() const { return ceil(to_i32(bm), kHwC0); }
  constexpr int32_t nl0() const { return ceil(to_i32(bn), kHwC0); }
  constexpr int32_t kl0() const { return ceil(to_i32(bk), A::rc0); }
  constexpr int32_t kl0_b() const { return ceil(to_i32(bk), B::rc0); }
  constexpr int32_t m_repeat() const { return ceil(to_i32(sm), to_i32(bm)); }
  constexpr int32_t n_repeat() const { return ceil(to_i32(sn), to_i32(bn)); }
  constexpr int32_t mte1_loop() const {
    int32_t n0 = nl0(), m0 = ml0(), k0 = kl0();
    return div(kMinMte1Load, i32(int64_t(n0 == 1 ? 1 : k0) + (k0 == 1 ? 1 : m0)));
  }
  constexpr int32_t max_m_al1() const { return ceil(m_c0(), ml0()); }
  constexpr int32_t max_n_bl1() const { return ceil(n_c0(), nl0()); }
  constexpr int32_t max_k_al1() const {
    int32_t m0 = ml0(), k0 = kl0();
    return max2(div(i32(int64_t(div(i32(int64_t(kMinMte1Load) + m0 - 1), m0)) + k0 - 1), k0), mte1_loop());
  }
  constexpr int32_t max_k_bl1() const {
    int32_t n0 = nl0(), k0 = kl0();
    return max2(div(i32(int64_t(div(i32(int64_t(kMinMte1Load) + n0 - 1), n0)) + k0 - 1), k0), mte1_loop());
  }
  constexpr int32_t ka_align() const { return A::size == 4 ? (A::trans ? 2 : 1) : 1; }
  constexpr int32_t kb_align() const { return B::size == 4 ? (!B::trans ? 2 : 1) : 1; }
  constexpr int32_t channel_wise() const { return !set_bias ? 0 : (BI::size == 4 ? 2 : 1); }

  // -- L1 bytes of a status
  constexpr int32_t bias_l1(const L1Status& st) const {
    if (!set_bias || BI::in_l1) return 0;
    int32_t per_channel = i32(int64_t(i32(int64_t(channel_wise()) * st.dbBL1)) * BI::type_size);
    return to_i32(uint32_t(st.nBL1) * bn * uint32_t(per_channel));
  }
  constexpr int32_t dequant_l1(const L1Status& st) const {
    return quant_vector ? to_i32(uint32_t(st.nBL1) * bn * 8u) : 0;
  }
  constexpr int32_t a_l1(const L1Status& st) const {
    if (A::in_l1) return 0;
    if (A::in_ub) return to_i32(uint32_t(sm * sk * uint32_t(A::bits)) / 8u);
    uint32_t k_blocks = uint32_t(ceil(st.kAL1, kl0()));
    uint32_t k_bytes = align_u(bk, uint32_t(ka_align() * A::rc0));
    return to_i32(uint32_t(uint32_t(i32(int64_t(st.dbAL1) * st.mAL1)) * bm * k_blocks * k_bytes *
                           uint32_t(A::bits)) / 8u);
  }
  constexpr int32_t b_l1(const L1Status& st) const {
    if (B::in_l1) return 0;
    if (B::in_ub) return to_i32(uint32_t(sk * sn * uint32_t(B::bits)) / 8u);
    uint32_t k_blocks = uint32_t(ceil(st.kBL1, kl0()));  // in A's fractal columns, as the vendor counts
    uint32_t k_bytes = align_u(bk, uint32_t(kb_align() * B::rc0));
    return to_i32(uint32_t(uint32_t(i32(int64_t(st.dbBL1) * st.nBL1)) * bn * k_blocks * k_bytes *
                           uint32_t(B::bits)) / 8u);
  }
  constexpr int32_t l1_total(const L1Status& st) const {
    return i32(int64_t(i32(int64_t(i32(int64_t(a_l1(st)) + b_l1(st))) + bias_l1(st))) + dequant_l1(st));
  }
  // CalcL1MaxLen: how many K fractal columns / M or N blocks fit `budget` bytes.
  constexpr int32_t l1_max_len(int32_t budget, const L1Status& st, int32_t al, Question what) const {
    uint32_t ub = uint32_t(budget);
    if (what == KAL1) {
      uint32_t per = uint32_t(uint32_t(i32(int64_t(st.dbAL1) * st.mAL1)) * bm *
                              align_u(bk, uint32_t(al * A::rc0)) * uint32_t(A::bits)) / 8u;
      return to_i32(udiv(ub, per) * uint32_t(kl0()));
    }
    if (what == KBL1) {
      uint32_t per = uint32_t(uint32_t(i32(int64_t(st.dbBL1) * st.nBL1)) * bn *
                              align_u(bk, uint32_t(al * B::rc0)) * uint32_t(B::bits)) / 8u;
      return to_i32(udiv(ub, per) * uint32_t(kl0_b()));
    }
    if (what == M_AL1)
      return to_i32(udiv(ub, uint32_t(align(st.kAL1, al)) * bm * uint32_t(st.dbAL1) * uint32_t(kC0Bytes)));
    uint32_t per = uint32_t(align(st.kBL1, al)) * bn * uint32_t(st.dbBL1) * uint32_t(kC0Bytes) +
                   uint32_t(channel_wise()) * bn * uint32_t(kC0Bytes);
    return to_i32(udiv(ub, per));
  }

  // -- the candidates
  constexpr L1Status both_full_load(int32_t l1) const {
    int32_t k = k_c0();
    int32_t k_l1 = align(k, kl0());
    if (A::in_l1 && B::in_l1) return {k_l1, k_l1, 1, 1, 1, 1, 0};
    L1Status st{k_l1, k_l1, max_m_al1(), max_n_bl1(), 1, 1, kInt32Max};
    if (l1_total(st) <= l1) {
      st.loadSize = i32(int64_t(A::in_l1 ? 0 : m_c0()) + (B::in_l1 ? 0 : n_c0()));
      return st;
    }
    return no_status();
  }

  constexpr L1Status a_full_load(int32_t l1) const {
    int32_t k = k_c0(), k0 = kl0();
    int32_t max_m = max_m_al1();
    L1Status st{align(k, k0), k0, max_m, 1, 1, 1, 0};
    if (outer_product && order == IterateOrder::ORDER_M) st.nBL1 = kOuterStep;
    if (l1_total(st) > l1) return no_status();
    int32_t a_rows = max2(to_i32(uint32_t(max_m) * bm), i32(int64_t(m_c0()) * kHwC0));
    int32_t a_bytes = to_i32(uint32_t(uint32_t(i32(int64_t(a_rows) * ceil(k, k0))) *
                                      align_u(bk, uint32_t(ka_align() * A::rc0)) * uint32_t(A::bits)) / 8u);
    int32_t b_budget = A::in_l1 ? l1 : i32(int64_t(l1) - a_bytes);
    st.dbBL1 = kDbOn;
    if (l1_total(st) > l1) st.dbBL1 = kDbOff;
    int32_t bias = bias_l1(st), dequant = dequant_l1(st);
    int32_t kb_al = kb_align();
    st.kBL1 = min2(l1_max_len(i32(int64_t(i32(int64_t(b_budget) - bias)) - dequant), st, kb_al, KBL1), k);
    int32_t b_times = min2(div(st.kBL1, k0), max_k_bl1());
    b_times = nearest_factor(ceil(k, k0), b_times);
    st.kBL1 = i32(int64_t(b_times) * k0);
    if (st.kBL1 == k) {
      st.nBL1 = min2(l1_max_len(b_budget, st, kb_al, N_BL1), max_n_bl1());
      st.nBL1 = nearest_factor(n_repeat(), st.nBL1);
      if (uint32_t(uint32_t(st.nBL1) * bn) == sn) st.dbBL1 = kDbOff;  // B loaded once
    }
    bool invalid = st.nBL1 == 0 || st.kBL1 == 0;
    int32_t b_reloads = st.kBL1 == k ? 1 : m_repeat();
    st.loadSize = invalid ? kInt32Max : i32(int64_t(A::in_l1 ? 0 : m_c0()) + i32(int64_t(b_reloads) * n_c0()));
    return st;
  }

  constexpr L1Status b_full_load(int32_t l1) const {
    int32_t k = k_c0(), k0 = kl0();
    int32_t max_n = max_n_bl1();
    L1Status st{k0, align(k, k0), 1, max_n, 1, 1, 0};
    if (outer_product && order == IterateOrder::ORDER_N) st.mAL1 = kOuterStep;
    if (l1_total(st) > l1) return no_status();
    int32_t b_cols = max2(to_i32(uint32_t(max_n) * bn), i32(int64_t(n_c0()) * kHwC0));
    // (the K alignment uses A's fractal width here, as the vendor's does)
    int32_t b_bytes = to_i32(uint32_t(uint32_t(i32(int64_t(b_cols) * ceil(k, k0))) *
                                      align_u(bk, uint32_t(kb_align() * A::rc0)) * uint32_t(B::bits)) / 8u);
    int32_t a_budget = B::in_l1 ? l1 : i32(int64_t(l1) - b_bytes);
    st.dbAL1 = kDbOn;
    if (l1_total(st) > l1) st.dbAL1 = kDbOff;
    int32_t bias = bias_l1(st), dequant = dequant_l1(st);
    int32_t ka_al = ka_align();
    st.kAL1 = min2(l1_max_len(i32(int64_t(i32(int64_t(a_budget) - bias)) - dequant), st, ka_al, KAL1), k);
    int32_t a_times = min2(div(st.kAL1, k0), max_k_al1());
    a_times = nearest_factor(ceil(k, k0), a_times);
    st.kAL1 = i32(int64_t(a_times) * k0);
    if (st.kAL1 == k) {
      st.mAL1 = min2(l1_max_len(i32(int64_t(a_budget) - bias), st, ka_al, M_AL1), max_m_al1());
      st.mAL1 = nearest_factor(m_repeat(), st.mAL1);
      if (uint32_t(uint32_t(st.mAL1) * bm) == sm) st.dbAL1 = kDbOff;
    }
    bool invalid = st.mAL1 == 0 || st.kAL1 == 0;
    int32_t a_reloads = st.kAL1 == k ? 1 : n_repeat();
    st.loadSize = invalid ? kInt32Max : i32(int64_t(B::in_l1 ? 0 : n_c0()) + i32(int64_t(a_reloads) * m_c0()));
    return st;
  }

  // GetL1DbNeitherFullLoad: one base block of each, double-buffered while that fits.
  constexpr L1Status neither_buffers(int32_t l1) const {
    int32_t k0 = kl0();
    L1Status st{k0, kDbOn, 1, 1, kDbOn, kDbOn, 0};  // (kBL1 = 2 is the vendor's starting value)
    if (outer_product) {
      if (order == IterateOrder::ORDER_M) st.nBL1 = kOuterStep;
      else if (order == IterateOrder::ORDER_N) st.mAL1 = kOuterStep;
    }
    if (l1_total(st) > l1) {
      st.dbBL1 = kDbOff;
      if (l1_total(st) > l1) st.dbAL1 = kDbOff;
    }
    st.kBL1 = k_c0();
    bool both_double = m_c0() != ml0() && sk > bk && l1_total(st) > l1;
    st.kBL1 = k0;
    if (both_double) {
      st.dbAL1 = st.dbBL1 = kDbOn;
      if (l1_total(st) > l1) {
        st.dbBL1 = kDbOff;
        if (l1_total(st) > l1) st.dbAL1 = kDbOff;
      }
    }
    return st;
  }

  // GetKL1NeitherFullLoadForNZ (A transposed, B not).
  constexpr L1Status neither_k_nz(L1Status st, int32_t l1, int32_t bias, int32_t dequant) const {
    int32_t k = k_c0(), k0 = kl0();
    int32_t a_times = ceil(k, k0);
    if (l1_total(st) <= l1) {
      int32_t a_budget = i32(int64_t(l1) - b_l1(st));
      st.kAL1 = min2(l1_max_len(i32(int64_t(i32(int64_t(a_budget) - bias)) - dequant), st, ka_align(), KAL1), k);
      a_times = max2(min2(div(st.kAL1, k0), max_m_al1()), 1);  // (bounded by the M block count, as the vendor's)
      a_times = nearest_factor(ceil(k, k0), a_times);
      st.kAL1 = i32(int64_t(a_times) * k0);
    } else {
      uint32_t per_k_bytes = bm * uint32_t(kC0Bytes) * uint32_t(st.dbAL1) + bn * uint32_t(kC0Bytes) * uint32_t(st.dbBL1);
      uint32_t pk = udiv(udiv(uint32_t(i32(int64_t(i32(int64_t(l1) - bias)) - dequant)), per_k_bytes),
                         uint32_t(k0)) * uint32_t(k0);
      int32_t per_k = min2(to_i32(pk), k);
      int32_t a_bytes = to_i32(uint32_t(st.mAL1) * bm * uint32_t(align(per_k, ka_align())) * uint32_t(st.dbAL1) *
                               uint32_t(A::type_size));
      int32_t b_bytes = to_i32(uint32_t(st.nBL1) * bn * uint32_t(align(per_k, kb_align())) * uint32_t(st.dbBL1) *
                               uint32_t(B::type_size));
      if (A::is_float && i32(int64_t(i32(int64_t(i32(int64_t(a_bytes) + b_bytes)) + dequant)) + bias) > l1) per_k -= 1;
      int32_t per_times = min2(div(per_k, k0), max2(max_k_al1(), max_k_bl1()));
      per_times = nearest_factor(a_times, per_times);
      per_times = min2(per_times, a_times);
      st.kAL1 = st.kBL1 = i32(int64_t(per_times) * k0);
    }
    return st;
  }

  // GetKMaxAxis: 0 for A transposed and B not (the NZ case), 1 to size A1's K first, 2 B1's.
  constexpr int k_first_axis() const {
    if (!A::trans && !B::trans) return 1;
    if (A::trans && B::trans) return 2;
    if (!A::trans && B::trans) return bm > bn ? 1 : 2;
    return 0;
  }

  // GetKL1NeitherFullLoad: the K depths of A1 and B1.
  constexpr L1Status neither_k(L1Status st, int32_t l1, int32_t bias, int32_t dequant) const {
    int32_t k = k_c0(), k0 = kl0();
    int32_t k_steps = ceil(k, k0);
    int axis = k_first_axis();
    if (axis == 0) {
      st.kBL1 = k;
      return neither_k_nz(st, l1, bias, dequant);
    }
    if (axis == 1) {
      st.kBL1 = k0;
      int32_t a_budget = i32(int64_t(l1) - b_l1(st));
      uint32_t per_k = uint32_t(st.mAL1) * bm * uint32_t(st.dbAL1) * uint32_t(kC0Bytes);
      st.kAL1 = min2(to_i32(udiv(uint32_t(i32(int64_t(i32(int64_t(a_budget) - bias)) - dequant)), per_k)), k);
      int32_t a_times = nearest_factor(k_steps, max2(div(st.kAL1, k0), 1));
      st.kAL1 = i32(int64_t(a_times) * k0);
      int32_t a_bytes = to_i32(uint32_t(i32(int64_t(st.kAL1) * st.mAL1)) * bm * uint32_t(kC0Bytes) * uint32_t(st.dbAL1));
      int32_t b_budget = i32(int64_t(l1) - a_bytes);
      per_k = uint32_t(uint32_t(st.nBL1) * bn * uint32_t(st.dbBL1) * bk * uint32_t(k0) * uint32_t(B::bits)) / 8u;
      st.kBL1 = min2(to_i32(udiv(uint32_t(i32(int64_t(i32(int64_t(b_budget) - dequant)) - bias)), per_k)), k);
      int32_t b_times = max2(min2(div(st.kBL1, k0), max_k_bl1()), 1);
      st.kBL1 = i32(int64_t(nearest_factor(k_steps, b_times)) * k0);
    } else {
      st.kAL1 = k0;
      int32_t b_budget = i32(int64_t(l1) - a_l1(st));
      uint32_t per_k = uint32_t(st.nBL1) * bn * uint32_t(st.dbBL1) * uint32_t(kC0Bytes);
      st.kBL1 = min2(to_i32(udiv(uint32_t(i32(int64_t(i32(int64_t(b_budget) - bias)) - dequant)), per_k)), k);
      int32_t b_times = nearest_factor(k_steps, max2(div(st.kBL1, k0), 1));
      st.kBL1 = i32(int64_t(b_times) * k0);
      int32_t b_bytes = to_i32(uint32_t(i32(int64_t(st.kBL1) * st.nBL1)) * bn * uint32_t(kC0Bytes) * uint32_t(st.dbBL1));
      int32_t a_budget = i32(int64_t(l1) - b_bytes);
      per_k = uint32_t(uint32_t(st.mAL1) * bm * uint32_t(st.dbAL1) * bk * uint32_t(k0) * uint32_t(A::bits)) / 8u;
      st.kAL1 = min2(to_i32(udiv(uint32_t(i32(int64_t(i32(int64_t(a_budget) - dequant)) - bias)), per_k)), k);
      int32_t a_times = max2(min2(div(st.kAL1, k0), max_k_al1()), 1);
      st.kAL1 = i32(int64_t(nearest_factor(k_steps, a_times)) * k0);
    }
    return st;
  }

  static constexpr int32_t min3(int32_t a, int32_t b, int32_t c) { return min2(min2(a, b), c); }

  // GetL1StatusMFirst: the M block count first, N from what is left.
  constexpr L1Status m_first(L1Status st, int32_t l1) const {
    int32_t m_rep = m_repeat(), n_rep = n_repeat();
    int32_t bias = bias_l1(st), dequant = dequant_l1(st);
    int32_t a_budget = i32(int64_t(l1) - b_l1(st));
    int32_t fit = l1_max_len(i32(int64_t(i32(int64_t(a_budget) - bias)) - dequant), st, ka_align(), M_AL1);
    st.mAL1 = nearest_factor(m_rep, max2(min3(fit, max_m_al1(), m_rep), 1));
    int32_t b_budget = i32(int64_t(l1) - a_l1(st));
    fit = l1_max_len(i32(int64_t(i32(int64_t(b_budget) - bias)) - dequant), st, kb_align(), N_BL1);
    st.nBL1 = nearest_factor(m_rep, max2(min3(fit, max_n_bl1(), n_rep), 1));  // (of the M repeat, as the vendor's)
    int32_t m = m_c0();
    st.loadSize = i32(int64_t(m) + i32(int64_t(n_c0()) * ceil(m, i32(int64_t(st.mAL1) * ml0()))));
    return st;
  }

  // GetL1StatusNFirst: the N block count first, M from what is left.
  constexpr L1Status n_first(const L1Status& st0, int32_t l1) const {
    L1Status st = st0;
    int32_t m_rep = m_repeat(), n_rep = n_repeat();
    int32_t bias = bias_l1(st), dequant = dequant_l1(st);
    int32_t b_budget = i32(int64_t(l1) - a_l1(st));
    int32_t fit = l1_max_len(i32(int64_t(i32(int64_t(b_budget) - bias)) - dequant), st0, kb_align(), N_BL1);
    st.nBL1 = nearest_factor(n_rep, max2(min3(fit, max_n_bl1(), n_rep), 1));
    int32_t a_budget = i32(int64_t(l1) - b_l1(st));
    fit = l1_max_len(i32(int64_t(i32(int64_t(a_budget) - bias)) - dequant), st, ka_align(), M_AL1);
    st.mAL1 = nearest_factor(m_rep, max2(min3(fit, max_m_al1(), m_rep), 1));
    st.nBL1 = nearest_factor(m_rep, st.nBL1);  // (again against the M repeat, as the vendor's)
    int32_t n = n_c0();
    st.loadSize = i32(int64_t(n) + i32(int64_t(m_c0()) * ceil(n, i32(int64_t(st.nBL1) * nl0()))));
    return st;
  }

  constexpr L1Status neither_full_load(int32_t l1) const {
    int32_t k = k_c0();
    L1Status st = neither_buffers(l1);
    st = neither_k(st, l1, bias_l1(st), dequant_l1(st));
    // the larger K depth a multiple of the smaller, and a divisor of K unless they match
    if (st.kAL1 > st.kBL1 && mod(st.kAL1, st.kBL1) != 0) {
      while (mod(st.kAL1, st.kBL1) != 0 || (st.kAL1 != st.kBL1 && mod(k, st.kAL1) != 0)) st.kAL1 -= 1;
    }
    if (st.kAL1 < st.kBL1 && mod(st.kBL1, st.kAL1) != 0) {
      while (mod(st.kBL1, st.kAL1) != 0 || (st.kAL1 != st.kBL1 && mod(k, st.kBL1) != 0)) st.kBL1 -= 1;
    }
    L1Status mf = m_first(st, l1), nf = n_first(st, l1);
    if (st.kAL1 >= k && st.kBL1 >= k) st = nf.loadSize > mf.loadSize ? mf : nf;
    if (st.kAL1 >= k && st.kBL1 < k) st.nBL1 = 1;
    if (st.kAL1 < k && st.kBL1 >= k) st.mAL1 = 1;
    if (st.kAL1 < k && st.kBL1 < k) {
      st.mAL1 = st.nBL1 = 1;
      int32_t m = m_c0(), n = n_c0(), n0 = nl0();
      // (M is counted in N's base blocks too, as the vendor's is)
      st.loadSize = i32(int64_t(i32(int64_t(m) * ceil(n, n0))) + i32(int64_t(n) * ceil(m, n0)));
    }
    return st;
  }

  // GetL1Factor: both whole in L1, else A whole, else B whole, else neither.
  constexpr L1Status l1_factor(int32_t l1) const {
    constexpr bool both_nd = A::nd && B::nd;
    int32_t k = k_c0();
    L1Status st = both_full_load(l1);
    int32_t ka_parts = st.kAL1 > 0 ? ceil(k, st.kAL1) : 1;
    int32_t kb_parts = st.kBL1 > 0 ? ceil(k, st.kBL1) : 1;
    bool fits = st.loadSize != kInt32Max;
    if (both_nd ? (fits && ka_parts == 1 && kb_parts == 1) : fits) return st;
    // every candidate is evaluated, as the vendor's constexpr code does
    L1Status a_full = B::in_l1 ? no_status() : a_full_load(l1);
    L1Status b_full = A::in_l1 ? no_status() : b_full_load(l1);
    L1Status neither = (!A::in_l1 && !B::in_l1) ? neither_full_load(l1) : no_status();
    fits = a_full.loadSize != kInt32Max;
    ka_parts = fits ? ceil(k, a_full.kAL1) : 1;
    if (both_nd ? (fits && ka_parts == 1) : fits) return a_full;
    fits = b_full.loadSize != kInt32Max;
    kb_parts = fits ? ceil(k, b_full.kBL1) : 1;
    if (both_nd ? (fits && kb_parts == 1) : fits) return b_full;
    return neither;
  }

  // CalcAL1FullLoadTiling: a single-core block of at most 16 x 16 whose A fits L1 whole.
  constexpr bool a_whole_in_l1(int32_t l1, MatmulApiStaticTiling& t) const {
    if (t.singleCoreM > kMinMnSize || t.singleCoreN > kMinMnSize) return false;
    if (t.isBias) l1 = i32(int64_t(l1) - kBiasTableBytes);
    int32_t base_m = t.baseM, base_n = t.baseN, base_k = t.baseK;
    int32_t s_m = t.singleCoreM, s_n = t.singleCoreN, s_k = t.singleCoreK;
    int32_t base_ka = align(base_k, i32(int64_t(ka_align()) * A::rc0));
    int32_t base_kb = align(base_k, i32(int64_t(kb_align()) * B::rc0));
    int32_t a_block = div(i32(int64_t(i32(int64_t(base_m) * base_ka)) * A::bits), 8);
    int32_t b_block = div(i32(int64_t(i32(int64_t(base_n) * base_kb)) * B::bits), 8);
    int32_t depth_a1 = div(i32(int64_t(l1) - i32(int64_t(kDbOn) * b_block)), a_block);
    if (i32(int64_t(i32(int64_t(depth_a1) * base_m)) * base_ka) < i32(int64_t(s_m) * s_k)) return false;
    depth_a1 = div(div(i32(int64_t(max2(s_m, base_m)) * max2(s_k, base_ka)), base_m), base_ka);
    t.depthA1 = t.stepKa = depth_a1;
    int32_t step_kb = div(div(i32(int64_t(l1) - i32(int64_t(depth_a1) * a_block)), b_block), kDbOn);
    if (i32(int64_t(i32(int64_t(step_kb) * kDbOn)) * b_block) > i32(int64_t(s_k) * s_n))
      step_kb = div(div(div(i32(int64_t(max2(s_k, base_kb)) * max2(s_n, base_n)), base_n), base_kb), kDbOn);
    if (step_kb < 1) {
      t.depthB1 = t.stepKb = 1;
      return true;
    }
    while (mod(depth_a1, step_kb) != 0 && mod(step_kb, depth_a1) != 0 && step_kb > 1) --step_kb;
    t.depthB1 = i32(int64_t(step_kb) * kDbOn);
    t.stepKb = step_kb;
    return true;
  }

  // GetIterateOrder: N first when only A1 holds all of K, or when both do and moving
  // along N reloads less.
  constexpr int32_t iterate_order(const L1Status& st) const {
    int32_t rc = A::rc0;
    bool full_ka = to_i32(sk) <= i32(int64_t(st.kAL1) * rc);
    bool full_kb = to_i32(sk) <= i32(int64_t(st.kBL1) * rc);
    if (full_ka != full_kb) return full_ka ? 1 : 0;
    if (!full_ka) return 0;
    int32_t m_loop = ceil(to_i32(sm), to_i32(uint32_t(st.mAL1) * bm));
    int32_t n_loop = ceil(to_i32(sn), to_i32(uint32_t(st.nBL1) * bn));
    int32_t a_loads = to_i32(sm + sn * uint32_t(m_loop));
    int32_t b_loads = to_i32(sn + sm * uint32_t(n_loop));
    return a_loads < b_loads ? 1 : 0;
  }

  template <class S>
  constexpr int32_t l0_db(uint32_t rows, int32_t l0_bytes) const {
    return uint32_t(rows * bk * uint32_t(S::bits)) / 8u > uint32_t(l0_bytes / kDbOn) ? kDbOff : kDbOn;
  }

  // GetTransLength: the UB scratch of an ND matrix in UB (its ND2NZ), of C, and of bias.
  constexpr int32_t trans_length(const L1Status& st) const {
    int32_t a_len = 0, b_len = 0, c_len = 0;
    if (A::nd && A::vector) a_len = to_i32(uint32_t(sm * sk * uint32_t(A::bits)) / 8u);
    if (B::nd && B::vector) b_len = to_i32(uint32_t(sk * sn * uint32_t(A::bits)) / 8u);  // B in A's type in L1
    if (C::nd || C::gm) c_len = to_i32(uint32_t(bm * bn * uint32_t(C::bits)) / 8u);
    return max2(max2(a_len, b_len), max2(c_len, bias_l1(st)));
  }

  // GetL1UsedSize (shareL1Size): the A1 / B1 blocks, bias and dequant scales.
  constexpr int32_t l1_used(const L1Status& st, int32_t depth_a1, int32_t depth_b1) const {
    int32_t used = 0;
    if (!A::in_l1) used = to_i32(uint32_t(used) + uint32_t(uint32_t(depth_a1) * bm * bk * uint32_t(A::bits)) / 8u);
    if (!B::in_l1)  // B is held in A's type
      used = to_i32(uint32_t(used) + uint32_t(uint32_t(depth_b1) * bn * bk * uint32_t(A::bits)) / 8u);
    if (set_bias && !BI::in_l1) used = to_i32(uint32_t(used) + uint32_t(bn * uint32_t(BI::bits)) / 8u);
    return i32(int64_t(used) + dequant_l1(st));
  }
};

}  // namespace mm_static
}  // namespace asc_model

namespace AscendC {

// The vendor's constant_tiling.h: the tiling from the config's single-core shape and
// basic block (neither set: every field -1; no single-core shape: only the base block).
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig& mmCFG,
                                                   int32_t l1Size = asc_model::mm_static::kL1Size) {
  using namespace asc_model::mm_static;
  using A = Side<A_TYPE>;
  using B = Side<B_TYPE>;
  Calc<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> calc(mmCFG);
  MatmulApiStaticTiling t;
  t.cfg = mmCFG;
  if (mmCFG.singleCoreM == 0 || mmCFG.singleCoreN == 0 || mmCFG.singleCoreK == 0) {
    if (mmCFG.basicM != 0 && mmCFG.basicN != 0 && mmCFG.basicK != 0) {
      t.baseM = to_i32(mmCFG.basicM);
      t.baseN = to_i32(mmCFG.basicN);
      t.baseK = to_i32(mmCFG.basicK);
      t.dbL0A = calc.template l0_db<A>(calc.bm, kL0ASize);
      t.dbL0B = calc.template l0_db<B>(calc.bn, kL0BSize);
      t.isBias = mmCFG.enableSetBias;
    }
    return t;
  }
  L1Status st = calc.l1_factor(l1Size);
  // the original shape is the single-core one (a constant tiling's user sets the real one)
  t.M = t.singleCoreM = to_i32(mmCFG.singleCoreM);
  t.N = t.singleCoreN = to_i32(mmCFG.singleCoreN);
  t.Ka = t.Kb = t.singleCoreK = to_i32(mmCFG.singleCoreK);
  t.baseM = to_i32(mmCFG.basicM);
  t.baseN = to_i32(mmCFG.basicN);
  t.baseK = to_i32(mmCFG.basicK);
  t.isBias = mmCFG.enableSetBias;
  t.stepM = st.mAL1;
  t.stepN = st.nBL1;
  if (!calc.a_whole_in_l1(l1Size, t)) {
    int32_t k0 = calc.kl0();
    t.stepKa = ceil(st.kAL1, k0);
    t.stepKb = ceil(st.kBL1, k0);
    t.depthA1 = i32(int64_t(i32(int64_t(ceil(st.kAL1, k0)) * st.mAL1)) * st.dbAL1);
    t.depthB1 = i32(int64_t(i32(int64_t(ceil(st.kBL1, k0)) * st.nBL1)) * st.dbBL1);
  }
  t.iterateOrder = calc.iterate_order(st);
  t.dbL0A = calc.template l0_db<A>(calc.bm, kL0ASize);
  t.dbL0B = calc.template l0_db<B>(calc.bn, kL0BSize);
  // (GetMxMatmulApiTiling, the MX scale factors, acts on 3510 only)
  t.dbL0C = 1;  // fixed, as the runtime tiling has it
  t.transLength = calc.trans_length(st);
  t.shareMode = 0;
  t.shareL1Size = calc.l1_used(st, t.depthA1, t.depthB1);
  t.shareL0CSize = to_i32(uint32_t(calc.bm * calc.bn * 32u) / 8u);  // float accumulators
  t.shareUbSize = 0;
  return t;
}

}  // namespace AscendC

namespace asc_model {
// The Matmul's tiling when its MM_CFG is a MatmulApiStaticTiling (the vendor's
// MatmulTiling<MM_CFG>): every field the constant tiling fixes (not -1) is the
// constant's, the others the runtime tiling's. With no runtime tiling
// ((TCubeTiling*)nullptr) the constant must fix every field the Matmul reads: the
// name of the first it leaves open is returned (nullptr when the tiling is complete).
template <class CFG>
inline const char* resolve_static_tiling(const CFG& cfg, const AscendC::tiling::TCubeTiling* rt,
                                         AscendC::tiling::TCubeTiling& out) {
  if constexpr (!std::is_same_v<CFG, MatmulApiStaticTiling>) {
    if (!rt) return "MM_CFG is not a constant tiling (GetMatmulApiTiling's MatmulApiStaticTiling)";
    out = *rt;
    return nullptr;
  } else {
    AscendC::tiling::TCubeTiling t = rt ? *rt : AscendC::tiling::TCubeTiling{};
    const char* missing = nullptr;
    auto take = [&](int32_t c, int32_t& field, const char* name, bool needed) {
      if (c != -1) field = c;
      else if (!rt && needed && !missing) missing = name;  // (the message names it)
    };
#define ASC_STATIC_FIELD(f, needed) take(cfg.f, t.f, #f, needed)
    ASC_STATIC_FIELD(usedCoreNum, false);
    ASC_STATIC_FIELD(M, true); ASC_STATIC_FIELD(N, true); ASC_STATIC_FIELD(Ka, true); ASC_STATIC_FIELD(Kb, true);
    ASC_STATIC_FIELD(singleCoreM, true); ASC_STATIC_FIELD(singleCoreN, true); ASC_STATIC_FIELD(singleCoreK, true);
    ASC_STATIC_FIELD(baseM, true); ASC_STATIC_FIELD(baseN, true); ASC_STATIC_FIELD(baseK, true);
    ASC_STATIC_FIELD(depthA1, true); ASC_STATIC_FIELD(depthB1, true);
    ASC_STATIC_FIELD(stepM, true); ASC_STATIC_FIELD(stepN, true); ASC_STATIC_FIELD(isBias, true);
    ASC_STATIC_FIELD(transLength, false); ASC_STATIC_FIELD(iterateOrder, true);
    ASC_STATIC_FIELD(shareMode, false); ASC_STATIC_FIELD(shareL1Size, false); ASC_STATIC_FIELD(shareL0CSize, false);
    ASC_STATIC_FIELD(shareUbSize, false);
    ASC_STATIC_FIELD(stepKa, true); ASC_STATIC_FIELD(stepKb, true);
    ASC_STATIC_FIELD(depthAL1CacheUB, false); ASC_STATIC_FIELD(depthBL1CacheUB, false);
    ASC_STATIC_FIELD(dbL0A, true); ASC_STATIC_FIELD(dbL0B, true); ASC_STATIC_FIELD(dbL0C, true);
    ASC_STATIC_FIELD(ALayoutInfoB, false); ASC_STATIC_FIELD(ALayoutInfoS, false); ASC_STATIC_FIELD(ALayoutInfoN, false);
    ASC_STATIC_FIELD(ALayoutInfoG, false); ASC_STATIC_FIELD(ALayoutInfoD, false);
    ASC_STATIC_FIELD(BLayoutInfoB, false); ASC_STATIC_FIELD(BLayoutInfoS, false); ASC_STATIC_FIELD(BLayoutInfoN, false);
    ASC_STATIC_FIELD(BLayoutInfoG, false); ASC_STATIC_FIELD(BLayoutInfoD, false);
    ASC_STATIC_FIELD(CLayoutInfoB, false); ASC_STATIC_FIELD(CLayoutInfoS1, false);
    ASC_STATIC_FIELD(CLayoutInfoN, false); ASC_STATIC_FIELD(CLayoutInfoG, false);
    ASC_STATIC_FIELD(CLayoutInfoS2, false); ASC_STATIC_FIELD(BatchNum, false);
#undef ASC_STATIC_FIELD
    out = t;
    if (!missing) return nullptr;
    static thread_local char msg[160];
    std::snprintf(msg, sizeof msg, "the constant tiling (MM_CFG) leaves %s open (-1)", missing);
    return msg;
  }
}

// Whether a Matmul with this MM_CFG is initialised by REGIST_MATMUL_OBJ without a
// runtime tiling: a constant tiling with a single-core shape and a basic block (the
// vendor's IsFullStaticTiling).
template <class CFG>
constexpr bool is_full_static_tiling(const CFG& cfg) {
  if constexpr (std::is_same_v<CFG, MatmulApiStaticTiling>) return cfg.cfg.singleCoreM != 0 && cfg.cfg.basicM != 0;
  else return false;
}
}  // namespace asc_model
