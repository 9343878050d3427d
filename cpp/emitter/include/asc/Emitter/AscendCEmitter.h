//===- AscendCEmitter.h - MLIR to Ascend C source ---------------*- C++ -*-===//
//
// Public entry point of the emitter library (//cpp/emitter). Another MLIR-based
// compiler links //cpp/dialect and //cpp/emitter and calls translateToAscendC
// on a module of ascendc + func + arith + scf ops.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_EMITTER_ASCENDCEMITTER_H
#define ASC_EMITTER_ASCENDCEMITTER_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace asc {

struct EmitOptions {
  /// Write `#line N "file"` before statements whose op has a file location,
  /// so that compiler diagnostics and runtime checks name the Python source.
  bool lineDirectives = false;
  /// Write `#include "kernel_operator.h"` at the top of a module.
  bool includeHeader = true;
  /// Start every runtime loop body with `ASC_LOOP_CHECK();`, a macro defined
  /// empty after the include unless the header defined it (the Model does:
  /// Ctrl-C and the launch time limit stop any loop).
  bool loopChecks = true;
};

/// Prints `op` (a builtin.module, or a single func.func) as Ascend C source.
/// On failure a diagnostic has been emitted at the offending op's location.
mlir::LogicalResult translateToAscendC(mlir::Operation *op, llvm::raw_ostream &os,
                                       const EmitOptions &options = {});

/// The dialects the emitter understands (ascendc, func, arith, scf).
void registerEmitterDialects(mlir::DialectRegistry &registry);

/// Registers `--mlir-to-ascendc` with mlir-translate style tools.
void registerToAscendCTranslation();

} // namespace asc

#endif // ASC_EMITTER_ASCENDCEMITTER_H
