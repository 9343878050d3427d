// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

// ROUNDTRIP-LABEL: func.func @common
// ROUNDTRIP: %{{.*}} = ascendc.ascend_is_aic
// ROUNDTRIP: %{{.*}} = ascendc.ascend_is_aiv
// ROUNDTRIP: ascendc.data_cache_preload %{{.*}}, %{{.*}} : <ui64>, i64
// ROUNDTRIP: %{{.*}} = ascendc.get_hccl_context 0 : <ui8>
// ROUNDTRIP: ascendc.set_hccl_context 1, %{{.*}} : <ui8>
// ROUNDTRIP: %{{.*}} = ascendc.get_sys_workspace : <ui8>
// ROUNDTRIP: ascendc.set_sys_workspace %{{.*}} : <ui8>
// ROUNDTRIP: %{{.*}} = ascendc.pop_stack_buffer VECCALC : <f16>
// ROUNDTRIP: %{{.*}} = ascendc.pop_stack_buffer VECIN : <f32>
// ROUNDTRIP: ascendc.set_hf32_mode %{{.*}}
// ROUNDTRIP: ascendc.set_hf32_trans_mode %{{.*}}
// ROUNDTRIP: ascendc.set_mm_layout_transform %{{.*}}
// ROUNDTRIP: ascendc.init_soc_state
// ROUNDTRIP: ascendc.set_store_atomic_config ATOMIC_F32, ATOMIC_SUM
// ROUNDTRIP: ascendc.check_local_memory_ia %{{.*}}

// CHECK-LABEL: __aicore__ inline void common(__gm__ uint8_t* ctx, __gm__ uint8_t* ws, AscendC::GlobalTensor<uint64_t>& pre, AscendC::CheckLocalMemoryIAParam ia, bool on) {
// CHECK-NEXT:   bool is_aic = (g_coreType == AscendC::AIC);
// CHECK-NEXT:   bool is_aiv = (g_coreType == AscendC::AIV);
// CHECK-NEXT:   AscendC::DataCachePreload(pre, 64);
// CHECK-NEXT:   __gm__ uint8_t* hccl = AscendC::GetHcclContext<0>();
// CHECK-NEXT:   AscendC::SetHcclContext<1>(ctx);
// CHECK-NEXT:   __gm__ uint8_t* sys_ws = GetSysWorkSpacePtr();
// CHECK-NEXT:   AscendC::SetSysWorkspace(ws);
// CHECK-NEXT:   AscendC::LocalTensor<half> stack; AscendC::PopStackBuffer<half, AscendC::TPosition::VECCALC>(stack);
// CHECK-NEXT:   AscendC::LocalTensor<float> stack_in; AscendC::PopStackBuffer<float, AscendC::TPosition::VECIN>(stack_in);
// CHECK-NEXT:   AscendC::SetHF32Mode(true);
// CHECK-NEXT:   AscendC::SetHF32TransMode(on);
// CHECK-NEXT:   AscendC::SetMMLayoutTransform(on);
// CHECK-NEXT:   AscendC::InitSocState();
// CHECK-NEXT:   AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_F32, AscendC::AtomicOp::ATOMIC_SUM>();
// CHECK-NEXT:   AscendC::CheckLocalMemoryIA(ia);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @common(%ctx: !ascendc.gm_ptr<ui8> loc("ctx"), %ws: !ascendc.gm_ptr<ui8> loc("ws"), %pre: !ascendc.global_tensor<ui64> loc("pre"), %ia: !ascendc.check_local_memory_ia_param loc("ia"), %on: i1 loc("on")) {
  %is_aic = ascendc.ascend_is_aic loc("is_aic")
  %is_aiv = ascendc.ascend_is_aiv loc("is_aiv")
  %c64 = arith.constant 64 : i64
  ascendc.data_cache_preload %pre, %c64 : !ascendc.global_tensor<ui64>, i64
  %h = ascendc.get_hccl_context 0 : !ascendc.gm_ptr<ui8> loc("hccl")
  ascendc.set_hccl_context 1, %ctx : !ascendc.gm_ptr<ui8>
  %sys = ascendc.get_sys_workspace : !ascendc.gm_ptr<ui8> loc("sys_ws")
  ascendc.set_sys_workspace %ws : !ascendc.gm_ptr<ui8>
  %stack = ascendc.pop_stack_buffer VECCALC : !ascendc.local_tensor<f16> loc("stack")
  %stack2 = ascendc.pop_stack_buffer VECIN : !ascendc.local_tensor<f32> loc("stack_in")
  %true = arith.constant true
  ascendc.set_hf32_mode %true
  ascendc.set_hf32_trans_mode %on
  ascendc.set_mm_layout_transform %on
  ascendc.init_soc_state
  ascendc.set_store_atomic_config ATOMIC_F32, ATOMIC_SUM
  ascendc.check_local_memory_ia %ia
  return
}
