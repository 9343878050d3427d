// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @data_copy_pad
// ROUNDTRIP: ascendc.construct !ascendc.data_copy_pad_ext_params<f16>
// ROUNDTRIP: ascendc.data_copy_pad %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>

// CHECK-LABEL: void data_copy_pad(AscendC::GlobalTensor<half>& x_gm, AscendC::LocalTensor<half>& x_ub, AscendC::LocalTensor<half>& y_ub, AscendC::Nd2NzParams nd2nz, int32_t len) {
// CHECK-NEXT:   AscendC::DataCopyExtParams ext{1, static_cast<decltype(AscendC::DataCopyExtParams::blockLen)>(len), 0, 0, 0};
// CHECK-NEXT:   AscendC::DataCopyPadExtParams<half> ext_pad{true, 0, 2, (half)1.50000e+00f};
// CHECK-NEXT:   AscendC::DataCopyPad(x_ub, x_gm, ext, ext_pad);
// CHECK-NEXT:   AscendC::DataCopyPad(x_gm, x_ub, ext);
// CHECK-NEXT:   AscendC::DataCopyPad(y_ub, x_ub, ext, nd2nz);
// CHECK-NEXT:   AscendC::DataCopyParams legacy{1, static_cast<decltype(AscendC::DataCopyParams::blockLen)>(len), 0, 0};
// CHECK-NEXT:   AscendC::DataCopyPadParams pad{true, 0, 2, 0};
// CHECK-NEXT:   AscendC::DataCopyPad(x_ub, x_gm, legacy, pad);
// CHECK-NEXT:   AscendC::DataCopyPad(x_gm, x_ub, legacy);
// CHECK-NEXT:   AscendC::DataCopyPad(y_ub, x_ub, legacy, nd2nz);
// CHECK-NEXT:   return;
func.func @data_copy_pad(%x_gm: !ascendc.global_tensor<f16> loc("x_gm"), %x_ub: !ascendc.local_tensor<f16> loc("x_ub"),
                         %y_ub: !ascendc.local_tensor<f16> loc("y_ub"), %nd2nz: !ascendc.nd2nz_params loc("nd2nz"),
                         %len: i32 loc("len")) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %true = arith.constant true
  %pad_value = arith.constant 1.5 : f16
  %ext = ascendc.construct !ascendc.data_copy_ext_params(%c1, %len, %c0, %c0, %c0) : i32, i32, i32, i32, i32 loc("ext")
  %ext_pad = ascendc.construct !ascendc.data_copy_pad_ext_params<f16>(%true, %c0, %c2, %pad_value) : i1, i32, i32, f16 loc("ext_pad")
  ascendc.data_copy_pad %x_ub, %x_gm, %ext, %ext_pad : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_ext_params, !ascendc.data_copy_pad_ext_params<f16>
  ascendc.data_copy_pad_to_gm %x_gm, %x_ub, %ext : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_ext_params
  ascendc.data_copy_pad_nd2nz %y_ub, %x_ub, %ext, %nd2nz : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_ext_params
  %legacy = ascendc.construct !ascendc.data_copy_params(%c1, %len, %c0, %c0) : i32, i32, i32, i32 loc("legacy")
  %pad = ascendc.construct !ascendc.data_copy_pad_params(%true, %c0, %c2, %c0) : i1, i32, i32, i32 loc("pad")
  ascendc.data_copy_pad %x_ub, %x_gm, %legacy, %pad : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.data_copy_params, !ascendc.data_copy_pad_params
  ascendc.data_copy_pad_to_gm %x_gm, %x_ub, %legacy : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_params
  ascendc.data_copy_pad_nd2nz %y_ub, %x_ub, %legacy, %nd2nz : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.data_copy_params
  return
}
