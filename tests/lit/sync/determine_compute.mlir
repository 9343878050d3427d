// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @determine
// ROUNDTRIP: ascendc.init_determine_compute_workspace %{{.*}}, %{{.*}} : <i32>, <i32>
// ROUNDTRIP: ascendc.wait_pre_block %{{.*}}, %{{.*}} : <i32>, <i32>
// ROUNDTRIP: ascendc.notify_next_block %{{.*}}, %{{.*}} : <i32>, <i32>

// CHECK-LABEL: __aicore__ inline void determine(AscendC::GlobalTensor<int32_t>& gm, AscendC::LocalTensor<int32_t>& ub) {
// CHECK-NEXT:   AscendC::InitDetermineComputeWorkspace(gm, ub);
// CHECK-NEXT:   AscendC::WaitPreBlock(gm, ub);
// CHECK-NEXT:   AscendC::NotifyNextBlock(gm, ub);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @determine(%gm: !ascendc.global_tensor<i32> loc("gm"), %ub: !ascendc.local_tensor<i32> loc("ub")) {
  ascendc.init_determine_compute_workspace %gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>
  ascendc.wait_pre_block %gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>
  ascendc.notify_next_block %gm, %ub : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>
  return
}

// ROUNDTRIP-LABEL: func.func @user_positions
// ROUNDTRIP: ascendc.enque_user_pos %{{.*}}, %{{.*}}, VECIN, GM
// ROUNDTRIP: ascendc.deque_user_pos %{{.*}}, GM, VECIN

// CHECK-LABEL: __aicore__ inline void user_positions(AscendC::LocalTensor<float>& t) {
// CHECK-NEXT:   AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1, 0> que;
// CHECK-NEXT:   que.EnQue<AscendC::TPosition::VECIN, AscendC::TPosition::GM>(t);
// CHECK-NEXT:   AscendC::LocalTensor<float> v0 = que.DeQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN, float>();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @user_positions(%t: !ascendc.local_tensor<f32> loc("t")) {
  %que = ascendc.queue_bind : !ascendc.queue_bind<VECIN, VECOUT, 1, 0> loc("que")
  ascendc.enque_user_pos %que, %t, VECIN, GM : !ascendc.queue_bind<VECIN, VECOUT, 1, 0>, !ascendc.local_tensor<f32>
  %u = ascendc.deque_user_pos %que, GM, VECIN : !ascendc.queue_bind<VECIN, VECOUT, 1, 0> -> !ascendc.local_tensor<f32>
  return
}
