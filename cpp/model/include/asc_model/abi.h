// The ABI between Python and the Model's C++ runtime: every plain struct and
// constant that crosses it, in one header. Python mirrors each one (ctypes
// structures and numpy record types):
//   LaunchConfig, RegionDesc, kLaunch*   python/asc/runtime/model/launch.py
//   kDebug*                              python/asc/runtime/model/abi.py
//   Mem                                  python/asc/runtime/platforms.py (MEMORIES)
//   DebugIO, kReportColumns              python/asc/debug/engine.py
//   EventRec ... LineRec, ResultBuffer,  python/asc/profiler/cycle.py
//   Summary, CycleInput, RecordIO
// tests/model/test_abi.py compiles a program against this header that prints
// every field's offset, every struct's size and every constant, and compares
// them with the Python side. Only plain data here: no behaviour, no STL.
#pragma once
#include <cstdint>

namespace asc_model {

// One entry per physical memory a kernel can address. GM is the host arrays.
enum class Mem : uint8_t { GM = 0, UB, L1, L0A, L0B, L0C, BT, FB, COUNT };
constexpr int kMemCount = static_cast<int>(Mem::COUNT);

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

// Python: asc/runtime/model/launch.py (ctypes). The runtime reads no environment variable:
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
  int32_t sub_block_num;    // > 1: a mixed kernel's AIV cores per AIC (MIX_AIC_1_2: 2); block_dim counts
                            // AIV cores, and GetBlockNum() is block_dim / sub_block_num, as on the device
                            // (get_block_num() counts AIC-AIV groups); 0 or 1: one core per block
  int32_t aic_cores;        // > 0: a mixed kernel whose AIC cores run too, one per group: slots
                            // block_dim .. block_dim + aic_cores - 1 (core_type 1, GetBlockIdx() the
                            // group); 0: the kernel's AIV cores alone (a Matmul client computes itself)
};

// LaunchConfig::debug points at one of these (Python: asc/debug/engine.py).
struct DebugIO {
  char* report;                // out: the findings (NUL-terminated text); free with free_report
  uint64_t report_len;
  void (*free_report)(char*);
  uint32_t max_errors;         // in: memcheck findings after which a bad access faults again (0: no bound)
  uint32_t flags;              // in: kDebug* checks on top of LaunchConfig::debug_flags (asc.debug.checks)
};

// The columns of one report line, in order (Python parses by these names).
constexpr const char* kReportColumns =
    "tool,kind,severity,count,mem,offset,size,"
    "a_block,a_pipe,a_file,a_line,a_api,a_write,a_operand,"
    "b_block,b_pipe,b_file,b_line,b_api,b_write,b_operand,"
    "tensor_lo,tensor_hi,tensor_pos,tensor_type,region,event,id,blocks,message";

// EventRec::event of a PIPE_S API event: whose scalar work it is (the cycle model charges
// each class its own parameter). A library API's bookkeeping between the instructions it
// issues is scalar work the kernel's lines do not show: the Matmul's per k step address and
// loop arithmetic, which a constant tiling (MatmulApiStaticTiling) folds at compile time.
// Any other value (an API call's -1): scalar_api_cycles.
constexpr int32_t kScalarMatmulStep = 1;         // matmul_step_scalar_cycles: one k step, runtime tiling
constexpr int32_t kScalarMatmulStepConstant = 2; // matmul_step_scalar_cycles_constant: constant tiling

// One event of the stream. api/file index the recording's string table;
// accesses are [acc_first, acc_first + acc_count) of its access array.
struct EventRec {
  int32_t block;
  int32_t kind;   // EventKind
  int32_t pipe;   // pipe_t
  int32_t line;
  int32_t event;  // HardEvent, queue position, L2 cache mode of a DataCopy, ...
  int32_t id;
  uint32_t api;
  uint32_t file;
  uint64_t elems;
  uint64_t bytes;
  uint64_t acc_first;
  uint64_t acc_count;
};

// `rows` equal rows of bytes / rows each, the first at `offset`, each `stride`
// bytes after the one before (rows <= 1: one contiguous range of `bytes`).
// The recorder folds a strided copy's GM rows (an Nd2Nz copy's, a DataCopy's
// blocks with a source gap) into one record; `bytes` is always the total.
struct AccessRec {
  uint64_t offset;
  uint64_t bytes;
  int32_t region;  // GM: argument index; a level-0 vector call's UB range: its repeat; -1 otherwise
  int32_t mem;     // Mem
  int32_t write;
  uint32_t rows;
  uint64_t stride;
};

// The cycle model's results (cycle_model_buffer's `which`).
struct SliceRec {  // an instruction on a pipe (also: a WaitFlag stall)
  int32_t core;
  int32_t pipe;
  double start;
  double end;
  int64_t ev;
};
struct FlowRec {  // a set -> wait edge
  int32_t core;
  int32_t set_pipe;
  int32_t wait_pipe;
  int32_t pad;
  double set_t;
  double wait_t;
  int64_t set_ev;
  int64_t wait_ev;
};
struct MarkRec {  // metrics_prof_start (kind 0) / stop (1) at the scalar unit's time
  int32_t core;
  int32_t kind;
  double t;
};
struct IntervalRec {  // scalar unit busy
  int32_t core;
  int32_t pad;
  double start;
  double end;
};
struct LineRec {  // per Python file:line: cycles over every pipe and core, calls
  uint32_t file;
  int32_t line;
  double cycles;
  int64_t calls;
};

enum ResultBuffer : int {
  kResSummary = 0,   // double[kSummaryCount]
  kResBlocks,        // int32 block ids (sorted)
  kResCoreEnd,       // double per block
  kResBusy,          // double per block x 7 pipes (S, V, M, MTE1, MTE2, MTE3, FIX)
  kResSlices,        // SliceRec
  kResFlows,         // FlowRec
  kResMarks,         // MarkRec
  kResWaits,         // SliceRec
  kResScalar,        // IntervalRec
  kResLines,         // LineRec
  kResBreakdown,     // double[6]: compute_cube, compute_vector, hbm_read, hbm_write, sync_wait, scalar
  kResError,         // char: why the stream has no schedule (empty: none)
  kResConflicts,     // double per block x 2: V-pipe cycles lost to UB bank-group / bank conflicts
  kResCount
};
enum Summary : int {
  kSumCycles = 0, kSumHbmRead, kSumHbmWrite, kSumGmRead, kSumGmWrite, kSumL2Hit, kSumPeakHbm, kSumInstructions,
  kSummaryCount
};

// What the cycle model reads: a recording (the runtime's, or one Python
// packed) and the platform's parameters in cycle_param_names order.
struct CycleInput {
  const EventRec* events;
  uint64_t num_events;
  const AccessRec* accesses;
  uint64_t num_accesses;
  const char* strings;  // num_strings NUL-terminated strings, back to back
  uint64_t strings_len;
  uint32_t num_strings;
  uint32_t num_params;
  const double* params;      // cycle_param_names order
  const double* api_factor;  // per string: vec_api_repeat_factor of that API name (1 when none)
  int32_t aiv_per_aic;       // > 1: a mixed kernel whose blocks 0..n-1 are AIV cores, each group of
                             // aiv_per_aic consecutive blocks sharing one AIC (its M and MTE1 pipes)
  int32_t aic_base;          // > 0: blocks aic_base.. are the groups' AIC cores (LaunchConfig::aic_cores),
                             // block aic_base + g sharing those pipes with group g's AIV blocks
};

// LaunchConfig::record points at one of these (Python: profiler/cycle.py RecordIO).
struct RecordIO {
  void* recording;  // out: the launch's Recording (null after a fault); free with free_recording
  uint64_t (*recording_buffer)(void* rec, int which, const void** data);  // 0 events, 1 accesses, 2 strings
  void (*free_recording)(void* rec);
  const char* param_names;  // comma-separated: the parameters CycleInput::params holds, in order
  int (*run)(const CycleInput* in, void** result);  // 0: ok; result freed with free_result
  uint64_t (*result_buffer)(void* res, int which, const void** data);
  void (*free_result)(void* res);
  uint64_t sizes;  // sizeof EventRec | AccessRec << 16 | SliceRec << 32 | FlowRec << 48 (layout check)
};

}  // namespace asc_model
