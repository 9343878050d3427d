// Every enumeration of the ascendc dialect: generated from the dialect's
// AscendCEnums.td into generated_enums.h (scoped, like the vendor headers,
// except pipe_t, whose enumerators are emitted unqualified: PIPE_V; plus the
// global QuantMode_t and pad_t). Add or change a value in the .td, then run
// `bazel run //cpp/tblgen:update_generated`.
#pragma once
#include <cstdint>

#include "asc_model/generated_enums.h"

namespace AscendC {

// Not a dialect enum: the Model's core types (AscendC::AIC / AscendC::AIV; the
// vendor's are int32_t constants, and its AscendC::CoreType is HCCL's, api/hccl.h).
enum : int32_t { AIV = 0, AIC = 1 };

}  // namespace AscendC
