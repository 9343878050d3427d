// Scalar arithmetic and control flow as C++ (Python semantics for // and ceildiv).
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s
// RUN: asc-translate --mlir-to-ascendc --asc-loop-checks=false %s | FileCheck %s --check-prefix=NOCHECK

// The loop hook: defined empty unless kernel_operator.h (the Model's) defined it.
// CHECK:      #include "kernel_operator.h"
// CHECK-NEXT: #ifndef ASC_LOOP_CHECK
// CHECK-NEXT: #define ASC_LOOP_CHECK()
// CHECK-NEXT: #endif
// NOCHECK-NOT: ASC_LOOP_CHECK

// CHECK-LABEL: __aicore__ inline int32_t scalar(int32_t a, int32_t b, bool c) {
// CHECK-NEXT:   int32_t q = (a / b - ((a % b != 0) && ((a < 0) != (b < 0))));
// CHECK-NEXT:   int32_t r = (a / b + ((a % b != 0) && ((a < 0) == (b < 0))));
// CHECK-NEXT:   bool lt = a < b;
// CHECK-NEXT:   bool ult = static_cast<uint32_t>(a) < static_cast<uint32_t>(b);
// CHECK-NEXT:   int32_t m = a > b ? a : b;
// CHECK-NEXT:   int32_t s = c ? q : r;
// CHECK-NEXT:   int32_t acc = 0;
// CHECK-NEXT:   for (int32_t v0 = 0; v0 < a; v0 += 1) {
// CHECK-NEXT:     int32_t v1 = acc;
// CHECK-NEXT:     ASC_LOOP_CHECK();
// CHECK-NEXT:     int32_t next = v1 + v0;
// CHECK-NEXT:     acc = next;
// CHECK-NEXT:   }
// CHECK-NEXT:   int32_t picked;
// CHECK-NEXT:   if (lt) {
// CHECK-NEXT:     picked = acc;
// CHECK-NEXT:   } else {
// CHECK-NEXT:     picked = m;
// CHECK-NEXT:   }
// CHECK-NEXT:   return picked;
// CHECK-NEXT: }
func.func @scalar(%a: i32 loc("a"), %b: i32 loc("b"), %c: i1 loc("c")) -> i32 {
  %q = arith.floordivsi %a, %b : i32 loc("q")
  %r = arith.ceildivsi %a, %b : i32 loc("r")
  %lt = arith.cmpi slt, %a, %b : i32 loc("lt")
  %ult = arith.cmpi ult, %a, %b : i32 loc("ult")
  %m = arith.maxsi %a, %b : i32 loc("m")
  %s = arith.select %c, %q, %r : i32 loc("s")
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %sum = scf.for %i = %c0 to %a step %c1 iter_args(%acc = %c0) -> (i32) : i32 {
    %next = arith.addi %acc, %i : i32 loc("next")
    scf.yield %next : i32
  } loc("acc")
  %picked = scf.if %lt -> (i32) {
    scf.yield %sum : i32
  } else {
    scf.yield %m : i32
  } loc("picked")
  return %picked : i32
}
