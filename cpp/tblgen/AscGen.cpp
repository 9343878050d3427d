//===- AscGen.cpp - the project's TableGen backends --------------------------===//
//
// asc-tblgen reads the ascendc dialect's .td files and writes, for every op:
//   --gen-ascendc-emitter      the C++ that prints the op as Ascend C, from
//                              the op's `ascCall` format (cpp/emitter);
//   --gen-ascendc-py-builder   the nanobind method create_asc_<Op> of the
//                              Python IR builder, and Builder.OP_PARAMS, the
//                              keyword arguments of each (python/src);
//   --gen-ascendc-py-defs      the Python enums and the parameter structs'
//                              fields (python/asc/language/core/_generated.py);
//   --gen-ascendc-model-enums  the Model's enums (asc_model/generated_enums.h);
//   --gen-ascendc-op-list      one line per op: mnemonic, C++ class, Ascend C
//                              call (used by tests that check coverage);
//   --gen-ascendc-sync-info    the pipe of each op, from its `ascPipe` (the
//                              ascendc-insert-sync pass);
//   --gen-ascendc-effects      getEffects (MLIR's MemoryEffectOpInterface) of
//                              every op that is not Pure, from its tensor
//                              operands, its `ascWrites` and its `ascState`.
// Adding an op to the dialect therefore adds its emission and its builder.
// The two files for Python and the Model are checked in (the package and the
// Model's run-time g++ read them from the source tree); cpp/tblgen/BUILD
// regenerates them (`bazel run //cpp/tblgen:update_generated`) and tests that
// they are current.
//
//===----------------------------------------------------------------------===//

#include "mlir/TableGen/Argument.h"
#include "mlir/TableGen/Attribute.h"
#include "mlir/TableGen/Format.h"
#include "mlir/TableGen/Operator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Main.h"
#include "llvm/TableGen/Record.h"

#include <set>

using namespace llvm;
using mlir::tblgen::Attribute;
using mlir::tblgen::EnumAttr;
using mlir::tblgen::NamedAttribute;
using mlir::tblgen::NamedTypeConstraint;
using mlir::tblgen::Operator;

namespace {

enum class Action { Emitter, PyBuilder, PyDefs, ModelEnums, OpList, SyncInfo, Effects };

cl::opt<Action> action(
    cl::desc("what to generate"),
    cl::values(clEnumValN(Action::Emitter, "gen-ascendc-emitter", "Ascend C emission functions"),
               clEnumValN(Action::PyBuilder, "gen-ascendc-py-builder", "nanobind builder methods"),
               clEnumValN(Action::PyDefs, "gen-ascendc-py-defs", "Python enums and struct fields"),
               clEnumValN(Action::ModelEnums, "gen-ascendc-model-enums", "the Model's enums header"),
               clEnumValN(Action::OpList, "gen-ascendc-op-list", "list of ops"),
               clEnumValN(Action::SyncInfo, "gen-ascendc-sync-info",
                          "the pipe of each op (automatic synchronisation)"),
               clEnumValN(Action::Effects, "gen-ascendc-effects",
                          "each op's memory effects (MemoryEffectOpInterface::getEffects)")));

std::vector<Operator> getDialectOps(RecordKeeper &records) {
  std::vector<Record *> defs = records.getAllDerivedDefinitions("AscendC_Op");
  llvm::sort(defs, [](Record *a, Record *b) {
    return a->getValueAsString("opName") < b->getValueAsString("opName");
  });
  // Operator holds pointers into itself: reserve so that no element moves.
  std::vector<Operator> ops;
  ops.reserve(defs.size());
  for (Record *def : defs) ops.emplace_back(def);
  return ops;
}

/// An enum attribute (possibly wrapped in DefaultValuedAttr), or nullptr.
const Record *getEnumDef(const Attribute &attr) {
  const Record &def = attr.getBaseAttr().getDef();
  return def.isSubClassOf("EnumAttrInfo") ? &def : nullptr;
}

//===----------------------------------------------------------------------===//
// Emitter
//===----------------------------------------------------------------------===//

/// Writes the C++ statements that print one `$name` reference of `op`.
class CallFormatter {
public:
  CallFormatter(const Operator &op, raw_ostream &os) : op(op), os(os) {}

  void emitText(StringRef text) {
    if (!text.empty())
      os << "  e.os() << \"" << llvm::StringRef(escape(text)) << "\";\n";
  }

  /// Prints operand, attribute or result `name` as C++.
  void emitRef(StringRef name, ArrayRef<SMLoc> loc) {
    for (int i = 0, n = op.getNumOperands(); i < n; ++i) {
      const NamedTypeConstraint &operand = op.getOperand(i);
      if (operand.name != name) continue;
      std::string getter = "op." + op.getGetterName(name) + "()";
      if (operand.isVariadic())
        os << "  e.emitValues(" << getter << ");\n";
      else if (operand.isOptional())
        os << "  if (" << getter << ") e.emitValue(" << getter << ");\n";
      else
        os << "  e.emitValue(" << getter << ");\n";
      return;
    }
    for (const NamedAttribute &na : op.getAttributes()) {
      if (na.name != name) continue;
      emitAttr(na);
      return;
    }
    for (int i = 0, n = op.getNumResults(); i < n; ++i) {
      if (op.getResultName(i) != name) continue;
      os << "  e.emitValue(op->getResult(" << i << "));\n";
      return;
    }
    PrintFatalError(loc, "ascCall of " + op.getOperationName() + " names '$" + name +
                             "', which is not an operand, attribute or result");
  }

  void emitAttr(const NamedAttribute &na) {
    std::string getter = "op." + op.getGetterName(na.name);
    if (const Record *enumDef = getEnumDef(na.attr)) {
      EnumAttr enumAttr(enumDef);
      os << "  e.os() << \"" << enumDef->getValueAsString("ascCppPrefix") << "\" << "
         << enumAttr.getCppNamespace() << "::" << enumAttr.getSymbolToStringFnName()
         << "(" << getter << "());\n";
      return;
    }
    os << "  e.emitAttr(" << getter << "Attr());\n";
  }

  /// `$elem(name)` / `$type(name)`: the C++ element type or type of a value.
  void emitTypeRef(StringRef fn, StringRef name, ArrayRef<SMLoc> loc) {
    std::string value;
    for (int i = 0, n = op.getNumOperands(); i < n; ++i)
      if (op.getOperand(i).name == name && !op.getOperand(i).isVariadic())
        value = "op." + op.getGetterName(name) + "()";
    for (int i = 0, n = op.getNumResults(); i < n; ++i)
      if (op.getResultName(i) == name) value = "op->getResult(" + std::to_string(i) + ")";
    if (value.empty())
      PrintFatalError(loc, "ascCall of " + op.getOperationName() + " takes the type of '" +
                               name + "', which is not a single operand or result");
    os << "  e.emit" << (fn == "elem" ? "ElementType" : "Type") << "(" << value
       << ".getType());\n";
  }

  /// `$args`: every operand and attribute in declaration order; `$operands`:
  /// the operands only (for calls whose attributes are template arguments and
  /// whose optional operands select the overload, e.g. the adv APIs'
  /// `sharedTmpBuffer` / `calCount`).
  void emitArgs(bool withAttrs = true) {
    os << "  { bool first = true; (void)first;\n";
    for (int i = 0, n = op.getNumArgs(); i < n; ++i) {
      auto arg = op.getArg(i);
      if (auto *operand = llvm::dyn_cast_if_present<NamedTypeConstraint *>(arg)) {
        std::string getter = "op." + op.getGetterName(operand->name) + "()";
        if (operand->isVariadic()) {
          os << "  if (!" << getter << ".empty()) { if (!first) e.os() << \", \"; first = false; e.emitValues("
             << getter << "); }\n";
        } else if (operand->isOptional()) {
          os << "  if (" << getter << ") { if (!first) e.os() << \", \"; first = false; e.emitValue("
             << getter << "); }\n";
        } else {
          os << "  if (!first) e.os() << \", \"; first = false;\n";
          os << "  e.emitValue(" << getter << ");\n";
        }
      } else if (auto *na = llvm::dyn_cast_if_present<NamedAttribute *>(arg); na && withAttrs) {
        os << "  if (!first) e.os() << \", \"; first = false;\n";
        emitAttr(*na);
      }
    }
    os << "  }\n";
  }

  void emitFormat(StringRef format, ArrayRef<SMLoc> loc) {
    std::string text;
    while (!format.empty()) {
      size_t dollar = format.find('$');
      if (dollar == StringRef::npos) { text += format.str(); break; }
      text += format.take_front(dollar).str();
      format = format.drop_front(dollar + 1);
      size_t len = 0;
      while (len < format.size() && (isAlnum(format[len]) || format[len] == '_')) ++len;
      StringRef ident = format.take_front(len);
      format = format.drop_front(len);
      emitText(text);
      text.clear();
      if ((ident == "elem" || ident == "type") && format.starts_with("(")) {
        size_t close = format.find(')');
        emitTypeRef(ident, format.substr(1, close - 1), loc);
        format = format.drop_front(close + 1);
      } else if (ident == "args") {
        emitArgs();
      } else if (ident == "operands") {
        emitArgs(/*withAttrs=*/false);
      } else {
        emitRef(ident, loc);
      }
    }
    emitText(text);
  }

private:
  static std::string escape(StringRef s) {
    std::string out;
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out;
  }

  const Operator &op;
  raw_ostream &os;
};

bool genEmitter(raw_ostream &os, RecordKeeper &records) {
  os << "// Generated by asc-tblgen --gen-ascendc-emitter. Do not edit.\n\n";
  std::vector<Operator> ops = getDialectOps(records);
  for (const Operator &op : ops) {
    const Record &def = op.getDef();
    StringRef format = def.getValueAsString("ascCall");
    bool isDecl = def.getValueAsBit("ascIsDecl");
    if (format.empty() && !isDecl) continue;
    bool outParams = def.getValueAsBit("ascOutParams");
    bool isRef = def.getValueAsBit("ascIsRef");
    if (op.getNumResults() > 1 && !outParams)
      PrintFatalError(def.getLoc(), op.getOperationName() + ": ops with ascCall have at most one result "
                                    "(unless ascOutParams is set)");
    os << "static ::mlir::LogicalResult emit" << op.getCppClassName()
       << "(::asc::CppEmitter &e, ::mlir::Operation *o) {\n"
       << "  auto op = ::llvm::cast<" << op.getQualCppClassName() << ">(o); (void)op;\n";
    if (outParams)
      os << "  for (::mlir::Value r : op->getResults()) {\n"
         << "    e.beginStatement(o); e.beginDeclaration(r); e.endStatement();\n  }\n";
    os << "  e.beginStatement(o);\n";
    // Out-parameter results were declared above; the call names them.
    if (!outParams) {
      if (isDecl)
        os << "  e.beginDeclaration(op->getResult(0));\n";
      else if (isRef)
        os << "  e.beginReference(op->getResult(0));\n";
      else if (op.getNumResults() == 1)
        os << "  e.beginAssignment(op->getResult(0));\n";
    }
    CallFormatter(op, os).emitFormat(format, def.getLoc());
    os << "  e.endStatement();\n  return ::mlir::success();\n}\n\n";
  }
  os << "static void registerGeneratedEmitters(::asc::CppEmitter::EmitterTable &table) {\n";
  for (const Operator &op : ops) {
    const Record &def = op.getDef();
    if (def.getValueAsString("ascCall").empty() && !def.getValueAsBit("ascIsDecl")) continue;
    os << "  table[::mlir::TypeID::get<" << op.getQualCppClassName() << ">()] = &emit"
       << op.getCppClassName() << ";\n";
  }
  os << "}\n";
  return false;
}

//===----------------------------------------------------------------------===//
// Python builder
//===----------------------------------------------------------------------===//

/// The C++ parameter type the Python method takes for an attribute, and the
/// expression that turns that parameter into the attribute.
struct AttrParam {
  std::string cppType;
  std::string toAttr; // may refer to the parameter as $0 and to the builder
};

AttrParam getAttrParam(const NamedAttribute &na, const Operator &op) {
  const Attribute &attr = na.attr;
  std::string name = na.name.str();
  if (const Record *enumDef = getEnumDef(attr)) {
    EnumAttr enumAttr(enumDef);
    std::string ns = enumAttr.getCppNamespace().str();
    std::string sym = ns + "::" + enumAttr.getUnderlyingToSymbolFnName().str();
    std::string check =
        formatv("[&] {{ auto v = {0}(static_cast<uint32_t>(({1}))); if (!v) throw "
                "nanobind::value_error(\"{2}: {3} is not a valid {4}\"); return "
                "{5}Attr::get(b.getContext(), *v); }()",
                sym, "$0", op.getOperationName(), name, enumAttr.getEnumClassName(),
                ns + "::" + enumAttr.getEnumClassName().str())
            .str();
    return {"int64_t", check};
  }
  StringRef storage = attr.getBaseAttr().getStorageType();
  if (storage.contains("BoolAttr")) return {"bool", "b.getBoolAttr($0)"};
  if (storage.contains("StringAttr")) return {"std::string", "b.getStringAttr($0)"};
  if (storage.contains("TypeAttr")) return {"::mlir::Type", "::mlir::TypeAttr::get($0)"};
  if (storage.contains("FloatAttr")) {
    StringRef builder = attr.getConstBuilderTemplate();
    if (!builder.empty()) return {"double", builder.str()};
    return {"double", "b.getF64FloatAttr($0)"};
  }
  if (storage.contains("IntegerAttr")) {
    StringRef builder = attr.getConstBuilderTemplate();
    if (!builder.empty()) return {"int64_t", builder.str()};
    return {"int64_t", "b.getI64IntegerAttr($0)"};
  }
  return {"::mlir::Attribute", "$0"};
}

bool genPyBuilder(raw_ostream &os, RecordKeeper &records) {
  os << "// Generated by asc-tblgen --gen-ascendc-py-builder. Do not edit.\n"
     << "// Included in python/src/ir.cpp, inside a function taking `cls`, the\n"
     << "// nanobind class of the IR builder.\n\n";
  // create_asc_<Op> name -> its keyword arguments, in order (OP_PARAMS below).
  std::vector<std::pair<std::string, std::vector<std::string>>> table;
  for (const Operator &op : getDialectOps(records)) {
    std::vector<std::string> params, pyNames, argNames, body;
    // Result types that ODS cannot build must be given.
    for (int i = 0, n = op.getNumResults(); i < n; ++i) {
      auto result = op.getResult(i);
      std::string name = result.name.empty() ? "result" : result.name.str();
      if (result.isVariadic())
        PrintFatalError(op.getDef().getLoc(), "variadic results are not supported");
      if (auto call = result.constraint.getBuilderCall()) {
        mlir::tblgen::FmtContext ctx;
        ctx.withBuilder("b");
        body.push_back("st.addTypes(" + mlir::tblgen::tgfmt(*call, &ctx).str() + ");");
      } else {
        params.push_back("::mlir::Type " + name + "_type");
        pyNames.push_back(name + "_type\")");
        argNames.push_back(name + "_type");
        body.push_back("st.addTypes(" + name + "_type);");
      }
    }
    for (int i = 0, n = op.getNumArgs(); i < n; ++i) {
      auto arg = op.getArg(i);
      if (auto *operand = llvm::dyn_cast_if_present<NamedTypeConstraint *>(arg)) {
        std::string name = operand->name.str();
        if (operand->isVariadic()) {
          params.push_back("const std::vector<::mlir::Value> &" + name);
          body.push_back("st.addOperands(" + name + ");");
        } else if (operand->isOptional()) {
          params.push_back("std::optional<::mlir::Value> " + name);
          body.push_back("if (" + name + ") st.addOperands(*" + name + ");");
        } else {
          params.push_back("::mlir::Value " + name);
          body.push_back("st.addOperands(" + name + ");");
        }
        pyNames.push_back(name + "\")");
        argNames.push_back(name);
      } else if (auto *na = llvm::dyn_cast_if_present<NamedAttribute *>(arg)) {
        std::string name = na->name.str();
        AttrParam p = getAttrParam(*na, op);
        mlir::tblgen::FmtContext ctx;
        ctx.withBuilder("b");
        std::string toAttr = mlir::tblgen::tgfmt(p.toAttr, &ctx, name).str();
        bool optional = na->attr.isOptional();
        if (optional) {
          params.push_back("std::optional<" + p.cppType + "> " + name);
          std::string inner = mlir::tblgen::tgfmt(p.toAttr, &ctx, "(*" + name + ")").str();
          body.push_back("if (" + name + ") props." + name + " = " + inner + ";");
        } else {
          params.push_back(p.cppType + " " + name);
          body.push_back("props." + name + " = " + toAttr + ";");
        }
        // Attributes with a default keep it in Python.
        if (na->attr.hasDefaultValue() && !optional && p.cppType != "::mlir::Attribute")
          pyNames.push_back(name + "\") = static_cast<" + p.cppType + ">(" +
                            na->attr.getDefaultValue().str() + ")");
        else
          pyNames.push_back(name + "\")");
        argNames.push_back(name);
      }
    }
    if (op.getNumRegions() != 0 || op.getNumSuccessors() != 0) continue;
    // Several optional/variadic operands (the adv APIs' sharedTmpBuffer and
    // calCount): the op records how many values each operand got.
    bool segments = op.getTrait("::mlir::OpTrait::AttrSizedOperandSegments") != nullptr;
    if (segments) {
      std::string sizes;
      for (int i = 0, n = op.getNumOperands(); i < n; ++i) {
        const NamedTypeConstraint &operand = op.getOperand(i);
        std::string name = operand.name.str();
        if (i) sizes += ", ";
        sizes += operand.isVariadic()   ? "int32_t(" + name + ".size())"
                 : operand.isOptional() ? "int32_t(" + name + " ? 1 : 0)"
                                        : std::string("1");
      }
      body.push_back("props.operandSegmentSizes = {" + sizes + "};");
    }
    table.emplace_back(op.getCppClassName().str(), argNames);
    bool hasProps = !op.getAttributes().empty() || segments;
    os << "cls.def(\"create_asc_" << op.getCppClassName() << "\",\n"
       << "    [](::asc::python::IRBuilder &self";
    for (auto &p : params) os << ", " << p;
    os << ") {\n"
       << "      ::mlir::OpBuilder &b = self.builder(); (void)b;\n"
       << "      ::mlir::OperationState st(self.loc(), self.opName<" << op.getQualCppClassName()
       << ">());\n";
    if (hasProps)
      os << "      auto &props = st.getOrAddProperties<" << op.getQualCppClassName()
         << "::Properties>();\n";
    for (auto &line : body) os << "      " << line << "\n";
    os << "      return self.finish(st);\n    }";
    // Each entry is the argument's name, its closing quote and paren, and a
    // default where the attribute has one.
    for (auto &n : pyNames) os << ", nanobind::arg(\"" << n;
    os << ",\n    \"" << op.getOperationName() << ": " << op.getSummary() << "\");\n";
  }
  // Builder.OP_PARAMS: {"SetFlagOp": ("event", "event_id"), ...}, so that the
  // front end can reject a keyword argument an op does not have
  // (asc.language.core.lowering.build).
  os << "{\n  nanobind::dict opParams;\n";
  for (auto &[name, args] : table) {
    os << "  opParams[\"" << name << "\"] = nanobind::make_tuple(";
    llvm::interleaveComma(args, os, [&](const std::string &a) { os << "\"" << a << "\""; });
    os << ");\n";
  }
  os << "  cls.attr(\"OP_PARAMS\") = opParams;\n}\n";
  return false;
}

//===----------------------------------------------------------------------===//
// Enums and parameter structs, for Python and the Model
//===----------------------------------------------------------------------===//

/// Records of `cls` in the order of their definition in the .td files.
std::vector<Record *> getDefsInOrder(RecordKeeper &records, StringRef cls) {
  std::vector<Record *> defs = records.getAllDerivedDefinitions(cls);
  llvm::sort(defs, [](Record *a, Record *b) { return a->getID() < b->getID(); });
  return defs;
}

/// The dialect's enums that are C++ enums (not FixpipeConfig's constexpr
/// objects), in definition order.
std::vector<Record *> getCppEnums(RecordKeeper &records) {
  std::vector<Record *> enums;
  for (Record *def : getDefsInOrder(records, "AscendC_Enum"))
    if (def->getValueAsBit("ascIsCppEnum")) enums.push_back(def);
  return enums;
}

/// An unscoped enum of namespace AscendC: prefix "AscendC::" with its type
/// named by ascCppType (AscendC::HcclReduceOp, enumerators AscendC::HCCL_...).
bool isUnscopedInAscendC(const Record *def) {
  return def->getValueAsString("ascCppPrefix") == "AscendC::" &&
         !def->getValueAsString("ascCppType").empty();
}

/// How emitted Ascend C spells the enum type: `AscendC::HardEvent`,
/// `QuantMode_t`, `pipe_t` (the enumerators of which are unqualified),
/// `AscendC::HcclReduceOp` (unscoped, in namespace AscendC).
// An enum's ascAliases, as (alias, case) pairs; each case must exist.
std::vector<std::pair<std::string, std::string>> getEnumAliases(const Record *def) {
  std::vector<std::pair<std::string, std::string>> out;
  EnumAttr e(def);
  for (StringRef a : def->getValueAsListOfStrings("ascAliases")) {
    auto [alias, target] = a.split('=');
    bool known = false;
    for (const auto &c : e.getAllCases()) known = known || c.getSymbol() == target;
    if (alias.empty() || !known)
      PrintFatalError(def->getLoc(), "ascAliases entry '" + a + "': want ALIAS=CASE with an existing case");
    out.emplace_back(alias.str(), target.str());
  }
  return out;
}

std::string getEnumCppSpelling(const Record *def) {
  StringRef prefix = def->getValueAsString("ascCppPrefix");
  if (isUnscopedInAscendC(def)) return (prefix + def->getValueAsString("ascCppType")).str();
  if (prefix.empty()) {
    StringRef type = def->getValueAsString("ascCppType");
    if (type.empty())
      PrintFatalError(def->getLoc(), "an enum with an empty ascCppPrefix needs ascCppType");
    return type.str();
  }
  if (!prefix.consume_back("::"))
    PrintFatalError(def->getLoc(), "ascCppPrefix must end in '::'");
  return prefix.str();
}

/// One parameter struct: a AscendC_StructType, or a type templated on the
/// element type with a `fieldNames` list (MrgSortSrcList<T>).
struct StructInfo {
  const Record *def;
  std::string name;    // BinaryRepeatParams
  std::string cppName; // AscendC::BinaryRepeatParams
  bool templated;
  std::vector<StringRef> fields, cppTypes, pyNames;
};

/// dstBlkStride -> dst_blk_stride, srcNStride -> src_n_stride, l1H -> l1_h.
std::string snakeCase(StringRef name) {
  std::string out;
  for (size_t i = 0; i < name.size(); ++i) {
    char c = name[i];
    if (isUpper(c) && i > 0) {
      char prev = name[i - 1];
      bool nextLower = i + 1 < name.size() && isLower(name[i + 1]);
      if (isLower(prev) || isDigit(prev) || (isUpper(prev) && nextLower)) out += '_';
    }
    out += toLower(c);
  }
  return out;
}

std::vector<StructInfo> getStructs(RecordKeeper &records) {
  std::vector<StructInfo> structs;
  for (Record *def : getDefsInOrder(records, "TypeDef")) {
    if (!def->getValue("fieldNames")) continue;
    StructInfo info;
    info.def = def;
    info.templated = !def->isSubClassOf("AscendC_StructType");
    StringRef cls = def->getValueAsString("cppClassName");
    info.name = cls.drop_back(cls.ends_with("Type") ? 4 : 0).str();
    // A leading "::": a struct the vendor declares at global scope (AscendC_StructType).
    StringRef cpp = info.templated ? StringRef(info.name) : def->getValueAsString("cppName");
    info.cppName = cpp.starts_with("::") ? cpp.drop_front(2).str() : "AscendC::" + cpp.str();
    info.fields = def->getValueAsListOfStrings("fieldNames");
    if (!info.templated) {
      info.cppTypes = def->getValueAsListOfStrings("fieldCppTypes");
      info.pyNames = def->getValueAsListOfStrings("pyFieldNames");
    }
    if (info.cppTypes.size() > info.fields.size())
      PrintFatalError(def->getLoc(), info.name + ": more field types than fields");
    if (!info.pyNames.empty() && info.pyNames.size() != info.fields.size())
      PrintFatalError(def->getLoc(), info.name + ": pyFieldNames must name every field");
    structs.push_back(std::move(info));
  }
  return structs;
}

std::string pyRepr(StringRef s) { return "'" + s.str() + "'"; }

const char *const kPyHeader =
    "# Generated by asc-tblgen --gen-ascendc-py-defs from the ascendc dialect's\n"
    "# cpp/dialect/include/asc/Dialect/AscendC/AscendCEnums.td and AscendCStructs.td.\n"
    "# Do not edit: change the .td files, then run\n"
    "#   bazel run //cpp/tblgen:update_generated\n"
    "# (//cpp/tblgen:generated_test fails while this file is stale).\n";

bool genPyDefs(raw_ostream &os, RecordKeeper &records) {
  os << kPyHeader
     << "\"\"\"The ascendc dialect's enumerations and parameter structs as Python data.\n\n"
     << "The enums are IntEnums with the dialect's values (re-exported by\n"
     << "asc.language.core.enums); STRUCTS gives each parameter struct's fields in\n"
     << "the dialect's (the C++ constructor's) order, from which\n"
     << "asc.language.core.types builds the struct classes.\n\"\"\"\n\n"
     << "import enum\nfrom typing import NamedTuple, Tuple\n\n";
  std::vector<Record *> enums = getCppEnums(records);
  for (Record *def : enums) {
    EnumAttr e(def);
    os << "\nclass " << e.getEnumClassName() << "(enum.IntEnum):\n"
       << "    \"\"\"Ascend C " << getEnumCppSpelling(def) << ".\"\"\"\n\n";
    for (const auto &c : e.getAllCases())
      os << "    " << c.getSymbol() << " = " << c.getValue() << "\n";
    for (auto [alias, target] : getEnumAliases(def))
      os << "    " << alias << " = " << target << "\n";
    os << "\n";
  }
  os << "\n# Each enum's C++ spelling in emitted Ascend C (STRUCTS' cpp_type names enums so).\n"
     << "ENUM_CPP_NAMES = {\n";
  for (Record *def : enums)
    os << "    " << pyRepr(EnumAttr(def).getEnumClassName()) << ": " << pyRepr(getEnumCppSpelling(def))
       << ",\n";
  os << "}\n\n\n"
     << "class StructField(NamedTuple):\n"
     << "    cpp: str       # the C++ member (blockLen)\n"
     << "    py: str        # the Python (pyasc) name (block_len)\n"
     << "    cpp_type: str  # '' (a plain value), an enum ('AscendC::BlockMode') or an array ('uint16_t[4]')\n\n\n"
     << "class StructDef(NamedTuple):\n"
     << "    mnemonic: str  # the dialect type: !ascendc.<mnemonic>\n"
     << "    cpp_name: str  # AscendC::<Name> (templated: AscendC::<Name><T>, T the element type)\n"
     << "    templated: bool\n"
     << "    fields: Tuple[StructField, ...]\n"
     << "    # A struct of fixed fields that is still a class template on its element type\n"
     << "    # (InitConstValueParams<T>): the field of type T; '' otherwise.\n"
     << "    template_field: str = ''\n"
     << "    # How many leading fields the C++ constructor takes (-1: all); the emitter\n"
     << "    # assigns the others as members after it (LoadImageToLocalParams's sid).\n"
     << "    constructor_arity: int = -1\n\n\n"
     << "STRUCTS = {\n";
  for (const StructInfo &st : getStructs(records)) {
    os << "    " << pyRepr(st.name) << ": StructDef(" << pyRepr(st.def->getValueAsString("mnemonic"))
       << ", " << pyRepr(st.cppName) << ", " << (st.templated ? "True" : "False") << ", (\n";
    for (size_t i = 0; i < st.fields.size(); ++i) {
      std::string py = st.pyNames.empty() ? snakeCase(st.fields[i]) : st.pyNames[i].str();
      StringRef type = i < st.cppTypes.size() ? st.cppTypes[i] : "";
      os << "        StructField(" << pyRepr(st.fields[i]) << ", " << pyRepr(py) << ", " << pyRepr(type)
         << "),\n";
    }
    StringRef templateField =
        st.def->getValue("ascTemplateField") ? st.def->getValueAsString("ascTemplateField") : StringRef();
    int arity = st.def->getValue("ascConstructorArity") ? st.def->getValueAsInt("ascConstructorArity") : -1;
    os << "    )" << (templateField.empty() ? "" : ", " + pyRepr(templateField))
       << (arity < 0 ? "" : ", constructor_arity=" + std::to_string(arity)) << "),\n";
  }
  os << "}\n\n__all__ = [";
  llvm::interleaveComma(enums, os, [&](Record *def) { os << pyRepr(EnumAttr(def).getEnumClassName()); });
  os << "]\n";
  return false;
}

bool genModelEnums(raw_ostream &os, RecordKeeper &records) {
  os << "// Generated by asc-tblgen --gen-ascendc-model-enums from the ascendc dialect's\n"
     << "// cpp/dialect/include/asc/Dialect/AscendC/AscendCEnums.td. Do not edit: change\n"
     << "// the .td, then run `bazel run //cpp/tblgen:update_generated`\n"
     << "// (//cpp/tblgen:generated_test fails while this file is stale).\n"
     << "//\n"
     << "// Every enumeration of the dialect, spelled as emitted Ascend C spells it:\n"
     << "// scoped enums in namespace AscendC, the global ones where the vendor declares\n"
     << "// them (pipe_t, pad_t) and the global aliases (QuantMode_t).\n"
     << "// asc_model::EnumInfo<E> names the values. The adv API's global enums\n"
     << "// (CubeFormat, LayoutMode...: the vendor's adv_api/matmul/matmul_config.h) are\n"
     << "// the second part: kernel_operator.h does not declare them (a program may\n"
     << "// define its own), the Matmul API does (asc_model/adv_matmul.h defines\n"
     << "// ASC_MODEL_MATMUL_ENUMS and includes this file again).\n"
     << "#ifndef ASC_MODEL_GENERATED_ENUMS_H\n#define ASC_MODEL_GENERATED_ENUMS_H\n#include <cstdint>\n\n";
  std::vector<Record *> enums = getCppEnums(records);
  auto emitCases = [&](EnumAttr &e) {
    llvm::interleaveComma(e.getAllCases(), os, [&](const mlir::tblgen::EnumAttrCase &c) {
      os << c.getSymbol() << " = " << c.getValue();
    });
    for (auto [alias, target] : getEnumAliases(&e.getDef())) os << ", " << alias << " = " << target;
  };
  // Enums emitted Ascend C names without a namespace are global, as the vendor
  // declares them: with unqualified enumerators (pipe_t), unscoped C enums for a
  // bisheng builtin type (a `_t` name: pad_t), scoped for the adv API's (CubeFormat).
  auto isGlobalScoped = [&](Record *def) {
    StringRef name = EnumAttr(def).getEnumClassName();
    return !def->getValueAsString("ascCppPrefix").empty() && !isUnscopedInAscendC(def) &&
           getEnumCppSpelling(def) == name;
  };
  auto isAdvApi = [&](Record *def) {
    return isGlobalScoped(def) && !EnumAttr(def).getEnumClassName().ends_with("_t");
  };
  for (Record *def : enums) {
    EnumAttr e(def);
    StringRef name = e.getEnumClassName();
    if (def->getValueAsString("ascCppPrefix").empty())
      os << "enum " << getEnumCppSpelling(def) << " : int32_t { ";
    else if (isGlobalScoped(def) && !isAdvApi(def))
      os << "enum " << name << " : int32_t { ";
    else
      continue;
    emitCases(e);
    os << " };\n";
  }
  os << "\nnamespace AscendC {\n\n";
  std::vector<std::string> globalAliases, cppTypes;
  for (Record *def : enums) {
    EnumAttr e(def);
    StringRef name = e.getEnumClassName();
    std::string spelling = getEnumCppSpelling(def);
    if (isGlobalScoped(def)) {
      cppTypes.push_back("::" + name.str());
      continue;
    }
    if (def->getValueAsString("ascCppPrefix").empty()) {
      os << "using " << name << " = " << spelling << ";\n";
      cppTypes.push_back("AscendC::" + name.str());
      continue;
    }
    if (isUnscopedInAscendC(def)) {
      os << "enum " << name << " : int32_t { ";
      emitCases(e);
      os << " };\n";
      cppTypes.push_back("AscendC::" + name.str());
      continue;
    }
    os << "enum class " << name << " : int32_t { ";
    emitCases(e);
    os << " };\n";
    cppTypes.push_back("AscendC::" + name.str());
    StringRef rest = spelling;
    if (rest.consume_front("AscendC::")) {
      if (rest != name) os << "using " << rest << " = " << name << ";\n";
    } else {
      globalAliases.push_back("using " + spelling + " = AscendC::" + name.str() + ";");
    }
  }
  os << "\n}  // namespace AscendC\n\n";
  for (auto &a : globalAliases) os << a << "\n";
  auto emitInfo = [&](size_t i) {
    EnumAttr e(enums[i]);
    std::vector<mlir::tblgen::EnumAttrCase> cases = e.getAllCases();
    os << "template <>\nstruct EnumInfo<" << cppTypes[i] << "> {\n"
       << "  static constexpr const char* kName = \"" << e.getEnumClassName() << "\";\n"
       << "  static constexpr int kCount = " << cases.size() << ";\n"
       << "  static constexpr const char* name(int64_t v) {\n    switch (v) {\n";
    std::set<int64_t> seen;
    for (const auto &c : cases)
      if (seen.insert(c.getValue()).second)
        os << "      case " << c.getValue() << ": return \"" << c.getSymbol() << "\";\n";
    os << "      default: return nullptr;\n    }\n  }\n};\n\n";
  };
  os << "\nnamespace asc_model {\n\n"
     << "// EnumInfo<E>::name(v): the enumerator of value v (nullptr if none);\n"
     << "// kCount: the number of enumerators; kName: the enum's name.\n"
     << "template <class E>\nstruct EnumInfo;\n\n";
  for (size_t i = 0; i < enums.size(); ++i)
    if (!isAdvApi(enums[i])) emitInfo(i);
  os << "}  // namespace asc_model\n\n#endif  // ASC_MODEL_GENERATED_ENUMS_H\n\n"
     << "#if defined(ASC_MODEL_MATMUL_ENUMS) && !defined(ASC_MODEL_GENERATED_MATMUL_ENUMS_H)\n"
     << "#define ASC_MODEL_GENERATED_MATMUL_ENUMS_H\n\n";
  for (Record *def : enums) {
    if (!isAdvApi(def)) continue;
    EnumAttr e(def);
    os << "enum class " << e.getEnumClassName() << " : int32_t { ";
    emitCases(e);
    os << " };\n";
  }
  os << "\nnamespace asc_model {\n\n";
  for (size_t i = 0; i < enums.size(); ++i)
    if (isAdvApi(enums[i])) emitInfo(i);
  os << "}  // namespace asc_model\n\n#endif  // ASC_MODEL_MATMUL_ENUMS\n";
  return false;
}

//===----------------------------------------------------------------------===//
// Op list
//===----------------------------------------------------------------------===//

bool genOpList(raw_ostream &os, RecordKeeper &records) {
  for (const Operator &op : getDialectOps(records)) {
    StringRef call = op.getDef().getValueAsString("ascCall");
    os << op.getOperationName() << "\t" << op.getCppClassName() << "\t"
       << (call.empty() && !op.getDef().getValueAsBit("ascIsDecl") ? "<structural>" : call)
       << "\n";
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Pipes (automatic synchronisation)
//===----------------------------------------------------------------------===//

/// The pipe of every op, from its `ascPipe` (AscendCBase.td lists the values).
/// An op without one, or with a value outside the list, stops asc-tblgen: the
/// pass must never guess an op's pipe from its name.
void genPipeTable(raw_ostream &os, RecordKeeper &records) {
  static const char *const kValues[][2] = {
      {"V", "Vector"}, {"S", "Scalar"}, {"M", "Cube"},   {"MTE1", "Mte1"}, {"MTE2", "Mte2"},
      {"MTE3", "Mte3"}, {"FIX", "Fix"},  {"copy", "Copy"}, {"load", "Load"}, {"fill", "Fill"},
      {"none", "None"}};
  os << "/// Where an op's tensor accesses run (ascPipe): a pipe, a data move whose pipe\n"
     << "/// follows from its two memories (Copy), a LoadData (Load), or no access (None).\n"
     << "enum class OpPipe : uint8_t { ";
  for (const auto &v : kValues) os << v[1] << ", ";
  os << "};\n\n"
     << "inline const ::llvm::DenseMap<::mlir::TypeID, OpPipe> &pipeTable() {\n"
     << "  static const ::llvm::DenseMap<::mlir::TypeID, OpPipe> table = {\n";
  for (const Operator &op : getDialectOps(records)) {
    const Record &def = op.getDef();
    if (def.isValueUnset("ascPipe"))
      PrintFatalError(def.getLoc(), op.getOperationName() +
                                        ": ascPipe is not set (every op names the pipe its call runs on, "
                                        "or \"none\"; see AscendCBase.td)");
    StringRef value = def.getValueAsString("ascPipe");
    const char *enumerator = nullptr;
    for (const auto &v : kValues)
      if (value == v[0]) enumerator = v[1];
    if (!enumerator)
      PrintFatalError(def.getLoc(), op.getOperationName() + ": ascPipe '" + value + "' is not one of "
                                        "V S M MTE1 MTE2 MTE3 FIX copy load fill none");
    os << "    {::mlir::TypeID::get<" << op.getQualCppClassName() << ">(), OpPipe::" << enumerator << "},\n";
  }
  os << "  };\n  return table;\n}\n\n";
}

bool genSyncInfo(raw_ostream &os, RecordKeeper &records) {
  os << "// Generated by asc-tblgen --gen-ascendc-sync-info from the ops' ascPipe. Do not edit.\n\n"
     << "namespace mlir::ascendc::sync_info {\n\n";
  genPipeTable(os, records);
  os << "} // namespace mlir::ascendc::sync_info\n";
  return false;
}

//===----------------------------------------------------------------------===//
// Memory effects
//===----------------------------------------------------------------------===//

/// Whether the op's definition lists MLIR's `Pure` (AscendCBase.td gives every
/// other op the MemoryEffectOpInterface, whose getEffects is generated below).
bool isPure(const Record &def) {
  for (const Record *trait : def.getValueAsListOfDefs("traits"))
    if (trait->getName() == "Pure") return true;
  return false;
}

/// For every op that is not Pure, the definition of its getEffects: its
/// tensor operands are read, or written when `ascWrites` names them (unset:
/// operand 0, Ascend C's destination, when it is a tensor), unless its
/// `ascPipe` is "none"; `ascState` adds the effect on the core's state
/// (AscendCBase.td explains the values).
bool genEffects(raw_ostream &os, RecordKeeper &records) {
  static const char *const kStates[][2] = {
      {"none", "None"}, {"read", "Read"}, {"readwrite", "ReadWrite"}};
  os << "// Generated by asc-tblgen --gen-ascendc-effects from the ops' ascWrites and\n"
     << "// ascState. Do not edit.\n\n"
     << "namespace mlir::ascendc {\n\n";
  for (const Operator &op : getDialectOps(records)) {
    const Record &def = op.getDef();
    StringRef state = def.getValueAsString("ascState");
    if (isPure(def)) {
      if (!def.isValueUnset("ascWrites") || state != "readwrite")
        PrintFatalError(def.getLoc(), op.getOperationName() +
                                          ": a Pure op has no effects; drop its ascWrites / ascState");
      continue;
    }
    const char *stateEnum = nullptr;
    for (const auto &v : kStates)
      if (state == v[0]) stateEnum = v[1];
    if (!stateEnum)
      PrintFatalError(def.getLoc(), op.getOperationName() + ": ascState '" + state +
                                        "' is not one of none read readwrite");
    os << "void " << op.getQualCppClassName()
       << "::getEffects(::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<"
          "::mlir::MemoryEffects::Effect>> &effects) {\n";
    // ascPipe "none": the call never touches a tensor's elements (sizes,
    // addresses, queue bookkeeping); what it does to a tensor object or a
    // queue is its effect on the state.
    bool touchesElements = def.isValueUnset("ascPipe") || def.getValueAsString("ascPipe") != "none";
    if (!touchesElements) {
      if (!def.isValueUnset("ascWrites") && !def.getValueAsListOfStrings("ascWrites").empty())
        PrintFatalError(def.getLoc(), op.getOperationName() +
                                          ": ascWrites names operands of an op whose ascPipe is \"none\"");
      os << "  effect_rules::addStateEffects(StateEffect::" << stateEnum << ", effects);\n}\n\n";
      continue;
    }
    if (def.isValueUnset("ascWrites")) {
      os << "  uint64_t written = effect_rules::destinationOperand(getOperation());\n";
    } else {
      os << "  uint64_t written = 0;\n";
      for (StringRef name : def.getValueAsListOfStrings("ascWrites")) {
        int index = -1;
        for (int i = 0, n = op.getNumOperands(); i < n; ++i)
          if (op.getOperand(i).name == name) index = i;
        if (index < 0)
          PrintFatalError(def.getLoc(), op.getOperationName() + ": ascWrites names '" + name +
                                            "', which is not an operand");
        os << "  effect_rules::markOperands(written, getODSOperandIndexAndLength(" << index << "));\n";
      }
    }
    os << "  effect_rules::addTensorEffects(getOperation(), written, effects);\n"
       << "  effect_rules::addStateEffects(StateEffect::" << stateEnum << ", effects);\n"
       << "}\n\n";
  }
  os << "} // namespace mlir::ascendc\n";
  return false;
}

bool dispatch(raw_ostream &os, RecordKeeper &records) {
  switch (action) {
  case Action::Emitter: return genEmitter(os, records);
  case Action::PyBuilder: return genPyBuilder(os, records);
  case Action::PyDefs: return genPyDefs(os, records);
  case Action::ModelEnums: return genModelEnums(os, records);
  case Action::OpList: return genOpList(os, records);
  case Action::SyncInfo: return genSyncInfo(os, records);
  case Action::Effects: return genEffects(os, records);
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(argc, argv);
  return TableGenMain(argv[0], &dispatch);
}
