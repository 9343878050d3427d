// The vendor's header path for ascendc_assert: on the Model it is part of
// kernel_operator.h (asc_model/api/utils.h).
#pragma once
#include "../../kernel_operator.h"
