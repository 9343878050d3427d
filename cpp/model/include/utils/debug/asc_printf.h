// The vendor's header path for kernel printf: on the Model printf is part of
// kernel_operator.h (asc_model/debug.h).
#pragma once
#include "../../kernel_operator.h"
