// adv/matmul: a config that is not one of Ascend C's predefined constants — a
// schedule's constant with MatmulConfig members set (`fields`, the vendor's member
// names) — is defined once at file scope and named by every Matmul that has it;
// GetSpecialMDLConfig() (a call, not a constant) always gets a definition.
// IterateNBatch's GlobalTensor form of GetBatchTensorC and SetSparseIndex.
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

!nb = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = true, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM, aLayout = BSNGD, bLayout = BSNGD, cLayout = BNGS1S2, fields = {isNBatch = true, batchMode = 2 : i64, iterateOrder = 1 : i64, bmmOutMode = 1 : i64, iterateMode = 8 : i64, basicM = 128 : i64}>
!smdl = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_SPECIALMDL>
!mdl = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_MDL, fields = {scheduleType = 1 : i64, doMTE2Preload = 2 : i64}>
!mdl2 = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f16, biasPos = GM, biasFmt = ND, biasType = f16, config = CONFIG_MDL, fields = {scheduleType = 1 : i64, doMTE2Preload = 2 : i64}>

// ROUNDTRIP-LABEL: func.func @matmul_configs
// ROUNDTRIP: ascendc.matmul : <{{.*}}config = CONFIG_NORM, aLayout = BSNGD, bLayout = BSNGD, cLayout = BNGS1S2, fields = {basicM = 128 : i64, batchMode = 2 : i64, bmmOutMode = 1 : i64, isNBatch = true, iterateMode = 8 : i64, iterateOrder = 1 : i64}>
// ROUNDTRIP: ascendc.matmul_get_batch_tensor_c_global {{.*}} {sync = false} : {{.*}} -> <f32>
// ROUNDTRIP: ascendc.matmul : <{{.*}}config = CONFIG_SPECIALMDL>
// ROUNDTRIP: ascendc.matmul_set_sparse_index

// The members in the vendor's declaration order, each enum qualified as the vendor declares it.
// CHECK:      __aicore__ constexpr MatmulConfig asc_matmul_config_0() {
// CHECK-NEXT:   MatmulConfig cfg = CFG_NORM;
// CHECK-NEXT:   cfg.basicM = 128;
// CHECK-NEXT:   cfg.isNBatch = true;
// CHECK-NEXT:   cfg.batchMode = BatchMode::BATCH_LARGE_THAN_L1;
// CHECK-NEXT:   cfg.iterateMode = 8;
// CHECK-NEXT:   cfg.iterateOrder = IterateOrder::ORDER_N;
// CHECK-NEXT:   cfg.bmmOutMode = BatchOutMode::MULTI_BATCH;
// CHECK-NEXT:   return cfg;
// CHECK-NEXT: }
// CHECK-NEXT: constexpr static MatmulConfig ASC_MATMUL_CFG_0 = asc_matmul_config_0();
// CHECK:      __aicore__ constexpr MatmulConfig asc_matmul_config_1() {
// CHECK-NEXT:   MatmulConfig cfg = GetSpecialMDLConfig();
// CHECK-NEXT:   return cfg;
// CHECK:      __aicore__ constexpr MatmulConfig asc_matmul_config_2() {
// CHECK-NEXT:   MatmulConfig cfg = CFG_MDL;
// CHECK-NEXT:   cfg.doMTE2Preload = 2;
// CHECK-NEXT:   cfg.scheduleType = ScheduleType::OUTER_PRODUCT;
// CHECK-NOT:  asc_matmul_config_3
// CHECK-LABEL: __aicore__ inline void matmul_configs(
// CHECK:        LayoutMode::BNGS1S2>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, ASC_MATMUL_CFG_0> mm;
// CHECK-NEXT:   REGIST_MATMUL_OBJ(&pipe, ws, mm, &tiling);
// CHECK-NEXT:   mm.IterateNBatch<false, false>(n, 2, 2, false, 0, 0, 0);
// CHECK-NEXT:   AscendC::GlobalTensor<float> batches = mm.GetBatchTensorC<false>(2, 2, false);
// CHECK:        ASC_MATMUL_CFG_1> smdl;
// CHECK-NEXT:   smdl.SetSparseIndex(idx);
// CHECK:        ASC_MATMUL_CFG_2> mdl;
// CHECK-NEXT:   AscendC::Matmul<{{.*}}, ASC_MATMUL_CFG_2> mdl2;
// CHECK-NEXT:   return;
func.func @matmul_configs(%tiling: !ascendc.tcube_tiling loc("tiling"), %ws: !ascendc.gm_ptr<ui8> loc("ws"), %idx: !ascendc.global_tensor<ui8> loc("idx"), %n: i32 loc("n")) {
  %false = arith.constant false
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %pipe = ascendc.pipe loc("pipe")
  %mm = ascendc.matmul : !nb loc("mm")
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, !ascendc.gm_ptr<ui8>, !nb, !ascendc.tcube_tiling
  ascendc.matmul_iterate_n_batch %mm, %n, %c2, %c2, %false, %c0, %c0, %c0 {sync = false, wait_iterate_batch = false} : !nb
  %batches = ascendc.matmul_get_batch_tensor_c_global %mm, %c2, %c2, %false {sync = false} : !nb -> !ascendc.global_tensor<f32> loc("batches")
  %smdl = ascendc.matmul : !smdl loc("smdl")
  ascendc.matmul_set_sparse_index %smdl, %idx : !smdl, !ascendc.global_tensor<ui8>
  %mdl = ascendc.matmul : !mdl loc("mdl")
  %mdl2 = ascendc.matmul : !mdl2 loc("mdl2")
  return
}
