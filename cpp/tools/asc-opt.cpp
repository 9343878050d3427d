//===- asc-opt.cpp - parse, verify, transform and print ascendc IR ---------===//
//
// MlirOptMain, with each input (each `--split-input-file` chunk) parsed first
// in a child process (ParsePreflight.h): an input that does not parse is
// reported and skipped, so MLIR 19's parser error recovery cannot corrupt the
// heap that the following chunks use. Exit status: 0 success, 1 invalid input,
// 2 internal error (the parser crashed).
//
//===----------------------------------------------------------------------===//

#include "ParsePreflight.h"

#include "asc/Emitter/AscendCEmitter.h"
#include "asc/Dialect/AscendC/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"

int main(int argc, char **argv) {
  // The generic passes kernels go through: canonicalize, cse, and the rest of
  // MLIR's transforms (symbol-dce, inline, …).
  mlir::registerTransformsPasses();
  mlir::ascendc::registerAscendCPasses();  // ascendc-insert-sync
  mlir::DialectRegistry registry;
  asc::registerEmitterDialects(registry);
  auto [inputFilename, outputFilename] =
      mlir::registerAndParseCLIOptions(argc, argv, "asc optimizer driver\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  // Diagnostic verification needs the parse errors in this process, and
  // --show-dialects reads no input: MLIR's own driver.
  if (config.shouldVerifyDiagnostics() || config.shouldShowDialects())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  llvm::InitLLVM init(argc, argv);
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> input = mlir::openInputFile(inputFilename, &error);
  if (!input) {
    llvm::errs() << error << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output = mlir::openOutputFile(outputFilename, &error);
  if (!output) {
    llvm::errs() << error << "\n";
    return 1;
  }
  // Each chunk goes through MlirOptMain whole (no further splitting).
  mlir::MlirOptMainConfig chunkConfig = config;
  chunkConfig.splitInputFile("");
  chunkConfig.outputSplitMarker("");
  auto processChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                          llvm::raw_ostream &os) -> mlir::LogicalResult {
    if (asc::tools::preflightParse(*chunk, registry, config.shouldAllowUnregisteredDialects()) !=
        asc::tools::Preflight::Parses)
      return mlir::failure();
    return mlir::MlirOptMain(os, std::move(chunk), registry, chunkConfig);
  };
  const mlir::MlirOptMainConfig &options = config; // the markers' getters are const
  mlir::LogicalResult result =
      mlir::splitAndProcessBuffer(std::move(input), processChunk, output->os(),
                                  options.inputSplitMarker(), options.outputSplitMarker());
  if (asc::tools::sawParserCrash()) return 2;
  if (mlir::failed(result)) return 1;
  output->keep();
  return 0;
}
