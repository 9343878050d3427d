// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @pipe_ops
// ROUNDTRIP: ascendc.queue : <VECIN, 2>
// ROUNDTRIP: ascendc.init_buffer %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ascendc.pipe, !ascendc.queue<VECIN, 2>, i32, i32
// ROUNDTRIP: ascendc.alloc_event_id %{{.*}}, V_S

// CHECK-LABEL: void pipe_ops(int32_t len) {
// CHECK-NEXT:   AscendC::TPipe pipe;
// CHECK-NEXT:   pipe.Init();
// CHECK-NEXT:   AscendC::TQue<AscendC::TPosition::VECIN, 2> in_q;
// CHECK-NEXT:   AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1, 0> bind_q;
// CHECK-NEXT:   AscendC::TBuf<AscendC::TPosition::VECCALC> tmp;
// CHECK-NEXT:   AscendC::TBufPool<AscendC::TPosition::VECCALC, 4> pool;
// CHECK-NEXT:   AscendC::TBufPool<AscendC::TPosition::VECCALC, 4> shared;
// CHECK-NEXT:   pipe.InitBuffer(in_q, 2, len);
// CHECK-NEXT:   pipe.InitBuffer(bind_q, 1, len);
// CHECK-NEXT:   pipe.InitBuffer(tmp, len);
// CHECK-NEXT:   pipe.InitBufPool(pool, len);
// CHECK-NEXT:   pipe.InitBufPool(shared, len, pool);
// CHECK-NEXT:   int8_t id = pipe.AllocEventID<AscendC::HardEvent::V_S>();
// CHECK-NEXT:   int8_t fid = pipe.FetchEventID<AscendC::HardEvent::MTE2_V>();
// CHECK-NEXT:   pipe.ReleaseEventID<AscendC::HardEvent::V_S>(id);
// CHECK-NEXT:   pipe.Reset();
// CHECK-NEXT:   pipe.Destroy();
// CHECK-NEXT:   return;
func.func @pipe_ops(%len: i32 loc("len")) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %pipe = ascendc.pipe loc("pipe")
  ascendc.pipe_init %pipe
  %in_q = ascendc.queue : !ascendc.queue<VECIN, 2> loc("in_q")
  %bind_q = ascendc.queue_bind : !ascendc.queue_bind<VECIN, VECOUT, 1, 0> loc("bind_q")
  %tmp = ascendc.tbuf : !ascendc.buffer<VECCALC> loc("tmp")
  %pool = ascendc.tbuf_pool : !ascendc.buffer_pool<VECCALC, 4> loc("pool")
  %shared = ascendc.tbuf_pool : !ascendc.buffer_pool<VECCALC, 4> loc("shared")
  ascendc.init_buffer %pipe, %in_q, %c2, %len : !ascendc.pipe, !ascendc.queue<VECIN, 2>, i32, i32
  ascendc.init_buffer %pipe, %bind_q, %c1, %len : !ascendc.pipe, !ascendc.queue_bind<VECIN, VECOUT, 1, 0>, i32, i32
  ascendc.init_buffer_tbuf %pipe, %tmp, %len : !ascendc.pipe, !ascendc.buffer<VECCALC>, i32
  ascendc.init_buf_pool %pipe, %pool, %len : !ascendc.pipe, !ascendc.buffer_pool<VECCALC, 4>, i32
  ascendc.init_buf_pool_share %pipe, %shared, %len, %pool : !ascendc.pipe, !ascendc.buffer_pool<VECCALC, 4>, i32, !ascendc.buffer_pool<VECCALC, 4>
  %id = ascendc.alloc_event_id %pipe, V_S loc("id")
  %fid = ascendc.fetch_event_id %pipe, MTE2_V loc("fid")
  ascendc.release_event_id %pipe, V_S, %id : i8
  ascendc.reset %pipe : !ascendc.pipe
  ascendc.pipe_destroy %pipe
  return
}

// CHECK-LABEL: void queue(AscendC::TQue<AscendC::TPosition::VECIN, 2>& q, AscendC::LocalTensor<float>& t) {
// CHECK-NEXT:   AscendC::LocalTensor<float> x = q.AllocTensor<float>();
// CHECK-NEXT:   q.AllocTensor<float>(t);
// CHECK-NEXT:   q.EnQue(x);
// CHECK-NEXT:   AscendC::LocalTensor<float> y = q.DeQue<float>();
// CHECK-NEXT:   q.DeQue<float>(t);
// CHECK-NEXT:   q.FreeTensor(y);
// CHECK-NEXT:   bool vacant = q.VacantInQue();
// CHECK-NEXT:   bool has = q.HasTensorInQue();
// CHECK-NEXT:   int32_t count = q.GetTensorCountInQue();
// CHECK-NEXT:   bool idle = q.HasIdleBuffer();
// CHECK-NEXT:   q.FreeAllEvent();
// CHECK-NEXT:   return;
func.func @queue(%q: !ascendc.queue<VECIN, 2> loc("q"), %t: !ascendc.local_tensor<f32> loc("t")) {
  %x = ascendc.alloc_tensor %q : !ascendc.queue<VECIN, 2> -> !ascendc.local_tensor<f32> loc("x")
  ascendc.alloc_tensor_in_place %q, %t : !ascendc.queue<VECIN, 2>, !ascendc.local_tensor<f32>
  ascendc.enque %q, %x : !ascendc.queue<VECIN, 2>, !ascendc.local_tensor<f32>
  %y = ascendc.deque %q : !ascendc.queue<VECIN, 2> -> !ascendc.local_tensor<f32> loc("y")
  ascendc.deque_in_place %q, %t : !ascendc.queue<VECIN, 2>, !ascendc.local_tensor<f32>
  ascendc.free_tensor %q, %y : !ascendc.queue<VECIN, 2>, !ascendc.local_tensor<f32>
  %vacant = ascendc.vacant_in_que %q : !ascendc.queue<VECIN, 2> loc("vacant")
  %has = ascendc.has_tensor_in_que %q : !ascendc.queue<VECIN, 2> loc("has")
  %count = ascendc.get_tensor_count_in_que %q : !ascendc.queue<VECIN, 2> loc("count")
  %idle = ascendc.has_idle_buffer %q : !ascendc.queue<VECIN, 2> loc("idle")
  ascendc.free_all_event %q : !ascendc.queue<VECIN, 2>
  return
}

// CHECK-LABEL: void buffers(AscendC::TBuf<AscendC::TPosition::VECCALC>& buf, AscendC::TBufPool<AscendC::TPosition::VECCALC, 4>& pool, AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1, 0>& q, int32_t n) {
// CHECK-NEXT:   AscendC::LocalTensor<float> all = buf.Get<float>();
// CHECK-NEXT:   AscendC::LocalTensor<half> first = buf.Get<half>(n);
// CHECK-NEXT:   AscendC::LocalTensor<int32_t> part = buf.GetWithOffset<int32_t>(n, 64);
// CHECK-NEXT:   pool.InitBuffer(q, 1, n);
// CHECK-NEXT:   pool.InitBuffer(buf, n);
// CHECK-NEXT:   pool.Reset();
// CHECK-NEXT:   return;
func.func @buffers(%buf: !ascendc.buffer<VECCALC> loc("buf"), %pool: !ascendc.buffer_pool<VECCALC, 4> loc("pool"),
                   %q: !ascendc.queue_bind<VECIN, VECOUT, 1, 0> loc("q"), %n: i32 loc("n")) {
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %all = ascendc.tbuf_get %buf : !ascendc.buffer<VECCALC> -> !ascendc.local_tensor<f32> loc("all")
  %first = ascendc.tbuf_get_len %buf, %n : !ascendc.buffer<VECCALC>, i32 -> !ascendc.local_tensor<f16> loc("first")
  %part = ascendc.tbuf_get_with_offset %buf, %n, %c64 : !ascendc.buffer<VECCALC>, i32, i32 -> !ascendc.local_tensor<i32> loc("part")
  ascendc.init_buffer %pool, %q, %c1, %n : !ascendc.buffer_pool<VECCALC, 4>, !ascendc.queue_bind<VECIN, VECOUT, 1, 0>, i32, i32
  ascendc.init_buffer_tbuf %pool, %buf, %n : !ascendc.buffer_pool<VECCALC, 4>, !ascendc.buffer<VECCALC>, i32
  ascendc.reset %pool : !ascendc.buffer_pool<VECCALC, 4>
  return
}
