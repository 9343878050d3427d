// Shadow values for `asc-debug --precision-trace` (docs/precision.md).
//
// A normal build defines ASC_PRECISION_ONLY(...) as nothing, so the hooks the
// API files carry cost nothing. The shadow build of a kernel (a separate
// library: python/asc/debug/precision_trace.py prepends
// `#define ASC_MODEL_PRECISION 1` to the source) keeps a float64 value beside
// every floating-point element of local memory:
//
//  * a slot per 2 bytes of each local memory (indexed by byte offset / 2), with
//    a tag naming the element type that wrote it (0 = no shadow: the next read
//    takes the actual value, exactly);
//  * every write range of every call is invalidated when the call ends, unless
//    the call is one of the supported ops, which instead store the result of
//    their own element function evaluated in double on the shadow inputs
//    (Tracker). Unsupported ops therefore re-seed their outputs from the
//    actual values: no error is attributed to them, none is hidden either.
//  * GM holds no shadow: GM inputs seed from their values; a copy local -> GM
//    measures how far the output is from its shadow (the output's digits).
//
// Per call a supported op measures the norm-wise relative error of each input
// (actual vs shadow) and of its output, turns both into correct decimal digits
// (capped at the precision of the element type) and adds the difference, the
// digits the line lost, to the per-line table that asc_precision_report()
// hands to Python. State lives outside Core and Call (whose layout the
// runtime object, compiled without the macro, shares).
#pragma once

#ifdef ASC_MODEL_PRECISION
#define ASC_PRECISION_ONLY(...) __VA_ARGS__
#else
#define ASC_PRECISION_ONLY(...)
#endif

#include <cstdint>
#include <utility>
#include "asc_model/core.h"

namespace asc_model {
// The shadow build's hooks into code of the runtime object (src/api_call.cpp: Call's
// constructor and range(); burst_copy), which is compiled once, without the macro:
// null there unless the kernel library it is linked into was built with
// ASC_MODEL_PRECISION, whose precision.h fills them in when the library is loaded
// (each kernel library holds its own copy of the runtime).
struct PrecisionHooks {
  void (*on_call)(Core&);
  void (*on_range)(Core&, const TensorRef&, uint64_t byte_off, uint64_t nbytes, bool write);
  void (*on_copy)(Core&, const char* api, const char* file, int line,
                  const std::pair<uint8_t*, const uint8_t*>* bursts, uint64_t count, uint64_t len, Mem dst, Mem src);
};
extern PrecisionHooks precision_hooks;
}  // namespace asc_model

#ifdef ASC_MODEL_PRECISION
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <type_traits>
#include <vector>
#include "asc_model/core.h"
#include "asc_model/dtypes.h"

namespace asc_model {
namespace precision {

// Which element type wrote a shadow slot. Integers keep no shadow (tag 0):
// the Model computes them exactly or the op is not a rounding question.
template <class T> constexpr uint8_t tag_of() {
  if constexpr (std::is_same_v<T, half>) return 1;
  else if constexpr (std::is_same_v<T, bfloat16_t>) return 2;
  else if constexpr (std::is_same_v<T, float>) return 3;
  else if constexpr (std::is_same_v<T, double>) return 4;
  else return 0;
}
// Decimal digits the type can hold (-log10 of its unit roundoff): more
// agreement than this with the float64 shadow is not meaningful.
template <class T> constexpr double cap_digits() {
  if constexpr (std::is_same_v<T, half>) return 3.31;        // 2^-11
  else if constexpr (std::is_same_v<T, bfloat16_t>) return 2.41;  // 2^-8
  else if constexpr (std::is_same_v<T, float>) return 7.22;  // 2^-24
  else return 15.95;                                          // double, integers
}
inline double cap_of_tag(uint8_t tag) {
  switch (tag) {
    case 1: return cap_digits<half>();
    case 2: return cap_digits<bfloat16_t>();
    case 3: return cap_digits<float>();
    default: return cap_digits<double>();
  }
}
inline double value_of_tag(uint8_t tag, const uint8_t* p) {
  switch (tag) {
    case 1: { half h; std::memcpy(static_cast<void*>(&h), p, 2); return double(float(h)); }
    case 2: { bfloat16_t h; std::memcpy(static_cast<void*>(&h), p, 2); return double(float(h)); }
    case 3: { float f; std::memcpy(&f, p, 4); return f; }
    default: { double d; std::memcpy(&d, p, 8); return d; }
  }
}
inline uint32_t size_of_tag(uint8_t tag) { return tag == 3 ? 4 : tag == 4 ? 8 : 2; }

template <class T> inline double actual(const void* p) {
  T v;
  std::memcpy(static_cast<void*>(&v), p, sizeof(T));
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) return double(float(v));
  else return double(v);
}

// Correct digits of a relative error e, in [0, cap].
inline double digits(double e, double cap) {
  if (!(e >= 0)) return 0;  // NaN
  if (e == 0) return cap;
  double d = -std::log10(e);
  return d < 0 ? 0 : d > cap ? cap : d;
}

struct MemShadow {
  std::vector<double> val;
  std::vector<uint8_t> tag;
};
struct BlockShadow {
  MemShadow mem[kMemCount];
  MemShadow& at(Core& c, int m) {
    MemShadow& s = mem[m];
    if (s.tag.empty()) {
      size_t slots = size_t(c.mem_size(static_cast<Mem>(m)) / 2 + 4);
      s.val.assign(slots, 0.0);
      s.tag.assign(slots, 0);
    }
    return s;
  }
};

// Per (file, line, API): what the calls there did to the precision.
struct LineStat {
  uint64_t calls = 0, elems = 0;
  uint64_t nonfinite = 0;  // results that became Inf/NaN where the shadow is finite (overflow)
  double sum_loss = 0, max_loss = -1e300, sum_in = 0, sum_out = 0, min_out = 1e300;
};

struct State {
  std::mutex mu;
  uint64_t generation = 1;  // bumped by asc_precision_reset (a new launch)
  std::map<int, std::unique_ptr<BlockShadow>> blocks;
  std::map<std::tuple<std::string, int, std::string>, LineStat> lines;
};
inline State& state() {
  static State s;
  return s;
}

// This thread's current core's shadow (cores of a thread run in turn).
struct Cached {
  const Core* core = nullptr;
  int block = -1;
  uint64_t generation = 0;
  BlockShadow* shadow = nullptr;
};
inline thread_local Cached cached;

inline BlockShadow& shadow_of(Core& c) {
  State& s = state();
  if (cached.core == &c && cached.block == c.block_idx() && cached.generation == s.generation)
    return *cached.shadow;
  std::lock_guard<std::mutex> g(s.mu);
  auto& p = s.blocks[c.block_idx()];
  if (!p) p = std::make_unique<BlockShadow>();
  cached = Cached{&c, c.block_idx(), s.generation, p.get()};
  return *p;
}

// The write ranges of the call in progress on this thread (local memories).
struct Pending {
  MemShadow* shadow;  // allocated when the range is recorded: the core may be gone when it is flushed
  int mem;
  uint64_t off, bytes;
  uint64_t generation;  // a range left over from an earlier launch is dropped
};
inline thread_local std::vector<Pending> pending;

inline void invalidate_pending() {
  uint64_t now = state().generation;
  for (const Pending& w : pending) {
    if (w.generation != now) continue;
    MemShadow& m = *w.shadow;
    uint64_t lo = w.off / 2, hi = std::min<uint64_t>((w.off + w.bytes + 1) / 2, m.tag.size());
    if (lo < hi) std::memset(m.tag.data() + lo, 0, hi - lo);
  }
  pending.clear();
}

// Call's constructor: the previous call on this thread has ended; an
// unsupported op's writes lose their shadow now.
inline void on_call(Core&) { invalidate_pending(); }

// Call::range: remember write ranges to local memory.
inline void on_range(Core& c, const TensorRef& r, uint64_t byte_off, uint64_t nbytes, bool write) {
  if (!write || r.mem == Mem::GM || nbytes == 0) return;
  MemShadow* ms = &shadow_of(c).at(c, static_cast<int>(r.mem));
  pending.push_back(Pending{ms, static_cast<int>(r.mem), r.addr + byte_off, nbytes, state().generation});
}

// Which local memory a host pointer lies in, and its byte offset there.
inline bool locate(Core& c, const void* p, int& mem, uint64_t& off) {
  auto q = static_cast<const uint8_t*>(p);
  for (int m = 1; m < kMemCount; ++m) {
    const uint8_t* base = c.mem_base(static_cast<Mem>(m));
    if (base && q >= base && q < base + c.mem_size(static_cast<Mem>(m))) {
      mem = m;
      off = uint64_t(q - base);
      return true;
    }
  }
  return false;
}

inline void record(const char* file, int line, const char* api, uint64_t elems, double din, double dout,
                   uint64_t nonfinite = 0) {
  State& s = state();
  std::lock_guard<std::mutex> g(s.mu);
  LineStat& st = s.lines[std::make_tuple(std::string(file ? file : "?"), line, std::string(api ? api : "?"))];
  double loss = din - dout;
  st.calls += 1;
  st.elems += elems;
  st.nonfinite += nonfinite;
  st.sum_loss += loss;
  st.max_loss = std::max(st.max_loss, loss);
  st.sum_in += din;
  st.sum_out += dout;
  st.min_out = std::min(st.min_out, dout);
}

// Norm-wise relative error, accumulated element by element.
struct ErrAcc {
  double err2 = 0, ref2 = 0;
  bool inf = false, used = false;
  double cap = 15.95;
  uint64_t nonfinite = 0;
  void add(double a, double s, bool fresh = false) {
    used = true;
    if (fresh && !std::isfinite(a) && std::isfinite(s)) ++nonfinite;
    if (a == s) {
      if (std::isfinite(s)) ref2 += s * s;
      return;
    }
    if (std::isnan(s)) return;  // no meaningful reference
    double d = a - s;
    if (!std::isfinite(d)) { inf = true; return; }
    err2 += d * d;
    ref2 += s * s;
  }
  double rel() const {
    if (inf) return INFINITY;
    if (ref2 == 0) return err2 == 0 ? 0 : INFINITY;
    return std::sqrt(err2 / ref2);
  }
};

// The last scalar this thread's core read from local memory (GetValue) and its
// shadow: a Duplicate of that very value (same bits) carries the shadow on, so
// softmax's row max / row sum keep theirs through GetValue -> Duplicate.
struct LastGet {
  const Core* core = nullptr;
  int block = -1;
  uint64_t generation = 0, bits = 0;
  uint32_t size = 0;
  double shadow = 0;
};
inline thread_local LastGet last_get;

template <class T>
inline void on_get(Core& c, const void* p, T v) {
  last_get = LastGet{};
  int m;
  uint64_t off;
  if (!tag_of<T>() || !locate(c, p, m, off)) return;
  MemShadow& ms = shadow_of(c).at(c, m);
  if (ms.tag[off / 2] != tag_of<T>()) return;
  last_get = LastGet{&c, c.block_idx(), state().generation, 0, uint32_t(sizeof(T)), ms.val[off / 2]};
  std::memcpy(&last_get.bits, static_cast<const void*>(&v), sizeof(T));
}

// The shadow of a scalar argument: the last GetValue's when it is that value.
template <class T>
inline double scalar_shadow(Core& c, T v) {
  uint64_t bits = 0;
  std::memcpy(&bits, static_cast<const void*>(&v), sizeof(T));
  const LastGet& g = last_get;
  if (g.core == &c && g.block == c.block_idx() && g.generation == state().generation && g.size == sizeof(T) &&
      g.bits == bits)
    return g.shadow;
  return actual<T>(&v);
}

// One supported call: inputs are read (actual and shadow) before the op
// computes, outputs are compared and their shadows stored when it has
// (the Tracker's scope ends after the element loop).
template <class D>
class Tracker {
 public:
  static constexpr int kOperands = 4;
  Tracker(Core& c, const char* api, const char* file, int line, bool dst_is_input = false)
      : core_(c), api_(api), file_(file), line_(line), dst_is_input_(dst_is_input), shadow_(&shadow_of(c)) {}
  Tracker(const Tracker&) = delete;
  ~Tracker() { commit(); }

  // The shadow of the S element at p (operand k: 0 = dst's old value).
  template <class S>
  double in(const void* p, int k) {
    double a = actual<S>(p);
    double s = a;
    int m;
    uint64_t off;
    if (tag_of<S>() && locate(core_, p, m, off)) {
      MemShadow& ms = shadow_->at(core_, m);
      if (ms.tag[off / 2] == tag_of<S>()) s = ms.val[off / 2];
    }
    if (k > 0 || dst_is_input_) {
      if (!std::isfinite(a)) bad_input_ = true;
      ErrAcc& e = in_[k < kOperands ? k : kOperands - 1];
      // An input as exact as the output can hold loses nothing by the op
      // (a widening cast of an exact half is exact), hence the larger cap.
      e.cap = std::max(cap_digits<S>(), cap_digits<D>());
      e.add(a, s);
    }
    return s;
  }
  // A scalar argument (operand 1) and its shadow (scalar_shadow).
  template <class S>
  double scalar(S v) {
    double a = actual<S>(&v), s = scalar_shadow(core_, v);
    if (!std::isfinite(a)) bad_input_ = true;
    in_[1].cap = std::max(cap_digits<S>(), cap_digits<D>());
    in_[1].add(a, s);
    return s;
  }
  // The op's result for the D element at p, computed in double.
  // An Inf/NaN result counts as an overflow of this line only when its inputs were finite.
  void out(void* p, double s) {
    outs_.push_back(Out{static_cast<uint8_t*>(p), s, !bad_input_});
    bad_input_ = false;
  }
  void out_same(void* p, double s) { outs_.push_back(Out{static_cast<uint8_t*>(p), s, true}); }  // one input for all

 private:
  void commit() {
    // This call's writes lose their old shadows (also those the op wrote
    // without a shadow, e.g. the index of ReduceMax); then store the new ones.
    invalidate_pending();
    if (outs_.empty()) return;
    ErrAcc out;
    for (auto& [p, s, fresh] : outs_) {
      out.add(actual<D>(p), s, fresh);
      int m;
      uint64_t off;
      if (tag_of<D>() && locate(core_, p, m, off)) {
        MemShadow& ms = shadow_->at(core_, m);
        ms.val[off / 2] = s;
        ms.tag[off / 2] = tag_of<D>();
      }
    }
    double din = cap_digits<double>();
    bool any = false;
    for (const ErrAcc& e : in_)
      if (e.used) { din = std::min(din, digits(e.rel(), e.cap)); any = true; }
    if (!any) din = cap_digits<D>();
    record(file_, line_, api_, outs_.size(), din, digits(out.rel(), cap_digits<D>()), out.nonfinite);
  }

  Core& core_;
  const char* api_;
  const char* file_;
  int line_;
  bool dst_is_input_;
  BlockShadow* shadow_;
  ErrAcc in_[kOperands];
  struct Out {
    uint8_t* p;
    double shadow;
    bool fresh;  // every input finite
  };
  std::vector<Out> outs_;
  bool bad_input_ = false;
};

// Ops whose element function reads dst's old value as an input.
inline bool dst_is_input(const char* api) {
  return !std::strcmp(api, "FusedMulAdd") || !std::strcmp(api, "FusedMulAddRelu") ||
         !std::strcmp(api, "MulAddDst") || !std::strcmp(api, "Axpy");
}

// The API-name suffix of the rows that measure a kernel output (copies to GM).
constexpr const char* kToGM = " to GM";

// DataCopy bursts: local -> local carries the shadows along; local -> GM
// measures the output against them (GM -> local re-seeds: no shadow in GM).
inline void on_copy(Core& c, const char* api, const char* file, int line,
                    const std::pair<uint8_t*, const uint8_t*>* bursts, uint64_t count, uint64_t len, Mem dst,
                    Mem src) {
  if (src == Mem::GM) return;  // the pending invalidation re-seeds dst from the data
  if (dst == Mem::GM && c.atomic_fn) return;  // an atomic add/max/min: GM holds more than this copy
  BlockShadow& sh = shadow_of(c);
  if (dst != Mem::GM) {
    // Read every source slot first (source and destination may be one memory).
    std::vector<std::tuple<int, uint64_t, double, uint8_t>> moved;
    for (uint64_t i = 0; i < count; ++i) {
      int sm, dm;
      uint64_t so, doff;
      if (!locate(c, bursts[i].second, sm, so) || !locate(c, bursts[i].first, dm, doff)) continue;
      MemShadow& ms = sh.at(c, sm);
      for (uint64_t b = 0; b + 2 <= len; b += 2)
        if (ms.tag[(so + b) / 2]) moved.emplace_back(dm, (doff + b) / 2, ms.val[(so + b) / 2], ms.tag[(so + b) / 2]);
    }
    invalidate_pending();
    for (auto& [m, slot, v, t] : moved) {
      MemShadow& md = sh.at(c, m);
      md.val[slot] = v;
      md.tag[slot] = t;
    }
    return;
  }
  ErrAcc out;
  uint8_t cap_tag = 0;
  uint64_t n = 0;
  for (uint64_t i = 0; i < count; ++i) {
    int sm;
    uint64_t so;
    if (!locate(c, bursts[i].second, sm, so)) continue;
    MemShadow& ms = sh.at(c, sm);
    for (uint64_t b = 0; b < len;) {
      uint8_t t = ms.tag[(so + b) / 2];
      if (!t || (so + b) % 2) { b += 2; continue; }
      uint32_t sz = size_of_tag(t);
      if (b + sz > len) break;
      out.add(value_of_tag(t, bursts[i].first + b), ms.val[(so + b) / 2]);
      cap_tag = cap_tag ? cap_tag : t;
      ++n;
      b += sz;
    }
  }
  invalidate_pending();
  if (n) {
    double cap = cap_of_tag(cap_tag);
    double d = digits(out.rel(), cap);
    record(file, line, (std::string(api) + kToGM).c_str(), n, d, d);  // an output: reported apart
  }
}

// A new launch: no shadows, no statistics (asc_precision_reset in the stub).
inline void reset() {
  State& s = state();
  std::lock_guard<std::mutex> g(s.mu);
  s.blocks.clear();
  s.lines.clear();
  s.generation += 1;
}

// The per-line table as text, one line per (file, line, API), tab-separated:
// file, line, api, calls, elements, sum of digits lost, most lost by one
// call, sum of input digits, sum of output digits, fewest output digits,
// results that overflowed (Inf/NaN with a finite shadow).
// Returns the bytes needed (with the NUL); writes only when `len` suffices.
inline int report(char* buf, int len) {
  State& s = state();
  std::lock_guard<std::mutex> g(s.mu);
  std::string out;
  char row[200];
  for (auto& [key, st] : s.lines) {
    out += std::get<0>(key);
    std::snprintf(row, sizeof row, "\t%d\t%s\t%llu\t%llu\t%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t%llu\n", std::get<1>(key),
                  std::get<2>(key).c_str(), (unsigned long long)st.calls, (unsigned long long)st.elems,
                  st.sum_loss, st.max_loss, st.sum_in, st.sum_out, st.min_out, (unsigned long long)st.nonfinite);
    out += row;
  }
  int need = int(out.size()) + 1;
  if (buf && len >= need) std::memcpy(buf, out.c_str(), size_t(need));
  return need;
}

// Installs the hooks above when the kernel library is loaded (static initialisation;
// the kernel is one translation unit, so this runs once per library).
namespace {
[[maybe_unused]] const bool hooks_installed = (precision_hooks = PrecisionHooks{&on_call, &on_range, &on_copy}, true);
}  // namespace

}  // namespace precision
}  // namespace asc_model
#endif  // ASC_MODEL_PRECISION
