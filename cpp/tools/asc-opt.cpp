//===- asc-opt.cpp - parse, verify, transform and print ascendc IR ---------===//

#include "asc/Emitter/AscendCEmitter.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  // The generic passes kernels go through: canonicalize, cse, and the rest of
  // MLIR's transforms (symbol-dce, inline, …).
  mlir::registerTransformsPasses();
  mlir::DialectRegistry registry;
  asc::registerEmitterDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "asc optimizer driver\n", registry));
}
