// adv/math: the high-level element-wise functions (Acos ... Trunc, Exp with a
// Taylor option, Power, Xor, Axpy). Each has the four forms Ascend C has:
// (dst, src[, sharedTmpBuffer][, calCount]); without calCount the whole of src.
#pragma once
#include "asc_model/api/adv_common.h"

namespace asc_model {
namespace adv {

// d = f(s) over n elements, in the compute type (float for half).
template <class T, class F>
void unary(const char* name, const LocalTensor<T>& dst, const LocalTensor<T>& src,
           const LocalTensor<uint8_t>* tmp, const int64_t* count, F f, const char* file, int line) {
  Call op(name, PIPE_V, file, line);
  uint64_t n = count_or_size(op, src, count);
  T* d = op.out(dst, n);
  const T* s = op.in(src, n);
  declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  for (uint64_t i = 0; i < n; ++i) d[i] = T(f(Cmp<T>(s[i])));
}
template <class T, class F>
void binary(const char* name, const LocalTensor<T>& dst, const LocalTensor<T>& a, const LocalTensor<T>& b,
            const LocalTensor<uint8_t>* tmp, const int64_t* count, F f, const char* file, int line) {
  Call op(name, PIPE_V, file, line);
  uint64_t n = count_or_size(op, a, count);
  T* d = op.out(dst, n);
  const T* x = op.in(a, n);
  const T* y = op.in(b, n);
  declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  for (uint64_t i = 0; i < n; ++i) d[i] = T(f(Cmp<T>(x[i]), Cmp<T>(y[i])));
}

// psi(x): upward recurrence to x >= 6, then the asymptotic series; reflection
// for x < 0. Accurate to double rounding well beyond float's needs.
inline double digamma(double x) {
  if (std::isnan(x) || (x <= 0 && x == std::floor(x))) return std::nan("");
  if (x < 0) return digamma(1 - x) - M_PI / std::tan(M_PI * x);
  double r = 0;
  while (x < 6) { r -= 1 / x; x += 1; }
  double f = 1 / (x * x);
  double t = f * (-1.0 / 12 + f * (1.0 / 120 + f * (-1.0 / 252 + f * (1.0 / 240 + f * (-1.0 / 132)))));
  return r + std::log(x) - 0.5 / x + t;
}
// e^x as the Taylor path computes it: e^trunc(x) times the first `level`
// terms (after 1) of the series of e^frac(x).
inline float exp_taylor(float x, int level) {
  if (level == 0 || !std::isfinite(x)) return std::exp(x);
  float ip = std::trunc(x), f = x - ip, term = 1, sum = 1;
  for (int k = 1; k <= level; ++k) { term *= f / float(k); sum += term; }
  return std::exp(ip) * sum;
}
// Integer power with the integer semantics of the vector unit: negative
// exponents give 0 except for bases 1 and -1; products wrap.
inline int32_t ipow(int32_t a, int32_t b) {
  if (b < 0) return a == 1 ? 1 : a == -1 ? ((b & 1) ? -1 : 1) : 0;
  uint32_t r = 1, base = uint32_t(a);
  for (uint32_t e = uint32_t(b); e; e >>= 1, base *= base)
    if (e & 1) r *= base;
  return int32_t(r);
}
template <class X> X power(X a, X b) {
  if constexpr (std::is_integral_v<X>) return ipow(a, b);
  else return std::pow(a, b);
}

}  // namespace adv
}  // namespace asc_model

namespace AscendC {

// The vendor's overload set differs per function (adv_api/math/*.h): all four of
// (tmp, calCount), (tmp), (calCount), () for most; only the calCount forms for
// Ceil, Floor, Round, Lgamma and Digamma (whose tmp is a non-const reference);
// no tmp forms for Log. The Model declares exactly those.
#define ASC_ADV_UNARY_TMP_COUNT(Name, EXPR, TMP_CONST)                                                     \
  template <class T, bool isReuseSource = false>                                                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, TMP_CONST LocalTensor<uint8_t>& tmp,   \
            const uint32_t calCount, ASC_LOC_PARAMS) {                                                   \
    int64_t n = calCount;                                                                                \
    asc_model::adv::unary<T>(#Name, dst, src, &tmp, &n, [](auto x) { return EXPR; }, ASC_LOC);           \
  }
#define ASC_ADV_UNARY_TMP(Name, EXPR)                                                                      \
  template <class T, bool isReuseSource = false>                                                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,       \
            ASC_LOC_PARAMS) {                                                                            \
    asc_model::adv::unary<T>(#Name, dst, src, &tmp, nullptr, [](auto x) { return EXPR; }, ASC_LOC);      \
  }
#define ASC_ADV_UNARY_COUNT(Name, EXPR)                                                                    \
  template <class T, bool isReuseSource = false>                                                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t calCount, ASC_LOC_PARAMS) { \
    int64_t n = calCount;                                                                                \
    asc_model::adv::unary<T>(#Name, dst, src, nullptr, &n, [](auto x) { return EXPR; }, ASC_LOC);        \
  }
#define ASC_ADV_UNARY_NONE(Name, EXPR)                                                                     \
  template <class T, bool isReuseSource = false>                                                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, ASC_LOC_PARAMS) {                      \
    asc_model::adv::unary<T>(#Name, dst, src, nullptr, nullptr, [](auto x) { return EXPR; }, ASC_LOC);   \
  }
#define ASC_ADV_UNARY(Name, EXPR)                                                                          \
  ASC_ADV_UNARY_TMP_COUNT(Name, EXPR, const)                                                             \
  ASC_ADV_UNARY_TMP(Name, EXPR)                                                                          \
  ASC_ADV_UNARY_COUNT(Name, EXPR)                                                                        \
  ASC_ADV_UNARY_NONE(Name, EXPR)
#define ASC_ADV_UNARY_COUNTED(Name, EXPR, TMP_CONST)                                                       \
  ASC_ADV_UNARY_TMP_COUNT(Name, EXPR, TMP_CONST)                                                         \
  ASC_ADV_UNARY_COUNT(Name, EXPR)
ASC_ADV_UNARY(Acos, std::acos(x))
ASC_ADV_UNARY(Acosh, std::acosh(x))
ASC_ADV_UNARY(Asin, std::asin(x))
ASC_ADV_UNARY(Asinh, std::asinh(x))
ASC_ADV_UNARY(Atan, std::atan(x))
ASC_ADV_UNARY(Atanh, std::atanh(x))
ASC_ADV_UNARY_COUNTED(Ceil, std::ceil(x), const)
ASC_ADV_UNARY(Cos, std::cos(x))
ASC_ADV_UNARY(Cosh, std::cosh(x))
ASC_ADV_UNARY_COUNTED(Digamma, float(asc_model::adv::digamma(double(x))), /* non-const */)
ASC_ADV_UNARY(Erf, std::erf(x))
ASC_ADV_UNARY(Erfc, std::erfc(x))
ASC_ADV_UNARY_COUNTED(Floor, std::floor(x), const)
ASC_ADV_UNARY(Frac, x - std::trunc(x))
ASC_ADV_UNARY_COUNTED(Lgamma, std::lgamma(x), const)
ASC_ADV_UNARY_COUNT(Log, std::log(x))
ASC_ADV_UNARY_NONE(Log, std::log(x))
ASC_ADV_UNARY_COUNTED(Round, std::nearbyint(x), const)  // default rounding mode: ties to even
ASC_ADV_UNARY(Sign, decltype(x)((x > 0) - (x < 0)))
ASC_ADV_UNARY(Sin, std::sin(x))
ASC_ADV_UNARY(Sinh, std::sinh(x))
ASC_ADV_UNARY(Tan, std::tan(x))
ASC_ADV_UNARY(Tanh, std::tanh(x))
ASC_ADV_UNARY(Trunc, std::trunc(x))
#undef ASC_ADV_UNARY_COUNTED
#undef ASC_ADV_UNARY
#undef ASC_ADV_UNARY_NONE
#undef ASC_ADV_UNARY_COUNT
#undef ASC_ADV_UNARY_TMP
#undef ASC_ADV_UNARY_TMP_COUNT

// Exp<T, taylorExpandLevel, isReuseSource>: calCount is required.
template <class T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint8_t>& tmp,
         uint32_t calCount, ASC_LOC_PARAMS) {
  int64_t n = calCount;
  asc_model::adv::unary<T>("Exp", dst, src, &tmp, &n,
                           [](auto x) { return asc_model::adv::exp_taylor(float(x), taylorExpandLevel); },
                           ASC_LOC);
}
template <class T, uint8_t taylorExpandLevel, bool isReuseSource = false>
void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t calCount, ASC_LOC_PARAMS) {
  int64_t n = calCount;
  asc_model::adv::unary<T>("Exp", dst, src, nullptr, &n,
                           [](auto x) { return asc_model::adv::exp_taylor(float(x), taylorExpandLevel); },
                           ASC_LOC);
}

#define ASC_ADV_BINARY(Name, EXPR)                                                                        \
  template <class T, bool isReuseSource = false>                                                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,           \
            const LocalTensor<uint8_t>& tmp, uint32_t calCount, ASC_LOC_PARAMS) {                        \
    int64_t n = calCount;                                                                                \
    asc_model::adv::binary<T>(#Name, dst, src0, src1, &tmp, &n, [](auto a, auto b) { return EXPR; },     \
                              ASC_LOC);                                                                  \
  }                                                                                                      \
  template <class T, bool isReuseSource = false>                                                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,           \
            const LocalTensor<uint8_t>& tmp, ASC_LOC_PARAMS) {                                           \
    asc_model::adv::binary<T>(#Name, dst, src0, src1, &tmp, nullptr,                                     \
                              [](auto a, auto b) { return EXPR; }, ASC_LOC);                             \
  }                                                                                                      \
  template <class T, bool isReuseSource = false>                                                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,           \
            uint32_t calCount, ASC_LOC_PARAMS) {                                                         \
    int64_t n = calCount;                                                                                \
    asc_model::adv::binary<T>(#Name, dst, src0, src1, nullptr, &n, [](auto a, auto b) { return EXPR; },  \
                              ASC_LOC);                                                                  \
  }                                                                                                      \
  template <class T, bool isReuseSource = false>                                                         \
  void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,           \
            ASC_LOC_PARAMS) {                                                                            \
    asc_model::adv::binary<T>(#Name, dst, src0, src1, nullptr, nullptr,                                  \
                              [](auto a, auto b) { return EXPR; }, ASC_LOC);                             \
  }
ASC_ADV_BINARY(Power, asc_model::adv::power(a, b))
ASC_ADV_BINARY(Xor, decltype(a)(a ^ b))
#undef ASC_ADV_BINARY

// Axpy<T, U, isReuseSource>(dst, src, scalar[, tmp][, calCount]): dst = src * scalar + dst.
namespace detail_adv_axpy {
template <class T, class U>
void run(const LocalTensor<T>& dst, const LocalTensor<U>& src, float s, const LocalTensor<uint8_t>* tmp,
         const int64_t* count, const char* file, int line) {
  asc_model::Call op("Axpy", PIPE_V, file, line);
  uint64_t n = asc_model::adv::count_or_size(op, src, count);
  T* d = op.out(dst, n);
  const U* x = op.in(src, n);
  asc_model::adv::declare_tmp(op, tmp);
  if (!op.elems(n).run()) return;
  for (uint64_t i = 0; i < n; ++i) d[i] = T(float(x[i]) * s + float(d[i]));
}
}  // namespace detail_adv_axpy
// The vendor's adv Axpy has this one form (adv_api/math/axpy.h); Axpy(dst, src,
// scalar, count) and the mask forms are the basic API's (vec_elem.h).
template <class T, class U, bool isReuseSource = false>
void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const asc_model::vec::NoDeduce<U> scalar,
          const LocalTensor<uint8_t>& tmp, const uint32_t calCount, ASC_LOC_PARAMS) {
  int64_t n = calCount;
  detail_adv_axpy::run(dst, src, float(scalar), &tmp, &n, ASC_LOC);
}

}  // namespace AscendC
