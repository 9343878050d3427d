//===- ApiEmitters.cpp - Ascend C API calls, generated from the dialect -----===//
//
// Every ascendc op with an `ascCall` format is printed by a function that
// asc-tblgen writes from the op's TableGen definition.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/AscendC/AscendCDialect.h"
#include "asc/Emitter/CppEmitter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace {
#include "asc/Emitter/AscendCApiEmitters.inc"

/// A value list-initialisation takes as it is: a constant no field narrows
/// (an integer in [0, 255], a bool, a float); anything else is cast to the
/// field's type first, since a braced initialiser may not narrow (clang, and
/// so bisheng, rejects `DataCopyParams p{n, ...}` for an int32 n).
static bool fitsAnyField(Value v) {
  auto constant = v.getDefiningOp<arith::ConstantOp>();
  if (!constant) return false;
  if (auto i = dyn_cast<IntegerAttr>(constant.getValue())) {
    if (i.getType().isInteger(1)) return true;
    int64_t x = i.getValue().getSExtValue();
    return x >= 0 && x <= 255;
  }
  return isa<FloatAttr>(constant.getValue());
}

/// `ascendc.construct`: `T name{f0, static_cast<E>(f1), name_arr, sub, ...};`, with
/// each array field declared before as `U name_arr[N] = {...};`; a struct
/// templated on its element type is `T<elem>`; fields past the constructor's
/// (getConstructorArity) are assigned after it, `name.field = v;`.
LogicalResult emitConstruct(asc::CppEmitter &e, Operation *o) {
  auto op = cast<ascendc::ConstructOp>(o);
  auto type = cast<ascendc::ParamStructType>(op.getResult().getType());
  ArrayRef<StringRef> names = type.getFieldNames();
  ArrayRef<StringRef> cppTypes = type.getFieldCppTypes();
  StringRef name = e.getName(op.getResult());
  ValueRange values = op.getFields();
  std::string cppType = e.getValueTypeName(op.getResult());
  if (cppType.empty())
    return op.emitOpError() << e.getTypeName(type) << ": no element type for its template argument";
  int arity = type.getConstructorArity() < 0 ? int(names.size()) : type.getConstructorArity();
  // Array fields first.
  SmallVector<std::string> arrays(names.size());
  size_t next = 0;
  for (size_t i = 0; i < names.size(); ++i) {
    StringRef ct = i < cppTypes.size() ? cppTypes[i] : StringRef();
    int64_t n = ascendc::getStructFieldArity(ct);
    if (ct.ends_with("]")) {
      StringRef elem = ct.substr(0, ct.rfind('['));
      arrays[i] = e.newName((name + "_" + names[i]).str());
      e.beginStatement(o);
      e.os() << elem << " " << arrays[i] << "[" << n << "] = {";
      for (int64_t k = 0; k < n; ++k) {
        if (k) e.os() << ", ";
        Value v = values[next + k];
        bool cast = !fitsAnyField(v) && e.getTypeName(v.getType()) != elem;
        if (cast) e.os() << "static_cast<" << elem << ">(";
        e.emitValue(v);
        if (cast) e.os() << ")";
      }
      e.os() << "}";
      e.endStatement();
    }
    next += n;
  }
  auto emitField = [&](size_t i, size_t index) {
    StringRef ct = i < cppTypes.size() ? cppTypes[i] : StringRef();
    if (!arrays[i].empty()) {
      e.os() << arrays[i];
    } else if (isa<ascendc::ParamStructType>(values[index].getType())) {
      e.emitValue(values[index]);  // a member struct (AippParams' six), copied as it is
    } else if (!ct.empty()) {
      e.os() << "static_cast<" << ct << ">(";
      e.emitValue(values[index]);
      e.os() << ")";
    } else if (!fitsAnyField(values[index])) {
      e.os() << "static_cast<decltype(" << cppType << "::" << names[i] << ")>(";
      e.emitValue(values[index]);
      e.os() << ")";
    } else {
      e.emitValue(values[index]);
    }
  };
  e.beginStatement(o);
  e.os() << cppType << " " << name << "{";
  next = 0;
  SmallVector<std::pair<size_t, size_t>> members;  // (field, value index) set after the constructor
  for (size_t i = 0; i < names.size(); ++i) {
    StringRef ct = i < cppTypes.size() ? cppTypes[i] : StringRef();
    if (int(i) < arity) {
      if (i) e.os() << ", ";
      emitField(i, next);
    } else {
      members.push_back({i, next});
    }
    next += ascendc::getStructFieldArity(ct);
  }
  e.os() << "}";
  e.endStatement();
  for (auto [i, index] : members) {
    e.beginStatement(o);
    e.os() << name << "." << names[i] << " = ";
    emitField(i, index);
    e.endStatement();
  }
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
/// `ascendc.trans_data_to_5hd_list`: the two lists declared as arrays (of
/// LocalTensor<T> or of uint64_t), then `AscendC::TransDataTo5HD<T>(dst, src, params);`.
LogicalResult emitTransDataTo5HDList(asc::CppEmitter &e, Operation *o) {
  auto op = cast<ascendc::TransDataTo5HDListOp>(o);
  std::string elem = e.getTypeName(op.getElementType());
  if (elem.empty()) return op.emitOpError() << "no C++ type for " << op.getElementType();
  bool tensors = isa<ascendc::LocalTensorType>(op.getDstList().front().getType());
  std::string arrayType = tensors ? "AscendC::LocalTensor<" + elem + ">" : std::string("uint64_t");
  auto declare = [&](ValueRange values, StringRef what) {
    std::string name = e.newName(what.str());
    e.beginStatement(o);
    e.os() << arrayType << " " << name << "[" << values.size() << "] = {";
    for (auto [i, v] : llvm::enumerate(values)) {
      if (i) e.os() << ", ";
      e.emitValue(v);
    }
    e.os() << "}";
    e.endStatement();
    return name;
  };
  std::string dst = declare(op.getDstList(), "dst_list");
  std::string src = declare(op.getSrcList(), "src_list");
  e.beginStatement(o);
  e.os() << "AscendC::TransDataTo5HD<" << elem << ">(" << dst << ", " << src << ", ";
  e.emitValue(op.getParams());
  e.os() << ")";
  e.endStatement();
  return success();
}
} // namespace

void asc::registerApiEmitters(CppEmitter::EmitterTable &table) {
  registerGeneratedEmitters(table);
  table[TypeID::get<ascendc::ConstructOp>()] = emitConstruct;
  table[TypeID::get<ascendc::StructFieldOp>()] = emitStructField;
  table[TypeID::get<ascendc::TransDataTo5HDListOp>()] = emitTransDataTo5HDList;
}
