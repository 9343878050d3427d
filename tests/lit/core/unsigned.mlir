// Unsigned arith on signless integers: the operands are read as unsigned.
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// CHECK-LABEL: __aicore__ inline float unsigned_ops(int32_t a, int32_t b, int16_t h) {
// CHECK-NEXT:   int32_t q = static_cast<int32_t>(static_cast<uint32_t>(a) / static_cast<uint32_t>(b));
// CHECK-NEXT:   int32_t r = static_cast<int32_t>(static_cast<uint32_t>(a) % static_cast<uint32_t>(b));
// CHECK-NEXT:   int32_t s = static_cast<int32_t>(static_cast<uint32_t>(a) >> 3);
// CHECK-NEXT:   int64_t w = static_cast<int64_t>(static_cast<uint32_t>(q));
// CHECK-NEXT:   int32_t hw = static_cast<int32_t>(static_cast<uint16_t>(h));
// CHECK-NEXT:   float f = static_cast<float>(static_cast<uint32_t>(r));
// CHECK-NEXT:   uint32_t u = static_cast<uint32_t>(s);
// CHECK-NEXT:   return f;
// CHECK-NEXT: }
func.func @unsigned_ops(%a: i32 loc("a"), %b: i32 loc("b"), %h: i16 loc("h")) -> f32 {
  %c3 = arith.constant 3 : i32
  %q = arith.divui %a, %b : i32 loc("q")
  %r = arith.remui %a, %b : i32 loc("r")
  %s = arith.shrui %a, %c3 : i32 loc("s")
  %w = arith.extui %q : i32 to i64 loc("w")
  %hw = arith.extui %h : i16 to i32 loc("hw")
  %f = arith.uitofp %r : i32 to f32 loc("f")
  %u = ascendc.sign_cast %s : i32 to ui32 loc("u")
  return %f : f32
}
