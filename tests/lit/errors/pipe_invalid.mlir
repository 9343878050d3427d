// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @init_buffer_on_tensor(%pipe: !ascendc.pipe, %t: !ascendc.local_tensor<f32>, %n: i32) {
  // expected-error @+1 {{operand #1 must be TQue or TQueBind}}
  ascendc.init_buffer %pipe, %t, %n, %n : !ascendc.pipe, !ascendc.local_tensor<f32>, i32, i32
  return
}

// -----

func.func @alloc_from_tbuf(%buf: !ascendc.buffer<VECCALC>) {
  // expected-error @+1 {{operand #0 must be TQue or TQueBind}}
  %t = ascendc.alloc_tensor %buf : !ascendc.buffer<VECCALC> -> !ascendc.local_tensor<f32>
  return
}
