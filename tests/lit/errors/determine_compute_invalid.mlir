// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @wait_pre_block_f32_workspace(%gm: !ascendc.global_tensor<f32>, %ub: !ascendc.local_tensor<i32>) {
  // expected-error @+1 {{'ascendc.wait_pre_block' op gm_workspace must have element type 'i32', got 'f32'}}
  ascendc.wait_pre_block %gm, %ub : !ascendc.global_tensor<f32>, !ascendc.local_tensor<i32>
  return
}

// -----

func.func @notify_next_block_f16_ub(%gm: !ascendc.global_tensor<i32>, %ub: !ascendc.local_tensor<f16>) {
  // expected-error @+1 {{'ascendc.notify_next_block' op ub_workspace must have element type 'i32', got 'f16'}}
  ascendc.notify_next_block %gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<f16>
  return
}
