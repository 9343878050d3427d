// basic/vec_brcb
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @brcb(
// ROUNDTRIP: ascendc.brcb %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i8
// CHECK-LABEL: void brcb(AscendC::LocalTensor<float>& dst, AscendC::LocalTensor<float>& src) {
// CHECK-NEXT:   AscendC::BrcbRepeatParams brcb_params{1, 8};
// CHECK-NEXT:   AscendC::Brcb(dst, src, 2, brcb_params);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @brcb(%dst: !ascendc.local_tensor<f32> loc("dst"), %src: !ascendc.local_tensor<f32> loc("src")) {
  %c1 = arith.constant 1 : i16
  %c8 = arith.constant 8 : i16
  %r = arith.constant 2 : i8
  %p = ascendc.construct !ascendc.brcb_repeat_params(%c1, %c8) : i16, i16 loc("brcb_params")
  ascendc.brcb %dst, %src, %r, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i8
  return
}
