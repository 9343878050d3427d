// asc-debug's checks in the Model (issue 13 §2): racecheck, initcheck,
// synccheck and memcheck's keep-going mode, as one Observer per core plus a
// pass over every core after the launch.
//
// racecheck is a happens-before analysis. Within a core, each pipe (S, V, M,
// MTE1, MTE2, MTE3, FIX) runs its own queue in order, pipes run in parallel
// (hardware.md), so the analysis keeps a vector clock per pipe: vc[q][p] =
// how many of pipe p's instructions are known complete before pipe q's next
// one starts. SetFlag/WaitFlag, the flags TQue EnQue/DeQue/FreeTensor/
// AllocTensor imply, PipeBarrier<PIPE_ALL> and SyncAll move knowledge between
// the clocks; an instruction issued by the scalar unit also starts after
// everything the scalar unit has waited for. Every access is checked against
// the last write and the last read of each pipe of the memory it touches
// (a shadow cell per 32 B of local memory, per 1 KB of GM): an earlier
// access of another pipe the clock does not cover is a hazard (RAW, WAR,
// WAW). Across cores, each core's GM accesses are kept per sync segment
// (between its SyncAll / cross-core flag calls); a replay of those calls gives
// each segment a vector clock over cores, and overlapping accesses of two
// cores (one a write, not both atomic) whose segments are unordered are
// hazards too.
//
// Findings are deduplicated (one per kind and pair of call sites, with a
// count) and handed to Python as text, one finding a line, tab-separated
// (columns: kReportColumns), through LaunchConfig::debug.
#pragma once
#include <array>
#include <atomic>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "asc_model/core.h"
#include "asc_model/instrument.h"
#include "asc_model/platform.h"

namespace asc_model {

// S, V, M, MTE1, MTE2, MTE3, FIX, and the collective engine (Hccl tasks: their
// GM accesses are complete once Hccl::Wait returned to the scalar unit).
constexpr int kDebugSlots = 8;
constexpr int kPipeHccl = 100;  // the report's "pipe" of an Hccl task

struct DebugSite {  // a call site: what the report names
  const char* file;
  int line;
  const char* api;
  int32_t pipe;
};

struct DebugSide {  // one side of a finding
  int block = -1;
  const DebugSite* site = nullptr;
  bool write = false;
  int operand = 0;
};

struct DebugFinding {
  const char* tool;
  const char* kind;
  bool error = true;
  int mem = -1;
  uint64_t offset = 0, size = 0;
  DebugSide a, b;
  uint64_t count = 1;
  uint64_t blocks = 0;  // bit b % 64: seen in block b (the report counts the blocks)
  uint64_t tensor_lo = 0, tensor_hi = 0;
  int32_t tensor_pos = -1;
  const char* tensor_type = nullptr;
  int32_t region = -1, event = -1, id = -1;
  std::string message;
};

class DebugSession;

// One core's analysis state; the core's observer.
struct DebugCore final : Observer {
  DebugCore(DebugSession& s, Core& c);
  void on_event(const Event& e) override;

  // memcheck keep-going: records a bad access and returns a scratch buffer
  // of n bytes the call may use instead (null: report it as a fault).
  void padding_access(const TensorRef& t, uint64_t off, uint64_t n, bool write, const char* api, const char* file,
                      int line, const std::string& msg);
  uint8_t* bad_access(const char* kind, const TensorRef& t, uint64_t off, uint64_t n, bool write,
                      const char* api, const char* file, int line, const std::string& msg, Access* out);
  bool sync_check() const;

  // Shadow cells (racecheck).
  // One access as a cell remembers it: the bytes [lo, hi) of the cell it
  // touched (so that neighbouring tensors inside one cell never collide),
  // 16 bytes: the shadow is walked for every access.
  struct Mark {
    uint32_t epoch = 0;  // 0: none
    uint32_t site = 0;
    uint8_t operand = 0;
    uint8_t slot = 0;  // the writer's pipe slot (the write mark)
    uint16_t lo = 0, hi = 0;
  };
  struct Cell {
    Mark w;
    Mark r[kDebugSlots];
  };
  // GM accesses for the cross-core pass, merged while contiguous.
  struct GmRec {
    int32_t region;
    uint64_t lo, hi;
    uint32_t seg, site;
    bool write, atomic;
    uint8_t operand;
    uint64_t data;  // writes: a hash of the local bytes the calls wrote from (same hash: same values)
  };
  struct SyncOp {
    int kind;  // 0 SyncAll, 1 cross set, 2 cross wait, 3 IBSet, 4 IBWait
    int a, b;
  };
  using Clock = std::array<uint32_t, kDebugSlots>;

  DebugSession& s;
  Core& core;
  int block;
  std::deque<DebugSite> sites;  // (a deque: findings keep pointers to its entries)
  std::unordered_map<uint64_t, std::vector<uint32_t>> site_index;  // hash -> candidates
  uint32_t cnt[kDebugSlots] = {};
  uint32_t vc[kDebugSlots][kDebugSlots] = {};
  std::map<std::tuple<int, int64_t, int64_t>, std::deque<Clock>> tokens;
  std::map<std::tuple<int, int64_t>, bool> freed;                        // (position, buffer) freed once
  std::map<std::tuple<int, int64_t>, std::pair<uint32_t, uint64_t>> live;  // allocated: site, bytes
  std::map<std::tuple<int, int>, std::pair<int, uint32_t>> pending;      // (event, id) -> sets waiting, last set site
  uint32_t barrier_cnt[kDebugSlots + 1] = {};  // per pipe (+ PIPE_ALL): its calls at its last barrier
  // Local memories' cells, in pages of kCellsPerPage allocated on first touch
  // (a launch of many cores touching a little of each memory stays cheap).
  static constexpr uint64_t kCellsPerPage = 128;
  std::vector<std::unique_ptr<Cell[]>> local[kMemCount];
  std::vector<uint8_t> written[kMemCount];
  std::unordered_map<uint64_t, Cell> gm;  // (region << 40 | cell)
  std::vector<GmRec> gm_recs;
  std::unordered_map<uint32_t, size_t> gm_last;  // site -> its latest record
  std::vector<SyncOp> sync_ops;
  std::map<std::tuple<const char*, const char*, int, uint32_t, uint32_t, int>, DebugFinding> found;
  std::vector<std::pair<const char*, uint32_t>> reported_;  // hazards of the access being checked (kind, site)
  std::vector<std::unique_ptr<uint8_t[]>> scratch;
  uint64_t scratch_bytes = 0;

 private:
  uint32_t site_of(const Event& e, int slot);
  void issue(int slot);
  Clock token_from(int slot) const;
  void join(int slot, const Clock& t);
  void drain_all();
  void set_token(int kind, int64_t a, int64_t b, int slot);
  void wait_token(int kind, int64_t a, int64_t b, int slot);
  bool ordered(int p, uint32_t epoch, int q) const { return p == q || vc[q][p] >= epoch; }
  void access(const Access& a, int slot, uint32_t site, bool atomic, uint64_t data, uint32_t granule = 0);
  uint64_t source_hash(const Event& e) const;
  void check_cell(Cell& c, uint64_t base, uint64_t cell_bytes, const Access& a, int slot, uint32_t epoch,
                  uint32_t site);
  void init_check(const Access& a, uint32_t site, uint32_t granule = 0);
  void barrier(int pipe, uint32_t site);
  void add(const char* tool, const char* kind, bool error, uint32_t site_a, uint32_t site_b, const DebugFinding& f);

  friend class DebugSession;
};

class DebugSession {
 public:
  DebugSession(const LaunchConfig& cfg);
  DebugCore* attach(Core& c);
  // After every core ended (ok: no fault): end-of-kernel checks, the
  // cross-core pass, and the report into cfg.debug.
  void finish(bool ok);

  const LaunchConfig& cfg;
  bool race, init, sync, mem;
  std::atomic<uint32_t> bad_accesses{0};
  std::vector<std::unique_ptr<DebugCore>> cores;

 private:
  void cross_core(std::vector<DebugFinding>& out);
  void workspace_reads();
};

// Core::check's hook: a bad access under memcheck keep-going (null: fault).
// Core::check's hook for a GM access inside an argument's padding: memcheck's warning.
inline void debug_padding_access(Core& c, const TensorRef& t, uint64_t off, uint64_t n, bool write, const char* api,
                                 const char* file, int line, const std::string& msg) {
  if (c.debug) c.debug->padding_access(t, off, n, write, api, file, line, msg);
}

inline uint8_t* debug_bad_access(Core& c, const char* kind, const TensorRef& t, uint64_t off, uint64_t n,
                                 bool write, const char* api, const char* file, int line, const std::string& msg,
                                 Access* out) {
  return c.debug ? c.debug->bad_access(kind, t, off, n, write, api, file, line, msg, out) : nullptr;
}

}  // namespace asc_model
