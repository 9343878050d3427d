//===- ir.cpp - asc._C.ir: MLIR context, types, builder, passes, emission --===//
//
// The Python front end drives this module: it creates a module, builds ops
// with Builder.create_asc_<Op> (generated from the dialect's TableGen
// definitions), verifies, runs passes and emits Ascend C. Every MLIR
// diagnostic becomes an MLIRError carrying "file:line:col: error: message".
//
//===----------------------------------------------------------------------===//

#include "IRBuilder.h"

#include "asc/Dialect/AscendC/AscendCDialect.h"
#include "asc/Emitter/AscendCEmitter.h"
#include "asc/Dialect/AscendC/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
using namespace mlir;
using asc::python::IRBuilder;

namespace {

/// An OpBuilder insertion point as a Python object.
struct InsertionPoint {
  mlir::OpBuilder::InsertPoint ip;
};


/// Raised (as asc._C.ir.MLIRError) for every MLIR diagnostic of severity error.
struct MLIRError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Collects the diagnostics emitted while it lives, in the form
/// "file:line:col: error: message" (notes appended), instead of printing them.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          append(diag);
          return success();
        }) {}

  [[noreturn]] void raise(llvm::StringRef fallback) {
    throw MLIRError(text.empty() ? fallback.str() : text);
  }

private:
  /// "file:line:col" for the innermost file location, else MLIR's own form.
  static void printLocation(llvm::raw_ostream &os, Location loc) {
    if (auto file = dyn_cast<FileLineColLoc>(loc)) {
      os << file.getFilename().getValue() << ":" << file.getLine() << ":" << file.getColumn();
    } else if (auto named = dyn_cast<NameLoc>(loc)) {
      printLocation(os, named.getChildLoc());
    } else if (auto fused = dyn_cast<FusedLoc>(loc); fused && !fused.getLocations().empty()) {
      printLocation(os, fused.getLocations().front());
    } else {
      os << loc;
    }
  }

  void append(Diagnostic &diag) {
    llvm::raw_string_ostream os(text);
    if (!text.empty()) os << "\n";
    printLocation(os, diag.getLocation());
    os << ": ";
    switch (diag.getSeverity()) {
    case DiagnosticSeverity::Error: os << "error: "; break;
    case DiagnosticSeverity::Warning: os << "warning: "; break;
    case DiagnosticSeverity::Note: os << "note: "; break;
    case DiagnosticSeverity::Remark: os << "remark: "; break;
    }
    os << diag.str();
    for (Diagnostic &note : diag.getNotes()) {
      os << "\n";
      printLocation(os, note.getLocation());
      os << ": note: " << note.str();
    }
  }

  std::string text;
  ScopedDiagnosticHandler handler;
};

/// Parsed pass pipelines per context (see runPasses); dropped with the context.
using PipelineCache = llvm::StringMap<std::unique_ptr<PassManager>>;
llvm::DenseMap<MLIRContext *, PipelineCache> &pipelineCaches() {
  static llvm::DenseMap<MLIRContext *, PipelineCache> caches;
  return caches;
}

struct Context {
  ~Context() { pipelineCaches().erase(context.get()); }
  Context() : context(std::make_unique<MLIRContext>(MLIRContext::Threading::DISABLED)) {
    DialectRegistry registry;
    asc::registerEmitterDialects(registry);
    context->appendDialectRegistry(registry);
    context->loadAllAvailableDialects();
    // Diagnostics name the user's line; the op's generic form is noise there.
    context->printOpOnDiagnostic(false);
  }
  std::unique_ptr<MLIRContext> context;
};

struct Module {
  OwningOpRef<ModuleOp> module;
  ModuleOp get() {
    if (!module) throw nb::value_error("the module is empty");
    return *module;
  }
};

std::string printOp(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os);
  return text;
}

template <typename T>
std::string printToString(T value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  value.print(os);
  return text;
}

void verifyOrRaise(Operation *op) {
  DiagnosticCollector diagnostics(op->getContext());
  if (failed(verify(op))) diagnostics.raise("verification failed");
}

Type parseTypeOrRaise(MLIRContext *context, const std::string &text) {
  DiagnosticCollector diagnostics(context);
  Type type = parseType(text, context);
  if (!type) diagnostics.raise("cannot parse type '" + text + "'");
  return type;
}

void runPasses(Module &module, const std::string &pipeline, bool verify) {
  ModuleOp op = module.get();
  DiagnosticCollector diagnostics(op.getContext());
  // Accept "canonicalize,cse" and "builtin.module(canonicalize,cse)" alike.
  llvm::StringRef inner = llvm::StringRef(pipeline).trim();
  if (inner.consume_front("builtin.module(")) {
    if (!inner.consume_back(")"))
      throw MLIRError("invalid pass pipeline '" + pipeline + "': unbalanced parentheses");
  }
  // Parsed pipelines are kept per context: the front end runs the same one on
  // every kernel it compiles, and parsing it costs as much as running it.
  std::string key = (verify ? "v:" : "n:") + inner.str();
  auto &slot = pipelineCaches()[op.getContext()][key];
  if (!slot) {
    auto pm = std::make_unique<PassManager>(op.getContext(), ModuleOp::getOperationName());
    pm->enableVerifier(verify);
    std::string error;
    llvm::raw_string_ostream errorStream(error);
    if (failed(parsePassPipeline(inner, *pm, errorStream)))
      throw MLIRError("invalid pass pipeline '" + pipeline + "': " + error);
    slot = std::move(pm);
  }
  if (failed(slot->run(op))) diagnostics.raise("pass pipeline '" + pipeline + "' failed");
}

std::string irToAscendC(Module &module, bool lineDirectives, bool verify) {
  ModuleOp op = module.get();
  if (verify) verifyOrRaise(op);
  DiagnosticCollector diagnostics(op.getContext());
  std::string text;
  llvm::raw_string_ostream os(text);
  asc::EmitOptions options;
  options.lineDirectives = lineDirectives;
  if (failed(asc::translateToAscendC(op, os, options)))
    diagnostics.raise("emission failed");
  return text;
}

Type elementTypeOf(Type type) { return ascendc::getTensorElementType(type); }

ascendc::TPosition toPosition(int64_t value) {
  auto position = ascendc::symbolizeTPosition(static_cast<uint32_t>(value));
  if (!position) throw nb::value_error("not a TPosition value");
  return *position;
}

void bindBuilder(nb::module_ &m) {
  auto cls = nb::class_<IRBuilder>(m, "Builder");
  cls.def(
         "__init__",
         [](IRBuilder *self, Context &context) { new (self) IRBuilder(context.context.get()); },
         nb::keep_alive<1, 2>())
      // Locations
      .def("set_loc", &IRBuilder::setLoc)
      .def("get_loc", &IRBuilder::loc)
      .def("get_file_loc",
           [](IRBuilder &self, const std::string &file, unsigned line, unsigned col) {
             return Location(FileLineColLoc::get(self.context(), file, line, col));
           })
      .def("get_name_loc",
           [](IRBuilder &self, const std::string &name, Location child) {
             return Location(NameLoc::get(StringAttr::get(self.context(), name), child));
           })
      .def("get_unknown_loc", [](IRBuilder &self) { return Location(UnknownLoc::get(self.context())); })
      // Insertion points
      .def("set_insertion_point_to_start",
           [](IRBuilder &self, Block *block) { self.builder().setInsertionPointToStart(block); })
      .def("set_insertion_point_to_end",
           [](IRBuilder &self, Block *block) { self.builder().setInsertionPointToEnd(block); })
      .def("set_insertion_point_after",
           [](IRBuilder &self, Operation *op) { self.builder().setInsertionPointAfter(op); })
      // Saved and restored around the tracing of a device function, which
      // moves the insertion point into another func.func.
      .def("save_insertion_point",
           [](IRBuilder &self) { return InsertionPoint{self.builder().saveInsertionPoint()}; })
      .def("restore_insertion_point",
           [](IRBuilder &self, const InsertionPoint &ip) { self.builder().restoreInsertionPoint(ip.ip); })
      .def("get_insertion_block", [](IRBuilder &self) { return self.builder().getInsertionBlock(); },
           nb::rv_policy::reference)
      // Scalar types
      .def("get_i1_type", [](IRBuilder &self) { return Type(self.builder().getI1Type()); })
      .def("get_int_type",
           [](IRBuilder &self, unsigned width, bool isSigned) {
             return Type(IntegerType::get(self.context(), width,
                                          isSigned ? IntegerType::Signless : IntegerType::Unsigned));
           },
           nb::arg("width"), nb::arg("signed") = true)
      .def("get_i8_type", [](IRBuilder &self) { return Type(self.builder().getI8Type()); })
      .def("get_i16_type", [](IRBuilder &self) { return Type(self.builder().getI16Type()); })
      .def("get_i32_type", [](IRBuilder &self) { return Type(self.builder().getI32Type()); })
      .def("get_i64_type", [](IRBuilder &self) { return Type(self.builder().getI64Type()); })
      .def("get_f16_type", [](IRBuilder &self) { return Type(self.builder().getF16Type()); })
      .def("get_bf16_type", [](IRBuilder &self) { return Type(self.builder().getBF16Type()); })
      .def("get_f32_type", [](IRBuilder &self) { return Type(self.builder().getF32Type()); })
      .def("get_f64_type", [](IRBuilder &self) { return Type(self.builder().getF64Type()); })
      // Ascend C object types
      .def("get_global_tensor_type", [](IRBuilder &, Type e) { return Type(ascendc::GlobalTensorType::get(e)); })
      .def("get_local_tensor_type", [](IRBuilder &, Type e) { return Type(ascendc::LocalTensorType::get(e)); })
      .def("get_gm_ptr_type", [](IRBuilder &, Type e) { return Type(ascendc::GMPtrType::get(e)); })
      .def("get_tensor_desc_type", [](IRBuilder &, Type e) { return Type(ascendc::TensorDescType::get(e)); })
      .def("get_tpipe_type", [](IRBuilder &self) { return Type(ascendc::TPipeType::get(self.context())); })
      .def("get_queue_type",
           [](IRBuilder &self, int64_t pos, int64_t depth) {
             return Type(ascendc::TQueType::get(self.context(), toPosition(pos), depth));
           })
      .def("get_queue_bind_type",
           [](IRBuilder &self, int64_t src, int64_t dst, int64_t depth, int64_t mask) {
             return Type(ascendc::TQueBindType::get(self.context(), toPosition(src),
                                                    toPosition(dst), depth, mask));
           })
      .def("get_tbuf_type",
           [](IRBuilder &self, int64_t pos) {
             return Type(ascendc::TBufType::get(self.context(), toPosition(pos)));
           })
      .def("get_tbuf_pool_type",
           [](IRBuilder &self, int64_t pos, int64_t size) {
             return Type(ascendc::TBufPoolType::get(self.context(), toPosition(pos), size));
           })
      .def("get_bitmask_type", [](IRBuilder &self) { return Type(ascendc::BitMaskType::get(self.context())); })
      .def("parse_type", [](IRBuilder &self, const std::string &text) {
        return parseTypeOrRaise(self.context(), text);
      })
      // Constants
      .def("get_int",
           [](IRBuilder &self, int64_t value, Type type) {
             auto attr = IntegerAttr::get(type, value);
             return Value(self.builder().create<arith::ConstantOp>(self.loc(), attr).getResult());
           })
      .def("get_float",
           [](IRBuilder &self, double value, Type type) {
             if (!isa<FloatType>(type)) throw nb::type_error("get_float takes a float type");
             auto attr = FloatAttr::get(type, value);
             return Value(self.builder().create<arith::ConstantOp>(self.loc(), attr).getResult());
           })
      .def("get_bool",
           [](IRBuilder &self, bool value) {
             return Value(self.builder().create<arith::ConstantOp>(self.loc(), self.builder().getBoolAttr(value)).getResult());
           })
      // Structure
      .def("create_module",
           [](IRBuilder &self) {
             auto module = std::make_unique<Module>();
             module->module = ModuleOp::create(self.loc());
             return module.release();
           },
           nb::rv_policy::take_ownership, nb::keep_alive<0, 1>())
      .def("create_function",
           [](IRBuilder &self, Module &module, const std::string &name,
              const std::vector<Type> &args, const std::vector<Type> &results, bool kernel) {
             OpBuilder &b = self.builder();
             OpBuilder::InsertionGuard guard(b);
             b.setInsertionPointToEnd(module.get().getBody());
             auto func = b.create<func::FuncOp>(self.loc(), name, b.getFunctionType(args, results));
             if (kernel) func->setAttr("ascendc.global", b.getUnitAttr());
             func.addEntryBlock();
             return func.getOperation();
           },
           nb::arg("module"), nb::arg("name"), nb::arg("arg_types"), nb::arg("result_types"),
           nb::arg("kernel") = false, nb::rv_policy::reference, nb::keep_alive<0, 2>())
      .def("create_binary",
           [](IRBuilder &self, const std::string &name, Value lhs, Value rhs) {
             OperationState state(self.loc(), name);
             if (!state.name.isRegistered()) throw nb::value_error(("unknown op " + name).c_str());
             state.addOperands({lhs, rhs});
             state.addTypes(lhs.getType());
             return Value(self.builder().create(state)->getResult(0));
           })
      .def("create_cmpi",
           [](IRBuilder &self, const std::string &predicate, Value lhs, Value rhs) {
             auto p = arith::symbolizeCmpIPredicate(predicate);
             if (!p) throw nb::value_error(("unknown predicate " + predicate).c_str());
             return Value(self.builder().create<arith::CmpIOp>(self.loc(), *p, lhs, rhs).getResult());
           })
      .def("create_cmpf",
           [](IRBuilder &self, const std::string &predicate, Value lhs, Value rhs) {
             auto p = arith::symbolizeCmpFPredicate(predicate);
             if (!p) throw nb::value_error(("unknown predicate " + predicate).c_str());
             return Value(self.builder().create<arith::CmpFOp>(self.loc(), *p, lhs, rhs).getResult());
           })
      .def("create_cast",
           [](IRBuilder &self, const std::string &name, Value value, Type type) {
             OperationState state(self.loc(), name);
             if (!state.name.isRegistered()) throw nb::value_error(("unknown op " + name).c_str());
             state.addOperands(value);
             state.addTypes(type);
             return Value(self.builder().create(state)->getResult(0));
           })
      .def("create_select",
           [](IRBuilder &self, Value c, Value a, Value b) {
             return Value(self.builder().create<arith::SelectOp>(self.loc(), c, a, b).getResult());
           })
      .def("create_for",
           [](IRBuilder &self, Value lb, Value ub, Value step, const std::vector<Value> &inits) {
             return self.builder().create<scf::ForOp>(self.loc(), lb, ub, step, inits).getOperation();
           },
           nb::arg("lower"), nb::arg("upper"), nb::arg("step"), nb::arg("iter_args") = std::vector<Value>{},
           nb::rv_policy::reference)
      .def("create_if",
           [](IRBuilder &self, Value cond, const std::vector<Type> &results, bool withElse) {
             return self.builder().create<scf::IfOp>(self.loc(), results, cond, withElse).getOperation();
           },
           nb::arg("condition"), nb::arg("result_types") = std::vector<Type>{},
           nb::arg("with_else") = false, nb::rv_policy::reference)
      // scf.while with both regions' blocks created: "before" (condition) takes
      // the carried values, "after" (body) the values passed by scf.condition.
      .def("create_while",
           [](IRBuilder &self, const std::vector<Type> &types, const std::vector<Value> &inits) {
             OpBuilder &b = self.builder();
             auto op = b.create<scf::WhileOp>(self.loc(), types, inits);
             SmallVector<Location> locs(types.size(), self.loc());
             OpBuilder::InsertionGuard guard(b);
             b.createBlock(&op.getBefore(), {}, types, locs);
             b.createBlock(&op.getAfter(), {}, types, locs);
             return op.getOperation();
           },
           nb::arg("result_types"), nb::arg("inits"), nb::rv_policy::reference)
      .def("create_condition",
           [](IRBuilder &self, Value cond, const std::vector<Value> &args) {
             self.builder().create<scf::ConditionOp>(self.loc(), cond, args);
           })
      .def("create_yield",
           [](IRBuilder &self, const std::vector<Value> &values) {
             self.builder().create<scf::YieldOp>(self.loc(), values);
           },
           nb::arg("values") = std::vector<Value>{})
      .def("create_call",
           [](IRBuilder &self, const std::string &callee, const std::vector<Value> &args,
              const std::vector<Type> &results) {
             return self.builder().create<func::CallOp>(self.loc(), callee, results, args).getOperation();
           },
           nb::rv_policy::reference)
      .def("create_return",
           [](IRBuilder &self, const std::vector<Value> &values) {
             self.builder().create<func::ReturnOp>(self.loc(), values);
           },
           nb::arg("values") = std::vector<Value>{});

#include "python/src/AscendCPyBuilders.inc"
}

} // namespace

NB_MODULE(_C, m) {
  m.doc() = "asc native module: the ascendc MLIR dialect, its IR builder and the Ascend C emitter";
  registerTransformsPasses();
  mlir::ascendc::registerAscendCPasses();  // ascendc-insert-sync
  nb::module_ ir = m.def_submodule("ir", "MLIR IR construction for the asc front end");
  nb::exception<MLIRError>(ir, "MLIRError");

  nb::class_<Context>(ir, "Context").def(nb::init<>());

  nb::class_<Location>(ir, "Location")
      .def("__str__", [](Location &l) { return printToString(l); })
      .def("__repr__", [](Location &l) { return "<Location " + printToString(l) + ">"; });

  nb::class_<Type>(ir, "Type")
      .def("__str__", [](Type &t) { return printToString(t); })
      .def("__repr__", [](Type &t) { return "<Type " + printToString(t) + ">"; })
      .def("__eq__", [](Type &a, Type &b) { return a == b; })
      .def("__hash__", [](Type &t) { return hash_value(t); })
      .def("is_integer", [](Type &t) { return t.isIntOrIndex(); })
      .def("is_float", [](Type &t) { return isa<FloatType>(t); })
      .def("get_element_type", [](Type &t) { return elementTypeOf(t); });

  nb::class_<Value>(ir, "Value")
      .def("get_type", [](Value &v) { return v.getType(); })
      .def("set_loc", [](Value &v, Location loc) { v.setLoc(loc); })
      // A unit attribute on the op defining the value (e.g. asc.disjoint on a
      // LocalTensorAuto's declaration, read by ascendc-insert-sync).
      .def("set_defining_op_flag", [](Value &v, const std::string &name) {
        Operation *op = v.getDefiningOp();
        if (!op) throw nb::type_error("the value is a block argument, not an op result");
        op->setAttr(name, UnitAttr::get(op->getContext()));
      })
      .def("__str__", [](Value &v) { return printToString(v); });

  nb::class_<InsertionPoint>(ir, "InsertionPoint");
  nb::class_<Block>(ir, "Block")
      .def("arg", [](Block &b, unsigned i) {
        if (i >= b.getNumArguments()) throw nb::index_error("block argument index out of range");
        return Value(b.getArgument(i));
      })
      .def_prop_ro("num_args", [](Block &b) { return b.getNumArguments(); });

  nb::class_<Operation>(ir, "Operation")
      .def("__str__", [](Operation &op) { return printOp(&op); })
      .def_prop_ro("name", [](Operation &op) { return op.getName().getStringRef().str(); })
      .def("result", [](Operation &op, unsigned i) {
        if (i >= op.getNumResults()) throw nb::index_error("result index out of range");
        return Value(op.getResult(i));
      })
      .def_prop_ro("num_results", [](Operation &op) { return op.getNumResults(); })
      .def("block", [](Operation &op, unsigned region) {
        if (region >= op.getNumRegions() || op.getRegion(region).empty())
          throw nb::index_error("the op has no such region");
        return &op.getRegion(region).front();
      }, nb::arg("region") = 0, nb::rv_policy::reference)
      .def("add_else_block", [](Operation &op) {
        auto ifOp = dyn_cast<scf::IfOp>(&op);
        if (!ifOp) throw nb::type_error("add_else_block takes an scf.if");
        if (ifOp.getElseRegion().empty()) ifOp.getElseRegion().emplaceBlock();
        return &ifOp.getElseRegion().front();
      }, nb::rv_policy::reference)
      .def("set_attr_str", [](Operation &op, const std::string &name, const std::string &value) {
        op.setAttr(name, StringAttr::get(op.getContext(), value));
      })
      .def("set_arg_name", [](Operation &op, unsigned i, const std::string &name) {
        auto func = dyn_cast<func::FuncOp>(&op);
        if (!func || i >= func.getNumArguments()) throw nb::index_error("no such function argument");
        func.setArgAttr(i, "asc.name", StringAttr::get(op.getContext(), name));
      })
      // The front end traces some regions twice (first to learn result types);
      // the first trace is erased.
      .def("erase", [](Operation &op) { op.erase(); })
      .def("verify", [](Operation &op) { verifyOrRaise(&op); });

  nb::class_<Module>(ir, "Module")
      .def("__str__", [](Module &m) { return printOp(m.get()); })
      .def_prop_ro("body", [](Module &m) { return m.get().getBody(); }, nb::rv_policy::reference)
      .def("verify", [](Module &m) { verifyOrRaise(m.get()); })
      .def("run_passes", &runPasses, nb::arg("pipeline"), nb::arg("verify") = true,
           "Runs a textual pass pipeline, e.g. 'builtin.module(canonicalize,cse)'; "
           "verify=False skips the verifier between passes (for modules verified before).")
      .def("num_ops", [](Module &m) {
        size_t n = 0;
        m.get().walk([&](Operation *) { ++n; });
        return n - 1;
      });

  ir.def("parse_module",
         [](Context &context, const std::string &text) {
           DiagnosticCollector diagnostics(context.context.get());
           auto module = std::make_unique<Module>();
           module->module = parseSourceString<ModuleOp>(text, context.context.get());
           if (!module->module) diagnostics.raise("cannot parse module");
           return module.release();
         },
         nb::keep_alive<0, 1>(), nb::rv_policy::take_ownership);
  ir.def("ir_to_ascendc", &irToAscendC, nb::arg("module"), nb::arg("line_directives") = false,
         nb::arg("verify") = true,
         "Verifies the module (unless verify=False) and returns its Ascend C source.");

  bindBuilder(ir);
}
