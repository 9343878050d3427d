//===- AscendCDialect.cpp - dialect, types and enums ------------------------===//

#include "asc/Dialect/AscendC/AscendCDialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::ascendc;

#include "asc/Dialect/AscendC/AscendCDialect.cpp.inc"
#include "asc/Dialect/AscendC/AscendCEnums.cpp.inc"
#include "asc/Dialect/AscendC/AscendCTypeInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "asc/Dialect/AscendC/AscendCTypes.cpp.inc"

void AscendCDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "asc/Dialect/AscendC/AscendCOps.cpp.inc"
      >();
}

void AscendCDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "asc/Dialect/AscendC/AscendCTypes.cpp.inc"
      >();
}

Type mlir::ascendc::getTensorElementType(Type type) {
  return llvm::TypeSwitch<Type, Type>(type)
      .Case<GlobalTensorType, LocalTensorType, GMPtrType>(
          [](auto t) { return t.getElementType(); })
      .Default([](Type t) { return t; });
}

StringRef mlir::ascendc::getCppScalarTypeName(Type type) {
  if (type.isF16()) return "half";
  if (type.isBF16()) return "bfloat16_t";
  if (type.isF32()) return "float";
  if (type.isF64()) return "double";
  if (type.isIndex()) return "int64_t";
  if (auto it = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = it.isUnsigned();
    switch (it.getWidth()) {
    case 1: return "bool";
    case 8: return isUnsigned ? "uint8_t" : "int8_t";
    case 16: return isUnsigned ? "uint16_t" : "int16_t";
    case 32: return isUnsigned ? "uint32_t" : "int32_t";
    case 64: return isUnsigned ? "uint64_t" : "int64_t";
    default: return {};
    }
  }
  return {};
}

// Tensor and pointer element types must be ones Ascend C has.
static LogicalResult verifyElementType(function_ref<InFlightDiagnostic()> emitError,
                                       Type elementType, StringRef what) {
  if (getCppScalarTypeName(elementType).empty())
    return emitError() << what << " element type " << elementType
                       << " is not an Ascend C type (expected i1, i8..i64, ui8..ui64, "
                          "f16, bf16, f32 or f64)";
  return success();
}

LogicalResult GlobalTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                                       Type elementType) {
  return verifyElementType(emitError, elementType, "GlobalTensor");
}
LogicalResult LocalTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                                      Type elementType) {
  return verifyElementType(emitError, elementType, "LocalTensor");
}
LogicalResult TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                     Type elementType) {
  return verifyElementType(emitError, elementType, "TensorDesc");
}
LogicalResult GMPtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                                Type elementType) {
  return verifyElementType(emitError, elementType, "GM pointer");
}
