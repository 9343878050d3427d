//===- AscendCEffects.cpp - the ops' memory effects --------------------------===//
//
// Every op that is not Pure implements MLIR's MemoryEffectOpInterface with a
// getEffects that asc-tblgen generates from its definition (AscendCBase.td:
// `ascWrites`, `ascState`); the helpers below are what those definitions call.
// The effects let MLIR's generic passes (canonicalize, CSE, DCE) keep what a
// call does, and are how the ascendc-insert-sync pass learns which tensors an
// op writes.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/AscendC/AscendCDialect.h"

using namespace mlir;
using namespace mlir::ascendc;

using Effects = llvm::SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>;

bool mlir::ascendc::isTensorType(Type type) { return isa<LocalTensorType, GlobalTensorType>(type); }

uint64_t effect_rules::destinationOperand(Operation *op) {
  return op->getNumOperands() > 0 && isTensorType(op->getOperand(0).getType()) ? 1 : 0;
}

void effect_rules::markOperands(uint64_t &mask, std::pair<unsigned, unsigned> range) {
  // Operands past 64 are never written: no Ascend C call has that many tensors
  // before its destination (ascWrites names leading operands).
  for (unsigned i = range.first; i < range.first + range.second && i < 64; ++i)
    mask |= uint64_t(1) << i;
}

void effect_rules::addTensorEffects(Operation *op, uint64_t written, Effects &effects) {
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isTensorType(operand.get().getType())) continue;
    unsigned i = operand.getOperandNumber();
    bool write = i < 64 && (written >> i & 1);
    if (write)
      effects.emplace_back(MemoryEffects::Write::get(), &operand);
    else
      effects.emplace_back(MemoryEffects::Read::get(), &operand);
  }
}

void effect_rules::addStateEffects(StateEffect state, Effects &effects) {
  if (state == StateEffect::None) return;
  effects.emplace_back(MemoryEffects::Read::get(), StateResource::get());
  if (state == StateEffect::ReadWrite) effects.emplace_back(MemoryEffects::Write::get(), StateResource::get());
}

#include "asc/Dialect/AscendC/AscendCEffects.inc"
