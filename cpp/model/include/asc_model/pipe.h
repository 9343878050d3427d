// TPipe and the buffers it hands out: TQueBind/TQue (queues of tensors with a
// depth), TBuf (one scratch buffer) and TBufPool (a sub-allocator). Buffers are
// carved from the position's memory with its hardware alignment; every misuse
// the vendor docs forbid is a fault (AllocTensor with no free buffer, EnQue past
// depth, DeQue on an empty queue, FreeTensor of a foreign tensor).
#pragma once
#include <cstdint>
#include "asc_model/call.h"
#include "asc_model/core.h"
#include "asc_model/tensor.h"

namespace asc_model {

// A bump allocator over [base, base+size) of one memory; TPipe keeps one per
// memory kind, a TBufPool owns one over its slice.
struct Arena {
  uint64_t base = 0, size = 0, cur = 0;
  bool limited = false;  // false: the whole memory (TPipe)

  uint64_t take(Mem m, uint64_t len, const char* api, const char* file, int line) {
    Core& c = current_core();
    uint64_t a = c.mem_align(m);
    uint64_t start = (cur + a - 1) / a * a;
    uint64_t limit = limited ? base + size : c.mem_size(m);
    uint64_t alen = (len + a - 1) / a * a;
    if (start + alen > limit)
      c.fault(file, line, api, "needs %llu bytes of %s at %llu but only %llu are left (limit %llu)",
              (unsigned long long)alen, mem_name(m), (unsigned long long)start,
              (unsigned long long)(limit > start ? limit - start : 0), (unsigned long long)limit);
    cur = start + alen;
    return start;
  }
};

// Per-queue bookkeeping, independent of the template parameters.
struct QueueState {
  static constexpr int kMaxBufs = 64;
  bool inited = false;
  int num = 0;
  uint64_t len = 0;
  uint64_t addr[kMaxBufs] = {};
  bool allocated[kMaxBufs] = {};
  int fifo[kMaxBufs] = {};  // buffer indices in EnQue order
  int head = 0, count = 0;
  // Next buffer AllocTensor looks at. Like the vendor's TQueBind, the cursor
  // moves on at every look (taken or not), so successive AllocTensors rotate
  // through the buffers: with two buffers, the next tile goes to the other one
  // while the first is still being copied out (double buffering).
  int cursor = 0;

  // The first free buffer at or after the cursor, advancing the cursor past
  // every buffer it looked at; -1 (cursor unchanged) when none is free.
  int take_next() {
    for (int tried = 0; tried < num; ++tried) {
      int i = cursor;
      cursor = (cursor + 1) % num;
      if (!allocated[i]) return i;
    }
    return -1;
  }

  int find(uint64_t a) const {
    for (int i = 0; i < num; ++i) if (addr[i] == a) return i;
    return -1;
  }
};

}  // namespace asc_model

namespace AscendC {

class TPipe;

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>  // mask: auto, as the vendor's
class TQueBind {
 public:
  static constexpr TPosition kPos = src == TPosition::GM ? dst : src;
  TQueBind() = default;

  template <class T>
  LocalTensor<T> AllocTensor(ASC_LOC_PARAMS) {
    LocalTensor<T> t;
    AllocTensor<T>(t, ASC_LOC);
    return t;
  }
  template <class T>
  void AllocTensor(LocalTensor<T>& t, ASC_LOC_PARAMS) {
    asc_model::Call op("AllocTensor", PIPE_S, ASC_LOC, asc_model::EventKind::Alloc);
    need_init(op);
    int i = s_.take_next();
    if (i < 0)
      op.core().fault(ASC_LOC, "AllocTensor", "all %d buffers of the queue are allocated (FreeTensor missing?)",
                      s_.num);
    s_.allocated[i] = true;
    t.set_raw(kPos, s_.addr[i], s_.len);
    op.buffer(asc_model::mem_of(kPos), s_.addr[i], s_.len).event(int32_t(kPos), i).run();
  }
  template <class T>
  bool EnQue(const LocalTensor<T>& t, ASC_LOC_PARAMS) {
    asc_model::Call op("EnQue", PIPE_S, ASC_LOC, asc_model::EventKind::EnQue);
    need_init(op);
    int i = owned(op, t.GetPhyAddr(), "EnQue");
    if (s_.count >= depth)
      op.core().fault(ASC_LOC, "EnQue", "queue of depth %d is full", int(depth));
    s_.fifo[(s_.head + s_.count) % asc_model::QueueState::kMaxBufs] = i;
    ++s_.count;
    op.buffer(asc_model::mem_of(kPos), s_.addr[i], s_.len).event(int32_t(kPos), i).run();
    return true;
  }
  // EnQue<srcUserPos, dstUserPos> / DeQue<srcUserPos, dstUserPos, T>: the user
  // positions name where the data really moves; the queue's buffers and order
  // are the same as the plain forms (the functional model implies the events).
  template <TPosition kSrcUser, TPosition kDstUser, class T>
  bool EnQue(const LocalTensor<T>& t, ASC_LOC_PARAMS) {
    return EnQue(t, ASC_LOC);
  }
  template <class T>
  LocalTensor<T> DeQue(ASC_LOC_PARAMS) {
    LocalTensor<T> t;
    DeQue<T>(t, ASC_LOC);
    return t;
  }
  template <TPosition kSrcUser, TPosition kDstUser, class T>
  LocalTensor<T> DeQue(ASC_LOC_PARAMS) {
    return DeQue<T>(ASC_LOC);
  }
  template <class T>
  void DeQue(LocalTensor<T>& t, ASC_LOC_PARAMS) {
    asc_model::Call op("DeQue", PIPE_S, ASC_LOC, asc_model::EventKind::DeQue);
    need_init(op);
    if (s_.count == 0) op.core().fault(ASC_LOC, "DeQue", "queue is empty (no EnQue before this DeQue)");
    int i = s_.fifo[s_.head];
    s_.head = (s_.head + 1) % asc_model::QueueState::kMaxBufs;
    --s_.count;
    t.set_raw(kPos, s_.addr[i], s_.len);
    op.buffer(asc_model::mem_of(kPos), s_.addr[i], s_.len).event(int32_t(kPos), i).run();
  }
  template <class T>
  void FreeTensor(LocalTensor<T>& t, ASC_LOC_PARAMS) {
    asc_model::Call op("FreeTensor", PIPE_S, ASC_LOC, asc_model::EventKind::Free);
    need_init(op);
    int i = owned(op, t.GetPhyAddr(), "FreeTensor");
    for (int k = 0; k < s_.count; ++k)
      if (s_.fifo[(s_.head + k) % asc_model::QueueState::kMaxBufs] == i)
        op.core().fault(ASC_LOC, "FreeTensor", "tensor at %s %llu is still in the queue (DeQue it first)",
                        asc_model::mem_name(asc_model::mem_of(kPos)), (unsigned long long)t.GetPhyAddr());
    s_.allocated[i] = false;
    op.buffer(asc_model::mem_of(kPos), s_.addr[i], s_.len).event(int32_t(kPos), i).run();
  }
  bool VacantInQue() const { return s_.count < depth; }
  bool HasTensorInQue() const { return s_.count > 0; }
  int32_t GetTensorCountInQue() const { return s_.count; }
  bool HasIdleBuffer() const {
    for (int i = 0; i < s_.num; ++i) if (!s_.allocated[i]) return true;
    return false;
  }
  void FreeAllEvent() {}  // events are implied by EnQue/DeQue in the functional model

  // Model internals: TPipe / TBufPool place the buffers.
  void init(int num, uint64_t len, asc_model::Arena& arena, const char* file, int line) {
    asc_model::Core& c = asc_model::current_core();
    if (num <= 0 || num > asc_model::QueueState::kMaxBufs)
      c.fault(file, line, "InitBuffer", "buffer count %d out of range 1..%d", num, asc_model::QueueState::kMaxBufs);
    if (len == 0) c.fault(file, line, "InitBuffer", "buffer length is 0");
    len = (len + 31) / 32 * 32;  // as the vendor's TPipe: each buffer a whole number of 32-byte blocks
    s_ = asc_model::QueueState{};
    s_.inited = true;
    s_.num = num;
    s_.len = len;
    for (int i = 0; i < num; ++i) s_.addr[i] = arena.take(asc_model::mem_of(kPos), len, "InitBuffer", file, line);
  }
  static constexpr TPosition position() { return kPos; }

 private:
  void need_init(asc_model::Call& op) {
    if (!s_.inited) op.fault("queue used before TPipe::InitBuffer");
  }
  int owned(asc_model::Call& op, uint64_t a, const char* api) {
    int i = s_.find(a);
    if (i < 0 || !s_.allocated[i])
      op.core().fault(op.file(), op.line(), api, "tensor at %s %llu was not allocated from this queue",
                      asc_model::mem_name(asc_model::mem_of(kPos)), (unsigned long long)a);
    return i;
  }
  asc_model::QueueState s_;
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<pos, pos, depth, mask> {};

// A queue into L1 for the adv Matmul's TSCM inputs (kernel_tpipe.h): GM -> TSCM (or
// VECOUT -> TSCM), its buffers in L1 as the vendor's GetPhyType places TSCM.
template <TPosition pos, int32_t depth = 1, auto mask = 0>
using TSCM = TQueBind<pos, TPosition::TSCM, depth, mask>;

// The vendor's default position is TPosition::LCM, which it defines as VECCALC.
template <TPosition pos = TPosition::VECCALC>
class TBuf {
 public:
  template <class T>
  LocalTensor<T> Get(ASC_LOC_PARAMS) const {
    return Get<T>(static_cast<uint32_t>(len_ / sizeof(T)), ASC_LOC);
  }
  template <class T>
  LocalTensor<T> Get(uint32_t n, ASC_LOC_PARAMS) const {
    return GetWithOffset<T>(n, 0, ASC_LOC);
  }
  template <class T>
  LocalTensor<T> GetWithOffset(uint32_t n, uint32_t byte_off, ASC_LOC_PARAMS) const {
    asc_model::Core& c = asc_model::current_core();
    if (!inited_) c.fault(ASC_LOC, "TBuf::Get", "TBuf used before TPipe::InitBuffer");
    if (byte_off + uint64_t(n) * sizeof(T) > len_)
      c.fault(ASC_LOC, "TBuf::Get", "%u elements of %zu bytes at offset %u exceed the buffer's %llu bytes", n,
              sizeof(T), byte_off, (unsigned long long)len_);
    if ((addr_ + byte_off) % c.mem_align(asc_model::mem_of(pos)) != 0)
      c.fault(ASC_LOC, "TBuf::GetWithOffset", "offset %u leaves the tensor unaligned", byte_off);
    LocalTensor<T> t;
    t.set_raw(pos, addr_ + byte_off, uint64_t(n) * sizeof(T));
    return t;
  }
  void init(uint64_t len, asc_model::Arena& arena, const char* file, int line) {
    len = (len + 31) / 32 * 32;  // as the vendor's TPipe: a whole number of 32-byte blocks
    addr_ = arena.take(asc_model::mem_of(pos), len, "InitBuffer", file, line);
    len_ = len;
    inited_ = true;
  }
  // The vendor's TBuf::AllocTensor is Get<T>(): the whole buffer, every call.
  template <class T>
  LocalTensor<T> AllocTensor(ASC_LOC_PARAMS) const {
    return Get<T>(ASC_LOC);
  }
  // The vendor's TBuf::FreeTensor does nothing (a TBuf's tensor is never queued).
  template <class T>
  void FreeTensor(LocalTensor<T>& tensor) { (void)tensor; }
  static constexpr TPosition position() { return pos; }

 private:
  uint64_t addr_ = 0, len_ = 0;
  bool inited_ = false;
};

// Sub-allocator: InitBufPool carves `len` bytes; queues and TBufs are then
// placed inside it. Reset() lets the same bytes be reused by the next phase.
template <TPosition pos, uint32_t bufIDSize = 4>
class TBufPool {
 public:
  template <class Q>
  bool InitBuffer(Q& q, uint8_t num, uint32_t len, ASC_LOC_PARAMS) {
    need_init(ASC_LOC);
    q.init(num, len, arena_, ASC_LOC);
    return true;
  }
  template <TPosition bufPos>  // the vendor's name: a dependent type is compared as spelled
  bool InitBuffer(TBuf<bufPos>& b, uint32_t len, ASC_LOC_PARAMS) {
    need_init(ASC_LOC);
    b.init(len, arena_, ASC_LOC);
    return true;
  }
  void Reset() { arena_.cur = arena_.base; }
  void init(uint64_t base, uint64_t len) {
    arena_.base = arena_.cur = base;
    arena_.size = len;
    arena_.limited = true;
    inited_ = true;
  }
  uint64_t base() const { return arena_.base; }
  uint64_t size() const { return arena_.size; }

 private:
  void need_init(const char* file, int line) {
    if (!inited_) asc_model::current_core().fault(file, line, "TBufPool::InitBuffer", "pool used before InitBufPool");
  }
  asc_model::Arena arena_;
  bool inited_ = false;
};

}  // namespace AscendC

namespace asc_model {
// TPipe takes the vendor's `template <class T>` parameters; these say at compile
// time what T is (a queue: TQue derives from TQueBind; a pool's position).
template <AscendC::TPosition s, AscendC::TPosition d, int32_t depth, auto mask>
std::true_type que_test(const AscendC::TQueBind<s, d, depth, mask>*);
std::false_type que_test(...);
template <AscendC::TPosition p, uint32_t n>
constexpr AscendC::TPosition pool_position(const AscendC::TBufPool<p, n>*) { return p; }
}  // namespace asc_model

namespace AscendC {

class TPipe {
 public:
  // The first TPipe of a core is the one GetTPipePtr returns.
  TPipe() {
    asc_model::Core& c = asc_model::current_core();
    if (!c.first_pipe) c.first_pipe = this;
  }
  ~TPipe() {
    asc_model::Core& c = asc_model::current_core();
    if (c.first_pipe == this) c.first_pipe = nullptr;
  }
  void Init() {}
  void Destroy() { Reset(); }
  void Reset() { for (auto& a : arena_) a = asc_model::Arena{}; }

  // The vendor's signatures (any T; U shares): what is accepted is checked here.
  template <class T>
  bool InitBuffer(T& que, uint8_t num, uint32_t len, ASC_LOC_PARAMS) {
    static_assert(decltype(asc_model::que_test(static_cast<T*>(nullptr)))::value,
                  "TPipe::InitBuffer(que, num, len): que must be a TQue or TQueBind");
    constexpr TPosition p = T::position();
    que.init(num, len, arena(p), ASC_LOC);
    return true;
  }
  template <TPosition p>
  bool InitBuffer(TBuf<p>& b, uint32_t len, ASC_LOC_PARAMS) {
    b.init(len, arena(p), ASC_LOC);
    return true;
  }
  template <class T>
  bool InitBufPool(T& pool, uint32_t len, ASC_LOC_PARAMS) {
    constexpr TPosition p = asc_model::pool_position(static_cast<T*>(nullptr));
    uint64_t base = arena(p).take(asc_model::mem_of(p), len, "InitBufPool", ASC_LOC);
    pool.init(base, len);
    return true;
  }
  // Shares the bytes of `other` (the vendor's "share" form): both pools start
  // at the same address; the caller guarantees they are not live together.
  template <class T, class U>
  bool InitBufPool(T& pool, uint32_t len, U& other, ASC_LOC_PARAMS) {
    asc_model::pool_position(static_cast<T*>(nullptr));  // both must be TBufPools
    asc_model::pool_position(static_cast<U*>(nullptr));
    if (len > other.size())
      asc_model::current_core().fault(ASC_LOC, "InitBufPool", "shared pool of %u bytes exceeds the %llu-byte pool it shares",
                                      len, (unsigned long long)other.size());
    pool.init(other.base(), len);
    return true;
  }

  template <HardEvent e>
  int8_t AllocEventID(ASC_LOC_PARAMS) {
    auto& used = used_[int(e)];
    for (int i = 0; i < asc_model::kNumEventIds; ++i)
      if (!(used & (1u << i))) { used |= 1u << i; return int8_t(i); }
    asc_model::current_core().fault(ASC_LOC, "AllocEventID", "all %d event ids of this HardEvent are allocated",
                                    asc_model::kNumEventIds);
  }
  template <HardEvent e>
  int8_t FetchEventID(ASC_LOC_PARAMS) { return FetchEventID(e, ASC_LOC); }
  // The vendor's run-time form: the event kind as an argument.
  int8_t FetchEventID(HardEvent e, ASC_LOC_PARAMS) {
    auto used = used_[int(e)];
    for (int i = 0; i < asc_model::kNumEventIds; ++i)
      if (!(used & (1u << i))) return int8_t(i);
    asc_model::current_core().fault(ASC_LOC, "FetchEventID", "no free event id for this HardEvent");
  }
  template <HardEvent e>
  void ReleaseEventID(int8_t id, ASC_LOC_PARAMS) {
    if (id < 0 || id >= asc_model::kNumEventIds || !(used_[int(e)] & (1u << id)))
      asc_model::current_core().fault(ASC_LOC, "ReleaseEventID", "event id %d was not allocated", int(id));
    used_[int(e)] &= ~(1u << id);
  }

  // The end of the buffers taken from p's memory so far (PopStackBuffer's start).
  uint64_t queue_end(TPosition p) { return arena(p).cur; }

 private:
  asc_model::Arena& arena(TPosition p) { return arena_[int(asc_model::mem_of(p))]; }
  asc_model::Arena arena_[asc_model::kMemCount];
  uint32_t used_[asc_model::kNumHardEvents] = {};
};

}  // namespace AscendC

// A global function, as the vendor's (kernel_common.h).
inline AscendC::TPipe* GetTPipePtr(ASC_LOC_PARAMS) {
  asc_model::Call op("GetTPipePtr", PIPE_S, ASC_LOC);
  if (!op.core().first_pipe) op.fault("no TPipe has been constructed on this core");
  op.run();
  return static_cast<AscendC::TPipe*>(op.core().first_pipe);
}
