// Entry point the generated launch stub calls: runs `body(ctx)` on
// cfg.block_dim simulated cores (on the calling thread and pooled runner
// threads, src/runtime.cpp) and returns 0; 1 with the first fault's message in
// cfg.err; 2 when Ctrl-C stopped the launch (message in cfg.err).
#pragma once
#include "asc_model/platform.h"

namespace asc_model {
int run_launch(const LaunchConfig& cfg, void (*body)(void*), void* ctx);
}
