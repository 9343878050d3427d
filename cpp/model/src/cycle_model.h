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

#include "asc_model/abi.h"
#include "asc_model/instrument.h"

namespace asc_model {

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
