// basic/vec_ternary_scalar
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @axpy(
// ROUNDTRIP: ascendc.axpy_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f16>, f16, i8
// ROUNDTRIP: ascendc.axpy_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f16>, f16, i32, i8
// ROUNDTRIP: ascendc.axpy_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f16>, f16, i32
// CHECK-LABEL: void axpy(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<half>& src, half a, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Axpy<float, half, true>(dst, src, a, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Axpy<float, half, false>(dst, src, a, n, 4, un_params);
// CHECK-NEXT:   AscendC::Axpy<float, half>(dst, src, a, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @axpy(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %a: f16 loc("a"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.axpy_l0 %dst, %src, %a, %mask, %c4, %up : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16, i8
  ascendc.axpy_l1 %dst, %src, %a, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16, i32, i8
  ascendc.axpy_l2 %dst, %src, %a, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16, i32
  return
}
