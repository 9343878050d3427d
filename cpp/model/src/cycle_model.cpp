// The cycle model (issue 10 §1): replays the recorded instrumentation stream
// of one launch (every core's events, recorded during the functional run) in
// simulated time.
//
// Semantics of a core (hardware.md "Pipes", "Synchronisation"): the scalar
// unit issues every instruction in program order into its pipe's queue,
// paying an issue cost; each pipe runs its queue in order; pipes run in
// parallel. SetFlag is queued on the source pipe and raises its flag when
// every earlier instruction of that pipe is done; WaitFlag blocks the
// destination pipe's later work until the flag is up. TQue
// EnQue/DeQue/FreeTensor/AllocTensor imply the flags of their position
// (VECIN: MTE2->V, VECOUT: V->MTE3, ...), keyed by the buffer.
// PipeBarrier<PIPE_ALL> and SyncAll stop the scalar unit until the core's
// pipes drain (SyncAll: until every core arrives). Cross-core flags are
// launch-wide counters.
//
// All cores are simulated together by one discrete-event loop, so shared
// resources are shared in simulated time: GM transfers in their data phase
// split the HBM bandwidth (and each core's own GM port) among themselves, and
// an L2 residency tracker decides hits, misses and write-backs in
// simulated-time order. The host's thread scheduling never enters: the same
// stream gives the same times (ties in the event queue are broken by
// insertion order, cores are stepped in block order).
//
// Every cost comes from the platform's parameter file
// (python/asc/runtime/targets, passed in as CycleInput::params in the order of
// kParamNames); nothing here is a cost literal.
#include "cycle_model.h"
#include "l2_residency.h"
#include "sync_pipes.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <array>
#include <deque>
#include <limits>
#include <map>
#include <queue>
#include <set>
#include <string>
#include <unordered_map>

#include "asc_model/enums.h"

namespace asc_model {

// ---------------------------------------------------------------- recording

uint32_t RecordObserver::intern(const char* s) {
  if (!s) s = "";
  auto it = by_ptr_.find(s);
  if (it != by_ptr_.end() && strings[it->second] == s) return it->second;
  auto [t, fresh] = by_text_.emplace(s, uint32_t(strings.size()));
  if (fresh) strings.emplace_back(s);
  by_ptr_[s] = t->second;
  return t->second;
}

void RecordObserver::on_event(const Event& e) {
  EventRec r;
  r.block = e.block;
  r.kind = int32_t(e.kind);
  r.pipe = e.pipe;
  r.line = e.line;
  r.event = e.event;
  r.id = e.id;
  r.api = intern(e.api);
  r.file = intern(e.file);
  r.elems = e.elems;
  r.bytes = e.bytes;
  r.acc_first = accesses.size();
  // An access that continues an earlier one of the same call (same memory,
  // array and direction, starting where it ends) extends it: a LoadData or
  // a strided copy reports one access per fractal or row, and a contiguous
  // run of them is one range to every consumer (bytes, GM bursts), at a
  // fraction of the memory (an 8192^3 matmul records ~10^9 fractals). A GM
  // access of the same size as the previous row, one stride further, joins
  // the row pattern (AccessRec::rows/stride): an Nd2Nz copy's or a gapped
  // DataCopy's GM rows are one record (each row is still its own burst to
  // the cycle model). The run may be any of the call's last kMergeWindow
  // records: an Nd2Nz copy interleaves its GM rows with the NZ column blocks
  // it writes in L1, so each column block is one range too. Only on the
  // data-moving and cube pipes, whose operands are in different memories: a
  // vector instruction's sources may sit back to back in the UB and must stay
  // two operands (bank conflicts, element size).
  constexpr size_t kMergeWindow = 64;
  const bool merge = e.pipe != PIPE_V && e.pipe != PIPE_S;
  for (size_t i = 0; i < e.num_accesses; ++i) {
    const Access& a = e.accesses[i];
    bool joined = false;
    if (merge && a.bytes) {
      const size_t lo = std::max<size_t>(size_t(r.acc_first), accesses.size() > kMergeWindow ? accesses.size() - kMergeWindow : 0);
      for (size_t j = accesses.size(); j > lo && !joined; --j) {
        AccessRec& last = accesses[j - 1];
        if (last.mem != int32_t(a.mem) || last.region != a.region || last.write != (a.write ? 1 : 0)) continue;
        if (last.rows <= 1 && last.offset + last.bytes == a.offset) {
          last.bytes += a.bytes;  // contiguous
          joined = true;
        } else if (a.mem == Mem::GM && last.rows <= 1 && last.bytes == a.bytes && a.offset > last.offset + last.bytes) {
          last.rows = 2;  // a second row: starts a row pattern
          last.stride = a.offset - last.offset;
          last.bytes += a.bytes;
          joined = true;
        } else if (last.rows > 1 && last.bytes / last.rows == a.bytes &&
                   a.offset == last.offset + uint64_t(last.rows) * last.stride) {
          last.rows += 1;  // the next row of the pattern
          last.bytes += a.bytes;
          joined = true;
        }
      }
    }
    // A level-0 vector call's UB range keeps its repeat in `region` (the cycle
    // model's bank model reads each repeat's blocks); the active blocks of one
    // operand in one repeat (block stride != 1, or a mask with gaps: one range
    // per block) join into one range where adjacent, else fold into one row
    // pattern while they are equal and equally spaced.
    int32_t region = a.region;
    if (e.pipe == PIPE_V && a.repeat >= 0 && a.mem != Mem::GM) {
      region = a.repeat;
      if (accesses.size() > r.acc_first && a.bytes) {
        AccessRec& last = accesses.back();
        if (last.mem == int32_t(a.mem) && last.region == region && last.write == (a.write ? 1 : 0)) {
          if (last.rows <= 1 && last.offset + last.bytes == a.offset) {
            last.bytes += a.bytes;  // the next block, adjacent: one range
            joined = true;
          } else if (last.rows <= 1 && last.bytes == a.bytes && a.offset > last.offset + last.bytes) {
            last.rows = 2;
            last.stride = a.offset - last.offset;
            last.bytes += a.bytes;
            joined = true;
          } else if (last.rows > 1 && last.bytes / last.rows == a.bytes &&
                     a.offset == last.offset + uint64_t(last.rows) * last.stride) {
            last.rows += 1;
            last.bytes += a.bytes;
            joined = true;
          }
        }
      }
    }
    if (!joined) accesses.push_back(AccessRec{a.offset, a.bytes, region, int32_t(a.mem), a.write ? 1 : 0, 1, 0});
  }
  r.acc_count = accesses.size() - r.acc_first;
  events.push_back(r);
}

Recording* merge_recordings(const std::vector<std::unique_ptr<RecordObserver>>& cores) {
  auto* out = new Recording;
  std::unordered_map<std::string, uint32_t> table;
  uint32_t nstrings = 0;
  size_t nev = 0, nacc = 0;
  for (auto& c : cores)
    if (c) nev += c->events.size(), nacc += c->accesses.size();
  out->events.reserve(nev);
  out->accesses.reserve(nacc);
  for (auto& c : cores) {
    if (!c) continue;
    std::vector<uint32_t> remap(c->strings.size());
    for (size_t i = 0; i < c->strings.size(); ++i) {
      auto [it, fresh] = table.emplace(c->strings[i], nstrings);
      if (fresh) {
        out->strings += c->strings[i];
        out->strings += '\0';
        ++nstrings;
      }
      remap[i] = it->second;
    }
    uint64_t base = out->accesses.size();
    out->accesses.insert(out->accesses.end(), c->accesses.begin(), c->accesses.end());
    for (EventRec r : c->events) {
      r.api = remap[r.api];
      r.file = remap[r.file];
      r.acc_first += base;
      out->events.push_back(r);
    }
  }
  return out;
}

namespace {

// ---------------------------------------------------------------- parameters

// The parameters the model reads, in CycleInput::params order (Python fills
// the array by these names from params/<platform>.json).
#define ASC_CYCLE_PARAMS(X)                                                                                   \
  X(clock_ghz) X(scalar_issue_cycles) X(scalar_api_cycles) X(queue_api_cycles) X(sync_api_cycles)             \
  X(syncall_cycles) X(vec_bytes_per_repeat) X(vec_repeat_cycles) X(vec_fixed_cycles) X(cube_k_bytes_per_cycle) \
  X(cube_fixed_cycles) X(mte1_l0a_bytes_per_cycle) X(mte1_l0b_bytes_per_cycle) X(mte1_fixed_cycles)            \
  X(fixpipe_bytes_per_cycle) X(local_copy_bytes_per_cycle) X(gm_head_cycles) X(core_gm_read_bytes_per_cycle)  \
  X(core_l2_read_bytes_per_cycle) X(core_l2_write_bytes_per_cycle) X(hbm_bytes_per_s) X(l2_bytes_per_s)       \
  X(l2_bytes) X(l2_granule_bytes) X(burst_overhead_bytes) X(misaligned_gm_efficiency) X(gm_align_bytes)        \
  X(mte_outstanding_transfers) X(ub_bank_width_bytes) X(ub_bank_groups) X(ub_bank_depth_rows)                   \
  X(ub_group_accesses_per_cycle) X(ub_group_writes_per_cycle) X(l2_hit_head_cycles)             \
  X(ub_group_reads_per_cycle) X(l2_fill_bytes_per_s) X(ub_conflict_mte_share) X(mte_row_cycles) \
  X(same_address_bytes_per_cycle) X(matmul_step_scalar_cycles) X(matmul_step_scalar_cycles_constant) \
  X(pipe_queue_depth)

struct Params {
#define ASC_FIELD(n) double n;
  ASC_CYCLE_PARAMS(ASC_FIELD)
#undef ASC_FIELD
};
#define ASC_NAME(n) #n ","
const char kParamNames[] = ASC_CYCLE_PARAMS(ASC_NAME);
#undef ASC_NAME
constexpr uint32_t kNumParams = sizeof(Params) / sizeof(double);

// ---------------------------------------------------------------- the model

enum Op : int { OP, DMA, SET, WAIT, DRAIN, SYNCALL, XSET, XWAIT, MARK, SCALAR };
enum Kind : int {
  kApi, kSetFlag, kWaitFlag, kBarrier, kEnQue, kDeQue, kAlloc, kFree, kCrossSet, kCrossWait, kSyncAll,
  kProfStart, kProfStop, kPrint
};
constexpr int kMemGM = 0, kMemUB = 1, kMemL0A = 3, kMemL0B = 4, kMemL0C = 5;
constexpr int kCacheModeDisable = int(AscendC::CacheMode::CACHE_MODE_DISABLE);
// Pipe slots: S, then the work pipes (V, M, MTE1, MTE2, MTE3, FIX), as the results report them.
constexpr int kSlots = 7;
constexpr int kPipeOfSlot[kSlots] = {PIPE_S, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX};
int slot_of(int pipe) {
  for (int s = 0; s < kSlots; ++s)
    if (kPipeOfSlot[s] == pipe) return s;
  return -1;
}

struct Instr {
  int op;
  int slot;      // pipe slot
  double arg;    // cycles (OP, SCALAR)
  int key;       // SET/WAIT: the core's token key; XSET/XWAIT: the launch's counter; MARK: 0 start / 1 stop
  int64_t ev;    // event index
};

struct Token {
  double t;
  int pipe;  // pipe_t of the setter
  int64_t ev;
};

struct Transfer {
  int core, slot;
  int64_t ev;
  double start;
  uint64_t gm_bytes;
  double remaining, cap, hbm_frac, fill_frac, eff, align_eff, rate;
  bool ub;  // one end in the UB (MTE2 into it, MTE3 out of it)
  uint64_t same_key;  // the GM rows it reads (region, first offset); 0: no read
  double hbm_read, hbm_write, l2_hit;
  uint64_t read, write;
  bool head_done;
};

struct QEntry {
  double t_issue;
  int op;
  double arg;
  int key;
  int64_t ev;
};

struct CoreState {
  size_t pc = 0;
  double scalar = 0.0;
  std::deque<QEntry> queues[kSlots];
  double busy[kSlots] = {};
  std::vector<int> dma[kSlots];  // transfers in flight, in issue order
  double last_end[kSlots] = {};
  bool has_wsince[kSlots] = {};
  double wsince[kSlots] = {};
  std::vector<std::deque<Token>> tokens;
  uint64_t sync_n = 0;
  double busy_out[kSlots] = {};
  std::vector<IntervalRec> scalar_iv;
  bool queue_full = false;  // the scalar found the next instruction's pipe queue full (pipe_queue_depth)
};

struct HeapItem {
  double t;
  uint64_t seq;
  int kind;  // 0 wake, 1 head
  int core;
  int tr;
};
struct HeapLater {
  bool operator()(const HeapItem& a, const HeapItem& b) const {
    return a.t > b.t || (a.t == b.t && a.seq > b.seq);
  }
};

struct SyncState {
  std::map<int, double> arrivals;  // by core slot
  bool released = false;
  double release = 0.0;
};

struct Result {
  double summary[kSummaryCount] = {};
  std::vector<int32_t> blocks;
  std::vector<double> core_end;
  std::vector<double> busy;
  std::vector<SliceRec> slices;
  std::vector<FlowRec> flows;
  std::vector<MarkRec> marks;
  std::vector<SliceRec> waits;
  std::vector<IntervalRec> scalar;
  std::vector<LineRec> lines;
  double breakdown[6] = {};
  std::string error;
  std::vector<double> conflicts;  // per block: bank-group, bank conflict cycles (ResourceConflictRatio.csv)
};

class Model {
 public:
  Model(const CycleInput& in, Result& res) : in_(in), res_(res) {
    std::memcpy(&p_, in.params, sizeof p_);
    const char* s = in.strings;
    for (uint32_t i = 0; i < in.num_strings; ++i) {
      names_.emplace_back(s);
      s += names_.back().size() + 1;
    }
  }

  void run();

 private:
  const EventRec& ev(int64_t i) const { return in_.events[i]; }
  const AccessRec* acc(const EventRec& e) const { return in_.accesses + e.acc_first; }
  const std::string& name(uint32_t i) const { static const std::string none; return i < names_.size() ? names_[i] : none; }

  double vec_cycles(const EventRec& e, double* conflict = nullptr) const;
  double ub_bank_cycles_per_repeat(const EventRec& e, double repeats, double* group_extra, double* bank_extra) const;
  double cube_cycles(const EventRec& e) const;
  double scalar_cycles(const EventRec& e) const;
  bool compile(int slot, const std::vector<int64_t>& idxs);
  int token_key(int core, int kind, int64_t a, int64_t b);
  int cross_key(int kind, int64_t a, int64_t b);
  enum { kFlag, kQueue, kRelease, kIB, kX, kXCore, kXGroup, kUnit };  // kinds of cross keys and token keys
  static constexpr double kNoIssueCost = -1;  // Instr::arg of a SET / WAIT the model inserts: free to issue
  void l2_split(Transfer& tr, const EventRec& e, int mode);
  double efficiency(const EventRec& e) const;
  double align_efficiency(const EventRec& e) const;
  void set_rates(double now);
  void push(double t, int kind, int core, int tr = -1) { heap_.push(HeapItem{t, ++seq_, kind, core, tr}); }
  // One wake-up per core and time (every caller asks for a time after `now`, so the
  // times already passed can be forgotten).
  void wake(int c, double t, double now) {
    auto& w = wakes_[c];
    w.erase(std::remove_if(w.begin(), w.end(), [now](double x) { return x <= now; }), w.end());
    if (std::find(w.begin(), w.end(), t) != w.end()) return;
    w.push_back(t);
    push(t, 0, c);
  }
  void scalar_busy(int c, double start, double cycles) {
    auto& iv = st_[c].scalar_iv;
    if (!iv.empty() && iv.back().end >= start) iv.back().end = start + cycles;
    else iv.push_back(IntervalRec{blocks_[c], 0, start, start + cycles});
  }
  bool drained(const CoreState& s, double now) const {
    for (int q = 1; q < kSlots; ++q)
      if (!s.queues[q].empty() || !s.dma[q].empty() || s.busy[q] > now) return false;
    return true;
  }
  void mark_all_dirty() { for (size_t c = 0; c < dirty_.size(); ++c) dirty_[c] = 1; }
  bool step_core(int c, double now);
  void start_dma(int c, int slot, int64_t i, double now);
  void breakdown();
  void lines();

  const CycleInput& in_;
  Result& res_;
  Params p_;
  std::vector<std::string> names_;
  std::vector<int32_t> blocks_;  // block id of each core slot
  std::vector<std::vector<Instr>> progs_;
  std::vector<std::array<double, 2>> conflicts_;  // per core: bank-group, bank conflict cycles of its V pipe
  std::map<int, std::array<double, kSlots>> aic_busy_;  // mixed kernels: per AIC, until when each pipe is taken
  // ub_bank_cycles_per_repeat's scratch: per bank group reads / writes, rows touched
  mutable std::vector<int> bank_reads_, bank_writes_;
  mutable std::vector<std::pair<uint64_t, int>> bank_rows_;
  mutable std::vector<std::pair<int32_t, uint32_t>> bank_tagged_;  // (repeat, access) of the sampled repeats
  mutable std::vector<uint32_t> bank_plain_;                        // UB accesses without a repeat
  mutable std::vector<uint64_t> bank_read_rows_;                    // rows read in the current repeat
  std::vector<CoreState> st_;
  std::vector<std::map<std::tuple<int, int64_t, int64_t>, int>> token_keys_;
  std::map<std::tuple<int, int64_t, int64_t>, int> cross_keys_;
  std::vector<int64_t> xcount_;
  // A launch that runs its AIC cores (CycleInput::aic_base): a cross-core set counts
  // towards its set group's key, and every `n`-th delivers one to each target core's
  // flag key (the runtime's per-core flags, runtime.cpp Core::cross_set).
  struct XGroup { int n = 0; std::vector<int> targets; };
  std::vector<XGroup> xgroups_;  // by cross key; n == 0: a plain counter
  std::vector<int64_t> xsets_;
  // false: a target flag already holds 15 pending sets, and the set waits (runtime.cpp).
  bool cross_set(int key) {
    const XGroup& g = xgroups_[size_t(key)];  // sized with the keys (cross_key)
    if (g.n == 0) {
      ++xcount_[key];
    } else {
      if ((xsets_[key] + 1) % g.n == 0) {
        for (int t : g.targets)
          if (xcount_[t] >= 15) return false;
        for (int t : g.targets) ++xcount_[t];
      }
      ++xsets_[key];
    }
    mark_all_dirty();
    return true;
  }
  int mixed_cross_set_key(int block, int mode, int id);
  std::map<uint64_t, SyncState> sync_;
  std::vector<Transfer> trs_;
  std::vector<int> active_;
  std::priority_queue<HeapItem, std::vector<HeapItem>, HeapLater> heap_;
  uint64_t seq_ = 0;
  std::vector<char> dirty_;
  std::vector<int> per_core_;  // set_rates: transfers in their data phase per core and direction
  std::unordered_map<uint64_t, int> same_reads_;  // set_rates: transfers reading the same rows
  std::vector<std::vector<double>> wakes_;  // per core: wake-ups pushed for times still ahead
  L2Residency l2_;
  uint64_t l2_granules_ = 1;
  double hbm_bpc_ = 0, l2_bpc_ = 0, fill_bpc_ = 0, hbm_rate_ = 0;
  // per core: the vector instruction with bank conflicts it is running (until
  // ub_win_end_) and the share of the UB copies' rate it takes; per vector
  // event with conflicts: its conflict cycles over its cycles
  std::vector<double> ub_win_end_, ub_win_share_;
  std::unordered_map<int64_t, double> ub_stall_;
};

// ------------------------------------------------------------ programs

// conflict (optional): out, the cycles of this instruction lost to UB
// bank-group [0] and bank [1] conflicts.
double Model::vec_cycles(const EventRec& e, double* conflict) const {
  uint64_t elems = e.elems;
  const AccessRec* a = acc(e);
  uint64_t wsum = 0, nw = 0, maxb = 0;
  for (uint64_t k = 0; k < e.acc_count; ++k) {
    if (a[k].write) wsum += a[k].bytes, ++nw;
    maxb = std::max(maxb, a[k].bytes);
  }
  double esize = 0;
  if (elems && nw) {
    double r = std::nearbyint(double(wsum) / double(elems));  // round half to even, as Python's round()
    esize = nw == 1 ? std::max(1.0, r) : std::max(1.0, std::min(8.0, r));
  }
  double nbytes = double(elems) * (esize != 0 ? esize : 2.0);
  if (!elems) nbytes = double(maxb);  // no element count: charge by the bytes touched
  // Level 0 reports its repeat count (every repeat costs its cycle, however
  // few lanes its mask enables); level 2 is charged by the bytes it covers.
  double repeats = e.id > 0 ? double(e.id) : std::ceil(nbytes / p_.vec_bytes_per_repeat);
  double factor = e.api < names_.size() && in_.api_factor ? in_.api_factor[e.api] : 1.0;
  double group_extra = 0, bank_extra = 0;
  double per_repeat = ub_bank_cycles_per_repeat(e, repeats, &group_extra, &bank_extra);
  if (conflict) {
    conflict[0] = repeats * p_.vec_repeat_cycles * factor * group_extra;
    conflict[1] = repeats * p_.vec_repeat_cycles * factor * bank_extra;
  }
  return p_.vec_fixed_cycles + repeats * p_.vec_repeat_cycles * factor * per_repeat;
}

// UB bank conflicts. The UB is a grid of banks: an address's row of
// ub_bank_width_bytes falls in bank group (addr / width) % groups, and in the
// bank of that group given by addr / (width * groups * depth). Each cycle a
// bank group serves ub_group_accesses_per_cycle rows (reads and writes
// together), at most ub_group_reads_per_cycle of them reads and
// ub_group_writes_per_cycle writes, and one bank cannot be read and written in
// the same cycle (A2, NPU arch 220x: one read and one write a group, so two
// sources in one group take two cycles; a later part's two read ports are
// ub_group_reads_per_cycle = 2). A repeat
// of a vector instruction touches each UB operand's share of that repeat; it
// takes as many cycles as its busiest bank group needs (at least one).
// Level 2 (and level 0 recorded without repeat tags): an operand is taken as
// contiguous, its share of a repeat bytes / repeats, and its layout repeats
// every few repeats, so the first two repeats stand for all of them.
// Level 0: the recorder tags each UB range with its repeat (AccessRec::region),
// so a repeat touches exactly the blocks its strides and mask give each operand
// (block stride != 1 spreads them over groups, the repeat stride places the
// next repeat, masked-off blocks are absent). An operand's groups shift by
// repStride (in blocks) mod `groups` from one repeat to the next, so the whole
// pattern repeats within `groups` repeats: the first min(repeats, groups)
// repeats stand for all. The mean is returned. group_extra / bank_extra: out,
// the mean cycles a repeat spends beyond one because of bank-group capacity,
// and beyond that because a bank is read and written at once.
double Model::ub_bank_cycles_per_repeat(const EventRec& e, double repeats, double* group_extra,
                                        double* bank_extra) const {
  *group_extra = *bank_extra = 0;
  const double width = p_.ub_bank_width_bytes, groups = p_.ub_bank_groups;
  if (width <= 0 || groups <= 0 || repeats < 1) return 1.0;
  const AccessRec* a = acc(e);
  const int ngroups = int(groups);
  const double region = width * groups * p_.ub_bank_depth_rows;  // bytes until the next bank of a group
  // scratch reused across instructions (this runs for every vector instruction)
  std::vector<int>& reads = bank_reads_;
  std::vector<int>& writes = bank_writes_;
  std::vector<std::pair<uint64_t, int>>& banks = bank_rows_;  // (bank, read=0 / write=1) touched in this repeat
  reads.resize(size_t(ngroups));
  writes.resize(size_t(ngroups));
  int32_t tagged_repeats = 0;  // a level-0 call whose UB ranges carry their repeat: how many repeats
  if (e.pipe == PIPE_V)
    for (uint64_t k = 0; k < e.acc_count; ++k)
      if (a[k].mem == kMemUB && a[k].region >= 0) tagged_repeats = std::max(tagged_repeats, a[k].region + 1);
  const bool tagged = tagged_repeats > 0;
  double total = 0;
  const int sampled = tagged ? int(std::min(double(tagged_repeats), groups)) : repeats >= 2 ? 2 : 1;
  const uint64_t w = uint64_t(width);
  // Rows read so far in this repeat: a row several lanes (or operands) read in
  // one repeat is one read of its bank (a block stride of 0, a source given
  // twice), as one bank row is one read however many lanes take its data.
  std::vector<uint64_t>& read_rows = bank_read_rows_;
  auto touch = [&](uint64_t addr, bool write) {
    if (!write) {
      const uint64_t row = addr / w;
      if (std::find(read_rows.begin(), read_rows.end(), row) != read_rows.end()) return;
      read_rows.push_back(row);
    }
    int g = int((addr / w) % uint64_t(ngroups));
    (write ? writes : reads)[g] += 1;
    banks.emplace_back(uint64_t(double(addr) / region) * uint64_t(ngroups) + uint64_t(g), write ? 1 : 0);
  };
  // one pass over the accesses: the sampled repeats' tagged ranges by repeat, and the untagged ones
  std::vector<std::pair<int32_t, uint32_t>>& sel = bank_tagged_;
  std::vector<uint32_t>& plain = bank_plain_;
  sel.clear();
  plain.clear();
  for (uint64_t k = 0; k < e.acc_count; ++k) {
    if (a[k].mem != kMemUB || !a[k].bytes) continue;
    if (tagged && a[k].region >= 0) {
      if (a[k].region < sampled) sel.emplace_back(a[k].region, uint32_t(k));
    } else {
      plain.push_back(uint32_t(k));
    }
  }
  std::sort(sel.begin(), sel.end());
  size_t next = 0;
  for (int r = 0; r < sampled; ++r) {
    std::fill(reads.begin(), reads.end(), 0);
    std::fill(writes.begin(), writes.end(), 0);
    banks.clear();
    read_rows.clear();
    for (; next < sel.size() && sel[next].first == r; ++next) {
      const uint64_t k = sel[next].second;
      // this repeat's blocks of one operand: `rows` ranges `stride` apart, each
      // meeting the groups of the rows of `width` it spans
      const uint64_t nrows = std::max<uint32_t>(1, a[k].rows), rb = a[k].bytes / nrows;
      for (uint64_t i = 0; i < nrows; ++i) {
        const uint64_t s0 = a[k].offset + i * a[k].stride;
        const uint64_t first = s0 / w, last = (s0 + std::max<uint64_t>(rb, 1) - 1) / w;
        const uint64_t n = std::min<uint64_t>(last - first + 1, uint64_t(ngroups));
        for (uint64_t row = 0; row < n; ++row) touch((first + row) * w, a[k].write != 0);
      }
    }
    for (uint32_t k : plain) {
      double share = double(a[k].bytes) / repeats;  // this operand's bytes per repeat
      uint64_t start = a[k].offset + uint64_t(r * share);
      uint64_t rows = std::max<uint64_t>(1, uint64_t(std::ceil(share / width)));
      rows = std::min<uint64_t>(rows, uint64_t(ngroups));  // a contiguous span meets each group once per `groups` rows
      for (uint64_t row = 0; row < rows; ++row) touch(start + row * w, a[k].write != 0);
    }
    double need = 1.0;  // cycles this repeat needs: bank-group capacity, then same-bank read and write
    for (int g = 0; g < ngroups; ++g) {
      need = std::max(need, std::ceil((reads[g] + writes[g]) / std::max(1.0, p_.ub_group_accesses_per_cycle)));
      need = std::max(need, std::ceil(writes[g] / std::max(1.0, p_.ub_group_writes_per_cycle)));
      need = std::max(need, std::ceil(reads[g] / std::max(1.0, p_.ub_group_reads_per_cycle)));
    }
    const double by_group = need;
    // A bank both read and written in the repeat serialises the two.
    std::sort(banks.begin(), banks.end());
    for (size_t i = 0; i < banks.size();) {
      size_t j = i;
      int rd = 0, wr = 0;
      for (; j < banks.size() && banks[j].first == banks[i].first; ++j) (banks[j].second ? wr : rd) += 1;
      if (rd && wr) need = std::max(need, double(rd + wr));
      i = j;
    }
    total += need;
    *group_extra += (by_group - 1.0) / sampled;
    *bank_extra += (need - by_group) / sampled;
  }
  return total / sampled;
}

// A PIPE_S API event's scalar work: a library API's own bookkeeping (EventRec::event
// names whose: abi.h kScalar*), else an API call's (GetValue, SetValue, ...).
double Model::scalar_cycles(const EventRec& e) const {
  switch (e.event) {
    case kScalarMatmulStep: return p_.matmul_step_scalar_cycles;
    case kScalarMatmulStepConstant: return p_.matmul_step_scalar_cycles_constant;
    default: return p_.scalar_api_cycles;
  }
}

double Model::cube_cycles(const EventRec& e) const {
  const AccessRec* x = acc(e);
  uint64_t a = 0, b = 0, c = 0;
  for (uint64_t k = 0; k < e.acc_count; ++k) {
    if (x[k].mem == kMemL0A) a += x[k].bytes;
    if (x[k].mem == kMemL0B) b += x[k].bytes;
    if (x[k].mem == kMemL0C && x[k].write) c += x[k].bytes;
  }
  // Geometry, not costs: L0C holds 4-byte (fp32 / int32) elements; a cycle of
  // the cube makes one 16x16 output tile (256 elements) from
  // cube_k_bytes_per_cycle of K; without L0 accesses, 16x16x16 MACs per cycle.
  if (a && b && c) {
    double mn = double(c) / 4.0;
    double k_bytes = std::sqrt(double(a * b) / mn);
    return p_.cube_fixed_cycles + (mn / 256.0) * (k_bytes / p_.cube_k_bytes_per_cycle);
  }
  return p_.cube_fixed_cycles + double(e.elems) / double(16 * 16 * 16);
}

int Model::token_key(int core, int kind, int64_t a, int64_t b) {
  auto& m = token_keys_[core];
  auto [it, fresh] = m.emplace(std::make_tuple(kind, a, b), int(m.size()));
  if (fresh) st_[core].tokens.emplace_back();
  return it->second;
}

int Model::cross_key(int kind, int64_t a, int64_t b) {
  auto [it, fresh] = cross_keys_.emplace(std::make_tuple(kind, a, b), int(cross_keys_.size()));
  if (fresh) {
    xcount_.push_back(0);
    xsets_.push_back(0);
    xgroups_.emplace_back();
  }
  return it->second;
}

// The set group of a cross-core set in a launch that runs its AIC cores (slots
// aic_base + g), and its targets, as the runtime delivers them: mode 0 to every core
// of the setter's type once all have set, mode 1 to the group's AIV cores once all of
// them have set, mode 2 from the AIC to its AIV cores, from the AIV cores to their
// AIC once all have set.
int Model::mixed_cross_set_key(int block, int mode, int id) {
  const int base = in_.aic_base, per = std::max(1, int(in_.aiv_per_aic));
  const int n_aic = (base + per - 1) / per;
  const bool aic = block >= base;
  const int group = aic ? block - base : block / per;
  auto aivs = [&](int g, std::vector<int>& out) {
    for (int s = g * per; s < std::min((g + 1) * per, base); ++s) out.push_back(cross_key(kXCore, s, id));
  };
  int key;
  XGroup g;
  if (mode == 0) {
    key = cross_key(kXGroup, aic ? -1 : -2, id);
    g.n = aic ? n_aic : base;
    for (int s = aic ? base : 0; s < (aic ? base + n_aic : base); ++s) g.targets.push_back(cross_key(kXCore, s, id));
  } else if (aic) {  // mode 2 from the AIC (mode 1 is the AIV cores': the runtime faults on it)
    key = cross_key(kXGroup, 2 * group + 1, id + 16 * mode);
    g.n = 1;
    aivs(group, g.targets);
  } else {
    key = cross_key(kXGroup, 2 * group, id + 16 * mode);
    g.n = std::min((group + 1) * per, base) - group * per;
    if (mode == 1) aivs(group, g.targets);
    else g.targets.push_back(cross_key(kXCore, base + group, id));
  }
  xgroups_[size_t(key)] = g;
  return key;
}

bool Model::compile(int c, const std::vector<int64_t>& idxs) {
  auto& prog = progs_[c];
  std::set<std::pair<int, int64_t>> freed;
  const int block = blocks_[c];
  auto add = [&](int op, int pipe, double arg, int key, int64_t i) {
    int slot = slot_of(pipe);
    if (slot < 0) {
      res_.error = "cycle model: block " + std::to_string(block) + ": " + name(ev(i).api) + " on pipe " +
                   std::to_string(pipe) + ", which the model has no queue for";
      return false;
    }
    prog.push_back(Instr{op, slot, arg, key, i});
    return true;
  };
  for (int64_t i : idxs) {
    const EventRec& e = ev(i);
    const int kind = e.kind, pipe = e.pipe;
    bool ok = true;
    if (kind == kApi) {
      bool gm = false;
      for (uint64_t k = 0; k < e.acc_count; ++k) gm = gm || acc(e)[k].mem == kMemGM;
      if (pipe == PIPE_FIX && e.id > 0) {
        // A Fixpipe with a unit flag (its id: FixpipeParamsV220::unitFlag) reads L0C
        // only once the Mmads before it have written it: the hardware's unit-flag
        // handshake, in place of the M_FIX flags a kernel without it sets. Modelled
        // per instruction (the hardware hands over per L0C unit): a token the M
        // pipe raises when its earlier work is done, which the FIX pipe waits for.
        // kNoIssueCost: issuing them costs the scalar unit nothing.
        int key = token_key(c, kUnit, 0, 0);
        ok = add(SET, PIPE_M, kNoIssueCost, key, i) && add(WAIT, PIPE_FIX, kNoIssueCost, key, i);
      }
      if (!ok) {  // the unit-flag tokens could not be placed (add reported why)
      } else if (pipe == PIPE_S || pipe == PIPE_ALL) ok = add(SCALAR, PIPE_S, scalar_cycles(e), 0, i);
      else if (gm) ok = add(DMA, pipe, 0, 0, i);
      else if (pipe == PIPE_V) {
        double lost[2] = {0, 0};
        const double cycles = vec_cycles(e, lost);
        ok = add(OP, pipe, cycles, 0, i);
        conflicts_[c][0] += lost[0];
        conflicts_[c][1] += lost[1];
        if (lost[0] + lost[1] > 0 && cycles > 0) ub_stall_[i] = std::min(1.0, (lost[0] + lost[1]) / cycles);
      }
      else if (pipe == PIPE_M) ok = add(OP, pipe, cube_cycles(e), 0, i);
      else if (pipe == PIPE_MTE1) {
        const AccessRec* first_w = nullptr;
        for (uint64_t k = 0; k < e.acc_count && !first_w; ++k)
          if (acc(e)[k].write) first_w = &acc(e)[k];
        double rate = first_w && first_w->mem == kMemL0B ? p_.mte1_l0b_bytes_per_cycle : p_.mte1_l0a_bytes_per_cycle;
        ok = add(OP, pipe, p_.mte1_fixed_cycles + double(e.bytes) / 2.0 / rate, 0, i);
      } else if (pipe == PIPE_MTE2 || pipe == PIPE_MTE3 || pipe == PIPE_FIX) {
        uint64_t nbytes = 0;
        for (uint64_t k = 0; k < e.acc_count; ++k)
          if (acc(e)[k].write) nbytes += acc(e)[k].bytes;
        if (!nbytes) nbytes = e.bytes;
        double rate = pipe == PIPE_FIX ? p_.fixpipe_bytes_per_cycle : p_.local_copy_bytes_per_cycle;
        ok = add(OP, pipe, p_.mte1_fixed_cycles + double(nbytes) / rate, 0, i);
      } else {
        ok = add(SCALAR, PIPE_S, p_.scalar_api_cycles, 0, i);
      }
    } else if (kind == kSetFlag || kind == kWaitFlag) {
      int src, dst;
      if (!hard_event_pipes(e.event, &src, &dst)) {
        res_.error = "cycle model: block " + std::to_string(block) + ": unknown HardEvent " + std::to_string(e.event);
        return false;
      }
      int key = token_key(c, kFlag, e.event, e.id);
      ok = kind == kSetFlag ? add(SET, src, 0, key, i) : add(WAIT, dst, 0, key, i);
    } else if (kind == kBarrier) {
      if (pipe == PIPE_ALL || name(e.api) != "PipeBarrier") ok = add(DRAIN, PIPE_S, 0, 0, i);
      else ok = add(SCALAR, PIPE_S, p_.sync_api_cycles, 0, i);  // pipes run in order: only the issue costs
    } else if (kind == kEnQue || kind == kDeQue || kind == kAlloc || kind == kFree) {
      int64_t buf = e.acc_count ? int64_t(acc(e)[0].offset) : int64_t(e.id);
      ok = add(SCALAR, PIPE_S, p_.queue_api_cycles, 0, i);
      int prod, cons;
      if (ok && queue_pipes(e.event, &prod, &cons)) {
        if (kind == kEnQue) ok = add(SET, prod, 0, token_key(c, kQueue, e.event, buf), i);
        else if (kind == kDeQue) ok = add(WAIT, cons, 0, token_key(c, kQueue, e.event, buf), i);
        else if (kind == kFree) {
          ok = add(SET, cons, 0, token_key(c, kRelease, e.event, buf), i);
          freed.insert({e.event, buf});
        } else if (freed.erase({e.event, buf})) {
          ok = add(WAIT, prod, 0, token_key(c, kRelease, e.event, buf), i);
        }
      }
    } else if (kind == kSyncAll) {
      ok = add(SYNCALL, PIPE_S, 0, 0, i);
    } else if (kind == kCrossSet) {
      int key = name(e.api) == "IBSet"  ? cross_key(kIB, block, e.id)
                : in_.aic_base > 0      ? mixed_cross_set_key(block, e.event, e.id)
                                        : cross_key(kX, e.event, e.id);
      ok = add(XSET, slot_of(pipe) >= 0 ? pipe : PIPE_S, 0, key, i);
    } else if (kind == kCrossWait) {
      int key = name(e.api) == "IBWait" ? cross_key(kIB, e.event, e.id)
                : in_.aic_base > 0      ? cross_key(kXCore, block, e.id)  // the core's own flag, any mode
                                        : cross_key(kX, e.event, e.id);
      ok = add(XWAIT, slot_of(pipe) >= 0 ? pipe : PIPE_S, 0, key, i);
    } else if (kind == kProfStart || kind == kProfStop) {
      ok = add(MARK, PIPE_S, 0, kind == kProfStart ? 0 : 1, i);
    } else {  // print and anything new: scalar work
      ok = add(SCALAR, PIPE_S, p_.scalar_api_cycles, 0, i);
    }
    if (!ok) return false;
  }
  return true;
}

// ------------------------------------------------------------ L2 + HBM

// Hits, misses and write-backs of one transfer, in simulated-time order.
void Model::l2_split(Transfer& tr, const EventRec& e, int mode) {
  const uint64_t g = uint64_t(p_.l2_granule_bytes);
  const double gd = p_.l2_granule_bytes;
  double hit = 0, miss = 0, wb = 0, wr_l2 = 0, wr_hbm = 0;
  const AccessRec* a = acc(e);
  for (uint64_t k = 0; k < e.acc_count; ++k) {
    if (a[k].mem != kMemGM || !a[k].bytes) continue;
    const uint32_t nrows = std::max<uint32_t>(1, a[k].rows);
    const uint64_t row_bytes = a[k].bytes / nrows;
    for (uint32_t row = 0; row < nrows; ++row) {
      const uint64_t off = a[k].offset + uint64_t(row) * a[k].stride;
      uint64_t first = off / g, last = (off + row_bytes - 1) / g;
      uint64_t n = last - first + 1;
      double per = double(row_bytes) / double(n);
      if (a[k].write) {
        const bool allocate = mode != kCacheModeDisable;
        l2_.write(a[k].region, first, last, allocate);
        double& to = allocate ? wr_l2 : wr_hbm;
        for (uint64_t i = 0; i < n; ++i) to += per;  // line by line: the sums are as they were per line
      } else {
        const uint64_t hits = l2_.read(a[k].region, first, last, mode != kCacheModeDisable);
        for (uint64_t i = 0; i < hits; ++i) hit += per;
        for (uint64_t i = hits; i < n; ++i) miss += per;
      }
      wb += gd * double(l2_.evict_to(l2_granules_));
    }
  }
  tr.hbm_read = miss;
  tr.hbm_write = wr_hbm + wb;
  tr.l2_hit = hit;
  // time at full speed of the core's port, per part
  double t = miss / p_.core_gm_read_bytes_per_cycle + hit / p_.core_l2_read_bytes_per_cycle +
             wr_l2 / p_.core_l2_write_bytes_per_cycle + wr_hbm / p_.core_gm_read_bytes_per_cycle;
  double total = hit + miss + wr_l2 + wr_hbm;
  tr.cap = t > 0 ? total / t : p_.core_l2_read_bytes_per_cycle;
  tr.hbm_frac = total != 0 ? (miss + wr_hbm + wb) / total : 0.0;
  // read misses the L2 allocates (not CACHE_MODE_DISABLE) are line fills
  tr.fill_frac = total != 0 && mode != kCacheModeDisable ? miss / total : 0.0;
}

// The share of the port's rate a GM transfer gets. The burst overhead is paid
// once per instruction: efficiency = bytes / (bytes + burst_overhead_bytes);
// the rows of a multi-row copy add their issue cost (start_dma, mte_row_cycles).
double Model::efficiency(const EventRec& e) const {
  const AccessRec* a = acc(e);
  uint64_t n = 0, nbytes = 0;
  for (uint64_t k = 0; k < e.acc_count; ++k) {
    if (a[k].mem != kMemGM) continue;
    ++n;
    nbytes += a[k].bytes;
  }
  if (!n) return 1.0;
  double burst = double(nbytes);
  return burst / (burst + p_.burst_overhead_bytes);
}

// The share of the core's port a transfer keeps for its alignment: a row that
// starts off the gm_align_bytes grid moves at misaligned_gm_efficiency (devkit.md:
// a 32 B-aligned GM address gets about 70% of the bandwidth of a 512 B-aligned
// one), the aligned rows at full rate. It is a cap on the core's port, not a
// cost in HBM bandwidth: where the HBM's share holds a core below it, the
// alignment does not show (the vendor's 48-core adds with 16256- and
// 16512-element tiles, every other copy 256 B off the grid, measured as fast as
// the aligned one). Until this change only a row's first line paid, whatever
// the regime; before issue 23 the whole row paid in every regime.
double Model::align_efficiency(const EventRec& e) const {
  const AccessRec* a = acc(e);
  const uint64_t align = uint64_t(p_.gm_align_bytes);
  double aligned = 0, misaligned = 0;
  for (uint64_t k = 0; k < e.acc_count; ++k) {
    if (a[k].mem != kMemGM || !a[k].bytes) continue;
    const uint32_t nrows = std::max<uint32_t>(1, a[k].rows);
    const double row_bytes = double(a[k].bytes) / double(nrows);
    for (uint32_t row = 0; row < nrows; ++row)
      ((a[k].offset + uint64_t(row) * a[k].stride) % align ? misaligned : aligned) += row_bytes;
  }
  const double t = aligned + misaligned / std::max(1e-9, p_.misaligned_gm_efficiency);
  return t > 0 ? (aligned + misaligned) / t : 1.0;
}

// A core's GM port has a read and a write channel (the platform's separate GM
// read and L2 write rates): the transfers in their data phase share the
// channel of their direction, a copy out does not slow a copy in.
static inline int port_of(int core, const Transfer& t) { return 2 * core + (t.write > t.read ? 1 : 0); }

void Model::set_rates(double now) {
  std::vector<int>& per_core = per_core_;
  for (int t : active_) ++per_core[port_of(trs_[t].core, trs_[t])];
  double hbm = 0, l2 = 0, fill = 0;
  for (int i : active_) {
    Transfer& t = trs_[i];
    t.rate = t.cap * t.eff / per_core[port_of(t.core, t)];
    hbm += t.rate * t.hbm_frac / t.eff;
    fill += t.rate * t.fill_frac / t.eff;
    l2 += t.rate;
  }
  // All cores together: the HBM's bandwidth, the L2's, and the rate at which
  // the L2 takes line fills for the read misses it allocates (below the HBM's:
  // a stream read through the L2 is slower than the same stream bypassing it).
  double s = 1.0;
  if (hbm > hbm_bpc_) s = hbm_bpc_ / hbm;
  if (l2 * s > l2_bpc_) s = l2_bpc_ / l2;
  if (fill * s > fill_bpc_) s = fill_bpc_ / fill;
  // a misaligned transfer's port cap binds only where it is below the share
  for (int i : active_) trs_[i].rate *= std::min(s, trs_[i].align_eff);
  // Cores reading the same rows at once are served one after another (the vendor's
  // matmul README, case 3 against case 2: "multiple accesses to the same address by
  // hardware need to be serialized"): the k transfers reading them share
  // same_address_bytes_per_cycle. Same rows = same region and first offset (the cores
  // of a matmul that share an operand block read it tile by tile, in step).
  if (p_.same_address_bytes_per_cycle > 0) {
    same_reads_.clear();
    for (int i : active_)
      if (trs_[i].same_key) ++same_reads_[trs_[i].same_key];
    for (int i : active_) {
      Transfer& t = trs_[i];
      if (!t.same_key) continue;
      const int k = same_reads_[t.same_key];
      if (k > 1) t.rate = std::min(t.rate, p_.same_address_bytes_per_cycle / k);
    }
  }
  // A vector instruction's bank-conflict cycles hold the UB's bank ports: the
  // copies into and out of that core's UB wait for a share of them. Applied
  // after the shares of the HBM / L2 are set: a core's share is bound by its
  // own requests in flight, so the others do not take up what it loses.
  for (int i : active_) {
    Transfer& t = trs_[i];
    if (t.ub && ub_win_end_[t.core] > now) t.rate *= 1.0 - ub_win_share_[t.core];
  }
  for (int t : active_) per_core[port_of(trs_[t].core, trs_[t])] = 0;
  hbm_rate_ = hbm * s;
  res_.summary[kSumPeakHbm] = std::max(res_.summary[kSumPeakHbm], hbm_rate_);
}

void Model::start_dma(int c, int slot, int64_t i, double now) {
  const EventRec& e = ev(i);
  Transfer tr{};
  tr.core = c;
  tr.slot = slot;
  tr.ev = i;
  tr.start = now;
  const AccessRec* a = acc(e);
  tr.ub = false;
  tr.same_key = 0;
  double rows = 0;  // over the instruction's GM ranges: a strided range times as its rows recorded one by one
  for (uint64_t k = 0; k < e.acc_count; ++k) {
    tr.ub = tr.ub || a[k].mem == kMemUB;
    if (a[k].mem != kMemGM || !a[k].bytes) continue;
    (a[k].write ? tr.write : tr.read) += a[k].bytes;
    rows += double(std::max<uint32_t>(1, a[k].rows));
    if (!a[k].write && !tr.same_key)  // the rows it reads first (set_rates: same_address_bytes_per_cycle)
      tr.same_key = (uint64_t(uint32_t(a[k].region)) << 48 ^ a[k].offset) | (uint64_t(1) << 63);
  }
  tr.gm_bytes = tr.read + tr.write;
  tr.remaining = double(tr.gm_bytes);
  tr.eff = efficiency(e);
  tr.align_eff = align_efficiency(e);
  l2_split(tr, e, e.event > 0 ? e.event : 0);
  // Each row of a multi-row copy after the first (an Nd2Nz copy's rows, a strided
  // DataCopy's blocks) costs the MTE mte_row_cycles at the core besides its bytes: the
  // vendor's matmul ladder moves 128 B rows at 3.6-4.3 cycles a row (aic_mte2_time over
  // its Nd2Nz rows; 1.2 of them the bytes at the L2 port) and 512-614 B rows at 7.2-8.0
  // (4.7-5.6 the bytes): a fixed cost per row, not per byte. The first row's is in the
  // burst overhead, so a one-row copy is as before.
  if (rows > 1 && tr.cap > 0 && p_.mte_row_cycles > 0) {
    const double data = double(tr.gm_bytes) / tr.cap;
    tr.eff *= data / (data + (rows - 1) * p_.mte_row_cycles);
  }
  tr.rate = 0.0;
  res_.summary[kSumGmRead] += double(tr.read);
  res_.summary[kSumGmWrite] += double(tr.write);
  res_.summary[kSumHbmRead] += tr.hbm_read;
  res_.summary[kSumHbmWrite] += tr.hbm_write;
  res_.summary[kSumL2Hit] += tr.l2_hit;
  tr.head_done = false;
  trs_.push_back(tr);
  int id = int(trs_.size()) - 1;
  st_[c].dma[slot].push_back(id);
  // Time to the first byte: a read served entirely from the L2 waits the L2's
  // latency, anything that reaches HBM (or writes) the GM latency.
  const bool l2_only = tr.read && !tr.write && tr.hbm_read == 0;
  push(now + (l2_only ? p_.l2_hit_head_cycles : p_.gm_head_cycles), 1, c, id);
}

// ------------------------------------------------------------ one core

bool Model::step_core(int c, double now) {
  CoreState& s = st_[c];
  const auto& prog = progs_[c];
  const int b = blocks_[c];
  bool moved = false;
  // scalar unit: issue in program order until something blocks it
  while (s.pc < prog.size()) {
    const Instr& in = prog[s.pc];
    const int op = in.op;
    if (op == SCALAR) {
      scalar_busy(c, s.scalar, in.arg);
      res_.slices.push_back(SliceRec{b, PIPE_S, s.scalar, s.scalar + in.arg, in.ev});
      s.scalar += in.arg;
    } else if (op == MARK) {
      res_.marks.push_back(MarkRec{b, in.key, s.scalar});
    } else if (op == DRAIN || op == SYNCALL) {
      if (!drained(s, now)) break;
      if (s.scalar < now) s.scalar = now;
      if (op == SYNCALL) {
        SyncState& arr = sync_[s.sync_n];
        if (!arr.arrivals.count(c)) {
          arr.arrivals[c] = s.scalar;
          if (arr.arrivals.size() == blocks_.size()) {
            double mx = -std::numeric_limits<double>::infinity();
            for (auto& kv : arr.arrivals) mx = std::max(mx, kv.second);
            double release = mx + p_.syncall_cycles;
            for (size_t o = 0; o < blocks_.size(); ++o) push(release, 0, int(o));
            arr.released = true;
            arr.release = release;
          }
        }
        if (!arr.released || arr.release > now) break;
        ++s.sync_n;
        s.scalar = std::max(s.scalar, arr.release);
      } else {
        scalar_busy(c, s.scalar, p_.sync_api_cycles);
        s.scalar += p_.sync_api_cycles;
      }
    } else if (in.slot == 0 && op == WAIT) {
      auto& toks = s.tokens[in.key];
      if (toks.empty()) break;
      if (toks.front().t > now) {
        wake(c, toks.front().t, now);
        break;
      }
      Token tk = toks.front();
      toks.pop_front();
      if (tk.t > s.scalar) res_.waits.push_back(SliceRec{b, PIPE_S, s.scalar, tk.t, in.ev});
      s.scalar = std::max(s.scalar, tk.t);
      res_.flows.push_back(FlowRec{b, tk.pipe, PIPE_S, 0, tk.t, s.scalar, tk.ev, in.ev});
    } else if (in.slot == 0 && op == SET) {
      s.tokens[in.key].push_back(Token{s.scalar, PIPE_S, in.ev});
      scalar_busy(c, s.scalar, p_.sync_api_cycles);
      s.scalar += p_.sync_api_cycles;
    } else if (in.slot == 0 && (op == XSET || op == XWAIT)) {
      if (op == XSET) {
        if (!cross_set(in.key)) break;
      } else if (xcount_[in.key] > 0) {
        if (xcount_[in.key]-- >= 15) mark_all_dirty();  // a set waiting for room may go on
      } else {
        break;
      }
    } else {
      // A pipe's instruction queue holds pipe_queue_depth instructions not yet started:
      // when it is full the scalar unit stalls until the pipe takes one (then it issues
      // at that time, or later by its own clock).
      if (p_.pipe_queue_depth > 0 && double(s.queues[in.slot].size()) >= p_.pipe_queue_depth) {
        s.queue_full = true;
        break;
      }
      if (s.queue_full) {
        s.queue_full = false;
        if (now > s.scalar) {
          res_.waits.push_back(SliceRec{b, PIPE_S, s.scalar, now, in.ev});
          s.scalar = now;
        }
      }
      double cost = (op == SET || op == WAIT) && in.arg == kNoIssueCost ? 0.0
                    : op == SET || op == WAIT                         ? p_.sync_api_cycles
                                                                      : p_.scalar_issue_cycles;
      scalar_busy(c, s.scalar, cost);
      s.scalar += cost;
      s.queues[in.slot].push_back(QEntry{s.scalar, op, in.arg, in.key, in.ev});
    }
    ++s.pc;
    moved = true;
  }
  // pipes: each runs its queue in order
  for (int q = 1; q < kSlots; ++q) {
    auto& queue = s.queues[q];
    auto& inflight = s.dma[q];
    const int pipe = kPipeOfSlot[q];
    while (!queue.empty() && s.busy[q] <= now) {
      const QEntry qe = queue.front();
      if (qe.t_issue > now) {
        wake(c, qe.t_issue, now);
        break;
      }
      if (!inflight.empty() && qe.op != WAIT) {
        // up to mte_outstanding_transfers GM transfers in flight: a transfer's head
        // latency overlaps the heads and data of the ones before it (their data
        // still flow in issue order); anything else waits for the pipe to drain
        if (qe.op != DMA || double(inflight.size()) >= p_.mte_outstanding_transfers)
          break;
      }
      if (qe.op == SET) {
        s.tokens[qe.key].push_back(Token{now, pipe, qe.ev});
      } else if (qe.op == WAIT) {
        auto& toks = s.tokens[qe.key];
        if (toks.empty() || toks.front().t > now) {
          if (!s.has_wsince[q]) s.has_wsince[q] = true, s.wsince[q] = now;
          if (!toks.empty()) wake(c, toks.front().t, now);
          break;
        }
        double since = s.has_wsince[q] ? s.wsince[q] : now;
        s.has_wsince[q] = false;
        if (now > since) res_.waits.push_back(SliceRec{b, pipe, since, now, qe.ev});
        Token tk = toks.front();
        toks.pop_front();
        res_.flows.push_back(FlowRec{b, tk.pipe, pipe, 0, tk.t, now, tk.ev, qe.ev});
      } else if (qe.op == OP) {
        if ((in_.aiv_per_aic > 1 || in_.aic_base > 0) && (pipe == PIPE_M || pipe == PIPE_MTE1)) {
          // A mixed kernel's cube work runs on the AIC its AIV cores share: one
          // instruction at a time per pipe for the whole group (block order breaks ties).
          // The AIC's own block, when it runs (aic_base), is in the group too.
          int group = in_.aic_base > 0 && b >= in_.aic_base ? b - in_.aic_base : b / std::max(1, int(in_.aiv_per_aic));
          double& taken = aic_busy_[group][q];
          if (taken > now) {
            wake(c, taken, now);
            break;
          }
          taken = now + qe.arg;
        }
        s.busy[q] = now + qe.arg;
        if (pipe == PIPE_V && p_.ub_conflict_mte_share > 0) {
          auto it = ub_stall_.find(qe.ev);
          if (it != ub_stall_.end()) {
            ub_win_end_[c] = now + qe.arg;  // the end is pushed below: the rates are set again then
            ub_win_share_[c] = p_.ub_conflict_mte_share * it->second;
          }
        }
        res_.slices.push_back(SliceRec{b, pipe, now, now + qe.arg, qe.ev});
        s.busy_out[q] += qe.arg;
        push(now + qe.arg, 0, c);
      } else if (qe.op == DMA) {
        start_dma(c, q, qe.ev, now);
      } else if (qe.op == XSET) {
        if (!cross_set(qe.key)) break;
      } else if (qe.op == XWAIT) {
        if (xcount_[qe.key] <= 0) break;
        if (xcount_[qe.key]-- >= 15) mark_all_dirty();  // a set waiting for room may go on
      }
      queue.pop_front();
      moved = true;
    }
  }
  return moved;
}

// ------------------------------------------------------------ run

void Model::run() {
  // cores: the blocks that reported events, in block order
  std::map<int32_t, std::vector<int64_t>> by_block;
  for (uint64_t i = 0; i < in_.num_events; ++i) by_block[in_.events[i].block].push_back(int64_t(i));
  for (auto& kv : by_block) blocks_.push_back(kv.first);
  const int n = int(blocks_.size());
  progs_.resize(n);
  conflicts_.assign(size_t(n), {0.0, 0.0});
  st_.resize(n);
  token_keys_.resize(n);
  {
    int c = 0;
    for (auto& kv : by_block)
      if (!compile(c++, kv.second)) return;
  }
  const double clock_hz = p_.clock_ghz * 1e9;
  hbm_bpc_ = p_.hbm_bytes_per_s / clock_hz;
  l2_bpc_ = p_.l2_bytes_per_s / clock_hz;
  fill_bpc_ = p_.l2_fill_bytes_per_s > 0 ? p_.l2_fill_bytes_per_s / clock_hz : hbm_bpc_;
  l2_granules_ = std::max<uint64_t>(1, uint64_t(std::floor(p_.l2_bytes / p_.l2_granule_bytes)));
  dirty_.assign(n, 1);
  per_core_.assign(2 * size_t(n), 0);  // a read and a write channel per core
  ub_win_end_.assign(n, -1.0);
  ub_win_share_.assign(n, 0.0);
  wakes_.resize(n);
  size_t ninstr = 0;
  for (auto& prog : progs_) ninstr += prog.size();
  res_.slices.reserve(ninstr);
  double now = 0.0;
  std::vector<int> order;
  std::vector<int> done, keep;
  for (;;) {
    // settle: run every dirty core's scalar unit and pipes until nothing moves
    for (;;) {
      order.clear();
      for (int c = 0; c < n; ++c)
        if (dirty_[c]) order.push_back(c);
      if (order.empty()) break;
      for (int c : order) {
        dirty_[c] = 0;
        if (step_core(c, now)) dirty_[c] = 1;
      }
    }
    if (!active_.empty()) set_rates(now);
    double t_dma = std::numeric_limits<double>::infinity();
    // (a transfer of 0 bytes, e.g. a DataCopy of count 0, is done at once: 0 / its rate of 0 would be NaN)
    for (int i : active_)
      t_dma = std::min(t_dma, now + (trs_[i].remaining > 0 ? trs_[i].remaining / trs_[i].rate : 0.0));
    double t_heap = heap_.empty() ? std::numeric_limits<double>::infinity() : heap_.top().t;
    double t = std::min(t_dma, t_heap);
    if (t == std::numeric_limits<double>::infinity()) break;
    double dt = t - now;
    for (int i : active_) trs_[i].remaining -= trs_[i].rate * dt;
    now = t;
    done.clear();
    for (int i : active_)
      if (trs_[i].remaining <= 1e-6 * std::max(1.0, double(trs_[i].gm_bytes))) done.push_back(i);
    if (!done.empty()) {
      keep.clear();
      for (int i : active_)
        if (std::find(done.begin(), done.end(), i) == done.end()) keep.push_back(i);
      active_.swap(keep);
      for (int i : done) {
        Transfer& tr = trs_[i];
        CoreState& s = st_[tr.core];
        auto& fl = s.dma[tr.slot];
        fl.erase(std::find(fl.begin(), fl.end(), i));
        s.busy[tr.slot] = now;
        double start = std::max(tr.start, s.last_end[tr.slot]);
        s.last_end[tr.slot] = now;
        res_.slices.push_back(SliceRec{blocks_[tr.core], kPipeOfSlot[tr.slot], start, now, tr.ev});
        s.busy_out[tr.slot] += now - start;
        if (!fl.empty() && trs_[fl.front()].head_done) active_.push_back(fl.front());  // its data may flow
        dirty_[tr.core] = 1;
      }
    }
    while (!heap_.empty() && heap_.top().t <= now) {
      HeapItem h = heap_.top();
      heap_.pop();
      if (h.kind == 1) {
        Transfer& tr = trs_[h.tr];
        tr.head_done = true;
        if (st_[h.core].dma[tr.slot].front() == h.tr) active_.push_back(h.tr);
      }
      dirty_[h.core] = 1;
    }
  }
  // every core must have finished its program and its pipes
  uint64_t instructions = 0;
  for (int c = 0; c < n; ++c) {
    CoreState& s = st_[c];
    bool pending = s.pc < progs_[c].size();
    for (int q = 1; q < kSlots; ++q) pending = pending || !s.queues[q].empty();
    if (pending) {
      const EventRec& e = ev(progs_[c][std::min(s.pc, progs_[c].size() - 1)].ev);
      res_.error = "cycle model: block " + std::to_string(blocks_[c]) + " cannot proceed at " + name(e.file) + ":" +
                   std::to_string(e.line) + " (" + name(e.api) + "); the stream's synchronisation has no schedule";
      return;
    }
    double end = s.scalar;
    for (int q = 1; q < kSlots; ++q) end = std::max(end, s.busy[q]);
    res_.blocks.push_back(blocks_[c]);
    res_.core_end.push_back(end);
    double sc = 0;
    for (auto& iv : s.scalar_iv) sc += iv.end - iv.start;
    s.busy_out[0] = sc;
    for (int q = 0; q < kSlots; ++q) res_.busy.push_back(s.busy_out[q]);
    res_.conflicts.push_back(conflicts_[c][0]);
    res_.conflicts.push_back(conflicts_[c][1]);
    res_.scalar.insert(res_.scalar.end(), s.scalar_iv.begin(), s.scalar_iv.end());
    instructions += progs_[c].size();
  }
  double cycles = 0.0;
  for (double e : res_.core_end) cycles = std::max(cycles, e);
  res_.summary[kSumCycles] = cycles;
  res_.summary[kSumInstructions] = double(instructions);
  breakdown();
  lines();
}

// Share of the critical (first last-finishing) core's time per category: a
// moment goes to the first category whose pipe is busy (MTE2 hbm_read, MTE3
// and FIX hbm_write, M and MTE1 compute_cube, V compute_vector, S scalar),
// else to sync_wait.
void Model::breakdown() {
  enum { kCube, kVector, kHbmRead, kHbmWrite, kSyncWait, kScalar };
  double* out = res_.breakdown;
  if (res_.core_end.empty()) return;
  size_t crit = 0;
  for (size_t c = 1; c < res_.core_end.size(); ++c)
    if (res_.core_end[c] > res_.core_end[crit]) crit = c;
  const double end = res_.core_end[crit];
  const int32_t cb = res_.blocks[crit];
  if (end <= 0) {
    out[kScalar] = 1.0;
    return;
  }
  struct Pt { double t; int d; int slot; };
  std::vector<Pt> pts;
  for (const SliceRec& s : res_.slices)
    if (s.core == cb && s.pipe != PIPE_S && s.end > s.start) {
      pts.push_back(Pt{s.start, 1, slot_of(s.pipe)});
      pts.push_back(Pt{s.end, -1, slot_of(s.pipe)});
    }
  for (const IntervalRec& iv : st_[crit].scalar_iv)
    if (iv.end > iv.start) {
      pts.push_back(Pt{iv.start, 1, 0});
      pts.push_back(Pt{iv.end, -1, 0});
    }
  std::stable_sort(pts.begin(), pts.end(), [](const Pt& a, const Pt& b) { return a.t < b.t || (a.t == b.t && a.d < b.d); });
  static const std::pair<int, int> kPriority[] = {{4, kHbmRead}, {5, kHbmWrite}, {6, kHbmWrite}, {2, kCube},
                                                  {3, kCube},    {1, kVector},   {0, kScalar}};
  int active[kSlots] = {};
  double t_prev = 0.0;
  for (const Pt& p : pts) {
    if (p.t > t_prev) {
      int cat = kSyncWait;
      for (auto& pc : kPriority)
        if (active[pc.first] > 0) { cat = pc.second; break; }
      out[cat] += p.t - t_prev;
      t_prev = p.t;
    }
    active[p.slot] += p.d;
  }
  if (end > t_prev) out[kSyncWait] += end - t_prev;
  double total = 0;
  for (int k = 0; k < 6; ++k) total += out[k];
  for (int k = 0; k < 6; ++k) out[k] /= total;
}

// Cycles (over every core and pipe, in slice order) and calls per file:line.
void Model::lines() {
  std::unordered_map<uint64_t, uint32_t> ids;
  std::vector<uint32_t> of_event(in_.num_events);
  for (uint64_t i = 0; i < in_.num_events; ++i) {
    const EventRec& e = in_.events[i];
    auto [it, fresh] = ids.emplace(uint64_t(e.file) << 32 | uint32_t(e.line), uint32_t(res_.lines.size()));
    if (fresh) res_.lines.push_back(LineRec{e.file, e.line, 0.0, 0});
    of_event[i] = it->second;
    res_.lines[it->second].calls += 1;
  }
  for (const SliceRec& s : res_.slices) res_.lines[of_event[size_t(s.ev)]].cycles += s.end - s.start;
}

// ------------------------------------------------------------ C ABI

uint64_t recording_buffer(void* rec, int which, const void** data) {
  auto* r = static_cast<Recording*>(rec);
  switch (which) {
    case 0: *data = r->events.data(); return r->events.size();
    case 1: *data = r->accesses.data(); return r->accesses.size();
    case 2: *data = r->strings.data(); return r->strings.size();
    default: *data = nullptr; return 0;
  }
}

void free_recording(void* rec) { delete static_cast<Recording*>(rec); }

int run_model(const CycleInput* in, void** out) {
  auto* res = new Result;
  *out = res;
  if (in->num_params != kNumParams) {
    res->error = "cycle model: expected " + std::to_string(kNumParams) + " parameters, got " +
                 std::to_string(in->num_params);
    return 1;
  }
  try {
    Model m(*in, *res);
    m.run();
  } catch (const std::exception& e) {
    res->error = std::string("cycle model: internal error: ") + e.what();
  }
  return res->error.empty() ? 0 : 1;
}

template <class T>
uint64_t view(const std::vector<T>& v, const void** data) {
  *data = v.data();
  return v.size();
}

uint64_t result_buffer(void* p, int which, const void** data) {
  auto* r = static_cast<Result*>(p);
  switch (which) {
    case kResSummary: *data = r->summary; return kSummaryCount;
    case kResBlocks: return view(r->blocks, data);
    case kResCoreEnd: return view(r->core_end, data);
    case kResBusy: return view(r->busy, data);
    case kResSlices: return view(r->slices, data);
    case kResFlows: return view(r->flows, data);
    case kResMarks: return view(r->marks, data);
    case kResWaits: return view(r->waits, data);
    case kResScalar: return view(r->scalar, data);
    case kResLines: return view(r->lines, data);
    case kResBreakdown: *data = r->breakdown; return 6;
    case kResError: *data = r->error.data(); return r->error.size();
    case kResConflicts: return view(r->conflicts, data);
    default: *data = nullptr; return 0;
  }
}

void free_result(void* p) { delete static_cast<Result*>(p); }

}  // namespace

void fill_record_io(RecordIO* io) {
  io->recording_buffer = &recording_buffer;
  io->free_recording = &free_recording;
  io->param_names = kParamNames;
  io->run = &run_model;
  io->result_buffer = &result_buffer;
  io->free_result = &free_result;
  io->sizes = uint64_t(sizeof(EventRec)) | uint64_t(sizeof(AccessRec)) << 16 | uint64_t(sizeof(SliceRec)) << 32 |
              uint64_t(sizeof(FlowRec)) << 48;
}

}  // namespace asc_model
