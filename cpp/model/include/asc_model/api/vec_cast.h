// Cast (every RoundMode), Compare / CompareScalar (bit masks), Select,
// GetCmpMask / SetCmpMask, AddReluCast / SubReluCast / MulCast, AddDeqRelu and
// SetDeqScale.
//
// Semantics chosen:
// * Cast to an integer rounds by the mode (CAST_NONE = CAST_RINT, the vendor's
//   "RINT when precision is lost"), then saturates to the destination range;
//   NaN -> 0. Integer -> integer saturates too.
// * Cast to a float type rounds by the mode (RINT nearest-even, FLOOR, CEIL,
//   ROUND half away from zero, TRUNC, ODD = round to odd); overflow follows the
//   mode (RINT/ROUND -> inf, FLOOR/TRUNC toward zero -> largest finite, ...).
// * Level-0 mixed-width ops process 256 / max(sizeof) elements per repeat; each
//   operand is addressed with its own element size (hardware.md).
// * Compare / CompareScalar write one bit per element, LSB first, repeat r's
//   bits at bit r*epr (level 2: bit i = element i); bits of masked-off
//   elements are left untouched.
// * Select: VSEL_TENSOR_TENSOR_MODE (2) and VSEL_TENSOR_SCALAR_MODE (1) consume
//   the selMask bits continuously (bit r*epr+e); VSEL_CMPMASK_SPR (0) uses the
//   same first epr bits of selMask in every repeat. Bit 1 selects src0.
#pragma once
#include <cfenv>
#include <cstring>
#include "asc_model/api/vec_engine.h"

namespace asc_model {
namespace vec {

template <class D>
inline D step(D r, bool up) {
  if constexpr (std::is_same_v<D, float>) {
    return std::nextafter(r, up ? std::numeric_limits<float>::infinity() : -std::numeric_limits<float>::infinity());
  } else if constexpr (std::is_same_v<D, double>) {
    return std::nextafter(r, up ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity());
  } else {
    uint16_t b = r.bits;
    bool neg = b & 0x8000u;
    if ((b & 0x7FFFu) == 0) b = up ? 0x0001 : 0x8001;
    else if (up) b = neg ? uint16_t(b - 1) : uint16_t(b + 1);
    else b = neg ? uint16_t(b + 1) : uint16_t(b - 1);
    return D::from_bits(b);
  }
}
template <class D>
inline uint64_t low_bit(D r) {
  if constexpr (std::is_same_v<D, float>) return f32_bits(r) & 1;
  else if constexpr (std::is_same_v<D, double>) { uint64_t u; std::memcpy(&u, &r, 8); return u & 1; }
  else return r.bits & 1;
}

inline double round_int(double x, int mode) {
  switch (mode) {
    case 2: return std::floor(x);
    case 3: return std::ceil(x);
    case 4: return std::round(x);
    case 5: return std::trunc(x);
    case 6: {
      double f = std::floor(x);
      if (f == x) return x;
      return std::fmod(f, 2.0) != 0 ? f : f + 1;  // the odd neighbour
    }
    default: return std::nearbyint(x);  // NONE / RINT: nearest even (default FP env)
  }
}

template <class D, class S>
inline D convert(S v, int mode) {
  if constexpr (std::is_same_v<D, S>) {
    return v;
  } else if constexpr (!is_fp<D>) {
    double x;
    if constexpr (is_fp<S>) {
      x = double(Cmp<S>(v));
      if (std::isnan(x)) return D(0);
      x = round_int(x, mode);
    } else {
      x = double(v);
      if constexpr (sizeof(S) == 8 && sizeof(D) == 8) {  // int64 <-> uint64 need no double
        if (std::is_signed_v<S> && !std::is_signed_v<D> && v < 0) return D(0);
        if (!std::is_signed_v<S> && std::is_signed_v<D> && uint64_t(v) > uint64_t(INT64_MAX)) return D(INT64_MAX);
        return D(v);
      }
    }
    constexpr double lo = double(std::numeric_limits<D>::min()), hi = double(std::numeric_limits<D>::max());
    if (x <= lo) return std::numeric_limits<D>::min();
    if (x >= hi) return std::numeric_limits<D>::max();
    return D(x);
  } else {
    double x;
    if constexpr (is_fp<S>) x = double(Cmp<S>(v));
    else x = double(v);
    D r;
    if constexpr (is_f16<D>) r = D(float(x));
    else r = D(x);
    double rd = double(Cmp<D>(r));
    if (std::isnan(x) || std::isinf(x) || rd == x) return r;
    D lo = rd < x ? r : step(r, false), hi = rd < x ? step(r, true) : r;
    double dl = x - double(Cmp<D>(lo)), dh = double(Cmp<D>(hi)) - x;
    switch (mode) {
      case 2: return lo;
      case 3: return hi;
      case 5: return x > 0 ? lo : hi;
      case 4: return dl < dh ? lo : dh < dl ? hi : (x > 0 ? hi : lo);
      case 6: return low_bit(lo) ? lo : hi;
      default: return r;
    }
  }
}

template <class T>
inline bool cmp(T a, T b, int mode) {
  Cmp<T> x = a, y = b;
  switch (mode) {
    case 0: return x < y;
    case 1: return x > y;
    case 2: return x == y;
    case 3: return x <= y;
    case 4: return x >= y;
    default: return x != y;
  }
}
inline void put_bit(uint8_t* base, uint64_t i, bool v) {
  uint8_t& b = base[i >> 3];
  b = uint8_t(v ? (b | (1u << (i & 7))) : (b & ~(1u << (i & 7))));
}
inline bool get_bit(const uint8_t* base, uint64_t i) { return (base[i >> 3] >> (i & 7)) & 1; }

// Generic mixed-type level-0 / level-2 driver: operands' element sizes may
// differ; epr = 256 / widest.
template <size_t N, class F>
void mixed(Call& op, const Plan* pl, int64_t count, std::array<Opd, N>& o, F f) {
  if (pl) run_l0(op, *pl, o, nullptr, f);
  else run_l2(op, count, o, nullptr, f);
}
inline Plan plan_for(Call& op, const MaskArg* m, bool set, int rep, int widest) {
  return m ? resolve(op, *m, set, rep, 256 / widest) : Plan{};
}

}  // namespace vec
}  // namespace asc_model

namespace AscendC {

using SELMODE = SelMode;  // the emitter (and the vendor headers) spell it SELMODE

// ---- Cast ---------------------------------------------------------------------
namespace detail_vec {
// Cast half <-> int4b_t (the vendor's vconv_f162s4* / vconv_s42f16 on A2): 128 elements per
// repeat (half's), each operand addressed with its own element size as every mixed-width
// cast: a 32-byte block of the int4b_t side holds 64 elements (nibble e of a repeat is
// nibble e % 64 of block e / 64). half -> int4b_t rounds by the mode and saturates to
// [-8, 7] (CAST_ODD the vendor rejects); int4b_t -> half takes CAST_NONE only (exact).
template <class D, class S>
void cast_int4(asc_model::Call& op, const LocalTensor<D>& dst, const LocalTensor<S>& src, int mode,
               const asc_model::vec::MaskArg* m, bool set, int rep, const UnaryRepeatParams* p, int64_t count) {
  using namespace asc_model::vec;
  constexpr bool to4 = asc_model::is_int4_v<D>;
  static_assert((to4 && std::is_same_v<S, half>) || (asc_model::is_int4_v<S> && std::is_same_v<D, half>),
                "Cast: int4b_t converts from and to half only (the vendor's A2 Cast)");
  if (to4 && mode == int(RoundMode::CAST_ODD)) op.fault("CAST_ODD from half to int4b_t is not supported");
  if (!to4 && mode != int(RoundMode::CAST_NONE)) op.fault("int4b_t to half supports CAST_NONE only");
  const LocalTensor<half>& h = [&]() -> const LocalTensor<half>& {
    if constexpr (to4) return src; else return dst;
  }();
  asc_model::TensorRef q4 = to4 ? dst.ref() : src.ref();
  std::vector<std::pair<uint64_t, uint64_t>> idx;  // (byte offset of the half, nibble of the int4b_t)
  uint8_t *hp = nullptr, *qp = nullptr;
  if (m) {
    Plan pl = plan_for(op, m, set, rep, 2);
    uint64_t hb = to4 ? p->srcBlkStride : p->dstBlkStride, hr = to4 ? p->srcRepStride : p->dstRepStride;
    uint64_t qb = to4 ? p->dstBlkStride : p->srcBlkStride, qr = to4 ? p->dstRepStride : p->srcRepStride;
    Opd o = opd(h, hb, hr, !to4);
    declare(op, pl, o);
    hp = o.origin;
    auto nib = [&](int r, int e) { return uint64_t(r) * qr * 64 + uint64_t(e / 64) * qb * 64 + uint64_t(e % 64); };
    bool have = false;
    for (int r = 0; r < pl.repeats; ++r) {  // one range per repeat: its first active block .. last active nibble
      const Mask& mk = pl.mask(r);
      int lo = mk.lowest(0, pl.epr), hi = mk.highest(0, pl.epr);
      if (lo < 0) continue;
      uint64_t start = nib(r, lo - lo % 64) / 2, end = nib(r, hi) / 2 + 1;
      op.at_repeat(r);
      uint8_t* b = op.range(q4, start, end - start, to4, true);
      if (!have) { qp = b - start; have = true; }
      for (int e = lo; e <= hi; ++e)
        if (mk.test(e)) idx.push_back({o.off(r, e), nib(r, e)});
    }
    op.at_repeat(-1);
    op.elems(pl.elems()).repeats(pl.repeats);
  } else {
    if (count < 0) op.fault("count is negative");
    hp = op.range(h.ref(), 0, uint64_t(count) * 2, !to4, true);
    qp = op.range(q4, 0, (uint64_t(count) + 1) / 2, to4, true);
    for (int64_t e = 0; e < count; ++e) idx.push_back({uint64_t(e) * 2, uint64_t(e)});
    op.elems(uint64_t(count));
  }
  if (!op.run()) return;
  for (auto [ho, n] : idx) {
    if constexpr (to4) {
      int8_t v = convert<int8_t, half>(ld<half>(hp + ho), mode);
      asc_model::int4_store(qp, n, int4b_t(int32_t(v < -8 ? -8 : v > 7 ? 7 : v)));
    } else {
      st<half>(hp + ho, half(float(asc_model::int4_load(qp, n))));
    }
  }
}

template <class D, class S>
void cast(asc_model::Call& op, const LocalTensor<D>& dst, const LocalTensor<S>& src, int mode,
          const asc_model::vec::MaskArg* m, bool set, int rep, const UnaryRepeatParams* p, int64_t count) {
  using namespace asc_model::vec;
  if (mode < 0 || mode > 6) op.fault("invalid RoundMode");
  if constexpr (asc_model::is_int4_v<D> || asc_model::is_int4_v<S>) {
    cast_int4(op, dst, src, mode, m, set, rep, p, count);
  } else {
  Plan pl = plan_for(op, m, set, rep, int(std::max(sizeof(D), sizeof(S))));
  std::array<Opd, 2> o{opd(dst, p ? p->dstBlkStride : 1, p ? p->dstRepStride : 8, true),
                       opd(src, p ? p->srcBlkStride : 1, p ? p->srcRepStride : 8, false)};
  ASC_PRECISION_ONLY(asc_model::precision::Tracker<D> sh(op.core(), op.api(), op.file(), op.line());)
  mixed(op, m ? &pl : nullptr, count, o, [&](uint8_t** q) {
    ASC_PRECISION_ONLY(sh.out(q[0], sh.template in<S>(q[1], 1));)  // the exact value: the shadow of the source
    st<D>(q[0], convert<D, S>(ld<S>(q[1]), mode));
  });
  }
}
}  // namespace detail_vec

template <class D, class S>
void Cast(const LocalTensor<D>& dst, const LocalTensor<S>& src, asc_model::EnumArg<RoundMode> roundMode,
          const uint32_t count, ASC_LOC_PARAMS) {
  asc_model::Call op("Cast", PIPE_V, ASC_LOC);
  detail_vec::cast(op, dst, src, roundMode, nullptr, true, 0, nullptr, count);
}
template <class D, class S, bool isSetMask = true>
void Cast(const LocalTensor<D>& dst, const LocalTensor<S>& src, asc_model::EnumArg<RoundMode> roundMode,
          const uint64_t mask, const uint8_t repeatTimes, const UnaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("Cast", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::count_arg(mask);
  detail_vec::cast(op, dst, src, roundMode, &m, isSetMask, repeatTimes, &p, 0);
}
template <class D, class S, bool isSetMask = true>
void Cast(const LocalTensor<D>& dst, const LocalTensor<S>& src, asc_model::EnumArg<RoundMode> roundMode,
          const uint64_t mask[2], const uint8_t repeatTimes, const UnaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("Cast", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::bits_arg(mask);
  detail_vec::cast(op, dst, src, roundMode, &m, isSetMask, repeatTimes, &p, 0);
}

// ---- Compare / CompareScalar ------------------------------------------------------
namespace detail_vec {
// src1 == nullptr: scalar compare against `sc`.
template <class T, class U>
void compare(asc_model::Call& op, const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>* src1,
             T sc, int mode, const asc_model::vec::MaskArg* m, bool set, int rep, uint64_t s0b, uint64_t s0r,
             uint64_t s1b, uint64_t s1r, int64_t count) {
  using namespace asc_model::vec;
  if (mode < 0 || mode > 5) op.fault("invalid CMPMODE");
  Plan pl = plan_for(op, m, set, rep, int(sizeof(T)));
  uint64_t nbits = m ? uint64_t(pl.repeats) * uint64_t(pl.epr) : uint64_t(count < 0 ? 0 : count);
  if (count < 0) op.fault("count is negative");
  uint8_t* d = op.range(dst.ref(), 0, (nbits + 7) / 8, true, true);
  uint64_t epr = m ? uint64_t(pl.epr) : 0;
  auto f = [&, d, epr](uint8_t** q, int r, int e) {
    T b = src1 ? ld<T>(q[1]) : sc;
    put_bit(d, uint64_t(r) * epr + uint64_t(e), cmp<T>(ld<T>(q[0]), b, mode));
  };
  if (src1) {
    std::array<Opd, 2> o{opd(src0, s0b, s0r, false), opd(*src1, s1b, s1r, false)};
    mixed(op, m ? &pl : nullptr, count, o, f);
  } else {
    std::array<Opd, 1> o{opd(src0, s0b, s0r, false)};
    mixed(op, m ? &pl : nullptr, count, o, f);
  }
}
}  // namespace detail_vec

template <class T, class U>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
             asc_model::EnumArg<CMPMODE> cmpMode, const uint32_t count, ASC_LOC_PARAMS) {
  asc_model::Call op("Compare", PIPE_V, ASC_LOC);
  detail_vec::compare<T, U>(op, dst, src0, &src1, T(0), cmpMode, nullptr, true, 0, 1, 8, 1, 8, count);
}
template <class T, class U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
             asc_model::EnumArg<CMPMODE> cmpMode, const uint64_t mask, const uint8_t repeatTimes,
             const BinaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("Compare", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::count_arg(mask);
  detail_vec::compare<T, U>(op, dst, src0, &src1, T(0), cmpMode, &m, isSetMask, repeatTimes, p.src0BlkStride,
                            p.src0RepStride, p.src1BlkStride, p.src1RepStride, 0);
}
template <class T, class U, bool isSetMask = true>
void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
             asc_model::EnumArg<CMPMODE> cmpMode, const uint64_t mask[2], const uint8_t repeatTimes,
             const BinaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("Compare", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::bits_arg(mask);
  detail_vec::compare<T, U>(op, dst, src0, &src1, T(0), cmpMode, &m, isSetMask, repeatTimes, p.src0BlkStride,
                            p.src0RepStride, p.src1BlkStride, p.src1RepStride, 0);
}
template <class T, class U>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const asc_model::vec::NoDeduce<T> scalar,
                   asc_model::EnumArg<CMPMODE> cmpMode, const uint32_t count, ASC_LOC_PARAMS) {
  asc_model::Call op("CompareScalar", PIPE_V, ASC_LOC);
  detail_vec::compare<T, U>(op, dst, src0, nullptr, scalar, cmpMode, nullptr, true, 0, 1, 8, 1, 8, count);
}
template <class T, class U, bool isSetMask = true>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const asc_model::vec::NoDeduce<T> scalar,
                   asc_model::EnumArg<CMPMODE> cmpMode, const uint64_t mask, const uint8_t repeatTimes,
                   const UnaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("CompareScalar", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::count_arg(mask);
  detail_vec::compare<T, U>(op, dst, src0, nullptr, scalar, cmpMode, &m, isSetMask, repeatTimes, p.srcBlkStride,
                            p.srcRepStride, 1, 8, 0);
}
template <class T, class U, bool isSetMask = true>
void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const asc_model::vec::NoDeduce<T> scalar,
                   asc_model::EnumArg<CMPMODE> cmpMode, const uint64_t mask[2], const uint8_t repeatTimes,
                   const UnaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("CompareScalar", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::bits_arg(mask);
  detail_vec::compare<T, U>(op, dst, src0, nullptr, scalar, cmpMode, &m, isSetMask, repeatTimes, p.srcBlkStride,
                            p.srcRepStride, 1, 8, 0);
}

// Compares: the vendor's current name of CompareScalar (which it keeps as a
// deprecated alias): the same API, so it forwards (faults name CompareScalar).
template <class T, class U>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const asc_model::vec::NoDeduce<T> scalar,
              asc_model::EnumArg<CMPMODE> cmpMode, const uint32_t count, ASC_LOC_PARAMS) {
  CompareScalar<T, U>(dst, src0, scalar, cmpMode, count, ASC_LOC);
}
template <class T, class U, bool isSetMask = true>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const asc_model::vec::NoDeduce<T> scalar,
              asc_model::EnumArg<CMPMODE> cmpMode, const uint64_t mask[], const uint8_t repeatTimes,
              const UnaryRepeatParams& p, ASC_LOC_PARAMS) {
  CompareScalar<T, U, isSetMask>(dst, src0, scalar, cmpMode, mask, repeatTimes, p, ASC_LOC);
}
template <class T, class U, bool isSetMask = true>
void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const asc_model::vec::NoDeduce<T> scalar,
              asc_model::EnumArg<CMPMODE> cmpMode, const uint64_t mask, const uint8_t repeatTimes,
              const UnaryRepeatParams& p, ASC_LOC_PARAMS) {
  CompareScalar<T, U, isSetMask>(dst, src0, scalar, cmpMode, mask, repeatTimes, p, ASC_LOC);
}

// Compare into the CMPMASK register: one repeat (bits 0..epr-1).
template <class T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, asc_model::EnumArg<CMPMODE> cmpMode,
             const uint64_t mask, const BinaryRepeatParams& p, ASC_LOC_PARAMS) {
  using namespace asc_model::vec;
  asc_model::Call op("Compare", PIPE_V, ASC_LOC);
  Plan pl = resolve(op, count_arg(mask), isSetMask, 1, 256 / int(sizeof(T)));
  auto& reg = op.core().vec.cmp;
  int mode = cmpMode;
  std::array<Opd, 2> o{opd(src0, p.src0BlkStride, p.src0RepStride, false),
                       opd(src1, p.src1BlkStride, p.src1RepStride, false)};
  run_l0(op, pl, o, nullptr, [&](uint8_t** q, int, int e) {
    put_bit(reinterpret_cast<uint8_t*>(reg), uint64_t(e), cmp<T>(ld<T>(q[0]), ld<T>(q[1]), mode));
  });
}
template <class T, bool isSetMask = true>
void Compare(const LocalTensor<T>& src0, const LocalTensor<T>& src1, asc_model::EnumArg<CMPMODE> cmpMode,
             const uint64_t mask[2], const BinaryRepeatParams& p, ASC_LOC_PARAMS) {
  using namespace asc_model::vec;
  asc_model::Call op("Compare", PIPE_V, ASC_LOC);
  Plan pl = resolve(op, bits_arg(mask), isSetMask, 1, 256 / int(sizeof(T)));
  auto& reg = op.core().vec.cmp;
  int mode = cmpMode;
  std::array<Opd, 2> o{opd(src0, p.src0BlkStride, p.src0RepStride, false),
                       opd(src1, p.src1BlkStride, p.src1RepStride, false)};
  run_l0(op, pl, o, nullptr, [&](uint8_t** q, int, int e) {
    put_bit(reinterpret_cast<uint8_t*>(reg), uint64_t(e), cmp<T>(ld<T>(q[0]), ld<T>(q[1]), mode));
  });
}
// GetCmpMask / SetCmpMask: 128 bits (16 bytes) between CMPMASK and a tensor.
template <class T>
void GetCmpMask(const LocalTensor<T>& dst, ASC_LOC_PARAMS) {
  asc_model::Call op("GetCmpMask", PIPE_V, ASC_LOC);
  uint8_t* d = op.range(dst.ref(), 0, 16, true, true);
  op.elems(16 / sizeof(T)).run();
  std::memcpy(d, op.core().vec.cmp, 16);
}
template <class T>
void SetCmpMask(const LocalTensor<T>& src, ASC_LOC_PARAMS) {
  asc_model::Call op("SetCmpMask", PIPE_V, ASC_LOC);
  const uint8_t* s = op.range(src.ref(), 0, 16, false, true);
  op.elems(16 / sizeof(T)).run();
  std::memcpy(op.core().vec.cmp, s, 16);
}

// ---- Select -----------------------------------------------------------------------
namespace detail_vec {
// src1 == nullptr: scalar `sc`. sel == nullptr: bits from CMPMASK.
template <class T, class U>
void select(asc_model::Call& op, const LocalTensor<T>& dst, const LocalTensor<U>* sel, const LocalTensor<T>& src0,
            const LocalTensor<T>* src1, T sc, int mode, const asc_model::vec::MaskArg* m, bool set, int rep,
            const BinaryRepeatParams& p, int64_t count) {
  using namespace asc_model::vec;
  if (mode < 0 || mode > 2) op.fault("invalid SelMode");
  if (count < 0) op.fault("count is negative");
  Plan pl = plan_for(op, m, set, rep, int(sizeof(T)));
  uint64_t epr = uint64_t(m ? pl.epr : 256 / int(sizeof(T)));
  uint64_t nbits = mode == 0 ? epr : m ? uint64_t(pl.repeats) * epr : uint64_t(count);
  const uint8_t* bits = sel ? op.range(sel->ref(), 0, (nbits + 7) / 8, false, true)
                            : reinterpret_cast<const uint8_t*>(op.core().vec.cmp);
  auto f = [&, bits, epr](uint8_t** q, int r, int e) {
    uint64_t i = m ? uint64_t(r) * epr + uint64_t(e) : uint64_t(e);  // level 2: e is the element
    if (mode == 0) i %= epr;
    bool b = get_bit(bits, i);
    st<T>(q[0], b ? ld<T>(q[1]) : (src1 ? ld<T>(q[2]) : sc));
  };
  if (src1) {
    std::array<Opd, 3> o{opd(dst, p.dstBlkStride, p.dstRepStride, true), opd(src0, p.src0BlkStride, p.src0RepStride, false),
                         opd(*src1, p.src1BlkStride, p.src1RepStride, false)};
    mixed(op, m ? &pl : nullptr, count, o, f);
  } else {
    std::array<Opd, 2> o{opd(dst, p.dstBlkStride, p.dstRepStride, true), opd(src0, p.src0BlkStride, p.src0RepStride, false)};
    mixed(op, m ? &pl : nullptr, count, o, f);
  }
}
}  // namespace detail_vec

template <class T, class U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            const LocalTensor<T>& src1, asc_model::EnumArg<SelMode> selMode, uint32_t count, ASC_LOC_PARAMS) {
  asc_model::Call op("Select", PIPE_V, ASC_LOC);
  detail_vec::select<T, U>(op, dst, &selMask, src0, &src1, T(0), selMode, nullptr, true, 0, BinaryRepeatParams{}, count);
}
template <class T, class U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
            asc_model::vec::NoDeduce<T> src1, asc_model::EnumArg<SelMode> selMode, uint32_t count, ASC_LOC_PARAMS) {
  asc_model::Call op("Select", PIPE_V, ASC_LOC);
  detail_vec::select<T, U>(op, dst, &selMask, src0, nullptr, src1, selMode, nullptr, true, 0, BinaryRepeatParams{},
                           count);
}
#define ASC_VEC_SEL(MASKT, MAKE)                                                                               \
  template <class T, class U, bool isSetMask = true>                                                           \
  void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,            \
              const LocalTensor<T>& src1, asc_model::EnumArg<SelMode> selMode, MASKT mask, uint8_t repeatTimes, \
              const BinaryRepeatParams& p, ASC_LOC_PARAMS) {                                                   \
    asc_model::Call op("Select", PIPE_V, ASC_LOC);                                                             \
    auto m = asc_model::vec::MAKE(mask);                                                                       \
    detail_vec::select<T, U>(op, dst, &selMask, src0, &src1, T(0), selMode, &m, isSetMask, repeatTimes, p, 0); \
  }                                                                                                            \
  template <class T, class U, bool isSetMask = true>                                                           \
  void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,            \
              asc_model::vec::NoDeduce<T> src1, asc_model::EnumArg<SelMode> selMode, MASKT mask,               \
              uint8_t repeatTimes, const BinaryRepeatParams& p, ASC_LOC_PARAMS) {                              \
    asc_model::Call op("Select", PIPE_V, ASC_LOC);                                                             \
    auto m = asc_model::vec::MAKE(mask);                                                                       \
    detail_vec::select<T, U>(op, dst, &selMask, src0, nullptr, src1, selMode, &m, isSetMask, repeatTimes, p, 0); \
  }
ASC_VEC_SEL(const uint64_t, count_arg)
ASC_VEC_SEL(const uint64_t*, bits_arg)
#undef ASC_VEC_SEL
// Register form: bits from CMPMASK, elements from the mask register.
template <class T, SelMode selMode>
void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, uint8_t repeatTimes,
            const BinaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("Select", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::count_arg(0);
  detail_vec::select<T, uint8_t>(op, dst, nullptr, src0, &src1, T(0), int(selMode), &m, false, repeatTimes, p, 0);
}

// Select<T, U>(dst, selMask, src0, repeatTimes, params): VSEL_TENSOR_SCALAR_MODE
// with the scalar taken from the low sizeof(T) bytes of CMPMASK (SetCmpMask),
// elements from the mask register; selMask bits consumed continuously.
template <class T, class U>
void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, uint8_t repeatTimes,
            const BinaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("Select", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::count_arg(0);
  T sc = asc_model::vec::ld<T>(reinterpret_cast<const uint8_t*>(op.core().vec.cmp));
  detail_vec::select<T, U>(op, dst, &selMask, src0, nullptr, sc, 1, &m, false, repeatTimes, p, 0);
}

// ---- CastDeq: int16 -> int8/uint8 through the deq scale ---------------------------
// dst = saturate(rint(src * scale) + offset). isVecDeq is modelled with the
// scalar scale. Each 16-element source block fills half of a 32 B dst block:
// the upper half when halfBlock, else the lower; the other half is untouched.
namespace detail_vec {
template <class D, class S>
void cast_deq(asc_model::Call& op, const LocalTensor<D>& dst, const LocalTensor<S>& src, bool half_block,
              const asc_model::vec::Plan& pl, uint64_t dblk, uint64_t drep, uint64_t sblk, uint64_t srep) {
  using namespace asc_model::vec;
  static_assert(sizeof(D) == 1 && sizeof(S) == 2, "CastDeq: int16 -> int8/uint8");
  Opd s = opd(src, sblk, srep, false);
  declare(op, pl, s);
  // dst: element e of repeat r at r*drep + (e/16)*dblk + (half?16:0) + e%16.
  std::vector<uint8_t*> blocks;
  const int nblk = (pl.epr + 15) / 16;
  for (int r = 0; r < pl.repeats; ++r)
    for (int b = 0; b < nblk; ++b) {
      int last = -1;
      for (int e = b * 16; e < std::min(pl.epr, b * 16 + 16); ++e)
        if (pl.mask(r).test(e)) last = e;
      if (last < 0) { blocks.push_back(nullptr); continue; }
      uint64_t start = uint64_t(r) * drep + uint64_t(b) * dblk + (half_block ? 16 : 0);
      blocks.push_back(op.range(dst.ref(), start, uint64_t(last % 16 + 1), true, !half_block));
    }
  op.elems(pl.elems()).run();
  auto& v = op.core().vec;
  for (int r = 0; r < pl.repeats; ++r)
    for (int e = 0; e < pl.epr; ++e) {
      if (!pl.mask(r).test(e)) continue;
      float x = float(ld<S>(s.origin + s.off(r, e))) * v.deq_scale;
      double y = std::nearbyint(double(x)) + v.deq_offset;
      st<D>(blocks[size_t(r * nblk + e / 16)] + e % 16, convert<D, double>(y, 1));
    }
}
}  // namespace detail_vec
template <class D, class S, bool isVecDeq = true, bool halfBlock = true>
void CastDeq(const LocalTensor<D>& dst, const LocalTensor<S>& src, const uint32_t count, ASC_LOC_PARAMS) {
  asc_model::Call op("CastDeq", PIPE_V, ASC_LOC);
  asc_model::vec::Plan pl;
  pl.epr = 128;
  pl.repeats = int((count + 127) / 128);
  pl.full = asc_model::vec::Mask::first(128);
  pl.last = asc_model::vec::Mask::first(count - uint32_t(pl.repeats ? pl.repeats - 1 : 0) * 128);
  detail_vec::cast_deq(op, dst, src, halfBlock, pl, 32, 256, 1, 8);
}
#define ASC_VEC_CD(MASKT, MAKE)                                                                              \
  template <class D, class S, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true>            \
  void CastDeq(const LocalTensor<D>& dst, const LocalTensor<S>& src, MASKT mask, const uint8_t repeatTimes,  \
               const UnaryRepeatParams& p, ASC_LOC_PARAMS) {                                                 \
    asc_model::Call op("CastDeq", PIPE_V, ASC_LOC);                                                          \
    auto pl = asc_model::vec::resolve(op, asc_model::vec::MAKE(mask), isSetMask, repeatTimes, 128);          \
    detail_vec::cast_deq(op, dst, src, halfBlock, pl, uint64_t(p.dstBlkStride) * 32,                         \
                         uint64_t(p.dstRepStride) * 32, p.srcBlkStride, p.srcRepStride);                     \
  }
ASC_VEC_CD(const uint64_t, count_arg)
ASC_VEC_CD(const uint64_t*, bits_arg)
#undef ASC_VEC_CD

// ---- fused compute + cast ---------------------------------------------------------
namespace detail_vec {
template <class D, class S, class F>
void bin_cast(asc_model::Call& op, const LocalTensor<D>& dst, const LocalTensor<S>& a, const LocalTensor<S>& b,
              const asc_model::vec::MaskArg* m, bool set, int rep, const BinaryRepeatParams& p, int64_t count, F f) {
  using namespace asc_model::vec;
  Plan pl = plan_for(op, m, set, rep, int(std::max(sizeof(D), sizeof(S))));
  std::array<Opd, 3> o{opd(dst, p.dstBlkStride, p.dstRepStride, true), opd(a, p.src0BlkStride, p.src0RepStride, false),
                       opd(b, p.src1BlkStride, p.src1RepStride, false)};
  mixed(op, m ? &pl : nullptr, count, o, [&](uint8_t** q) {
    st<D>(q[0], f(Cmp<S>(ld<S>(q[1])), Cmp<S>(ld<S>(q[2]))));
  });
}
}  // namespace detail_vec

// dst = cast(relu(a op b)) with RINT and saturation; AddDeqRelu: int32 -> half
// through the deq scale (SetDeqScale).
#define ASC_VEC_BC(Name, EXPR)                                                                                 \
  template <class D, class S>                                                                                  \
  void Name(const LocalTensor<D>& dst, const LocalTensor<S>& src0, const LocalTensor<S>& src1,                 \
            const uint32_t count, ASC_LOC_PARAMS) {                                                            \
    asc_model::Call op(#Name, PIPE_V, ASC_LOC);                                                                \
    float sc = op.core().vec.deq_scale; (void)sc;                                                              \
    detail_vec::bin_cast(op, dst, src0, src1, nullptr, true, 0, BinaryRepeatParams{}, count,                  \
                         [sc](auto a, auto b) { return EXPR; });                                               \
  }                                                                                                            \
  template <class D, class S, bool isSetMask = true>                                                           \
  void Name(const LocalTensor<D>& dst, const LocalTensor<S>& src0, const LocalTensor<S>& src1,                 \
            const uint64_t mask, const uint8_t repeatTimes, const BinaryRepeatParams& p, ASC_LOC_PARAMS) {     \
    asc_model::Call op(#Name, PIPE_V, ASC_LOC);                                                                \
    float sc = op.core().vec.deq_scale; (void)sc;                                                              \
    auto m = asc_model::vec::count_arg(mask);                                                                  \
    detail_vec::bin_cast(op, dst, src0, src1, &m, isSetMask, repeatTimes, p, 0,                                \
                         [sc](auto a, auto b) { return EXPR; });                                               \
  }                                                                                                            \
  template <class D, class S, bool isSetMask = true>                                                           \
  void Name(const LocalTensor<D>& dst, const LocalTensor<S>& src0, const LocalTensor<S>& src1,                 \
            const uint64_t mask[2], const uint8_t repeatTimes, const BinaryRepeatParams& p, ASC_LOC_PARAMS) {  \
    asc_model::Call op(#Name, PIPE_V, ASC_LOC);                                                                \
    float sc = op.core().vec.deq_scale; (void)sc;                                                              \
    auto m = asc_model::vec::bits_arg(mask);                                                                   \
    detail_vec::bin_cast(op, dst, src0, src1, &m, isSetMask, repeatTimes, p, 0,                                \
                         [sc](auto a, auto b) { return EXPR; });                                               \
  }
#define ASC_VEC_CV(x) asc_model::vec::convert<D, float>(float(x), int(RoundMode::CAST_RINT))
ASC_VEC_BC(AddReluCast, ASC_VEC_CV(asc_model::vec::relu(float(a) + float(b))))
ASC_VEC_BC(SubReluCast, ASC_VEC_CV(asc_model::vec::relu(float(a) - float(b))))
ASC_VEC_BC(MulCast, ASC_VEC_CV(float(a) * float(b)))
ASC_VEC_BC(AddDeqRelu, ASC_VEC_CV(asc_model::vec::relu(float(double(a) + double(b)) * sc)))
#undef ASC_VEC_CV
#undef ASC_VEC_BC

// MulAddDst<D, S>: dst = src0 * src1 + dst in float, rounded once to D.
namespace detail_vec {
template <class D, class S>
void mul_add_dst(asc_model::Call& op, const LocalTensor<D>& dst, const LocalTensor<S>& a, const LocalTensor<S>& b,
                 const asc_model::vec::MaskArg* m, bool set, int rep, const BinaryRepeatParams& p, int64_t count) {
  using namespace asc_model::vec;
  Plan pl = plan_for(op, m, set, rep, int(std::max(sizeof(D), sizeof(S))));
  std::array<Opd, 3> o{opd(dst, p.dstBlkStride, p.dstRepStride, true), opd(a, p.src0BlkStride, p.src0RepStride, false),
                       opd(b, p.src1BlkStride, p.src1RepStride, false)};
  mixed(op, m ? &pl : nullptr, count, o, [&](uint8_t** q) {
    using C = std::conditional_t<is_fp<D> || is_fp<S>, float, Cmp<D>>;
    st<D>(q[0], D(C(Cmp<S>(ld<S>(q[1]))) * C(Cmp<S>(ld<S>(q[2]))) + C(Cmp<D>(ld<D>(q[0])))));
  });
}
}  // namespace detail_vec
template <class D, class S>
void MulAddDst(const LocalTensor<D>& dst, const LocalTensor<S>& src0, const LocalTensor<S>& src1, const int32_t& count,
               ASC_LOC_PARAMS) {
  asc_model::Call op("MulAddDst", PIPE_V, ASC_LOC);
  detail_vec::mul_add_dst(op, dst, src0, src1, nullptr, true, 0, BinaryRepeatParams{}, count);
}
template <class D, class S = D, bool isSetMask = true>
void MulAddDst(const LocalTensor<D>& dst, const LocalTensor<S>& src0, const LocalTensor<S>& src1, const uint64_t mask,
               const uint8_t repeatTimes, const BinaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("MulAddDst", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::count_arg(mask);
  detail_vec::mul_add_dst(op, dst, src0, src1, &m, isSetMask, repeatTimes, p, 0);
}
template <class D, class S = D, bool isSetMask = true>
void MulAddDst(const LocalTensor<D>& dst, const LocalTensor<S>& src0, const LocalTensor<S>& src1, const uint64_t mask[2],
               const uint8_t repeatTimes, const BinaryRepeatParams& p, ASC_LOC_PARAMS) {
  asc_model::Call op("MulAddDst", PIPE_V, ASC_LOC);
  auto m = asc_model::vec::bits_arg(mask);
  detail_vec::mul_add_dst(op, dst, src0, src1, &m, isSetMask, repeatTimes, p, 0);
}

// SetDeqScale: the per-core scale used by AddDeqRelu (and CastDeq).
inline void SetDeqScale(half scale, ASC_LOC_PARAMS) {
  asc_model::Call op("SetDeqScale", PIPE_S, ASC_LOC);
  op.run();
  op.core().vec.deq_scale = float(scale);
}
// SetDeqScale(vdeq, info): the 16 deq parameters packed one per uint64_t of
// vdeq (the layout the vector deq instructions read; the model's choice where
// the vendor docs are silent): bits 0-31 the float bits of vdeqScale[i],
// bits 37-45 vdeqOffset[i] as a 9-bit two's complement value, bit 46
// vdeqSignMode[i]; other bits 0.
template <class T>
void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& info, ASC_LOC_PARAMS) {
  static_assert(std::is_same_v<T, uint64_t>, "SetDeqScale: the vdeq tensor holds uint64_t");
  asc_model::Call op("SetDeqScale", PIPE_S, ASC_LOC);
  uint64_t* d = op.out(vdeq, VDEQ_TENSOR_SIZE, 0, false);
  op.elems(VDEQ_TENSOR_SIZE).run();
  for (int i = 0; i < VDEQ_TENSOR_SIZE; ++i) {
    uint32_t bits;
    std::memcpy(&bits, &info.vdeqScale[i], 4);
    d[i] = uint64_t(bits) | (uint64_t(uint16_t(info.vdeqOffset[i]) & 0x1FF) << 37) |
           (uint64_t(info.vdeqSignMode[i] ? 1 : 0) << 46);
  }
}
inline void SetDeqScale(float scale, int16_t offset, bool signMode, ASC_LOC_PARAMS) {
  asc_model::Call op("SetDeqScale", PIPE_S, ASC_LOC);
  op.run();
  auto& v = op.core().vec;
  v.deq_scale = scale;
  v.deq_offset = offset;
  v.deq_signed = signMode;
}

}  // namespace AscendC
