// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @global_tensor
// ROUNDTRIP: ascendc.global_tensor : <f32>
// ROUNDTRIP: ascendc.set_global_buffer_size %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// ROUNDTRIP: ascendc.set_l2_cache_hint %{{.*}}, CACHE_MODE_DISABLE, RW : <f32>

// CHECK-LABEL: void global_tensor(__gm__ float* x, int32_t n, AscendC::ShapeInfo shape) {
// CHECK-NEXT:   AscendC::GlobalTensor<float> x_gm;
// CHECK-NEXT:   x_gm.SetGlobalBuffer(x);
// CHECK-NEXT:   x_gm.SetGlobalBuffer(x, n);
// CHECK-NEXT:   AscendC::GlobalTensor<float> tail = x_gm[n];
// CHECK-NEXT:   float v = x_gm.GetValue(n);
// CHECK-NEXT:   tail.SetValue(0, v);
// CHECK-NEXT:   int64_t size = x_gm.GetSize();
// CHECK-NEXT:   __gm__ float* p = x_gm.GetPhyAddr();
// CHECK-NEXT:   __gm__ float* q = x_gm.GetPhyAddr(n);
// CHECK-NEXT:   x_gm.SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_DISABLE);
// CHECK-NEXT:   x_gm.SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_NORMAL);
// CHECK-NEXT:   x_gm.SetShapeInfo(shape);
// CHECK-NEXT:   AscendC::ShapeInfo info = x_gm.GetShapeInfo();
// CHECK-NEXT:   return;
func.func @global_tensor(%x: !ascendc.gm_ptr<f32> loc("x"), %n: i32 loc("n"),
                         %shape: !ascendc.shape_info loc("shape")) {
  %c0 = arith.constant 0 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("x_gm")
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer_size %x_gm, %x, %n : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
  %tail = ascendc.subindex %x_gm[%n] : !ascendc.global_tensor<f32>, i32 loc("tail")
  %v = ascendc.get_value %x_gm[%n] : !ascendc.global_tensor<f32>, i32 loc("v")
  ascendc.set_value %tail[%c0], %v : !ascendc.global_tensor<f32>, i32
  %size = ascendc.get_size %x_gm : !ascendc.global_tensor<f32> loc("size")
  %p = ascendc.global_get_phy_addr %x_gm : !ascendc.global_tensor<f32> loc("p")
  %q = ascendc.global_get_phy_addr_offset %x_gm, %n : !ascendc.global_tensor<f32>, i32 loc("q")
  ascendc.set_l2_cache_hint %x_gm, CACHE_MODE_DISABLE, RW : !ascendc.global_tensor<f32>
  ascendc.set_l2_cache_hint %x_gm, CACHE_MODE_NORMAL, READ : !ascendc.global_tensor<f32>
  ascendc.set_shape_info %x_gm, %shape : !ascendc.global_tensor<f32>
  %info = ascendc.get_shape_info %x_gm : !ascendc.global_tensor<f32> loc("info")
  return
}
