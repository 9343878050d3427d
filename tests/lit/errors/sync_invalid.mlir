// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @event_id_out_of_range() {
  %c8 = arith.constant 8 : i32
  // expected-error @+1 {{event id 8 is outside 0..7}}
  ascendc.set_flag MTE2_V, %c8 : i32
  return
}

// -----

func.func @negative_event_id() {
  %c = arith.constant -1 : i32
  // expected-error @+1 {{event id -1 is outside 0..7}}
  ascendc.wait_flag V_MTE3, %c : i32
  return
}

// -----

func.func @barrier_on_scalar_pipe() {
  // expected-error @+1 {{a barrier on PIPE_S is illegal}}
  ascendc.pipe_barrier PIPE_S
  return
}

// -----

func.func @cube_event_on_vector_core() attributes {ascendc.kernel_type = "AIV_ONLY"} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{HardEvent::M_V uses pipe M, which a vector (AIV) core does not have}}
  ascendc.set_flag M_V, %c0 : i32
  return
}

// -----

func.func @vector_event_on_cube_core() attributes {ascendc.kernel_type = "AIC_ONLY"} {
  %c0 = arith.constant 0 : i32
  // expected-error @+1 {{HardEvent::MTE2_V uses pipe V, which a cube (AIC) core does not have}}
  ascendc.wait_flag MTE2_V, %c0 : i32
  return
}

// -----

func.func @cross_core_flag_id_out_of_range() {
  %c11 = arith.constant 11 : i16
  // expected-error @+1 {{cross-core flag id 11 is outside 0..10}}
  ascendc.cross_core_set_flag %c11, 2, PIPE_MTE3 : i16
  return
}

// -----

func.func @cross_core_bad_mode() {
  %c0 = arith.constant 0 : i16
  // expected-error @+1 {{mode id 3 is not a cross-core sync mode of Atlas A2/A3 (0, 1 or 2)}}
  ascendc.cross_core_wait_flag %c0, 3, PIPE_S : i16
  return
}

// -----

func.func @cross_core_set_on_scalar_pipe() {
  %c0 = arith.constant 0 : i16
  // expected-error @+1 {{CrossCoreSetFlag cannot be issued on PIPE_S}}
  ascendc.cross_core_set_flag %c0, 0, PIPE_S : i16
  return
}

// -----

func.func @sync_all_float_workspace(%gm: !ascendc.global_tensor<f32>, %ub: !ascendc.local_tensor<i32>, %n: i32) {
  // expected-error @+1 {{gm_workspace must have element type 'i32', got 'f32'}}
  ascendc.sync_all_workspace %gm, %ub, %n : !ascendc.global_tensor<f32>, !ascendc.local_tensor<i32>, i32
  return
}

// -----

func.func @ib_wait_i16_workspace(%gm: !ascendc.global_tensor<i32>, %ub: !ascendc.local_tensor<i16>, %n: i32) {
  // expected-error @+1 {{ub_workspace must have element type 'i32', got 'i16'}}
  ascendc.ib_wait %gm, %ub, %n, %n : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i16>, i32, i32
  return
}
