// basic/common: SetVectorMask (both forms), SetMaskCount, SetMaskNorm, ResetMask
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @vector_mask(
// ROUNDTRIP: ascendc.set_vector_mask f16, NORMAL, %{{.*}}, %{{.*}} : i64, i64
// ROUNDTRIP: ascendc.set_vector_mask_len f32, COUNTER, %{{.*}} : i32
// ROUNDTRIP: ascendc.set_mask_count
// ROUNDTRIP: ascendc.set_mask_norm
// ROUNDTRIP: ascendc.reset_mask
// CHECK-LABEL: void vector_mask(int64_t hi, int64_t lo, int32_t len) {
// CHECK-NEXT:   AscendC::SetVectorMask<half, AscendC::MaskMode::NORMAL>(hi, lo);
// CHECK-NEXT:   AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(len);
// CHECK-NEXT:   AscendC::SetMaskCount();
// CHECK-NEXT:   AscendC::SetMaskNorm();
// CHECK-NEXT:   AscendC::ResetMask();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @vector_mask(%hi: i64 loc("hi"), %lo: i64 loc("lo"), %len: i32 loc("len")) {
  ascendc.set_vector_mask f16, NORMAL, %hi, %lo : i64, i64
  ascendc.set_vector_mask_len f32, COUNTER, %len : i32
  ascendc.set_mask_count
  ascendc.set_mask_norm
  ascendc.reset_mask
  return
}
