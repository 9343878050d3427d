// The Matmul ops take the Matmul object, GM tensors where Ascend C takes a
// GlobalTensor (IterateAll's GM form) and an i1 for the transpose flag.
// RUN: asc-opt %s -split-input-file -verify-diagnostics

!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM>

func.func @iterate_all_gm_form_to_local(%mm: !mm, %ub: !ascendc.local_tensor<f32>, %z: i8, %f: i1) {
  // expected-error @+1 {{operand #1 must be GlobalTensor}}
  "ascendc.matmul_iterate_all"(%mm, %ub, %z, %f, %f, %f) {sync = true} : (!mm, !ascendc.local_tensor<f32>, i8, i1, i1, i1) -> ()
  return
}

// -----

!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM>

func.func @transpose_flag_not_i1(%mm: !mm, %a: !ascendc.global_tensor<f16>, %t: i32) {
  // expected-error @+1 {{operand #2 must be 1-bit signless integer}}
  "ascendc.matmul_set_tensor_a"(%mm, %a, %t) : (!mm, !ascendc.global_tensor<f16>, i32) -> ()
  return
}

// -----

func.func @not_a_matmul(%p: !ascendc.pipe, %ws: !ascendc.gm_ptr<ui8>, %t: !ascendc.tcube_tiling) {
  // expected-error @+1 {{operand #2 must be Matmul}}
  "ascendc.regist_matmul_obj"(%p, %ws, %p, %t) : (!ascendc.pipe, !ascendc.gm_ptr<ui8>, !ascendc.pipe, !ascendc.tcube_tiling) -> ()
  return
}

// -----

// The config is one of the four schedules (with members set through `fields`).
// expected-error @+2 {{invalid Ascend C MatmulConfigMode specification: CFG_BASIC}}
// expected-error @+1 {{failed to parse AscendC_MatmulType parameter 'config'}}
func.func @unknown_config(%mm: !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CFG_BASIC>) {
  return
}

// -----

!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM, aLayout = NORMAL, bLayout = NORMAL, cLayout = NORMAL>

func.func @iterate_batch_gm_form_to_local(%mm: !mm, %ub: !ascendc.local_tensor<f32>, %n: i32, %z: i8, %f: i1) {
  // expected-error @+1 {{operand #1 must be GlobalTensor}}
  "ascendc.matmul_iterate_batch"(%mm, %ub, %n, %n, %f, %n, %n, %n, %f, %z) {sync = true, wait_iterate_batch = false} : (!mm, !ascendc.local_tensor<f32>, i32, i32, i1, i32, i32, i32, i1, i8) -> ()
  return
}

// -----

!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = i8, aTrans = false, bPos = GM, bFmt = ND, bType = i8, bTrans = false, cPos = GM, cFmt = ND, cType = f16, biasPos = GM, biasFmt = ND, biasType = f16, config = CONFIG_NORM>

func.func @quant_scalar_not_ui64(%mm: !mm, %q: i32) {
  // expected-error @+1 {{operand #1 must be 64-bit unsigned integer}}
  "ascendc.matmul_set_quant_scalar"(%mm, %q) : (!mm, i32) -> ()
  return
}

// -----

// expected-error @+2 {{invalid Ascend C LayoutMode specification: BMNK}}
// expected-error @+1 {{failed to parse AscendC_MatmulType parameter 'aLayout'}}
!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM, aLayout = BMNK>

// -----

// `fields` holds MatmulConfig's members by their Ascend C names.
// expected-error @+1 {{MatmulConfig has no member 'isNbatch'}}
!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM, fields = {isNbatch = true}>

// -----

// expected-error @+1 {{MatmulConfig member 'isNBatch' is a bool (true or false)}}
!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM, fields = {isNBatch = 1 : i64}>

// -----

// expected-error @+1 {{MatmulConfig member 'basicM' is a uint32_t, got -64}}
!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM, fields = {basicM = -64 : i64}>

// -----

// expected-error @+1 {{MatmulConfig member 'iterateMode' is a uint8_t, got 256}}
!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM, fields = {iterateMode = 256 : i64}>

// -----

// expected-error @+1 {{MatmulConfig member 'batchMode' is a BatchMode value, got 7}}
!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM, fields = {batchMode = 7 : i64}>

// -----

!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = false, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM>

func.func @sparse_index_not_a_global_tensor(%mm: !mm, %ub: !ascendc.local_tensor<ui8>) {
  // expected-error @+1 {{operand #1 must be GlobalTensor}}
  "ascendc.matmul_set_sparse_index"(%mm, %ub) : (!mm, !ascendc.local_tensor<ui8>) -> ()
  return
}
