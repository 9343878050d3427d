// Vector add in the TPipe/TQue form, as the asc front end will produce it:
// copy_in / compute / copy_out device functions and a kernel that loops over
// tiles. Translate with: asc-translate --mlir-to-ascendc vadd_queue.mlir
module {
  func.func @copy_in(%pipe_q_x: !ascendc.queue<VECIN, 2> loc("in_queue_x"),
                     %x_gm: !ascendc.global_tensor<f32> loc("x_gm"),
                     %i: i32 loc("progress"), %tile: i32 loc("tile_length")) {
    %x_local = ascendc.alloc_tensor %pipe_q_x : !ascendc.queue<VECIN, 2> -> !ascendc.local_tensor<f32> loc("x_local")
    %offset = arith.muli %i, %tile : i32 loc("offset")
    %src = ascendc.subindex %x_gm[%offset] : !ascendc.global_tensor<f32>, i32 loc("x_tile")
    ascendc.data_copy %x_local, %src, %tile : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
    ascendc.enque %pipe_q_x, %x_local : !ascendc.queue<VECIN, 2>, !ascendc.local_tensor<f32>
    return
  }

  func.func @compute(%q_x: !ascendc.queue<VECIN, 2> loc("in_queue_x"),
                     %q_z: !ascendc.queue<VECOUT, 2> loc("out_queue_z"),
                     %tile: i32 loc("tile_length")) {
    %x = ascendc.deque %q_x : !ascendc.queue<VECIN, 2> -> !ascendc.local_tensor<f32> loc("x_local")
    %z = ascendc.alloc_tensor %q_z : !ascendc.queue<VECOUT, 2> -> !ascendc.local_tensor<f32> loc("z_local")
    ascendc.add_l2 %z, %x, %x, %tile : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
    ascendc.enque %q_z, %z : !ascendc.queue<VECOUT, 2>, !ascendc.local_tensor<f32>
    ascendc.free_tensor %q_x, %x : !ascendc.queue<VECIN, 2>, !ascendc.local_tensor<f32>
    return
  }

  func.func @copy_out(%q_z: !ascendc.queue<VECOUT, 2> loc("out_queue_z"),
                      %z_gm: !ascendc.global_tensor<f32> loc("z_gm"),
                      %i: i32 loc("progress"), %tile: i32 loc("tile_length")) {
    %z = ascendc.deque %q_z : !ascendc.queue<VECOUT, 2> -> !ascendc.local_tensor<f32> loc("z_local")
    %offset = arith.muli %i, %tile : i32 loc("offset")
    %dst = ascendc.subindex %z_gm[%offset] : !ascendc.global_tensor<f32>, i32 loc("z_tile")
    ascendc.data_copy %dst, %z, %tile : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
    ascendc.free_tensor %q_z, %z : !ascendc.queue<VECOUT, 2>, !ascendc.local_tensor<f32>
    return
  }

  func.func @vadd(%x: !ascendc.gm_ptr<f32> loc("x"), %z: !ascendc.gm_ptr<f32> loc("z"),
                  %block_length: i32 loc("block_length")) attributes {ascendc.global} {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c16 = arith.constant 16 : i32
    %c4 = arith.constant 4 : i32
    %idx = ascendc.get_block_idx : i64 loc("block_idx")
    %idx32 = arith.trunci %idx : i64 to i32 loc("block")
    %start = arith.muli %idx32, %block_length : i32 loc("start")
    %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("x_gm")
    %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("z_gm")
    %xp = ascendc.gm_ptr_offset %x, %start : !ascendc.gm_ptr<f32>, i32 loc("x_start")
    %zp = ascendc.gm_ptr_offset %z, %start : !ascendc.gm_ptr<f32>, i32 loc("z_start")
    ascendc.set_global_buffer_size %x_gm, %xp, %block_length : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
    ascendc.set_global_buffer_size %z_gm, %zp, %block_length : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
    %pipe = ascendc.pipe loc("pipe")
    %q_x = ascendc.queue : !ascendc.queue<VECIN, 2> loc("in_queue_x")
    %q_z = ascendc.queue : !ascendc.queue<VECOUT, 2> loc("out_queue_z")
    %tiles = arith.muli %c16, %c2 : i32 loc("tiles")
    %tile = arith.divsi %block_length, %tiles : i32 loc("tile_length")
    %bytes = arith.muli %tile, %c4 : i32 loc("tile_bytes")
    ascendc.init_buffer %pipe, %q_x, %c2, %bytes : !ascendc.pipe, !ascendc.queue<VECIN, 2>, i32, i32
    ascendc.init_buffer %pipe, %q_z, %c2, %bytes : !ascendc.pipe, !ascendc.queue<VECOUT, 2>, i32, i32
    scf.for %i = %c0 to %tiles step %c1 : i32 {
      func.call @copy_in(%q_x, %x_gm, %i, %tile) : (!ascendc.queue<VECIN, 2>, !ascendc.global_tensor<f32>, i32, i32) -> ()
      func.call @compute(%q_x, %q_z, %tile) : (!ascendc.queue<VECIN, 2>, !ascendc.queue<VECOUT, 2>, i32) -> ()
      func.call @copy_out(%q_z, %z_gm, %i, %tile) : (!ascendc.queue<VECOUT, 2>, !ascendc.global_tensor<f32>, i32, i32) -> ()
    } loc("tile_loop")
    return
  }
}
