// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @buffer_element_type(%t: !ascendc.global_tensor<f32>, %p: !ascendc.gm_ptr<f16>) {
  // expected-error @+1 {{failed to verify that all of {tensor, buffer} have same element type}}
  ascendc.set_global_buffer %t, %p : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f16>
  return
}

// -----

func.func @set_value_type(%t: !ascendc.local_tensor<f16>, %v: f32) {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{`value` has the element type of `tensor`}}
  "ascendc.set_value"(%t, %c0, %v) : (!ascendc.local_tensor<f16>, i32, f32) -> ()
  return
}

// -----

func.func @subindex_type(%t: !ascendc.local_tensor<f16>) {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{failed to verify that all of {tensor, result} have same type}}
  %r = "ascendc.subindex"(%t, %c0) : (!ascendc.local_tensor<f16>, i32) -> !ascendc.local_tensor<f32>
  return
}

// -----

func.func @phy_addr_type(%t: !ascendc.global_tensor<f16>) {
  // expected-error @+1 {{`result` points to the element type of `tensor`}}
  %r = "ascendc.global_get_phy_addr"(%t) : (!ascendc.global_tensor<f16>) -> !ascendc.gm_ptr<f32>
  return
}
