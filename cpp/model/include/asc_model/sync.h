// Intra-core flags and barriers, inter-core synchronisation. Execution is
// functional (each core runs its calls in program order), so a WaitFlag whose
// flag is not set can never be satisfied: the core reports a deadlock at once.
#pragma once
#include "asc_model/call.h"
#include "asc_model/core.h"
#include "asc_model/tensor.h"

namespace asc_model {
// A PipeBarrier<PIPE_ALL> a vendor call makes inside its implementation, recorded
// under the call's name (asc-debug orders by it; synccheck's idle-barrier check is
// for the kernel's own barriers).
inline void implied_barrier(const char* api, ASC_LOC_PARAMS) {
  Call op(api, PIPE_ALL, ASC_LOC, EventKind::Barrier);
  op.event(int32_t(PIPE_ALL), -1).run();
}
// SetFlag / WaitFlag<event> (src/api_sync.cpp: one copy in the runtime object, not
// one per event a kernel uses).
void set_flag_api(int32_t event, int32_t id, const char* file, int line);
void wait_flag_api(int32_t event, int32_t id, const char* file, int line);
}  // namespace asc_model

namespace AscendC {

template <HardEvent e>
void SetFlag(int32_t id, ASC_LOC_PARAMS) {
  asc_model::set_flag_api(int32_t(e), id, ASC_LOC);
}
template <HardEvent e>
void WaitFlag(int32_t id, ASC_LOC_PARAMS) {
  asc_model::wait_flag_api(int32_t(e), id, ASC_LOC);
}
template <pipe_t p>
void PipeBarrier(ASC_LOC_PARAMS) {
  asc_model::Call op("PipeBarrier", p, ASC_LOC, asc_model::EventKind::Barrier);
  if (p == PIPE_S) op.fault("PipeBarrier<PIPE_S> is illegal (the scalar unit is always in order)");
  op.event(int32_t(p), -1).run();
}
template <MemDsbT m>
void DataSyncBarrier(ASC_LOC_PARAMS) {
  asc_model::Call op("DataSyncBarrier", PIPE_ALL, ASC_LOC, asc_model::EventKind::Barrier);
  op.event(int32_t(m), -1).run();
}

template <bool isAIVOnly = true>
void SyncAll(ASC_LOC_PARAMS) {
  asc_model::Call op("SyncAll", PIPE_ALL, ASC_LOC, asc_model::EventKind::SyncAll);
  op.run();
  op.core().sync_all(isAIVOnly, ASC_LOC);
}
// Workspace form: the vendor implements it with GM/UB flags; the model keeps
// the same semantics (all `usedCores` cores meet) on its own barrier.
template <bool isAIVOnly = true>
void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
             int32_t usedCores = 0, ASC_LOC_PARAMS) {
  asc_model::Call op("SyncAll", PIPE_ALL, ASC_LOC, asc_model::EventKind::SyncAll);
  if (usedCores != 0 && usedCores != op.core().block_num())
    op.core().fault(ASC_LOC, "SyncAll", "usedCores=%d but the launch has %d cores (partial SyncAll is not modelled)",
                    usedCores, op.core().block_num());
  op.run();
  op.core().sync_all(isAIVOnly, ASC_LOC);
}

// The vendor's heads: the wait's mode and pipe default to 0 and PIPE_S, the set's do not.
template <uint8_t modeId, pipe_t p>
void CrossCoreSetFlag(uint16_t flagId, ASC_LOC_PARAMS) {
  asc_model::Call op("CrossCoreSetFlag", p, ASC_LOC, asc_model::EventKind::CrossSet);
  op.event(modeId, flagId).run();
  op.core().cross_set(modeId, flagId, ASC_LOC);
}
template <uint8_t modeId = 0, pipe_t p = PIPE_S>
void CrossCoreWaitFlag(uint16_t flagId, ASC_LOC_PARAMS) {
  asc_model::Call op("CrossCoreWaitFlag", p, ASC_LOC, asc_model::EventKind::CrossWait);
  op.event(modeId, flagId).run();
  op.core().cross_wait(modeId, flagId, ASC_LOC);
}

template <bool isAIVOnly = true>
void IBSet(const GlobalTensor<int32_t>& gm, const LocalTensor<int32_t>& ub, int32_t blockIdx, int32_t eventID,
           ASC_LOC_PARAMS) {
  asc_model::Call op("IBSet", PIPE_MTE3, ASC_LOC, asc_model::EventKind::CrossSet);
  op.event(blockIdx, eventID).run();
  op.core().ib_set(blockIdx, eventID, ASC_LOC);
}
template <bool isAIVOnly = true>
void IBWait(const GlobalTensor<int32_t>& gm, const LocalTensor<int32_t>& ub, int32_t blockIdx, int32_t eventID,
            ASC_LOC_PARAMS) {
  asc_model::Call op("IBWait", PIPE_MTE2, ASC_LOC, asc_model::EventKind::CrossWait);
  op.event(blockIdx, eventID).run();
  op.core().ib_wait(blockIdx, eventID, ASC_LOC);
}

// Deterministic compute (NotifyNextBlock / WaitPreBlock): the blocks take turns
// in block order, round after round: block b's k-th WaitPreBlock returns after
// block b-1's k-th NotifyNextBlock (block 0 after block n-1's (k-1)-th; its
// first turn does not wait). The vendor passes the turn through flags in the
// GM workspace; the model passes it on the inter-block flags of IBSet/IBWait,
// under an event id no kernel can use (so a turn that never comes is reported
// as a deadlock in IBWait, at the WaitPreBlock's line).
constexpr int32_t kAscModelDetermineComputeEvent = -1;
// (The tensors by non-const reference, as the vendor's declarations take them.)
inline void InitDetermineComputeWorkspace(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace,
                                          ASC_LOC_PARAMS) {
  asc_model::Call op("InitDetermineComputeWorkspace", PIPE_MTE3, ASC_LOC);
  op.run();
  op.core().determine_waits = 0;
}
// The vendor's A2 implementation (dav_c220 determine_compute_sync) opens and closes both
// calls with PipeBarrier<PIPE_ALL>: the Model records the opening one at the call's line
// (asc-debug and the cycle model order the kernel's pipes around the turn, as there; the
// closing one orders the vendor's own copies inside the call, which the Model does not make).
inline void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace,
                            ASC_LOC_PARAMS) {
  asc_model::implied_barrier("NotifyNextBlock", ASC_LOC);
  {
    asc_model::Call op("NotifyNextBlock", PIPE_MTE3, ASC_LOC, asc_model::EventKind::CrossSet);
    int self = op.core().block_idx();
    op.event(self, kAscModelDetermineComputeEvent).run();
    op.core().ib_set(self, kAscModelDetermineComputeEvent, ASC_LOC);
  }
}
inline void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace,
                         ASC_LOC_PARAMS) {
  asc_model::Core& c = asc_model::current_core();
  int n = c.block_num(), self = c.block_idx(), prev = (self + n - 1) % n;
  asc_model::implied_barrier("WaitPreBlock", ASC_LOC);
  if (c.determine_waits++ == 0 && self == 0) {  // block 0 opens the first round: no wait
    asc_model::Call op("WaitPreBlock", PIPE_MTE2, ASC_LOC);
    op.run();
  } else {
    asc_model::Call op("WaitPreBlock", PIPE_MTE2, ASC_LOC, asc_model::EventKind::CrossWait);
    op.event(prev, kAscModelDetermineComputeEvent).run();
    c.ib_wait(prev, kAscModelDetermineComputeEvent, ASC_LOC);
  }
}

}  // namespace AscendC
