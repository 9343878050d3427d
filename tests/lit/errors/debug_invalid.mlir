// RUN: asc-opt %s -split-input-file -verify-diagnostics

func.func @printf_missing_value() {
  %c = arith.constant 1 : i32
  // expected-error @+1 {{format has 2 conversion(s) but 1 value(s) are given}}
  ascendc.printf "%d %d", %c : i32
  return
}

// -----

func.func @printf_tensor(%t: !ascendc.local_tensor<f16>) {
  // expected-error @+1 {{printf prints scalars and GM pointers}}
  ascendc.printf "%d", %t : !ascendc.local_tensor<f16>
  return
}
