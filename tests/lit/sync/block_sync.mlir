// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @block_sync
// ROUNDTRIP: ascendc.data_sync_barrier ALL
// ROUNDTRIP: ascendc.data_sync_barrier UB
// ROUNDTRIP: ascendc.sync_all
// ROUNDTRIP: ascendc.sync_all {is_aiv_only = false}
// ROUNDTRIP: ascendc.sync_all_workspace %{{.*}}, %{{.*}}, %{{.*}} : <i32>, <i32>, i32
// ROUNDTRIP: ascendc.sync_all_workspace %{{.*}}, %{{.*}}, %{{.*}} {is_aiv_only = false} : <i32>, <i32>, i32
// ROUNDTRIP: ascendc.cross_core_set_flag %{{.*}}, 2, PIPE_MTE3 : i16
// ROUNDTRIP: ascendc.cross_core_wait_flag %{{.*}}, 0, PIPE_S : i16
// ROUNDTRIP: ascendc.cross_core_wait_flag %{{.*}}, 1, PIPE_V : i16
// ROUNDTRIP: ascendc.ib_set %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : <i32>, <i32>, i32, i32
// ROUNDTRIP: ascendc.ib_wait %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} {is_aiv_only = false} : <i32>, <i32>, i32, i32

// CHECK-LABEL: __aicore__ inline void block_sync(AscendC::GlobalTensor<int32_t>& gm, AscendC::LocalTensor<int32_t>& ub, int32_t cores, int32_t blk, int16_t flag) {
// CHECK-NEXT:   AscendC::DataSyncBarrier<AscendC::MemDsbT::ALL>();
// CHECK-NEXT:   AscendC::DataSyncBarrier<AscendC::MemDsbT::UB>();
// CHECK-NEXT:   AscendC::SyncAll<true>();
// CHECK-NEXT:   AscendC::SyncAll<false>();
// CHECK-NEXT:   AscendC::SyncAll<true>(gm, ub, cores);
// CHECK-NEXT:   AscendC::SyncAll<false>(gm, ub, 0);
// CHECK-NEXT:   AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(3);
// CHECK-NEXT:   AscendC::CrossCoreWaitFlag<0, PIPE_S>(3);
// CHECK-NEXT:   AscendC::CrossCoreWaitFlag<1, PIPE_V>(flag);
// CHECK-NEXT:   AscendC::IBSet<true>(gm, ub, blk, 0);
// CHECK-NEXT:   AscendC::IBWait<false>(gm, ub, blk, 0);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @block_sync(%gm: !ascendc.global_tensor<i32> loc("gm"), %ub: !ascendc.local_tensor<i32> loc("ub"), %cores: i32 loc("cores"), %blk: i32 loc("blk"), %flag: i16 loc("flag")) {
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i16
  ascendc.data_sync_barrier ALL
  ascendc.data_sync_barrier UB
  ascendc.sync_all
  ascendc.sync_all {is_aiv_only = false}
  ascendc.sync_all_workspace %gm, %ub, %cores : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32
  ascendc.sync_all_workspace %gm, %ub, %c0 {is_aiv_only = false} : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32
  ascendc.cross_core_set_flag %c3, 2, PIPE_MTE3 : i16
  ascendc.cross_core_wait_flag %c3, 0, PIPE_S : i16
  ascendc.cross_core_wait_flag %flag, 1, PIPE_V : i16
  ascendc.ib_set %gm, %ub, %blk, %c0 : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32
  ascendc.ib_wait %gm, %ub, %blk, %c0 {is_aiv_only = false} : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32, i32
  return
}
