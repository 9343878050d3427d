// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @fixpipe
// ROUNDTRIP: ascendc.fixpipe %{{.*}}, %{{.*}}, %{{.*}}, CFG_ROW_MAJOR : !ascendc.global_tensor<f16>, <f32>
// ROUNDTRIP: ascendc.fixpipe %{{.*}}, %{{.*}}, %{{.*}}, CFG_NZ : !ascendc.global_tensor<f32>, <f32>
// ROUNDTRIP: ascendc.fixpipe %{{.*}}, %{{.*}}, %{{.*}}, CFG_COLUMN_MAJOR : !ascendc.local_tensor<f32>, <f32>
// ROUNDTRIP: ascendc.fixpipe_workspace %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, CFG_ROW_MAJOR : !ascendc.global_tensor<i8>, <i32>, <ui64>
// ROUNDTRIP: ascendc.fixpipe_workspace %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, CFG_NZ : !ascendc.global_tensor<i8>, <i32>, <ui64>

// CHECK-LABEL: __aicore__ inline void fixpipe(AscendC::GlobalTensor<half>& gm, AscendC::GlobalTensor<float>& gmf, AscendC::LocalTensor<float>& l1, AscendC::LocalTensor<float>& l0c, AscendC::LocalTensor<int32_t>& l0ci, AscendC::GlobalTensor<int8_t>& gmi8, AscendC::LocalTensor<uint64_t>& quant, AscendC::FixpipeParamsV220 p) {
// CHECK-NEXT:   AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(gm, l0c, p);
// CHECK-NEXT:   AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(gmf, l0c, p);
// CHECK-NEXT:   AscendC::Fixpipe<float, float, AscendC::CFG_COLUMN_MAJOR>(l1, l0c, p);
// CHECK-NEXT:   AscendC::Fixpipe<int8_t, int32_t, AscendC::CFG_ROW_MAJOR>(gmi8, l0ci, quant, p);
// CHECK-NEXT:   AscendC::Fixpipe<int8_t, int32_t, AscendC::CFG_NZ>(gmi8, l0ci, quant, p);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @fixpipe(%gm: !ascendc.global_tensor<f16> loc("gm"), %gmf: !ascendc.global_tensor<f32> loc("gmf"), %l1: !ascendc.local_tensor<f32> loc("l1"), %l0c: !ascendc.local_tensor<f32> loc("l0c"), %l0ci: !ascendc.local_tensor<i32> loc("l0ci"), %gmi8: !ascendc.global_tensor<i8> loc("gmi8"), %quant: !ascendc.local_tensor<ui64> loc("quant"), %p: !ascendc.fixpipe_params_v220 loc("p")) {
  ascendc.fixpipe %gm, %l0c, %p, CFG_ROW_MAJOR : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>
  ascendc.fixpipe %gmf, %l0c, %p, CFG_NZ : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.fixpipe %l1, %l0c, %p, CFG_COLUMN_MAJOR : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.fixpipe_workspace %gmi8, %l0ci, %quant, %p, CFG_ROW_MAJOR : !ascendc.global_tensor<i8>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<ui64>
  ascendc.fixpipe_workspace %gmi8, %l0ci, %quant, %p, CFG_NZ : !ascendc.global_tensor<i8>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<ui64>
  return
}
