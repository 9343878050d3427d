// A kernel with Python locations whose DataCopy reads past `x` when
// block_length exceeds the array: the fault must name oob_line.py:7.
module {
  func.func @oob_line(%x: !ascendc.gm_ptr<f32> loc("x"), %n: i32 loc("n")) attributes {ascendc.global} {
    %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("oob_line.py":3:5)
    ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32> loc("oob_line.py":4:5)
    %c0 = arith.constant 0 : i32 loc("oob_line.py":5:5)
    %ub = ascendc.local_tensor_pos VECIN, %c0, %n : i32, i32 -> !ascendc.local_tensor<f32> loc("oob_line.py":6:5)
    ascendc.data_copy %ub, %x_gm, %n : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("oob_line.py":7:5)
    return loc("oob_line.py":8:5)
  } loc("oob_line.py":1:1)
}
