// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @setup
// ROUNDTRIP: ascendc.init_const_value %{{.*}}, %{{.*}} : <f16>
// ROUNDTRIP: ascendc.set_load_data_boundary %{{.*}} : i32
// ROUNDTRIP: ascendc.set_load_data_boundary %{{.*}} : i32
// ROUNDTRIP: ascendc.set_load_data_padding_value %{{.*}} : f16
// ROUNDTRIP: ascendc.set_load_data_repeat %{{.*}}
// ROUNDTRIP: ascendc.set_fix_pipe_pre_quant_flag %{{.*}} : i64

// CHECK-LABEL: __aicore__ inline void setup(AscendC::LocalTensor<half>& a1, AscendC::InitConstValueParams<half> init, AscendC::LoadDataRepeatParam rep, int32_t bound, half pad) {
// CHECK-NEXT:   AscendC::InitConstValue(a1, init);
// CHECK-NEXT:   AscendC::SetLoadDataBoundary(bound);
// CHECK-NEXT:   AscendC::SetLoadDataBoundary(0);
// CHECK-NEXT:   AscendC::SetLoadDataPaddingValue(pad);
// CHECK-NEXT:   AscendC::SetLoadDataRepeat(rep);
// CHECK-NEXT:   AscendC::SetFixpipePreQuantFlag(4611686018427387904LL);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @setup(%a1: !ascendc.local_tensor<f16> loc("a1"), %init: !ascendc.init_const_value_params loc("init"), %rep: !ascendc.load_data_repeat_param loc("rep"), %bound: i32 loc("bound"), %pad: f16 loc("pad")) {
  %c0 = arith.constant 0 : i32
  %q = arith.constant 4611686018427387904 : i64
  ascendc.init_const_value %a1, %init : !ascendc.local_tensor<f16>
  ascendc.set_load_data_boundary %bound : i32
  ascendc.set_load_data_boundary %c0 : i32
  ascendc.set_load_data_padding_value %pad : f16
  ascendc.set_load_data_repeat %rep
  ascendc.set_fix_pipe_pre_quant_flag %q : i64
  return
}
