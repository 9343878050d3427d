// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @set_atomic
// ROUNDTRIP: ascendc.set_atomic_add f32
// ROUNDTRIP: ascendc.set_atomic_max f16
// ROUNDTRIP: ascendc.set_atomic_min bf16
// ROUNDTRIP: ascendc.set_atomic_type i32
// ROUNDTRIP: ascendc.set_atomic_add i8
// ROUNDTRIP: ascendc.set_atomic_none

// CHECK-LABEL: __aicore__ inline void set_atomic() {
// CHECK-NEXT:   AscendC::SetAtomicAdd<float>();
// CHECK-NEXT:   AscendC::SetAtomicMax<half>();
// CHECK-NEXT:   AscendC::SetAtomicMin<bfloat16_t>();
// CHECK-NEXT:   AscendC::SetAtomicType<int32_t>();
// CHECK-NEXT:   AscendC::SetAtomicAdd<int8_t>();
// CHECK-NEXT:   AscendC::SetAtomicNone();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @set_atomic() {
  ascendc.set_atomic_add f32
  ascendc.set_atomic_max f16
  ascendc.set_atomic_min bf16
  ascendc.set_atomic_type i32
  ascendc.set_atomic_add i8
  ascendc.set_atomic_none
  return
}
