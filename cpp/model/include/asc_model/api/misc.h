// Misc APIs: atomic GM writes, caches, scalar bit ops and casts, sorting,
// workspace / HCCL context, SoC state. Pattern: docs/model-internals.md.
// Included from api/cube.h.
#pragma once
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <cstring>
#include <type_traits>
#include <vector>
#include "asc_model/call.h"
#include "asc_model/tensor.h"
#include "asc_model/pipe.h"

namespace asc_model {

// ---- atomic GM writes ------------------------------------------------------------
template <class T, int Op>
void atomic_combine(uint8_t* dst, const uint8_t* src, uint64_t bytes) {
  for (uint64_t i = 0; i + sizeof(T) <= bytes; i += sizeof(T)) {
    T a, b;
    std::memcpy(&a, dst + i, sizeof(T));
    std::memcpy(&b, src + i, sizeof(T));
    T r;
    if constexpr (Op == 1) {
      if constexpr (std::is_floating_point_v<T> || !std::is_arithmetic_v<T>) r = T(float(a) + float(b));
      else r = T(a + b);  // wraps like the hardware's integer add
    } else if constexpr (Op == 2) {
      r = float(b) > float(a) ? b : a;
    } else {
      r = float(b) < float(a) ? b : a;
    }
    std::memcpy(dst + i, &r, sizeof(T));
  }
}

template <class T>
void set_atomic(const char* api, int op_kind, const char* file, int line) {
  Call op(api, PIPE_S, file, line);
  op.run();
  asc_model::Core& c = op.core();
  c.atomic_op = op_kind;
  c.atomic_elem = sizeof(T);
  c.atomic_type = type_name<T>();
  c.atomic_fn = op_kind == 1 ? &atomic_combine<T, 1> : op_kind == 2 ? &atomic_combine<T, 2>
              : op_kind == 3 ? &atomic_combine<T, 3> : nullptr;
}

// ---- rounding of ScalarCast -----------------------------------------------------
// Neighbours of x among the values of a 16-bit float type F: lo <= x <= hi.
template <class F>
F f16_step(F v, bool up) {  // next representable value towards +inf (up) or -inf
  uint16_t b = v.bits;
  if ((b & 0x7FFF) == 0) return F::from_bits(up ? 0x0001 : 0x8001);
  bool neg = b & 0x8000;
  return F::from_bits(uint16_t(up != neg ? b + 1 : b - 1));
}

template <class F>
F round16(float x, AscendC::RoundMode m) {
  using R = AscendC::RoundMode;
  F r = F(x);  // nearest, ties to even
  if (std::isnan(x) || std::isinf(float(r)) || float(r) == x) return r;
  F lo = float(r) < x ? r : f16_step(r, false), hi = float(r) > x ? r : f16_step(r, true);
  switch (m) {
    case R::CAST_FLOOR: return lo;
    case R::CAST_CEIL: return hi;
    case R::CAST_TRUNC: return x > 0 ? lo : hi;
    case R::CAST_ROUND: {
      float dl = x - float(lo), dh = float(hi) - x;
      if (dl == dh) return x > 0 ? hi : lo;  // ties away from zero
      return dl < dh ? lo : hi;
    }
    case R::CAST_ODD: return (lo.bits & 1) ? lo : hi;
    default: return r;
  }
}

template <class I>
I round_int(float x, AscendC::RoundMode m, const char* file, int line) {
  using R = AscendC::RoundMode;
  double v;
  switch (m) {
    case R::CAST_FLOOR: v = std::floor(x); break;
    case R::CAST_CEIL: v = std::ceil(x); break;
    case R::CAST_TRUNC: v = std::trunc(x); break;
    case R::CAST_ROUND: v = std::round(x); break;
    case R::CAST_RINT: case R::CAST_NONE: v = std::nearbyint(x); break;
    default: current_core().fault(file, line, "ScalarCast", "round mode CAST_ODD is not defined for integer results");
  }
  if (std::isnan(v)) return 0;
  double lo = double(std::numeric_limits<I>::min()), hi = double(std::numeric_limits<I>::max());
  return I(v < lo ? lo : v > hi ? hi : v);
}

// One element of a sort region on Atlas A2: 8 bytes = value (low bytes) + uint32 index at byte 4.
template <class T>
void put_region(uint8_t* p, T v, uint32_t idx) {
  std::memset(p, 0, 8);
  std::memcpy(p, &v, sizeof(T));
  std::memcpy(p + 4, &idx, 4);
}

}  // namespace asc_model

namespace AscendC {

// ---- atomics -----------------------------------------------------------------------
// While set, DataCopy / DataCopyPad / Fixpipe / Nz2Nd writes to GM combine with
// the GM contents (add, max or min) in the given element type.
template <class T>
void SetAtomicAdd(ASC_LOC_PARAMS) { asc_model::set_atomic<T>("SetAtomicAdd", 1, ASC_LOC); }
template <class T>
void SetAtomicMax(ASC_LOC_PARAMS) { asc_model::set_atomic<T>("SetAtomicMax", 2, ASC_LOC); }
template <class T>
void SetAtomicMin(ASC_LOC_PARAMS) { asc_model::set_atomic<T>("SetAtomicMin", 3, ASC_LOC); }
// Changes the element type, keeping the operation (none stays none).
template <class T>
void SetAtomicType(ASC_LOC_PARAMS) {
  asc_model::set_atomic<T>("SetAtomicType", asc_model::current_core().atomic_op, ASC_LOC);
}
inline void SetAtomicNone(ASC_LOC_PARAMS) {
  asc_model::Call op("SetAtomicNone", PIPE_S, ASC_LOC);
  op.run();
  asc_model::Core& c = op.core();
  c.atomic_fn = nullptr;
  c.atomic_op = 0;
  c.atomic_elem = 0;
}
template <AtomicDtype dt, AtomicOp aop>
void SetStoreAtomicConfig(ASC_LOC_PARAMS) {
  const char* n = "SetStoreAtomicConfig";
  switch (dt) {
    case AtomicDtype::ATOMIC_NONE: SetAtomicNone(ASC_LOC); break;
    case AtomicDtype::ATOMIC_F32: asc_model::set_atomic<float>(n, 1, ASC_LOC); break;
    case AtomicDtype::ATOMIC_F16: asc_model::set_atomic<half>(n, 1, ASC_LOC); break;
    case AtomicDtype::ATOMIC_S16: asc_model::set_atomic<int16_t>(n, 1, ASC_LOC); break;
    case AtomicDtype::ATOMIC_S32: asc_model::set_atomic<int32_t>(n, 1, ASC_LOC); break;
    case AtomicDtype::ATOMIC_S8: asc_model::set_atomic<int8_t>(n, 1, ASC_LOC); break;
    case AtomicDtype::ATOMIC_BF16: asc_model::set_atomic<bfloat16_t>(n, 1, ASC_LOC); break;
  }
}

// ---- caches (no effect on the model's memories; the operands are checked) --------------
// The vendor's form: a uint64_t tensor, the offset of any integer type T.
template <class T>
void DataCachePreload(const GlobalTensor<uint64_t>& src, const T cacheOffset, ASC_LOC_PARAMS) {
  static_assert(std::is_integral_v<T>, "DataCachePreload: cacheOffset is an integer");
  asc_model::Call op("DataCachePreload", PIPE_S, ASC_LOC);
  if (int64_t(cacheOffset) < 0) op.fault("cacheOffset is negative");
  op.range(src.ref(), uint64_t(cacheOffset), 1, false, false);
  op.run();
}
template <class T, CacheLine line = CacheLine::SINGLE_CACHE_LINE, DcciDst d = DcciDst::CACHELINE_OUT>
void DataCacheCleanAndInvalid(const GlobalTensor<T>& t, ASC_LOC_PARAMS) {
  asc_model::Call op("DataCacheCleanAndInvalid", PIPE_S, ASC_LOC);
  if (line == CacheLine::SINGLE_CACHE_LINE) op.range(t.ref(), 0, 1, false, false);
  op.run();
}
template <class T, CacheLine line = CacheLine::SINGLE_CACHE_LINE, DcciDst d = DcciDst::CACHELINE_OUT>
void DataCacheCleanAndInvalid(const LocalTensor<T>& t, ASC_LOC_PARAMS) {
  asc_model::Call op("DataCacheCleanAndInvalid", PIPE_S, ASC_LOC);
  if (line == CacheLine::SINGLE_CACHE_LINE) op.range(t.ref(), 0, 1, false, false);
  op.run();
}
inline void ICachePreLoad(int64_t preFetchLen, ASC_LOC_PARAMS) {
  asc_model::Call op("ICachePreLoad", PIPE_S, ASC_LOC);
  if (preFetchLen < 0) op.fault("preFetchLen is negative");
  op.run();
}
// The model has no instruction cache: a preload is always complete (0).
inline int64_t GetICachePreloadStatus(ASC_LOC_PARAMS) {
  asc_model::Call op("GetICachePreloadStatus", PIPE_S, ASC_LOC);
  op.run();
  return 0;
}

// ---- scalar ----------------------------------------------------------------------
template <class S, class D, RoundMode m = RoundMode::CAST_NONE>
D ScalarCast(S value, ASC_LOC_PARAMS) {
  float x = float(value);
  if constexpr (std::is_same_v<D, half> || std::is_same_v<D, bfloat16_t>) return asc_model::round16<D>(x, m);
  else if constexpr (std::is_integral_v<D>) return asc_model::round_int<D>(x, m, ASC_LOC);
  else return D(x);
}
template <int countValue>
int64_t ScalarGetSFFValue(uint64_t v) {
  static_assert(countValue == 0 || countValue == 1, "ScalarGetSFFValue: countValue must be 0 or 1");
  if (countValue == 0) v = ~v;
  return v ? int64_t(__builtin_ctzll(v)) : -1;
}
template <int countValue>
int64_t ScalarGetCountOfValue(uint64_t v) {
  static_assert(countValue == 0 || countValue == 1, "ScalarGetCountOfValue: countValue must be 0 or 1");
  int64_t ones = __builtin_popcountll(v);
  return countValue ? ones : 64 - ones;
}
inline int64_t ScalarCountLeadingZero(uint64_t v) { return v ? __builtin_clzll(v) : 64; }
// Bits after the sign bit, from the top, equal to the sign bit (0 and -1 -> 63).
inline int64_t CountBitsCntSameAsSignBit(int64_t v) {
  uint64_t u = uint64_t(v < 0 ? ~v : v) << 1;
  return u ? __builtin_clzll(u) : 63;
}

// ---- sorting (Atlas A2 region format: 8 bytes per element) -------------------------
template <class T>
uint32_t GetSortLen(uint32_t n) { return n * 8 / sizeof(T); }
template <class T>
uint32_t GetSortOffset(uint32_t n) { return n * 8 / sizeof(T); }

// Each repeat sorts 32 (value, index) pairs by value, descending; equal values
// keep their input order.
template <class T>
void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1,
            int32_t repeatTime, ASC_LOC_PARAMS) {
  asc_model::Call op("Sort32", PIPE_V, ASC_LOC);
  if (repeatTime < 0 || repeatTime > 255) op.fault("repeatTime out of range 0..255");
  uint32_t n = uint32_t(repeatTime) * 32;
  const T* v = op.in(src0, n);
  const uint32_t* ix = op.in(src1, n);
  uint8_t* d = reinterpret_cast<uint8_t*>(op.out(dst, n * 8 / sizeof(T)));
  op.elems(n).run();
  std::vector<std::pair<float, uint32_t>> e(n);
  for (uint32_t i = 0; i < n; ++i) e[i] = {float(v[i]), ix[i]};
  for (int32_t r = 0; r < repeatTime; ++r)
    std::stable_sort(e.begin() + r * 32, e.begin() + r * 32 + 32,
                     [](auto& a, auto& b) { return a.first > b.first; });
  for (uint32_t i = 0; i < n; ++i) asc_model::put_region<T>(d + i * 8, T(e[i].first), e[i].second);
}
// Sort<T, isFullSort>(dst, concat, index, tmp, repeatTime): like Sort32 on
// repeatTime*32 elements; with isFullSort the whole range is sorted.
template <class T, bool isFullSort>
void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index,
          LocalTensor<T>& tmp, const int32_t repeatTime, ASC_LOC_PARAMS) {
  asc_model::Call op("Sort", PIPE_V, ASC_LOC);
  if (repeatTime < 0 || repeatTime > 255) op.fault("repeatTime out of range 0..255");
  uint32_t n = uint32_t(repeatTime) * 32;
  const T* v = op.in(concat, n);
  const uint32_t* ix = op.in(index, n);
  uint8_t* d = reinterpret_cast<uint8_t*>(op.out(dst, n * 8 / sizeof(T)));
  if (isFullSort) op.out(tmp, n * 8 / sizeof(T));
  op.elems(n).run();
  std::vector<std::pair<float, uint32_t>> e(n);
  for (uint32_t i = 0; i < n; ++i) e[i] = {float(v[i]), ix[i]};
  auto cmp = [](auto& a, auto& b) { return a.first > b.first; };
  if (isFullSort) std::stable_sort(e.begin(), e.end(), cmp);
  else
    for (int32_t r = 0; r < repeatTime; ++r) std::stable_sort(e.begin() + r * 32, e.begin() + r * 32 + 32, cmp);
  for (uint32_t i = 0; i < n; ++i) asc_model::put_region<T>(d + i * 8, T(e[i].first), e[i].second);
}
// Region proposals (8 elements each; the score is element 4) belong to the
// first-generation cores; modelled on their documented layout.
template <class T>
void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, int32_t repeatTime, int32_t modeNumber,
                    ASC_LOC_PARAMS) {
  asc_model::Call op("ProposalConcat", PIPE_V, ASC_LOC);
  if (repeatTime < 0 || repeatTime > 255) op.fault("repeatTime out of range 0..255");
  if (modeNumber < 0 || modeNumber > 5) op.fault("modeNumber out of range 0..5");
  uint32_t n = uint32_t(repeatTime) * 16;
  const T* s = op.in(src, n);
  T* d = op.out(dst, n * 8);
  op.elems(n).run();
  std::vector<T> t(s, s + n);
  for (uint32_t i = 0; i < n; ++i) d[i * 8 + modeNumber] = t[i];
}
template <class T>
void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, int32_t repeatTime, int32_t modeNumber,
                     ASC_LOC_PARAMS) {
  asc_model::Call op("ProposalExtract", PIPE_V, ASC_LOC);
  if (repeatTime < 0 || repeatTime > 255) op.fault("repeatTime out of range 0..255");
  if (modeNumber < 0 || modeNumber > 5) op.fault("modeNumber out of range 0..5");
  uint32_t n = uint32_t(repeatTime) * 16;
  const T* s = op.in(src, n * 8);
  T* d = op.out(dst, n);
  op.elems(n).run();
  std::vector<T> t(n);
  for (uint32_t i = 0; i < n; ++i) t[i] = s[i * 8 + modeNumber];
  std::copy(t.begin(), t.end(), d);
}
// Sorts each group of 16 proposals by score (element 4), descending, stable.
template <class T>
void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, int32_t repeatTime, ASC_LOC_PARAMS) {
  asc_model::Call op("RpSort16", PIPE_V, ASC_LOC);
  if (repeatTime < 0 || repeatTime > 255) op.fault("repeatTime out of range 0..255");
  uint32_t n = uint32_t(repeatTime) * 16;
  const T* s = op.in(src, n * 8);
  T* d = op.out(dst, n * 8);
  op.elems(n).run();
  std::vector<T> t(s, s + n * 8);
  for (int32_t r = 0; r < repeatTime; ++r) {
    std::vector<uint32_t> ord(16);
    for (uint32_t i = 0; i < 16; ++i) ord[i] = r * 16 + i;
    std::stable_sort(ord.begin(), ord.end(), [&](uint32_t a, uint32_t b) { return float(t[a * 8 + 4]) > float(t[b * 8 + 4]); });
    for (uint32_t i = 0; i < 16; ++i) std::copy(&t[ord[i] * 8], &t[ord[i] * 8] + 8, d + (r * 16 + i) * 8);
  }
}

// ---- merge sort ------------------------------------------------------------------
// MrgSortSrcList<T>: the four lists (src3/src4 unused unless validBit names them).
template <class T>
struct MrgSortSrcList {
  LocalTensor<T> src1, src2, src3, src4;
};

}  // namespace AscendC

namespace asc_model {
// Merges the lists whose validBit bit is set (3: lists 0-1, 7: 0-2, 15: 0-3),
// each already sorted descending by score, into dst, descending; equal scores
// are taken from the lower-numbered list first. `elem` is the element size in
// bytes (8 for an Atlas A2 region, 8*sizeof(T) for a proposal) and `score_at`
// the byte offset of the score. Each repeat advances every list and dst by the
// sum of the lengths. With ifExhaustedSuspension the merge stops when a list
// runs out. The numbers taken from each list (last repeat) are kept for
// GetMrgSortResult.
template <class T>
void mrg_sort(const char* api, const AscendC::LocalTensor<T>& dst, const AscendC::MrgSortSrcList<T>& list,
              const AscendC::MrgSort4Info& info, uint32_t elem, uint32_t score_at, const char* file, int line) {
  Call op(api, PIPE_V, file, line);
  int nlists = info.validBit == 3 ? 2 : info.validBit == 7 ? 3 : info.validBit == 15 ? 4 : 0;
  if (nlists == 0) op.fault("validBit must be 3, 7 or 15 (two, three or four lists)");
  if (info.repeatTimes < 1) op.fault("repeatTimes must be at least 1");
  if (info.repeatTimes > 1 && (nlists != 4 || info.ifExhaustedSuspension))
    op.fault("repeatTimes > 1 needs four lists (validBit 15) and no exhausted suspension");
  const AscendC::LocalTensor<T>* src[4] = {&list.src1, &list.src2, &list.src3, &list.src4};
  uint32_t per = elem / sizeof(T);  // T elements per sorted element
  uint64_t total = 0;
  for (int i = 0; i < nlists; ++i) total += info.elementLengths[i];
  std::vector<const uint8_t*> in;
  for (int r = 0; r < info.repeatTimes; ++r)
    for (int i = 0; i < nlists; ++i)
      in.push_back(reinterpret_cast<const uint8_t*>(
          op.in(*src[i], uint64_t(info.elementLengths[i]) * per, uint64_t(r) * total * per)));
  uint8_t* d = reinterpret_cast<uint8_t*>(op.out(dst, total * info.repeatTimes * per));
  op.elems(total * info.repeatTimes).run();
  std::vector<uint8_t> out(total * info.repeatTimes * elem);
  uint16_t taken[4] = {0, 0, 0, 0};
  uint64_t written = 0;
  for (int r = 0; r < info.repeatTimes; ++r) {
    uint32_t pos[4] = {0, 0, 0, 0};
    for (;;) {
      int best = -1;
      float best_v = 0;
      bool exhausted = false;
      for (int i = 0; i < nlists; ++i) {
        if (pos[i] >= info.elementLengths[i]) { exhausted = true; continue; }
        T v;
        std::memcpy(&v, in[r * nlists + i] + uint64_t(pos[i]) * elem + score_at, sizeof(T));
        if (best < 0 || float(v) > best_v) { best = i; best_v = float(v); }
      }
      if (best < 0 || (exhausted && info.ifExhaustedSuspension)) break;
      std::memcpy(out.data() + written * elem, in[r * nlists + best] + uint64_t(pos[best]) * elem, elem);
      ++pos[best];
      ++written;
    }
    for (int i = 0; i < 4; ++i) taken[i] = uint16_t(pos[i]);
  }
  std::memcpy(d, out.data(), written * elem);
  for (int i = 0; i < 4; ++i) op.core().mrg_sort_result[i] = taken[i];
}
}  // namespace asc_model

namespace AscendC {

// Atlas A2 regions: 8 bytes per element, the value in the low bytes.
template <class T>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& list, const MrgSort4Info& info, ASC_LOC_PARAMS) {
  asc_model::mrg_sort("MrgSort", dst, list, info, 8, 0, ASC_LOC);
}
// Region proposals: 8 T elements per proposal, the score is element 4.
template <class T>
void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& list, const MrgSort4Info& info, ASC_LOC_PARAMS) {
  asc_model::mrg_sort("MrgSort4", dst, list, info, 8 * sizeof(T), 4 * sizeof(T), ASC_LOC);
}
inline void GetMrgSortResult(uint16_t& n1, uint16_t& n2, uint16_t& n3, uint16_t& n4, ASC_LOC_PARAMS) {
  asc_model::Call op("GetMrgSortResult", PIPE_S, ASC_LOC);
  op.run();
  const uint16_t* r = op.core().mrg_sort_result;
  n1 = r[0]; n2 = r[1]; n3 = r[2]; n4 = r[3];
}

// The AtomicDtype / AtomicOp values of the current atomic store mode
// (ATOMIC_NONE when none is set; the op is 0 for sum, 1 max, 2 min).
inline void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp, ASC_LOC_PARAMS) {
  asc_model::Call op("GetStoreAtomicConfig", PIPE_S, ASC_LOC);
  op.run();
  asc_model::Core& c = op.core();
  std::string t = c.atomic_op ? c.atomic_type : "";
  atomicType = uint16_t(t == "float" ? AtomicDtype::ATOMIC_F32 : t == "half" ? AtomicDtype::ATOMIC_F16
                        : t == "int16_t" ? AtomicDtype::ATOMIC_S16 : t == "int32_t" ? AtomicDtype::ATOMIC_S32
                        : t == "int8_t" ? AtomicDtype::ATOMIC_S8 : t == "bfloat16_t" ? AtomicDtype::ATOMIC_BF16
                        : AtomicDtype::ATOMIC_NONE);
  atomicOp = uint16_t(c.atomic_op ? c.atomic_op - 1 : 0);
}

// ---- workspace, HCCL context, SoC state ----------------------------------------------
inline void SetSysWorkspace(__gm__ uint8_t* ws, ASC_LOC_PARAMS) {
  asc_model::Call op("SetSysWorkspace", PIPE_S, ASC_LOC);
  op.run();
  op.core().sys_workspace = ws;
}
}  // namespace AscendC
// A global function, as the vendor's (kernel_operator_swap_mem_intf.h).
inline __gm__ uint8_t* GetSysWorkSpacePtr(ASC_LOC_PARAMS) {
  asc_model::Call op("GetSysWorkSpacePtr", PIPE_S, ASC_LOC);
  op.run();
  return op.core().sys_workspace;
}
namespace AscendC {
template <uint32_t index>
void SetHcclContext(__gm__ uint8_t* ctx, ASC_LOC_PARAMS) {
  static_assert(index < 2, "SetHcclContext: index must be 0 or 1");
  asc_model::Call op("SetHcclContext", PIPE_S, ASC_LOC);
  op.run();
  op.core().hccl_ctx[index] = ctx;
}
template <uint32_t index>
__gm__ uint8_t* GetHcclContext(ASC_LOC_PARAMS) {
  static_assert(index < 2, "GetHcclContext: index must be 0 or 1");
  asc_model::Call op("GetHcclContext", PIPE_S, ASC_LOC);
  op.run();
  return op.core().hccl_ctx[index];
}
// Resets the modes a kernel may have left set: atomics, cube mode setters.
inline void InitSocState(ASC_LOC_PARAMS) {
  asc_model::Call op("InitSocState", PIPE_S, ASC_LOC);
  op.run();
  asc_model::Core& c = op.core();
  c.atomic_fn = nullptr;
  c.atomic_op = 0;
  c.atomic_elem = 0;
  c.hf32 = c.hf32_trans = c.mm_layout = false;
  c.fixpipe_quant = 0;
}
// The UB the TPipe's buffers leave, up to the 128 bytes Atlas A2 keeps at its
// end for the KFC message (kernel_pop_stack_buffer.h).
template <class T, TPosition pos>
bool PopStackBuffer(LocalTensor<T>& popBuffer, ASC_LOC_PARAMS) {
  asc_model::Call op("PopStackBuffer", PIPE_S, ASC_LOC);
  if (asc_model::mem_of(pos) != asc_model::Mem::UB) op.fault("the position must be in UB (TPosition::LCM)");
  auto* pipe = static_cast<TPipe*>(op.core().first_pipe);
  if (!pipe) op.fault("no TPipe has been constructed on this core");
  const uint64_t end = op.core().mem_size(asc_model::Mem::UB) - 128, start = pipe->queue_end(pos);
  if (start >= end)
    op.core().fault(ASC_LOC, "PopStackBuffer", "the TPipe's buffers use %llu bytes of UB: none is left to pop",
                    (unsigned long long)start);
  op.run();
  popBuffer.set_raw(pos, start, end - start);
  return true;
}
// Disabled checks are a no-op; an enabled watch region is not modelled.
inline void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& p, ASC_LOC_PARAMS) {
  asc_model::Call op("CheckLocalMemoryIA", PIPE_S, ASC_LOC);
  if (p.isEnable) op.fault("an enabled CheckLocalMemoryIA watch region is not modelled");
  op.run();
}

}  // namespace AscendC
