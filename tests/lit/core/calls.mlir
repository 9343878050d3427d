// Calls between device functions: callees are defined before their callers;
// a function called before its definition (mutual recursion) is declared
// first by a prototype, so the C++ compiles in any call order.
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// CHECK:      #include "kernel_operator.h"
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ inline int32_t even(int32_t, AscendC::LocalTensor<float>&);
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ inline int32_t odd(int32_t n, AscendC::LocalTensor<float>& t) {
// CHECK-NEXT:   int32_t v0 = even(n, t);
// CHECK-NEXT:   return v0;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ inline int32_t even(int32_t n, AscendC::LocalTensor<float>& t) {
// CHECK-NEXT:   int32_t v0 = odd(n, t);
// CHECK-NEXT:   int32_t v1 = even(n, t);
// CHECK-NEXT:   return v0;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ inline void leaf() {
// CHECK-NEXT:   return;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ inline void caller() {
// CHECK-NEXT:   leaf();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
// CHECK-NOT: ;
func.func @even(%n: i32 {asc.name = "n"}, %t: !ascendc.local_tensor<f32> {asc.name = "t"}) -> i32 {
  %r = func.call @odd(%n, %t) : (i32, !ascendc.local_tensor<f32>) -> i32
  %s = func.call @even(%n, %t) : (i32, !ascendc.local_tensor<f32>) -> i32
  return %r : i32
}
func.func @odd(%n: i32 {asc.name = "n"}, %t: !ascendc.local_tensor<f32> {asc.name = "t"}) -> i32 {
  %r = func.call @even(%n, %t) : (i32, !ascendc.local_tensor<f32>) -> i32
  return %r : i32
}
func.func @caller() {
  func.call @leaf() : () -> ()
  return
}
func.func @leaf() {
  return
}
