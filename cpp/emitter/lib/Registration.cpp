//===- Registration.cpp - the emitter as a translation ----------------------===//

#include "asc/Dialect/AscendC/AscendCDialect.h"
#include "asc/Emitter/AscendCEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"

void asc::registerEmitterDialects(mlir::DialectRegistry &registry) {
  registry.insert<mlir::ascendc::AscendCDialect, mlir::arith::ArithDialect,
                  mlir::func::FuncDialect, mlir::scf::SCFDialect>();
}

void asc::registerToAscendCTranslation() {
  static llvm::cl::opt<bool> lineDirectives(
      "asc-line-directives",
      llvm::cl::desc("write #line directives from the ops' file locations"),
      llvm::cl::init(false));
  static llvm::cl::opt<bool> loopChecks(
      "asc-loop-checks",
      llvm::cl::desc("start each loop body with ASC_LOOP_CHECK() (empty on the NPU; the "
                     "Model's Ctrl-C and time-limit check)"),
      llvm::cl::init(true));
  static mlir::TranslateFromMLIRRegistration reg(
      "mlir-to-ascendc", "translate ascendc/func/arith/scf to Ascend C source",
      [](mlir::Operation *op, llvm::raw_ostream &os) {
        EmitOptions options;
        options.lineDirectives = lineDirectives;
        options.loopChecks = loopChecks;
        return translateToAscendC(op, os, options);
      },
      [](mlir::DialectRegistry &registry) { registerEmitterDialects(registry); });
}
