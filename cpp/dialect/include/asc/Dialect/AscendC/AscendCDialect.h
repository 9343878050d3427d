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

/// The core's state outside an op's operands (registers, queues, flags, the
/// debug output stream), as one MLIR resource. AscendCBase.td's `ascState`
/// says what each op does to it.
struct StateResource : SideEffects::Resource::Base<StateResource> {
  llvm::StringRef getName() final { return "ascendc::State"; }
};

enum class StateEffect { None, Read, ReadWrite };

namespace effect_rules {
/// Helpers of the getEffects that asc-tblgen generates for every op that is not Pure.
/// Bit 0 when operand 0 is a tensor: the default written operand (Ascend C
/// puts the destination first).
uint64_t destinationOperand(Operation *op);
/// Sets the bits of an ODS operand group (index, length).
void markOperands(uint64_t &mask, std::pair<unsigned, unsigned> range);
/// A Write on every tensor operand whose bit is set in `written`, a Read on
/// every other tensor operand.
void addTensorEffects(Operation *op, uint64_t written,
                      llvm::SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects);
void addStateEffects(StateEffect state,
                     llvm::SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>> &effects);
} // namespace effect_rules

/// Whether `type` is a LocalTensor or GlobalTensor.
bool isTensorType(Type type);

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
