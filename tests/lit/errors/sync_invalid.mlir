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
