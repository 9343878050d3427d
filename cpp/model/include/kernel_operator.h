// The Model's kernel_operator.h: the Ascend C API on the host CPU. The emitted
// kernel source includes this exactly as it would include the vendor header.
// One job per file under asc_model/; see docs/model-internals.md.
#pragma once
#include <cstdint>

#define __aicore__
#define __global__
#define __gm__
#define GM_ADDR uint8_t*
// The emitter starts every runtime loop body with ASC_LOOP_CHECK() (defined
// empty for the NPU); __FILE__/__LINE__ follow the emitted #line directives.
#define ASC_LOOP_CHECK() ::asc_model::loop_check(__FILE__, __LINE__)

#include "asc_model/platform.h"
#include "asc_model/fault.h"
#include "asc_model/instrument.h"
#include "asc_model/dtypes.h"
#include "asc_model/enums.h"
#include "asc_model/structs.h"
#include "asc_model/core.h"
#include "asc_model/tensor.h"
#include "asc_model/call.h"
#include "asc_model/pipe.h"
#include "asc_model/sync.h"
#include "asc_model/sysvar.h"
#include "asc_model/debug.h"
#include "asc_model/api/data_copy.h"
#include "asc_model/api/list_tensor.h"
#include "asc_model/api/local_mem_allocator.h"
#include "asc_model/api/add.h"
#include "asc_model/api/vector.h"
#include "asc_model/api/symbol_override.h"
#include "asc_model/api/cube.h"
#include "asc_model/api/hccl.h"
#include "asc_model/api/adv.h"
#include "asc_model/api/utils.h"
#include "asc_model/api/device_builtins.h"
#include "asc_model/launch.h"
