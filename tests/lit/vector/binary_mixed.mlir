// basic/vec_binary with mixed element types (MulAddDst, MulCast, AddReluCast,
// SubReluCast, AddDeqRelu) and BilinearInterpolation
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @mul_add_dst(
// ROUNDTRIP: ascendc.mul_add_dst_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.mul_add_dst_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.mul_add_dst_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f16>, <f16>, i32
// CHECK-LABEL: void mul_add_dst(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::MulAddDst<float, half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::MulAddDst<float, half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::MulAddDst(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @mul_add_dst(%dst: !ascendc.local_tensor<f32> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.mul_add_dst_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.mul_add_dst_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.mul_add_dst_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @mul_cast(
// ROUNDTRIP: ascendc.mul_cast_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i8>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.mul_cast_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <i8>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.mul_cast_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i8>, <f16>, <f16>, i32
// CHECK-LABEL: void mul_cast(AscendC::LocalTensor<int8_t>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::MulCast<int8_t, half, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::MulCast<int8_t, half, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::MulCast(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @mul_cast(%dst: !ascendc.local_tensor<i8> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.mul_cast_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.mul_cast_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.mul_cast_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @add_relu_cast(
// ROUNDTRIP: ascendc.add_relu_cast_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f32>, <f32>, i8
// ROUNDTRIP: ascendc.add_relu_cast_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f32>, <f32>, i32, i8
// ROUNDTRIP: ascendc.add_relu_cast_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f32>, <f32>, i32
// CHECK-LABEL: void add_relu_cast(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<float>& src0, AscendC::LocalTensor<float>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::AddReluCast<half, float, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::AddReluCast<half, float, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::AddReluCast(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @add_relu_cast(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f32> loc("src0"), %src1: !ascendc.local_tensor<f32> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.add_relu_cast_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  ascendc.add_relu_cast_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.add_relu_cast_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @sub_relu_cast(
// ROUNDTRIP: ascendc.sub_relu_cast_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f32>, <f32>, i8
// ROUNDTRIP: ascendc.sub_relu_cast_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f32>, <f32>, i32, i8
// ROUNDTRIP: ascendc.sub_relu_cast_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f32>, <f32>, i32
// CHECK-LABEL: void sub_relu_cast(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<float>& src0, AscendC::LocalTensor<float>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::SubReluCast<half, float, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::SubReluCast<half, float, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::SubReluCast(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @sub_relu_cast(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f32> loc("src0"), %src1: !ascendc.local_tensor<f32> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.sub_relu_cast_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  ascendc.sub_relu_cast_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32, i8
  ascendc.sub_relu_cast_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @add_deq_relu(
// ROUNDTRIP: ascendc.add_deq_relu_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <i32>, <i32>, i8
// ROUNDTRIP: ascendc.add_deq_relu_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <i32>, <i32>, i32, i8
// ROUNDTRIP: ascendc.add_deq_relu_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <i32>, <i32>, i32
// CHECK-LABEL: void add_deq_relu(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<int32_t>& src0, AscendC::LocalTensor<int32_t>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::AddDeqRelu<half, int32_t, true>(dst, src0, src1, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::AddDeqRelu<half, int32_t, false>(dst, src0, src1, n, 4, bin_params);
// CHECK-NEXT:   AscendC::AddDeqRelu(dst, src0, src1, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @add_deq_relu(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<i32> loc("src0"), %src1: !ascendc.local_tensor<i32> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.add_deq_relu_l0 %dst, %src0, %src1, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i8
  ascendc.add_deq_relu_l1 %dst, %src0, %src1, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i8
  ascendc.add_deq_relu_l2 %dst, %src0, %src1, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @bilinear_interpolation(
// ROUNDTRIP: ascendc.bilinear_interpolation_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <ui32>, <f16>, <ui8>, i8, i8, i16, i8
// ROUNDTRIP: ascendc.bilinear_interpolation_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <ui32>, <f16>, <ui8>, i32, i8, i8, i16, i8
// CHECK-LABEL: void bilinear_interpolation(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<uint32_t>& offset, AscendC::LocalTensor<half>& src1, AscendC::LocalTensor<uint8_t>& tmp, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BilinearInterpolation(dst, src0, offset, src1, mask, 1, true, 1, 2, 4, tmp);
// CHECK-NEXT:   AscendC::BilinearInterpolation(dst, src0, offset, src1, n, 1, true, 1, 2, 4, tmp);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @bilinear_interpolation(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %offset: !ascendc.local_tensor<ui32> loc("offset"), %src1: !ascendc.local_tensor<f16> loc("src1"), %tmp: !ascendc.local_tensor<ui8> loc("tmp"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %c2 = arith.constant 2 : i16
  %true = arith.constant true
  ascendc.bilinear_interpolation_l0 %dst, %src0, %offset, %src1, %mask, %c1, %true, %c1, %c2, %c4, %tmp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, i8, i8, i16, i8
  ascendc.bilinear_interpolation_l1 %dst, %src0, %offset, %src1, %n, %c1, %true, %c1, %c2, %c4, %tmp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, i32, i8, i8, i16, i8
  return
}
