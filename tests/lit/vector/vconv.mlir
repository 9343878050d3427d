// basic/vec_vconv
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @cast(
// ROUNDTRIP: ascendc.cast_l0 %{{.*}}, %{{.*}}, CAST_RINT, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f32>, i8
// ROUNDTRIP: ascendc.cast_l1 %{{.*}}, %{{.*}}, CAST_FLOOR, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f32>, i32, i8
// ROUNDTRIP: ascendc.cast_l2 %{{.*}}, %{{.*}}, CAST_NONE, %{{.*}} : <f16>, <f32>, i32
// CHECK-LABEL: void cast(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<float>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Cast<half, float, true>(dst, src, AscendC::RoundMode::CAST_RINT, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Cast<half, float, false>(dst, src, AscendC::RoundMode::CAST_FLOOR, n, 4, un_params);
// CHECK-NEXT:   AscendC::Cast(dst, src, AscendC::RoundMode::CAST_NONE, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @cast(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.cast_l0 %dst, %src, CAST_RINT, %mask, %c4, %up : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i8
  ascendc.cast_l1 %dst, %src, CAST_FLOOR, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.cast_l2 %dst, %src, CAST_NONE, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @cast_deq(
// ROUNDTRIP: ascendc.cast_deq_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i8>, <i16>, i8
// ROUNDTRIP: ascendc.cast_deq_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {half_block = false, is_set_mask = false, is_vec_deq = false} : <i8>, <i16>, i32, i8
// ROUNDTRIP: ascendc.cast_deq_l2 %{{.*}}, %{{.*}}, %{{.*}} : <i8>, <i16>, i32
// ROUNDTRIP: ascendc.cast_deq_l2 %{{.*}}, %{{.*}}, %{{.*}} {half_block = false, is_vec_deq = false} : <i8>, <i16>, i32
// CHECK-LABEL: void cast_deq(AscendC::LocalTensor<int8_t>& dst, AscendC::LocalTensor<int16_t>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::CastDeq<int8_t, int16_t, true, true, true>(dst, src, mask, 4, un_params);
// CHECK-NEXT:   AscendC::CastDeq<int8_t, int16_t, false, false, false>(dst, src, n, 4, un_params);
// CHECK-NEXT:   AscendC::CastDeq<int8_t, int16_t, true, true>(dst, src, n);
// CHECK-NEXT:   AscendC::CastDeq<int8_t, int16_t, false, false>(dst, src, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @cast_deq(%dst: !ascendc.local_tensor<i8> loc("dst"), %src: !ascendc.local_tensor<i16> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.cast_deq_l0 %dst, %src, %mask, %c4, %up : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, i8
  ascendc.cast_deq_l1 %dst, %src, %n, %c4, %up {half_block = false, is_set_mask = false, is_vec_deq = false} : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, i32, i8
  ascendc.cast_deq_l2 %dst, %src, %n : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, i32
  ascendc.cast_deq_l2 %dst, %src, %n {half_block = false, is_vec_deq = false} : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @set_deq_scale(
// ROUNDTRIP: ascendc.set_deq_scale %{{.*}} : f16
// ROUNDTRIP: ascendc.set_deq_scale_offset %{{.*}}, %{{.*}}, %{{.*}} : f32, i16
// CHECK-LABEL: void set_deq_scale(half scale, float fscale, int16_t offset) {
// CHECK-NEXT:   AscendC::SetDeqScale(scale);
// CHECK-NEXT:   AscendC::SetDeqScale(fscale, offset, true);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @set_deq_scale(%scale: f16 loc("scale"), %fscale: f32 loc("fscale"), %offset: i16 loc("offset")) {
  %true = arith.constant true
  ascendc.set_deq_scale %scale : f16
  ascendc.set_deq_scale_offset %fscale, %offset, %true : f32, i16
  return
}
