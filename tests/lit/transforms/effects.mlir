// RUN: asc-opt --canonicalize --cse %s | FileCheck %s

// The ops' memory effects (AscendCBase.td: ascWrites, ascPipe, ascState) as
// MLIR's generic passes see them: a call that writes a tensor or the core's
// state stays, even when nothing uses it; a query whose result is unused goes;
// two identical queries with no write between them are one.

// CHECK-LABEL: func.func @effects
func.func @effects(%x: !ascendc.gm_ptr<f32>) -> i64 attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %f = arith.constant 2.0 : f32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %a = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %b = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  // CHECK: ascendc.data_copy
  // CHECK-NEXT: ascendc.data_copy
  ascendc.data_copy %a, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.data_copy %a, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  // Unused results: the read-only queries go.
  // CHECK-NOT: ascendc.get_value
  %unused = ascendc.get_value %a[%c0] : !ascendc.local_tensor<f32>, i32
  %unused_n = ascendc.get_size %a : !ascendc.local_tensor<f32>
  // CHECK-NEXT: ascendc.set_flag MTE2_V
  // CHECK-NEXT: ascendc.wait_flag MTE2_V
  ascendc.set_flag MTE2_V, %c0 : i32
  ascendc.wait_flag MTE2_V, %c0 : i32
  // CHECK-NEXT: ascendc.muls_l2
  ascendc.muls_l2 %b, %a, %f, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32
  // A write between two sizes keeps both; two with nothing between are one.
  // CHECK-NEXT: %[[N1:.*]] = ascendc.get_size %[[B:.*]] :
  // CHECK-NEXT: ascendc.set_size %[[B]]
  // CHECK-NEXT: %[[N2:.*]] = ascendc.get_size %[[B]] :
  // CHECK-NOT: ascendc.get_size
  // CHECK: ascendc.dump_tensor
  %n1 = ascendc.get_size %b : !ascendc.local_tensor<f32>
  ascendc.set_size %b, %c0 : !ascendc.local_tensor<f32>, i32
  %n2 = ascendc.get_size %b : !ascendc.local_tensor<f32>
  %n3 = ascendc.get_size %b : !ascendc.local_tensor<f32>
  ascendc.dump_tensor %b, %c0, %c256 : !ascendc.local_tensor<f32>, i32, i32
  // Pure: two block indices are one.
  // CHECK: ascendc.get_block_idx
  // CHECK-NOT: ascendc.get_block_idx
  %i1 = ascendc.get_block_idx : i64
  %i2 = ascendc.get_block_idx : i64
  %s1 = arith.addi %n1, %n2 : i64
  %s2 = arith.addi %s1, %n3 : i64
  %s3 = arith.addi %s2, %i1 : i64
  %s4 = arith.addi %s3, %i2 : i64
  return %s4 : i64
}
