// What a program built by asc-cc knows about its Model and its Python side:
// defined in a source asc-cc generates at link time (python/asc/cprog/config_gen.py)
// from the Python definitions (asc/settings.py's knobs, the platform table,
// the LaunchConfig debug bits), so nothing here is a second hand-kept list.
#pragma once
#include <cstdint>

namespace asc_program_config {

// One environment knob of asc/settings.py: the variables that set it (the
// first set, non-empty one wins), its type ("seconds", "count", "flags",
// "switch", "path", "str") and its default as text ("" = none).
struct Knob {
  const char* const* names;
  int num_names;
  const char* type;
  const char* default_value;
};

extern const Knob kModelLaunchTimeout;  // settings.model_launch_timeout
extern const Knob kDebug;               // settings.debug
extern const Knob kDebugMaxErrors;      // settings.debug_max_errors
extern const Knob kDebugFindings;       // settings.debug_findings
extern const Knob kProfile;             // settings.profile
extern const Knob kProfileCompute;      // settings.profile_compute
extern const Knob kProfileParams;       // settings.profile_params

// The cycle-model parameters of the program's platform (ASC_PROFILE_PARAMS names them), sorted.
extern const char* const kTimingParamNames[];
extern const int kNumTimingParams;

// asc-debug's checks (settings.DEBUG_FLAGS) and their LaunchConfig::debug_flags bits.
extern const char* const kDebugFlagNames[];
extern const uint32_t kDebugFlagBits[];
extern const int kNumDebugFlags;

// The platform the program was built for (--npu-arch): its name and per-core memories.
extern const char* const kPlatform;
extern const uint64_t kMemSize[8];
extern const uint32_t kMemAlign[8];
extern const double kWatchdogSeconds;   // cross-core wait watchdog (LaunchConfig::timeout_s)

// The Python that finishes profiles and formats findings (python -m asc.cprog.finish).
extern const char* const kPython;
extern const char* const kPythonPath;   // the directory that holds the `asc` package

}  // namespace asc_program_config
