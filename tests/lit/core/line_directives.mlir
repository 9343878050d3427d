// #line before every statement: a Python line emitted as several statements
// names that line for each of them (faults in the second one must not name
// the next line), and a while loop's body starts with the loop hook.
// RUN: asc-translate --mlir-to-ascendc --asc-line-directives %s | FileCheck %s

// CHECK:      #line 7 "k.py"
// CHECK-NEXT: __aicore__ inline int32_t twice(int32_t v0, int32_t v1) {
// CHECK-NEXT: #line 8 "k.py"
// CHECK-NEXT:   int32_t v2 = v0 * v1;
// CHECK-NEXT: #line 8 "k.py"
// CHECK-NEXT:   int32_t v3 = v2 + v0;
// CHECK-NEXT: #line 9 "k.py"
// CHECK:      while (true) {
// CHECK-NEXT: #line 9 "k.py"
// CHECK-NEXT:     ASC_LOOP_CHECK();
// CHECK:      #line 11 "k.py"
// CHECK-NEXT:   return
func.func @twice(%a: i32, %b: i32) -> i32 {
  %0 = arith.muli %a, %b : i32 loc("k.py":8:5)
  %1 = arith.addi %0, %a : i32 loc("k.py":8:5)
  %r = scf.while (%x = %1) : (i32) -> i32 {
    %c = arith.cmpi slt, %x, %b : i32 loc("k.py":9:5)
    scf.condition(%c) %x : i32 loc("k.py":9:5)
  } do {
  ^bb0(%y: i32 loc("k.py":9:5)):
    %n = arith.addi %y, %a : i32 loc("k.py":10:9)
    scf.yield %n : i32 loc("k.py":10:9)
  } loc("k.py":9:5)
  return %r : i32 loc("k.py":11:5)
} loc("k.py":7:1)
