//===- ParsePreflight.cpp - parse untrusted input in a child process -------===//

#include "ParsePreflight.h"

#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>

namespace asc::tools {

static bool parserCrashed = false;

bool sawParserCrash() { return parserCrashed; }

/// The child: parse, print the errors, exit 0 (parses) or 1 (does not).
[[noreturn]] static void parseInChild(const llvm::MemoryBuffer &buffer,
                                      mlir::DialectRegistry &registry, bool allowUnregistered) {
  // A crash here is reported by the parent; no crash report from this process.
  for (int sig : {SIGSEGV, SIGBUS, SIGABRT, SIGILL, SIGFPE, SIGTRAP})
    std::signal(sig, SIG_DFL);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  context.allowUnregisteredDialects(allowUnregistered);
  llvm::SourceMgr sourceMgr;
  // A copy: the lexer needs the terminating NUL that a chunk may lack.
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(buffer.getBuffer(), buffer.getBufferIdentifier()),
      llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context);
  // Parse only: the verifier (and any bug in it) runs in the parent.
  mlir::ParserConfig config(&context, /*verifyAfterParse=*/false);
  mlir::Block block;
  bool parses = mlir::succeeded(mlir::parseSourceFile(sourceMgr, &block, config));
  llvm::errs().flush();
  // _exit: neither the parsed IR nor the context is destroyed.
  _exit(parses ? 0 : 1);
}

Preflight preflightParse(const llvm::MemoryBuffer &buffer, mlir::DialectRegistry &registry,
                         bool allowUnregisteredDialects) {
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) return Preflight::Parses; // no child: parse in-process as before
  if (pid == 0) parseInChild(buffer, registry, allowUnregisteredDialects);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return Preflight::Parses;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status) == 0 ? Preflight::Parses : Preflight::Invalid;
  parserCrashed = true;
  llvm::errs() << buffer.getBufferIdentifier()
               << ": error: internal error: the MLIR parser crashed on this input (signal "
               << (WIFSIGNALED(status) ? WTERMSIG(status) : 0) << ")\n";
  return Preflight::ParserCrash;
}

} // namespace asc::tools
