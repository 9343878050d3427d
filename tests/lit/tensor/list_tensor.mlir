// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @list_tensor
// ROUNDTRIP: ascendc.list_tensor_desc_data
// ROUNDTRIP: ascendc.tensor_desc_get_data_obj

// CHECK-LABEL: void list_tensor(__gm__ uint64_t* blob, int32_t n) {
// CHECK-NEXT:   AscendC::ListTensorDesc l;
// CHECK-NEXT:   l.Init(blob, n, n);
// CHECK-NEXT:   AscendC::ListTensorDesc m(blob, n, n);
// CHECK-NEXT:   AscendC::TensorDesc<float> d;
// CHECK-NEXT:   m.GetDesc(d, n);
// CHECK-NEXT:   __gm__ half* p = m.GetDataPtr<half>(n);
// CHECK-NEXT:   uint32_t size = m.GetSize();
// CHECK-NEXT:   d.SetShapeAddr(blob);
// CHECK-NEXT:   uint64_t dim = d.GetDim();
// CHECK-NEXT:   uint64_t idx = d.GetIndex();
// CHECK-NEXT:   uint64_t s0 = d.GetShape(n);
// CHECK-NEXT:   __gm__ float* q = d.GetDataPtr();
// CHECK-NEXT:   AscendC::GlobalTensor<float> g = d.GetDataObj();
// CHECK-NEXT:   return;
func.func @list_tensor(%blob: !ascendc.gm_ptr<ui64> loc("blob"), %n: i32 loc("n")) {
  %l = ascendc.list_tensor_desc loc("l")
  ascendc.list_tensor_desc_init %l, %blob, %n, %n : !ascendc.gm_ptr<ui64>, i32, i32
  %m = ascendc.list_tensor_desc_data %blob, %n, %n : !ascendc.gm_ptr<ui64>, i32, i32 loc("m")
  %d = ascendc.tensor_desc : !ascendc.tensor_desc<f32> loc("d")
  ascendc.list_tensor_desc_get_desc %m, %d, %n : !ascendc.tensor_desc<f32>, i32
  %p = ascendc.list_tensor_desc_get_data_ptr %m, %n : i32 -> !ascendc.gm_ptr<f16> loc("p")
  %size = ascendc.list_tensor_desc_get_size %m loc("size")
  ascendc.tensor_desc_set_shape_addr %d, %blob : !ascendc.tensor_desc<f32>, !ascendc.gm_ptr<ui64>
  %dim = ascendc.tensor_desc_get_dim %d : !ascendc.tensor_desc<f32> loc("dim")
  %idx = ascendc.tensor_desc_get_index %d : !ascendc.tensor_desc<f32> loc("idx")
  %s0 = ascendc.tensor_desc_get_shape %d, %n : !ascendc.tensor_desc<f32>, i32 loc("s0")
  %q = ascendc.tensor_desc_get_data_ptr %d : !ascendc.tensor_desc<f32> loc("q")
  %g = ascendc.tensor_desc_get_data_obj %d : !ascendc.tensor_desc<f32> loc("g")
  return
}
