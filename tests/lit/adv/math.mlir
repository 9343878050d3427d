// adv/math: every element-wise function in its four forms (with/without the
// shared temporary buffer, with/without calCount), Exp's Taylor level, Power,
// Xor, Axpy (half src, float dst). The attributes are template arguments; the
// optional operands pick the Ascend C overload ($operands).
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @math
// ROUNDTRIP: ascendc.adv_acos %{{.*}}, %{{.*}} tmp %{{.*}} : !ascendc.local_tensor<ui8> count %{{.*}} : i32 : <f32>, <f32>
// ROUNDTRIP: ascendc.adv_acos %{{.*}}, %{{.*}} {is_reuse_source = true} : <f16>, <f16>
// ROUNDTRIP: ascendc.adv_exp %{{.*}}, %{{.*}} count %{{.*}} {taylor_expand_level = 10 : i32} : <f32>, <f32>, i32
// ROUNDTRIP: ascendc.adv_axpy %{{.*}}, %{{.*}}, %{{.*}} tmp %{{.*}} : !ascendc.local_tensor<ui8> count %{{.*}} : i32 : <f32>, <f16>, f16

// CHECK-LABEL: __aicore__ inline void math(AscendC::LocalTensor<float>& d, AscendC::LocalTensor<float>& s, AscendC::LocalTensor<half>& hd, AscendC::LocalTensor<half>& hs, AscendC::LocalTensor<uint8_t>& tmp, AscendC::LocalTensor<int16_t>& id, AscendC::LocalTensor<int32_t>& i32d, int32_t n) {
// CHECK-NEXT:   AscendC::Acos<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Acos<half, true>(hd, hs);
// CHECK-NEXT:   AscendC::Acos<float, false>(d, s, tmp);
// CHECK-NEXT:   AscendC::Acos<float, false>(d, s, n);
// CHECK-NEXT:   AscendC::Acosh<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Asin<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Asinh<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Atan<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Atanh<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Ceil<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Cos<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Cosh<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Digamma<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Erf<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Erfc<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Floor<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Frac<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Lgamma<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Log<float, false>(d, s, n);
// CHECK-NEXT:   AscendC::Round<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Sign<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Sin<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Sinh<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Tan<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Tanh<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Trunc<float, false>(d, s, tmp, n);
// CHECK-NEXT:   AscendC::Exp<float, 10, false>(d, s, n);
// CHECK-NEXT:   AscendC::Exp<half, 0, true>(hd, hs, tmp, n);
// CHECK-NEXT:   AscendC::Power<float, false>(d, s, s, n);
// CHECK-NEXT:   AscendC::Power<int32_t, false>(i32d, i32d, i32d, tmp);
// CHECK-NEXT:   AscendC::Xor<int16_t, false>(id, id, id, tmp, n);
// CHECK-NEXT:   AscendC::Axpy<float, half, false>(d, hs, (half)2.00000e+00f, tmp, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @math(%d: !ascendc.local_tensor<f32> loc("d"), %s: !ascendc.local_tensor<f32> loc("s"), %hd: !ascendc.local_tensor<f16> loc("hd"), %hs: !ascendc.local_tensor<f16> loc("hs"), %tmp: !ascendc.local_tensor<ui8> loc("tmp"), %id: !ascendc.local_tensor<i16> loc("id"), %i32d: !ascendc.local_tensor<i32> loc("i32d"), %n: i32 loc("n")) {
  ascendc.adv_acos %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_acos %hd, %hs {is_reuse_source = true} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.adv_acos %d, %s tmp %tmp : !ascendc.local_tensor<ui8> : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_acos %d, %s count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_acosh %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_asin %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_asinh %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_atan %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_atanh %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_ceil %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_cos %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_cosh %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_digamma %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_erf %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_erfc %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_floor %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_frac %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_lgamma %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_log %d, %s count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_round %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_sign %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_sin %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_sinh %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_tan %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_tanh %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_trunc %d, %s tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_exp %d, %s count %n {taylor_expand_level = 10 : i32} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.adv_exp %hd, %hs tmp %tmp : !ascendc.local_tensor<ui8> count %n {taylor_expand_level = 0 : i32, is_reuse_source = true} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  ascendc.adv_power %d, %s, %s count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.adv_power %i32d, %i32d, %i32d tmp %tmp : !ascendc.local_tensor<ui8> : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>
  ascendc.adv_xor %id, %id, %id tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>
  %two = arith.constant 2.0 : f16
  ascendc.adv_axpy %d, %hs, %two tmp %tmp : !ascendc.local_tensor<ui8> count %n : i32 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, f16
  return
}
