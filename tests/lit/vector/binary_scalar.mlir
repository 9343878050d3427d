// basic/vec_binary_scalar
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @adds(
// ROUNDTRIP: ascendc.adds_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i8
// ROUNDTRIP: ascendc.adds_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32, i8
// ROUNDTRIP: ascendc.adds_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i32
// ROUNDTRIP: ascendc.adds_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32
// CHECK-LABEL: void adds(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, half s, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Adds<half, true>(dst, src, s, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Adds<half, false>(dst, src, s, n, 4, un_params);
// CHECK-NEXT:   AscendC::Adds<half, true>(dst, src, s, n);
// CHECK-NEXT:   AscendC::Adds<half, false>(dst, src, s, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @adds(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %s: f16 loc("s"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.adds_l0 %dst, %src, %s, %mask, %c4, %up : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i8
  ascendc.adds_l1 %dst, %src, %s, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32, i8
  ascendc.adds_l2 %dst, %src, %s, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  ascendc.adds_l2 %dst, %src, %s, %n {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  return
}

// ROUNDTRIP-LABEL: func.func @muls(
// ROUNDTRIP: ascendc.muls_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i8
// ROUNDTRIP: ascendc.muls_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32, i8
// ROUNDTRIP: ascendc.muls_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i32
// ROUNDTRIP: ascendc.muls_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32
// CHECK-LABEL: void muls(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, half s, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Muls<half, true>(dst, src, s, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Muls<half, false>(dst, src, s, n, 4, un_params);
// CHECK-NEXT:   AscendC::Muls<half, true>(dst, src, s, n);
// CHECK-NEXT:   AscendC::Muls<half, false>(dst, src, s, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @muls(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %s: f16 loc("s"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.muls_l0 %dst, %src, %s, %mask, %c4, %up : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i8
  ascendc.muls_l1 %dst, %src, %s, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32, i8
  ascendc.muls_l2 %dst, %src, %s, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  ascendc.muls_l2 %dst, %src, %s, %n {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  return
}

// ROUNDTRIP-LABEL: func.func @maxs(
// ROUNDTRIP: ascendc.maxs_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i8
// ROUNDTRIP: ascendc.maxs_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32, i8
// ROUNDTRIP: ascendc.maxs_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i32
// ROUNDTRIP: ascendc.maxs_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32
// CHECK-LABEL: void maxs(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, half s, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Maxs<half, true>(dst, src, s, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Maxs<half, false>(dst, src, s, n, 4, un_params);
// CHECK-NEXT:   AscendC::Maxs<half, true>(dst, src, s, n);
// CHECK-NEXT:   AscendC::Maxs<half, false>(dst, src, s, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @maxs(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %s: f16 loc("s"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.maxs_l0 %dst, %src, %s, %mask, %c4, %up : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i8
  ascendc.maxs_l1 %dst, %src, %s, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32, i8
  ascendc.maxs_l2 %dst, %src, %s, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  ascendc.maxs_l2 %dst, %src, %s, %n {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  return
}

// ROUNDTRIP-LABEL: func.func @mins(
// ROUNDTRIP: ascendc.mins_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i8
// ROUNDTRIP: ascendc.mins_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32, i8
// ROUNDTRIP: ascendc.mins_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i32
// ROUNDTRIP: ascendc.mins_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32
// CHECK-LABEL: void mins(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, half s, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Mins<half, true>(dst, src, s, mask, 4, un_params);
// CHECK-NEXT:   AscendC::Mins<half, false>(dst, src, s, n, 4, un_params);
// CHECK-NEXT:   AscendC::Mins<half, true>(dst, src, s, n);
// CHECK-NEXT:   AscendC::Mins<half, false>(dst, src, s, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @mins(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %s: f16 loc("s"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.mins_l0 %dst, %src, %s, %mask, %c4, %up : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i8
  ascendc.mins_l1 %dst, %src, %s, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32, i8
  ascendc.mins_l2 %dst, %src, %s, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  ascendc.mins_l2 %dst, %src, %s, %n {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  return
}

// ROUNDTRIP-LABEL: func.func @leaky_relu(
// ROUNDTRIP: ascendc.leaky_relu_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i8
// ROUNDTRIP: ascendc.leaky_relu_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32, i8
// ROUNDTRIP: ascendc.leaky_relu_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, f16, i32
// ROUNDTRIP: ascendc.leaky_relu_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, f16, i32
// CHECK-LABEL: void leaky_relu(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, half s, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::LeakyRelu<half, true>(dst, src, s, mask, 4, un_params);
// CHECK-NEXT:   AscendC::LeakyRelu<half, false>(dst, src, s, n, 4, un_params);
// CHECK-NEXT:   AscendC::LeakyRelu<half, true>(dst, src, s, n);
// CHECK-NEXT:   AscendC::LeakyRelu<half, false>(dst, src, s, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @leaky_relu(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"), %s: f16 loc("s"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.leaky_relu_l0 %dst, %src, %s, %mask, %c4, %up : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i8
  ascendc.leaky_relu_l1 %dst, %src, %s, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32, i8
  ascendc.leaky_relu_l2 %dst, %src, %s, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  ascendc.leaky_relu_l2 %dst, %src, %s, %n {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, f16, i32
  return
}

// ROUNDTRIP-LABEL: func.func @shift_left(
// ROUNDTRIP: ascendc.shift_left_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i32>, <i32>, i32, i8
// ROUNDTRIP: ascendc.shift_left_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <i32>, <i32>, i32, i32, i8
// ROUNDTRIP: ascendc.shift_left_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i32>, <i32>, i32, i32
// ROUNDTRIP: ascendc.shift_left_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <i32>, <i32>, i32, i32
// CHECK-LABEL: void shift_left(AscendC::LocalTensor<int32_t>& dst, AscendC::LocalTensor<int32_t>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::ShiftLeft<int32_t, true>(dst, src, 3, mask, 4, un_params);
// CHECK-NEXT:   AscendC::ShiftLeft<int32_t, false>(dst, src, 3, n, 4, un_params);
// CHECK-NEXT:   AscendC::ShiftLeft<int32_t, true>(dst, src, 3, n);
// CHECK-NEXT:   AscendC::ShiftLeft<int32_t, false>(dst, src, 3, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @shift_left(%dst: !ascendc.local_tensor<i32> loc("dst"), %src: !ascendc.local_tensor<i32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  %sh = arith.constant 3 : i32
  ascendc.shift_left_l0 %dst, %src, %sh, %mask, %c4, %up : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i8
  ascendc.shift_left_l1 %dst, %src, %sh, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32, i8
  ascendc.shift_left_l2 %dst, %src, %sh, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32
  ascendc.shift_left_l2 %dst, %src, %sh, %n {is_set_mask = false} : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32
  return
}

// ROUNDTRIP-LABEL: func.func @shift_right(
// ROUNDTRIP: ascendc.shift_right_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i32>, <i32>, i32, i8
// ROUNDTRIP: ascendc.shift_right_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <i32>, <i32>, i32, i32, i8
// ROUNDTRIP: ascendc.shift_right_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i32>, <i32>, i32, i32
// ROUNDTRIP: ascendc.shift_right_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <i32>, <i32>, i32, i32
// CHECK-LABEL: void shift_right(AscendC::LocalTensor<int32_t>& dst, AscendC::LocalTensor<int32_t>& src, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::ShiftRight<int32_t, true>(dst, src, 3, mask, 4, un_params);
// CHECK-NEXT:   AscendC::ShiftRight<int32_t, false>(dst, src, 3, n, 4, un_params);
// CHECK-NEXT:   AscendC::ShiftRight<int32_t, true>(dst, src, 3, n);
// CHECK-NEXT:   AscendC::ShiftRight<int32_t, false>(dst, src, 3, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @shift_right(%dst: !ascendc.local_tensor<i32> loc("dst"), %src: !ascendc.local_tensor<i32> loc("src"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  %sh = arith.constant 3 : i32
  ascendc.shift_right_l0 %dst, %src, %sh, %mask, %c4, %up : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i8
  ascendc.shift_right_l1 %dst, %src, %sh, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32, i8
  ascendc.shift_right_l2 %dst, %src, %sh, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32
  ascendc.shift_right_l2 %dst, %src, %sh, %n {is_set_mask = false} : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32
  return
}
