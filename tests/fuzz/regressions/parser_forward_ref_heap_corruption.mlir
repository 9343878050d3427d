// Found by fuzz_tools.py. The op at the top level uses %q, which the function
// below defines; the function then fails to parse (%pad used with two types).
// MLIR 19's parser frees the function body while the top-level op still uses
// %q (llvm/llvm-project#107121), and the corrupted heap crashed asc-opt and
// asc-translate in the next --split-input-file chunk. The tools now parse each
// chunk in a child process first (cpp/tools/ParsePreflight.h): exit status 1
// and the parse error, no crash.
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

func.func @next_chunk_2(%t: !ascendc.local_tensor<f32>, %n: i32) {
  ascendc.exp_l2 %t, %t, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}
