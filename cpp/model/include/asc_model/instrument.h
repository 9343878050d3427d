// The one instrumentation stream (ARCHITECTURE decision 3). Every API call,
// flag, barrier, queue event and profiling marker becomes an Event delivered to
// the observers of the core that ran it. No observers = nothing is built beyond
// the always-on checks, so a plain run stays cheap.
#pragma once
#include <cstddef>
#include <cstdint>
#include "asc_model/platform.h"

namespace asc_model {

enum class EventKind : uint8_t {
  Api,        // a data-moving or computing call (has accesses)
  SetFlag, WaitFlag, Barrier,          // intra-core sync; `event`/`id` set
  EnQue, DeQue, Alloc, Free,           // queue traffic; accesses = the buffer
  CrossSet, CrossWait, SyncAll,        // inter-core sync
  ProfStart, ProfStop,                 // MetricsProfStart/Stop region markers
  Print,                               // printf / DumpTensor
};

// One memory range touched by a call. For GM, `region` indexes the launch's
// registered arrays and `offset` is relative to that array's first byte.
struct Access {
  Mem mem;
  bool write;
  int32_t region;   // GM only; -1 otherwise
  uint64_t offset;  // bytes
  uint64_t bytes;
  uint8_t operand = 0;  // which operand of its direction (0 = first source / first destination): names for asc-debug
  int16_t repeat = -1;  // a level-0 vector call's range: the repeat it belongs to (cycle model's bank model); -1 otherwise
};

struct Event {
  EventKind kind;
  const char* api;   // "DataCopy", "Add", "SetFlag", ...
  int32_t pipe;      // pipe_t value (PIPE_V, ...)
  const char* file;  // the kernel's Python file (from #line)
  int line;
  int block;
  uint64_t elems;    // element count of the call, 0 if not meaningful
  uint64_t bytes;    // bytes moved or computed
  const Access* accesses;
  size_t num_accesses;
  int32_t event;     // HardEvent value, pipe of a barrier, queue position...
  int32_t id;        // event id / flag id; a level-0 vector call's repeat count (0: level 2)
};

// Consumers (bounds reports, race detector, cycle model, trace writer)
// implement this and are attached per core by the runtime.
struct Observer {
  virtual ~Observer() = default;
  virtual void on_event(const Event& e) = 0;
};

}  // namespace asc_model
