//===- embed_emit.cpp - the emitter used from another compiler's C++ -------===//
//
// Builds a vector-add kernel with OpBuilder and prints its Ascend C. Run by
// tests/lit/embed/embed.mlir.
//
//===----------------------------------------------------------------------===//

#include "asc/Dialect/AscendC/AscendCDialect.h"
#include "asc/Emitter/AscendCEmitter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;

int main() {
  DialectRegistry registry;
  asc::registerEmitterDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  OpBuilder b(&context);
  Location loc = FileLineColLoc::get(&context, "embed_emit.cpp", 1, 1);
  ModuleOp module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module.getBody());

  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  auto ptr = ascendc::GMPtrType::get(f32);
  auto func = b.create<func::FuncOp>(loc, "embedded_kernel",
                                     b.getFunctionType(SmallVector<Type>{ptr, i32}, {}));
  func->setAttr("ascendc.global", b.getUnitAttr());
  Block *entry = func.addEntryBlock();
  b.setInsertionPointToStart(entry);
  Value zero = b.create<arith::ConstantIntOp>(loc, 0, 32);
  Value one = b.create<arith::ConstantIntOp>(loc, 1, 32);
  b.create<ascendc::MetricsProfStartOp>(loc);
  Value block = b.create<ascendc::GetBlockIdxOp>(
      NameLoc::get(b.getStringAttr("block_idx"), loc), b.getI64Type());
  (void)block;
  auto loop = b.create<scf::ForOp>(loc, zero, entry->getArgument(1), one);
  b.setInsertionPointToStart(loop.getBody());
  b.create<ascendc::SetFlagOp>(loc, ascendc::HardEvent::MTE2_V, zero);
  b.create<ascendc::WaitFlagOp>(loc, ascendc::HardEvent::MTE2_V, zero);
  b.setInsertionPointAfter(loop);
  b.create<ascendc::PipeBarrierOp>(loc, ascendc::PipeID::PIPE_ALL);
  b.create<ascendc::MetricsProfStopOp>(loc);
  b.create<func::ReturnOp>(loc);

  if (failed(verify(module))) return 1;
  int rc = failed(asc::translateToAscendC(module, llvm::outs())) ? 1 : 0;
  module.erase();
  return rc;
}
