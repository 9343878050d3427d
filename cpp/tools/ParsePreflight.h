//===- ParsePreflight.h - parse untrusted input in a child process ---------===//
//
// MLIR 19's parser can corrupt the heap while it recovers from a syntax error:
// when an op uses a value defined later inside a region that then fails to
// parse, the region is freed while the op still points into it
// (llvm/llvm-project#107121, fixed upstream in #127778 / #128011, after the
// LLVM 19 this project builds with). The corruption shows up as a crash in a
// later `--split-input-file` chunk. asc-opt and asc-translate therefore parse
// each chunk first in a forked child and hand only inputs that parse to the
// in-process driver; an input that does not parse never touches the tool's heap.
//
//===----------------------------------------------------------------------===//

#ifndef ASC_TOOLS_PARSEPREFLIGHT_H
#define ASC_TOOLS_PARSEPREFLIGHT_H

#include "llvm/Support/MemoryBuffer.h"

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace asc::tools {

enum class Preflight {
  Parses,      // the input parses: process it in-process
  Invalid,     // it does not; the child printed the parse errors
  ParserCrash, // the parser crashed on it (an internal error; reported here)
};

/// Parses `buffer` (without verifying it) in a forked child that prints the
/// parse errors to stderr. Where fork() is unavailable the answer is Parses.
Preflight preflightParse(const llvm::MemoryBuffer &buffer, mlir::DialectRegistry &registry,
                         bool allowUnregisteredDialects);

/// Set once a child crashed: the tool then exits with status 2 (internal error).
bool sawParserCrash();

} // namespace asc::tools

#endif // ASC_TOOLS_PARSEPREFLIGHT_H
