// RUN: asc-opt --ascendc-insert-sync --canonicalize -split-input-file %s | FileCheck %s
// RUN: asc-opt --pass-pipeline='builtin.module(ascendc-insert-sync{log=-})' -split-input-file %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG

// ascendc-insert-sync takes the operands a call writes from its op's
// `ascWrites` (AscendCBase.td): SoftMax writes sum and max besides dst,
// ReduceMax its shared_tmp_buffer, Extract both outputs; CompareReg only reads.
// GM views at constant, disjoint offsets of one argument do not conflict.

// softmax's second output `max` copied to GM (MTE3) right after the softmax
// (V): V_MTE3 before that copy.
// CHECK-LABEL: func.func @softmax_max_out
// CHECK: ascendc.wait_flag MTE2_V
// CHECK-NEXT: ascendc.adv_softmax
// CHECK-NEXT: ascendc.set_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: return
// LOG: asc-insert-sync: softmax_max_out: SetFlag/WaitFlag<HardEvent::MTE2_V>(0) [forward]: PIPE_MTE2 ascendc.data_copy at k.py:10 -> PIPE_V ascendc.adv_softmax at k.py:11
// LOG-NEXT: asc-insert-sync: softmax_max_out: SetFlag/WaitFlag<HardEvent::V_MTE3>(0) [forward]: PIPE_V ascendc.adv_softmax at k.py:11 -> PIPE_MTE3 ascendc.data_copy at k.py:12
func.func @softmax_max_out(%x: !ascendc.gm_ptr<f32>, %z: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c8 = arith.constant 8 : i32
  %c64 = arith.constant 64 : i32
  %c512 = arith.constant 512 : i32
  %c4096 = arith.constant 4096 : i32
  %c8192 = arith.constant 8192 : i32
  %c12288 = arith.constant 12288 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %src = ascendc.local_tensor_pos VECCALC, %c0, %c512 : i32, i32 -> !ascendc.local_tensor<f32>
  %dst = ascendc.local_tensor_pos VECCALC, %c4096, %c512 : i32, i32 -> !ascendc.local_tensor<f32>
  %sum = ascendc.local_tensor_pos VECCALC, %c8192, %c64 : i32, i32 -> !ascendc.local_tensor<f32>
  %max = ascendc.local_tensor_pos VECCALC, %c12288, %c64 : i32, i32 -> !ascendc.local_tensor<f32>
  %t = ascendc.construct !ascendc.softmax_tiling(%c8, %c64, %c512, %c8, %c8, %c64, %c8, %c64, %c512, %c8, %c8, %c64, %c1, %c0, %c0, %c0) : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
  ascendc.data_copy %src, %x_gm, %c512 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":10:4)
  ascendc.adv_softmax %dst, %sum, %max, %src tiling %t : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32> loc("k.py":11:4)
  ascendc.data_copy %z_gm, %max, %c64 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32 loc("k.py":12:4)
  return
}

// -----

// ReduceMax's shared_tmp_buffer is written by the call: copying it out (MTE3)
// needs V_MTE3.
// CHECK-LABEL: func.func @reduce_tmp_out
// CHECK: ascendc.reduce_max_l2
// CHECK-NEXT: ascendc.set_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: return
func.func @reduce_tmp_out(%x: !ascendc.gm_ptr<f32>, %z: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %c2048 = arith.constant 2048 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %src = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %dst = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %tmp = ascendc.local_tensor_pos VECCALC, %c2048, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %src, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.reduce_max_l2 %dst, %src, %tmp, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.data_copy %z_gm, %tmp, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

// A temporary buffer reused by a later op on another pipe: the adv Exp's
// shared_tmp_buffer is overwritten by a copy-in (MTE2) afterwards: V_MTE2.
// CHECK-LABEL: func.func @adv_tmp_reused
// CHECK: ascendc.adv_exp
// CHECK-NEXT: ascendc.set_flag V_MTE2, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_MTE2, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<ui8>, !ascendc.global_tensor<ui8>, i32
func.func @adv_tmp_reused(%x: !ascendc.gm_ptr<f32>, %w: !ascendc.gm_ptr<ui8>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %c2048 = arith.constant 2048 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %w_gm = ascendc.global_tensor : !ascendc.global_tensor<ui8>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer %w_gm, %w : !ascendc.global_tensor<ui8>, !ascendc.gm_ptr<ui8>
  %src = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %dst = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %tmp = ascendc.local_tensor_pos VECCALC, %c2048, %c1024 : i32, i32 -> !ascendc.local_tensor<ui8>
  ascendc.adv_exp %dst, %src tmp %tmp : !ascendc.local_tensor<ui8> count %c256 {taylor_expand_level = 0 : i32} : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.data_copy %tmp, %w_gm, %c1024 : !ascendc.local_tensor<ui8>, !ascendc.global_tensor<ui8>, i32
  return
}

// -----

// Extract writes dst_index too: its copy-out waits for V.
// CHECK-LABEL: func.func @extract_index_out
// CHECK: ascendc.adv_extract
// CHECK-NEXT: ascendc.set_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<ui32>, !ascendc.local_tensor<ui32>, i32
func.func @extract_index_out(%x: !ascendc.gm_ptr<f32>, %z: !ascendc.gm_ptr<ui32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c8 = arith.constant 8 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %c2048 = arith.constant 2048 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<ui32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer %z_gm, %z : !ascendc.global_tensor<ui32>, !ascendc.gm_ptr<ui32>
  %sorted = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %val = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %idx = ascendc.local_tensor_pos VECCALC, %c2048, %c256 : i32, i32 -> !ascendc.local_tensor<ui32>
  ascendc.adv_extract %val, %idx, %sorted, %c8 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<ui32>, !ascendc.local_tensor<f32>, i32
  ascendc.data_copy %z_gm, %idx, %c256 : !ascendc.global_tensor<ui32>, !ascendc.local_tensor<ui32>, i32
  return
}

// -----

// CompareReg only reads its tensors (the result is the CMPMASK register): a
// copy-out of one of them after it needs no V_MTE3, only the ordering after
// the copy-in.
// CHECK-LABEL: func.func @compare_reg_reads
// CHECK: ascendc.compare_reg_l1
// CHECK-NOT: V_MTE3
// CHECK: return
func.func @compare_reg_reads(%x: !ascendc.gm_ptr<f16>, %z: !ascendc.gm_ptr<f16>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i8
  %c8 = arith.constant 8 : i8
  %c128 = arith.constant 128 : i32
  %c1024 = arith.constant 1024 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f16>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f16>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f16>, !ascendc.gm_ptr<f16>
  ascendc.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f16>, !ascendc.gm_ptr<f16>
  %a = ascendc.local_tensor_pos VECCALC, %c0, %c128 : i32, i32 -> !ascendc.local_tensor<f16>
  %b = ascendc.local_tensor_pos VECCALC, %c1024, %c128 : i32, i32 -> !ascendc.local_tensor<f16>
  %bp = ascendc.construct !ascendc.binary_repeat_params(%c1, %c1, %c1, %c8, %c8, %c8) : i8, i8, i8, i8, i8, i8
  ascendc.data_copy %a, %x_gm, %c128 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, i32
  ascendc.compare_reg_l1 %a, %b, GT, %c128, %bp {is_set_mask = false} : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, i32
  ascendc.data_copy %z_gm, %a, %c128 : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>, i32
  return
}

// -----

// GM: two views of one argument at constant, disjoint offsets (x + 0 and
// x + 256, 256 elements each): the copy-out to one and the copy-in from the
// other do not conflict.
// CHECK-LABEL: func.func @gm_apart
// CHECK-NOT: set_flag
// CHECK: return
// LOG: asc-insert-sync: gm_apart: nothing inserted
func.func @gm_apart(%x: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %x0 = ascendc.gm_ptr_offset %x, %c0 : !ascendc.gm_ptr<f32>, i32
  %x1 = ascendc.gm_ptr_offset %x, %c256 : !ascendc.gm_ptr<f32>, i32
  %a_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %b_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer_size %a_gm, %x0, %c256 : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
  ascendc.set_global_buffer_size %b_gm, %x1, %c256 : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
  %u = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %v = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %b_gm, %v, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.data_copy %u, %a_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  return
}

// -----

// The same with x + 128: the views overlap, the copy-in waits for the copy-out.
// CHECK-LABEL: func.func @gm_overlap
// CHECK: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE3_MTE2, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE3_MTE2, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
func.func @gm_overlap(%x: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %x0 = ascendc.gm_ptr_offset %x, %c0 : !ascendc.gm_ptr<f32>, i32
  %x1 = ascendc.gm_ptr_offset %x, %c128 : !ascendc.gm_ptr<f32>, i32
  %a_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %b_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer_size %a_gm, %x0, %c256 : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
  ascendc.set_global_buffer_size %b_gm, %x1, %c256 : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
  %u = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %v = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %b_gm, %v, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.data_copy %u, %a_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  return
}

// -----

// A runtime offset (x + n) may overlap anything in x: synchronised.
// CHECK-LABEL: func.func @gm_runtime
// CHECK: ascendc.set_flag MTE3_MTE2, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE3_MTE2, %c0_i32 : i32
func.func @gm_runtime(%x: !ascendc.gm_ptr<f32>, %n: i32) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %x1 = ascendc.gm_ptr_offset %x, %n : !ascendc.gm_ptr<f32>, i32
  %a_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %b_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer_size %a_gm, %x, %c256 : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
  ascendc.set_global_buffer_size %b_gm, %x1, %c256 : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
  %u = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %v = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %b_gm, %v, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.data_copy %u, %a_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  return
}

// -----

// Views x_gm[0:] and x_gm[256:] of one GlobalTensor, each copied 256 elements
// at a time: apart. x_gm[128:] against x_gm[0:] would overlap (next function).
// CHECK-LABEL: func.func @gm_views_apart
// CHECK-NOT: set_flag
// CHECK: return
// CHECK-LABEL: func.func @gm_views_overlap
// CHECK: ascendc.set_flag MTE3_MTE2, %c0_i32 : i32
// CHECK: ascendc.wait_flag MTE3_MTE2, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
func.func @gm_views_apart(%x: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %c1024 = arith.constant 1024 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer_size %x_gm, %x, %c512 : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
  %u = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %v = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %hi = ascendc.subindex %x_gm[%c256] : !ascendc.global_tensor<f32>, i32
  ascendc.data_copy %hi, %v, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  %lo = ascendc.subindex %x_gm[%c0] : !ascendc.global_tensor<f32>, i32
  ascendc.data_copy %u, %lo, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  return
}
func.func @gm_views_overlap(%x: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %c1024 = arith.constant 1024 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer_size %x_gm, %x, %c512 : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>, i32
  %u = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %v = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %hi = ascendc.subindex %x_gm[%c128] : !ascendc.global_tensor<f32>, i32
  ascendc.data_copy %hi, %v, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  %lo = ascendc.subindex %x_gm[%c0] : !ascendc.global_tensor<f32>, i32
  ascendc.data_copy %u, %lo, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  return
}

// -----

// A module with a manual flag is left as written, and the log says so.
// LOG: asc-insert-sync: manual: left as written (the module holds set_flag / wait_flag / pipe_barrier)
func.func @manual() attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  ascendc.set_flag MTE2_V, %c0 : i32
  ascendc.wait_flag MTE2_V, %c0 : i32
  return
}

// -----

// Queue tensors are ordered by their queue, whichever form gives them: a
// tensor given a buffer in place (que.AllocTensor(t)) and one dequeued with
// user positions are not tracked (no flag).
// CHECK-LABEL: func.func @queue_forms
// CHECK-NOT: set_flag
// CHECK: return
func.func @queue_forms(%x: !ascendc.gm_ptr<f32>, %z: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c256 = arith.constant 256 : i32
  %f = arith.constant 2.0 : f32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %q = ascendc.queue : !ascendc.queue<VECIN, 2>
  %o = ascendc.queue : !ascendc.queue<VECOUT, 2>
  %t = ascendc.local_tensor : !ascendc.local_tensor<f32>
  ascendc.alloc_tensor_in_place %q, %t : !ascendc.queue<VECIN, 2>, !ascendc.local_tensor<f32>
  ascendc.data_copy %t, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.enque_user_pos %q, %t, GM, VECIN : !ascendc.queue<VECIN, 2>, !ascendc.local_tensor<f32>
  %u = ascendc.deque_user_pos %q, GM, VECIN : !ascendc.queue<VECIN, 2> -> !ascendc.local_tensor<f32>
  %w = ascendc.alloc_tensor %o : !ascendc.queue<VECOUT, 2> -> !ascendc.local_tensor<f32>
  ascendc.muls_l2 %w, %u, %f, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32
  ascendc.enque %o, %w : !ascendc.queue<VECOUT, 2>, !ascendc.local_tensor<f32>
  %v = ascendc.deque %o : !ascendc.queue<VECOUT, 2> -> !ascendc.local_tensor<f32>
  ascendc.data_copy %z_gm, %v, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}
