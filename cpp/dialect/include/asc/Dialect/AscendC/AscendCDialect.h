//===- AscendCDialect.h - the ascendc dialect ------------------*- C++ -*-===//
//
// Public header: include this to use the dialect, its types, enums and ops.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_DIALECT_ASCENDC_ASCENDCDIALECT_H
#define ASC_DIALECT_ASCENDC_ASCENDCDIALECT_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include "asc/Dialect/AscendC/AscendCEnums.h.inc"

#include "asc/Dialect/AscendC/AscendCDialect.h.inc"

#include "asc/Dialect/AscendC/AscendCTypeInterfaces.h.inc"

#define GET_TYPEDEF_CLASSES
#include "asc/Dialect/AscendC/AscendCTypes.h.inc"

namespace mlir::ascendc {

/// The element type of a GlobalTensor, LocalTensor or GM pointer type;
/// any other type is returned unchanged.
Type getTensorElementType(Type type);

/// The C++ spelling of an element type in Ascend C (float, half, int32_t, …);
/// empty when the type has none.
llvm::StringRef getCppScalarTypeName(Type type);

/// The number of values a parameter-struct field of C++ type `cppType` takes
/// in ascendc.construct: N for an array "T[N]", else 1.
int64_t getStructFieldArity(llvm::StringRef cppType);

} // namespace mlir::ascendc

#define GET_OP_CLASSES
#include "asc/Dialect/AscendC/AscendCOps.h.inc"

namespace mlir::ascendc {

/// The element offset a view (an op with ViewLikeOpInterface: subindex,
/// gm_ptr_offset, reinterpret_cast, gm_ptr_cast) adds to its source; null
/// when the view keeps the source's start.
Value viewOffset(ViewLikeOpInterface view);

} // namespace mlir::ascendc

#endif // ASC_DIALECT_ASCENDC_ASCENDCDIALECT_H
