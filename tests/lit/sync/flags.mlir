// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @flags
// ROUNDTRIP: ascendc.set_flag MTE2_V, %{{.*}} : i32
// ROUNDTRIP: ascendc.wait_flag MTE2_V, %{{.*}} : i32
// ROUNDTRIP: ascendc.pipe_barrier PIPE_V

// CHECK-LABEL: void flags(int32_t id) {
// CHECK-NEXT:   AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
// CHECK-NEXT:   AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
// CHECK-NEXT:   AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(id);
// CHECK-NEXT:   AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(id);
// CHECK-NEXT:   AscendC::PipeBarrier<PIPE_V>();
// CHECK-NEXT:   AscendC::PipeBarrier<PIPE_ALL>();
// CHECK-NEXT:   return;
func.func @flags(%id: i32 loc("id")) {
  %c0 = arith.constant 0 : i32
  ascendc.set_flag MTE2_V, %c0 : i32
  ascendc.wait_flag MTE2_V, %c0 : i32
  ascendc.set_flag V_MTE3, %id : i32
  ascendc.wait_flag V_MTE3, %id : i32
  ascendc.pipe_barrier PIPE_V
  ascendc.pipe_barrier PIPE_ALL
  return
}
