// SetFlag / WaitFlag (asc_model/sync.h) as calls: the template on the event
// only passes it on, so the call's body is compiled once, here.
#include "asc_model/sync.h"

namespace asc_model {

void set_flag_api(int32_t event, int32_t id, const char* file, int line) {
  Call op("SetFlag", PIPE_S, file, line, EventKind::SetFlag);
  op.core().set_flag(int(event), id, file, line);
  op.event(event, id).run();
}

void wait_flag_api(int32_t event, int32_t id, const char* file, int line) {
  Call op("WaitFlag", PIPE_S, file, line, EventKind::WaitFlag);
  op.core().wait_flag(int(event), id, file, line);
  op.event(event, id).run();
}

}  // namespace asc_model
