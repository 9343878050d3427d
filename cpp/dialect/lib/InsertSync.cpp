//===- InsertSync.cpp - automatic set_flag / wait_flag insertion ----------===//
//
// The ascendc-insert-sync pass (Passes.td; the algorithm, its event id
// allocation and its limits are described in docs/auto-sync.md):
//
//  1. every Ascend C call is reduced to its memory accesses: a pipe, a region
//     (memory, root buffer, byte interval) and read or write;
//  2. a forward walk of each function keeps, per (producer pipe, consumer
//     pipe), the accesses not yet ordered before the consumer; an access that
//     conflicts with one of them decides one synchronisation (its placement
//     follows from where the producer sits relative to the consumer); loops
//     are walked to a fixed point, so dependencies around the back edge are
//     found too;
//  3. event ids are given per HardEvent from the live ranges of the pairs,
//     then the set_flag / wait_flag ops are created.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/AscendC/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"

#include <limits>
#include <map>
#include <optional>
#include <set>

namespace mlir::ascendc {
#define GEN_PASS_DEF_ASCENDCINSERTSYNC
#include "asc/Dialect/AscendC/Transforms/Passes.h.inc"
} // namespace mlir::ascendc

using namespace mlir;
using namespace mlir::ascendc;

namespace {

constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max();
constexpr int kNumEventIds = 8;  // event ids 0..7 per HardEvent (A2/A3)

//===----------------------------------------------------------------------===//
// Memory regions: which bytes an access touches
//===----------------------------------------------------------------------===//

/// Memories, as Hardware numbers them; GM accesses are tracked per kernel
/// argument, local ones per buffer.
enum Space : int { kGM = 0, kUB = 1, kL1 = 2, kL0A = 3, kL0B = 4, kL0C = 5, kBias = 6, kFixBuf = 7 };

struct MemRegion {
  int space = kUB;
  /// The buffer the bytes belong to: a kernel's GM argument, a TBuf, or null
  /// for a tensor placed at an explicit address of its memory.
  const void *root = nullptr;
  /// A tensor received as function argument `argNo` (resolved at the call).
  int argNo = -1;
  int64_t lo = 0, hi = kUnbounded;  // byte interval (in the memory, or in the root)
  bool queued = false;  // from a TQue: its EnQue / DeQue synchronise it
};

bool mayAlias(const MemRegion &a, const MemRegion &b) {
  if (a.queued || b.queued) return false;
  if (a.argNo >= 0 || b.argNo >= 0) {
    // Tensors received as arguments may be any tensor of the caller.
    if (a.argNo >= 0 && b.argNo >= 0 && a.argNo != b.argNo) return a.space == b.space;
    if (a.argNo != b.argNo) return a.space == b.space;
  } else if (a.root != b.root) {
    return false;  // distinct GM arguments / TBufs / explicit and pipe-managed buffers
  }
  if (a.space != b.space) return false;
  return a.lo < b.hi && b.lo < a.hi;
}

int spaceOfPosition(TPosition pos) {
  switch (pos) {
  case TPosition::A1: case TPosition::B1: case TPosition::C1: return kL1;
  case TPosition::A2: return kL0A;
  case TPosition::B2: return kL0B;
  case TPosition::CO1: return kL0C;
  case TPosition::C2: return kBias;
  case TPosition::GM: return kGM;
  default: return kUB;
  }
}

std::optional<int64_t> constantOf(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value))) return value.getSExtValue();
  return std::nullopt;
}

int64_t elementBytes(Type tensorType) {
  Type e = getTensorElementType(tensorType);
  return e.isIntOrFloat() ? std::max<int64_t>(1, e.getIntOrFloatBitWidth() / 8) : 1;
}

bool isKernelFunc(Operation *op) {
  return op && (op->hasAttr("ascendc.global") || op->hasAttr("asc.kernel"));
}

/// The region a tensor (or GM pointer) value designates: its offset
/// (subindex) is followed back to the op that made the tensor.
MemRegion regionOf(Value v) {
  int64_t offset = 0;
  bool offsetKnown = true;
  while (true) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      MemRegion r;
      r.space = isa<GlobalTensorType, GMPtrType>(v.getType()) ? kGM : kUB;
      Operation *owner = arg.getOwner()->getParentOp();
      // A kernel's arguments are distinct buffers; a device function's stand
      // for whatever its caller passes.
      if (isa<func::FuncOp>(owner) && !isKernelFunc(owner)) r.argNo = arg.getArgNumber();
      else r.root = arg.getAsOpaquePointer();
      if (offsetKnown && r.space != kGM) r.lo = offset;
      return r;
    }
    Operation *def = v.getDefiningOp();
    if (isa<GMPtrOffsetOp, GMPtrCastOp>(def)) {
      v = def->getOperand(0);
      continue;
    }
    if (auto sub = dyn_cast<SubIndexOp>(def)) {
      std::optional<int64_t> off = constantOf(sub.getOffset());
      if (off) offset += *off * elementBytes(v.getType());
      else offsetKnown = false;
      v = sub.getTensor();
      continue;
    }
    if (auto cast = dyn_cast<ReinterpretCastOp>(def)) {
      v = cast.getTensor();
      continue;
    }
    MemRegion r;
    if (auto pos = dyn_cast<LocalTensorPosOp>(def)) {
      r.space = spaceOfPosition(pos.getPos());
      // A LocalTensorAuto / LocalMemAllocator tensor: placed apart from every
      // other one by its allocator, so a buffer of its own even at a runtime
      // address.
      if (def->hasAttr("asc.disjoint")) {
        r.root = def;
        std::optional<int64_t> size = constantOf(pos.getTileSize());
        if (offsetKnown) r.lo = offset;
        if (size && *size > 0) r.hi = *size * elementBytes(v.getType());
        return r;
      }
      std::optional<int64_t> addr = constantOf(pos.getAddr());
      std::optional<int64_t> size = constantOf(pos.getTileSize());
      if (addr) {
        r.lo = *addr + (offsetKnown ? offset : 0);
        if (size && *size > 0) r.hi = *addr + *size * elementBytes(v.getType());
      }
      return r;
    }
    if (auto addrOp = dyn_cast<LocalTensorAddrOp>(def)) {
      if (std::optional<int64_t> addr = constantOf(addrOp.getAddr()))
        r.lo = *addr + (offsetKnown ? offset : 0);
      return r;
    }
    if (isa<TBufGetOp, TBufGetLenOp, TBufGetWithOffsetOp>(def)) {
      Value buf = def->getOperand(0);
      r.space = spaceOfPosition(cast<TBufType>(buf.getType()).getPosition());
      r.root = buf.getAsOpaquePointer();  // distinct TBufs are distinct buffers
      return r;
    }
    if (isa<AllocTensorOp, DeQueOp>(def)) {
      r.queued = true;
      return r;
    }
    if (auto decl = dyn_cast<GlobalTensorOp>(def)) {
      // The GM argument its set_global_buffer points into (all of it: offsets
      // into GM are not compared).
      r.space = kGM;
      const void *root = nullptr;
      int argNo = -1;
      bool unknown = false;
      for (Operation *user : decl.getResult().getUsers()) {
        if (!isa<SetGlobalBufferOp, SetGlobalBufferSizeOp>(user)) continue;
        MemRegion ptr = regionOf(user->getOperand(1));
        bool known = ptr.space == kGM && (ptr.root || ptr.argNo >= 0);
        if (!known || (root && root != ptr.root) || (argNo >= 0 && argNo != ptr.argNo)) unknown = true;
        root = ptr.root;
        argNo = ptr.argNo;
      }
      if (unknown || (!root && argNo < 0)) return MemRegion{kGM, nullptr, -1, 0, kUnbounded, false};
      r.root = root;
      r.argNo = argNo;
      return r;
    }
    return r;  // unknown origin: all of UB
  }
}

//===----------------------------------------------------------------------===//
// Accesses: the pipe and regions of each Ascend C call
//===----------------------------------------------------------------------===//

struct Access {
  Operation *op;  // the call (or a func.call standing for its callee's accesses)
  PipeID pipe;
  MemRegion region;
  bool write;
};

bool isTensor(Type t) { return isa<LocalTensorType, GlobalTensorType>(t); }

/// Ops that take a tensor without reading or writing its elements.
bool isMetadataOp(Operation *op) {
  return isa<SubIndexOp, ReinterpretCastOp, SetGlobalBufferOp, SetGlobalBufferSizeOp,
             AllocTensorOp, AllocTensorInPlaceOp, EnQueOp, DeQueOp, DeQueInPlaceOp, FreeTensorOp,
             ConstructOp>(op) ||
         llvm::StringSwitch<bool>(op->getName().stripDialect())
             .StartsWith("get_size", true)
             .StartsWith("get_length", true)
             .StartsWith("get_position", true)
             .StartsWith("get_user_tag", true)
             .StartsWith("set_user_tag", true)
             .StartsWith("set_size", true)
             .StartsWith("set_buffer_len", true)
             .StartsWith("set_addr_with_offset", true)
             .StartsWith("get_shape_info", true)
             .StartsWith("set_shape_info", true)
             .StartsWith("set_l2_cache_hint", true)
             .Default(false) ||
         op->getName().stripDialect().contains("phy_addr");
}

/// The pipe a data move runs on, from the memories at its two ends (the
/// Model's copy_pipe).
PipeID copyPipe(int src, int dst) {
  if (src == kGM) return PipeID::PIPE_MTE2;
  if (dst == kGM) return src == kL0C ? PipeID::PIPE_FIX : PipeID::PIPE_MTE3;
  if (src == kL0C) return PipeID::PIPE_FIX;
  if (src == kUB && dst == kUB) return PipeID::PIPE_V;
  if (src == kUB) return PipeID::PIPE_MTE3;
  return PipeID::PIPE_MTE1;
}

/// The accesses of one op that is not a call or a region op.
SmallVector<Access> accessesOf(Operation *op) {
  SmallVector<Access> out;
  if (op->getDialect() == nullptr || op->getDialect()->getNamespace() != "ascendc") return out;
  if (isMetadataOp(op)) return out;
  SmallVector<std::pair<unsigned, MemRegion>> tensors;
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (isTensor(v.getType())) tensors.push_back({unsigned(i), regionOf(v)});
  if (tensors.empty()) return out;
  StringRef name = op->getName().stripDialect();
  PipeID pipe = PipeID::PIPE_V;
  // Ascend C puts the destination first: operand 0 is written, the others read.
  bool firstIsWritten = tensors.front().first == 0;
  if (isa<GetValueOp>(op)) {
    pipe = PipeID::PIPE_S;
    firstIsWritten = false;
  } else if (isa<SetValueOp>(op)) {
    pipe = PipeID::PIPE_S;
  } else if (name.contains("print") || name.contains("dump") || name.contains("to_file")) {
    pipe = PipeID::PIPE_S;
    firstIsWritten = false;
  } else if (name.starts_with("data_copy") && tensors.size() >= 2) {
    pipe = copyPipe(tensors[1].second.space, tensors[0].second.space);
  } else if (name.starts_with("load_data")) {
    pipe = tensors.size() >= 2 && tensors[1].second.space == kGM ? PipeID::PIPE_MTE2
                                                                   : PipeID::PIPE_MTE1;
  } else if (name.starts_with("mmad")) {
    pipe = PipeID::PIPE_M;
  } else if (name.starts_with("fixpipe")) {
    pipe = PipeID::PIPE_FIX;
  } else if (name.starts_with("init_const_value")) {
    pipe = PipeID::PIPE_MTE2;
  }
  for (auto [k, t] : llvm::enumerate(tensors))
    out.push_back({op, pipe, t.second, k == 0 && firstIsWritten});
  return out;
}

//===----------------------------------------------------------------------===//
// Synchronisations
//===----------------------------------------------------------------------===//

const PipeID kPipes[] = {PipeID::PIPE_S, PipeID::PIPE_V, PipeID::PIPE_M, PipeID::PIPE_MTE1,
                         PipeID::PIPE_MTE2, PipeID::PIPE_MTE3, PipeID::PIPE_FIX};

/// The HardEvent from `src` to `dst`, if Ascend C has one.
std::optional<HardEvent> hardEvent(PipeID src, PipeID dst) {
  auto name = [](PipeID p) -> StringRef {
    switch (p) {
    case PipeID::PIPE_S: return "S";
    case PipeID::PIPE_V: return "V";
    case PipeID::PIPE_M: return "M";
    case PipeID::PIPE_MTE1: return "MTE1";
    case PipeID::PIPE_MTE2: return "MTE2";
    case PipeID::PIPE_MTE3: return "MTE3";
    case PipeID::PIPE_FIX: return "FIX";
    default: return "";
    }
  };
  return symbolizeHardEvent((name(src) + "_" + name(dst)).str());
}

enum class Placement { Adjacent, Forward, LoopCarried, Barrier };

/// One decided synchronisation: set on the producer pipe, wait on the consumer's.
struct Sync {
  Placement placement;
  HardEvent event;
  Operation *consumer;       // the wait goes right before it
  Operation *setAfter;       // Forward / LoopCarried: the set goes right after it
  Operation *loop;           // LoopCarried: one set before it, one wait after it
  int64_t lo = 0, hi = 0;    // live range in the function's linear op order
  int id = 0;
};

/// Pending accesses: key (producer pipe, consumer pipe) -> ids into the table.
using State = std::map<std::pair<int, int>, std::set<unsigned>>;

State join(const State &a, const State &b) {
  State out = a;
  for (auto &[k, ids] : b) out[k].insert(ids.begin(), ids.end());
  return out;
}

bool sameState(const State &a, const State &b) {
  auto clean = [](const State &s) {
    State out;
    for (auto &[k, ids] : s)
      if (!ids.empty()) out[k] = ids;
    return out;
  };
  return clean(a) == clean(b);
}

Operation *innermostLoop(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (isa<scf::ForOp, scf::WhileOp>(p)) return p;
    if (isa<func::FuncOp>(p)) return nullptr;
  }
  return nullptr;
}

class SyncAnalysis {
public:
  explicit SyncAnalysis(ModuleOp module) : module(module) {}

  /// Every access of `func` and of the functions it calls, in the callee's
  /// terms (arguments as argNo), for the call sites.
  const SmallVector<Access> &summary(func::FuncOp func) {
    auto it = summaries.find(func);
    if (it != summaries.end()) return it->second;
    summaries[func] = {};  // empty while in progress (recursion sees nothing)
    SmallVector<Access> all;
    func.walk([&](Operation *op) {
      if (auto call = dyn_cast<func::CallOp>(op)) {
        for (const Access &a : callAccesses(call)) all.push_back(a);
        return;
      }
      if (op->getNumRegions() == 0)
        for (const Access &a : accessesOf(op)) all.push_back(a);
    });
    summaries[func] = all;
    return summaries[func];
  }

  /// The callee's accesses as the caller sees them: argument regions resolved
  /// against the call's operands; the access op is the call.
  SmallVector<Access> callAccesses(func::CallOp call) {
    SmallVector<Access> out;
    auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
    if (!callee || callee.isExternal()) return out;
    for (Access a : summary(callee)) {
      if (a.region.argNo >= 0 && unsigned(a.region.argNo) < call.getNumOperands()) {
        MemRegion outer = regionOf(call.getOperand(a.region.argNo));
        if (outer.lo != 0 || a.region.lo != 0) {
          int64_t lo = outer.lo + a.region.lo;
          outer.lo = lo;
        }
        a.region = outer;
      }
      a.op = call;
      out.push_back(a);
    }
    return out;
  }

  /// Decides the synchronisations of `func` (appended to `syncs`).
  void run(func::FuncOp func, SmallVector<Sync> &syncs) {
    State s;
    analyzeBlock(func.getBody().front(), s, syncs);
  }

private:
  unsigned record(const Access &a) {
    table.push_back(a);
    return table.size() - 1;
  }

  unsigned idOf(const Access &a, unsigned index) {
    auto key = std::make_pair(a.op, index);
    auto it = ids.find(key);
    if (it != ids.end()) return it->second;
    unsigned id = record(a);
    ids[key] = id;
    return id;
  }

  void analyzeBlock(Block &block, State &s, SmallVector<Sync> &out) {
    for (Operation &op : block) {
      analyzeOp(&op, s, out);
      after[&op] = s;  // for a later forward pair's set placed right after op
    }
  }

  void analyzeOp(Operation *op, State &s, SmallVector<Sync> &out) {
    if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
      State thenState = s, elseState = s;
      analyzeBlock(ifOp.getThenRegion().front(), thenState, out);
      if (!ifOp.getElseRegion().empty()) analyzeBlock(ifOp.getElseRegion().front(), elseState, out);
      s = join(thenState, elseState);
      return;
    }
    if (isa<scf::ForOp, scf::WhileOp>(op)) {
      // The state at the loop head joins the entry with every back edge: walk
      // the body until it no longer changes, keeping the last walk's decisions.
      State head = s;
      for (int round = 0; round < 16; ++round) {
        State body = head;
        SmallVector<Sync> decided;
        for (Region &region : op->getRegions())
          for (Block &block : region) analyzeBlock(block, body, decided);
        State next = join(s, body);
        if (sameState(next, head) || round == 15) {
          out.append(decided.begin(), decided.end());
          s = next;
          return;
        }
        head = next;
      }
    }
    if (op->getNumRegions() > 0) {
      for (Region &region : op->getRegions())
        for (Block &block : region) analyzeBlock(block, s, out);
      return;
    }
    SmallVector<Access> accesses;
    if (auto call = dyn_cast<func::CallOp>(op)) accesses = callAccesses(call);
    else accesses = accessesOf(op);
    if (accesses.empty()) return;
    // Synchronise first (against the state before this op), then publish.
    for (PipeID q : kPipes) {
      SmallVector<const Access *> mine;
      for (const Access &a : accesses)
        if (a.pipe == q) mine.push_back(&a);
      if (mine.empty()) continue;
      auto conflictsOf = [&](PipeID p) {
        SmallVector<unsigned> conflicts;
        for (unsigned id : s[{int(p), int(q)}]) {
          const Access &a = table[id];
          for (const Access *x : mine)
            if ((a.write || x->write) && mayAlias(a.region, x->region)) {
              conflicts.push_back(id);
              break;
            }
        }
        return conflicts;
      };
      // The producer pipe with the latest conflicting access first: its pair
      // often orders the others' accesses too (transitively), saving theirs.
      SmallVector<std::pair<unsigned, PipeID>> producers;
      for (PipeID p : kPipes) {
        if (p == q) continue;
        SmallVector<unsigned> conflicts = conflictsOf(p);
        if (!conflicts.empty()) producers.push_back({*llvm::max_element(conflicts), p});
      }
      llvm::sort(producers, [](auto &a, auto &b) { return a.first > b.first; });
      for (auto [latest, p] : producers) {
        SmallVector<unsigned> conflicts = conflictsOf(p);  // fewer after the pairs before
        if (!conflicts.empty()) decide(op, p, q, conflicts, s, out);
      }
    }
    for (auto [i, a] : llvm::enumerate(accesses)) {
      unsigned id = idOf(a, i);
      for (PipeID r : kPipes)
        if (r != a.pipe) s[{int(a.pipe), int(r)}].insert(id);
    }
  }

  /// One synchronisation from pipe p to pipe q before `consumer`, covering
  /// the pending accesses `conflicts`; clears what it orders.
  void decide(Operation *consumer, PipeID p, PipeID q, ArrayRef<unsigned> conflicts, State &s,
              SmallVector<Sync> &out) {
    std::optional<HardEvent> event = hardEvent(p, q);
    Block *block = consumer->getBlock();
    if (!event) {
      // No HardEvent joins these pipes: a full barrier orders everything.
      out.push_back({Placement::Barrier, HardEvent::MTE2_V, consumer, nullptr, nullptr});
      s.clear();
      return;
    }
    // Where does each producer sit relative to the consumer's block?
    Operation *latestBefore = nullptr, *latestAfter = nullptr;
    bool outside = false;
    for (unsigned id : conflicts) {
      Operation *anc = block->findAncestorOpInBlock(*table[id].op);
      if (!anc || anc == consumer) {
        outside = true;
      } else if (anc->isBeforeInBlock(consumer)) {
        if (!latestBefore || latestBefore->isBeforeInBlock(anc)) latestBefore = anc;
      } else {
        if (!latestAfter || latestAfter->isBeforeInBlock(anc)) latestAfter = anc;
      }
    }
    Operation *loop = innermostLoop(consumer);
    auto &pending = s[{int(p), int(q)}];
    if (!outside && latestBefore && !latestAfter) {
      // Forward: set after the last producer, wait before the consumer. Still
      // pending: what the producer pipe issues between the two.
      out.push_back({Placement::Forward, *event, consumer, latestBefore, nullptr});
      auto it = after.find(latestBefore);
      if (it != after.end()) orderThrough(it->second, p, q, s);
      std::set<unsigned> kept;
      for (unsigned id : pending) {
        Operation *anc = block->findAncestorOpInBlock(*table[id].op);
        if (anc && latestBefore->isBeforeInBlock(anc) && anc->isBeforeInBlock(consumer))
          kept.insert(id);
      }
      pending = kept;
      return;
    }
    if (!outside && !latestBefore && latestAfter && loop) {
      // Carried around the loop: the set after the producer in the body (the
      // previous iteration's), one set before the loop for the first
      // iteration and one wait after it for the last set.
      out.push_back({Placement::LoopCarried, *event, consumer, latestAfter, loop});
      std::set<unsigned> kept;
      for (unsigned id : pending) {
        Operation *producer = table[id].op;
        if (!loop->isAncestor(producer)) continue;  // before the loop: ordered
        Operation *anc = block->findAncestorOpInBlock(*producer);
        bool covered = anc && consumer->isBeforeInBlock(anc) &&
                       (anc == latestAfter || anc->isBeforeInBlock(latestAfter));
        if (!covered) kept.insert(id);
      }
      pending = kept;
      return;
    }
    // Anything else: set and wait right before the consumer, ordering all.
    out.push_back({Placement::Adjacent, *event, consumer, nullptr, nullptr});
    State now = s;
    orderThrough(now, p, q, s);
    s[{int(p), int(q)}].clear();
  }

  /// Transitivity: a set on pipe p placed where the state was `atSet` follows
  /// every wait p had made by then, so the accesses of other pipes already
  /// ordered before p there are ordered before q by this pair too.
  static void orderThrough(const State &atSet, PipeID p, PipeID q, State &s) {
    for (PipeID m : kPipes) {
      if (m == p || m == q) continue;
      auto pendingThen = atSet.find({int(m), int(q)});
      if (pendingThen == atSet.end()) continue;
      auto beforeP = atSet.find({int(m), int(p)});
      std::set<unsigned> &pending = s[{int(m), int(q)}];
      for (auto it = pending.begin(); it != pending.end();) {
        bool issuedThen = pendingThen->second.count(*it);
        bool orderedBeforeP = beforeP == atSet.end() || !beforeP->second.count(*it);
        it = issuedThen && orderedBeforeP ? pending.erase(it) : std::next(it);
      }
    }
  }

  ModuleOp module;
  llvm::DenseMap<Operation *, State> after;  // the state after each op of the current walk
  llvm::DenseMap<Operation *, SmallVector<Access>> summaries;
  std::map<std::pair<Operation *, unsigned>, unsigned> ids;
  std::vector<Access> table;
};

//===----------------------------------------------------------------------===//
// Event ids and materialisation
//===----------------------------------------------------------------------===//

/// Positions of the ops of a function in pre-order, with the end of each
/// op's nested regions: a pair's live range is an interval of this order.
struct Linear {
  llvm::DenseMap<Operation *, int64_t> begin, end;
  explicit Linear(func::FuncOp func) {
    int64_t next = 0;
    func.walk<WalkOrder::PreOrder>([&](Operation *op) { begin[op] = next++; });
    func.walk<WalkOrder::PostOrder>([&](Operation *op) {
      int64_t last = begin[op];
      op->walk([&](Operation *inner) { last = std::max(last, begin[inner]); });
      end[op] = last;
    });
  }
};

void liveRange(Sync &s, const Linear &lin) {
  switch (s.placement) {
  case Placement::Forward:
    s.lo = lin.end.lookup(s.setAfter);
    s.hi = lin.begin.lookup(s.consumer);
    break;
  case Placement::LoopCarried:
    s.lo = lin.begin.lookup(s.loop);
    s.hi = lin.end.lookup(s.loop);
    break;
  default:
    s.lo = s.hi = lin.begin.lookup(s.consumer);
  }
}

/// Greedy interval colouring per HardEvent; a pair that finds no free id is
/// made adjacent (a point range) and tried again.
LogicalResult allocateIds(SmallVector<Sync> &syncs, const Linear &lin, func::FuncOp func) {
  for (Sync &s : syncs) liveRange(s, lin);
  SmallVector<Sync *> order;
  for (Sync &s : syncs)
    if (s.placement != Placement::Barrier) order.push_back(&s);
  llvm::stable_sort(order, [](Sync *a, Sync *b) { return a->lo < b->lo; });
  SmallVector<Sync *> done;
  for (Sync *s : order) {
    for (int attempt = 0; attempt < 2; ++attempt) {
      bool used[kNumEventIds] = {};
      for (Sync *o : done)
        if (o->event == s->event && o->lo <= s->hi && s->lo <= o->hi) used[o->id] = true;
      int id = 0;
      while (id < kNumEventIds && used[id]) ++id;
      if (id < kNumEventIds) {
        s->id = id;
        done.push_back(s);
        break;
      }
      if (attempt == 1)
        return func.emitError() << "automatic synchronisation needs more than " << kNumEventIds
                                << " event ids of HardEvent::" << stringifyHardEvent(s->event)
                                << " at once";
      s->placement = Placement::Adjacent;
      s->lo = s->hi = lin.begin.lookup(s->consumer);
    }
  }
  return success();
}

void materialize(const Sync &s) {
  Location loc = s.consumer->getLoc();
  OpBuilder b(s.consumer->getContext());
  auto flag = [&](bool set) {
    Value id = b.create<arith::ConstantIntOp>(loc, s.id, 32);
    if (set) b.create<SetFlagOp>(loc, s.event, id);
    else b.create<WaitFlagOp>(loc, s.event, id);
  };
  switch (s.placement) {
  case Placement::Barrier:
    b.setInsertionPoint(s.consumer);
    b.create<PipeBarrierOp>(loc, PipeID::PIPE_ALL);
    return;
  case Placement::Adjacent:
    b.setInsertionPoint(s.consumer);
    flag(true);
    flag(false);
    return;
  case Placement::Forward:
    b.setInsertionPointAfter(s.setAfter);
    flag(true);
    b.setInsertionPoint(s.consumer);
    flag(false);
    return;
  case Placement::LoopCarried:
    b.setInsertionPoint(s.loop);
    flag(true);
    b.setInsertionPointAfter(s.setAfter);
    flag(true);
    b.setInsertionPoint(s.consumer);
    flag(false);
    b.setInsertionPointAfter(s.loop);
    flag(false);
    return;
  }
}

struct InsertSyncPass : public mlir::ascendc::impl::AscendCInsertSyncBase<InsertSyncPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A module with manual synchronisation is its author's: left alone.
    bool manual = false;
    module.walk([&](Operation *op) {
      if (isa<SetFlagOp, WaitFlagOp, PipeBarrierOp>(op)) manual = true;
    });
    if (manual) return;
    SyncAnalysis analysis(module);
    for (func::FuncOp func : module.getOps<func::FuncOp>()) {
      if (func.isExternal()) continue;
      SmallVector<Sync> syncs;
      analysis.run(func, syncs);
      Linear lin(func);
      if (failed(allocateIds(syncs, lin, func))) return signalPassFailure();
      // Same-place insertions keep the decision order: sets before waits.
      for (const Sync &s : syncs) materialize(s);
    }
  }
};

} // namespace
