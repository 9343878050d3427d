// Memory kinds and the per-launch configuration the runner passes in.
// Sizes and alignments are never literals in the model: they come from the
// Python PlatformSpec through LaunchConfig, so one build serves every SoC.
#pragma once
#include <cstdint>

namespace asc_model {

// One entry per physical memory a kernel can address. GM is the host arrays.
enum class Mem : uint8_t { GM = 0, UB, L1, L0A, L0B, L0C, BT, FB, COUNT };
constexpr int kMemCount = static_cast<int>(Mem::COUNT);

inline const char* mem_name(Mem m) {
  static const char* const names[] = {"GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB"};
  int i = static_cast<int>(m);
  return i >= 0 && i < kMemCount ? names[i] : "?";
}

// A host array the runner registered: accesses through GM pointers must fall
// inside one of these (decision 5: never write outside the user's arrays).
struct RegionDesc {
  uint64_t base;     // address of the first byte
  uint64_t nbytes;   // size in bytes
  const char* name;  // kernel parameter name, for messages
};

// LaunchConfig::debug_flags bits (Python: asc.settings.debug, $ASC_DEBUG).
constexpr uint32_t kDebugInitCheck = 1u << 0;   // "initcheck": reads of never-written local memory
constexpr uint32_t kDebugRaceCheck = 1u << 1;   // "racecheck": unordered accesses between pipes and cores
constexpr uint32_t kDebugSyncCheck = 1u << 2;   // "synccheck": unpaired / duplicate flags, idle barriers
constexpr uint32_t kDebugMemCheck = 1u << 3;    // "memcheck": bad accesses reported, the launch goes on
// With LaunchConfig::debug set (asc-debug, src/debug_check.h) the checks report
// findings and the launch continues; without it initcheck faults at the first read.

// LaunchConfig::launch_flags bits (Python: asc.profile(compute=False)).
constexpr uint32_t kLaunchTimingOnly = 1u << 0;  // skip the data: element loops do not run (timed Model)
// An NPU script forced onto the Model (ASC_FORCE_BACKEND): where the device is silent, behave as it does
// (GM padding to 2 MiB pages, gm_padding.h; DataCopy counts rounded down to 32-byte blocks, api/data_copy.h).
constexpr uint32_t kLaunchNpuScript = 1u << 1;

// C layout shared with python/asc/runtime/model/launch.py (ctypes; checked by
// tests/model/test_settings.py). The runtime reads no environment variable:
// Python's settings come in here.
struct LaunchConfig {
  uint64_t mem_size[kMemCount];   // bytes per core; GM entry unused
  uint32_t mem_align[kMemCount];  // required start alignment in bytes
  int32_t block_dim;
  int32_t core_type;        // 0 = AIV, 1 = AIC (AscendC::AIV / AIC)
  double timeout_s;         // watchdog for cross-core waits
  double time_limit_s;      // bound on the launch's wall time, 0 = none ($ASC_MODEL_LAUNCH_TIMEOUT)
  uint32_t debug_flags;     // kDebug* bits ($ASC_DEBUG)
  uint32_t num_regions;
  const RegionDesc* regions;
  const char* trace_path;   // non-null: write the instrumentation stream there
  char* err;                // out: first fault message (NUL terminated)
  uint32_t err_len;
  uint32_t launch_flags;    // kLaunch* bits (timing-only launches of the timed Model)
  void* record;             // non-null: a RecordIO (src/cycle_model.h) the runtime fills with the
                            // stream recorded in memory and the cycle model's entry points (asc.profile())
  void* world;              // non-null: this launch is rank `rank` of a distributed launch (asc_model/hccl.h)
  int32_t rank;
  void* debug;              // non-null: a DebugIO (src/debug_check.h) that receives asc-debug's findings
  int32_t blocks_run;       // > 0 and < block_dim: only blocks [0, blocks_run) run, each seeing
                            // GetBlockNum() == block_dim (the timed Model's subset of identical
                            // cores, asc.profile(cores=k)); 0: every block runs
};

}  // namespace asc_model
