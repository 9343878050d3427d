// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @scalar
// ROUNDTRIP: %{{.*}} = ascendc.scalar_cast %{{.*}}, CAST_ODD : f32 to f16
// ROUNDTRIP: %{{.*}} = ascendc.scalar_cast %{{.*}}, CAST_ROUND : f32 to i32
// ROUNDTRIP: %{{.*}} = ascendc.scalar_cast %{{.*}}, CAST_RINT : f32 to bf16
// ROUNDTRIP: %{{.*}} = ascendc.scalar_get_sff_value %{{.*}}, 1 : i64
// ROUNDTRIP: %{{.*}} = ascendc.scalar_get_count_of_value %{{.*}}, 0 : i64
// ROUNDTRIP: %{{.*}} = ascendc.scalar_count_leading_zero %{{.*}} : i64
// ROUNDTRIP: %{{.*}} = ascendc.count_bits_cnt_same_as_sign_bit %{{.*}} : i64

// CHECK-LABEL: __aicore__ inline void scalar(float x, int64_t v) {
// CHECK-NEXT:   half h = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_ODD>(x);
// CHECK-NEXT:   int32_t i = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(x);
// CHECK-NEXT:   bfloat16_t b = AscendC::ScalarCast<float, bfloat16_t, AscendC::RoundMode::CAST_RINT>(x);
// CHECK-NEXT:   int64_t sff = AscendC::ScalarGetSFFValue<1>(v);
// CHECK-NEXT:   int64_t zeros = AscendC::ScalarGetCountOfValue<0>(v);
// CHECK-NEXT:   int64_t clz = AscendC::ScalarCountLeadingZero(v);
// CHECK-NEXT:   int64_t same = AscendC::CountBitsCntSameAsSignBit(v);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @scalar(%x: f32 loc("x"), %v: i64 loc("v")) {
  %h = ascendc.scalar_cast %x, CAST_ODD : f32 to f16 loc("h")
  %i = ascendc.scalar_cast %x, CAST_ROUND : f32 to i32 loc("i")
  %b = ascendc.scalar_cast %x, CAST_RINT : f32 to bf16 loc("b")
  %sff = ascendc.scalar_get_sff_value %v, 1 : i64 loc("sff")
  %cnt = ascendc.scalar_get_count_of_value %v, 0 : i64 loc("zeros")
  %clz = ascendc.scalar_count_leading_zero %v : i64 loc("clz")
  %same = ascendc.count_bits_cnt_same_as_sign_bit %v : i64 loc("same")
  return
}
