// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// A parameter struct passed to a kernel by value (a tiling struct), its fields
// read with ascendc.struct_field; a device function returning two values.

// ROUNDTRIP-LABEL: func.func @bounds
// ROUNDTRIP: ascendc.struct_field %{{.*}}, "blockLen" : !ascendc.data_copy_params -> i32
// ROUNDTRIP-LABEL: func.func @tiled
// ROUNDTRIP: ascendc.struct_field %{{.*}}, "blockCount" : !ascendc.data_copy_params -> i32
// ROUNDTRIP: call @bounds(%{{.*}}, %{{.*}}) : (!ascendc.data_copy_params, i32) -> (i32, i32)

// CHECK-LABEL: struct bounds_result { int32_t v0; int32_t v1; };
// CHECK-NEXT: __aicore__ inline bounds_result bounds(AscendC::DataCopyParams t, int32_t i) {
// CHECK-NEXT:   int32_t len = t.blockLen;
// CHECK-NEXT:   int32_t start = i * len;
// CHECK-NEXT:   return {start, len};
// CHECK-NEXT: }
// CHECK-LABEL: extern "C" __global__ __aicore__ void tiled(GM_ADDR x, AscendC::DataCopyParams t) {
// CHECK-NEXT:   int32_t count = t.blockCount;
// CHECK-NEXT:   bounds_result bounds_result = bounds(t, count);
// CHECK-NEXT:   int32_t [[START:v[0-9]+]] = bounds_result.v0;
// CHECK-NEXT:   int32_t [[LEN:v[0-9]+]] = bounds_result.v1;
// CHECK-NEXT:   AscendC::GlobalTensor<float> x_gm;
// CHECK-NEXT:   x_gm.SetGlobalBuffer((__gm__ float*)x);
// CHECK-NEXT:   float [[V:v[0-9]+]] = static_cast<float>([[LEN]]);
// CHECK-NEXT:   x_gm.SetValue([[START]], [[V]]);
// CHECK-NEXT:   return;
// CHECK-NEXT: }

func.func @bounds(%t: !ascendc.data_copy_params loc("t"), %i: i32 loc("i")) -> (i32, i32) {
  %len = ascendc.struct_field %t, "blockLen" : !ascendc.data_copy_params -> i32 loc("len")
  %start = arith.muli %i, %len : i32 loc("start")
  return %start, %len : i32, i32
}

func.func @tiled(%x: !ascendc.gm_ptr<f32> loc("x"), %t: !ascendc.data_copy_params loc("t"))
    attributes {ascendc.global} {
  %count = ascendc.struct_field %t, "blockCount" : !ascendc.data_copy_params -> i32 loc("count")
  %start, %len = func.call @bounds(%t, %count) : (!ascendc.data_copy_params, i32) -> (i32, i32)
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("x_gm")
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %v = arith.sitofp %len : i32 to f32
  ascendc.set_value %x_gm[%start], %v : !ascendc.global_tensor<f32>, i32
  return
}
