// basic/vec_duplicate
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @duplicate(
// ROUNDTRIP: ascendc.duplicate_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, f16, i8, i16, i8
// ROUNDTRIP: ascendc.duplicate_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, f16, i32, i8, i16, i8
// ROUNDTRIP: ascendc.duplicate_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f16>, f16, i32
// CHECK-LABEL: void duplicate(AscendC::LocalTensor<half>& dst, half v, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::Duplicate<half, true>(dst, v, mask, 4, 1, 8);
// CHECK-NEXT:   AscendC::Duplicate<half, false>(dst, v, n, 4, 1, 8);
// CHECK-NEXT:   AscendC::Duplicate<half>(dst, v, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @duplicate(%dst: !ascendc.local_tensor<f16> loc("dst"), %v: f16 loc("v"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %blk = arith.constant 1 : i16
  ascendc.duplicate_l0 %dst, %v, %mask, %c4, %blk, %c8 : !ascendc.local_tensor<f16>, f16, i8, i16, i8
  ascendc.duplicate_l1 %dst, %v, %n, %c4, %blk, %c8 {is_set_mask = false} : !ascendc.local_tensor<f16>, f16, i32, i8, i16, i8
  ascendc.duplicate_l2 %dst, %v, %n : !ascendc.local_tensor<f16>, f16, i32
  return
}
