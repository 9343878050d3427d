//===- Passes.h - the ascendc dialect's passes ------------------*- C++ -*-===//

#ifndef ASC_DIALECT_ASCENDC_TRANSFORMS_PASSES_H
#define ASC_DIALECT_ASCENDC_TRANSFORMS_PASSES_H

#include "asc/Dialect/AscendC/AscendCDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::ascendc {

#define GEN_PASS_DECL
#include "asc/Dialect/AscendC/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "asc/Dialect/AscendC/Transforms/Passes.h.inc"

} // namespace mlir::ascendc

#endif // ASC_DIALECT_ASCENDC_TRANSFORMS_PASSES_H
