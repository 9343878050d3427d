// asc-debug's checks in the Model: see debug_check.h for the analysis.
#include "debug_check.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <string>

#include "asc_model/enums.h"
#include "sync_pipes.h"

namespace asc_model {
namespace dbg {
namespace {

constexpr int kPipeOfDebugSlot[kDebugSlots] = {PIPE_S,    PIPE_V,    PIPE_M,   PIPE_MTE1,
                                                PIPE_MTE2, PIPE_MTE3, PIPE_FIX, kPipeHccl};
constexpr int kHcclSlot = kDebugSlots - 1;
constexpr int kAllSlot = kDebugSlots;  // barrier bookkeeping of PIPE_ALL
constexpr uint64_t kLocalCell = 32, kGmCell = 1024;  // (a mark's lo/hi are uint16: cells under 64 KB)
constexpr uint64_t kScratchLimit = 256ull << 20;  // memcheck keep-going: scratch for bad accesses, per core

int slot_of_pipe(int pipe) {
  for (int s = 0; s < kDebugSlots; ++s)
    if (kPipeOfDebugSlot[s] == pipe) return s;
  return 0;  // PIPE_ALL and anything else: the scalar unit
}

// HardEvent "SRC_DST" -> (source slot, destination slot).
bool event_slots(int ev, int* src, int* dst) {
  int s, d;
  if (!hard_event_pipes(ev, &s, &d)) return false;
  *src = slot_of_pipe(s);
  *dst = slot_of_pipe(d);
  return true;
}

// TPosition -> (producer slot, consumer slot) of the flags a TQue implies.
bool queue_slots(int pos, int* prod, int* cons) {
  int p, c;
  if (!queue_pipes(pos, &p, &c)) return false;
  *prod = slot_of_pipe(p);
  *cons = slot_of_pipe(c);
  return true;
}

// A collective the Hccl object prepares (asc_model/api/hccl.h): its GM
// accesses are the communication engine's, finished when Hccl::Wait returns.
bool is_hccl_task(const Event& e) {
  static const char* const tasks[] = {"AllReduce", "AllGather", "ReduceScatter", "AlltoAll"};
  if (e.pipe != PIPE_S || !e.num_accesses || !e.api) return false;
  for (const char* t : tasks)
    if (std::strcmp(e.api, t) == 0) return true;
  return false;
}

enum TokenKind { kFlagToken, kQueueToken, kReleaseToken, kCrossToken };

}  // namespace
}  // namespace dbg

using namespace dbg;

// ---------------------------------------------------------------- per core

DebugCore::DebugCore(DebugSession& session, Core& c) : s(session), core(c), block(c.block_idx()) {
  sites.push_back(DebugSite{"?", 0, "?", PIPE_S});  // site 0: none
}

bool DebugCore::sync_check() const { return s.sync; }

uint32_t DebugCore::site_of(const Event& e, int slot) {
  uint64_t h = uint64_t(reinterpret_cast<uintptr_t>(e.file)) * 1000003u ^ uint64_t(e.line) * 8191u ^
               uint64_t(reinterpret_cast<uintptr_t>(e.api)) ^ uint64_t(slot) << 56;
  auto& cands = site_index[h];
  for (uint32_t i : cands) {
    const DebugSite& x = sites[i];
    if (x.file == e.file && x.line == e.line && x.api == e.api && x.pipe == kPipeOfDebugSlot[slot]) return i;
  }
  sites.push_back(DebugSite{e.file ? e.file : "?", e.line, e.api ? e.api : "?", kPipeOfDebugSlot[slot]});
  cands.push_back(uint32_t(sites.size() - 1));
  return uint32_t(sites.size() - 1);
}

// An instruction issued on `slot`: it starts after everything the scalar unit
// knew complete when it issued it, and after its own pipe's earlier work.
void DebugCore::issue(int q) {
  if (q != 0)
    for (int p = 1; p < kDebugSlots; ++p) vc[q][p] = std::max(vc[q][p], vc[0][p]);
  ++cnt[q];
  vc[q][q] = cnt[q] - 1;
}

DebugCore::Clock DebugCore::token_from(int src) const {
  Clock t;
  for (int p = 0; p < kDebugSlots; ++p) t[p] = std::max(vc[src][p], p ? vc[0][p] : 0u);
  t[src] = cnt[src];  // a flag is raised when every earlier instruction of its pipe is complete
  return t;
}

void DebugCore::join(int q, const Clock& t) {
  for (int p = 0; p < kDebugSlots; ++p) vc[q][p] = std::max(vc[q][p], t[p]);
}

void DebugCore::drain_all() {
  for (int q = 0; q < kDebugSlots; ++q)
    for (int p = 0; p < kDebugSlots; ++p) vc[q][p] = std::max(vc[q][p], cnt[p]);
}

void DebugCore::set_token(int kind, int64_t a, int64_t b, int slot) {
  tokens[std::make_tuple(kind, a, b)].push_back(token_from(slot));
}

void DebugCore::wait_token(int kind, int64_t a, int64_t b, int slot) {
  auto it = tokens.find(std::make_tuple(kind, a, b));
  if (it == tokens.end() || it->second.empty()) return;
  join(slot, it->second.front());
  it->second.pop_front();
}

void DebugCore::add(const char* tool, const char* kind, bool error, uint32_t site_a, uint32_t site_b,
                    const DebugFinding& f) {
  auto key = std::make_tuple(tool, kind, f.mem, site_a, site_b, f.b.operand * 2 + f.b.write);
  auto it = found.find(key);
  if (it != found.end()) {
    ++it->second.count;
    return;
  }
  DebugFinding g = f;
  g.tool = tool;
  g.kind = kind;
  g.error = error;
  found.emplace(key, std::move(g));
}

void DebugCore::check_cell(Cell& c, uint64_t base, uint64_t cell_bytes, const Access& a, int q, uint32_t epoch,
                           uint32_t site) {
  // the access's bytes inside this cell
  const uint16_t lo = uint16_t(std::max(a.offset, base) - base);
  const uint16_t hi = uint16_t(std::min(a.offset + a.bytes, base + cell_bytes) - base);
  auto overlaps = [&](const Mark& m) { return m.epoch && m.lo < hi && lo < m.hi; };
  auto report = [&](const char* kind, const Mark& m, bool m_write) {
    DebugFinding f;
    f.mem = int(a.mem);
    f.offset = base + std::max(lo, m.lo);  // the first conflicting bytes (in the first cell that has some)
    f.size = std::min(hi, m.hi) - std::max(lo, m.lo);
    f.region = a.region;
    f.a = DebugSide{block, &sites[m.site], m_write, m.operand};
    f.b = DebugSide{block, &sites[site], a.write, a.operand};
    for (const auto& r : reported_)  // one count per access, however many cells it spans
      if (r.first == kind && r.second == m.site) return;
    reported_.emplace_back(kind, m.site);
    add("racecheck", kind, true, m.site, site, f);
  };
  if (overlaps(c.w) && !ordered(c.w.slot, c.w.epoch, q)) report(a.write ? "WAW" : "RAW", c.w, true);
  if (a.write)
    for (int p = 0; p < kDebugSlots; ++p)
      if (overlaps(c.r[p]) && !ordered(p, c.r[p].epoch, q)) report("WAR", c.r[p], false);
  Mark m{epoch, site, a.operand, uint8_t(q), lo, hi};
  if (a.write) {
    c.w = m;
    for (auto& r : c.r) r.epoch = 0;
  } else {
    c.r[q] = m;
  }
}

// granule (non-zero): the read of a data move in units of `granule` bytes: a copy to GM
// (DataCopy moves whole 32-byte blocks) or a LoadData from L1 (whole 512-byte
// fractals). A result shorter than a block (a reduction's scalar), or a matrix tail
// that fills part of a fractal, moves with the rest of its unit: unwritten bytes in a
// unit that holds written ones are that padding, not a use (as valgrind does not
// report copying undefined bytes). A unit with no written byte at all is reported.
void DebugCore::init_check(const Access& a, uint32_t site, uint32_t granule) {
  int m = int(a.mem);
  std::vector<uint8_t>& w = written[m];
  uint64_t size = core.mem_size(a.mem);
  if (w.size() != size) w.assign(size, 0);
  if (a.offset + a.bytes > size) return;
  if (a.write) {
    std::memset(w.data() + a.offset, 1, a.bytes);
    return;
  }
  const uint8_t* hole = static_cast<const uint8_t*>(std::memchr(w.data() + a.offset, 0, a.bytes));
  if (hole && granule) {
    const uint64_t end = a.offset + a.bytes;
    hole = nullptr;
    for (uint64_t b = a.offset / granule * granule; b < end && !hole; b += granule) {
      const uint64_t lo = std::max(b, a.offset), hi = std::min(b + granule, end);
      if (!std::memchr(w.data() + lo, 1, hi - lo)) hole = w.data() + lo;  // the whole block unwritten
    }
  }
  if (!hole) return;
  DebugFinding f;
  f.mem = m;
  f.offset = a.offset;
  f.size = a.bytes;
  f.tensor_lo = uint64_t(static_cast<const uint8_t*>(hole) - w.data());  // the first byte never written
  f.b = DebugSide{block, &sites[site], false, a.operand};
  add("initcheck", "uninitialized", true, 0, site, f);
  std::memset(w.data() + a.offset, 1, a.bytes);  // reported once: later reads of these bytes are not new
}

// A call that writes GM writes what it read from local memory (a copy out,
// a Fixpipe): a hash of those bytes, taken before the call runs, tells two
// cores' overlapping writes of the same values from different ones.
uint64_t DebugCore::source_hash(const Event& e) const {
  uint64_t h = 0x9e3779b97f4a7c15ull;
  for (size_t i = 0; i < e.num_accesses; ++i) {
    const Access& a = e.accesses[i];
    if (a.mem == Mem::GM || a.write || !a.bytes || a.offset + a.bytes > core.mem_size(a.mem)) continue;
    const uint8_t* p = core.mem_base(a.mem) + a.offset;
    uint64_t n = a.bytes, k = 0;
    for (; k + 8 <= n; k += 8) {
      uint64_t w;
      std::memcpy(&w, p + k, 8);
      h = (h ^ w) * 0x100000001b3ull;
      h ^= h >> 29;
    }
    for (; k < n; ++k) h = (h ^ p[k]) * 0x100000001b3ull;
  }
  return h | 1;  // never 0 (0: no hash)
}

void DebugCore::access(const Access& a, int q, uint32_t site, bool atomic, uint64_t data, uint32_t granule) {
  if (!a.bytes) return;  // a bad access memcheck already reported
  reported_.clear();
  if (a.mem != Mem::GM && s.init) init_check(a, site, granule);
  if (!s.race && !(s.init && a.mem == Mem::GM)) return;
  const uint32_t epoch = cnt[q];
  if (a.mem == Mem::GM) {
    if (s.race)
      for (uint64_t cidx = a.offset / kGmCell; cidx <= (a.offset + a.bytes - 1) / kGmCell; ++cidx)
        check_cell(gm[uint64_t(a.region) << 40 | cidx], cidx * kGmCell, kGmCell, a, q, epoch, site);
    // the cross-core pass: merged with this site's previous record while contiguous
    uint32_t seg = uint32_t(sync_ops.size());
    auto it = gm_last.find(site);
    if (it != gm_last.end()) {
      GmRec& r = gm_recs[it->second];
      if (r.seg == seg && r.region == a.region && r.write == a.write && r.atomic == atomic && a.offset >= r.lo &&
          a.offset <= r.hi) {
        r.hi = std::max(r.hi, a.offset + a.bytes);
        if (a.write) r.data = (r.data * 0x100000001b3ull) ^ data;
        return;
      }
    }
    gm_recs.push_back(GmRec{a.region, a.offset, a.offset + a.bytes, seg, site, a.write, atomic, a.operand,
                            a.write ? data : 0});
    gm_last[site] = gm_recs.size() - 1;
    return;
  }
  auto& pages = local[int(a.mem)];
  uint64_t size = core.mem_size(a.mem);
  if (pages.empty()) pages.resize(size_t((size + kLocalCell * kCellsPerPage - 1) / (kLocalCell * kCellsPerPage)));
  if (a.offset + a.bytes > size) return;
  for (uint64_t cidx = a.offset / kLocalCell; cidx <= (a.offset + a.bytes - 1) / kLocalCell; ++cidx) {
    auto& page = pages[size_t(cidx / kCellsPerPage)];
    if (!page) page.reset(new Cell[kCellsPerPage]());
    check_cell(page[cidx % kCellsPerPage], cidx * kLocalCell, kLocalCell, a, q, epoch, site);
  }
}

// synccheck: a barrier with no instruction of its pipe since the previous
// barrier on that pipe (or the kernel's start) orders nothing. (One with
// nothing after it is not reported: a last barrier before the kernel's end
// is common and harmless.)
void DebugCore::barrier(int pipe, uint32_t site) {
  int b = pipe == PIPE_ALL ? kAllSlot : slot_of_pipe(pipe);
  uint32_t now = 0;
  if (b == kAllSlot)
    for (int p = 1; p < kDebugSlots; ++p) now += cnt[p];
  else
    now = cnt[b];
  if (s.sync && now == barrier_cnt[b]) {
    DebugFinding f;
    f.b = DebugSide{block, &sites[site], false, 0};
    f.event = pipe;
    add("synccheck", "idle-barrier", false, 0, site, f);
  }
  barrier_cnt[b] = now;
}

void DebugCore::on_event(const Event& e) {
  if (e.api && std::strcmp(e.api, "Hccl::Wait") == 0) vc[0][kHcclSlot] = cnt[kHcclSlot];  // the tasks are done
  const int slot = is_hccl_task(e) ? kHcclSlot : slot_of_pipe(e.pipe);
  const uint32_t site = site_of(e, slot);
  switch (e.kind) {
    case EventKind::Api:
    case EventKind::Print: {
      // printf / DumpTensor wait for every pipe before they read (the vendor's
      // debug prints synchronise themselves): they race with nothing
      if (e.kind == EventKind::Print) drain_all();
      // The unit-flag handshake (MmadParams / FixpipeParamsV220::unitFlag, carried in the
      // event's id): the hardware lets a Fixpipe read an L0C unit once the Mmads before it
      // have written it, and a Mmad overwrite it once the Fixpipes before it have read it
      // out, with no M_FIX / FIX_M flags in the code.
      if (e.kind == EventKind::Api && e.event == -1 && e.id > 0) {
        const int m = slot_of_pipe(PIPE_M), fix = slot_of_pipe(PIPE_FIX);
        if (slot == fix) join(fix, token_from(m));
        else if (slot == m) join(m, token_from(fix));
      }
      issue(slot);
      bool atomic = core.atomic_op != 0;
      uint64_t data = 0;
      if (s.race)
        for (size_t i = 0; i < e.num_accesses && !data; ++i)
          if (e.accesses[i].mem == Mem::GM && e.accesses[i].write && e.accesses[i].bytes) data = source_hash(e);
      // The unit a data move reads in (init_check): a copy to GM whole 32-byte blocks,
      // a load from L1 (MTE1) whole 512-byte fractals; 0: any other read.
      bool to_gm = false;
      for (size_t i = 0; i < e.num_accesses; ++i) to_gm = to_gm || (e.accesses[i].mem == Mem::GM && e.accesses[i].write);
      auto unit_of = [&](const Access& a) -> uint32_t {
        if (a.write) return 0;
        if (to_gm) return 32;
        return e.pipe == PIPE_MTE1 && a.mem == Mem::L1 ? 512 : 0;
      };
      for (size_t i = 0; i < e.num_accesses; ++i)
        access(e.accesses[i], slot, site, atomic && e.accesses[i].write, data, unit_of(e.accesses[i]));
      break;
    }
    case EventKind::SetFlag:
    case EventKind::WaitFlag: {
      int src, dst;
      if (!event_slots(e.event, &src, &dst)) break;
      auto key = std::make_tuple(e.event, e.id);
      auto& p = pending[key];
      if (e.kind == EventKind::SetFlag) {
        if (p.first > 0 && s.sync) {
          DebugFinding f;
          f.a = DebugSide{block, &sites[p.second], false, 0};
          f.b = DebugSide{block, &sites[site], false, 0};
          f.event = e.event;
          f.id = e.id;
          add("synccheck", "duplicate-set", true, p.second, site, f);
        }
        ++p.first;
        p.second = site;
        set_token(kFlagToken, e.event, e.id, src);
      } else {
        if (p.first > 0) --p.first;
        wait_token(kFlagToken, e.event, e.id, dst);
      }
      break;
    }
    case EventKind::Barrier:
      if (e.pipe == PIPE_ALL || std::strcmp(e.api, "PipeBarrier") != 0) drain_all();
      // synccheck's idle barrier: the kernel's own barriers, not those a call implies
      // (WaitPreBlock / NotifyNextBlock open with one in the vendor's implementation)
      if (std::strcmp(e.api, "PipeBarrier") == 0 || std::strcmp(e.api, "DataSyncBarrier") == 0) barrier(e.pipe, site);
      break;
    case EventKind::EnQue:
    case EventKind::DeQue:
    case EventKind::Alloc:
    case EventKind::Free: {
      int64_t buf = e.num_accesses ? int64_t(e.accesses[0].offset) : int64_t(e.id);
      auto qkey = std::make_tuple(int(e.event), buf);
      if (e.kind == EventKind::Alloc)
        live[qkey] = {site, e.num_accesses ? e.accesses[0].bytes : 0};
      else if (e.kind == EventKind::Free)
        live.erase(qkey);
      int prod, cons;
      if (!queue_slots(e.event, &prod, &cons)) break;
      if (e.kind == EventKind::EnQue) set_token(kQueueToken, e.event, buf, prod);
      else if (e.kind == EventKind::DeQue) wait_token(kQueueToken, e.event, buf, cons);
      else if (e.kind == EventKind::Free) {
        set_token(kReleaseToken, e.event, buf, cons);
        freed[qkey] = true;
      } else if (freed[qkey]) {
        wait_token(kReleaseToken, e.event, buf, prod);
      }
      break;
    }
    case EventKind::SyncAll:
      drain_all();
      sync_ops.push_back(SyncOp{0, 0, 0});
      break;
    case EventKind::CrossSet:
      sync_ops.push_back(SyncOp{std::strcmp(e.api, "IBSet") == 0 ? 3 : 1, e.event, e.id});
      // Mode 0 waits for every core of the type, this one included: its k-th wait on the
      // flag comes after its own k-th set, so after the set pipe's earlier work (the
      // vendor's CrossCoreSetFlag<0, PIPE_MTE3> then CrossCoreWaitFlag orders a copy out
      // before a copy back in on the same core).
      if (e.event == 0 && std::strcmp(e.api, "CrossCoreSetFlag") == 0) set_token(kCrossToken, 0, e.id, slot);
      break;
    case EventKind::CrossWait:
      sync_ops.push_back(SyncOp{std::strcmp(e.api, "IBWait") == 0 ? 4 : 2, e.event, e.id});
      if (e.event == 0 && std::strcmp(e.api, "CrossCoreWaitFlag") == 0) wait_token(kCrossToken, 0, e.id, slot);
      break;
    default:
      break;
  }
}

void DebugCore::padding_access(const TensorRef& t, uint64_t off, uint64_t n, bool write, const char* api,
                               const char* file, int line, const std::string& msg) {
  if (!s.mem) return;
  Event e{EventKind::Api, api, core.call_pipe, file, line, block, 0, 0, nullptr, 0, -1, -1};
  uint32_t site = site_of(e, slot_of_pipe(core.call_pipe));
  DebugFinding f;
  f.mem = int(t.mem);
  f.offset = off;
  f.size = n;
  f.tensor_lo = 0;
  f.tensor_hi = t.bytes;
  f.tensor_pos = t.pos;
  f.tensor_type = t.type;
  f.b = DebugSide{block, &sites[site], write, core.operand};
  f.message = msg;
  add("memcheck", "gm-padding", false, 0, site, f);  // a warning: the device allows it
}

uint8_t* DebugCore::bad_access(const char* kind, const TensorRef& t, uint64_t off, uint64_t n, bool write,
                               const char* api, const char* file, int line, const std::string& msg, Access* out) {
  if (!s.mem) return nullptr;
  uint32_t limit = s.cfg.debug ? static_cast<DebugIO*>(s.cfg.debug)->max_errors : 0;
  if (limit && s.bad_accesses.fetch_add(1) >= limit) return nullptr;
  if (n == 0 || n > (16ull << 20) || scratch_bytes + n > kScratchLimit) return nullptr;  // no room to go on
  Event e{EventKind::Api, api, core.call_pipe, file, line, block, 0, 0, nullptr, 0, -1, -1};
  DebugSite* s_ptr = nullptr;
  uint32_t site = site_of(e, slot_of_pipe(core.call_pipe));
  s_ptr = &sites[site];
  DebugFinding f;
  f.mem = int(t.mem);
  f.offset = off;
  f.size = n;
  f.tensor_lo = t.mem == Mem::GM ? 0 : t.addr;
  f.tensor_hi = t.bytes;
  f.tensor_pos = t.pos;
  f.tensor_type = t.type;
  f.b = DebugSide{block, s_ptr, write, core.operand};
  f.message = msg;
  add("memcheck", kind, true, 0, site, f);
  scratch.emplace_back(new uint8_t[n]());
  scratch_bytes += n;
  *out = Access{t.mem, write, -1, 0, 0};  // not a data access: the analyses skip it
  return scratch.back().get();
}

// ---------------------------------------------------------------- session

namespace {
uint32_t session_flags(const LaunchConfig& c) {
  return c.debug_flags | (c.debug ? static_cast<const DebugIO*>(c.debug)->flags : 0u);
}
}  // namespace

DebugSession::DebugSession(const LaunchConfig& c)
    : cfg(c), race(session_flags(c) & kDebugRaceCheck), init(session_flags(c) & kDebugInitCheck),
      sync(session_flags(c) & kDebugSyncCheck), mem(session_flags(c) & kDebugMemCheck), 
      cores(size_t(c.block_dim) + size_t(std::max(c.aic_cores, 0))) {}  // a mixed launch's AIC cores after the AIV

DebugCore* DebugSession::attach(Core& c) {
  auto& slot = cores[size_t(c.block_idx())];
  slot = std::make_unique<DebugCore>(*this, c);
  c.add_observer(slot.get());
  c.debug = slot.get();
  return slot.get();
}

namespace {

// One side's columns (a_* or b_*) of a report line.
void side_text(const DebugSide& s, std::string& out) {
  if (!s.site) {
    out += "-1\t-1\t\t0\t\t0\t0\t";
    return;
  }
  out += strprintf("%d\t%d\t%s\t%d\t%s\t%d\t%d\t", s.block, s.site->pipe, s.site->file, s.site->line, s.site->api,
                   s.write ? 1 : 0, s.operand);
}

std::string clean(const std::string& m) {
  std::string s = m;
  for (char& ch : s)
    if (ch == '\t' || ch == '\n') ch = ' ';
  return s;
}

}  // namespace

void DebugSession::finish(bool ok) {
  std::vector<DebugFinding> all;
  for (auto& c : cores) {
    if (!c) continue;
    c->core.debug = nullptr;
    if (ok && sync) {
      for (auto& [key, p] : c->pending) {
        if (p.first <= 0) continue;
        DebugFinding f;
        f.b = DebugSide{c->block, &c->sites[p.second], false, 0};
        f.event = std::get<0>(key);
        f.id = std::get<1>(key);
        f.count = uint64_t(p.first);
        c->add("synccheck", "unpaired-set", false, 0, p.second, f);
      }
    }
    if (ok && mem)
      for (auto& [key, v] : c->live) {
        DebugFinding f;
        f.b = DebugSide{c->block, &c->sites[v.first], false, 0};
        f.size = v.second;
        f.tensor_pos = std::get<0>(key);
        f.offset = uint64_t(std::get<1>(key));
        c->add("memcheck", "leak", true, 0, v.first, f);
      }
  }
  if (ok && race) cross_core(all);
  if (ok && init) workspace_reads();
  // Merge the cores' findings: one per kind and pair of source places, the
  // first block's details, the count over every block.
  std::map<std::tuple<std::string, std::string, int, const char*, int, int, const char*, int, int, int>, size_t> at;
  std::vector<DebugFinding> merged;
  auto put = [&](const DebugFinding& f) {
    auto side = [](const DebugSide& s) {
      return s.site ? std::make_tuple(s.site->file, s.site->line, s.site->pipe) : std::make_tuple((const char*)"", 0, -1);
    };
    auto [fa, la, pa] = side(f.a);
    auto [fb, lb, pb] = side(f.b);
    auto key = std::make_tuple(std::string(f.tool), std::string(f.kind), f.mem, fa, la, pa, fb, lb, pb,
                               f.b.operand * 2 + f.b.write);
    auto it = at.find(key);
    uint64_t blocks = (f.b.block >= 0 ? 1ull << (f.b.block % 64) : 0) | (f.a.block >= 0 ? 1ull << (f.a.block % 64) : 0);
    if (it != at.end()) {
      merged[it->second].count += f.count;
      merged[it->second].blocks |= blocks;
      return;
    }
    at.emplace(key, merged.size());
    merged.push_back(f);
    merged.back().blocks |= blocks;
  };
  for (auto& c : cores)
    if (c)
      for (auto& [k, f] : c->found) put(f);
  for (auto& f : all) put(f);
  if (!cfg.debug) return;
  std::string out;
  for (const DebugFinding& f : merged) {
    out += strprintf("%s\t%s\t%s\t%llu\t%d\t%llu\t%llu\t", f.tool, f.kind, f.error ? "error" : "warning",
                     (unsigned long long)f.count, f.mem, (unsigned long long)f.offset, (unsigned long long)f.size);
    side_text(f.a, out);
    side_text(f.b, out);
    out += strprintf("%llu\t%llu\t%d\t%s\t%d\t%d\t%d\t%d\t%s\n", (unsigned long long)f.tensor_lo,
                     (unsigned long long)f.tensor_hi, f.tensor_pos, f.tensor_type ? f.tensor_type : "", f.region,
                     f.event, f.id, __builtin_popcountll(f.blocks), clean(f.message).c_str());
  }
  auto* io = static_cast<DebugIO*>(cfg.debug);
  io->report = static_cast<char*>(std::malloc(out.size() + 1));
  if (io->report) {
    std::memcpy(io->report, out.c_str(), out.size() + 1);
    io->report_len = out.size();
  }
  io->free_report = [](char* p) { std::free(p); };
}

// initcheck on workspace GM (a kernel argument whose name holds "workspace"):
// a read of bytes no core wrote in this launch. (Whether a write came before
// the read is racecheck's question.)
void DebugSession::workspace_reads() {
  for (uint32_t r = 0; r < cfg.num_regions; ++r) {
    const char* name = cfg.regions[r].name;
    if (!name || !std::strstr(name, "workspace")) continue;
    std::vector<std::pair<uint64_t, uint64_t>> written;  // merged write ranges of every core
    for (auto& c : cores)
      if (c)
        for (const auto& g : c->gm_recs)
          if (g.region == int32_t(r) && g.write) written.emplace_back(g.lo, g.hi);
    std::sort(written.begin(), written.end());
    std::vector<std::pair<uint64_t, uint64_t>> merged;
    for (auto& w : written) {
      if (!merged.empty() && w.first <= merged.back().second) merged.back().second = std::max(merged.back().second, w.second);
      else merged.push_back(w);
    }
    for (auto& c : cores) {
      if (!c) continue;
      for (const auto& g : c->gm_recs) {
        if (g.region != int32_t(r) || g.write) continue;
        uint64_t at = g.lo;  // the first byte of the read no write covers
        auto it = std::upper_bound(merged.begin(), merged.end(), std::make_pair(at, ~uint64_t(0)));
        if (it != merged.begin() && std::prev(it)->second > at) at = std::prev(it)->second;
        while (it != merged.end() && it->first <= at && at < g.hi) at = std::max(at, (it++)->second);
        if (at >= g.hi) continue;
        DebugFinding f;
        f.mem = int(Mem::GM);
        f.region = int32_t(r);
        f.offset = g.lo;
        f.size = g.hi - g.lo;
        f.tensor_lo = at;
        f.message = strprintf("argument '%s'", name);
        f.b = DebugSide{c->block, &c->sites[g.site], false, g.operand};
        c->add("initcheck", "uninitialized", true, 0, g.site, f);
      }
    }
  }
}

// Across cores: each core's GM records per sync segment; a replay of the
// SyncAll / cross-core flag calls gives each segment a clock over cores
// (clock[c'] = how many of core c''s segments are known complete).
void DebugSession::cross_core(std::vector<DebugFinding>& out) {
  const int n = int(cores.size());
  for (auto& c : cores)
    if (!c) return;  // a core that never ran: no replay
  using VC = std::vector<uint32_t>;
  std::vector<std::vector<VC>> seg(static_cast<size_t>(n));
  std::vector<VC> cur(size_t(n), VC(size_t(n), 0));
  std::vector<size_t> k(size_t(n), 0);
  std::vector<int> syncs_done(size_t(n), 0);
  std::map<std::tuple<int, int, int>, std::vector<VC>> tokens;  // (kind, a, b) -> sets in order
  std::map<std::tuple<int, int, int>, size_t> consumed;
  std::map<std::tuple<int, int>, int64_t> waits_done;  // (core, flag): mode-0 waits passed
  for (int c = 0; c < n; ++c) seg[size_t(c)].push_back(cur[size_t(c)]);
  auto advance = [&](int c) {
    cur[size_t(c)][size_t(c)] = uint32_t(k[size_t(c)] + 1);
    ++k[size_t(c)];
    seg[size_t(c)].push_back(cur[size_t(c)]);
  };
  auto join = [&](VC& a, const VC& b) {
    for (int i = 0; i < n; ++i) a[size_t(i)] = std::max(a[size_t(i)], b[size_t(i)]);
  };
  // A mixed launch that runs its AIC cores: per-core flags, a set delivering by its
  // mode as the runtime does (runtime.cpp Core::cross_set): the token a wait takes
  // is the join of the sets that completed its delivery.
  const bool mixed = cfg.aic_cores > 0;
  const int aiv_n = cfg.block_dim, per = std::max(1, int(cfg.sub_block_num));
  std::map<std::tuple<int, int, int>, std::pair<int, VC>> set_groups;  // (kind, group, flag) -> (sets, join)
  std::map<std::pair<int, int>, std::deque<VC>> own_flags;             // (core, flag) -> delivered tokens
  auto mixed_set = [&](int c, int mode, int flag, const VC& t) {
    const bool aic = c >= aiv_n;
    const int group = aic ? c - aiv_n : c / per;
    std::vector<int> to;
    int need = 1, kind = 0, key_group = group;
    auto aivs = [&] {
      for (int s = group * per; s < std::min((group + 1) * per, aiv_n); ++s) to.push_back(s);
    };
    if (mode == 0) {  // every core of the setter's type, once all have set
      kind = aic ? 1 : 2;
      key_group = 0;
      need = aic ? n - aiv_n : aiv_n;
      for (int s = aic ? aiv_n : 0; s < (aic ? n : aiv_n); ++s) to.push_back(s);
    } else if (aic) {  // mode 2 from the AIC: its group's AIV cores
      kind = 3;
      aivs();
    } else {  // from the AIV cores, once all of the group have set: mode 1 to them, mode 2 to their AIC
      kind = mode == 1 ? 4 : 5;
      need = std::min((group + 1) * per, aiv_n) - group * per;
      if (mode == 1) aivs();
      else if (aiv_n + group < n) to.push_back(aiv_n + group);
    }
    auto& g = set_groups[std::make_tuple(kind, key_group, flag)];
    if (g.second.empty()) g.second.assign(size_t(n), 0);
    join(g.second, t);
    if (++g.first < need) return;
    for (int s : to) own_flags[{s, flag}].push_back(g.second);
    g = {0, VC(size_t(n), 0)};
  };
  for (bool progress = true; progress;) {
    progress = false;
    for (int c = 0; c < n; ++c) {
      auto& ops = cores[size_t(c)]->sync_ops;
      while (k[size_t(c)] < ops.size()) {
        const DebugCore::SyncOp& op = ops[k[size_t(c)]];
        if (mixed && op.kind == 1) {
          VC t = cur[size_t(c)];
          t[size_t(c)] = uint32_t(k[size_t(c)] + 1);
          mixed_set(c, op.a, op.b, t);
          advance(c);
        } else if (mixed && op.kind == 2) {  // the core's own flag, whatever the mode
          auto& q = own_flags[{c, op.b}];
          if (q.empty()) break;
          join(cur[size_t(c)], q.front());
          q.pop_front();
          advance(c);
        } else if (op.kind == 1 || op.kind == 3) {
          VC t = cur[size_t(c)];
          t[size_t(c)] = uint32_t(k[size_t(c)] + 1);
          tokens[std::make_tuple(op.kind, op.a, op.b)].push_back(t);
          advance(c);
        } else if (op.kind == 2 && op.a == 0) {  // mode 0: the k-th wait passes after block_num * k sets
          auto& got = tokens[std::make_tuple(1, 0, op.b)];
          int64_t need = (waits_done[std::make_tuple(c, op.b)] + 1) * n;
          if (int64_t(got.size()) < need) break;
          for (int64_t i = 0; i < need; ++i) join(cur[size_t(c)], got[size_t(i)]);
          ++waits_done[std::make_tuple(c, op.b)];
          advance(c);
        } else if (op.kind == 2 || op.kind == 4) {  // a semaphore: takes one set
          auto key = std::make_tuple(op.kind - 1, op.a, op.b);
          auto& got = tokens[key];
          size_t& used = consumed[key];
          if (used >= got.size()) break;
          join(cur[size_t(c)], got[used++]);
          advance(c);
        } else {  // SyncAll: every core at its same SyncAll
          bool all = true;
          for (int d = 0; d < n && all; ++d) {
            auto& o = cores[size_t(d)]->sync_ops;
            all = k[size_t(d)] < o.size() && o[k[size_t(d)]].kind == 0 && syncs_done[size_t(d)] == syncs_done[size_t(c)];
          }
          if (!all) break;
          VC j(size_t(n), 0);
          for (int d = 0; d < n; ++d) {
            VC t = cur[size_t(d)];
            t[size_t(d)] = uint32_t(k[size_t(d)] + 1);
            join(j, t);
          }
          for (int d = 0; d < n; ++d) {
            cur[size_t(d)] = j;
            ++syncs_done[size_t(d)];
            advance(d);
          }
        }
        progress = true;
      }
    }
  }
  // segments a replay could not reach (it stopped early): only their own core's order
  for (int c = 0; c < n; ++c)
    while (seg[size_t(c)].size() < cores[size_t(c)]->sync_ops.size() + 1) seg[size_t(c)].push_back(cur[size_t(c)]);

  struct Item {
    uint64_t lo, hi;
    int core;
    const DebugCore::GmRec* r;
  };
  std::map<int32_t, std::vector<Item>> by_region;
  for (int c = 0; c < n; ++c)
    for (const auto& r : cores[size_t(c)]->gm_recs) by_region[r.region].push_back(Item{r.lo, r.hi, c, &r});
  auto before = [&](const Item& x, const Item& y) {  // x's segment happens before y's
    return seg[size_t(y.core)][y.r->seg][size_t(x.core)] >= x.r->seg + 1;
  };
  std::map<std::tuple<const char*, const DebugSite*, const DebugSite*>, size_t> seen;
  for (auto& [region, items] : by_region) {
    std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.lo < b.lo; });
    std::vector<const Item*> active;
    for (const Item& x : items) {
      active.erase(std::remove_if(active.begin(), active.end(), [&](const Item* y) { return y->hi <= x.lo; }),
                   active.end());
      for (const Item* y : active) {
        if (y->core == x.core || (!x.r->write && !y->r->write)) continue;
        if (x.r->write && y->r->write && x.r->atomic && y->r->atomic) continue;
        if (before(*y, x) || before(x, *y)) continue;
        // name the writer first for a write/read pair
        const Item* a = y;
        const Item* b = &x;
        const char* kind = "WAW";
        if (!(x.r->write && y->r->write)) {
          const Item* w = x.r->write ? &x : y;
          const Item* r = x.r->write ? y : &x;
          bool raw = w->r->seg <= r->r->seg;
          kind = raw ? "RAW" : "WAR";
          a = raw ? w : r;
          b = raw ? r : w;
        } else if (x.core < y->core) {
          a = &x;
          b = y;
        }
        const DebugSite* sa = &cores[size_t(a->core)]->sites[a->r->site];
        const DebugSite* sb = &cores[size_t(b->core)]->sites[b->r->site];
        DebugFinding f;
        f.tool = "racecheck";
        f.kind = kind;
        if (x.r->write && y->r->write && x.r->data == y->r->data && x.hi - x.lo == y->hi - y->lo) {
          // the same values whichever core writes last: memcheck's warning, not a race on the result
          f.tool = "memcheck";
          f.kind = kind = "overlapping-writes";
          f.error = false;
        }
        f.mem = int(Mem::GM);
        f.region = region;
        f.offset = std::max(a->lo, b->lo);
        f.size = std::min(a->hi, b->hi) - f.offset;
        f.a = DebugSide{a->core, sa, a->r->write, a->r->operand};
        f.b = DebugSide{b->core, sb, b->r->write, b->r->operand};
        f.message = "across cores";
        auto key = std::make_tuple(kind, sa, sb);
        auto it = seen.find(key);
        if (it != seen.end()) {
          ++out[it->second].count;
          out[it->second].blocks |= 1ull << (a->core % 64) | 1ull << (b->core % 64);
          continue;
        }
        seen.emplace(key, out.size());
        out.push_back(f);
      }
      active.push_back(&x);
    }
  }
}

}  // namespace asc_model
