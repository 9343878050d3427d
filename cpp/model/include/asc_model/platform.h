// Memory kinds and the per-launch configuration the runner passes in (their
// layouts are the ABI with Python: asc_model/abi.h).
// Sizes and alignments are never literals in the model: they come from the
// Python PlatformSpec through LaunchConfig, so one build serves every SoC.
#pragma once
#include <cstdint>

#include "asc_model/abi.h"

namespace asc_model {

inline const char* mem_name(Mem m) {
  static const char* const names[] = {"GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB"};
  int i = static_cast<int>(m);
  return i >= 0 && i < kMemCount ? names[i] : "?";
}

}  // namespace asc_model
