// What asc-cc puts in front of every .asc (and kernel .cpp) it compiles for the
// Model (g++ -include; precompiled once per toolchain): the Model's Ascend C
// API (kernel_operator.h), ACL (acl/acl.h), the launch the rewritten
// `<<<...>>>` calls, the host tiling-data macros, and the kernel qualifiers and built-in variables of
// the Ascend C language that are not C++.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "acl/acl.h"
#include "asc_program/launch.h"
#include "register/tilingdata_base.h"  // (tiling/tiling_data.h)

// Kernel qualifiers: the core a kernel runs on is read from them by asc-cc
// (python/asc/cprog/rewrite.py), so to g++ they are nothing.
#define __vector__
#define __cube__
#define __mix__(aic, aiv)
#define __ubuf__
#define __kfc_workspace__

// The built-in variables of a kernel: the running block's index and the launch's block count.
#define block_idx (::AscendC::GetBlockIdx())
#define block_num (::AscendC::GetBlockNum())

// Kernel-type declarations: the type comes from the qualifiers, these only have to compile.
enum KernelMetaType : uint8_t {
  KERNEL_TYPE_AIV_ONLY,
  KERNEL_TYPE_AIC_ONLY,
  KERNEL_TYPE_MIX_AIV_1_0,
  KERNEL_TYPE_MIX_AIC_1_0,
  KERNEL_TYPE_MIX_AIC_1_1,
  KERNEL_TYPE_MIX_AIC_1_2,
  KERNEL_TYPE_AICORE,
  KERNEL_TYPE_VECTORCORE,
  KERNEL_TYPE_MIX_AICORE,
  KERNEL_TYPE_MIX_VECTOR_CORE,
  KERNEL_TYPE_MAX,
};
#define KERNEL_TASK_TYPE(key, value)
#define KERNEL_TASK_TYPE_DEFAULT(value)
#define ENABLE_DETERMINISTIC()
#define REGISTER_TILING_DEFAULT(tiling_struct)
#define REGISTER_TILING_FOR_TILINGKEY(expression, tiling_struct)
#define REGISTER_NONE_TILING
