// A chunk that does not parse is reported and the next chunks are still
// processed, even where MLIR 19's parser corrupts the heap while recovering
// (llvm/llvm-project#107121: the op below uses %q, which the function defines,
// and the function fails to parse). Found by tests/fuzz/fuzz_tools.py; the
// tools parse each chunk in a child process first (cpp/tools/ParsePreflight.h).
// RUN: not asc-opt --split-input-file %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not asc-opt --split-input-file %s 2>/dev/null | FileCheck %s --check-prefix=OPT
// RUN: not asc-translate --split-input-file --mlir-to-ascendc %s 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// RUN: not asc-translate --split-input-file --mlir-to-ascendc %s 2>/dev/null | FileCheck %s --check-prefix=CPP

// ERR: error: use of value '%pad' expects different type than prior uses: 'f16' vs 'i1'
// ERR-NOT: : error:
// OPT: func.func @next_chunk
// OPT: func.func @last_chunk
// CPP: void next_chunk(
// CPP: AscendC::Exp({{.*}});
ascendc.set_fix_pipe_pre_quant_flag %q : i64
func.func @setup(%pad: i1) {
  %q = arith.constant 4611686018427387904 : i64
  ascendc.set_load_data_padding_value %pad : f16
  return
}

// -----

func.func @next_chunk(%s: !ascendc.slice_info) {
  %l = ascendc.slice_info_list(%s) {size = 1 : i32}
  return
}

// -----

func.func @last_chunk(%t: !ascendc.local_tensor<f32>, %n: i32) {
  ascendc.exp_l2 %t, %t, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}
