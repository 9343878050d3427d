// The non-template half of the Model, compiled once per toolchain and linked
// into every kernel library: cores, checks, fault plumbing, cross-core
// synchronisation with deadlock detection and a watchdog, the trace observer,
// and run_launch (the simulated cores on pooled runner threads).
// Its other parts: mem_pool.cpp (core memories), thread_pool.cpp (runner
// threads), signals.cpp (Ctrl-C, hardware traps). build.py compiles every
// src/*.cpp as one translation unit.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <condition_variable>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "asc_model/core.h"
#include "asc_model/gm_padding.h"
#include "asc_model/hccl.h"
#include "asc_model/launch.h"
#include "cycle_model.h"
#include "debug_check.h"
#include "mem_pool.h"
#include "signals.h"
#include "thread_pool.h"

namespace asc_model {

namespace {

// The HardEvent names, generated from the dialect's .td (generated_enums.h).
const char* event_name(int e) { const char* n = EnumInfo<AscendC::HardEvent>::name(e); return n ? n : "?"; }

thread_local Core* tl_core = nullptr;

std::string vformat(const char* fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  char buf[512];
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  std::string s;
  if (n < 0) s = fmt;
  else if (size_t(n) < sizeof buf) s.assign(buf, size_t(n));
  else {
    s.resize(size_t(n) + 1);
    std::vsnprintf(&s[0], s.size(), fmt, ap2);
    s.resize(size_t(n));
  }
  va_end(ap2);
  return s;
}

}  // namespace

std::string strprintf(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string s = vformat(fmt, ap);
  va_end(ap);
  return s;
}

Core& current_core() {
  if (!tl_core) throw Fault("Ascend C API called outside a Model launch");
  return *tl_core;
}

void loop_check(const char* file, int line) { current_core().poll(file, line); }

// ---------------------------------------------------------------- Launch

// The blocks a launch runs: all block_dim, or the first blocks_run of them
// (the timed Model simulating a subset of identical cores; each still sees
// GetBlockNum() == block_dim).
int blocks_to_run(const LaunchConfig& c) {
  return c.blocks_run > 0 && c.blocks_run < c.block_dim ? c.blocks_run : c.block_dim;
}

// The AIC cores of a mixed launch that run (LaunchConfig::aic_cores): one per
// group whose AIV cores run.
int aic_to_run(const LaunchConfig& c, int aiv) {
  if (c.aic_cores <= 0) return 0;
  int per = c.sub_block_num > 1 ? c.sub_block_num : 1;
  return std::min(c.aic_cores, (aiv + per - 1) / per);
}

struct Launch : std::enable_shared_from_this<Launch> {
  Launch(const LaunchConfig& c, void (*b)(void*), void* x)
      : cfg(c), body(b), ctx(x), aiv_run(blocks_to_run(c)), aic_run(aic_to_run(c, aiv_run)),
        block_dim(aiv_run + aic_run), live(block_dim), cores(size_t(block_dim)),
        records(size_t(block_dim)) {}

  const LaunchConfig& cfg;
  void (*body)(void*);
  void* ctx;
  // Slots 0..aiv_run-1 are the cores of the kernel's type (a mixed kernel's AIV
  // cores); slots aiv_run.. are a mixed kernel's AIC cores (aic_run, one per group).
  const int aiv_run, aic_run;
  const int block_dim;  // slots that run; by value: a runner may look at it after run_launch returned
  // The cores that take part in a launch-wide wait of a core of `type` (SyncAll<true>, mode 0 flags).
  int cores_of_type(int type) const { return aic_run == 0 ? block_dim : type == 1 ? aic_run : aiv_run; }
  std::mutex mu;
  std::condition_variable cv;
  // A fault in block b stops blocks b.. at their next API call; blocks below b
  // run on, so the fault reported is the lowest-numbered block's whichever
  // thread got there first (the same message on every run and every runner).
  // Any fault (cancelled()) releases every core waiting on another core.
  std::atomic<int> cancel_from{INT_MAX};
  bool cancelled() const { return cancel_from.load() != INT_MAX; }
  std::atomic<bool> interrupted{false};
  std::string first_fault;
  int fault_block = INT_MAX;  // the block first_fault came from (under mu)
  // Bound on the launch's wall time (0: none), checked every 256 API calls
  // and loop iterations (Python passes $ASC_MODEL_LAUNCH_TIMEOUT, default 300 s).
  double time_limit = cfg.time_limit_s > 0 ? cfg.time_limit_s : 0.0;
  bool init_check = (cfg.debug_flags & kDebugInitCheck) != 0;  // $ASC_DEBUG=initcheck
  // Rank `rank` of a distributed launch (asc_model/hccl.h): a fault here stops every rank.
  World* world = static_cast<World*>(cfg.world);
  int rank = cfg.rank;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  int live;        // cores still running
  int exited = 0;  // cores that returned normally
  // Cores blocked in a cross-core wait, with the condition that releases them
  // (evaluated under `mu`) and what they wait for (for the deadlock message).
  struct Waiter { int block; const std::function<bool()>* ready; const char* what; };
  std::vector<Waiter> waiting;
  // SyncAll: generation barriers, per set of cores that meet (0: every core; 1: the
  // AIV cores, 2: the AIC cores of a launch that runs both).
  int arrived[3] = {0, 0, 0};
  uint64_t generation[3] = {0, 0, 0};
  // Cross-core flag counters: (kind, a, b) -> count.
  std::map<std::tuple<int, int, int>, int64_t> counters;
  // Runners: host threads taking the next unstarted core (`next`) until none
  // is left. A runner holds the Launch through a shared_ptr: one that starts
  // after every core was taken (its thread was slow to be scheduled) only
  // reads `next` and leaves, so run_launch waits for the cores, never for it.
  // `runners` counts those still inside run_cores (under mu).
  std::vector<std::unique_ptr<Core>> cores;
  std::vector<std::unique_ptr<RecordObserver>> records;  // LaunchConfig::record: the stream in memory
  // LaunchConfig::debug: asc-debug's checks report findings (initcheck then no longer faults).
  std::unique_ptr<DebugSession> debug{cfg.debug ? new DebugSession(cfg) : nullptr};
  std::atomic<int> next{0};
  int runners = 0;

  void run_core(int b);
  void run_cores() {
    for (int b; (b = next.fetch_add(1)) < block_dim;) run_core(b);
    std::lock_guard<std::mutex> lk(mu);
    --runners;
    cv.notify_all();
  }
  // One more runner (caller holds mu).
  void add_runner() {
    run_on_runner([self = shared_from_this()] { self->run_cores(); });
    ++runners;
  }

  // `block` < 0: the launch as a whole failed (another rank, Ctrl-C): every
  // core stops, and a fault already found keeps its message.
  void report(const std::string& msg, int block, bool tell_world = true) {
    {
      std::lock_guard<std::mutex> lk(mu);
      if (block < 0) {
        if (first_fault.empty()) first_fault = msg;
        cancel_from.store(0);
      } else if (block < fault_block) {
        first_fault = msg;
        fault_block = block;
        if (block < cancel_from.load()) cancel_from.store(block);
      }
      cv.notify_all();
    }
    if (world && tell_world) world_rank_failed(world, rank, msg);  // outside mu: the world locks before launches
  }

  // The argument an access [a, a + n) belongs to. Arguments may overlap (two
  // views of one array are legal), so an access is in bounds when any argument
  // holds all of it. Otherwise it overruns the argument holding its start that
  // starts last (the view the kernel most likely addressed), and one starting
  // exactly at an array's end belongs to that array (reported as "beyond" it).
  // -1: no argument is near.
  // An access starting in an argument's padding (past its end, within
  // gm_padded_bytes) belongs to that argument when no argument holds its start.
  int find_region(uint64_t a, uint64_t n) const {
    int start_match = -1, end_match = -1;
    for (uint32_t i = 0; i < cfg.num_regions; ++i) {
      const RegionDesc& r = cfg.regions[i];
      if (a >= r.base && a < r.base + r.nbytes) {
        if (a - r.base + n <= r.nbytes) return int(i);
        if (start_match < 0 || r.base > cfg.regions[start_match].base) start_match = int(i);
      }
      if (a >= r.base + r.nbytes && a - r.base < padded(r.nbytes) && end_match < 0) end_match = int(i);
      if (a == r.base + r.nbytes && end_match < 0) end_match = int(i);
    }
    return start_match >= 0 ? start_match : end_match;
  }

  // The padding of argument r (gm_padding.h): zero-filled, made on the first
  // access in this launch, shared by the blocks. Never memory of the process.
  uint8_t* padding(int r) {
    std::lock_guard<std::mutex> lk(pad_mu);
    if (pads.empty()) pads.resize(cfg.num_regions);
    auto& buf = pads[size_t(r)];
    if (!buf) {
      uint64_t n = padded(cfg.regions[r].nbytes) - cfg.regions[r].nbytes;
      buf.reset(new uint8_t[n]());
    }
    return buf.get();
  }
  std::mutex pad_mu;
  std::vector<std::unique_ptr<uint8_t[]>> pads;
  uint64_t padded(uint64_t nbytes) const {
    return gm_padded_bytes(nbytes, (cfg.launch_flags & kLaunchNpuScript) != 0);
  }

  // How messages name the core in slot s: "block N", a mixed launch's AIC cores "block N (AIC)".
  std::string slot_name(int s) const {
    return s >= aiv_run ? strprintf("block %d (AIC)", s - aiv_run) : strprintf("block %d", s);
  }

  // Blocks the calling core until ready() (under mu). Faults on deadlock (every
  // live core is blocked and none can proceed) and on the watchdog timeout.
  void block(Core& c, const char* what, const std::function<bool()>& ready, const char* file, int line) {
    std::unique_lock<std::mutex> lk(mu);
    // This core's thread is about to block: if cores are still unstarted, give
    // them a thread of their own, so no core waits on a core that cannot run.
    if (next.load() < block_dim) add_runner();
    waiting.push_back({c.block_idx(), &ready, what});
    auto leave = [&] {
      waiting.erase(std::find_if(waiting.begin(), waiting.end(),
                                 [&](const Waiter& w) { return w.ready == &ready; }));
    };
    auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(cfg.timeout_s);
    for (;;) {
      if (cancelled()) { leave(); throw Cancelled{}; }
      if (ready()) { leave(); return; }
      if (int(waiting.size()) == live) {
        bool any = false;
        for (const Waiter& w : waiting) any = any || (*w.ready)();
        if (!any) {
          std::string who;
          for (const Waiter& w : waiting) who += strprintf("%s%s in %s", who.empty() ? "" : ", ", slot_name(w.block).c_str(), w.what);
          leave();
          lk.unlock();
          c.fault(file, line, what, "deadlock: every running core is blocked (%s; %d cores already finished)",
                  who.c_str(), exited);
        }
      }
      if (cv.wait_until(lk, deadline) == std::cv_status::timeout && !ready() && !cancelled()) {
        leave();
        lk.unlock();
        c.fault(file, line, what, "watchdog: still waiting after %.1f s", cfg.timeout_s);
      }
    }
  }

  void bump(std::tuple<int, int, int> key, int64_t limit, Core& c, const char* api, const char* file, int line) {
    std::unique_lock<std::mutex> lk(mu);
    int64_t& n = counters[key];
    if (limit > 0 && n >= limit) {
      lk.unlock();
      c.fault(file, line, api, "flag counter overflow: %lld sets are pending without a wait (hardware limit %lld)",
              (long long)n, (long long)limit);
    }
    ++n;
    cv.notify_all();
  }
};

// ---------------------------------------------------------------- Core

Core::Core(Launch* launch, const LaunchConfig& cfg, int block_idx)
    : launch_(launch), block_idx_(block_idx), block_num_(cfg.block_dim),
      core_type_(block_idx >= launch->aiv_run ? 1 : cfg.core_type),
      sub_block_num_(core_type_ == 0 && cfg.sub_block_num > 1 ? cfg.sub_block_num : 1),
      user_block_idx_(block_idx >= launch->aiv_run ? block_idx - launch->aiv_run : block_idx),
      user_block_num_(cfg.sub_block_num > 1 ? cfg.block_dim / cfg.sub_block_num : cfg.block_dim),
      aic_slot_(block_idx >= launch->aiv_run),
      store_(acquire_mem()) {
  for (int m = 0; m < kMemCount; ++m) {
    size_[m] = m == int(Mem::GM) ? 0 : cfg.mem_size[m];
    align_[m] = cfg.mem_align[m] ? cfg.mem_align[m] : 1;
    base_[m] = store_->take(m, size_[m]);
  }
  computes_ = (cfg.launch_flags & kLaunchTimingOnly) == 0;
  npu_script_ = (cfg.launch_flags & kLaunchNpuScript) != 0;
  if (cfg.world) hccl_ctx[0] = static_cast<uint8_t*>(cfg.world);  // a rank's GetHcclContext<0>(): its world
}

Core::~Core() { release_memory(); }

void Core::add_observer(Observer* o) { observers_.push_back(o); }

void Core::release_memory() {
  if (!store_) return;
  for (int m = 0; m < kMemCount; ++m) {
    store_->touched[m] = touched_[m];
    base_[m] = nullptr;
  }
  release_mem(store_);
  store_ = nullptr;
}

void Core::poll(const char* file, int line) {
  if (block_idx_ >= launch_->cancel_from.load(std::memory_order_relaxed)) throw Cancelled{};
  if (interrupt_requested()) {
    launch_->interrupted.store(true);
    launch_->report(strprintf("%s:%d: block %d: interrupted (Ctrl-C)", file ? file : "?", line, block_idx_), -1);
    throw Cancelled{};
  }
  if (launch_->time_limit > 0 && (++polls_ & 255) == 0) {
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - launch_->started).count();
    if (s > launch_->time_limit)
      fault(file, line, "launch", "still running after %.1f s (ASC_MODEL_LAUNCH_TIMEOUT=%g)", s,
            launch_->time_limit);
  }
}

void Core::fault(const char* file, int line, const char* api, const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::string msg = vformat(fmt, ap);
  va_end(ap);
  throw Fault(strprintf("%s:%d: block %d%s: %s: %s", file ? file : "?", line, user_block_idx_,
                        aic_slot_ ? " (AIC)" : "", api, msg.c_str()));
}

uint8_t* Core::check(const TensorRef& t, uint64_t off, uint64_t n, bool write, bool align, const char* api,
                     const char* file, int line, Access* out) {
  const char* rw = write ? "writes" : "reads";
  if (t.mem == Mem::GM) {
    if (t.addr == 0) fault(file, line, api, "%s a GlobalTensor with no buffer (SetGlobalBuffer missing)", rw);
    uint64_t a = t.addr + off;
    int r = launch_->find_region(a, n);
    if (r < 0) {
      // Name the nearest argument to make an off-by-one readable.
      std::string near;
      for (uint32_t i = 0; i < launch_->cfg.num_regions; ++i) {
        const RegionDesc& g = launch_->cfg.regions[i];
        int64_t rel = int64_t(a - g.base);
        if (rel >= -(1 << 20) && rel <= int64_t(g.nbytes) + (1 << 20))
          near = strprintf(" (argument '%s' is %llu bytes; this is byte offset %lld)", g.name,
                           (unsigned long long)g.nbytes, (long long)rel);
      }
      std::string msg = strprintf("%s GM [0x%llx, +%llu) outside every argument array%s", rw, (unsigned long long)a,
                                  (unsigned long long)n, near.c_str());
      if (uint8_t* p = debug_bad_access(*this, "out-of-bounds", t, off, n, write, api, file, line, msg, out)) return p;
      fault(file, line, api, "%s", msg.c_str());
    }
    const RegionDesc& g = launch_->cfg.regions[r];
    uint64_t rel = a - g.base;
    if (rel + n > g.nbytes && rel + n <= launch_->padded(g.nbytes)) {
      // Inside the padding the device's allocation has past the argument's end:
      // as there, the access proceeds (on the padding, never past the user's
      // array); memcheck warns.
      if (debug)
        debug_padding_access(*this, t, off, n, write, api, file, line,
                             strprintf("%s GM %s[%llu, %llu) past the %llu bytes of argument '%s', inside the padding "
                                       "of its device allocation (%llu bytes)", rw, g.name, (unsigned long long)rel,
                                       (unsigned long long)(rel + n), (unsigned long long)g.nbytes, g.name,
                                       (unsigned long long)launch_->padded(g.nbytes)));
      *out = Access{Mem::GM, write, r, rel, n};
      uint8_t* pad = launch_->padding(r);
      if (rel >= g.nbytes) return pad + (rel - g.nbytes);
      uint64_t user_n = g.nbytes - rel;
      Staged st{reinterpret_cast<uint8_t*>(a), user_n, pad, n - user_n, write, std::unique_ptr<uint8_t[]>(new uint8_t[n])};
      std::memcpy(st.buf.get(), st.user, user_n);
      std::memcpy(st.buf.get() + user_n, pad, n - user_n);
      staged_.push_back(std::move(st));
      return staged_.back().buf.get();
    }
    if (rel + n > g.nbytes) {
      std::string msg = strprintf("%s GM %s[%llu, %llu) beyond the %llu bytes of argument '%s'", rw, g.name,
                                  (unsigned long long)rel, (unsigned long long)(rel + n),
                                  (unsigned long long)g.nbytes, g.name);
      if (uint8_t* p = debug_bad_access(*this, "out-of-bounds", t, off, n, write, api, file, line, msg, out)) return p;
      fault(file, line, api, "%s", msg.c_str());
    }
    *out = Access{Mem::GM, write, r, rel, n};
    return reinterpret_cast<uint8_t*>(a);
  }
  int m = int(t.mem);
  uint64_t a = t.addr + off;
  if (a + n > size_[m] || a + n < a) {
    std::string msg = strprintf("%s %s [%llu, %llu) beyond %s size %llu (tensor %s [%llu, %llu))", rw,
                                mem_name(t.mem), (unsigned long long)a, (unsigned long long)(a + n), mem_name(t.mem),
                                (unsigned long long)size_[m], mem_name(t.mem), (unsigned long long)t.addr,
                                (unsigned long long)(t.addr + t.bytes));
    if (uint8_t* p = debug_bad_access(*this, "out-of-bounds", t, off, n, write, api, file, line, msg, out)) return p;
    fault(file, line, api, "%s", msg.c_str());
  }
  // (An NPU script forced onto the Model runs on as the device does: past a local tensor's end
  // is the next bytes of the same memory, checked against the memory's size above.)
  if (off + n > t.bytes && !npu_script_) {
    std::string msg = strprintf("%s %s [%llu, %llu) outside its tensor %s [%llu, %llu)", rw, mem_name(t.mem),
                                (unsigned long long)a, (unsigned long long)(a + n), mem_name(t.mem),
                                (unsigned long long)t.addr, (unsigned long long)(t.addr + t.bytes));
    if (uint8_t* p = debug_bad_access(*this, "out-of-bounds", t, off, n, write, api, file, line, msg, out)) return p;
    fault(file, line, api, "%s", msg.c_str());
  }
  if (align && a % align_[m] != 0) {
    std::string msg = strprintf("%s %s address %llu which is not %u-byte aligned", rw, mem_name(t.mem),
                                (unsigned long long)a, align_[m]);
    if (uint8_t* p = debug_bad_access(*this, "misaligned", t, off, n, write, api, file, line, msg, out)) return p;
    fault(file, line, api, "%s", msg.c_str());
  }
  if (launch_->init_check && !debug) check_initialised(m, a, n, write, api, file, line);
  *out = Access{t.mem, write, -1, a, n};
  if (a + n > touched_[m]) touched_[m] = a + n;
  return base_[m] + a;
}

void Core::end_staged(bool commit) {
  if (commit) {
    for (Staged& st : staged_) {
      if (!st.write) continue;
      std::memcpy(st.user, st.buf.get(), st.user_n);
      std::memcpy(st.pad, st.buf.get() + st.user_n, st.pad_n);
    }
  }
  staged_.clear();
}

// ASC_DEBUG=initcheck: one shadow byte per local-memory byte, set when the
// launch writes it; a read of any byte still clear faults.
void Core::check_initialised(int m, uint64_t a, uint64_t n, bool write, const char* api, const char* file,
                             int line) {
  std::vector<uint8_t>& shadow = written_[m];
  if (shadow.size() != size_[m]) shadow.assign(size_[m], 0);
  if (write) {
    std::memset(shadow.data() + a, 1, n);
    return;
  }
  const void* hole = std::memchr(shadow.data() + a, 0, n);
  if (hole) {
    uint64_t at = uint64_t(static_cast<const uint8_t*>(hole) - shadow.data());
    fault(file, line, api, "reads %s [%llu, %llu), but byte %llu was never written in this launch "
          "(uninitialised memory; ASC_DEBUG=initcheck)", mem_name(Mem(m)), (unsigned long long)a,
          (unsigned long long)(a + n), (unsigned long long)at);
  }
}

void Core::set_flag(int e, int id, const char* file, int line) {
  if (id < 0 || id >= kNumEventIds)
    fault(file, line, "SetFlag", "event id %d out of range 0..%d", id, kNumEventIds - 1);
  if (flags_[e][id] && !(debug && debug->sync_check()))  // synccheck reports it and goes on
    fault(file, line, "SetFlag", "SetFlag<HardEvent::%s>(%d) set twice without a WaitFlag in between",
          event_name(e), id);
  flags_[e][id] = 1;
}

void Core::wait_flag(int e, int id, const char* file, int line) {
  if (id < 0 || id >= kNumEventIds)
    fault(file, line, "WaitFlag", "event id %d out of range 0..%d", id, kNumEventIds - 1);
  if (!flags_[e][id])
    fault(file, line, "WaitFlag",
          "deadlock: WaitFlag<HardEvent::%s>(%d) with no earlier SetFlag; the core would wait forever",
          event_name(e), id);
  flags_[e][id] = 0;
}

void Core::sync_all(bool aiv_only, const char* file, int line) {
  Launch& L = *launch_;
  // SyncAll<true> (the default) meets the cores of the caller's type, SyncAll<false>
  // every core: the same set unless a mixed launch runs its AIC cores too.
  int set = !aiv_only || L.aic_run == 0 ? 0 : core_type_ == 1 ? 2 : 1;
  int need = set == 0 ? L.block_dim : L.cores_of_type(core_type_);  // every core that runs (a subset run has no others)
  uint64_t my_gen;
  {
    std::lock_guard<std::mutex> lk(L.mu);
    my_gen = L.generation[set];
    if (++L.arrived[set] == need) {
      L.arrived[set] = 0;
      ++L.generation[set];
      L.cv.notify_all();
      return;
    }
  }
  std::function<bool()> ready = [&L, set, my_gen] { return L.generation[set] > my_gen; };
  L.block(*this, "SyncAll", ready, file, line);
}

// Without AIC cores in the launch: mode 0 synchronises all cores of the launch
// (the k-th wait on a flag passes once block_num * k sets were made); modes 1
// and 2, which pair cores inside an AIC/AIV group, act as a launch-wide semaphore.
//
// A mixed launch that runs its AIC cores (LaunchConfig::aic_cores) models the
// Atlas A2 flags (the vendor's dav_c220 sync impl: a set sends an FFTS message
// of its mode; a wait, whatever its mode, waits on the core's own flag id and
// takes one): each core has 16 flag counters, and a set delivers to them by mode:
//   0: once every core of the setter's type has set (the k-th time), one to each of them;
//   1: once every AIV core of the setter's group has set, one to each of them;
//   2: from the AIC, one to each AIV core of its group; from the AIV cores, one to
//      their AIC once every AIV core of the group has set.
// Keys of Launch::counters: (10, slot, flag) a core's flag; (11..13, ...) the sets counted.
void Core::cross_set(int mode, int flag, const char* file, int line) {
  if (flag < 0 || flag > 15) fault(file, line, "CrossCoreSetFlag", "flag id %d out of range 0..15", flag);
  Launch& L = *launch_;
  if (L.aic_run == 0) {
    L.bump({1, mode, flag}, mode == 0 ? 0 : 15, *this, "CrossCoreSetFlag", file, line);
    return;
  }
  if (mode < 0 || mode > 2) fault(file, line, "CrossCoreSetFlag", "mode %d: Atlas A2 has modes 0, 1 and 2", mode);
  if (mode == 1 && core_type_ == 1)
    fault(file, line, "CrossCoreSetFlag", "mode 1 synchronises the AIV cores of a group: an AIC core cannot set it");
  const int per = launch_->cfg.sub_block_num > 1 ? launch_->cfg.sub_block_num : 1;
  const int group = core_type_ == 1 ? user_block_idx_ : block_idx_ / per;
  std::vector<int> to;  // the slots that receive one
  {
    std::lock_guard<std::mutex> lk(L.mu);
    auto aivs_of_group = [&] {
      for (int s = group * per; s < std::min((group + 1) * per, L.aiv_run); ++s) to.push_back(s);
    };
    if (mode == 0) {
      int n = L.cores_of_type(core_type_);
      if (++L.counters[std::make_tuple(11, core_type_, flag)] % n == 0)
        for (int s = 0; s < L.block_dim; ++s)
          if ((s >= L.aiv_run) == (core_type_ == 1)) to.push_back(s);
    } else if (mode == 1 || core_type_ == 0) {
      int n = std::min((group + 1) * per, L.aiv_run) - group * per;
      if (++L.counters[std::make_tuple(mode == 1 ? 12 : 13, group, flag)] % n == 0) {
        if (mode == 1) aivs_of_group();
        else if (L.aiv_run + group < L.block_dim) to.push_back(L.aiv_run + group);
      }
    } else {
      aivs_of_group();
    }
  }
  // A flag holds at most 15 pending sets: a delivery to a full one waits until its
  // core has taken one (a deadlock if it never does). The hardware's own behaviour
  // there is not documented; waiting, unlike a fault, does not depend on how far the
  // host threads of the cores happen to have run.
  for (int s : to) {
    auto key = std::make_tuple(10, s, flag);
    for (;;) {
      {
        std::lock_guard<std::mutex> lk(L.mu);
        int64_t& v = L.counters[key];
        if (v < 15) {
          ++v;
          L.cv.notify_all();
          break;
        }
      }
      std::function<bool()> room = [&L, key] { return L.counters[key] < 15; };
      L.block(*this, "CrossCoreSetFlag", room, file, line);
    }
  }
}

void Core::cross_wait(int mode, int flag, const char* file, int line) {
  if (flag < 0 || flag > 15) fault(file, line, "CrossCoreWaitFlag", "flag id %d out of range 0..15", flag);
  Launch& L = *launch_;
  if (L.aic_run > 0) {  // the core's own flag, whatever the mode (see cross_set)
    auto key = std::make_tuple(10, block_idx_, flag);
    std::function<bool()> ready = [&L, key] { return L.counters[key] > 0; };
    L.block(*this, "CrossCoreWaitFlag", ready, file, line);
    std::lock_guard<std::mutex> lk(L.mu);
    --L.counters[key];
    L.cv.notify_all();  // a set waiting for room on this flag may go on
    return;
  }
  auto key = std::make_tuple(1, mode, flag);
  if (mode == 0) {
    int64_t k;
    {
      std::lock_guard<std::mutex> lk(L.mu);
      k = ++L.counters[std::make_tuple(2, flag, block_idx_)];  // this core's waits on the flag
    }
    int64_t need = k * L.block_dim;  // every block that runs
    std::function<bool()> ready = [&L, key, need] { return L.counters[key] >= need; };
    L.block(*this, "CrossCoreWaitFlag", ready, file, line);
    return;
  }
  std::function<bool()> ready = [&L, key] { return L.counters[key] > 0; };
  L.block(*this, "CrossCoreWaitFlag", ready, file, line);
  std::lock_guard<std::mutex> lk(L.mu);
  --L.counters[key];
}

void Core::ib_set(int block, int event, const char* file, int line) {
  if (block < 0 || block >= block_num_) fault(file, line, "IBSet", "blockIdx %d out of range 0..%d", block, block_num_ - 1);
  launch_->bump({3, block, event}, 0, *this, "IBSet", file, line);
}

void Core::ib_wait(int block, int event, const char* file, int line) {
  if (block < 0 || block >= block_num_) fault(file, line, "IBWait", "blockIdx %d out of range 0..%d", block, block_num_ - 1);
  Launch& L = *launch_;
  auto key = std::make_tuple(3, block, event);
  std::function<bool()> ready = [&L, key] { return L.counters[key] > 0; };
  L.block(*this, "IBWait", ready, file, line);
  std::lock_guard<std::mutex> lk(L.mu);
  --L.counters[key];
}

// ---------------------------------------------------------------- launch

void Launch::run_core(int b) {
  try {
    cores[b] = std::make_unique<Core>(this, cfg, b);
    if (cfg.record) {
      records[b] = std::make_unique<RecordObserver>();
      cores[b]->add_observer(records[b].get());
    }
    if (debug) debug->attach(*cores[b]);
    tl_core = cores[b].get();
    TrapFrame trap;
    if (!call_trapped(body, ctx, trap))
      report(strprintf("?:0: block %d: kernel code: %s [%s]", b, trap_what(trap.sig), code_address(trap.pc).c_str()), b);
  } catch (const Fault& f) {
    report(f.what(), b);
  } catch (const Cancelled&) {
  } catch (const std::exception& e) {
    report(strprintf("block %d: internal error: %s", b, e.what()), b);
  } catch (...) {
    report(strprintf("block %d: unknown exception", b), b);
  }
  tl_core = nullptr;
  if (cores[b]) cores[b]->release_memory();
  // Before `exited` counts it: once every core has, run_launch may return and the world be freed.
  if (world) world_core_exit(world, rank, b);
  std::lock_guard<std::mutex> lk(mu);
  --live;
  ++exited;
  cv.notify_all();
}

// ---------------------------------------------------------------- ranks (asc_model/hccl.h)

LaunchView launch_view(Launch* l) {
  std::lock_guard<std::mutex> lk(l->mu);
  LaunchView v{l->live, int(l->waiting.size()), false, {}};
  for (const Launch::Waiter& w : l->waiting) {
    v.any_ready = v.any_ready || (*w.ready)();
    v.what += strprintf("%sblock %d in %s", v.what.empty() ? "" : ", ", w.block, w.what);
  }
  return v;
}

void launch_cancel(Launch* l, const std::string& msg) { l->report(msg, -1, false); }

void launch_before_block(Launch* l) {
  std::lock_guard<std::mutex> lk(l->mu);
  if (l->next.load() < l->block_dim) l->add_runner();
}

World* launch_world(Launch* l, int* rank) {
  *rank = l->rank;
  return l->world;
}

// Runs the block_dim logical cores on the calling thread plus pooled runner
// threads (at most one per host CPU to start with; more join when a core blocks
// in a cross-core wait while cores are still unstarted, see Launch::block).
int run_launch(const LaunchConfig& cfg, void (*body)(void*), void* ctx) {
  auto fail = [&](const std::string& msg) {
    if (cfg.err && cfg.err_len) {
      std::snprintf(cfg.err, cfg.err_len, "%s", msg.c_str());
    }
    return 1;
  };
  if (cfg.block_dim <= 0 || cfg.block_dim > 4096) return fail(strprintf("block_dim %d out of range", cfg.block_dim));
  SigintScope sigint;
  install_trap_handlers();
  auto shared = std::make_shared<Launch>(cfg, body, ctx);
  Launch& launch = *shared;
  if (launch.world) world_attach(launch.world, launch.rank, &launch);
  {
    std::lock_guard<std::mutex> lk(launch.mu);
    launch.runners = 1;  // this thread
    try {
      for (int i = 1; i < std::min(launch.block_dim, host_threads()); ++i) launch.add_runner();
    } catch (const std::exception&) {
      // No thread could be started: this thread runs the cores (a core that
      // then blocks in a cross-core wait reports the failure as a fault).
    }
  }
  launch.run_cores();
  {
    std::unique_lock<std::mutex> lk(launch.mu);
    launch.cv.wait(lk, [&] { return launch.exited == launch.block_dim; });
  }
  if (launch.world) world_detach(launch.world, launch.rank);
  auto& cores = launch.cores;

  std::string out;
  for (int b = 0; b < launch.block_dim; ++b)
    if (cores[b] && !cores[b]->output().empty())
      out += (b >= launch.aiv_run ? strprintf("DumpHead: AIC-%d, block dim=%d\n", b - launch.aiv_run, cfg.block_dim)
                                  : strprintf("DumpHead: AIV-%d, block dim=%d\n", b, cfg.block_dim)) +
             cores[b]->output();
  if (!out.empty()) {
    std::fwrite(out.data(), 1, out.size(), stdout);
    std::fflush(stdout);
  }
  std::string fault = launch.first_fault;
  if (launch.debug) launch.debug->finish(fault.empty());
  if (cfg.record) {
    auto* io = static_cast<RecordIO*>(cfg.record);
    fill_record_io(io);
    io->recording = fault.empty() ? merge_recordings(launch.records) : nullptr;
  }
  cores.clear();  // give the core memories back now, on this thread
  launch.records.clear();
  if (launch.interrupted.load()) {
    fail(fault);
    return 2;  // Python raises KeyboardInterrupt
  }
  if (!fault.empty()) return fail(fault);
  return 0;
}

}  // namespace asc_model
