// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @slices
// ROUNDTRIP: ascendc.slice_info_list(%{{.*}}, %{{.*}}) {size = 2 : i32}
// ROUNDTRIP: ascendc.data_copy_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, i32

// CHECK-LABEL: void slices(AscendC::GlobalTensor<half>& x_gm, AscendC::LocalTensor<half>& x_ub, AscendC::SliceInfo s0, AscendC::SliceInfo s1) {
// CHECK-NEXT:   AscendC::SliceInfo d[2] = {s0, s1};
// CHECK-NEXT:   AscendC::SliceInfo s[1] = {s1};
// CHECK-NEXT:   AscendC::DataCopy(x_ub, x_gm, d, s, 2);
// CHECK-NEXT:   AscendC::DataCopy(x_gm, x_ub, s, d, 1);
// CHECK-NEXT:   return;
func.func @slices(%x_gm: !ascendc.global_tensor<f16> loc("x_gm"), %x_ub: !ascendc.local_tensor<f16> loc("x_ub"),
                  %s0: !ascendc.slice_info loc("s0"), %s1: !ascendc.slice_info loc("s1")) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %d = ascendc.slice_info_list(%s0, %s1) {size = 2 : i32} loc("d")
  %s = ascendc.slice_info_list(%s1) {size = 1 : i32} loc("s")
  ascendc.data_copy_slice %x_ub, %x_gm, %d, %s, %c2 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, i32
  ascendc.data_copy_slice %x_gm, %x_ub, %s, %d, %c1 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}
