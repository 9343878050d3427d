//===- CppEmitter.h - the statement writer behind the emitter --*- C++ -*-===//
//
// The emission functions that asc-tblgen generates from each op's `ascCall`
// call these methods; the hand-written printers for func, arith and scf use
// them too. One instance prints one module.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_EMITTER_CPPEMITTER_H
#define ASC_EMITTER_CPPEMITTER_H

#include "asc/Emitter/AscendCEmitter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace asc {

class CppEmitter {
public:
  using EmitFn = mlir::LogicalResult (*)(CppEmitter &, mlir::Operation *);
  using EmitterTable = llvm::DenseMap<mlir::TypeID, EmitFn>;

  CppEmitter(llvm::raw_ostream &os, const EmitOptions &options);

  llvm::raw_ostream &os() { return out; }

  /// Prints a whole op: structural printers first, generated ones for API ops.
  mlir::LogicalResult emitOperation(mlir::Operation *op);
  mlir::LogicalResult emitBlock(mlir::Block &block);

  // --- pieces of a statement -------------------------------------------------
  /// Indentation and, if enabled, a #line directive for `op`.
  void beginStatement(mlir::Operation *op);
  /// `<type> <name> = ` for a value computed by an expression.
  void beginAssignment(mlir::Value result);
  /// `<type> <name>` for an object declared with constructor arguments.
  void beginDeclaration(mlir::Value result);
  /// `<type>& <name> = ` for a reference to an object the API owns.
  void beginReference(mlir::Value result);
  void endStatement() { out << ";\n"; }
  /// A fresh C++ identifier (for locals a printer declares, e.g. arrays).
  std::string newName(llvm::StringRef hint) { return freshName(hint); }

  // Values, attributes and types. One that has no Ascend C spelling is an
  // error at the op being printed (emitOperation then fails), never a
  // placeholder in the output.
  void emitValue(mlir::Value value);
  void emitValues(mlir::ValueRange values);
  void emitAttr(mlir::Attribute attr);
  void emitType(mlir::Type type);
  void emitElementType(mlir::Type type);

  /// The C++ spelling of a type; empty if it has none (an error).
  std::string getTypeName(mlir::Type type);
  /// The C++ type of a value: getTypeName, except for a parameter struct that is a
  /// class template on an element type (ParamStructType::getTemplateField): `S<T>`,
  /// T the element type of the first tensor of an op that takes the value, else of
  /// the template field's value where `value` is built (empty if neither says).
  std::string getValueTypeName(mlir::Value value);
  /// The variable name of a value, assigned on first use.
  llvm::StringRef getName(mlir::Value value);

  void indent() { out.indent(indentLevel * 2); }
  int indentLevel = 0;
  /// The aggregate a function with several results returns (`f_result`).
  std::string resultStructName(llvm::StringRef func) { return functionName(func) + "_result"; }
  /// The C++ name of the module's function `symbol`: the symbol itself, unless a
  /// C++ keyword, a bisheng builtin, a name of namespace AscendC or a macro of
  /// the vendor's headers has it (then `symbol_`, or `symbol_<n>`). Kernels and
  /// device functions keep their Python name in MLIR; only the C++ symbol moves.
  std::string functionName(llvm::StringRef symbol);
  /// Assigns every function of `module` its C++ name (before any is printed).
  void nameFunctions(mlir::ModuleOp module);
  /// Defines, at file scope, the MatmulConfig of each Matmul type whose config
  /// is not one of the vendor's predefined constants (a base constant with
  /// members set: `__aicore__ constexpr MatmulConfig asc_matmul_config_N()` and
  /// `constexpr static MatmulConfig ASC_MATMUL_CFG_N`), which the Matmul's
  /// template argument then names.
  void emitMatmulConfigs(mlir::ModuleOp module);
  /// Loop bodies start with `ASC_LOOP_CHECK();` (set when the module's
  /// prologue defined the macro).
  bool loopChecks = false;

  /// A func.func as a kernel (`ascendc.global`) or an inline device function.
  mlir::LogicalResult emitFunction(mlir::func::FuncOp func);
  /// `__aicore__ inline T f(types...);`, for a function called before its definition.
  mlir::LogicalResult emitPrototype(mlir::func::FuncOp func);

private:
  std::string freshName(llvm::StringRef hint);
  /// Resets the per-function names and prints `<qualifiers> <result> <name>(`.
  mlir::LogicalResult beginFunction(mlir::func::FuncOp func);
  /// Reports `message` at the op being printed (the first error only) and
  /// makes its emitOperation fail.
  void emitError(const llvm::Twine &message);
  /// "attribute 'name'" / "operand #i" of the op being printed that holds `attr`.
  std::string describeAttr(mlir::Attribute attr);

  /// The op emitOperation is printing (innermost), for error messages.
  mlir::Operation *currentOp = nullptr;
  bool emissionFailed = false;

  llvm::raw_ostream &out;
  const EmitOptions &options;
  /// The printers by op (built once per process: hundreds of entries, which cost
  /// every emission tens of µs when each emitter filled its own).
  const EmitterTable &table;
  llvm::DenseMap<mlir::Value, std::string> names;
  llvm::StringSet<> usedNames;
  /// Kernel GM_ADDR arguments, typed where they are used.
  llvm::DenseSet<mlir::Value> kernelPointerArgs;
  unsigned nextTemp = 0;
  /// Functions whose result aggregate is already declared.
  llvm::StringSet<> resultStructs;
  /// Function symbol -> C++ name (nameFunctions), and the C++ names taken.
  llvm::StringMap<std::string> functionNames;
  llvm::StringSet<> takenFunctionNames;
  /// The C++ name of a Matmul type's config: key matmulConfigKey(type).
  llvm::StringMap<std::string> matmulConfigNames;
};

/// Printers for func, arith and scf (StructuralEmitters.cpp).
void registerStructuralEmitters(CppEmitter::EmitterTable &table);
/// Printers generated from the ascendc ops' TableGen definitions.
void registerApiEmitters(CppEmitter::EmitterTable &table);

} // namespace asc

#endif // ASC_EMITTER_CPPEMITTER_H
