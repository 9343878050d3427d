// The vendor's header path for the adv Matmul API (kernel side): on the Model
// the API is part of kernel_operator.h (asc_model/adv_matmul.h).
#pragma once
#include "kernel_operator.h"
