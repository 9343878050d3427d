// basic/vec_scatter
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @scatter(
// ROUNDTRIP: ascendc.scatter_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <ui32>, i32, i8, i8
// ROUNDTRIP: ascendc.scatter_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <ui32>, i32, i32, i8, i8
// ROUNDTRIP: ascendc.scatter_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <ui32>, i32, i32
// CHECK-LABEL: void scatter(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src, AscendC::LocalTensor<uint32_t>& offsets, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::Scatter(dst, src, offsets, 0, mask, 4, 8);
// CHECK-NEXT:   AscendC::Scatter(dst, src, offsets, 0, n, 4, 8);
// CHECK-NEXT:   AscendC::Scatter(dst, src, offsets, 0, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @scatter(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %offsets: !ascendc.local_tensor<ui32> loc("offsets"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %base = arith.constant 0 : i32
  ascendc.scatter_l0 %dst, %src, %offsets, %base, %mask, %c4, %c8 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, i32, i8, i8
  ascendc.scatter_l1 %dst, %src, %offsets, %base, %n, %c4, %c8 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, i32, i32, i8, i8
  ascendc.scatter_l2 %dst, %src, %offsets, %base, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, i32, i32
  return
}
