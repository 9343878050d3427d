// basic/vec_unary
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @abs(
// ROUNDTRIP: ascendc.abs_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i8
// ROUNDTRIP: ascendc.abs_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f32>, i32, i8
// ROUNDTRIP: ascendc.abs_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-LABEL: void abs(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Abs<float, true>(dst, src, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Abs<float, false>(dst, src, n, 4, un_params);
// CHECK-NEXT:   AscendC::Abs(dst, src, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @abs(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.abs_l0 %dst, %src, %mask, %c4, %up : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  ascendc.abs_l1 %dst, %src, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.abs_l2 %dst, %src, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @exp(
// ROUNDTRIP: ascendc.exp_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i8
// ROUNDTRIP: ascendc.exp_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f32>, i32, i8
// ROUNDTRIP: ascendc.exp_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-LABEL: void exp(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Exp<float, true>(dst, src, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Exp<float, false>(dst, src, n, 4, un_params);
// CHECK-NEXT:   AscendC::Exp(dst, src, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @exp(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.exp_l0 %dst, %src, %mask, %c4, %up : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  ascendc.exp_l1 %dst, %src, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.exp_l2 %dst, %src, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @ln(
// ROUNDTRIP: ascendc.ln_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i8
// ROUNDTRIP: ascendc.ln_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f32>, i32, i8
// ROUNDTRIP: ascendc.ln_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-LABEL: void ln(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Ln<float, true>(dst, src, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Ln<float, false>(dst, src, n, 4, un_params);
// CHECK-NEXT:   AscendC::Ln(dst, src, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @ln(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.ln_l0 %dst, %src, %mask, %c4, %up : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  ascendc.ln_l1 %dst, %src, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.ln_l2 %dst, %src, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @reciprocal(
// ROUNDTRIP: ascendc.reciprocal_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i8
// ROUNDTRIP: ascendc.reciprocal_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f32>, i32, i8
// ROUNDTRIP: ascendc.reciprocal_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-LABEL: void reciprocal(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Reciprocal<float, true>(dst, src, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Reciprocal<float, false>(dst, src, n, 4, un_params);
// CHECK-NEXT:   AscendC::Reciprocal(dst, src, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @reciprocal(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.reciprocal_l0 %dst, %src, %mask, %c4, %up : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  ascendc.reciprocal_l1 %dst, %src, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.reciprocal_l2 %dst, %src, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @relu(
// ROUNDTRIP: ascendc.relu_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i8
// ROUNDTRIP: ascendc.relu_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f32>, i32, i8
// ROUNDTRIP: ascendc.relu_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-LABEL: void relu(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Relu<float, true>(dst, src, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Relu<float, false>(dst, src, n, 4, un_params);
// CHECK-NEXT:   AscendC::Relu(dst, src, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @relu(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.relu_l0 %dst, %src, %mask, %c4, %up : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  ascendc.relu_l1 %dst, %src, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.relu_l2 %dst, %src, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @rsqrt(
// ROUNDTRIP: ascendc.rsqrt_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i8
// ROUNDTRIP: ascendc.rsqrt_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f32>, i32, i8
// ROUNDTRIP: ascendc.rsqrt_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-LABEL: void rsqrt(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Rsqrt<float, true>(dst, src, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Rsqrt<float, false>(dst, src, n, 4, un_params);
// CHECK-NEXT:   AscendC::Rsqrt(dst, src, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @rsqrt(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.rsqrt_l0 %dst, %src, %mask, %c4, %up : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  ascendc.rsqrt_l1 %dst, %src, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.rsqrt_l2 %dst, %src, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @sqrt(
// ROUNDTRIP: ascendc.sqrt_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i8
// ROUNDTRIP: ascendc.sqrt_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f32>, i32, i8
// ROUNDTRIP: ascendc.sqrt_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-LABEL: void sqrt(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Sqrt<float, true>(dst, src, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Sqrt<float, false>(dst, src, n, 4, un_params);
// CHECK-NEXT:   AscendC::Sqrt(dst, src, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @sqrt(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.sqrt_l0 %dst, %src, %mask, %c4, %up : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  ascendc.sqrt_l1 %dst, %src, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.sqrt_l2 %dst, %src, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @bitwise_not(
// ROUNDTRIP: ascendc.bitwise_not_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i16>, <i16>, i8
// ROUNDTRIP: ascendc.bitwise_not_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <i16>, <i16>, i32, i8
// ROUNDTRIP: ascendc.bitwise_not_l2 %{{.*}}, %{{.*}}, %{{.*}} : <i16>, <i16>, i32
// CHECK-LABEL: void bitwise_not(AscendC::LocalTensor<int16_t>& dst, AscendC::LocalTensor<int16_t>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Not<int16_t, true>(dst, src, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Not<int16_t, false>(dst, src, n, 4, un_params);
// CHECK-NEXT:   AscendC::Not(dst, src, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @bitwise_not(%dst: !ascendc.local_tensor<i16> loc("dst"), %src: !ascendc.local_tensor<i16> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.bitwise_not_l0 %dst, %src, %mask, %c4, %up : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i8
  ascendc.bitwise_not_l1 %dst, %src, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32, i8
  ascendc.bitwise_not_l2 %dst, %src, %n : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32
  return
}
