//===- AscendCOps.td - the ascendc dialect's ops ---------------*- tablegen -*-===//
//
// Ops are grouped by family, one file each under ops/, in the order of the
// asc API reference (../shared/docs/ascendc-api.md).
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASCENDC_OPS_TD
#define ASC_DIALECT_ASCENDC_OPS_TD

include "asc/Dialect/AscendC/AscendCTypes.td"

include "asc/Dialect/AscendC/ops/Core.td"
include "asc/Dialect/AscendC/ops/Tensor.td"
include "asc/Dialect/AscendC/ops/Pipe.td"
include "asc/Dialect/AscendC/ops/Sync.td"
include "asc/Dialect/AscendC/ops/SysVar.td"
include "asc/Dialect/AscendC/ops/Common.td"
include "asc/Dialect/AscendC/ops/Debug.td"
include "asc/Dialect/AscendC/ops/DataCopy.td"
include "asc/Dialect/AscendC/ops/Vector.td"
include "asc/Dialect/AscendC/ops/Cube.td"
include "asc/Dialect/AscendC/ops/Hccl.td"
include "asc/Dialect/AscendC/ops/Adv.td"
include "asc/Dialect/AscendC/ops/AdvMatmul.td"

#endif // ASC_DIALECT_ASCENDC_OPS_TD
