//===- ApiEmitters.cpp - Ascend C API calls, generated from the dialect -----===//
//
// Every ascendc op with an `ascCall` format is printed by a function that
// asc-tblgen writes from the op's TableGen definition.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/AscendC/AscendCDialect.h"
#include "asc/Emitter/CppEmitter.h"

using namespace mlir;

namespace {
#include "asc/Emitter/AscendCApiEmitters.inc"
} // namespace

void asc::registerApiEmitters(CppEmitter::EmitterTable &table) {
  registerGeneratedEmitters(table);
}
