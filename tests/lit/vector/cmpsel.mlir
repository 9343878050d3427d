// basic/vec_cmpsel
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @compare(
// ROUNDTRIP: ascendc.compare_l0 %{{.*}}, %{{.*}}, %{{.*}}, LT, %{{.*}}, %{{.*}}, %{{.*}} : <ui8>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.compare_l1 %{{.*}}, %{{.*}}, %{{.*}}, GE, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <ui8>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.compare_l2 %{{.*}}, %{{.*}}, %{{.*}}, EQ, %{{.*}} : <ui8>, <f16>, <f16>, i32
// ROUNDTRIP: ascendc.compare_reg_l0 %{{.*}}, %{{.*}}, NE, %{{.*}}, %{{.*}} : <f16>, <f16>
// ROUNDTRIP: ascendc.compare_reg_l1 %{{.*}}, %{{.*}}, GT, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <f16>, i32
// CHECK-LABEL: void compare(AscendC::LocalTensor<uint8_t>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Compare<half, uint8_t, true>(dst, src0, src1, AscendC::CMPMODE::LT, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Compare<half, uint8_t, false>(dst, src0, src1, AscendC::CMPMODE::GE, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Compare(dst, src0, src1, AscendC::CMPMODE::EQ, n);
// CHECK-NEXT:   AscendC::Compare<half, true>(src0, src1, AscendC::CMPMODE::NE, mask, bin_params);
// CHECK-NEXT:   AscendC::Compare<half, false>(src0, src1, AscendC::CMPMODE::GT, n, bin_params);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @compare(%dst: !ascendc.local_tensor<ui8> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.compare_l0 %dst, %src0, %src1, LT, %mask, %c4, %bp : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.compare_l1 %dst, %src0, %src1, GE, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.compare_l2 %dst, %src0, %src1, EQ, %n : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  ascendc.compare_reg_l0 %src0, %src1, NE, %mask, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.compare_reg_l1 %src0, %src1, GT, %n, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// ROUNDTRIP-LABEL: func.func @compare_scalar(
// ROUNDTRIP: ascendc.compare_scalar_l0 %{{.*}}, %{{.*}}, %{{.*}}, LE, %{{.*}}, %{{.*}}, %{{.*}} : <ui8>, <f32>, f32, i8
// ROUNDTRIP: ascendc.compare_scalar_l1 %{{.*}}, %{{.*}}, %{{.*}}, GT, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <ui8>, <f32>, f32, i32, i8
// ROUNDTRIP: ascendc.compare_scalar_l2 %{{.*}}, %{{.*}}, %{{.*}}, EQ, %{{.*}} : <ui8>, <f32>, f32, i32
// CHECK-LABEL: void compare_scalar(AscendC::LocalTensor<uint8_t>& dst, AscendC::LocalTensor<float>& src0, float s, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::UnaryRepeatParams un_params{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::CompareScalar<float, uint8_t, true>(dst, src0, s, AscendC::CMPMODE::LE, mask, 4, un_params);
// CHECK-NEXT:   AscendC::CompareScalar<float, uint8_t, false>(dst, src0, s, AscendC::CMPMODE::GT, n, 4, un_params);
// CHECK-NEXT:   AscendC::CompareScalar<float, uint8_t>(dst, src0, s, AscendC::CMPMODE::EQ, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @compare_scalar(%dst: !ascendc.local_tensor<ui8> loc("dst"), %src0: !ascendc.local_tensor<f32> loc("src0"), %s: f32 loc("s"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %up = ascendc.construct !ascendc.unary_repeat_params(%c1, %c1, %c8, %c8) : i8, i8, i8, i8 loc("un_params")
  ascendc.compare_scalar_l0 %dst, %src0, %s, LE, %mask, %c4, %up : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f32>, f32, i8
  ascendc.compare_scalar_l1 %dst, %src0, %s, GT, %n, %c4, %up {is_set_mask = false} : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f32>, f32, i32, i8
  ascendc.compare_scalar_l2 %dst, %src0, %s, EQ, %n : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f32>, f32, i32
  return
}

// ROUNDTRIP-LABEL: func.func @cmp_mask(
// ROUNDTRIP: ascendc.get_cmp_mask %{{.*}} : <ui8>
// ROUNDTRIP: ascendc.set_cmp_mask %{{.*}} : <ui8>
// CHECK-LABEL: void cmp_mask(AscendC::LocalTensor<uint8_t>& cmp) {
// CHECK-NEXT:   AscendC::GetCmpMask(cmp);
// CHECK-NEXT:   AscendC::SetCmpMask(cmp);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @cmp_mask(%cmp: !ascendc.local_tensor<ui8> loc("cmp")) {
  ascendc.get_cmp_mask %cmp : !ascendc.local_tensor<ui8>
  ascendc.set_cmp_mask %cmp : !ascendc.local_tensor<ui8>
  return
}

// ROUNDTRIP-LABEL: func.func @select(
// ROUNDTRIP: ascendc.select_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, VSEL_TENSOR_TENSOR_MODE, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <ui8>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.select_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, VSEL_CMPMASK_SPR, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f16>, <ui8>, <f16>, <f16>, i32, i8
// ROUNDTRIP: ascendc.select_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, VSEL_TENSOR_TENSOR_MODE, %{{.*}} : <f16>, <ui8>, <f16>, <f16>, i32
// ROUNDTRIP: ascendc.select_reg %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, VSEL_CMPMASK_SPR : <f16>, <f16>, <f16>, i8
// ROUNDTRIP: ascendc.select_sel_mask %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <ui8>, <f16>, i8
// CHECK-LABEL: void select(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<uint8_t>& sel, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<half>& src1, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Select<half, uint8_t, true>(dst, sel, src0, src1, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Select<half, uint8_t, false>(dst, sel, src0, src1, AscendC::SELMODE::VSEL_CMPMASK_SPR, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Select(dst, sel, src0, src1, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
// CHECK-NEXT:   AscendC::Select<half, AscendC::SELMODE::VSEL_CMPMASK_SPR>(dst, src0, src1, 4, bin_params);
// CHECK-NEXT:   AscendC::Select<half, uint8_t>(dst, sel, src0, 4, bin_params);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @select(%dst: !ascendc.local_tensor<f16> loc("dst"), %sel: !ascendc.local_tensor<ui8> loc("sel"), %src0: !ascendc.local_tensor<f16> loc("src0"), %src1: !ascendc.local_tensor<f16> loc("src1"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.select_l0 %dst, %sel, %src0, %src1, VSEL_TENSOR_TENSOR_MODE, %mask, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.select_l1 %dst, %sel, %src0, %src1, VSEL_CMPMASK_SPR, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  ascendc.select_l2 %dst, %sel, %src0, %src1, VSEL_TENSOR_TENSOR_MODE, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  ascendc.select_reg %dst, %src0, %src1, %c4, %bp, VSEL_CMPMASK_SPR : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8
  ascendc.select_sel_mask %dst, %sel, %src0, %c4, %bp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, i8
  return
}

// ROUNDTRIP-LABEL: func.func @select_scalar(
// ROUNDTRIP: ascendc.select_scalar_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, VSEL_TENSOR_SCALAR_MODE, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <ui8>, <f32>, f32, i8
// ROUNDTRIP: ascendc.select_scalar_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, VSEL_TENSOR_SCALAR_MODE, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false} : <f32>, <ui8>, <f32>, f32, i32, i8
// ROUNDTRIP: ascendc.select_scalar_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, VSEL_TENSOR_SCALAR_MODE, %{{.*}} : <f32>, <ui8>, <f32>, f32, i32
// CHECK-LABEL: void select_scalar(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<uint8_t>& sel, AscendC::LocalTensor<float>& src0, float s, int32_t n) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(0), static_cast<uint64_t>(65535)};
// CHECK-NEXT:   AscendC::BinaryRepeatParams bin_params{1, 1, 1, 8, 8, 8};
// CHECK-NEXT:   AscendC::Select<float, uint8_t, true>(dst, sel, src0, s, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, mask, 4, bin_params);
// CHECK-NEXT:   AscendC::Select<float, uint8_t, false>(dst, sel, src0, s, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n, 4, bin_params);
// CHECK-NEXT:   AscendC::Select<float, uint8_t>(dst, sel, src0, s, AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @select_scalar(%dst: !ascendc.local_tensor<f32> loc("dst"), %sel: !ascendc.local_tensor<ui8> loc("sel"), %src0: !ascendc.local_tensor<f32> loc("src0"), %s: f32 loc("s"), %n: i32 loc("n")) {
  %c4 = arith.constant 4 : i8
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %hi = arith.constant 0 : i64
  %lo = arith.constant 65535 : i64
  %mask = ascendc.bitmask %hi, %lo : i64, i64 loc("mask")
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8 loc("bin_params")
  ascendc.select_scalar_l0 %dst, %sel, %src0, %s, VSEL_TENSOR_SCALAR_MODE, %mask, %c4, %bp : !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f32>, f32, i8
  ascendc.select_scalar_l1 %dst, %sel, %src0, %s, VSEL_TENSOR_SCALAR_MODE, %n, %c4, %bp {is_set_mask = false} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f32>, f32, i32, i8
  ascendc.select_scalar_l2 %dst, %sel, %src0, %s, VSEL_TENSOR_SCALAR_MODE, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f32>, f32, i32
  return
}
