// RUN: asc-opt --ascendc-insert-sync -split-input-file %s | FileCheck %s

// InitConstValue's pipe follows its destination (ascPipe "fill"): MTE1 into
// L0A/L0B (the vendor's A2 fill example orders the fill and the Mmad with
// MTE1_M), MTE2 into L1 (its conv and matmul code follow an L1 fill with
// PipeBarrier<PIPE_MTE2>), so a LoadData from the filled L1 waits on MTE2_MTE1.

// CHECK-LABEL: func.func @fill_l0
// CHECK: ascendc.init_const_value %
// CHECK-NEXT: ascendc.init_const_value %
// CHECK: ascendc.set_flag MTE1_M
// CHECK: ascendc.wait_flag MTE1_M
// CHECK-NEXT: ascendc.mmad
func.func @fill_l0(%init: !ascendc.init_const_value_params, %p: !ascendc.mmad_params) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a = ascendc.local_tensor_pos A2, %c0, %c512 : i32, i32 -> !ascendc.local_tensor<f16>
  %b = ascendc.local_tensor_pos B2, %c0, %c512 : i32, i32 -> !ascendc.local_tensor<f16>
  %c = ascendc.local_tensor_pos CO1, %c0, %c512 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.init_const_value %a, %init : !ascendc.local_tensor<f16>
  ascendc.init_const_value %b, %init : !ascendc.local_tensor<f16>
  ascendc.mmad %c, %a, %b, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  return
}

// -----

// CHECK-LABEL: func.func @fill_l1
// CHECK: ascendc.init_const_value %
// CHECK: ascendc.set_flag MTE2_MTE1
// CHECK: ascendc.wait_flag MTE2_MTE1
// CHECK-NEXT: ascendc.load_data_2d
func.func @fill_l1(%init: !ascendc.init_const_value_params, %lp: !ascendc.load_data_2d_params) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c512 = arith.constant 512 : i32
  %a1 = ascendc.local_tensor_pos A1, %c0, %c512 : i32, i32 -> !ascendc.local_tensor<f16>
  %a2 = ascendc.local_tensor_pos A2, %c0, %c512 : i32, i32 -> !ascendc.local_tensor<f16>
  ascendc.init_const_value %a1, %init : !ascendc.local_tensor<f16>
  ascendc.load_data_2d %a2, %a1, %lp : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  return
}
