// Vector ops the verifier rejects: element types Ascend C requires to agree,
// offset/address/buffer tensors of a fixed element type, non-scalar scalars.
// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @binary_mismatch(%a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f32>, %n: i32) {
  // expected-error @+1 {{all of {dst, src0, src1} have same element type}}
  ascendc.add_l2 %a, %a, %b, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

func.func @unary_mismatch(%a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f32>, %n: i32) {
  // expected-error @+1 {{all of {dst, src} have same element type}}
  ascendc.exp_l2 %a, %b, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

func.func @compare_sources(%d: !ascendc.local_tensor<ui8>, %a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f32>, %n: i32) {
  // expected-error @+1 {{all of {src0, src1} have same element type}}
  ascendc.compare_l2 %d, %a, %b, LT, %n : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

func.func @gather_offset_type(%a: !ascendc.local_tensor<f16>, %o: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{operand #2 must be LocalTensor<uint32_t>, but got '!ascendc.local_tensor<i32>'}}
  ascendc.gather_l2 %a, %a, %o, %n, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<i32>, i32, i32
  return
}

// -----

func.func @add_deq_relu_dst(%d: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{operand #0 must be LocalTensor<half>, but got '!ascendc.local_tensor<f32>'}}
  ascendc.add_deq_relu_l2 %d, %a, %a, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @reduce_tmp(%a: !ascendc.local_tensor<f32>, %t: !ascendc.local_tensor<f16>, %n: i32) {
  // expected-error @+1 {{all of {dst, src, shared_tmp_buffer} have same element type}}
  ascendc.reduce_sum_l2 %a, %a, %t, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, i32
  return
}

// -----

func.func @select_sources(%d: !ascendc.local_tensor<f16>, %m: !ascendc.local_tensor<ui8>, %b: !ascendc.local_tensor<f32>, %n: i32) {
  // expected-error @+1 {{all of {dst, src0, src1} have same element type}}
  ascendc.select_l2 %d, %m, %d, %b, VSEL_TENSOR_TENSOR_MODE, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

func.func @transpose_tmp(%a: !ascendc.local_tensor<f16>, %p: !ascendc.transpose_params_ext) {
  // expected-error @+1 {{operand #2 must be LocalTensor<uint8_t>, but got '!ascendc.local_tensor<f16>'}}
  ascendc.transpose_ext %a, %a, %a, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  return
}

// -----

func.func @mul_add_dst_sources(%d: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f32>, %n: i32) {
  // expected-error @+1 {{all of {src0, src1} have same element type}}
  ascendc.mul_add_dst_l2 %d, %a, %b, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

func.func @scalar_not_a_number(%a: !ascendc.local_tensor<f16>, %s: !ascendc.local_tensor<f16>, %n: i32) {
  // expected-error @+1 {{operand #2 must be integer or floating-point, but got '!ascendc.local_tensor<f16>'}}
  ascendc.adds_l2 %a, %a, %s, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// -----

func.func @trans_5hd_addresses(%a: !ascendc.local_tensor<f16>, %p: !ascendc.trans_data_to_5hd_params) {
  // expected-error @+1 {{operand #0 must be LocalTensor<uint64_t>, but got '!ascendc.local_tensor<f16>'}}
  ascendc.trans_data_to_5hd f16, %a, %a, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  return
}

// -----

func.func @trans_5hd_list_of_15(%t: !ascendc.local_tensor<f16>, %p: !ascendc.trans_data_to_5hd_params) {
  // expected-error @+1 {{takes 16 destinations and 16 sources, got 15 and 15}}
  ascendc.trans_data_to_5hd_list f16, [%t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t], [%t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t], %p : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>), (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>)
  return
}

// -----

func.func @trans_5hd_list_mixed(%t: !ascendc.local_tensor<f32>, %p: !ascendc.trans_data_to_5hd_params) {
  // expected-error @+1 {{lists must be all LocalTensors of 'f16' or all 64-bit addresses}}
  ascendc.trans_data_to_5hd_list f16, [%t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t], [%t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t, %t], %p : (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>), (!ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>)
  return
}

// -----

func.func @vdeq_not_u64(%t: !ascendc.local_tensor<f32>, %i: !ascendc.vdeq_info) {
  // expected-error @+1 {{the vdeq tensor holds uint64_t (ui64), not 'f32'}}
  ascendc.set_deq_scale_vdeq %t, %i : !ascendc.local_tensor<f32>
  return
}
