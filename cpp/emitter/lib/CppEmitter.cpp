//===- CppEmitter.cpp - names, values, types and statements -----------------===//

#include "asc/Emitter/CppEmitter.h"

#include "asc/Dialect/AscendC/AscendCDialect.h"
#include "asc/Dialect/AscendC/MatmulConfig.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Format.h"

using namespace mlir;
using namespace asc;

static const CppEmitter::EmitterTable &emitterTable() {
  static const CppEmitter::EmitterTable table = [] {
    CppEmitter::EmitterTable t;
    registerStructuralEmitters(t);
    registerApiEmitters(t);
    return t;
  }();
  return table;
}

CppEmitter::CppEmitter(llvm::raw_ostream &os, const EmitOptions &options)
    : out(os), options(options), table(emitterTable()) {}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

/// Names the vendor's toolchain gives a meaning a function of ours must not
/// take: the bisheng builtins (types, enumerators, intrinsics), the names of
/// namespace AscendC and the vendor headers' global names (ReservedNames.inc,
/// generated with cpp/vendor_check/gen_intrinsics.py from an asc-devkit
/// snapshot), and the vendor headers' macros, which no identifier may take.
static bool isVendorMacro(StringRef name) {
  static const llvm::StringSet<> macros = {
#define ASC_RESERVED_MACRO(n) n,
#define ASC_RESERVED_SYMBOL(n)
#include "ReservedNames.inc"
#undef ASC_RESERVED_MACRO
#undef ASC_RESERVED_SYMBOL
  };
  return macros.contains(name);
}

static bool isVendorSymbol(StringRef name) {
  static const llvm::StringSet<> symbols = {
#define ASC_RESERVED_MACRO(n)
#define ASC_RESERVED_SYMBOL(n) n,
#include "ReservedNames.inc"
#undef ASC_RESERVED_MACRO
#undef ASC_RESERVED_SYMBOL
  };
  return symbols.contains(name);
}

static bool isCppKeyword(StringRef name) {
  static const llvm::StringSet<> keywords = {
      "auto", "bool", "break", "case", "char", "class", "const", "continue", "default",
      "delete", "do", "double", "else", "enum", "extern", "false", "float", "for", "goto",
      "if", "inline", "int", "long", "namespace", "new", "operator", "private", "public",
      "return", "short", "signed", "sizeof", "static", "struct", "switch", "template",
      "this", "true", "typedef", "union", "unsigned", "void", "volatile", "while", "half",
      "AscendC", "GM_ADDR", "main", "printf", "int8_t", "int16_t", "int32_t", "int64_t",
      "uint8_t", "uint16_t", "uint32_t", "uint64_t", "bfloat16_t"};
  return keywords.contains(name);
}

std::string CppEmitter::freshName(StringRef hint) {
  std::string base;
  for (char c : hint)
    base += (llvm::isAlnum(c) || c == '_') ? c : '_';
  if (base.empty() || llvm::isDigit(base[0])) base = "v" + base;
  if (isCppKeyword(base) || isVendorMacro(base)) base += "_";
  if (usedNames.insert(base).second) return base;
  for (unsigned i = 1;; ++i) {
    std::string candidate = base + "_" + std::to_string(i);
    if (usedNames.insert(candidate).second) return candidate;
  }
}

/// The name the front end gave a value: its location is `"name"(loc)`.
static StringRef getNameHint(Location loc) {
  if (auto named = dyn_cast<NameLoc>(loc)) return named.getName().getValue();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (auto named = dyn_cast<NameLoc>(inner)) return named.getName().getValue();
  return {};
}

StringRef CppEmitter::getName(Value value) {
  auto it = names.find(value);
  if (it != names.end()) return it->second;
  StringRef hint;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    hint = getNameHint(arg.getLoc());
    if (hint.empty()) {
      // Function arguments may carry their name as an argument attribute.
      if (auto func = dyn_cast<func::FuncOp>(arg.getOwner()->getParentOp()))
        if (auto attr = func.getArgAttrOfType<StringAttr>(arg.getArgNumber(), "asc.name"))
          hint = attr.getValue();
    }
  } else {
    hint = getNameHint(value.getLoc());
  }
  std::string name = hint.empty() ? freshName("v" + std::to_string(nextTemp++)) : freshName(hint);
  return names.try_emplace(value, std::move(name)).first->second;
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// The vendor's constant (or constexpr call) for a Matmul config mode.
static StringRef matmulConfigBase(mlir::ascendc::MatmulConfigMode mode) {
  using mlir::ascendc::MatmulConfigMode;
  switch (mode) {
  case MatmulConfigMode::CONFIG_NORM: return "CFG_NORM";
  case MatmulConfigMode::CONFIG_MDL: return "CFG_MDL";
  case MatmulConfigMode::CONFIG_IBSHARE: return "CFG_IBSHARE_NORM";
  case MatmulConfigMode::CONFIG_SPECIALMDL: return "GetSpecialMDLConfig()";
  }
  return "";
}

// The predefined constant a Matmul type's config is, or empty when it needs a
// definition of its own (members set, or a base that is a function call).
static std::string predefinedMatmulConfig(mlir::ascendc::MatmulType t) {
  StringRef base = matmulConfigBase(t.getConfig());
  if ((t.getFields() && !t.getFields().empty()) || base.ends_with(")")) return std::string();
  return base.str();
}

// Two Matmul types with the same base and members share one config definition.
static std::string matmulConfigKey(mlir::ascendc::MatmulType t) {
  std::string key = matmulConfigBase(t.getConfig()).str();
  llvm::raw_string_ostream os(key);
  if (t.getFields()) os << t.getFields();
  return key;
}

// Every type a value of `module` has: op results and block arguments (a function's
// parameters too).
static void forEachValueType(ModuleOp module, llvm::function_ref<void(Type)> fn) {
  module.walk([&](Operation *op) {
    for (Type t : op->getResultTypes()) fn(t);
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments()) fn(a.getType());
  });
}

void CppEmitter::emitMatmulConfigs(ModuleOp module) {
  forEachValueType(module, [&](Type type) {
    auto t = dyn_cast<mlir::ascendc::MatmulType>(type);
    if (!t || !predefinedMatmulConfig(t).empty()) return;
    std::string key = matmulConfigKey(t);
    if (matmulConfigNames.count(key)) return;
    std::string n = std::to_string(matmulConfigNames.size());
    out << "\n__aicore__ constexpr MatmulConfig asc_matmul_config_" << n << "() {\n"
        << "  MatmulConfig cfg = " << matmulConfigBase(t.getConfig()) << ";\n";
    if (t.getFields())
      for (const mlir::ascendc::MatmulConfigField &f : mlir::ascendc::getMatmulConfigFields())
        if (Attribute v = t.getFields().get(f.name))
          out << "  cfg." << f.name << " = " << mlir::ascendc::formatMatmulConfigValue(f, v) << ";\n";
    out << "  return cfg;\n}\n"
        << "constexpr static MatmulConfig ASC_MATMUL_CFG_" << n << " = asc_matmul_config_" << n << "();\n";
    matmulConfigNames[key] = "ASC_MATMUL_CFG_" + n;
    takenFunctionNames.insert("ASC_MATMUL_CFG_" + n);
    takenFunctionNames.insert("asc_matmul_config_" + n);
  });
}

std::string CppEmitter::getTypeName(Type type) {
  using namespace mlir::ascendc;
  StringRef scalar = getCppScalarTypeName(type);
  if (!scalar.empty()) return scalar.str();
  auto position = [](TPosition p) { return "AscendC::TPosition::" + stringifyTPosition(p).str(); };
  return llvm::TypeSwitch<Type, std::string>(type)
      .Case([&](GlobalTensorType t) {
        return "AscendC::GlobalTensor<" + getTypeName(t.getElementType()) + ">";
      })
      .Case([&](LocalTensorType t) {
        return "AscendC::LocalTensor<" + getTypeName(t.getElementType()) + ">";
      })
      .Case([&](TensorDescType t) { return "AscendC::TensorDesc<" + getTypeName(t.getElementType()) + ">"; })
      .Case([&](ListTensorDescType) { return std::string("AscendC::ListTensorDesc"); })
      .Case([&](GMPtrType t) { return "__gm__ " + getTypeName(t.getElementType()) + "*"; })
      .Case([&](TPipeType) { return std::string("AscendC::TPipe"); })
      .Case([&](HcclType) {
        return std::string("AscendC::Hccl<AscendC::HcclServerType::HCCL_SERVER_TYPE_AICPU>");
      })
      .Case([&](TQueType t) {
        return "AscendC::TQue<" + position(t.getPosition()) + ", " +
               std::to_string(t.getDepth()) + ">";
      })
      .Case([&](TQueBindType t) {
        return "AscendC::TQueBind<" + position(t.getSrc()) + ", " + position(t.getDst()) +
               ", " + std::to_string(t.getDepth()) + ", " + std::to_string(t.getMask()) + ">";
      })
      .Case([&](TBufType t) { return "AscendC::TBuf<" + position(t.getPosition()) + ">"; })
      .Case([&](TBufPoolType t) {
        return "AscendC::TBufPool<" + position(t.getPosition()) + ", " +
               std::to_string(t.getBufIdSize()) + ">";
      })
      .Case([&](TBufHandleType) { return std::string("AscendC::TBufHandle"); })
      .Case([&](MatmulType t) {
        // AscendC::Matmul<MatmulType<pos, format, T, isTrans>..., CFG>; the
        // config is one of Ascend C's predefined MatmulConfig constants.
        auto side = [&](TPosition p, CubeFormat f, Type e, std::optional<bool> trans,
                        LayoutMode layout = LayoutMode::NONE) {
          std::string s = "AscendC::MatmulType<" + position(p) + ", CubeFormat::" +
                          stringifyCubeFormat(f).str() + ", " + getTypeName(e);
          if (trans || layout != LayoutMode::NONE) s += trans.value_or(false) ? ", true" : ", false";
          if (layout != LayoutMode::NONE) s += ", LayoutMode::" + stringifyLayoutMode(layout).str();
          return s + ">";
        };
        std::string cfg = predefinedMatmulConfig(t);
        if (cfg.empty()) {  // a config of its own, defined at file scope (emitMatmulConfigs)
          auto it = matmulConfigNames.find(matmulConfigKey(t));
          if (it == matmulConfigNames.end()) return std::string();  // "no Ascend C spelling"
          cfg = it->second;
        }
        return "AscendC::Matmul<" + side(t.getAPos(), t.getAFmt(), t.getAType(), t.getATrans(), t.getALayout()) +
               ", " + side(t.getBPos(), t.getBFmt(), t.getBType(), t.getBTrans(), t.getBLayout()) + ", " +
               side(t.getCPos(), t.getCFmt(), t.getCType(), std::nullopt, t.getCLayout()) + ", " +
               side(t.getBiasPos(), t.getBiasFmt(), t.getBiasType(), std::nullopt) + ", " + cfg + ">";
      })
      .Case([&](BitMaskType) { return std::string("uint64_t"); })
      .Case([&](SliceInfoListType) { return std::string("AscendC::SliceInfo"); })
      .Case([&](ParamStructType t) { return t.getCppName(); })
      .Default([](Type) { return std::string(); });
}

std::string CppEmitter::getValueTypeName(Value value) {
  std::string name = getTypeName(value.getType());
  auto st = dyn_cast<mlir::ascendc::ParamStructType>(value.getType());
  if (!st || st.getTemplateField().empty() || name.empty()) return name;
  for (Operation *user : value.getUsers())
    for (Value operand : user->getOperands())
      if (isa<mlir::ascendc::LocalTensorType, mlir::ascendc::GlobalTensorType>(operand.getType()))
        return name + "<" + getTypeName(mlir::ascendc::getTensorElementType(operand.getType())) + ">";
  if (auto construct = value.getDefiningOp<mlir::ascendc::ConstructOp>()) {
    ArrayRef<StringRef> names = st.getFieldNames();
    ArrayRef<StringRef> cppTypes = st.getFieldCppTypes();
    size_t next = 0;
    for (size_t i = 0; i < names.size(); ++i) {
      StringRef ct = i < cppTypes.size() ? cppTypes[i] : StringRef();
      if (names[i] == st.getTemplateField())
        return name + "<" + getTypeName(construct.getFields()[next].getType()) + ">";
      next += mlir::ascendc::getStructFieldArity(ct);
    }
  }
  return std::string();
}

void CppEmitter::emitType(Type type) {
  std::string name = getTypeName(type);
  if (name.empty()) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "type '" << type << "' has no Ascend C spelling";
    emitError(text);
  }
  out << name;
}

void CppEmitter::emitElementType(Type type) { emitType(mlir::ascendc::getTensorElementType(type)); }

void CppEmitter::emitError(const Twine &message) {
  if (emissionFailed) return;
  emissionFailed = true;
  if (currentOp) currentOp->emitOpError(message);
}

std::string CppEmitter::describeAttr(Attribute attr) {
  if (!currentOp) return "an attribute";
  for (NamedAttribute named : currentOp->getAttrs())
    if (named.getValue() == attr) return ("attribute '" + named.getName().strref() + "'").str();
  for (OpOperand &use : currentOp->getOpOperands())
    if (auto constant = use.get().getDefiningOp<arith::ConstantOp>(); constant && constant.getValue() == attr)
      return "operand #" + std::to_string(use.getOperandNumber()) + " (an arith.constant)";
  return "an attribute";
}

//===----------------------------------------------------------------------===//
// Values and attributes
//===----------------------------------------------------------------------===//

/// A C++ string literal: printf formats keep their \n, quotes and backslashes.
static void printCppStringLiteral(llvm::raw_ostream &os, StringRef text) {
  os << '"';
  for (unsigned char c : text) {
    switch (c) {
    case '\n': os << "\\n"; break;
    case '\t': os << "\\t"; break;
    case '\r': os << "\\r"; break;
    case '"': os << "\\\""; break;
    case '\\': os << "\\\\"; break;
    default:
      if (c < 0x20 || c == 0x7f) os << llvm::format("\\%03o", c);
      else os << c;
    }
  }
  os << '"';
}

static void printFloat(llvm::raw_ostream &os, const APFloat &value, Type type) {
  if (value.isInfinity()) {
    os << (value.isNegative() ? "-" : "") << "__builtin_inff()";
    return;
  }
  if (value.isNaN()) {
    os << "__builtin_nanf(\"\")";
    return;
  }
  SmallString<32> text;
  value.toString(text, /*FormatPrecision=*/0, /*FormatMaxPadding=*/0,
                 /*TruncateZero=*/false);
  StringRef s = text;
  bool hasPoint = s.contains('.') || s.contains('e') || s.contains('E');
  if (type.isF32()) {
    os << s << (hasPoint ? "" : ".0") << "f";
  } else if (type.isF64()) {
    os << s << (hasPoint ? "" : ".0");
  } else {
    os << "(" << mlir::ascendc::getCppScalarTypeName(type) << ")" << s << (hasPoint ? "" : ".0") << "f";
  }
}

void CppEmitter::emitAttr(Attribute attr) {
  if (!attr) {
    emitError("a required attribute is missing");
  } else if (auto b = dyn_cast<BoolAttr>(attr)) {
    out << (b.getValue() ? "true" : "false");
  } else if (auto i = dyn_cast<IntegerAttr>(attr)) {
    if (i.getType().isInteger(1))
      out << (i.getValue().getBoolValue() ? "true" : "false");
    else if (i.getType().isUnsignedInteger())
      out << i.getValue().getZExtValue() << "U";
    else
      out << i.getValue().getSExtValue();
  } else if (auto f = dyn_cast<FloatAttr>(attr)) {
    printFloat(out, f.getValue(), f.getType());
  } else if (auto s = dyn_cast<StringAttr>(attr)) {
    printCppStringLiteral(out, s.getValue());
  } else if (auto t = dyn_cast<TypeAttr>(attr)) {
    std::string name = getTypeName(t.getValue());
    if (name.empty()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << describeAttr(attr) << ": type '" << t.getValue() << "' has no Ascend C spelling";
      emitError(text);
    }
    out << name;
  } else {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << describeAttr(attr) << ": " << attr << " has no Ascend C spelling";
    emitError(text);
  }
}

void CppEmitter::emitValue(Value value) {
  // Constants are written in place, as a person would write them.
  if (auto constant = value.getDefiningOp<arith::ConstantOp>()) {
    Attribute attr = constant.getValue();
    if (auto i = dyn_cast<IntegerAttr>(attr); i && i.getType().isInteger(64) &&
                                                  i.getValue().getSExtValue() < INT32_MIN)
      out << "(int64_t)" << i.getValue().getSExtValue() << "LL";
    else if (i && i.getType().isInteger(64) && i.getValue().getSExtValue() > INT32_MAX)
      out << i.getValue().getSExtValue() << "LL";
    else
      emitAttr(attr);
    return;
  }
  // GM_ADDR kernel arguments are typed where they are used.
  if (kernelPointerArgs.contains(value)) {
    out << "(" << getTypeName(value.getType()) << ")" << getName(value);
    return;
  }
  out << getName(value);
}

void CppEmitter::emitValues(ValueRange values) {
  llvm::interleaveComma(values, out, [&](Value v) { emitValue(v); });
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void CppEmitter::beginStatement(Operation *op) {
  if (options.lineDirectives) {
    Location loc = op->getLoc();
    FileLineColLoc fileLoc = dyn_cast<FileLineColLoc>(loc);
    if (!fileLoc) {
      if (auto named = dyn_cast<NameLoc>(loc)) fileLoc = dyn_cast<FileLineColLoc>(named.getChildLoc());
      else if (auto fused = dyn_cast<FusedLoc>(loc))
        for (Location inner : fused.getLocations())
          if ((fileLoc = dyn_cast<FileLineColLoc>(inner))) break;
    }
    // A directive before every statement, not only where the Python line
    // changes: after `#line N` the compiler counts the following physical lines
    // as N+1, N+2, ..., so a Python line emitted as several statements would
    // otherwise name later (even non-existent) lines in faults.
    if (fileLoc) {
      out << "#line " << fileLoc.getLine() << " \"";
      llvm::printEscapedString(fileLoc.getFilename().strref(), out);
      out << "\"\n";
    }
  }
  indent();
}

void CppEmitter::beginAssignment(Value result) {
  out << getTypeName(result.getType()) << " " << getName(result) << " = ";
}

void CppEmitter::beginReference(Value result) {
  out << getTypeName(result.getType()) << "& " << getName(result) << " = ";
}

void CppEmitter::beginDeclaration(Value result) {
  out << getTypeName(result.getType()) << " " << getName(result);
}

LogicalResult CppEmitter::emitOperation(Operation *op) {
  auto it = table.find(op->getName().getTypeID());
  if (it == table.end())
    return op->emitOpError() << "has no Ascend C form; the emitter handles the ascendc, "
                                "func, arith and scf dialects";
  for (Value result : op->getResults())
    if (getTypeName(result.getType()).empty())
      return op->emitOpError() << "result type " << result.getType()
                               << " has no Ascend C spelling";
  Operation *outer = currentOp;
  currentOp = op;
  LogicalResult result = it->second(*this, op);
  currentOp = outer;
  return failed(result) || emissionFailed ? failure() : success();
}

LogicalResult CppEmitter::emitBlock(Block &block) {
  for (Operation &op : block) {
    // Constants are printed where they are used.
    if (isa<arith::ConstantOp>(op)) continue;
    if (failed(emitOperation(&op))) return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Functions and modules
//===----------------------------------------------------------------------===//

static bool isKernel(func::FuncOp func) {
  return func->hasAttr("ascendc.global") || func->hasAttr("asc.kernel");
}

/// Arguments an Ascend C function takes by reference (objects, not values).
static bool passedByReference(Type t) {
  return isa<mlir::ascendc::GlobalTensorType, mlir::ascendc::TPipeType, mlir::ascendc::TQueType,
             mlir::ascendc::TQueBindType, mlir::ascendc::TBufType, mlir::ascendc::TBufPoolType,
             mlir::ascendc::LocalTensorType, mlir::ascendc::HcclType, mlir::ascendc::MatmulType>(t);
}

std::string CppEmitter::functionName(StringRef symbol) {
  auto it = functionNames.find(symbol);
  if (it != functionNames.end()) return it->second;
  std::string base;
  for (char c : symbol) base += (llvm::isAlnum(c) || c == '_') ? c : '_';
  if (base.empty() || llvm::isDigit(base[0])) base = "f" + base;
  if (isCppKeyword(base) || isVendorMacro(base) || isVendorSymbol(base)) base += "_";
  std::string name = base;
  for (unsigned i = 1; takenFunctionNames.contains(name) || isVendorSymbol(name); ++i)
    name = base + "_" + std::to_string(i);
  takenFunctionNames.insert(name);
  return functionNames.try_emplace(symbol, std::move(name)).first->second;
}

void CppEmitter::nameFunctions(ModuleOp module) {
  for (auto func : module.getOps<func::FuncOp>()) functionName(func.getSymName());
}

LogicalResult CppEmitter::beginFunction(func::FuncOp func) {
  usedNames.clear();
  // A local of the same name would hide a function the body calls.
  for (auto &entry : takenFunctionNames) usedNames.insert(entry.getKey());
  names.clear();
  kernelPointerArgs.clear();
  nextTemp = 0;
  FunctionType type = func.getFunctionType();
  if (isKernel(func) && type.getNumResults() != 0)
    return func.emitOpError() << "a kernel returns nothing";
  // Several results (a Python device function returning a tuple) come back
  // as one aggregate, declared once before the function's first appearance.
  if (type.getNumResults() > 1 && resultStructs.insert(func.getSymName()).second) {
    beginStatement(func);
    out << "struct " << resultStructName(func.getSymName()) << " {";
    for (auto [i, t] : llvm::enumerate(type.getResults())) {
      std::string typeName = getTypeName(t);
      if (typeName.empty())
        return func.emitOpError() << "result type " << t << " has no Ascend C spelling";
      out << " " << typeName << " v" << i << ";";
    }
    out << " };\n";
  }
  beginStatement(func);
  if (isKernel(func)) {
    out << "extern \"C\" __global__ __aicore__ void ";
  } else {
    out << "__aicore__ inline ";
    if (type.getNumResults() == 0) out << "void ";
    else if (type.getNumResults() > 1) out << resultStructName(func.getSymName()) << " ";
    else out << getTypeName(type.getResult(0)) << " ";
  }
  out << functionName(func.getSymName()) << "(";
  return success();
}

LogicalResult CppEmitter::emitPrototype(func::FuncOp func) {
  if (failed(beginFunction(func))) return failure();
  for (auto [i, t] : llvm::enumerate(func.getFunctionType().getInputs())) {
    std::string typeName = func.isExternal() ? getTypeName(t) : getValueTypeName(func.getArgument(i));
    if (typeName.empty())
      return func.emitOpError() << "argument type " << t << " has no Ascend C spelling";
    out << (i ? ", " : "") << typeName << (passedByReference(t) ? "&" : "");
  }
  out << ");\n";
  return success();
}

LogicalResult CppEmitter::emitFunction(func::FuncOp func) {
  if (func.isExternal()) return success();
  bool kernel = isKernel(func);
  if (failed(beginFunction(func))) return failure();
  Block &entry = func.getBody().front();
  for (BlockArgument arg : entry.getArguments()) {
    if (arg.getArgNumber()) out << ", ";
    Type t = arg.getType();
    std::string typeName = getValueTypeName(arg);
    if (typeName.empty())
      return func.emitOpError() << "argument type " << t << " has no Ascend C spelling";
    if (kernel) {
      // Parameter structs (tiling structs) are passed by value from the host.
      if (!isa<mlir::ascendc::GMPtrType, mlir::ascendc::ParamStructType>(t) &&
          !t.isIntOrIndexOrFloat())
        return func.emitOpError() << "kernel argument " << arg.getArgNumber() << " of type " << t
                                  << " cannot be passed from the host";
      if (isa<mlir::ascendc::GMPtrType>(t)) {
        kernelPointerArgs.insert(arg);
        out << "GM_ADDR " << getName(arg);
        continue;
      }
    }
    out << typeName << (passedByReference(t) ? "& " : " ") << getName(arg);
  }
  out << ") {\n";
  ++indentLevel;
  if (failed(emitBlock(entry))) return failure();
  --indentLevel;
  out << "}\n";
  return success();
}

LogicalResult asc::translateToAscendC(Operation *op, llvm::raw_ostream &os,
                                      const EmitOptions &options) {
  CppEmitter emitter(os, options);
  if (auto func = dyn_cast<func::FuncOp>(op)) return emitter.emitFunction(func);
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitOpError() << "cannot be translated: expected a builtin.module or func.func";
  if (options.includeHeader) {
    os << "#include \"kernel_operator.h\"\n";
    // The APIs kernel_operator.h does not declare, from the headers an Ascend C
    // program includes for them (the vendor's lib/matmul_intf.h, and
    // kernel_operator_list_tensor_intf.h for ListTensorDesc / TensorDesc).
    bool matmul = false, listTensor = false;
    forEachValueType(module, [&](Type t) {
      matmul |= isa<mlir::ascendc::MatmulType>(t);
      listTensor |= isa<mlir::ascendc::ListTensorDescType, mlir::ascendc::TensorDescType>(t);
    });
    if (matmul) os << "#include \"lib/matmul_intf.h\"\n";
    if (listTensor) os << "#include \"kernel_operator_list_tensor_intf.h\"\n";
  }
  if (options.loopChecks && options.includeHeader) {
    bool hasLoop = false;
    module.walk([&](Operation *o) {
      if (isa<scf::ForOp, scf::WhileOp>(o)) hasLoop = true;
    });
    // The hook every runtime loop calls on each iteration: nothing on the NPU;
    // the Model's kernel_operator.h defines it to check Ctrl-C and the launch
    // time limit, so that no loop can hang the host.
    if (hasLoop) {
      os << "#ifndef ASC_LOOP_CHECK\n#define ASC_LOOP_CHECK()\n#endif\n";
      emitter.loopChecks = true;
    }
  }
  emitter.nameFunctions(module);
  emitter.emitMatmulConfigs(module);
  SmallVector<func::FuncOp> devices, kernels;
  for (Operation &child : module.getBody()->getOperations()) {
    auto func = dyn_cast<func::FuncOp>(child);
    if (!func)
      return child.emitOpError() << "cannot be emitted at module level";
    (isKernel(func) ? kernels : devices).push_back(func);
  }
  // Callees before callers (C++ needs a function declared before its call);
  // a function called before its definition (mutual recursion) gets a
  // prototype first.
  SmallVector<func::FuncOp> ordered, prototyped;
  llvm::DenseSet<Operation *> visited, open;
  std::function<void(func::FuncOp)> visit = [&](func::FuncOp f) {
    if (!visited.insert(f).second) return;
    open.insert(f);
    f.walk([&](func::CallOp call) {
      auto callee = module.lookupSymbol<func::FuncOp>(call.getCallee());
      if (!callee || callee == f) return;  // a function may call itself
      if (open.contains(callee) && !callee.isExternal() && !llvm::is_contained(prototyped, callee))
        prototyped.push_back(callee);
      visit(callee);
    });
    open.erase(f);
    ordered.push_back(f);
  };
  for (func::FuncOp f : devices) visit(f);
  for (func::FuncOp f : kernels) visit(f);
  if (!prototyped.empty()) os << "\n";
  for (func::FuncOp func : prototyped)
    if (failed(emitter.emitPrototype(func))) return failure();
  for (func::FuncOp func : ordered) {
    os << "\n";
    if (failed(emitter.emitFunction(func))) return failure();
  }
  return success();
}
