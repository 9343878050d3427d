// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @null_shape
// ROUNDTRIP: %[[P:.*]] = ascendc.gm_null_ptr : <ui64>
// ROUNDTRIP: ascendc.tensor_desc_set_shape_addr %{{.*}}, %[[P]]

// CHECK-LABEL: __aicore__ inline void null_shape(
// CHECK-NEXT: __gm__ uint64_t* [[P:v[0-9]+]] = nullptr;
// CHECK-NEXT: desc.SetShapeAddr([[P]]);
// CHECK-NEXT: return;
func.func @null_shape(%desc: !ascendc.tensor_desc<f32> loc("desc")) {
  %p = ascendc.gm_null_ptr : !ascendc.gm_ptr<ui64>
  ascendc.tensor_desc_set_shape_addr %desc, %p : !ascendc.tensor_desc<f32>, !ascendc.gm_ptr<ui64>
  return
}
