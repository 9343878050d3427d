// basic/vec_binary
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @add(
// ROUNDTRIP: ascendc.add_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.add_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.add_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void add(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Add<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Add<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Add(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @add(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.add_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.add_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.add_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @sub(
// ROUNDTRIP: ascendc.sub_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.sub_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.sub_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void sub(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Sub<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Sub<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Sub(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @sub(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.sub_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.sub_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.sub_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @mul(
// ROUNDTRIP: ascendc.mul_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.mul_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.mul_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void mul(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Mul<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Mul<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Mul(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @mul(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.mul_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.mul_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.mul_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @div(
// ROUNDTRIP: ascendc.div_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.div_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.div_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void div(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Div<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Div<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Div(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @div(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.div_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.div_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.div_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @max(
// ROUNDTRIP: ascendc.max_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.max_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.max_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void max(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Max<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Max<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Max(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @max(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.max_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.max_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.max_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @min(
// ROUNDTRIP: ascendc.min_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.min_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.min_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void min(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Min<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Min<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Min(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @min(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.min_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.min_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.min_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @add_relu(
// ROUNDTRIP: ascendc.add_relu_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.add_relu_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.add_relu_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void add_relu(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::AddRelu<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::AddRelu<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::AddRelu(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @add_relu(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.add_relu_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.add_relu_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.add_relu_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @sub_relu(
// ROUNDTRIP: ascendc.sub_relu_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.sub_relu_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.sub_relu_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void sub_relu(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::SubRelu<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::SubRelu<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::SubRelu(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @sub_relu(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.sub_relu_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.sub_relu_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.sub_relu_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @fused_mul_add(
// ROUNDTRIP: ascendc.fused_mul_add_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.fused_mul_add_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.fused_mul_add_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void fused_mul_add(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::FusedMulAdd<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::FusedMulAdd<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::FusedMulAdd(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @fused_mul_add(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.fused_mul_add_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.fused_mul_add_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.fused_mul_add_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @fused_mul_add_relu(
// ROUNDTRIP: ascendc.fused_mul_add_relu_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.fused_mul_add_relu_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.fused_mul_add_relu_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <f16>, i32
// CHECK-LABEL: void fused_mul_add_relu(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::FusedMulAddRelu<half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::FusedMulAddRelu<half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::FusedMulAddRelu(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @fused_mul_add_relu(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.fused_mul_add_relu_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.fused_mul_add_relu_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.fused_mul_add_relu_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @bitwise_and(
// ROUNDTRIP: ascendc.bitwise_and_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i16>, <i16>, <i16>, i8
// ROUNDTRIP: ascendc.bitwise_and_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <i16>, <i16>, <i16>, i32, i8
// ROUNDTRIP: ascendc.bitwise_and_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i16>, <i16>, <i16>, i32
// CHECK-LABEL: void bitwise_and(AscendC::LocalTensor<int16_t>& dst, AscendC::LocalTensor<int16_t>& src0, AscendC::LocalTensor<int16_t>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::And<int16_t, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::And<int16_t, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::And(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @bitwise_and(%dst: !ascendc.local_tensor<i16> loc("dst"), %src0: !ascendc.local_tensor<i16> loc("src0"), %src1: !ascendc.local_tensor<i16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.bitwise_and_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i8
  ascendc.bitwise_and_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32, i8
  ascendc.bitwise_and_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @bitwise_or(
// ROUNDTRIP: ascendc.bitwise_or_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i16>, <i16>, <i16>, i8
// ROUNDTRIP: ascendc.bitwise_or_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <i16>, <i16>, <i16>, i32, i8
// ROUNDTRIP: ascendc.bitwise_or_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i16>, <i16>, <i16>, i32
// CHECK-LABEL: void bitwise_or(AscendC::LocalTensor<int16_t>& dst, AscendC::LocalTensor<int16_t>& src0, AscendC::LocalTensor<int16_t>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Or<int16_t, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Or<int16_t, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Or(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @bitwise_or(%dst: !ascendc.local_tensor<i16> loc("dst"), %src0: !ascendc.local_tensor<i16> loc("src0"), %src1: !ascendc.local_tensor<i16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.bitwise_or_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i8
  ascendc.bitwise_or_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32, i8
  ascendc.bitwise_or_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32
  return
}
