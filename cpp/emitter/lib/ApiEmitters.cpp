//===- ApiEmitters.cpp - Ascend C API calls, generated from the dialect -----===//
//
// Every ascendc op with an `ascCall` format is printed by a function that
// asc-tblgen writes from the op's TableGen definition.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/AscendC/AscendCDialect.h"
#include "asc/Emitter/CppEmitter.h"

using namespace mlir;

namespace {
#include "asc/Emitter/AscendCApiEmitters.inc"

/// `ascendc.construct`: `T name{f0, static_cast<E>(f1), name_arr, ...};`, with
/// each array field declared before as `U name_arr[N] = {...};`.
LogicalResult emitConstruct(asc::CppEmitter &e, Operation *o) {
  auto op = cast<ascendc::ConstructOp>(o);
  auto type = cast<ascendc::ParamStructType>(op.getResult().getType());
  ArrayRef<StringRef> names = type.getFieldNames();
  ArrayRef<StringRef> cppTypes = type.getFieldCppTypes();
  StringRef name = e.getName(op.getResult());
  ValueRange values = op.getFields();
  // Array fields first.
  SmallVector<std::string> arrays(names.size());
  size_t next = 0;
  for (size_t i = 0; i < names.size(); ++i) {
    StringRef ct = i < cppTypes.size() ? cppTypes[i] : StringRef();
    int64_t n = ascendc::getStructFieldArity(ct);
    if (ct.ends_with("]")) {
      arrays[i] = e.newName((name + "_" + names[i]).str());
      e.beginStatement(o);
      e.os() << ct.substr(0, ct.rfind('[')) << " " << arrays[i] << "[" << n << "] = {";
      for (int64_t k = 0; k < n; ++k) {
        if (k) e.os() << ", ";
        e.emitValue(values[next + k]);
      }
      e.os() << "}";
      e.endStatement();
    }
    next += n;
  }
  e.beginStatement(o);
  e.beginDeclaration(op.getResult());
  e.os() << "{";
  next = 0;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) e.os() << ", ";
    StringRef ct = i < cppTypes.size() ? cppTypes[i] : StringRef();
    if (!arrays[i].empty()) {
      e.os() << arrays[i];
    } else if (!ct.empty()) {
      e.os() << "static_cast<" << ct << ">(";
      e.emitValue(values[next]);
      e.os() << ")";
    } else {
      e.emitValue(values[next]);
    }
    next += ascendc::getStructFieldArity(ct);
  }
  e.os() << "}";
  e.endStatement();
  return success();
}

/// `ascendc.struct_field`: `T name = value.field;`.
LogicalResult emitStructField(asc::CppEmitter &e, Operation *o) {
  auto op = cast<ascendc::StructFieldOp>(o);
  e.beginStatement(o);
  e.beginAssignment(op.getResult());
  e.emitValue(op.getValue());
  e.os() << "." << op.getField();
  e.endStatement();
  return success();
}
} // namespace

void asc::registerApiEmitters(CppEmitter::EmitterTable &table) {
  registerGeneratedEmitters(table);
  table[TypeID::get<ascendc::ConstructOp>()] = emitConstruct;
  table[TypeID::get<ascendc::StructFieldOp>()] = emitStructField;
}
