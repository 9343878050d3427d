// Invalid IR makes both tools exit non-zero with file:line:col.
// RUN: not asc-opt %s 2>&1 | FileCheck %s
// RUN: not asc-translate --mlir-to-ascendc %s 2>&1 | FileCheck %s

// CHECK: exit_status.mlir:[[@LINE+4]]:3: error: 'ascendc.set_flag' op event id 9 is outside 0..7
// CHECK-NOT: AscendC::
func.func @f() {
  %c9 = arith.constant 9 : i32
  ascendc.set_flag MTE2_V, %c9 : i32
  return
}
