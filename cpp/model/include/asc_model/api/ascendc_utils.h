// AscendC::AscendCUtils (the vendor's impl/basic_api/kernel_utils_base.h), the
// members the vendor's examples call.
//
// SetOverflow(ctrlValue) sets CTRL[48] on Atlas A2: 1 selects the inf/nan mode
// of the vector unit's float arithmetic, anything else the saturated mode. The
// Model's float arithmetic is IEEE's in every mode (an overflow is inf, 0/0 is
// NaN): the inf/nan mode. The call is accepted in both directions (the
// vendor's examples select inf/nan mode around their computation and restore
// the saturated mode after it); a program that relies on saturation of
// half/float results does not get it on the Model.
#pragma once
#include <cstdint>

namespace AscendC {
class AscendCUtils {
 public:
  static void SetOverflow(uint64_t ctrlValue) { (void)ctrlValue; }
};
}  // namespace AscendC
