// The one way an API implementation touches memory (decision 3).
//
//   auto op = asc_model::begin("Add", PIPE_V, ASC_LOC);
//   T* d = op.out(dst, n);             // checked: in tensor, in memory, aligned
//   const T* a = op.in(src0, n);
//   op.elems(n).run();                 // reports to the observers; no fault after this
//   for (...) d[i] = a[i] + ...;       // only now write
//
// Every in()/out() runs the always-on checks before anything is written, so a
// faulty call leaves all memories untouched. run() builds the Event only when
// the core has observers.
#pragma once
#include <cstdint>
#include <cstring>
#include <exception>
#include <vector>
#include "asc_model/core.h"
#include "asc_model/precision.h"
#include "asc_model/tensor.h"

namespace asc_model {

class Call {
 public:
  Call(const char* api, int32_t pipe, const char* file, int line, EventKind kind = EventKind::Api)
      : core_(current_core()), api_(api), pipe_(pipe), file_(file), line_(line), kind_(kind) {
    enter();
  }
  Call(const Call&) = delete;
  // A GM access across an argument's end into its padding was staged (Core::check):
  // its write lands now, unless the call is being unwound by a fault.
  ~Call();

  // Element-typed ranges: `n` elements starting at element `first` of `t`.
  template <class Tensor>
  auto* out(const Tensor& t, uint64_t n, uint64_t first = 0, bool align = true) {
    using T = typename Tensor::PrimType;
    static_assert(!is_int4_v<T>, "int4b_t packs two elements per byte: address it in bytes (range)");
    return reinterpret_cast<T*>(range(t.ref(), first * sizeof(T), n * sizeof(T), true, align));
  }
  template <class Tensor>
  const auto* in(const Tensor& t, uint64_t n, uint64_t first = 0, bool align = true) {
    using T = typename Tensor::PrimType;
    static_assert(!is_int4_v<T>, "int4b_t packs two elements per byte: address it in bytes (range)");
    return reinterpret_cast<const T*>(range(t.ref(), first * sizeof(T), n * sizeof(T), false, align));
  }
  // Byte ranges, for strided movers (one call per burst): checked (Core::check),
  // recorded for the observers, handed to the --precision-trace hook.
  uint8_t* range(const TensorRef& r, uint64_t byte_off, uint64_t nbytes, bool write, bool align);
  // Queue traffic: the buffer a TQue call hands over (not a data access; unchecked, observers only).
  Call& buffer(Mem m, uint64_t addr, uint64_t nbytes);

  Call& elems(uint64_t n) { elems_ = n; return *this; }
  Call& event(int32_t e, int32_t id) { event_ = e; id_ = id; return *this; }
  // A level-0 vector call's repeat count, reported in the event's id: the
  // vector unit spends a cycle on every repeat, masked-off lanes included (the
  // cycle model charges these repeats instead of deriving them from elems).
  Call& repeats(int32_t n) { id_ = n; return *this; }
  // The repeat of a level-0 vector call the following ranges belong to (-1:
  // none). The recorder keeps it with the range, so the cycle model's bank
  // model sees each repeat's real blocks (strides, mask) per operand.
  Call& at_repeat(int32_t r) { repeat_ = int16_t(r); return *this; }

  // Report the call. After run() the implementation may write; it must not fault.
  // Returns false in a timing-only launch: the caller then skips its element
  // loops (data_copy, the vector engine, Mmad, Fixpipe do; other APIs still compute).
  bool run() {
    if (core_.observed()) report();
    return core_.computes();
  }

  Core& core() { return core_; }
  const char* api() const { return api_; }
  const char* file() const { return file_; }
  int line() const { return line_; }
  [[noreturn]] void fault(const char* msg) { core_.fault(file_, line_, api_, "%s", msg); }

 private:
  // The methods below are defined in src/api_call.cpp: compiled once into the
  // runtime object instead of into every API instantiation of every kernel.
  void enter();   // poll for another core's fault, tick, the precision hook
  void report();  // builds the Event and hands it to the observers
  // The rank of tensor r among this call's distinct tensors of its direction
  // (0 = the first destination / the first source), in the order they were declared.
  uint8_t operand_of(const TensorRef& r, bool write);
  static constexpr uint8_t kSeen = 6;
  uint64_t seen_[2][kSeen];
  uint8_t seen_n_[2] = {0, 0};

  Core& core_;
  const char* api_;
  int32_t pipe_;
  const char* file_;
  int line_;
  EventKind kind_;
  std::vector<Access> acc_;
  uint64_t elems_ = 0, bytes_ = 0;
  int32_t event_ = -1, id_ = -1;
  int16_t repeat_ = -1;
};

// Level-2 fast loops work on typed pointers. dst may alias a source: when
// every source is either the very same range or disjoint from dst, elements are
// independent (each is read before it is written, by the same iteration) and
// the loop is marked `omp simd` (-fopenmp-simd: vectorised even at -O2);
// a partial overlap runs the plain sequential loop, whose later elements read
// earlier results exactly as the generic engine does.
inline bool same_or_apart(const void* d, const void* s, uint64_t bytes) {
  auto x = static_cast<const uint8_t*>(d), y = static_cast<const uint8_t*>(s);
  return x == y || x + bytes <= y || y + bytes <= x;
}

// Spelled like the docs: auto op = asc_model::begin("Add", PIPE_V, ASC_LOC);
// (C++17 guaranteed elision lets the non-copyable Call be returned.)
inline Call begin(const char* api, int32_t pipe, const char* file, int line,
                  EventKind kind = EventKind::Api) {
  return Call(api, pipe, file, line, kind);
}

}  // namespace asc_model

namespace asc_model {

template <class T>
T scalar_get(const char* api, const TensorRef& r, uint64_t idx, const char* file, int line) {
  Call op(api, PIPE_S, file, line);
  if constexpr (is_int4_v<T>) {  // the nibble idx % 2 of byte idx / 2 (the vendor's GetValue)
    const uint8_t* p = op.range(r, idx / 2, 1, false, false);
    if (!op.elems(1).run()) return T(0);
    return T(int32_t(int4_load(p - idx / 2, idx)));
  }
  const uint8_t* p = op.range(r, idx * sizeof(T), sizeof(T), false, false);
  T v{};
  if (!op.elems(1).run()) return v;  // timing-only: data-dependent reads return 0
  std::memcpy(&v, p, sizeof(T));
  ASC_PRECISION_ONLY(precision::on_get<T>(op.core(), p, v);)  // --precision-trace: the value's shadow
  return v;
}

template <class T>
void scalar_set(const char* api, const TensorRef& r, uint64_t idx, T v, const char* file, int line) {
  Call op(api, PIPE_S, file, line);
  if constexpr (is_int4_v<T>) {  // read-modify-write of the byte: the other nibble stays
    uint8_t* p = op.range(r, idx / 2, 1, true, false);
    if (!op.elems(1).run()) return;
    int4_store(p - idx / 2, idx, v);
    return;
  }
  uint8_t* p = op.range(r, idx * sizeof(T), sizeof(T), true, false);
  if (!op.elems(1).run()) return;
  std::memcpy(p, &v, sizeof(T));
}

}  // namespace asc_model
