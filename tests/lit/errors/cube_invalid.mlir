// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @mmad_f16_into_f16(%c: !ascendc.local_tensor<f16>, %a: !ascendc.local_tensor<f16>, %p: !ascendc.mmad_params) {
  // expected-error @+1 {{Mmad does not multiply 'f16' x 'f16' into 'f16'}}
  ascendc.mmad %c, %a, %a, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  return
}

// -----

func.func @mmad_mixed(%c: !ascendc.local_tensor<i32>, %a: !ascendc.local_tensor<i8>, %b: !ascendc.local_tensor<f16>, %p: !ascendc.mmad_params) {
  // expected-error @+1 {{Mmad does not multiply 'i8' x 'f16' into 'i32'}}
  ascendc.mmad %c, %a, %b, %p : !ascendc.local_tensor<i32>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<f16>
  return
}

// -----

func.func @mmad_bias_type(%c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<f16>, %bias: !ascendc.local_tensor<f16>, %p: !ascendc.mmad_params) {
  // expected-error @+1 {{bias must have element type 'f32', got 'f16'}}
  ascendc.mmad_bias %c, %a, %a, %bias, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  return
}

// -----

func.func @sparse_mmad_f16(%c: !ascendc.local_tensor<i32>, %a: !ascendc.local_tensor<f16>, %p: !ascendc.mmad_params) {
  // expected-error @+1 {{fm must have element type 'i8', got 'f16'}}
  ascendc.mmad_with_sparse %c, %a, %a, %p : !ascendc.local_tensor<i32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>
  return
}

// -----

func.func @load_data_mixed(%d: !ascendc.local_tensor<f16>, %s: !ascendc.local_tensor<f32>, %p: !ascendc.load_data_2d_params) {
  // expected-error @+1 {{failed to verify that all of {dst, src} have same element type}}
  ascendc.load_data_2d %d, %s, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>
  return
}

// -----

func.func @sparse_index_type(%d: !ascendc.local_tensor<i8>, %i: !ascendc.local_tensor<i8>, %p: !ascendc.load_data_2d_params) {
  // expected-error @+1 {{idx must have element type 'ui8', got 'i8'}}
  ascendc.load_data_with_sparse %d, %d, %i, %p : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>
  return
}

// -----

func.func @fixpipe_from_f16(%g: !ascendc.global_tensor<f16>, %s: !ascendc.local_tensor<f16>, %p: !ascendc.fixpipe_params_v220) {
  // expected-error @+1 {{Fixpipe reads an L0C result of f32 or i32, not 'f16'}}
  ascendc.fixpipe %g, %s, %p, CFG_NZ : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>
  return
}

// -----

func.func @fixpipe_workspace_type(%g: !ascendc.global_tensor<i8>, %s: !ascendc.local_tensor<i32>, %w: !ascendc.local_tensor<i64>, %p: !ascendc.fixpipe_params_v220) {
  // expected-error @+1 {{cbuf_workspace must have element type 'ui64', got 'i64'}}
  ascendc.fixpipe_workspace %g, %s, %w, %p, CFG_ROW_MAJOR : !ascendc.global_tensor<i8>, !ascendc.local_tensor<i32>, !ascendc.local_tensor<i64>
  return
}
