//===- Passes.td - the ascendc dialect's passes ---------------*- tablegen -*-===//

#ifndef ASC_DIALECT_ASCENDC_PASSES_TD
#define ASC_DIALECT_ASCENDC_PASSES_TD

include "mlir/Pass/PassBase.td"

def AscendCInsertSync : Pass<"ascendc-insert-sync", "::mlir::ModuleOp"> {
  let summary = "Inserts the set_flag / wait_flag pairs a kernel's pipes need";
  let description = [{
    Automatic synchronisation (pyasc's `insert_sync`, and `auto_sync` on the
    Model). Every memory access of an Ascend C call is given its pipe (MTE2
    for GM -> local copies, V for vector ops, MTE3 for local -> GM, S for
    GetValue / SetValue, MTE1 / M / FIX on the cube side) and the region of
    local (or global) memory it reads or writes. Walking each function in
    program order, an access that conflicts (read after write, write after
    read, write after write) with an earlier access of another pipe that is
    not yet ordered before it gets one `SetFlag<SRC_DST>` / `WaitFlag` pair:
    the wait right before the access, the set right after the producer when
    both are in one block, and, for a dependency carried around a loop, the
    set after the producer in the body with one set before the loop and one
    wait after it. Event ids are allocated per HardEvent in 0..7 and reused
    where the live ranges of two pairs do not overlap. A module that already
    holds set_flag, wait_flag or pipe_barrier ops is left unchanged (its
    author synchronised it). Which tensor operands a call writes comes from
    its op's `ascWrites` (AscendCBase.td). docs/auto-sync.md has the details
    and limits.
  }];
  let options = [
    Option<"logPath", "log", "std::string", /*default=*/"\"\"",
           "Append one line per inserted set/wait pair or barrier (pipes, event "
           "id, the source locations of the two accesses) to this file; '-' "
           "writes to stderr">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // ASC_DIALECT_ASCENDC_PASSES_TD
