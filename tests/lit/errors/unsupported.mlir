// An op the emitter has no Ascend C form for is a located error.
// RUN: not asc-translate --mlir-to-ascendc %s 2>&1 | FileCheck %s

// CHECK: unsupported.mlir:[[@LINE+2]]:8: error: 'arith.maxui' op has no Ascend C form
func.func @f(%a: i32, %b: i32) -> i32 {
  %r = arith.maxui %a, %b : i32
  return %r : i32
}
