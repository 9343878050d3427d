// The vendor's header path for the adv Matmul API (kernel side), as in Ascend C
// not part of kernel_operator.h: the Model's is asc_model/adv_matmul.h.
#pragma once
#include "../kernel_operator.h"
#include "asc_model/adv_matmul.h"
