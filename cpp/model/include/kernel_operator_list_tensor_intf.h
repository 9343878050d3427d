// The header an Ascend C program includes for ListTensorDesc and TensorDesc
// (the vendor's kernel_operator_list_tensor_intf.h; the emitter writes it when
// a kernel has one). The Model's kernel_operator.h declares them already.
#pragma once
#include "kernel_operator.h"
