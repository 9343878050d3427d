//===- AscendCOps.cpp - op verifiers -----------------------------------------===//
//
// Verifiers reject what the Ascend C compiler or the hardware rejects, with a
// diagnostic at the op's location (which the front end sets to the user's
// Python file:line:col).
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/AscendC/AscendCDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::ascendc;

#define GET_OP_CLASSES
#include "asc/Dialect/AscendC/AscendCOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Structs
//===----------------------------------------------------------------------===//

LogicalResult ConstructOp::verify() {
  auto type = cast<ParamStructType>(getResult().getType());
  size_t expected = type.getFieldNames().size();
  if (getFields().size() != expected) {
    std::string names;
    llvm::raw_string_ostream os(names);
    llvm::interleaveComma(type.getFieldNames(), os);
    return emitOpError() << type.getCppName() << " takes " << expected
                         << " fields (" << names << "), got " << getFields().size();
  }
  for (Value field : getFields()) {
    // Fields are scalars, or a nested mask/struct.
    Type t = field.getType();
    if (!t.isIntOrIndexOrFloat() && !isa<BitMaskType, ParamStructType>(t))
      return emitOpError() << "field of type " << t << " is not a scalar";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Synchronisation
//===----------------------------------------------------------------------===//

namespace {
/// The pipes a kernel of a given kind may use, from the enclosing function's
/// or module's `ascendc.kernel_type` attribute (the asc KernelType names).
/// An AIV core has S, V, MTE2 and MTE3; an AIC core has S, MTE1, MTE2, M and FIX.
enum class CoreKind { Unknown, Vector, Cube };

CoreKind getCoreKind(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (auto attr = p->getAttrOfType<StringAttr>("ascendc.kernel_type")) {
      return llvm::StringSwitch<CoreKind>(attr.getValue())
          .Case("AIV_ONLY", CoreKind::Vector)
          .Case("AIC_ONLY", CoreKind::Cube)
          .Default(CoreKind::Unknown);
    }
  }
  return CoreKind::Unknown;
}

bool pipeOnCore(StringRef pipe, CoreKind kind) {
  if (kind == CoreKind::Vector)
    return pipe == "S" || pipe == "V" || pipe == "MTE2" || pipe == "MTE3";
  if (kind == CoreKind::Cube)
    return pipe == "S" || pipe == "MTE1" || pipe == "MTE2" || pipe == "M" || pipe == "FIX";
  return true;
}

constexpr int64_t kNumEventIds = 8; // event ids 0..7 per (src, dst) pair on A2/A3

template <typename FlagOp>
LogicalResult verifyFlagOp(FlagOp op) {
  APInt id;
  if (matchPattern(op.getEventId(), m_ConstantInt(&id))) {
    int64_t v = id.getSExtValue();
    if (v < 0 || v >= kNumEventIds)
      return op.emitOpError() << "event id " << v << " is outside 0.." << kNumEventIds - 1;
  }
  CoreKind kind = getCoreKind(op);
  StringRef name = stringifyHardEvent(op.getEvent());
  auto [src, dst] = name.split('_');
  for (StringRef pipe : {src, dst})
    if (!pipeOnCore(pipe, kind))
      return op.emitOpError() << "HardEvent::" << name << " uses pipe " << pipe
                              << ", which a " << (kind == CoreKind::Vector ? "vector (AIV)" : "cube (AIC)")
                              << " core does not have";
  return success();
}
} // namespace

LogicalResult SetFlagOp::verify() { return verifyFlagOp(*this); }
LogicalResult WaitFlagOp::verify() { return verifyFlagOp(*this); }

LogicalResult PipeBarrierOp::verify() {
  if (getPipe() == PipeID::PIPE_S)
    return emitOpError() << "a barrier on PIPE_S is illegal: the scalar pipe executes in order";
  return success();
}

//===----------------------------------------------------------------------===//
// Data copy (ops/DataCopy.td)
//===----------------------------------------------------------------------===//

namespace {
/// DataCopy moves GM->local, local->local or local->GM; there is no GM->GM form.
template <typename CopyOp>
LogicalResult verifyCopyDirection(CopyOp op) {
  if (isa<GlobalTensorType>(op.getDst().getType()) && isa<GlobalTensorType>(op.getSrc().getType()))
    return op.emitOpError() << "copies GlobalTensor to GlobalTensor, which DataCopy cannot: "
                               "one of dst and src must be a LocalTensor";
  return success();
}
} // namespace

LogicalResult DataCopyOp::verify() { return verifyCopyDirection(*this); }
LogicalResult DataCopyParamsOp::verify() { return verifyCopyDirection(*this); }
LogicalResult DataCopyEnhancedOp::verify() { return verifyCopyDirection(*this); }

LogicalResult DataCopyPadOp::verify() {
  bool extParams = isa<DataCopyExtParamsType>(getParams().getType());
  auto extPad = dyn_cast<DataCopyPadExtParamsType>(getPadParams().getType());
  if (extParams && !extPad)
    return emitOpError() << "DataCopyExtParams goes with DataCopyPadExtParams<T>, not "
                            "DataCopyPadParams";
  if (!extParams && extPad)
    return emitOpError() << "DataCopyParams goes with DataCopyPadParams, not "
                            "DataCopyPadExtParams<T>";
  Type elem = getTensorElementType(getDst().getType());
  if (extPad && extPad.getElementType() != elem)
    return emitOpError() << "DataCopyPadExtParams element type " << extPad.getElementType()
                         << " differs from the tensors' element type " << elem;
  return success();
}
