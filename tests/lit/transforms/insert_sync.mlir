// RUN: asc-opt --ascendc-insert-sync --canonicalize -split-input-file %s | FileCheck %s

// ascendc-insert-sync (docs/auto-sync.md): the flags a kernel written without
// synchronisation needs, and nothing more: a pair implied by two others is not
// written (no MTE2_MTE3 where MTE2 -> V -> MTE3 already orders the copies).

// CHECK-LABEL: func.func @loop
// CHECK: ascendc.set_flag V_MTE2, %c0_i32 : i32
// CHECK-NEXT: ascendc.set_flag MTE3_V, %c0_i32 : i32
// CHECK-NEXT: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}}  : i32 {
// CHECK: ascendc.wait_flag V_MTE2, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE3_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.muls_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, f32, i32
// CHECK-NEXT: ascendc.set_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.set_flag V_MTE2, %c0_i32 : i32
// CHECK: ascendc.wait_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE3_V, %c0_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: ascendc.wait_flag MTE3_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_MTE2, %c0_i32 : i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @straight
// CHECK: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.muls_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, f32, i32
// CHECK-NEXT: ascendc.set_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @manual
// CHECK: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.pipe_barrier PIPE_ALL
// CHECK-NEXT: ascendc.muls_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, f32, i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @scalar
// CHECK: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.reduce_max_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i32
// CHECK-NEXT: ascendc.set_flag V_S, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_S, %c0_i32 : i32
// CHECK-NEXT: %{{.*}} = ascendc.get_value %{{.*}}[%{{.*}}] : !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: ascendc.adds_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, f32, i32
// CHECK-NEXT: ascendc.set_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @queues
// CHECK: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE2_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.enque %{{.*}}, %{{.*}} : !ascendc.queue<VECIN, 1>, <f32>
// CHECK-NEXT: %{{.*}} = ascendc.deque %{{.*}} : !ascendc.queue<VECIN, 1> -> <f32>
// CHECK-NEXT: %{{.*}} = ascendc.tbuf_get %{{.*}} : <VECCALC> -> <f32>
// CHECK-NEXT: ascendc.muls_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, f32, i32
// CHECK-NEXT: ascendc.set_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.free_tensor %{{.*}}, %{{.*}} : !ascendc.queue<VECIN, 1>, <f32>
// CHECK-NEXT: ascendc.wait_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE2_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @scale
// CHECK: ascendc.muls_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, f32, i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @caller
// CHECK: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: call @scale(%{{.*}}, %{{.*}}) : (!ascendc.local_tensor<f32>, i32) -> ()
// CHECK-NEXT: ascendc.set_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: return
// CHECK-LABEL: func.func @ids
// CHECK: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE2_V, %c1_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.exp_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-NEXT: ascendc.wait_flag MTE2_V, %c1_i32 : i32
// CHECK-NEXT: ascendc.exp_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
// CHECK-NEXT: ascendc.set_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag MTE2_V, %c0_i32 : i32
// CHECK-NEXT: ascendc.exp_l2 %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, i32
// CHECK-NEXT: ascendc.add_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i32
// CHECK-NEXT: ascendc.add_l2 %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <f32>, <f32>, <f32>, i32
// CHECK-NEXT: ascendc.set_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.wait_flag V_MTE3, %c0_i32 : i32
// CHECK-NEXT: ascendc.data_copy %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
// CHECK-NEXT: return

// loop: the classic hand-written pattern: V_MTE2 and MTE3_V carried around
// the loop (set before it, set in the body, wait after it), MTE2_V and V_MTE3 in the body
func.func @loop(%x: !ascendc.gm_ptr<f32> loc("x"), %z: !ascendc.gm_ptr<f32> loc("z"), %tiles: i32 loc("tiles"))
    attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %f = arith.constant 2.0 : f32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("x_gm")
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("z_gm")
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %x_ub = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32> loc("x_ub")
  %z_ub = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32> loc("z_ub")
  scf.for %i = %c0 to %tiles step %c1 : i32 {
    %off = arith.muli %i, %c256 : i32
    %src = ascendc.subindex %x_gm[%off] : !ascendc.global_tensor<f32>, i32
    ascendc.data_copy %x_ub, %src, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
    ascendc.muls_l2 %z_ub, %x_ub, %f, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32
    %dst = ascendc.subindex %z_gm[%off] : !ascendc.global_tensor<f32>, i32
    ascendc.data_copy %dst, %z_ub, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  }
  return
}

// -----

// straight line: copy in, compute, copy out
func.func @straight(%x: !ascendc.gm_ptr<f32>, %z: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %f = arith.constant 2.0 : f32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %z_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer %z_gm, %z : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %a = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %b = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %a, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.muls_l2 %b, %a, %f, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32
  ascendc.data_copy %z_gm, %b, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

// a manually synchronised kernel is left alone
func.func @manual(%x: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %f = arith.constant 2.0 : f32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %a = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %a, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.pipe_barrier PIPE_ALL
  ascendc.muls_l2 %a, %a, %f, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32
  ascendc.data_copy %x_gm, %a, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

// the scalar unit reads a vector result; two disjoint tensors need no flag
func.func @scalar(%x: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %c256 = arith.constant 256 : i32
  %c512 = arith.constant 512 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %a = ascendc.local_tensor_pos VECCALC, %c0, %c64 : i32, i32 -> !ascendc.local_tensor<f32>
  %m = ascendc.local_tensor_pos VECCALC, %c256, %c64 : i32, i32 -> !ascendc.local_tensor<f32>
  %w = ascendc.local_tensor_pos VECCALC, %c512, %c64 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %a, %x_gm, %c64 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.reduce_max_l2 %m, %a, %w, %c64 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  %v = ascendc.get_value %m[%c0] : !ascendc.local_tensor<f32>, i32
  ascendc.adds_l2 %a, %a, %v, %c64 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32
  ascendc.data_copy %x_gm, %a, %c64 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

// queue tensors are synchronised by EnQue / DeQue; a TBuf is a buffer of its own
func.func @queues(%x: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %f = arith.constant 2.0 : f32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %pipe = ascendc.pipe
  %q = ascendc.queue : !ascendc.queue<VECIN, 1>
  %buf = ascendc.tbuf : !ascendc.buffer<VECCALC>
  ascendc.init_buffer %pipe, %q, %c1024, %c1024 : !ascendc.pipe, !ascendc.queue<VECIN, 1>, i32, i32
  %in = ascendc.alloc_tensor %q : !ascendc.queue<VECIN, 1> -> !ascendc.local_tensor<f32>
  ascendc.data_copy %in, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.enque %q, %in : !ascendc.queue<VECIN, 1>, !ascendc.local_tensor<f32>
  %a = ascendc.deque %q : !ascendc.queue<VECIN, 1> -> !ascendc.local_tensor<f32>
  %t = ascendc.tbuf_get %buf : !ascendc.buffer<VECCALC> -> !ascendc.local_tensor<f32>
  ascendc.muls_l2 %t, %a, %f, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32
  ascendc.free_tensor %q, %a : !ascendc.queue<VECIN, 1>, !ascendc.local_tensor<f32>
  ascendc.data_copy %x_gm, %t, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

// a device function's accesses count at its call sites
func.func @scale(%t: !ascendc.local_tensor<f32>, %n: i32) {
  %f = arith.constant 2.0 : f32
  ascendc.muls_l2 %t, %t, %f, %n : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, f32, i32
  return
}

func.func @caller(%x: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %a = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %a, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  func.call @scale(%a, %c256) : (!ascendc.local_tensor<f32>, i32) -> ()
  ascendc.data_copy %x_gm, %a, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}

// -----

// two copies in flight: two event ids of MTE2_V live at once, then reused
func.func @ids(%x: !ascendc.gm_ptr<f32>, %y: !ascendc.gm_ptr<f32>) attributes {ascendc.global} {
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %c1024 = arith.constant 1024 : i32
  %c2048 = arith.constant 2048 : i32
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  %y_gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
  ascendc.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  ascendc.set_global_buffer %y_gm, %y : !ascendc.global_tensor<f32>, !ascendc.gm_ptr<f32>
  %a = ascendc.local_tensor_pos VECCALC, %c0, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %b = ascendc.local_tensor_pos VECCALC, %c1024, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  %c = ascendc.local_tensor_pos VECCALC, %c2048, %c256 : i32, i32 -> !ascendc.local_tensor<f32>
  ascendc.data_copy %a, %x_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.data_copy %b, %y_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.exp_l2 %a, %a, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.exp_l2 %b, %b, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.data_copy %c, %y_gm, %c256 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32
  ascendc.exp_l2 %c, %c, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.add_l2 %a, %a, %b, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.add_l2 %a, %a, %c, %c256 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, i32
  ascendc.data_copy %x_gm, %a, %c256 : !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>, i32
  return
}
