// System variables and the profiling markers.
#pragma once
#include "asc_model/call.h"
#include "asc_model/core.h"

// The emitter writes `(g_coreType == AscendC::AIC)`; on the device this is a
// per-compilation constant, in the model it is the running core's type.
#define g_coreType (::asc_model::current_core().core_type())

namespace AscendC {

inline int64_t GetBlockIdx() { return asc_model::current_core().block_idx(); }
inline int64_t GetBlockNum() { return asc_model::current_core().block_num(); }
// AIV-only launches: one sub-block per block (mixed AIC/AIV kernels are not
// modelled yet; see docs/model-internals.md).
inline int64_t GetSubBlockIdx() { return 0; }
inline int64_t GetSubBlockNum() { return 1; }
inline int64_t GetTaskRatio() { return 1; }
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
