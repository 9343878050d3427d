// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @copy
// ROUNDTRIP: ascendc.copy_l0 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, i32
// ROUNDTRIP: ascendc.copy_l1 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_set_mask = false}
// ROUNDTRIP: ascendc.set_pad_value %{{.*}}, VECIN : f16

// CHECK-LABEL: void copy(AscendC::LocalTensor<half>& dst, AscendC::LocalTensor<half>& src, AscendC::LoadImageToLocalParams img) {
// CHECK-NEXT:   uint64_t mask[2] = {static_cast<uint64_t>(255), static_cast<uint64_t>(255)};
// CHECK-NEXT:   AscendC::CopyRepeatParams rp{1, 1, 8, 8};
// CHECK-NEXT:   AscendC::Copy<half, true>(dst, src, mask, 2, rp);
// CHECK-NEXT:   AscendC::Copy<half, false>(dst, src, 128, 2, rp);
// CHECK-NEXT:   AscendC::SetPadValue<half, AscendC::TPosition::VECIN>((half)0.0e+00f);
// CHECK-NEXT:   AscendC::SetPadValue<int32_t, AscendC::TPosition::MAX>(7);
// CHECK-NEXT:   AscendC::LoadImageToLocal(dst, img);
// CHECK-NEXT:   return;
func.func @copy(%dst: !ascendc.local_tensor<f16> loc("dst"), %src: !ascendc.local_tensor<f16> loc("src"),
                %img: !ascendc.load_image_to_local_params loc("img")) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c8 = arith.constant 8 : i32
  %c128 = arith.constant 128 : i32
  %c7 = arith.constant 7 : i32
  %all = arith.constant 255 : i64
  %zero = arith.constant 0.0 : f16
  %mask = ascendc.bitmask %all, %all : i64, i64 loc("mask")
  %rp = ascendc.construct !ascendc.copy_repeat_params(%c1, %c1, %c8, %c8) : i32, i32, i32, i32 loc("rp")
  ascendc.copy_l0 %dst, %src, %mask, %c2, %rp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  ascendc.copy_l1 %dst, %src, %c128, %c2, %rp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
  ascendc.set_pad_value %zero, VECIN : f16
  ascendc.set_pad_value %c7, MAX : i32
  ascendc.load_image_to_local %dst, %img : !ascendc.local_tensor<f16>
  return
}
