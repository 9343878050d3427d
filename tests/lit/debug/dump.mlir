// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @debug
// ROUNDTRIP: ascendc.printf "hello"
// ROUNDTRIP: ascendc.printf "n = %d, x = %f", %{{.*}}, %{{.*}} : i32, f32
// ROUNDTRIP: ascendc.printf "100%% of %d", %{{.*}} : i32
// ROUNDTRIP: ascendc.dump_tensor %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, i32, i32
// ROUNDTRIP: ascendc.dump_tensor %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f16>, i32, i32
// ROUNDTRIP: ascendc.dump_tensor_shape %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, i32, i32
// ROUNDTRIP: ascendc.dump_tensor_shape %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f16>, i32, i32
// ROUNDTRIP: ascendc.print_time_stamp %{{.*}} : i32
// ROUNDTRIP: ascendc.dump_acc_chk_point %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f16>, i32, i32, i32
// ROUNDTRIP: ascendc.dump_acc_chk_point %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, i32, i32, i32

// CHECK-LABEL: __aicore__ inline void debug(AscendC::GlobalTensor<float>& g, AscendC::LocalTensor<half>& l, AscendC::ShapeInfo shape, float x, int32_t n) {
// CHECK-NEXT:   AscendC::printf("hello");
// CHECK-NEXT:   AscendC::printf("n = %d, x = %f", n, x);
// CHECK-NEXT:   AscendC::printf("100%% of %d", 8);
// CHECK-NEXT:   AscendC::DumpTensor(g, 1, 8);
// CHECK-NEXT:   AscendC::DumpTensor(l, 1, n);
// CHECK-NEXT:   AscendC::DumpTensor(g, 1, 8, shape);
// CHECK-NEXT:   AscendC::DumpTensor(l, 1, 8, shape);
// CHECK-NEXT:   AscendC::PrintTimeStamp(1);
// CHECK-NEXT:   AscendC::DumpAccChkPoint(l, 1, 0, 8);
// CHECK-NEXT:   AscendC::DumpAccChkPoint(g, 1, 0, n);
// CHECK-NEXT:   return;
// CHECK-NEXT: }




func.func @debug(%g: !ascendc.global_tensor<f32> loc("g"), %l: !ascendc.local_tensor<f16> loc("l"), %shape: !ascendc.shape_info loc("shape"), %x: f32 loc("x"), %n: i32 loc("n")) {
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c0 = arith.constant 0 : i32
  ascendc.printf "hello"
  ascendc.printf "n = %d, x = %f", %n, %x : i32, f32
  ascendc.printf "100%% of %d", %c8 : i32
  ascendc.dump_tensor %g, %c1, %c8 : !ascendc.global_tensor<f32>, i32, i32
  ascendc.dump_tensor %l, %c1, %n : !ascendc.local_tensor<f16>, i32, i32
  ascendc.dump_tensor_shape %g, %c1, %c8, %shape : !ascendc.global_tensor<f32>, i32, i32
  ascendc.dump_tensor_shape %l, %c1, %c8, %shape : !ascendc.local_tensor<f16>, i32, i32
  ascendc.print_time_stamp %c1 : i32
  ascendc.dump_acc_chk_point %l, %c1, %c0, %c8 : !ascendc.local_tensor<f16>, i32, i32, i32
  ascendc.dump_acc_chk_point %g, %c1, %c0, %n : !ascendc.global_tensor<f32>, i32, i32, i32
  return
}
