// adv/matmul: batch layouts in the Matmul type (printed as MatmulType's 5th
// template argument, omitted when NONE), SetBatchNum, IterateBatch to GM (both
// template flags) and to a LocalTensor, the form with SetBatchNum's counts,
// SetTensorA/B of a scalar, SetSelfDefineData / SetUserDefInfo, WaitIterateBatch, IterateNBatch +
// GetBatchTensorC + SetWorkspace (both forms), GetTensorC to GM and UB at once,
// AsyncGetTensorC / WaitGetTensorC, SetQuantScalar / SetQuantVector.
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

!bmm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = true, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM, aLayout = NORMAL, bLayout = BSNGD, cLayout = NORMAL>
!qmm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = i8, aTrans = false, bPos = GM, bFmt = ND, bType = i8, bTrans = false, cPos = VECCALC, cFmt = ND, cType = f16, biasPos = VECCALC, biasFmt = ND, biasType = f16, config = CONFIG_NORM, aLayout = NONE>

// ROUNDTRIP-LABEL: func.func @matmul_batch_quant
// ROUNDTRIP: ascendc.matmul : <{{.*}}config = CONFIG_NORM, aLayout = NORMAL, bLayout = BSNGD, cLayout = NORMAL>
// ROUNDTRIP: ascendc.matmul_iterate_batch {{.*}} {sync = false, wait_iterate_batch = true}
// ROUNDTRIP: ascendc.matmul : <{{.*}}config = CONFIG_NORM>
// ROUNDTRIP: ascendc.matmul_set_quant_vector

// CHECK-LABEL: __aicore__ inline void matmul_batch_quant(
// CHECK:        AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NORMAL>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true, LayoutMode::BSNGD>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NORMAL>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG_NORM> mm;
// CHECK-NEXT:   REGIST_MATMUL_OBJ(&pipe, ws, mm, &tiling);
// CHECK-NEXT:   mm.SetBatchNum(n, 2);
// CHECK-NEXT:   mm.IterateBatch<false, true>(c, n, 2, false, 0, 0, 0, false, 0);
// CHECK-NEXT:   mm.WaitIterateBatch();
// CHECK-NEXT:   mm.IterateBatch<true>(ub, 2, n, false, n, 0, 0, false, 0);
// CHECK-NEXT:   mm.SetWorkspace(ws, n);
// CHECK-NEXT:   mm.SetWorkspace(wsg);
// CHECK-NEXT:   mm.IterateNBatch<true, false>(n, 2, 2, false, 0, 0, 0);
// CHECK-NEXT:   mm.GetBatchTensorC<false>(ub, 2, 2, true);
// CHECK-NEXT:   mm.GetTensorC<true>(c, ub, 0, false);
// CHECK-NEXT:   mm.AsyncGetTensorC(ub);
// CHECK-NEXT:   mm.WaitGetTensorC();
// CHECK-NEXT:   mm.IterateBatch(c, true, 0, false, n, 0, 0);
// CHECK-NEXT:   mm.IterateBatch(ub, false, 0, false, 0, 0, 0);
// CHECK-NEXT:   mm.SetTensorA(h);
// CHECK-NEXT:   mm.SetTensorB(h);
// CHECK-NEXT:   mm.SetSelfDefineData(reinterpret_cast<uint64_t>(ws));
// CHECK-NEXT:   mm.SetUserDefInfo(reinterpret_cast<uint64_t>(ws));
// CHECK-NEXT:   AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, int8_t, false>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, int8_t, false>, AscendC::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, half>, AscendC::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, half>, CFG_NORM> qmm;
// CHECK-NEXT:   REGIST_MATMUL_OBJ(&pipe, ws, qmm, &tiling);
// CHECK-NEXT:   qmm.SetQuantScalar(q);
// CHECK-NEXT:   qmm.SetQuantVector(qv);
// CHECK-NEXT:   return;
func.func @matmul_batch_quant(%tiling: !ascendc.tcube_tiling loc("tiling"), %ws: !ascendc.gm_ptr<ui8> loc("ws"), %c: !ascendc.global_tensor<f32> loc("c"), %wsg: !ascendc.global_tensor<ui8> loc("wsg"), %ub: !ascendc.local_tensor<f32> loc("ub"), %qv: !ascendc.global_tensor<ui64> loc("qv"), %q: ui64 loc("q"), %n: i32 loc("n"), %h: f16 loc("h")) {
  %true = arith.constant true
  %false = arith.constant false
  %c0_i8 = arith.constant 0 : i8
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %pipe = ascendc.pipe loc("pipe")
  %mm = ascendc.matmul : !bmm loc("mm")
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, !ascendc.gm_ptr<ui8>, !bmm, !ascendc.tcube_tiling
  ascendc.matmul_set_batch_num %mm, %n, %c2 : !bmm
  ascendc.matmul_iterate_batch %mm, %c, %n, %c2, %false, %c0, %c0, %c0, %false, %c0_i8 {sync = false, wait_iterate_batch = true} : !bmm, !ascendc.global_tensor<f32>
  ascendc.matmul_wait_iterate_batch %mm : !bmm
  ascendc.matmul_iterate_batch_local %mm, %ub, %c2, %n, %false, %n, %c0, %c0, %false, %c0_i8 {sync = true} : !bmm, !ascendc.local_tensor<f32>
  ascendc.matmul_set_workspace_ptr %mm, %ws, %n : !bmm, !ascendc.gm_ptr<ui8>
  ascendc.matmul_set_workspace %mm, %wsg : !bmm, !ascendc.global_tensor<ui8>
  ascendc.matmul_iterate_n_batch %mm, %n, %c2, %c2, %false, %c0, %c0, %c0 {sync = true, wait_iterate_batch = false} : !bmm
  ascendc.matmul_get_batch_tensor_c %mm, %ub, %c2, %c2, %true {sync = false} : !bmm, !ascendc.local_tensor<f32>
  ascendc.matmul_get_tensor_c_both %mm, %c, %ub, %c0_i8, %false {sync = true} : !bmm, !ascendc.global_tensor<f32>, !ascendc.local_tensor<f32>
  ascendc.matmul_async_get_tensor_c %mm, %ub : !bmm, !ascendc.local_tensor<f32>
  ascendc.matmul_wait_get_tensor_c %mm : !bmm
  ascendc.matmul_iterate_batch_num %mm, %c, %true, %c0_i8, %false, %n, %c0, %c0 : !bmm, !ascendc.global_tensor<f32>
  ascendc.matmul_iterate_batch_num %mm, %ub, %false, %c0_i8, %false, %c0, %c0, %c0 : !bmm, !ascendc.local_tensor<f32>
  ascendc.matmul_set_tensor_a_scalar %mm, %h : !bmm, f16
  ascendc.matmul_set_tensor_b_scalar %mm, %h : !bmm, f16
  ascendc.matmul_set_self_define_data %mm, %ws : !bmm, !ascendc.gm_ptr<ui8>
  ascendc.matmul_set_user_def_info %mm, %ws : !bmm, !ascendc.gm_ptr<ui8>
  %qmm = ascendc.matmul : !qmm loc("qmm")
  ascendc.regist_matmul_obj %pipe, %ws, %qmm, %tiling : !ascendc.pipe, !ascendc.gm_ptr<ui8>, !qmm, !ascendc.tcube_tiling
  ascendc.matmul_set_quant_scalar %qmm, %q : !qmm
  ascendc.matmul_set_quant_vector %qmm, %qv : !qmm, !ascendc.global_tensor<ui64>
  return
}
