// Malformed and unknown IR: a diagnostic at the right place, never a crash.
// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @missing_type(%id: i32) {
  // expected-error @+1 {{expected ':'}}
  ascendc.set_flag MTE2_V, %id
  return
}

// -----

func.func @bad_enum(%id: i32) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'event'}}
  ascendc.set_flag NOT_AN_EVENT, %id : i32
  return
}

// -----

func.func @unknown_op() {
  // expected-error @+1 {{custom op 'ascendc.no_such_op' is unknown}}
  ascendc.no_such_op
  return
}

// -----

func.func @wrong_operand_type(%id: f32) {
  // expected-error @+1 {{invalid kind of type specified}}
  ascendc.set_flag MTE2_V, %id : f32
  return
}
