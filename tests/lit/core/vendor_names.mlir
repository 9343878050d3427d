// What the vendor's headers ask of the emitted source (issue 20; the vendor-header
// check, docs/npu-backend.md): a kernel or device function named like a bisheng
// intrinsic or a name of namespace AscendC gets a `_` suffix on its C++ symbol (the
// call sites follow), a local named like a macro of the vendor's headers too; a
// struct value that is not a narrowing-free constant is cast to its field's type
// (braced initialisers may not narrow); a struct templated on its element type
// spells it; a field past the vendor's constructor is assigned after it; the
// headers a Matmul or a ListTensorDesc needs are included.
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// CHECK:      #include "kernel_operator.h"
// CHECK-NEXT: #include "kernel_operator_list_tensor_intf.h"
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ inline void DataCopy_(int32_t n) {
// CHECK-NEXT:   int32_t ASCEND_IS_AIV_ = n + n;
// CHECK-NEXT:   return;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: __aicore__ inline void set_flag_(AscendC::LocalTensor<half>& a1, AscendC::InitConstValueParams<half> init) {
// CHECK-NEXT:   AscendC::InitConstValue(a1, init);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: extern "C" __global__ __aicore__ void vadd_(GM_ADDR x, int32_t n) {
// CHECK-NEXT:   AscendC::LocalTensor<half> a1(AscendC::TPosition::A1, 0, 1024);
// CHECK-NEXT:   AscendC::InitConstValueParams<half> init{1, static_cast<decltype(AscendC::InitConstValueParams<half>::blockNum)>(n), 0, (half)1.00000e+00f};
// CHECK-NEXT:   set_flag_(a1, init);
// CHECK-NEXT:   DataCopy_(n);
// CHECK-NEXT:   AscendC::LoadImageToLocalParams img{2, 2, 0, 0, 2, 0, 0, 0, 0};
// CHECK-NEXT:   img.sid = static_cast<decltype(AscendC::LoadImageToLocalParams::sid)>(n);
// CHECK-NEXT:   uint32_t shape_shape[8] = {2, static_cast<uint32_t>(n), 0, 0, 0, 0, 0, 0};
// CHECK-NEXT:   uint32_t shape_originalShape[8] = {2, static_cast<uint32_t>(n), 0, 0, 0, 0, 0, 0};
// CHECK-NEXT:   AscendC::ShapeInfo shape{2, shape_shape, 2, shape_originalShape, static_cast<AscendC::DataFormat>(0)};
// CHECK-NEXT:   AscendC::ListTensorDesc l;
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @DataCopy(%n: i32 loc("n")) {
  %alias = arith.addi %n, %n : i32 loc("ASCEND_IS_AIV")
  return
}
func.func @set_flag(%a1: !ascendc.local_tensor<f16> loc("a1"), %init: !ascendc.init_const_value_params loc("init")) {
  ascendc.init_const_value %a1, %init : !ascendc.local_tensor<f16>
  return
}
func.func @vadd(%x: !ascendc.gm_ptr<f16> loc("x"), %n: i32 loc("n")) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c1024 = arith.constant 1024 : i32
  %one = arith.constant 1.0 : f16
  %a1 = ascendc.local_tensor_pos A1, %c0, %c1024 : i32, i32 -> !ascendc.local_tensor<f16> loc("a1")
  %init = ascendc.construct !ascendc.init_const_value_params(%c1, %n, %c0, %one) : i32, i32, i32, f16 loc("init")
  func.call @set_flag(%a1, %init) : (!ascendc.local_tensor<f16>, !ascendc.init_const_value_params) -> ()
  func.call @DataCopy(%n) : (i32) -> ()
  %img = ascendc.construct !ascendc.load_image_to_local_params(%c2, %c2, %c0, %c0, %c2, %c0, %c0, %c0, %c0, %n) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32 loc("img")
  %shape = ascendc.construct !ascendc.shape_info(%c2, %c2, %n, %c0, %c0, %c0, %c0, %c0, %c0, %c2, %c2, %n, %c0, %c0, %c0, %c0, %c0, %c0, %c0) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32 loc("shape")
  %l = ascendc.list_tensor_desc loc("l")
  return
}
