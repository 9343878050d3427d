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

// Shifts: a runtime amount is taken modulo the width (C++ leaves larger ones
// undefined); a constant amount in range is written as it is.
// CHECK-LABEL: shifts(
// CHECK-NEXT: #line 21 "k.py"
// CHECK-NEXT:   int32_t v3 = v0 << (v1 & 31);
// CHECK-NEXT: #line 21 "k.py"
// CHECK-NEXT:   int32_t v4 = v3 >> 4;
// CHECK-NEXT: #line 21 "k.py"
// CHECK-NEXT:   int32_t v5 = static_cast<int32_t>(static_cast<uint32_t>(v4) >> (v1 & 31));
// CHECK-NEXT: #line 21 "k.py"
// CHECK-NEXT:   int64_t v6 = v2 << 40;
// CHECK-NEXT: #line 21 "k.py"
// CHECK-NEXT:   int64_t v7 = v6 >> (64 & 63);
func.func @shifts(%a: i32, %b: i32, %w: i64) -> i32 {
  %c4 = arith.constant 4 : i32
  %0 = arith.shli %a, %b : i32 loc("k.py":21:5)
  %1 = arith.shrsi %0, %c4 : i32 loc("k.py":21:5)
  %2 = arith.shrui %1, %b : i32 loc("k.py":21:5)
  %c40 = arith.constant 40 : i64
  %c64 = arith.constant 64 : i64
  %3 = arith.shli %w, %c40 : i64 loc("k.py":21:5)
  %4 = arith.shrsi %3, %c64 : i64 loc("k.py":21:5)
  return %2 : i32 loc("k.py":22:5)
}
