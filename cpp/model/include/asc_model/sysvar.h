// System variables and the profiling markers.
#pragma once
#include "asc_model/call.h"
#include "asc_model/core.h"

// The emitter writes `(g_coreType == AscendC::AIC)`; on the device this is a
// per-compilation constant, in the model it is the running core's type.
#define g_coreType (::asc_model::current_core().core_type())

namespace AscendC {

// A mixed 1:2 kernel runs its body on the AIV cores of each AIC-AIV group. As the
// vendor's dav_c220 sys_var impl: an AIV core's GetBlockIdx() is group * 2 + sub-block,
// GetBlockNum() counts the groups (get_block_num(), the launch's numBlocks), and
// GetSubBlockNum() / GetTaskRatio() are 2 (get_subblockdim()). Every other launch:
// one core per block, sub-block 0 of 1.
// A mixed launch that runs its AIC cores too (LaunchConfig::aic_cores): an AIC core's
// GetBlockIdx() is its group, its sub-block 0 of 1 (get_subblockdim() is 1 on the AIC).
inline int64_t GetBlockIdx() { return asc_model::current_core().user_block_idx(); }
inline int64_t GetBlockNum() { return asc_model::current_core().user_block_num(); }
inline int64_t GetSubBlockIdx() {
  const auto& c = asc_model::current_core();
  return c.block_idx() % c.sub_block_num();
}
inline int64_t GetSubBlockNum() { return asc_model::current_core().sub_block_num(); }
inline int64_t GetTaskRatio() { return asc_model::current_core().sub_block_num(); }
inline int64_t GetTaskRation() { return GetTaskRatio(); }  // the vendor's older spelling
inline int16_t GetDataBlockSizeInBytes() { return 32; }
// Deterministic clocks: the number of API calls this core has made so far.
inline int64_t GetSystemCycle() { return int64_t(asc_model::current_core().tick()); }
inline int64_t GetProgramCounter() { return int64_t(asc_model::current_core().tick()); }
inline void GetArchVersion(uint32_t& v) { v = 220; }  // Atlas A2 (dav-c220)
inline void Trap(ASC_LOC_PARAMS) { asc_model::current_core().fault(ASC_LOC, "Trap", "kernel called Trap()"); }

inline void MetricsProfStart(ASC_LOC_PARAMS) {
  asc_model::Call("MetricsProfStart", PIPE_S, ASC_LOC, asc_model::EventKind::ProfStart).run();
}
inline void MetricsProfStop(ASC_LOC_PARAMS) {
  asc_model::Call("MetricsProfStop", PIPE_S, ASC_LOC, asc_model::EventKind::ProfStop).run();
}

}  // namespace AscendC
