// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @load_data
// ROUNDTRIP: ascendc.load_data_2d %{{.*}}, %{{.*}}, %{{.*}} : <f16>, !ascendc.local_tensor<f16>
// ROUNDTRIP: ascendc.load_data_2d %{{.*}}, %{{.*}}, %{{.*}} : <f16>, !ascendc.global_tensor<f16>
// ROUNDTRIP: ascendc.load_data_2d_v2 %{{.*}}, %{{.*}}, %{{.*}} : <f16>, !ascendc.local_tensor<f16>
// ROUNDTRIP: ascendc.load_data_2d_v2 %{{.*}}, %{{.*}}, %{{.*}} : <f16>, !ascendc.global_tensor<f16>
// ROUNDTRIP: ascendc.load_data_3d_v1 %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>
// ROUNDTRIP: ascendc.load_data_3d_v2 %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>
// ROUNDTRIP: ascendc.load_data_3d_v2_pro %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>
// ROUNDTRIP: ascendc.load_data_with_transpose %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>
// ROUNDTRIP: ascendc.load_data_with_transpose_v2 %{{.*}}, %{{.*}}, %{{.*}} : <f16>, <f16>
// ROUNDTRIP: ascendc.load_data_with_sparse %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i8>, <i8>, <ui8>

// CHECK-LABEL: __aicore__ inline void load_data(AscendC::LocalTensor<half>& a2, AscendC::LocalTensor<half>& a1, AscendC::GlobalTensor<half>& gm, AscendC::LoadData2DParams p2d, AscendC::LoadData2DParamsV2 p2dv2, AscendC::LoadData3DParamsV1<half> p3dv1, AscendC::LoadData3DParamsV2<half> p3dv2, AscendC::LoadData3DParamsV2Pro pro, AscendC::LoadData2dTransposeParams tp, AscendC::LoadData2dTransposeParamsV2 tpv2, AscendC::LocalTensor<int8_t>& w, AscendC::LocalTensor<int8_t>& w1, AscendC::LocalTensor<uint8_t>& idx) {
// CHECK-NEXT:   AscendC::LoadData(a2, a1, p2d);
// CHECK-NEXT:   AscendC::LoadData(a1, gm, p2d);
// CHECK-NEXT:   AscendC::LoadData(a2, a1, p2dv2);
// CHECK-NEXT:   AscendC::LoadData(a1, gm, p2dv2);
// CHECK-NEXT:   AscendC::LoadData(a2, a1, p3dv1);
// CHECK-NEXT:   AscendC::LoadData(a2, a1, p3dv2);
// CHECK-NEXT:   AscendC::LoadData(a2, a1, pro);
// CHECK-NEXT:   AscendC::LoadDataWithTranspose(a2, a1, tp);
// CHECK-NEXT:   AscendC::LoadDataWithTranspose(a2, a1, tpv2);
// CHECK-NEXT:   AscendC::LoadDataWithSparse(w, w1, idx, p2d);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @load_data(%a2: !ascendc.local_tensor<f16> loc("a2"), %a1: !ascendc.local_tensor<f16> loc("a1"), %gm: !ascendc.global_tensor<f16> loc("gm"), %p2d: !ascendc.load_data_2d_params loc("p2d"), %p2dv2: !ascendc.load_data_2d_params_v2 loc("p2dv2"), %p3dv1: !ascendc.load_data_3d_params_v1 loc("p3dv1"), %p3dv2: !ascendc.load_data_3d_params_v2 loc("p3dv2"), %pro: !ascendc.load_data_3d_params_v2_pro loc("pro"), %tp: !ascendc.load_data_2d_transpose_params loc("tp"), %tpv2: !ascendc.load_data_2d_transpose_params_v2 loc("tpv2"), %w: !ascendc.local_tensor<i8> loc("w"), %w1: !ascendc.local_tensor<i8> loc("w1"), %idx: !ascendc.local_tensor<ui8> loc("idx")) {
  ascendc.load_data_2d %a2, %a1, %p2d : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.load_data_2d %a1, %gm, %p2d : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>
  ascendc.load_data_2d_v2 %a2, %a1, %p2dv2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.load_data_2d_v2 %a1, %gm, %p2dv2 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>
  ascendc.load_data_3d_v1 %a2, %a1, %p3dv1 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.load_data_3d_v2 %a2, %a1, %p3dv2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.load_data_3d_v2_pro %a2, %a1, %pro : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.load_data_with_transpose %a2, %a1, %tp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.load_data_with_transpose_v2 %a2, %a1, %tpv2 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  ascendc.load_data_with_sparse %w, %w1, %idx, %p2d : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<ui8>
  return
}
