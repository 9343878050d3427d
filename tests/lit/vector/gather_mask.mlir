// basic/vec_gather_mask
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @gather_mask(
// ROUNDTRIP: %{{.*}} = ascendc.gather_mask %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, <ui32>, i32
// ROUNDTRIP: %{{.*}} = ascendc.gather_mask_builtin %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i8, i32
// ROUNDTRIP: %{{.*}} = ascendc.get_gather_mask_remain_count : i64
// CHECK-LABEL: void gather_mask(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src0, AscendC::LocalTensor<uint32_t>& pattern) {
// CHECK-NEXT:   AscendC::GatherMaskParams gm_params{1, 4, 8, 1};
// CHECK-NEXT:   uint64_t kept = 0; AscendC::GatherMask(dst, src0, pattern, false, 0, gm_params, kept);
// CHECK-NEXT:   uint64_t kept2 = 0; AscendC::GatherMask(dst, src0, 3, true, 128, gm_params, kept2);
// CHECK-NEXT:   int64_t remain = AscendC::GetGatherMaskRemainCount();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @gather_mask(%dst: !ascendc.local_tensor<f16> loc("dst"), %src0: !ascendc.local_tensor<f16> loc("src0"), %pattern: !ascendc.local_tensor<ui32> loc("pattern")) {
  %c1 = arith.constant 1 : i8
  %r = arith.constant 4 : i16
  %c8 = arith.constant 8 : i16
  %c0 = arith.constant 0 : i32
  %false = arith.constant false
  %true = arith.constant true
  %builtin = arith.constant 3 : i8
  %len = arith.constant 128 : i32
  %p = ascendc.construct !ascendc.gather_mask_params(%c1, %r, %c8, %c1) : i8, i16, i16, i8 loc("gm_params")
  %kept = ascendc.gather_mask %dst, %src0, %pattern, %false, %c0, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui32>, i32 loc("kept")
  %kept2 = ascendc.gather_mask_builtin %dst, %src0, %builtin, %true, %len, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i8, i32 loc("kept2")
  %remain = ascendc.get_gather_mask_remain_count : i64 loc("remain")
  return
}
