// adv/matmul: the Matmul object (its type carries the four MatmulTypes and the
// config), REGIST_MATMUL_OBJ with and without a tiling, every member call, the
// Iterate loop (scf.while) with GetTensorC into a LocalTensor, and the by-value
// TCubeTiling parameter.
// RUN: asc-opt %s | asc-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: asc-translate --mlir-to-ascendc %s | FileCheck %s

!mm = !ascendc.matmul<aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = true, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM>
!mdl = !ascendc.matmul<aPos = GM, aFmt = ND, aType = bf16, aTrans = true, bPos = GM, bFmt = ND, bType = bf16, bTrans = false, cPos = VECCALC, cFmt = ND, cType = f32, biasPos = VECCALC, biasFmt = ND, biasType = f32, config = CONFIG_MDL>

// ROUNDTRIP-LABEL: func.func @matmul_api
// ROUNDTRIP: ascendc.matmul : <aPos = GM, aFmt = ND, aType = f16, aTrans = false, bPos = GM, bFmt = ND, bType = f16, bTrans = true, cPos = GM, cFmt = ND, cType = f32, biasPos = GM, biasFmt = ND, biasType = f32, config = CONFIG_NORM>
// ROUNDTRIP: ascendc.regist_matmul_obj
// ROUNDTRIP: ascendc.matmul_iterate_all {{.*}} {sync = true}
// ROUNDTRIP: ascendc.matmul_iterate {{.*}} {sync = false}
// ROUNDTRIP: ascendc.matmul_get_tensor_c

// CHECK-LABEL: __aicore__ inline void matmul_api(AscendC::tiling::TCubeTiling tiling, __gm__ uint8_t* ws, AscendC::GlobalTensor<half>& a, AscendC::GlobalTensor<half>& b, AscendC::GlobalTensor<float>& c, AscendC::GlobalTensor<float>& bias, AscendC::GlobalTensor<bfloat16_t>& h, AscendC::LocalTensor<float>& ub, int32_t n) {
// CHECK-NEXT:   AscendC::TPipe pipe;
// CHECK-NEXT:   AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG_NORM> mm;
// CHECK-NEXT:   REGIST_MATMUL_OBJ(&pipe, ws, mm, &tiling);
// CHECK-NEXT:   mm.Init(&tiling);
// CHECK-NEXT:   mm.SetTensorA(a, false);
// CHECK-NEXT:   mm.SetTensorB(b, true);
// CHECK-NEXT:   mm.SetBias(bias);
// CHECK-NEXT:   mm.DisableBias();
// CHECK-NEXT:   mm.SetTail(n, -1, 64);
// CHECK-NEXT:   mm.SetOrgShape(n, n, 64);
// CHECK-NEXT:   mm.SetOrgShape(n, n, 64, 64, 0);
// CHECK-NEXT:   mm.SetSingleShape(n, n, 64);
// CHECK-NEXT:   mm.SetHF32(false, 0);
// CHECK-NEXT:   mm.IterateAll<true>(c, 0, false, false, false);
// CHECK-NEXT:   mm.WaitIterateAll();
// CHECK-NEXT:   while (true) {
// CHECK-NEXT:     ASC_LOOP_CHECK();
// CHECK-NEXT:     bool more = mm.Iterate<false>(false);
// CHECK-NEXT:     if (!more) {
// CHECK-NEXT:       break;
// CHECK-NEXT:     }
// CHECK-NEXT:     mm.GetTensorC<false>(c, 0, true);
// CHECK-NEXT:   }
// CHECK-NEXT:   mm.End();
// CHECK-NEXT:   AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, bfloat16_t, true>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, bfloat16_t, false>, AscendC::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float>, AscendC::MatmulType<AscendC::TPosition::VECCALC, CubeFormat::ND, float>, CFG_MDL> mdl;
// CHECK-NEXT:   REGIST_MATMUL_OBJ(&pipe, ws, mdl, (TCubeTiling*)nullptr);
// CHECK-NEXT:   mdl.SetTensorA(h, true);
// CHECK-NEXT:   mdl.IterateAll<true>(ub, 0);
// CHECK-NEXT:   mdl.GetTensorC<true>(ub, 0, false);
// CHECK-NEXT:   return;
// CHECK-NEXT: }
func.func @matmul_api(%tiling: !ascendc.tcube_tiling loc("tiling"), %ws: !ascendc.gm_ptr<ui8> loc("ws"), %a: !ascendc.global_tensor<f16> loc("a"), %b: !ascendc.global_tensor<f16> loc("b"), %c: !ascendc.global_tensor<f32> loc("c"), %bias: !ascendc.global_tensor<f32> loc("bias"), %h: !ascendc.global_tensor<bf16> loc("h"), %ub: !ascendc.local_tensor<f32> loc("ub"), %n: i32 loc("n")) {
  %true = arith.constant true
  %false = arith.constant false
  %c0_i8 = arith.constant 0 : i8
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %m1 = arith.constant -1 : i32
  %pipe = ascendc.pipe loc("pipe")
  %mm = ascendc.matmul : !mm loc("mm")
  ascendc.regist_matmul_obj %pipe, %ws, %mm, %tiling : !ascendc.pipe, !ascendc.gm_ptr<ui8>, !mm, !ascendc.tcube_tiling
  ascendc.matmul_init %mm, %tiling : !mm, !ascendc.tcube_tiling
  ascendc.matmul_set_tensor_a %mm, %a, %false : !mm, !ascendc.global_tensor<f16>
  ascendc.matmul_set_tensor_b %mm, %b, %true : !mm, !ascendc.global_tensor<f16>
  ascendc.matmul_set_bias %mm, %bias : !mm, !ascendc.global_tensor<f32>
  ascendc.matmul_disable_bias %mm : !mm
  ascendc.matmul_set_tail %mm, %n, %m1, %c64 : !mm
  ascendc.matmul_set_org_shape %mm, %n, %n, %c64 : !mm
  ascendc.matmul_set_org_shape_kb %mm, %n, %n, %c64, %c64, %c0 : !mm
  ascendc.matmul_set_single_shape %mm, %n, %n, %c64 : !mm
  ascendc.matmul_set_hf32 %mm, %false, %c0 : !mm
  ascendc.matmul_iterate_all %mm, %c, %c0_i8, %false, %false, %false {sync = true} : !mm, !ascendc.global_tensor<f32>
  ascendc.matmul_wait_iterate_all %mm : !mm
  scf.while : () -> () {
    %more = ascendc.matmul_iterate %mm, %false {sync = false} : !mm loc("more")
    scf.condition(%more)
  } do {
    ascendc.matmul_get_tensor_c %mm, %c, %c0_i8, %true {sync = false} : !mm, !ascendc.global_tensor<f32>
    scf.yield
  }
  ascendc.matmul_end %mm : !mm
  %mdl = ascendc.matmul : !mdl loc("mdl")
  ascendc.regist_matmul_obj_no_tiling %pipe, %ws, %mdl : !ascendc.pipe, !ascendc.gm_ptr<ui8>, !mdl
  ascendc.matmul_set_tensor_a %mdl, %h, %true : !mdl, !ascendc.global_tensor<bf16>
  ascendc.matmul_iterate_all_local %mdl, %ub, %c0_i8 {sync = true} : !mdl, !ascendc.local_tensor<f32>
  ascendc.matmul_get_tensor_c %mdl, %ub, %c0_i8, %false {sync = true} : !mdl, !ascendc.local_tensor<f32>
  return
}
