// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @collectives
// ROUNDTRIP: %[[H:.*]] = ascendc.hccl
// ROUNDTRIP: ascendc.hccl_init %[[H]], %{{.*}} : <ui8>
// ROUNDTRIP: ascendc.hccl_all_reduce %[[H]], %{{.*}}, %{{.*}}, %{{.*}}, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM : <ui8>, <ui8>, i64
// ROUNDTRIP: ascendc.hccl_all_reduce %[[H]], %{{.*}}, %{{.*}}, %{{.*}}, HCCL_DATA_TYPE_FP16, HCCL_REDUCE_MAX {commit = true} : <ui8>, <ui8>, i64
// ROUNDTRIP: ascendc.hccl_all_gather %[[H]], %{{.*}}, %{{.*}}, %{{.*}}, HCCL_DATA_TYPE_INT32, %{{.*}} : <ui8>, <ui8>, i64, i64
// ROUNDTRIP: ascendc.hccl_reduce_scatter %[[H]], %{{.*}}, %{{.*}}, %{{.*}}, HCCL_DATA_TYPE_BFP16, HCCL_REDUCE_MIN, %{{.*}} {commit = true} : <ui8>, <ui8>, i64, i64
// ROUNDTRIP: ascendc.hccl_all_to_all %[[H]], %{{.*}}, %{{.*}}, %{{.*}}, HCCL_DATA_TYPE_FP32, %{{.*}} : <ui8>, <ui8>, i64, i64
// ROUNDTRIP: ascendc.hccl_commit %[[H]], %{{.*}} : i8
// ROUNDTRIP: ascendc.hccl_wait %[[H]], %{{.*}} : i8
// ROUNDTRIP: ascendc.hccl_get_rank_id %[[H]]
// ROUNDTRIP: ascendc.hccl_get_rank_dim %[[H]]
// ROUNDTRIP: ascendc.hccl_finalize %[[H]]

// CHECK-LABEL: __aicore__ inline void collectives(__gm__ uint8_t* send, __gm__ uint8_t* recv) {
// CHECK-NEXT:   AscendC::Hccl<AscendC::HcclServerType::HCCL_SERVER_TYPE_AICPU> hccl;
// CHECK-NEXT:   __gm__ uint8_t* ctx = AscendC::GetHcclContext<0>();
// CHECK-NEXT:   hccl.Init(ctx);
// CHECK-NEXT:   int8_t h0 = hccl.AllReduce<false>(send, recv, 1024, AscendC::HCCL_DATA_TYPE_FP32, AscendC::HCCL_REDUCE_SUM);
// CHECK-NEXT:   int8_t h1 = hccl.AllReduce<true>(send, recv, 1024, AscendC::HCCL_DATA_TYPE_FP16, AscendC::HCCL_REDUCE_MAX);
// CHECK-NEXT:   int8_t h2 = hccl.AllGather<false>(send, recv, 1024, AscendC::HCCL_DATA_TYPE_INT32, 0);
// CHECK-NEXT:   int8_t h3 = hccl.ReduceScatter<true>(send, recv, 1024, AscendC::HCCL_DATA_TYPE_BFP16, AscendC::HCCL_REDUCE_MIN, 2048);
// CHECK-NEXT:   int8_t h4 = hccl.AlltoAll<false>(send, recv, 1024, AscendC::HCCL_DATA_TYPE_FP32, 2048);
// CHECK-NEXT:   hccl.Commit(h0);
// CHECK-NEXT:   int32_t ret = hccl.Wait(h0);
// CHECK-NEXT:   int32_t rank = hccl.GetRankId();
// CHECK-NEXT:   int32_t ranks = hccl.GetRankDim();
// CHECK-NEXT:   hccl.Finalize();
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @collectives(%send: !ascendc.gm_ptr<ui8> loc("send"), %recv: !ascendc.gm_ptr<ui8> loc("recv")) {
  %h = ascendc.hccl loc("hccl")
  %ctx = ascendc.get_hccl_context 0 : !ascendc.gm_ptr<ui8> loc("ctx")
  ascendc.hccl_init %h, %ctx : !ascendc.gm_ptr<ui8>
  %n = arith.constant 1024 : i64
  %zero = arith.constant 0 : i64
  %stride = arith.constant 2048 : i64
  %h0 = ascendc.hccl_all_reduce %h, %send, %recv, %n, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM : !ascendc.gm_ptr<ui8>, !ascendc.gm_ptr<ui8>, i64 loc("h0")
  %h1 = ascendc.hccl_all_reduce %h, %send, %recv, %n, HCCL_DATA_TYPE_FP16, HCCL_REDUCE_MAX {commit = true} : !ascendc.gm_ptr<ui8>, !ascendc.gm_ptr<ui8>, i64 loc("h1")
  %h2 = ascendc.hccl_all_gather %h, %send, %recv, %n, HCCL_DATA_TYPE_INT32, %zero : !ascendc.gm_ptr<ui8>, !ascendc.gm_ptr<ui8>, i64, i64 loc("h2")
  %h3 = ascendc.hccl_reduce_scatter %h, %send, %recv, %n, HCCL_DATA_TYPE_BFP16, HCCL_REDUCE_MIN, %stride {commit = true} : !ascendc.gm_ptr<ui8>, !ascendc.gm_ptr<ui8>, i64, i64 loc("h3")
  %h4 = ascendc.hccl_all_to_all %h, %send, %recv, %n, HCCL_DATA_TYPE_FP32, %stride : !ascendc.gm_ptr<ui8>, !ascendc.gm_ptr<ui8>, i64, i64 loc("h4")
  ascendc.hccl_commit %h, %h0 : i8
  %r = ascendc.hccl_wait %h, %h0 : i8 loc("ret")
  %rank = ascendc.hccl_get_rank_id %h loc("rank")
  %ranks = ascendc.hccl_get_rank_dim %h loc("ranks")
  ascendc.hccl_finalize %h
  return
}
