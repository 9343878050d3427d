// Cube Mmad family: Mmad (with and without bias), MmadWithSparse (4:2
// sparse B from LoadDataWithSparse), and the modes SetHF32Mode /
// SetHF32TransMode / SetMMLayoutTransform. Layouts: api/cube_layout.h.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/tensor.h"
#include "asc_model/api/cube_layout.h"

namespace asc_model {

template <class A>
struct AccOf { using type = float; };
template <> struct AccOf<int8_t> { using type = int32_t; };
template <> struct AccOf<uint8_t> { using type = int32_t; };
template <> struct AccOf<int4b_t> { using type = int32_t; };

// The part of Mmad its element types only parametrise (src/api_cube_mmad.cpp: compiled
// once into the runtime object): the checks, the shape (fractal sizes, block counts)
// and the ranges of the operands, in the order the call declares them.
struct MmadOperands {
  const uint8_t* a = nullptr;  // L0A
  const uint8_t* b = nullptr;  // L0B
  uint8_t* c = nullptr;        // L0C
  const uint8_t* bias = nullptr;  // the bias tensor's row (null without one)
  uint32_t M16 = 0, K1 = 0, K1a = 0, N1 = 0;
  bool init_zero = false, gemv = false;
};
// a_bits: bits of an element of A (4: int4b_t, nibbles); a_float: A is float;
// c_size: bytes of an element of C (and of the bias).
MmadOperands mmad_operands(Call& op, const TensorRef& dst, const TensorRef& fm, const TensorRef& filt,
                           const TensorRef* bias, const AscendC::MmadParams& p, uint32_t a_bits, bool a_float,
                           uint32_t c_size, bool gemv);

// l0b_n_major: the adv Matmul's own L0B order (fractal (n block, k block) at nb*K1 + kb),
// which its loads build (adv_matmul.h) and nothing outside it sees; Mmad itself reads
// the vendor's Zn order (cube_layout.h).
// gemv: the cube's GEMV mode, which dav_c220 enters whenever m == 1 (the vendor's
// mmad_gemv example; only dav_3510 can turn it off): A is a 1 x K vector held in L0A
// as K consecutive elements (its "16 x 16 fractal" is the vector itself, one
// LoadData of ceil(K / 512 B) fractals), not row 0 of 16-row zZ fractals.
template <class C, class A, class B, class Bias>
void mmad(const AscendC::LocalTensor<C>& dst, const AscendC::LocalTensor<A>& fm, const AscendC::LocalTensor<B>& filt,
          const Bias* bias, const AscendC::MmadParams& p, const char* file, int line, bool l0b_n_major = false,
          bool gemv = false) {
  static_assert(std::is_same_v<A, B>, "Mmad: fm and filter element types differ");
  static_assert(std::is_same_v<C, typename AccOf<A>::type>,
                "Mmad: dst must be float for half/bfloat16/float inputs, int32_t for int8 inputs");
  static_assert(std::is_same_v<typename Bias::PrimType, C>, "Mmad: the bias has dst's element type");
  // int4b_t: a fractal is 16 x 64 elements in its 512 bytes (the vendor's mad_s4); the
  // operands are read as packed nibbles.
  constexpr bool s4 = is_int4_v<A>;
  // (constants here: the element loops below divide by them)
  constexpr uint32_t C0 = s4 ? 64 : c0_of<A>();
  constexpr uint32_t F = s4 ? 1024 : 512 / sizeof(A);
  Call op("Mmad", PIPE_M, file, line);
  const TensorRef bias_ref = bias ? bias->ref() : TensorRef{};
  const MmadOperands o = mmad_operands(op, dst.ref(), fm.ref(), filt.ref(), bias ? &bias_ref : nullptr, p,
                                       elem_bits<A>(), std::is_same_v<A, float>, uint32_t(sizeof(C)), gemv);
  const uint32_t M16 = o.M16, K1 = o.K1, K1a = o.K1a, N1 = o.N1;
  const bool init_zero = o.init_zero;
  gemv = o.gemv;
  const uint8_t* a8 = o.a;
  const uint8_t* b8 = o.b;
  auto a = [a8](uint64_t i) -> C {
    if constexpr (s4) return C(int4_load(a8, i)); else return C(reinterpret_cast<const A*>(a8)[i]);
  };
  auto b = [b8](uint64_t i) -> C {
    if constexpr (s4) return C(int4_load(b8, i)); else return C(reinterpret_cast<const B*>(b8)[i]);
  };
  C* c = reinterpret_cast<C*>(o.c);
  const C* bs = reinterpret_cast<const C*>(o.bias);
  // cmatrixSource without a bias tensor (the vendor's mmad example, scenario 1): the initial
  // value is the bias row in the bias table (C2, where DataCopy C1 -> C2 put it); the vendor's
  // mad then passes no bias address, so the Model reads the table from its start.
  const bool from_bt = !bias && p.cmatrixSource;
  if (from_bt) bs = op.in(AscendC::LocalTensor<C>(AscendC::TPosition::C2, 0, p.n, file, line), p.n);
  // The event's id carries the unit flag, as a Fixpipe's does (cube_fixpipe.h): asc-debug's
  // racecheck orders a unit-flag Mmad after the unit-flag Fixpipes before it.
  if (p.unitFlag) op.event(-1, int32_t(p.unitFlag));
  if (!op.elems(uint64_t(p.m) * p.n * p.k).run()) return;
  std::vector<C> av(size_t(p.m) * p.k), bv(size_t(p.k) * p.n);
  for (uint32_t r = 0; r < p.m; ++r)
    for (uint32_t k = 0; k < p.k; ++k)
      av[size_t(r) * p.k + k] = gemv ? a(k) : a(((r / 16) * K1a + k / C0) * F + (r % 16) * C0 + k % C0);
  for (uint32_t k = 0; k < p.k; ++k)
    for (uint32_t n = 0; n < p.n; ++n)
      bv[size_t(k) * p.n + n] = b((l0b_n_major ? (n / 16) * K1 + k / C0 : (k / C0) * N1 + n / 16) * F +
                                  (n % 16) * C0 + k % C0);
  for (uint32_t r = 0; r < p.m; ++r)
    for (uint32_t n = 0; n < p.n; ++n) {
      C& out = c[(n / 16) * M16 * 16 + r * 16 + n % 16];
      C acc = bs ? bs[n] : init_zero ? C(0) : out;
      for (uint32_t k = 0; k < p.k; ++k) acc += av[size_t(r) * p.k + k] * bv[size_t(k) * p.n + n];
      out = acc;
    }
}

}  // namespace asc_model

namespace AscendC {

// ---- Mmad -------------------------------------------------------------------------
template <class C, class A, class B>
void Mmad(const LocalTensor<C>& dst, const LocalTensor<A>& fm, const LocalTensor<B>& filter, const MmadParams& p,
          ASC_LOC_PARAMS) {
  asc_model::mmad<C, A, B, LocalTensor<C>>(dst, fm, filter, nullptr, p, ASC_LOC, false, /*gemv=*/true);
}
// Bias form: C = bias[n] + A*B (the bias row, n elements of the accumulator
// type, replaces the initial value whatever cmatrixInitVal says).
template <class C, class A, class B, class BiasT>
void Mmad(const LocalTensor<C>& dst, const LocalTensor<A>& fm, const LocalTensor<B>& filter,
          const LocalTensor<BiasT>& bias, const MmadParams& p, ASC_LOC_PARAMS) {
  static_assert(std::is_same_v<C, BiasT>, "Mmad: bias must have the accumulator type");
  asc_model::mmad(dst, fm, filter, &bias, p, ASC_LOC, false, /*gemv=*/true);
}
// MmadWithSparse: C (m x n, int32) (+)= A (m x k, int8, L0A zZ) * B, where B
// (k x n) is 4:2 sparse and L0B holds its compressed form Bc (k/2 x n, Zn:
// fractal (k block, n block) at kb * N1 + nb, K1c = ceil(k/2 / 32)) loaded by LoadDataWithSparse:
// Bc[j][c] stands for B[(j/2)*4 + pos][c], pos = idx(j, c) for the first of a
// pair (j even) and idx(j, c) + 1 for the second (idx: the 2-bit index kept with
// Bc's fractal). The vendor encodes the second position minus one (its
// mmad_with_sparse example's gen_data: index_2 = position - 1; the second of two
// kept values is never at position 0). k = the dense K (a multiple of 4).
// cmatrixInitVal as Mmad.
template <class T = int32_t, class U = int8_t>
void MmadWithSparse(const LocalTensor<T>& dst, const LocalTensor<U>& fm, const LocalTensor<U>& filter,
                    const MmadParams& p, ASC_LOC_PARAMS) {
  static_assert(std::is_same_v<T, int32_t> && std::is_same_v<U, int8_t>,
                "MmadWithSparse: int8_t inputs, int32_t accumulator");
  using C = T;
  using A = U;
  using B = U;
  asc_model::Call op("MmadWithSparse", PIPE_M, ASC_LOC);
  asc_model::Core& core = op.core();
  if (dst.mem() != asc_model::Mem::L0C) op.fault("dst must be in CO1 (L0C)");
  if (fm.mem() != asc_model::Mem::L0A) op.fault("fm must be in A2 (L0A)");
  if (filter.mem() != asc_model::Mem::L0B) op.fault("filter must be in B2 (L0B)");
  if (p.k % 4) op.fault("k must be a multiple of 4 (4:2 sparsity)");
  uint32_t M16 = asc_model::up16(p.m), K1 = (p.k + 31) / 32, kc = p.k / 2, K1c = (kc + 31) / 32,
           N1 = (p.n + 15) / 16;
  const A* a = op.in(fm, uint64_t(M16 / 16) * K1 * 512);
  const B* b = op.in(filter, uint64_t(N1) * K1c * 512);
  C* c = op.out(dst, uint64_t(N1) * M16 * 16);
  uint64_t f0 = filter.GetPhyAddr() / 512;
  if (filter.GetPhyAddr() % 512) op.fault("filter is not at a 512 B fractal boundary");
  for (uint64_t f = f0; f < f0 + uint64_t(N1) * K1c; ++f)
    if (f >= core.sparse_ok.size() || !core.sparse_ok[f])
      core.fault(ASC_LOC, "MmadWithSparse", "L0B fractal at byte %llu has no index (not loaded by LoadDataWithSparse)",
                 (unsigned long long)(f * 512));
  if (!op.elems(uint64_t(p.m) * p.n * kc).run()) return;
  const uint8_t* ix = &core.sparse_idx[f0 * 128];
  for (uint32_t r = 0; r < p.m; ++r)
    for (uint32_t n = 0; n < p.n; ++n) {
      C& out = c[(n / 16) * M16 * 16 + r * 16 + n % 16];
      C acc = p.cmatrixInitVal ? C(0) : out;
      for (uint32_t j = 0; j < kc; ++j) {
        uint64_t e = uint64_t((j / 32) * N1 + n / 16) * 512 + (n % 16) * 32 + j % 32;
        uint32_t pos = ((ix[e / 4] >> (2 * (e % 4))) & 3) + (j % 2);
        uint32_t k = (j / 2) * 4 + pos;
        C av = C(a[((r / 16) * K1 + k / 32) * 512 + (r % 16) * 32 + k % 32]);
        acc += av * C(b[e]);
      }
      out = acc;
    }
}

// ---- cube mode setters (recorded in the core) -------------------------------------
inline void SetHF32Mode(bool on, ASC_LOC_PARAMS) {
  asc_model::Call op("SetHF32Mode", PIPE_S, ASC_LOC);
  op.run();
  op.core().hf32 = on;
}
inline void SetHF32TransMode(bool on, ASC_LOC_PARAMS) {
  asc_model::Call op("SetHF32TransMode", PIPE_S, ASC_LOC);
  op.run();
  op.core().hf32_trans = on;
}
// Only changes the order the cube walks the matrices: no observable effect.
inline void SetMMLayoutTransform(bool on, ASC_LOC_PARAMS) {
  asc_model::Call op("SetMMLayoutTransform", PIPE_S, ASC_LOC);
  op.run();
  op.core().mm_layout = on;
}

}  // namespace AscendC
