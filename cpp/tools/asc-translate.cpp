//===- asc-translate.cpp - ascendc IR to Ascend C source --------------------===//
//
// mlirTranslateMain's driver (options, `--split-input-file`, the translation
// chosen by its flag, e.g. `--mlir-to-ascendc`), with each input chunk parsed
// first in a child process (ParsePreflight.h): a chunk that does not parse is
// reported and skipped, so MLIR 19's parser error recovery cannot corrupt the
// heap that the following chunks use. Exit status: 0 success, 1 invalid input,
// 2 internal error (the parser crashed).
//
//===----------------------------------------------------------------------===//

#include "ParsePreflight.h"

#include "asc/Emitter/AscendCEmitter.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

namespace cl = llvm::cl;

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  asc::registerToAscendCTranslation();

  static cl::opt<std::string> inputFilename(cl::Positional, cl::desc("<input file>"),
                                            cl::init("-"));
  static cl::opt<std::string> outputFilename("o", cl::desc("Output filename"),
                                             cl::value_desc("filename"), cl::init("-"));
  static cl::opt<bool> allowUnregisteredDialects(
      "allow-unregistered-dialect",
      cl::desc("Allow operation with no registered dialects (testing only)"), cl::init(false));
  static cl::opt<std::string> inputSplitMarker{
      "split-input-file", cl::ValueOptional,
      cl::callback([](const std::string &str) {
        if (str.empty()) inputSplitMarker.setValue(mlir::kDefaultSplitMarker);
      }),
      cl::desc("Split the input file into chunks using the given or default marker and "
               "process each chunk independently"),
      cl::init("")};
  static cl::opt<std::string> outputSplitMarker(
      "output-split-marker", cl::desc("Split marker to use for merging the output"),
      cl::init(""));
  static cl::opt<bool> verifyDiagnostics(
      "verify-diagnostics",
      cl::desc("Check that emitted diagnostics match expected-* lines on the corresponding line"),
      cl::init(false));
  cl::opt<const mlir::Translation *, false, mlir::TranslationParser> translation(
      "", cl::desc("Translation to perform"), cl::Required);
  mlir::registerAsmPrinterCLOptions();
  mlir::registerMLIRContextCLOptions();
  mlir::registerTranslationCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  cl::ParseCommandLineOptions(argc, argv, "asc translation driver");

  mlir::DefaultTimingManager timingManager;
  mlir::applyDefaultTimingManagerCLOptions(timingManager);
  mlir::TimingScope timing = timingManager.getRootScope();

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

  // The dialects the translation parses, for the child's parse.
  mlir::DialectRegistry registry;
  asc::registerEmitterDialects(registry);

  auto processChunk = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                          llvm::raw_ostream &os) -> mlir::LogicalResult {
    // The parser needs a NUL-terminated buffer; a split chunk need not be one.
    if (!chunk->getBuffer().ends_with('\0'))
      chunk = llvm::MemoryBuffer::getMemBufferCopy(chunk->getBuffer(),
                                                   chunk->getBufferIdentifier());
    // Diagnostic verification needs the parse errors in this process.
    if (!verifyDiagnostics &&
        asc::tools::preflightParse(*chunk, registry, allowUnregisteredDialects) !=
            asc::tools::Preflight::Parses)
      return mlir::failure();
    mlir::TimingScope translationTiming = timing.nest(translation->getDescription());
    mlir::MLIRContext context;
    context.allowUnregisteredDialects(allowUnregisteredDialects);
    context.printOpOnDiagnostic(!verifyDiagnostics);
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(std::move(chunk), llvm::SMLoc());
    if (verifyDiagnostics) {
      // The translation is expected to fail; the diagnostics must match.
      mlir::SourceMgrDiagnosticVerifierHandler handler(*sourceMgr, &context);
      (void)(*translation)(sourceMgr, os, &context);
      return handler.verify();
    }
    mlir::SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
    return (*translation)(sourceMgr, os, &context);
  };
  mlir::LogicalResult result = mlir::splitAndProcessBuffer(
      std::move(input), processChunk, output->os(), inputSplitMarker, outputSplitMarker);
  if (asc::tools::sawParserCrash()) return 2;
  if (mlir::failed(result)) return 1;
  output->keep();
  return 0;
}
