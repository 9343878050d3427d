// Element types an Ascend C vector API does not accept are rejected, and the
// message lists the ones it does (Vector.td, "Element types per API family").
// RUN: asc-opt %s -split-input-file -verify-diagnostics

// The accepted types of each family verify (no diagnostics).
func.func @accepted(%h: !ascendc.local_tensor<f16>, %f: !ascendc.local_tensor<f32>,
                    %s: !ascendc.local_tensor<i16>, %u: !ascendc.local_tensor<ui16>,
                    %i: !ascendc.local_tensor<i32>, %w: !ascendc.local_tensor<ui32>,
                    %b: !ascendc.local_tensor<ui8>, %n: i32) {
  ascendc.exp_l2 %f, %f, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.relu_l2 %i, %i, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  ascendc.add_l2 %s, %s, %s, %n : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32
  ascendc.bitwise_not_l2 %u, %u, %n : !ascendc.local_tensor<ui16>, !ascendc.local_tensor<ui16>, i32
  // level 2 And / Or also take 32-bit integers
  ascendc.bitwise_or_l2 %w, %w, %w, %n : !ascendc.local_tensor<ui32>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<ui32>, i32
  ascendc.shift_right_l2 %w, %w, %n, %n : !ascendc.local_tensor<ui32>, !ascendc.local_tensor<ui32>, i32, i32
  ascendc.compare_l2 %b, %i, %i, EQ, %n : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  ascendc.reduce_max_l2 %h, %h, %h, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  ascendc.cast_l2 %f, %i, CAST_NONE, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @exp_int(%a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.exp_l2' op operand #0 must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i32>'}}
  ascendc.exp_l2 %a, %a, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @sqrt_int_level0(%a: !ascendc.local_tensor<i16>, %n: i32, %r: i8, %p: !ascendc.unary_repeat_params) {
  // expected-error @+1 {{'ascendc.sqrt_l1' op operand #0 must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i16>'}}
  ascendc.sqrt_l1 %a, %a, %n, %r, %p : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32, i8
  return
}

// -----

func.func @ln_int(%a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.ln_l2' op operand #0 must be LocalTensor of f16 or f32}}
  ascendc.ln_l2 %a, %a, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @rsqrt_int(%a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.rsqrt_l2' op operand #0 must be LocalTensor of f16 or f32}}
  ascendc.rsqrt_l2 %a, %a, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @reciprocal_int(%a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.reciprocal_l2' op operand #0 must be LocalTensor of f16 or f32}}
  ascendc.reciprocal_l2 %a, %a, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @abs_int(%a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.abs_l2' op operand #0 must be LocalTensor of f16 or f32}}
  ascendc.abs_l2 %a, %a, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @relu_unsigned(%a: !ascendc.local_tensor<ui8>, %n: i32) {
  // expected-error @+1 {{'ascendc.relu_l2' op operand #0 must be LocalTensor of i32, f16 or f32, but got '!ascendc.local_tensor<ui8>'}}
  ascendc.relu_l2 %a, %a, %n : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<ui8>, i32
  return
}

// -----

func.func @add_int8(%a: !ascendc.local_tensor<i8>, %n: i32) {
  // expected-error @+1 {{'ascendc.add_l2' op operand #0 must be LocalTensor of i16, i32, f16 or f32, but got '!ascendc.local_tensor<i8>'}}
  ascendc.add_l2 %a, %a, %a, %n : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, i32
  return
}

// -----

func.func @mul_f64(%a: !ascendc.local_tensor<f64>, %n: i32) {
  // expected-error @+1 {{'ascendc.mul_l2' op operand #0 must be LocalTensor of i16, i32, f16 or f32, but got '!ascendc.local_tensor<f64>'}}
  ascendc.mul_l2 %a, %a, %a, %n : !ascendc.local_tensor<f64>, !ascendc.local_tensor<f64>, !ascendc.local_tensor<f64>, i32
  return
}

// -----

func.func @div_int(%a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.div_l2' op operand #0 must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i32>'}}
  ascendc.div_l2 %a, %a, %a, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @and_float(%a: !ascendc.local_tensor<f32>, %n: i32) {
  // expected-error @+1 {{'ascendc.bitwise_and_l2' op operand #0 must be LocalTensor of i16, ui16, i32 or ui32, but got '!ascendc.local_tensor<f32>'}}
  ascendc.bitwise_and_l2 %a, %a, %a, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

// Level-0 And / Or take 16-bit integers only.
func.func @and_int32_level0(%a: !ascendc.local_tensor<i32>, %n: i32, %r: i8, %p: !ascendc.binary_repeat_params) {
  // expected-error @+1 {{'ascendc.bitwise_and_l1' op operand #0 must be LocalTensor of i16 or ui16, but got '!ascendc.local_tensor<i32>'}}
  ascendc.bitwise_and_l1 %a, %a, %a, %n, %r, %p : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i8
  return
}

// -----

func.func @or_half_level0(%a: !ascendc.local_tensor<f16>, %n: i32, %r: i8, %p: !ascendc.binary_repeat_params) {
  // expected-error @+1 {{'ascendc.bitwise_or_l1' op operand #0 must be LocalTensor of i16 or ui16, but got '!ascendc.local_tensor<f16>'}}
  ascendc.bitwise_or_l1 %a, %a, %a, %n, %r, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i8
  return
}

// -----

func.func @not_int32(%a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.bitwise_not_l2' op operand #0 must be LocalTensor of i16 or ui16, but got '!ascendc.local_tensor<i32>'}}
  ascendc.bitwise_not_l2 %a, %a, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @shift_float(%a: !ascendc.local_tensor<f16>, %n: i32) {
  // expected-error @+1 {{'ascendc.shift_left_l2' op operand #0 must be LocalTensor of i16, ui16, i32 or ui32, but got '!ascendc.local_tensor<f16>'}}
  ascendc.shift_left_l2 %a, %a, %n, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32, i32
  return
}

// -----

func.func @adds_uint(%a: !ascendc.local_tensor<ui32>, %n: i32) {
  // expected-error @+1 {{'ascendc.adds_l2' op operand #0 must be LocalTensor of i16, i32, f16 or f32, but got '!ascendc.local_tensor<ui32>'}}
  ascendc.adds_l2 %a, %a, %n, %n : !ascendc.local_tensor<ui32>, !ascendc.local_tensor<ui32>, i32, i32
  return
}

// -----

func.func @leaky_relu_int(%a: !ascendc.local_tensor<i16>, %n: i32) {
  // expected-error @+1 {{'ascendc.leaky_relu_l2' op operand #0 must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i16>'}}
  ascendc.leaky_relu_l2 %a, %a, %n, %n : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32, i32
  return
}

// -----

func.func @reduce_int(%a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.reduce_sum_l2' op operand #0 must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i32>'}}
  ascendc.reduce_sum_l2 %a, %a, %a, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @whole_reduce_int(%a: !ascendc.local_tensor<i16>, %n: i32) {
  // expected-error @+1 {{'ascendc.whole_reduce_max_l1' op operand #0 must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i16>'}}
  ascendc.whole_reduce_max_l1 %a, %a, %n, %n, %n, %n, %n : !ascendc.local_tensor<i16>, !ascendc.local_tensor<i16>, i32, i32, i32, i32, i32
  return
}

// -----

func.func @block_reduce_int(%a: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.block_reduce_sum_l1' op operand #0 must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i32>'}}
  ascendc.block_reduce_sum_l1 %a, %a, %n, %n, %n, %n, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32, i32, i32, i32
  return
}

// -----

func.func @compare_dst_half(%d: !ascendc.local_tensor<f16>, %a: !ascendc.local_tensor<f16>, %n: i32) {
  // expected-error @+1 {{'ascendc.compare_l2' op operand #0 must be LocalTensor of i8 or ui8, but got '!ascendc.local_tensor<f16>'}}
  ascendc.compare_l2 %d, %a, %a, LT, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// -----

func.func @compare_src_int16(%d: !ascendc.local_tensor<ui8>, %a: !ascendc.local_tensor<i16>, %n: i32) {
  // expected-error @+1 {{'ascendc.compare_scalar_l2' op operand #1 must be LocalTensor of i32, f16 or f32, but got '!ascendc.local_tensor<i16>'}}
  ascendc.compare_scalar_l2 %d, %a, %n, LT, %n : !ascendc.local_tensor<ui8>, !ascendc.local_tensor<i16>, i32, i32
  return
}

// -----

func.func @select_mask_half(%d: !ascendc.local_tensor<f16>, %n: i32) {
  // expected-error @+1 {{'ascendc.select_l2' op operand #1 must be LocalTensor of ui8, ui16, ui32 or ui64, but got '!ascendc.local_tensor<f16>'}}
  ascendc.select_l2 %d, %d, %d, %d, VSEL_CMPMASK_SPR, %n : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// -----

func.func @select_int(%d: !ascendc.local_tensor<i32>, %m: !ascendc.local_tensor<ui8>, %n: i32) {
  // expected-error @+1 {{'ascendc.select_l2' op operand #0 must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i32>'}}
  ascendc.select_l2 %d, %m, %d, %d, VSEL_CMPMASK_SPR, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<ui8>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @duplicate_int8(%d: !ascendc.local_tensor<i8>, %n: i32) {
  // expected-error @+1 {{'ascendc.duplicate_l2' op operand #0 must be LocalTensor of i16, ui16, f16, bf16, i32, ui32 or f32, but got '!ascendc.local_tensor<i8>'}}
  ascendc.duplicate_l2 %d, %n, %n : !ascendc.local_tensor<i8>, i32, i32
  return
}

// -----

func.func @axpy_int(%d: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{'ascendc.axpy_l2' op operand #0 must be LocalTensor of f16 or f32, but got '!ascendc.local_tensor<i32>'}}
  ascendc.axpy_l2 %d, %d, %n, %n : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32
  return
}

// -----

func.func @cast_f64(%d: !ascendc.local_tensor<f32>, %s: !ascendc.local_tensor<f64>, %n: i32) {
  // expected-error @+1 {{'ascendc.cast_l2' op operand #1 must be LocalTensor of i8, ui8, i16, ui16, i32, ui32, i64, f16, bf16 or f32, but got '!ascendc.local_tensor<f64>'}}
  ascendc.cast_l2 %d, %s, CAST_NONE, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f64>, i32
  return
}

// -----

func.func @transpose_f32(%d: !ascendc.local_tensor<f32>) {
  // expected-error @+1 {{'ascendc.transpose' op operand #0 must be LocalTensor of i16, ui16 or f16, but got '!ascendc.local_tensor<f32>'}}
  ascendc.transpose %d, %d : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>
  return
}
