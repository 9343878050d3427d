// Ranks on the Model (asc_model/hccl.h): the world the ranks of one
// distributed launch share, the collectives over shared memory, and the
// cross-rank deadlock and mismatch detection. Part of the runtime object
// (build.py compiles every src/*.cpp as one translation unit; this part
// compiles on its own too). The rules are documented in docs/distributed.md.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

#include "asc_model/core.h"
#include "asc_model/dtypes.h"
#include "asc_model/hccl.h"

namespace asc_model {

// Named, not anonymous: build.py compiles every src/*.cpp as one translation
// unit, where anonymous namespaces of the parts would merge.
namespace hccl_detail {

using Clock = std::chrono::steady_clock;

// HCCL_REDUCE_* and HCCL_DATA_TYPE_* values (the .td's HcclReduceOp / HcclDataType).
enum { kSum = 0, kProd = 1, kMax = 2, kMin = 3 };
const char* const kDtypeNames[] = {"int8", "int16", "int32", "fp16", "fp32", "int64",
                                   "uint64", "uint8", "uint16", "uint32", "fp64", "bf16"};
const uint32_t kDtypeSizes[] = {1, 2, 4, 2, 4, 8, 8, 1, 2, 4, 8, 2};
const char* const kOpNames[] = {"sum", "prod", "max", "min"};

constexpr int kMaxHandles = 127;                       // HcclHandle is an int8_t
constexpr auto kRecheck = std::chrono::milliseconds(20);  // waiters re-examine the world this often

struct Task {
  HcclTaskDesc d;
  const char* file;
  int line;
  bool committed = false;
};

// One core index of one rank: the tasks it prepared (handle = index = step).
struct Lane {
  std::vector<Task> tasks;
  bool exited = false;
  bool finalized = false;
  int waiting = -1;  // the step it blocks on (Wait or Finalize), -1 none
  Clock::time_point since;
};

// Step k of one lane, across the ranks.
struct Step {
  bool described = false;
  HcclTaskDesc d{};  // as the first rank to prepare it described it
  int rank = -1;
  const char* file = "?";
  int line = 0;
  int committed = 0;
  bool done = false;
};

std::string describe(const HcclTaskDesc& d) {
  std::string s = strprintf("%s(count=%llu, %s", hccl_kind_name(d.kind), (unsigned long long)d.count,
                            hccl_dtype_size(d.dtype) ? kDtypeNames[d.dtype] : "?");
  if (d.kind == HcclKind::AllReduce || d.kind == HcclKind::ReduceScatter)
    s += strprintf(", %s", d.op >= 0 && d.op < 4 ? kOpNames[d.op] : "?");
  if (d.kind != HcclKind::AllReduce && d.stride) s += strprintf(", stride=%llu", (unsigned long long)d.stride);
  return s + ")";
}

bool same(const HcclTaskDesc& a, const HcclTaskDesc& b) {
  bool reduces = a.kind == HcclKind::AllReduce || a.kind == HcclKind::ReduceScatter;
  return a.kind == b.kind && a.count == b.count && a.dtype == b.dtype && (!reduces || a.op == b.op) &&
         (a.kind == HcclKind::AllReduce || a.stride == b.stride);
}

// ---- the data movement, in a fixed order -------------------------------------------

// Element-wise reduction of `n` inputs (rank order) into `out`: out = in[0],
// then out = op(out, in[r]) for r = 1..n-1, rounded to T after every step
// (16-bit floats are combined in float and rounded once per step, as a device
// reducing in that type does). Integers wrap (computed unsigned).
template <class T>
T combine(T a, T b, int op) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>) {
    float x = float(a), y = float(b);
    switch (op) {
      case kSum: return T(x + y);
      case kProd: return T(x * y);
      case kMax: return T(std::max(x, y));
      default: return T(std::min(x, y));
    }
  } else if constexpr (std::is_integral_v<T>) {
    using U = std::make_unsigned_t<T>;
    switch (op) {
      case kSum: return T(U(U(a) + U(b)));
      case kProd: return T(U(U(a) * U(b)));
      case kMax: return std::max(a, b);
      default: return std::min(a, b);
    }
  } else {
    switch (op) {
      case kSum: return T(a + b);
      case kProd: return T(a * b);
      case kMax: return std::max(a, b);
      default: return std::min(a, b);
    }
  }
}

template <class T>
void reduce_typed(uint8_t* out, const std::vector<const uint8_t*>& in, uint64_t count, int op) {
  T* o = reinterpret_cast<T*>(out);
  std::memcpy(o, in[0], count * sizeof(T));
  for (size_t r = 1; r < in.size(); ++r) {
    const T* x = reinterpret_cast<const T*>(in[r]);
    for (uint64_t i = 0; i < count; ++i) o[i] = combine<T>(o[i], x[i], op);
  }
}

void reduce(int dtype, uint8_t* out, const std::vector<const uint8_t*>& in, uint64_t count, int op) {
  switch (dtype) {
    case 0: return reduce_typed<int8_t>(out, in, count, op);
    case 1: return reduce_typed<int16_t>(out, in, count, op);
    case 2: return reduce_typed<int32_t>(out, in, count, op);
    case 3: return reduce_typed<half>(out, in, count, op);
    case 4: return reduce_typed<float>(out, in, count, op);
    case 5: return reduce_typed<int64_t>(out, in, count, op);
    case 6: return reduce_typed<uint64_t>(out, in, count, op);
    case 7: return reduce_typed<uint8_t>(out, in, count, op);
    case 8: return reduce_typed<uint16_t>(out, in, count, op);
    case 9: return reduce_typed<uint32_t>(out, in, count, op);
    case 10: return reduce_typed<double>(out, in, count, op);
    default: return reduce_typed<bfloat16_t>(out, in, count, op);
  }
}

}  // namespace hccl_detail

struct World {
  using Lane = hccl_detail::Lane;
  using Step = hccl_detail::Step;
  World(int ranks, int blocks, double timeout)
      : n(ranks), block_dim(blocks), timeout_s(timeout), launches(size_t(ranks), nullptr), state(size_t(ranks), 0),
        lanes(size_t(ranks), std::vector<Lane>(size_t(blocks))), steps(size_t(blocks)) {}
  const int n, block_dim;
  const double timeout_s;  // > 0: a wait longer than this is reported ($ASC_DEADLOCK_TIMEOUT)
  std::mutex mu;           // taken before any launch's lock, never after
  std::condition_variable cv;
  std::vector<Launch*> launches;  // attached (running) ranks
  std::vector<int> state;         // 0 not started, 1 running, 2 finished
  std::vector<std::vector<Lane>> lanes;  // [rank][block]
  std::vector<std::vector<Step>> steps;  // [block][step]
  bool failed = false;
  std::string error;  // the first fault ("rank r: ...") or the deadlock / mismatch report
  // Completed collectives in completion order, for the link model (asc.distributed.timing).
  struct Done { int block, step; HcclKind kind; uint64_t count; int32_t dtype; };
  std::vector<Done> done;
};

namespace hccl_detail {

// Runs step k of lane b once every rank committed it (caller holds mu).
// Every input is copied (or reduced) into a scratch buffer before any output
// is written, so a recv buffer may alias any send buffer.
void perform(World& w, int b, int k) {
  const HcclTaskDesc& d = w.steps[size_t(b)][size_t(k)].d;
  const uint64_t es = hccl_dtype_size(d.dtype), cnt = d.count, stride = d.stride ? d.stride : d.count;
  auto task = [&](int r) -> const HcclTaskDesc& { return w.lanes[size_t(r)][size_t(b)].tasks[size_t(k)].d; };
  std::vector<const uint8_t*> in(size_t(w.n));
  std::vector<uint8_t> scratch;
  switch (d.kind) {
    case HcclKind::AllReduce: {
      for (int r = 0; r < w.n; ++r) in[size_t(r)] = task(r).send;
      scratch.resize(cnt * es);
      reduce(d.dtype, scratch.data(), in, cnt, d.op);
      for (int r = 0; r < w.n; ++r) std::memcpy(task(r).recv, scratch.data(), cnt * es);
      break;
    }
    case HcclKind::AllGather: {
      scratch.resize(size_t(w.n) * cnt * es);
      for (int r = 0; r < w.n; ++r) std::memcpy(scratch.data() + size_t(r) * cnt * es, task(r).send, cnt * es);
      for (int dst = 0; dst < w.n; ++dst)
        for (int r = 0; r < w.n; ++r)
          std::memcpy(task(dst).recv + size_t(r) * stride * es, scratch.data() + size_t(r) * cnt * es, cnt * es);
      break;
    }
    case HcclKind::ReduceScatter: {
      scratch.resize(size_t(w.n) * cnt * es);
      for (int dst = 0; dst < w.n; ++dst) {
        for (int r = 0; r < w.n; ++r) in[size_t(r)] = task(r).send + size_t(dst) * stride * es;
        reduce(d.dtype, scratch.data() + size_t(dst) * cnt * es, in, cnt, d.op);
      }
      for (int dst = 0; dst < w.n; ++dst) std::memcpy(task(dst).recv, scratch.data() + size_t(dst) * cnt * es, cnt * es);
      break;
    }
    case HcclKind::AlltoAll: {
      // scratch[dst][src] = chunk dst of rank src
      scratch.resize(size_t(w.n) * size_t(w.n) * cnt * es);
      for (int src = 0; src < w.n; ++src)
        for (int dst = 0; dst < w.n; ++dst)
          std::memcpy(scratch.data() + (size_t(dst) * size_t(w.n) + size_t(src)) * cnt * es,
                      task(src).send + size_t(dst) * stride * es, cnt * es);
      for (int dst = 0; dst < w.n; ++dst)
        for (int src = 0; src < w.n; ++src)
          std::memcpy(task(dst).recv + size_t(src) * stride * es,
                      scratch.data() + (size_t(dst) * size_t(w.n) + size_t(src)) * cnt * es, cnt * es);
      break;
    }
  }
  w.done.push_back({b, k, d.kind, d.count, d.dtype});
}

// Stops every rank with `report` (caller holds mu).
void fail_all(World& w, const std::string& report) {
  if (w.failed) return;
  w.failed = true;
  w.error = report;
  for (Launch* l : w.launches)
    if (l) launch_cancel(l, report);
  w.cv.notify_all();
}

// Certain deadlock: every rank has started, every live core of every rank is
// blocked (in a collective wait or a cross-core wait of its launch), and none
// of those waits can return. Exact, because while the world's lock is held no
// collective can complete, and a launch whose cores are all blocked cannot
// change by itself. (Caller holds mu.)
bool certain_deadlock(World& w) {
  for (int r = 0; r < w.n; ++r) {
    if (w.state[size_t(r)] == 0) return false;
    if (w.state[size_t(r)] == 2) continue;
    int hb = 0;
    for (int b = 0; b < w.block_dim; ++b) {
      const Lane& ln = w.lanes[size_t(r)][size_t(b)];
      if (ln.exited || ln.waiting < 0) continue;
      if (w.steps[size_t(b)][size_t(ln.waiting)].done) return false;
      ++hb;
    }
    LaunchView v = launch_view(w.launches[size_t(r)]);
    if (v.any_ready || v.blocked + hb != v.live) return false;
  }
  return true;
}

std::string where(const char* file, int line) { return strprintf("%s:%d", file ? file : "?", line); }

// The deadlock report: the lowest lane with a waiting core, its lowest awaited
// step, and one line per rank saying where that rank's core of the lane is.
// The root-cause line ends with "[file:line]" of the collective, which the
// Python side turns into the branch that skipped it (asc.distributed).
std::string deadlock_report(World& w, bool timed_out) {
  int b = -1, k = -1;
  for (int lane = 0; lane < w.block_dim && b < 0; ++lane)
    for (int r = 0; r < w.n; ++r) {
      int s = w.lanes[size_t(r)][size_t(lane)].waiting;
      if (s >= 0 && (k < 0 || s < k)) { b = lane; k = s; }
    }
  if (b < 0) return "Deadlock detected: no rank is waiting on a collective";
  const Step& st = w.steps[size_t(b)][size_t(k)];
  const char* kind = hccl_kind_name(st.d.kind);
  std::string out = strprintf("Deadlock detected at step %d%s:", k + 1,
                              w.block_dim > 1 ? strprintf(" of block %d", b).c_str() : "");
  if (timed_out) out += strprintf(" (a collective waited longer than ASC_DEADLOCK_TIMEOUT=%g s)", w.timeout_s);
  std::vector<int> missing, uncommitted, running;
  auto now = Clock::now();
  for (int r = 0; r < w.n; ++r) {
    const Lane& ln = w.lanes[size_t(r)][size_t(b)];
    std::string line = strprintf("\n  Rank %d: ", r);
    if (ln.waiting >= 0) {
      const Task& t = ln.tasks[size_t(ln.waiting)];
      double s = std::chrono::duration<double>(now - ln.since).count();
      line += strprintf("waiting for %s (%s), %.1f s", hccl_kind_name(t.d.kind), where(t.file, t.line).c_str(), s);
    } else if (ln.tasks.size() > size_t(k) && !ln.tasks[size_t(k)].committed) {
      const Task& t = ln.tasks[size_t(k)];
      line += strprintf("%s %s (%s) without committing it", ln.exited ? "finished after preparing" : "prepared",
                        hccl_kind_name(t.d.kind), where(t.file, t.line).c_str());
      uncommitted.push_back(r);
    } else if (ln.tasks.size() <= size_t(k)) {
      std::string last = ln.tasks.empty() ? std::string("it called no collective")
          : strprintf("last collective %s at %s", hccl_kind_name(ln.tasks.back().d.kind),
                      where(ln.tasks.back().file, ln.tasks.back().line).c_str());
      if (ln.exited) {
        line += strprintf("finished without calling %s; %s", kind, last.c_str());
        missing.push_back(r);
      } else {
        LaunchView v = w.state[size_t(r)] == 1 ? launch_view(w.launches[size_t(r)]) : LaunchView{0, 0, false, {}};
        line += v.what.empty() ? strprintf("still running, has not called %s; %s", kind, last.c_str())
                               : strprintf("blocked (%s), has not called %s; %s", v.what.c_str(), kind, last.c_str());
        (v.what.empty() ? running : missing).push_back(r);
      }
    } else {
      line += strprintf("committed %s, not waiting", kind);
    }
    out += line;
  }
  auto ranks = [](const std::vector<int>& v) {
    std::string s = v.size() > 1 ? "ranks " : "rank ";
    for (size_t i = 0; i < v.size(); ++i) s += strprintf("%s%d", i ? ", " : "", v[i]);
    return s;
  };
  if (!missing.empty())
    out += strprintf("\nRoot cause: %s did not call %s [%s]", ranks(missing).c_str(), kind,
                     where(st.file, st.line).c_str());
  else if (!uncommitted.empty())
    out += strprintf("\nRoot cause: %s prepared %s but never committed it", ranks(uncommitted).c_str(), kind);
  else if (!running.empty())
    out += strprintf("\nRoot cause: %s still running without reaching %s", ranks(running).c_str(), kind);
  return out;
}

World* world_of(Core& c, int* rank) {
  Launch* l = c.launch();
  return l ? launch_world(l, rank) : nullptr;
}

World& need_world(Core& c, int* rank, const char* api, const char* file, int line) {
  World* w = world_of(c, rank);
  if (!w)
    c.fault(file, line, api, "this launch is not a rank of a distributed launch: run the kernel with "
            "asc.distributed.launch(kernel, world_size, block_dim, args) to use Hccl");
  return *w;
}

// The calling core's world and rank, with the world's lock held; Cancelled
// once any rank failed (every entry point starts so).
struct Entered {
  int rank = 0;
  World& w;
  std::unique_lock<std::mutex> lk;
  Entered(Core& c, const char* api, const char* file, int line) : w(need_world(c, &rank, api, file, line)), lk(w.mu) {
    if (w.failed) throw Cancelled{};
  }
};

Task& task_of(Core& c, World& w, int rank, int handle, const char* api, const char* file, int line) {
  Lane& ln = w.lanes[size_t(rank)][size_t(c.block_idx())];
  if (handle < 0 || size_t(handle) >= ln.tasks.size())
    c.fault(file, line, api, "handle %d was not returned by a collective of this core (it prepared %zu)", handle,
            ln.tasks.size());
  return ln.tasks[size_t(handle)];
}

// Blocks the core until step `k` of its lane is done. (Caller holds lk.)
void block_on(World& w, Core& c, int rank, int k, std::unique_lock<std::mutex>& lk, const char* file, int line) {
  Lane& ln = w.lanes[size_t(rank)][size_t(c.block_idx())];
  // By index, never by reference: another rank's prepare may grow the lane's steps while this core sleeps.
  auto done = [&w, b = size_t(c.block_idx()), k = size_t(k)] { return w.steps[b][k].done; };
  if (done()) return;
  lk.unlock();
  launch_before_block(c.launch());  // a core waiting here must not keep an unstarted core from running
  lk.lock();
  ln.waiting = k;
  ln.since = Clock::now();
  struct Leave {
    Lane& ln;
    std::unique_lock<std::mutex>& lk;
    ~Leave() { if (!lk.owns_lock()) lk.lock(); ln.waiting = -1; }
  } leave{ln, lk};
  for (;;) {
    if (w.failed) throw Cancelled{};
    if (done()) return;
    bool timed_out = w.timeout_s > 0 &&
                     std::chrono::duration<double>(Clock::now() - ln.since).count() > w.timeout_s;
    if (timed_out || certain_deadlock(w)) {
      fail_all(w, deadlock_report(w, timed_out && !certain_deadlock(w)));
      throw Cancelled{};
    }
    w.cv.wait_for(lk, kRecheck);
    lk.unlock();
    c.poll(file, line);  // Ctrl-C and the launch's time limit still apply
    lk.lock();
  }
}

}  // namespace hccl_detail

const char* hccl_kind_name(HcclKind k) {
  switch (k) {
    case HcclKind::AllReduce: return "AllReduce";
    case HcclKind::AllGather: return "AllGather";
    case HcclKind::ReduceScatter: return "ReduceScatter";
    default: return "AlltoAll";
  }
}

uint32_t hccl_dtype_size(int32_t dtype) { return dtype >= 0 && dtype < 12 ? hccl_detail::kDtypeSizes[dtype] : 0; }

bool hccl_in_world(Core& c) {
  using namespace hccl_detail;
  int r;
  return world_of(c, &r) != nullptr;
}

int32_t hccl_rank_id(Core& c) {
  using namespace hccl_detail;
  int r = 0;
  return world_of(c, &r) ? r : 0;
}

int32_t hccl_rank_dim(Core& c) {
  using namespace hccl_detail;
  int r;
  World* w = world_of(c, &r);
  return w ? w->n : 1;
}

int hccl_prepare(Core& c, const HcclTaskDesc& d, const char* file, int line) {
  using namespace hccl_detail;
  const char* api = hccl_kind_name(d.kind);
  Entered e(c, api, file, line);
  World& w = e.w;
  const int rank = e.rank, b = c.block_idx();
  Lane& ln = w.lanes[size_t(rank)][size_t(b)];
  if (ln.finalized) c.fault(file, line, api, "called after Finalize");
  const int k = int(ln.tasks.size());
  if (k >= kMaxHandles)
    c.fault(file, line, api, "more than %d collectives prepared by one core (HcclHandle is an int8_t)", kMaxHandles);
  if (w.steps[size_t(b)].size() <= size_t(k)) w.steps[size_t(b)].resize(size_t(k) + 1);
  Step& st = w.steps[size_t(b)][size_t(k)];
  if (!st.described) {
    st.described = true;
    st.d = d;
    st.rank = rank;
    st.file = file;
    st.line = line;
  } else if (!same(st.d, d)) {
    // Both sides, lower rank first; stops every rank (world_rank_failed).
    bool mine_first = rank < st.rank;
    std::string me = strprintf("Rank %d: %s at %s", rank, describe(d).c_str(), where(file, line).c_str());
    std::string other = strprintf("Rank %d: %s at %s", st.rank, describe(st.d).c_str(),
                                  where(st.file, st.line).c_str());
    std::string msg = strprintf("Mismatched collectives at step %d%s:\n  %s\n  %s", k + 1,
                                w.block_dim > 1 ? strprintf(" of block %d", b).c_str() : "",
                                (mine_first ? me : other).c_str(), (mine_first ? other : me).c_str());
    fail_all(w, msg);
    throw Cancelled{};
  }
  ln.tasks.push_back({d, file, line});
  return k;
}

void hccl_commit(Core& c, int handle, const char* file, int line) {
  using namespace hccl_detail;
  Entered e(c, "Commit", file, line);
  World& w = e.w;
  Task& t = task_of(c, w, e.rank, handle, "Commit", file, line);
  if (t.committed)
    c.fault(file, line, "Commit", "handle %d (%s at %s) committed twice", handle, hccl_kind_name(t.d.kind),
            where(t.file, t.line).c_str());
  t.committed = true;
  const int b = c.block_idx();
  Step& st = w.steps[size_t(b)][size_t(handle)];
  if (++st.committed == w.n) {
    perform(w, b, handle);
    st.done = true;
    w.cv.notify_all();
  }
}

int32_t hccl_wait(Core& c, int handle, const char* file, int line) {
  using namespace hccl_detail;
  Entered e(c, "Wait", file, line);
  Task& t = task_of(c, e.w, e.rank, handle, "Wait", file, line);
  if (!t.committed)
    c.fault(file, line, "Wait", "handle %d (%s at %s) was never committed: the wait would never return", handle,
            hccl_kind_name(t.d.kind), where(t.file, t.line).c_str());
  block_on(e.w, c, e.rank, handle, e.lk, file, line);
  return 0;
}

void hccl_finalize(Core& c, const char* file, int line) {
  using namespace hccl_detail;
  Entered e(c, "Finalize", file, line);
  Lane& ln = e.w.lanes[size_t(e.rank)][size_t(c.block_idx())];
  ln.finalized = true;
  for (size_t k = 0; k < ln.tasks.size(); ++k)
    if (!ln.tasks[k].committed)
      c.fault(file, line, "Finalize", "%s prepared at %s (handle %zu) was never committed",
              hccl_kind_name(ln.tasks[k].d.kind), where(ln.tasks[k].file, ln.tasks[k].line).c_str(), k);
  for (size_t k = 0; k < ln.tasks.size(); ++k) block_on(e.w, c, e.rank, int(k), e.lk, file, line);
}

// ---- hooks of the runtime ----------------------------------------------------------

void world_attach(World* w, int rank, Launch* l) {
  std::lock_guard<std::mutex> lk(w->mu);
  w->launches[size_t(rank)] = l;
  w->state[size_t(rank)] = 1;
  if (w->failed) launch_cancel(l, w->error);  // another rank already failed before this one started
  w->cv.notify_all();
}

void world_detach(World* w, int rank) {
  std::lock_guard<std::mutex> lk(w->mu);
  w->launches[size_t(rank)] = nullptr;
  w->state[size_t(rank)] = 2;
  w->cv.notify_all();
}

void world_core_exit(World* w, int rank, int block) {
  std::lock_guard<std::mutex> lk(w->mu);
  if (block < w->block_dim) w->lanes[size_t(rank)][size_t(block)].exited = true;
  w->cv.notify_all();
}

void world_rank_failed(World* w, int rank, const std::string& msg) {
  std::lock_guard<std::mutex> lk(w->mu);
  if (w->failed) return;
  w->failed = true;
  w->error = strprintf("rank %d: %s", rank, msg.c_str());
  std::string stop = strprintf("stopped: rank %d faulted", rank);
  for (int r = 0; r < w->n; ++r)
    if (r != rank && w->launches[size_t(r)]) launch_cancel(w->launches[size_t(r)], stop);
  w->cv.notify_all();
}

}  // namespace asc_model

// ---- C entry points for asc.distributed (exported from every kernel library) -------

extern "C" {

__attribute__((visibility("default"))) void* asc_model_world_new(int32_t ranks, int32_t block_dim,
                                                                 double deadlock_timeout_s) {
  if (ranks <= 0 || block_dim <= 0) return nullptr;
  return new asc_model::World(ranks, block_dim, deadlock_timeout_s);
}

__attribute__((visibility("default"))) void asc_model_world_free(void* w) {
  delete static_cast<asc_model::World*>(w);
}

// After every rank returned: 0 when the run was clean; 1 with the first
// fault, the deadlock or mismatch report in `buf`; 2 when every rank finished
// but a collective was left incomplete (on a device the ranks that committed
// it would hang in the server), with that report.
__attribute__((visibility("default"))) int32_t asc_model_world_error(void* wp, char* buf, uint32_t len) {
  auto& w = *static_cast<asc_model::World*>(wp);
  std::lock_guard<std::mutex> lk(w.mu);
  std::string text;
  int32_t rc = 0;
  if (w.failed) {
    text = w.error;
    rc = 1;
  } else {
    for (int b = 0; b < w.block_dim && !rc; ++b)
      for (size_t k = 0; k < w.steps[size_t(b)].size() && !rc; ++k) {
        const auto& st = w.steps[size_t(b)][k];
        if (st.done) continue;
        // Pretend the first core that committed it is still waiting: the report then reads as on a device.
        for (int r = 0; r < w.n; ++r) {
          auto& ln = w.lanes[size_t(r)][size_t(b)];
          if (ln.tasks.size() > k && ln.tasks[k].committed) {
            ln.waiting = int(k);
            ln.since = std::chrono::steady_clock::now();
          }
        }
        text = asc_model::hccl_detail::deadlock_report(w, false) +
               "\n(every rank finished; the ranks that committed the collective would wait for it forever)";
        rc = 2;
      }
  }
  if (buf && len) std::snprintf(buf, len, "%s", text.c_str());
  return rc;
}

// A rank that could not start (its Python side failed before the launch):
// stops the others, as a fault of that rank would.
__attribute__((visibility("default"))) void asc_model_world_fail(void* w, int32_t rank, const char* msg) {
  asc_model::world_rank_failed(static_cast<asc_model::World*>(w), rank, msg ? msg : "failed to start");
}

// The completed collectives, in completion order: up to `max` records of
// (block, step, kind, count, dtype); returns how many there are.
__attribute__((visibility("default"))) int32_t asc_model_world_done(void* wp, int64_t* out, int32_t max) {
  auto& w = *static_cast<asc_model::World*>(wp);
  std::lock_guard<std::mutex> lk(w.mu);
  for (int32_t i = 0; i < max && size_t(i) < w.done.size(); ++i) {
    const auto& d = w.done[size_t(i)];
    int64_t* o = out + 5 * i;
    o[0] = d.block; o[1] = d.step; o[2] = int64_t(d.kind); o[3] = int64_t(d.count); o[4] = d.dtype;
  }
  return int32_t(w.done.size());
}

}  // extern "C"
