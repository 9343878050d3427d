// basic/vec_gather
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @gather(
// ROUNDTRIP: ascendc.gather_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <ui32>, i32, i8, i8
// ROUNDTRIP: ascendc.gather_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <ui32>, i32, i32, i8, i8
// ROUNDTRIP: ascendc.gather_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <ui32>, i32, i32
// CHECK-LABEL: void gather(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, AscendC::LocalTensor<uint32_t>& offsets, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::Gather(dst, src, offsets, 0, mask, 4, 8);
// CHECK-NEXT:   AscendC::Gather(dst, src, offsets, 0, n, 4, 8);
// CHECK-NEXT:   AscendC::Gather(dst, src, offsets, 0, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @gather(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %offsets: !ascendc.local_tensor<ui32> loc("offsets"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %base = arith.constant 0 : i32
  ascendc.gather_l0 %dst, %src, %offsets, %base, %mask, %c4, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32, i8, i8
  ascendc.gather_l1 %dst, %src, %offsets, %base, %n, %c4, %c8 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32, i32, i8, i8
  ascendc.gather_l2 %dst, %src, %offsets, %base, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32, i32
  return
}

// ROUNDTRIP-LABEL: func.func @gatherb(
// ROUNDTRIP: ascendc.gatherb %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i32>, <i32>, <ui32>, i8
// CHECK-LABEL: void gatherb(AscendC::LocalTensor<int32_t>& dst, AscendC::LocalTensor<int32_t>& src, AscendC::LocalTensor<uint32_t>& offsets) {
// CHECK-NEXT:   AscendC::GatherRepeatParams gather_params{1, 8};
// CHECK-NEXT:   AscendC::Gatherb(dst, src, offsets, 2, gather_params);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @gatherb(%dst: !ascendc.local_tensor<i32> loc("dst"), %src: !ascendc.local_tensor<i32> loc("src"), %offsets: !ascendc.local_tensor<ui32> loc("offsets")) {
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %r = arith.constant 2 : i8
  %p = ascendc.construct !ascendc.gather_repeat_params(%c1, %c8) : i8, i8 loc("gather_params")
  ascendc.gatherb %dst, %src, %offsets, %r, %p : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<ui32>, i8
  return
}
