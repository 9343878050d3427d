// A value, attribute or type with no Ascend C spelling is an emission error at
// the op that uses it, naming the attribute or operand (never a placeholder
// comment in the C++).
// RUN: asc-translate --mlir-to-ascendc --split-input-file --verify-diagnostics %s
// RUN: not asc-translate --mlir-to-ascendc %s 2>&1 | FileCheck %s

// CHECK: unspellable.mlir:[[@LINE+4]]:3: error: 'ascendc.set_vector_mask_len' op attribute 'element_type': type 'vector<4xf32>' has no Ascend C spelling
// CHECK-NOT: unsupported
func.func @type_attr(%n: i32) {
  // expected-error @below {{'ascendc.set_vector_mask_len' op attribute 'element_type': type 'vector<4xf32>' has no Ascend C spelling}}
  ascendc.set_vector_mask_len vector<4xf32>, NORMAL, %n : i32
  return
}

// -----

func.func private @ext(vector<4xi32>)
func.func @constant_operand() {
  %v = arith.constant dense<1> : vector<4xi32>
  // expected-error @below {{'func.call' op operand #0 (an arith.constant): dense<1> : vector<4xi32> has no Ascend C spelling}}
  func.call @ext(%v) : (vector<4xi32>) -> ()
  return
}
