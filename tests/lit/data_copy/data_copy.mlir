// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @data_copy
// ROUNDTRIP: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// ROUNDTRIP: ascendc.data_copy_params %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>
// ROUNDTRIP: ascendc.data_copy_enhanced

// CHECK-LABEL: void data_copy(AscendC::GlobalTensor<float>& x_gm, AscendC::LocalTensor<float>& x_ub, AscendC::LocalTensor<float>& y_ub, int32_t n, AscendC::DataCopyEnhancedParams e) {
// CHECK-NEXT:   AscendC::DataCopy(x_ub, x_gm, n);
// CHECK-NEXT:   AscendC::DataCopy(y_ub, x_ub, n);
// CHECK-NEXT:   AscendC::DataCopy(x_gm, y_ub, n);
// CHECK-NEXT:   AscendC::DataCopyParams p{1, 8, 0, 0};
// CHECK-NEXT:   AscendC::DataCopy(x_ub, x_gm, p);
// CHECK-NEXT:   AscendC::DataCopy(y_ub, x_ub, p);
// CHECK-NEXT:   AscendC::DataCopy(x_gm, y_ub, p);
// CHECK-NEXT:   AscendC::DataCopy(x_ub, x_gm, p, e);
// CHECK-NEXT:   AscendC::DataCopy(y_ub, x_ub, p, e);
// CHECK-NEXT:   AscendC::DataCopy(x_gm, y_ub, p, e);
// CHECK-NEXT:   return;
func.func @data_copy(%x_gm: !ascendc.global_tensor<f32> loc("x_gm"), %x_ub: !ascendc.local_tensor<f32> loc("x_ub"),
                     %y_ub: !ascendc.local_tensor<f32> loc("y_ub"), %n: i32 loc("n"),
                     %e: !ascendc.data_copy_enhanced_params loc("e")) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  ascendc.data_copy %x_ub, %x_gm, %n : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.data_copy %y_ub, %x_ub, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.data_copy %x_gm, %y_ub, %n : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  %p = ascendc.construct !ascendc.data_copy_params(%c1, %c8, %c0, %c0) : i32, i32, i32, i32 loc("p")
  ascendc.data_copy_params %x_ub, %x_gm, %p : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>
  ascendc.data_copy_params %y_ub, %x_ub, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.data_copy_params %x_gm, %y_ub, %p : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.data_copy_enhanced %x_ub, %x_gm, %p, %e : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>
  ascendc.data_copy_enhanced %y_ub, %x_ub, %p, %e : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.data_copy_enhanced %x_gm, %y_ub, %p, %e : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>
  return
}

// CHECK-LABEL: void layouts(AscendC::GlobalTensor<half>& a_gm, AscendC::LocalTensor<half>& a_l1, AscendC::LocalTensor<half>& a_ub, AscendC::LocalTensor<float>& c_co1, AscendC::GlobalTensor<half>& c_gm, AscendC::LocalTensor<half>& c_ub, AscendC::Nd2NzParams nd2nz, AscendC::Nz2NdParamsFull nz2nd, AscendC::DataCopyCO12DstParams co12) {
// CHECK-NEXT:   AscendC::DataCopy(a_l1, a_gm, nd2nz);
// CHECK-NEXT:   AscendC::DataCopy(a_l1, a_ub, nd2nz);
// CHECK-NEXT:   AscendC::DataCopy(a_gm, a_ub, nz2nd);
// CHECK-NEXT:   AscendC::DataCopy(c_gm, c_co1, co12);
// CHECK-NEXT:   AscendC::DataCopy(c_ub, c_co1, co12);
// CHECK-NEXT:   return;
func.func @layouts(%a_gm: !ascendc.global_tensor<f16> loc("a_gm"), %a_l1: !ascendc.local_tensor<f16> loc("a_l1"),
                   %a_ub: !ascendc.local_tensor<f16> loc("a_ub"), %c_co1: !ascendc.local_tensor<f32> loc("c_co1"),
                   %c_gm: !ascendc.global_tensor<f16> loc("c_gm"), %c_ub: !ascendc.local_tensor<f16> loc("c_ub"),
                   %nd2nz: !ascendc.nd2nz_params loc("nd2nz"), %nz2nd: !ascendc.nz2nd_params_full loc("nz2nd"),
                   %co12: !ascendc.data_copy_co12_dst_params loc("co12")) {
  ascendc.data_copy_nd2nz %a_l1, %a_gm, %nd2nz : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>
  ascendc.data_copy_nd2nz %a_l1, %a_ub, %nd2nz : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.data_copy_nz2nd %a_gm, %a_ub, %nz2nd : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.data_copy_co12dst %c_gm, %c_co1, %co12 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>
  ascendc.data_copy_co12dst %c_ub, %c_co1, %co12 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>
  return
}
