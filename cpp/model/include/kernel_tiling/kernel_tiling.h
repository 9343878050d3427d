// The vendor's header path for the tiling structs a kernel reads: TCubeTiling
// (asc_model/adv_matmul.h) at global scope and as AscendC::tiling::TCubeTiling,
// as the vendor's generated kernel_tiling.h declares it.
#pragma once
#include "kernel_operator.h"

namespace AscendC {
namespace tiling {
using ::AscendC::TCubeTiling;
}  // namespace tiling
}  // namespace AscendC
using AscendC::TCubeTiling;
