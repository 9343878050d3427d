// The vendor's header path for the tiling structs a kernel reads. The Model's
// kernel_operator.h declares them as the vendor's generated kernel_tiling.h
// does: AscendC::tiling::TCubeTiling (SoftMaxTiling, RmsNormTiling), each with
// a global `using` (asc_model/adv_matmul.h, asc_model/api/adv_common.h).
#pragma once
#include "../kernel_operator.h"
