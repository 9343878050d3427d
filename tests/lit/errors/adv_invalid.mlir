// The adv ops reject the element types Ascend C does not accept, naming the
// accepted ones; the shared temporary buffer is a LocalTensor<uint8_t>.
// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @xor_float(%f: !ascendc.local_tensor<f32>) {
  // expected-error @+1 {{operand #0 must be LocalTensor of i16 or ui16}}
  ascendc.adv_xor %f, %f, %f : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  return
}

// -----

func.func @quant_dst(%f: !ascendc.local_tensor<f32>, %s: f32) {
  // expected-error @+1 {{operand #0 must be LocalTensor of i8}}
  ascendc.adv_quant %f, %f, %s, %s : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  return
}

// -----

func.func @tmp_not_bytes(%f: !ascendc.local_tensor<f32>) {
  // expected-error @+1 {{operand #2 must be LocalTensor<uint8_t>}}
  ascendc.adv_sin %f, %f tmp %f : !ascendc.local_tensor<f32> : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  return
}

// -----

func.func @sin_int(%i: !ascendc.local_tensor<i32>) {
  // expected-error @+1 {{operand #0 must be LocalTensor of f16 or f32}}
  ascendc.adv_sin %i, %i : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>
  return
}

// -----

func.func @softmax_mixed(%f: !ascendc.local_tensor<f32>, %h: !ascendc.local_tensor<f16>, %t: !ascendc.softmax_tiling) {
  // expected-error @+1 {{failed to verify that all of {dst, src} have same element type}}
  ascendc.adv_softmax %f, %f, %f, %h tiling %t : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>
  return
}

// -----

// Ascend C's Log has no sharedTmpBuffer overload (the vendor's adv_api/math/log.h).
func.func @log_tmp(%f: !ascendc.local_tensor<f32>, %t: !ascendc.local_tensor<ui8>) {
  // expected-error @+1 {{AscendC::Log takes no sharedTmpBuffer}}
  ascendc.adv_log %f, %f tmp %t : !ascendc.local_tensor<ui8> : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  return
}

// -----

// Ascend C's Axpy has one form, with a sharedTmpBuffer and a calCount (adv_api/math/axpy.h).
func.func @axpy_without_tmp(%f: !ascendc.local_tensor<f32>, %s: f32) {
  // expected-error @+1 {{AscendC::Axpy takes a sharedTmpBuffer and a calCount}}
  ascendc.adv_axpy %f, %f, %s : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32
  return
}
