// The timed Model (issue 10): the instrumentation stream recorded in memory
// (RecordObserver, one per core, appending packed records during the
// functional run) and the cycle model that replays every core's records
// together in simulated time after the launch (cycle_model.cpp).
//
// Python reaches both through LaunchConfig::record, a RecordIO the runtime
// fills: the merged recording and the functions that read it, run the cycle
// model and read its results. Python reads the buffers with numpy; the
// layouts below are mirrored by python/asc/profiler/cycle.py (its dtypes are
// checked against sizeof/offsetof by tests/profile/test_profile_cycle.py).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "asc_model/instrument.h"

namespace asc_model {

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
  int32_t pad;
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

// Appends one core's events as packed records (no formatting, no locking).
class RecordObserver final : public Observer {
 public:
  void on_event(const Event& e) override;
  std::vector<EventRec> events;
  std::vector<AccessRec> accesses;
  std::vector<std::string> strings;  // this core's string table

 private:
  uint32_t intern(const char* s);
  std::unordered_map<const char*, uint32_t> by_ptr_;
  std::unordered_map<std::string, uint32_t> by_text_;
};

struct Recording {
  std::vector<EventRec> events;  // block order, each core's in program order
  std::vector<AccessRec> accesses;
  std::string strings;
};

// Merges the cores' records in block order (null entries: cores that never ran).
Recording* merge_recordings(const std::vector<std::unique_ptr<RecordObserver>>& cores);
// Fills the function pointers of a RecordIO.
void fill_record_io(RecordIO* io);

}  // namespace asc_model
