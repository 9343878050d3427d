// Internal to the runtime (src/*.cpp): the persistent runner threads.
#pragma once
#include <functional>

namespace asc_model {

// Runs `task` on a pooled runner thread: an idle one, else a new one, so a
// task never waits for another task to finish. Threads persist for the
// process (one pool per process: a fork()ed child starts a fresh one). Throws
// std::system_error when no thread can be started.
void run_on_runner(std::function<void()> task);

// The number of host CPUs (at least 1).
int host_threads();

}  // namespace asc_model
