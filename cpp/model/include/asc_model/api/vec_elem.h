// Element-wise vector ops (binary, unary, scalar, Duplicate) and the mask
// register APIs, each a line or two over vec_engine.h.
#pragma once
#include "asc_model/api/vec_engine.h"

namespace asc_model {
namespace vec {
struct Relu_ {
  template <class X> X operator()(X x) const { return x < X(0) ? X(0) : x; }
};
constexpr Relu_ relu{};
template <class T>
inline void div_check(Call& op, uint8_t** q) {
  if constexpr (!is_fp<T>)
    if (ld<T>(q[2]) == T(0)) op.fault("integer division by zero");
}
// Floating-point division needs no pre-check: no per-element pass at all.
template <class T>
constexpr auto div_pre() {
  if constexpr (is_fp<T>) return nullptr;
  else return &div_check<T>;
}
}  // namespace vec
}  // namespace asc_model

namespace AscendC {

// ---- mask register ----------------------------------------------------------
template <class T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(uint64_t maskHigh, uint64_t maskLow, ASC_LOC_PARAMS) {
  asc_model::Call op("SetVectorMask", PIPE_S, ASC_LOC);
  op.run();
  auto& v = op.core().vec;
  v.mask[0] = maskLow;
  v.mask[1] = maskHigh;
}
template <class T, MaskMode mode = MaskMode::NORMAL>
inline void SetVectorMask(int32_t len, ASC_LOC_PARAMS) {
  asc_model::Call op("SetVectorMask", PIPE_S, ASC_LOC);
  if (len < 0) op.fault("length is negative");
  op.run();
  auto& v = op.core().vec;
  if (mode == MaskMode::COUNTER || v.counter) {
    v.mask[0] = uint64_t(len);
    v.mask[1] = 0;
  } else {
    v.mask[0] = len >= 64 ? ~0ull : (1ull << len) - 1;
    v.mask[1] = len >= 128 ? ~0ull : len > 64 ? (1ull << (len - 64)) - 1 : 0;
  }
}
inline void ResetMask(ASC_LOC_PARAMS) {
  asc_model::Call op("ResetMask", PIPE_S, ASC_LOC);
  op.run();
  op.core().vec.mask[0] = op.core().vec.mask[1] = ~0ull;
}
inline void SetMaskCount(ASC_LOC_PARAMS) {
  asc_model::Call op("SetMaskCount", PIPE_S, ASC_LOC);
  op.run();
  op.core().vec.counter = true;
}
inline void SetMaskNorm(ASC_LOC_PARAMS) {
  asc_model::Call op("SetMaskNorm", PIPE_S, ASC_LOC);
  op.run();
  op.core().vec.counter = false;
}

// ---- binary -----------------------------------------------------------------
// Each op's element function is one named type (detail_elem::<Name>) that all its
// forms pass: the level-0 count-mask and bit-mask forms then share one
// instantiation of binary_l0 / unary_l0 (the mask is a value), where a lambda per
// form made two.
#define ASC_VEC_BIN_FN(Name, EXPR)                                                                       \
  namespace detail_elem {                                                                                \
  struct Name {                                                                                          \
    template <class D, class A, class B>                                                                 \
    auto operator()([[maybe_unused]] D d, A a, B b) const { return EXPR; }                               \
  };                                                                                                     \
  }
#define ASC_VEC_BIN_L0(Name, EXPR, PRE)                                                                  \
  ASC_VEC_BIN_FN(Name, EXPR)                                                                             \
  template <class T, bool isSetMask = true>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,           \
            uint64_t mask, uint8_t repeatTimes, const BinaryRepeatParams& p, ASC_LOC_PARAMS) {           \
    asc_model::vec::binary_l0<T>(#Name, dst, src0, src1, asc_model::vec::count_arg(mask), isSetMask,     \
                                 repeatTimes, p, detail_elem::Name{}, ASC_LOC, PRE);                     \
  }                                                                                                      \
  template <class T, bool isSetMask = true>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,           \
            const uint64_t mask[2], uint8_t repeatTimes, const BinaryRepeatParams& p, ASC_LOC_PARAMS) {  \
    asc_model::vec::binary_l0<T>(#Name, dst, src0, src1, asc_model::vec::bits_arg(mask), isSetMask,      \
                                 repeatTimes, p, detail_elem::Name{}, ASC_LOC, PRE);                     \
  }
#define ASC_VEC_BIN(Name, EXPR, PRE)                                                                     \
  ASC_VEC_BIN_L0(Name, EXPR, PRE)                                                                        \
  template <class T>                                                                                     \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,           \
            const int32_t& count, ASC_LOC_PARAMS) {                                                      \
    asc_model::vec::binary_l2<T>(#Name, dst, src0, src1, count, detail_elem::Name{}, ASC_LOC, PRE);      \
  }

using asc_model::vec::relu;
ASC_VEC_BIN_L0(Add, a + b, nullptr)  // level 2: api/add.h
ASC_VEC_BIN(Sub, a - b, nullptr)
ASC_VEC_BIN(Mul, a * b, nullptr)
ASC_VEC_BIN(Div, a / b, asc_model::vec::div_pre<T>())
ASC_VEC_BIN(Max, (a < b ? b : a), nullptr)
ASC_VEC_BIN(Min, (b < a ? b : a), nullptr)
ASC_VEC_BIN(And, a & b, nullptr)
ASC_VEC_BIN(Or, a | b, nullptr)
ASC_VEC_BIN(AddRelu, relu(a + b), nullptr)
ASC_VEC_BIN(SubRelu, relu(a - b), nullptr)
ASC_VEC_BIN(FusedMulAdd, a * d + b, nullptr)
ASC_VEC_BIN(FusedMulAddRelu, relu(a * d + b), nullptr)
// MulAddDst (dst = src0 * src1 + dst, dst may be wider: float += half * half): vec_cast.h
#undef ASC_VEC_BIN
#undef ASC_VEC_BIN_L0
#undef ASC_VEC_BIN_FN

// ---- unary ------------------------------------------------------------------
#define ASC_VEC_UN(Name, EXPR)                                                                           \
  namespace detail_elem {                                                                                \
  struct Name {                                                                                          \
    template <class D, class X>                                                                          \
    auto operator()(D, X x) const { return EXPR; }                                                       \
  };                                                                                                     \
  }                                                                                                      \
  template <class T, bool isSetMask = true>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, uint8_t repeatTimes,    \
            const UnaryRepeatParams& p, ASC_LOC_PARAMS) {                                                \
    asc_model::vec::unary_l0<T>(#Name, dst, src, asc_model::vec::count_arg(mask), isSetMask, repeatTimes, \
                                p, detail_elem::Name{}, ASC_LOC);                                        \
  }                                                                                                      \
  template <class T, bool isSetMask = true>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[2],                \
            uint8_t repeatTimes, const UnaryRepeatParams& p, ASC_LOC_PARAMS) {                           \
    asc_model::vec::unary_l0<T>(#Name, dst, src, asc_model::vec::bits_arg(mask), isSetMask, repeatTimes, \
                                p, detail_elem::Name{}, ASC_LOC);                                        \
  }                                                                                                      \
  template <class T>                                                                                     \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, ASC_LOC_PARAMS) { \
    asc_model::vec::unary_l2<T>(#Name, dst, src, count, detail_elem::Name{}, ASC_LOC);                   \
  }
ASC_VEC_UN(Exp, std::exp(x))
ASC_VEC_UN(Ln, std::log(x))
ASC_VEC_UN(Abs, (x < decltype(x)(0) ? decltype(x)(-x) : x))
ASC_VEC_UN(Relu, relu(x))
ASC_VEC_UN(Sqrt, std::sqrt(x))
ASC_VEC_UN(Rsqrt, decltype(x)(1) / std::sqrt(x))
ASC_VEC_UN(Reciprocal, decltype(x)(1) / x)
ASC_VEC_UN(Not, decltype(x)(~x))
#undef ASC_VEC_UN

// ---- tensor-scalar ----------------------------------------------------------
// (the element function holds the scalar, in the compute type Cmp<T>)
#define ASC_VEC_SC(Name, EXPR)                                                                           \
  namespace detail_elem {                                                                                \
  template <class S>                                                                                     \
  struct Name {                                                                                          \
    S s;                                                                                                 \
    template <class D, class X>                                                                          \
    auto operator()(D, X x) const { return EXPR; }                                                       \
  };                                                                                                     \
  }                                                                                                      \
  template <class T, bool isSetMask = true>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const asc_model::vec::NoDeduce<T>& scalar, \
            uint64_t mask, uint8_t repeatTimes, const UnaryRepeatParams& p, ASC_LOC_PARAMS) {            \
    asc_model::vec::unary_l0<T>(#Name, dst, src, asc_model::vec::count_arg(mask), isSetMask, repeatTimes, \
                                p, detail_elem::Name<asc_model::vec::Cmp<T>>{scalar}, ASC_LOC);          \
  }                                                                                                      \
  template <class T, bool isSetMask = true>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const asc_model::vec::NoDeduce<T>& scalar, \
            const uint64_t mask[2], uint8_t repeatTimes, const UnaryRepeatParams& p, ASC_LOC_PARAMS) {   \
    asc_model::vec::unary_l0<T>(#Name, dst, src, asc_model::vec::bits_arg(mask), isSetMask, repeatTimes, \
                                p, detail_elem::Name<asc_model::vec::Cmp<T>>{scalar}, ASC_LOC);          \
  }                                                                                                      \
  template <class T, bool isSetMask = true>                                                              \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const asc_model::vec::NoDeduce<T>& scalar, \
            const int32_t& count, ASC_LOC_PARAMS) {                                                      \
    asc_model::vec::unary_l2<T>(#Name, dst, src, count, detail_elem::Name<asc_model::vec::Cmp<T>>{scalar}, \
                                ASC_LOC);                                                                \
  }
ASC_VEC_SC(Adds, x + s)
ASC_VEC_SC(Muls, x * s)
ASC_VEC_SC(Maxs, (x < s ? s : x))
ASC_VEC_SC(Mins, (s < x ? s : x))
ASC_VEC_SC(LeakyRelu, (x >= decltype(x)(0) ? x : decltype(x)(x * s)))
ASC_VEC_SC(ShiftLeft, decltype(x)(x << s))
ASC_VEC_SC(ShiftRight, decltype(x)(x >> s))  // signed: arithmetic, unsigned: logical
#undef ASC_VEC_SC

// Axpy: dst = src * scalar + dst (src and dst may differ in type: half->float).
namespace detail_axpy {
template <class D, class S>
void axpy(const LocalTensor<D>& dst, const LocalTensor<S>& src, float s, const asc_model::vec::Plan* pl,
          asc_model::Call& op, const UnaryRepeatParams* p, int64_t count) {
  using namespace asc_model::vec;
  std::array<Opd, 2> o{opd(dst, p ? p->dstBlkStride : 1, p ? p->dstRepStride : 8, true),
                       opd(src, p ? p->srcBlkStride : 1, p ? p->srcRepStride : 8, false)};
  ASC_PRECISION_ONLY(asc_model::precision::Tracker<D> sh(op.core(), op.api(), op.file(), op.line(), true);)
  auto f = [&](uint8_t** q) {
    ASC_PRECISION_ONLY(if constexpr (asc_model::precision::tag_of<D>() != 0)  // --precision-trace: dst is an input
                         sh.out(q[0], sh.template in<S>(q[1], 1) * double(s) + sh.template in<D>(q[0], 0));)
    st<D>(q[0], D(float(ld<S>(q[1])) * s + float(ld<D>(q[0]))));
  };
  if (pl) run_l0(op, *pl, o, nullptr, f);
  else run_l2(op, count, o, nullptr, f);
}
}  // namespace detail_axpy
template <class D, class S, bool isSetMask = true>
void Axpy(const LocalTensor<D>& dst, const LocalTensor<S>& src, const asc_model::vec::NoDeduce<S>& scalar,
          uint64_t mask, uint8_t repeatTimes, const UnaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("Axpy", PIPE_V, ASC_LOC);
  auto pl = asc_model::vec::resolve(op, asc_model::vec::count_arg(mask), isSetMask, repeatTimes,
                                    256 / int(std::max(sizeof(D), sizeof(S))));
  detail_axpy::axpy(dst, src, float(scalar), &pl, op, &p, 0);
}
template <class D, class S, bool isSetMask = true>
void Axpy(const LocalTensor<D>& dst, const LocalTensor<S>& src, const asc_model::vec::NoDeduce<S>& scalar,
          const uint64_t mask[2], uint8_t repeatTimes, const UnaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("Axpy", PIPE_V, ASC_LOC);
  auto pl = asc_model::vec::resolve(op, asc_model::vec::bits_arg(mask), isSetMask, repeatTimes,
                                    256 / int(std::max(sizeof(D), sizeof(S))));
  detail_axpy::axpy(dst, src, float(scalar), &pl, op, &p, 0);
}
template <class D, class S>
void Axpy(const LocalTensor<D>& dst, const LocalTensor<S>& src, const asc_model::vec::NoDeduce<S>& scalar,
          const int32_t& count, ASC_LOC_PARAMS) {
  asc_model::Call op("Axpy", PIPE_V, ASC_LOC);
  detail_axpy::axpy(dst, src, float(scalar), nullptr, op, nullptr, count);
}

// ---- Duplicate ---------------------------------------------------------------
namespace detail_dup {
template <class T>
void dup(asc_model::Call& op, const LocalTensor<T>& dst, T v, const asc_model::vec::Plan* pl, uint64_t blk,
         uint64_t rep, int64_t count) {
  using namespace asc_model::vec;
  std::array<Opd, 1> o{opd(dst, blk, rep, true)};
  // --precision-trace: the shadow of a scalar read back by GetValue goes on (precision.h).
  ASC_PRECISION_ONLY(asc_model::precision::Tracker<T> sh(op.core(), op.api(), op.file(), op.line());
                     const bool shadowed = asc_model::precision::tag_of<T>() != 0;
                     const double vs = shadowed ? sh.template scalar<T>(v) : 0.0;)
  auto f = [&](uint8_t** q) {
    ASC_PRECISION_ONLY(if (shadowed) sh.out_same(q[0], vs);)
    st<T>(q[0], v);
  };
  if (pl) { run_l0(op, *pl, o, nullptr, f); return; }
  if (count < 0) op.fault("count is negative");
  T* d = op.out(dst, uint64_t(count));
  op.elems(uint64_t(count)).run();
  ASC_PRECISION_ONLY(if (shadowed) for (int64_t i = 0; i < count; ++i) sh.out_same(d + i, vs);)
#pragma omp simd
  for (int64_t i = 0; i < count; ++i) d[i] = v;
}
}  // namespace detail_dup
template <class T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const asc_model::vec::NoDeduce<T>& scalar, uint64_t mask,
               const uint8_t repeatTimes, const uint16_t dstBlockStride, const uint8_t dstRepeatStride,
               ASC_LOC_PARAMS) {
  asc_model::Call op("Duplicate", PIPE_V, ASC_LOC);
  auto pl = asc_model::vec::resolve(op, asc_model::vec::count_arg(mask), isSetMask, repeatTimes, 256 / int(sizeof(T)));
  detail_dup::dup<T>(op, dst, scalar, &pl, dstBlockStride, dstRepeatStride, 0);
}
template <class T, bool isSetMask = true>
void Duplicate(const LocalTensor<T>& dst, const asc_model::vec::NoDeduce<T>& scalar, const uint64_t mask[2],
               const uint8_t repeatTimes, const uint16_t dstBlockStride, const uint8_t dstRepeatStride,
               ASC_LOC_PARAMS) {
  asc_model::Call op("Duplicate", PIPE_V, ASC_LOC);
  auto pl = asc_model::vec::resolve(op, asc_model::vec::bits_arg(mask), isSetMask, repeatTimes, 256 / int(sizeof(T)));
  detail_dup::dup<T>(op, dst, scalar, &pl, dstBlockStride, dstRepeatStride, 0);
}
template <class T>
void Duplicate(const LocalTensor<T>& dst, const asc_model::vec::NoDeduce<T>& scalar, const int32_t& count,
               ASC_LOC_PARAMS) {
  asc_model::Call op("Duplicate", PIPE_V, ASC_LOC);
  detail_dup::dup<T>(op, dst, scalar, nullptr, 1, 8, count);
}

}  // namespace AscendC
