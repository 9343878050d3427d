"""asc.adv.Matmul and its types: every method form emits the Ascend C member call, the
MatmulConfig helpers pick the predefined config, and misuse is a compile error naming
the user's line. The numerics run on the Model in tests/model/test_adv_matmul.py."""

import inspect

import numpy as np
import pytest

import asc
from emit_check import check, check_next, compile_source

_A = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
_B_T = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True)
_C = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
_C_UB = asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32)


def _line_of(fn, text):
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _arrays():
    return (np.zeros(64, np.float16), np.zeros(64, np.float16), np.zeros(64, np.float32),
            np.zeros(64, np.float32), asc.adv.TCubeTiling(), np.zeros(1024, np.uint8))


@asc.jit
def k_all_forms(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    bias_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    bias_gm.set_global_buffer(bias)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(_A, _B_T, _C, _C)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.init(tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm, transpose=True)
    mm.set_bias(bias_gm)
    mm.disable_bias()
    mm.set_tail(tiling.base_m, tiling.base_n)
    mm.set_org_shape(tiling.m, tiling.n, tiling.k_a)
    mm.set_org_shape(tiling.m, tiling.n, tiling.k_a, tiling.k_b)
    mm.set_single_shape(16, 32, 64)
    mm.set_hf32(False)
    mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
    mm.wait_iterate_all()
    with mm.iterate() as count:
        mm.get_tensor_c(c_gm[count * 256:])
    mm.end()


# One Matmul per kernel: Ascend C's REGIST_MATMUL_OBJ is one statement per kernel.
@asc.jit
def k_mdl_to_ub(workspace: asc.GlobalAddress):
    asc.set_sys_workspace(workspace)
    pipe = asc.TPipe()
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    mm2 = asc.adv.Matmul(_A, _A, _C_UB, matmul_config=asc.adv.get_mdl_config())
    asc.adv.register_matmul(pipe, mm2)
    mm2.iterate_all(ub, en_atomic=0)


@asc.jit
def k_ib_share(tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    asc.set_sys_workspace(workspace)
    pipe = asc.TPipe()
    mm3 = asc.adv.Matmul(_A, _A, _C, matmul_config=asc.adv.get_ib_share_norm_config())
    asc.adv.register_matmul(pipe, mm3, tiling)


@asc.jit
def k_normal(tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    asc.set_sys_workspace(workspace)
    pipe = asc.TPipe()
    mm4 = asc.adv.Matmul(_A, _A, _C, matmul_config=asc.adv.get_normal_config())
    asc.adv.register_matmul(pipe, mm4, tiling)


def test_every_method_emits_its_member_call():
    src = compile_source(k_all_forms, *_arrays())
    check(src,
          "AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false>, "
          "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, true>, "
          "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, "
          "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>, CFG_NORM> mm;",
          "REGIST_MATMUL_OBJ(&pipe, (__gm__ uint8_t*)workspace, mm, &tiling);",
          "mm.Init(&tiling);", "mm.SetTensorA(a_gm, false);", "mm.SetTensorB(b_gm, true);",
          "mm.SetBias(bias_gm);", "mm.DisableBias();", "mm.SetTail(", "mm.SetOrgShape(",
          "mm.SetOrgShape(", "mm.SetSingleShape(16, 32, 64);", "mm.SetHF32(false, 0);",
          "mm.IterateAll<false>(c_gm, 0, false, true, false);", "mm.WaitIterateAll();",
          "while (true) {", "mm.Iterate<true>(false);", "mm.GetTensorC<true>(", "mm.End();")
    check(compile_source(k_mdl_to_ub, np.zeros(64, np.uint8)),
          "CFG_MDL> mm2;", "mm2, (TCubeTiling*)nullptr);", "mm2.IterateAll<true>(ub, 0);")
    check(compile_source(k_ib_share, asc.adv.TCubeTiling(), np.zeros(64, np.uint8)), "CFG_IBSHARE_NORM> mm3;")
    check(compile_source(k_normal, asc.adv.TCubeTiling(), np.zeros(64, np.uint8)),
          "__aicore__ constexpr MatmulConfig asc_matmul_config_0() {", "MatmulConfig cfg = CFG_NORM;",
          "cfg.iterateOrder = IterateOrder::ORDER_M;", "return cfg;",
          "constexpr static MatmulConfig ASC_MATMUL_CFG_0 = asc_matmul_config_0();", "ASC_MATMUL_CFG_0> mm4;")


@asc.jit
def k_two_registrations(tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    asc.set_sys_workspace(workspace)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(_A, _A, _C)
    asc.adv.register_matmul(pipe, mm, tiling)
    mm2 = asc.adv.Matmul(_A, _A, _C)
    asc.adv.register_matmul(pipe, mm2, tiling)  # the second


def test_a_second_registration_is_an_error_at_its_line():
    # REGIST_MATMUL_OBJ declares types of its own and, on the cube core, serves the objects it
    # names and returns: a second one does not compile against the vendor's headers
    with pytest.raises(asc.CompileError) as err:
        k_two_registrations.warmup(asc.adv.TCubeTiling(), np.zeros(64, np.uint8))
    assert "registered a Matmul already" in str(err.value)
    assert f":{_line_of(k_two_registrations.fn, '# the second')}:" in str(err.value)


@asc.jit
def k_tutorial_register(a: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    asc.set_sys_workspace(workspace)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(a=_A, b=_A, c=_C)
    asc.adv.register_matmul(pipe, mm, tiling)  # the tutorials' form: no workspace argument


def test_register_without_workspace_uses_the_system_workspace():
    src = compile_source(k_tutorial_register, np.zeros(16, np.float16), asc.adv.TCubeTiling(),
                         np.zeros(64, np.uint8))
    check_next(src, "__gm__ uint8_t* v", "REGIST_MATMUL_OBJ(&pipe, v")
    check(src, "GetSysWorkSpacePtr()", "mm, &tiling);")


def test_with_iterate_counts_blocks_from_zero():
    src = compile_source(k_all_forms, *_arrays())
    # the count is a loop-carried int32 starting at 0 and incremented after the body
    check(src, "int32_t v6 = 0;", "while (true) {", "Iterate<true>(false)", "v7 = v6;", "v7 * 256", "GetTensorC<true>(",
          "int32_t count_1 = v7 + 1;")


def test_config_helpers_select_the_predefined_config():
    assert asc.adv.MatmulConfig().mode() == asc.MatmulConfigMode.CONFIG_NORM
    assert asc.adv.get_mdl_config().mode() == asc.MatmulConfigMode.CONFIG_MDL
    assert asc.adv.get_ib_share_norm_config().mode() == asc.MatmulConfigMode.CONFIG_IBSHARE
    assert asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_MDL).mode() == asc.MatmulConfigMode.CONFIG_MDL
    shape = asc.adv.MatmulShapeParams(128, 256, 64, 64, 128, 32)
    cfg = asc.adv.get_mm_config(shape, asc.adv.MatmulFuncParams(iterate_order=asc.IterateOrder.ORDER_N))
    assert (cfg.single_core_m, cfg.basic_n, cfg.iterate_order) == (128, 128, asc.IterateOrder.ORDER_N)
    # the factories keep the vendor's values of the members they do not set (tiling.h's
    # GetMDLConfig() is CFG_MDL itself); pyasc's get_normal_config defaults to ORDER_M
    assert asc.adv.get_mdl_config().fields() == {} and asc.adv.get_ib_share_norm_config().fields() == {}
    assert asc.adv.get_normal_config().fields() == {"iterateOrder": int(asc.IterateOrder.ORDER_M)}
    basic = asc.adv.get_basic_config(64, 64, 64)
    assert basic.mode() == asc.MatmulConfigMode.CONFIG_NORM
    assert basic.fields() == {"doNorm": False, "doBasicBlock": True, "basicM": 64, "basicN": 64, "basicK": 64,
                              "enUnitFlag": False}
    assert asc.adv.get_special_mdl_config().mode() == asc.MatmulConfigMode.CONFIG_SPECIALMDL
    assert asc.adv.MatmulConfig(is_n_batch=True).fields()["isNBatch"] is True


def test_tiling_structs_have_pyasc_fields():
    t = asc.adv.TCubeTiling()
    assert len(t._cpp_fields) == 49 and t.used_core_num == 0
    t.base_m = 128
    assert t.base_m == 128 and t.fields["base_m"] == 128
    s = asc.adv.MatmulApiStaticTiling()
    assert len(s._cpp_fields) == 46 and "mx_type_para" in s._cpp_fields and "batch_m" not in s._cpp_fields


# ---- errors at the user's line ----------------------------------------------------------
@asc.jit
def k_bad_dtype(a: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.set_tensor_a(a_gm)


@asc.jit
def k_bias_without_type(a: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.set_bias(a_gm)


@asc.jit
def k_b_dtype_differs(a: asc.GlobalAddress):
    mm = asc.adv.Matmul(_A, asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.bfloat16), _C)


@asc.jit
def k_configs_of_their_own(a: asc.GlobalAddress):
    mm = asc.adv.Matmul(_A, _A, _C, matmul_config=asc.adv.get_basic_config(64, 64, 64))
    mm2 = asc.adv.Matmul(_A, _A, _C, matmul_config=asc.adv.get_special_mdl_config())
    mm3 = asc.adv.Matmul(_A, _A, _C, matmul_config=asc.adv.get_basic_config(64, 64, 64))
    mm4 = asc.adv.Matmul(_A, _A, _C, matmul_config=asc.adv.get_normal_config(
        batch_loop=True, bmm_mode=asc.BatchMode.BATCH_LARGE_THAN_L1, iterate_order=asc.IterateOrder.UNDEF))


def test_configs_without_a_predefined_constant_are_defined_at_file_scope():
    src = compile_source(k_configs_of_their_own, np.zeros(8, np.float32))
    # one definition per distinct config, members in the vendor's order, enums qualified
    check(src, "__aicore__ constexpr MatmulConfig asc_matmul_config_0() {", "MatmulConfig cfg = CFG_NORM;",
          "cfg.doNorm = false;", "cfg.doBasicBlock = true;", "cfg.basicM = 64;", "cfg.basicN = 64;",
          "cfg.basicK = 64;", "cfg.enUnitFlag = false;", "return cfg;",
          "constexpr static MatmulConfig ASC_MATMUL_CFG_0 = asc_matmul_config_0();",
          "MatmulConfig cfg = GetSpecialMDLConfig();", "ASC_MATMUL_CFG_1 = asc_matmul_config_1();",
          "cfg.isNBatch = true;", "cfg.batchMode = BatchMode::BATCH_LARGE_THAN_L1;",
          "ASC_MATMUL_CFG_2 = asc_matmul_config_2();",
          "ASC_MATMUL_CFG_0> mm;", "ASC_MATMUL_CFG_1> mm2;", "ASC_MATMUL_CFG_0> mm3;", "ASC_MATMUL_CFG_2> mm4;")
    assert "asc_matmul_config_3" not in src


@asc.jit
def k_runtime_config_member(a: asc.GlobalAddress, n: int):
    mm = asc.adv.Matmul(_A, _A, _C, matmul_config=asc.adv.MatmulConfig(basic_m=n))


@asc.jit
def k_with_not_a_loop(a: asc.GlobalAddress):
    pipe = asc.TPipe()
    with pipe as x:
        pass


@asc.jit
def k_get_c_without_tensor(a: asc.GlobalAddress):
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.get_tensor_c(sync=False)


@pytest.mark.parametrize("kernel,args,line,message", [
    (k_bad_dtype, (np.zeros(8, np.float32), asc.adv.TCubeTiling()), "mm.set_tensor_a(a_gm)",
     "the Matmul's a is float16, the tensor float32"),
    (k_bias_without_type, (np.zeros(8, np.float16), asc.adv.TCubeTiling()), "mm.set_bias(a_gm)",
     "the bias (C's type: no bias MatmulType was given) is float32, the tensor float16"),
    (k_b_dtype_differs, (np.zeros(8, np.float32),), "mm = asc.adv.Matmul(", "a is float16 but b is bfloat16"),
    (k_runtime_config_member, (np.zeros(8, np.float32), 3), "mm = asc.adv.Matmul(",
     "basic_m is part of a template argument and must be a compile-time value"),
    (k_with_not_a_loop, (np.zeros(8, np.float32),), "with pipe as x:", "a with statement in a kernel takes"),
    (k_get_c_without_tensor, (np.zeros(8, np.float32),), "mm.get_tensor_c(sync=False)",
     "returning a GlobalTensor"),
])
def test_errors_name_the_line(kernel, args, line, message):
    with pytest.raises(asc.CompileError) as err:
        kernel.warmup(*args)
    text = str(err.value)
    assert message in text
    assert f":{_line_of(kernel.fn, line)}:" in text


def test_get_matmul_api_tiling_is_the_vendors_constexpr_tiling():
    # the algorithm is checked against the vendor's C++ in test_matmul_api_tiling.py; here the
    # plumbing: MatmulTypes and the config reach it, its fields land under pyasc's names
    cfg = asc.adv.get_special_basic_config(128, 256, 64, 256, 512, 1024, 1, 1)
    t = asc.adv.get_matmul_api_tiling(cfg, 512 * 1024, _A, _A, _C)
    assert (t.base_m, t.base_n, t.base_k, t.single_core_k, t.m, t.k_b) == (128, 256, 64, 1024, 256, 1024)
    assert (t.step_k_a, t.depth_a1, t.step_k_b, t.depth_b1, t.db_l0c) == (8, 16, 1, 2, 1)
    assert t.share_l1_size <= 512 * 1024 and t.share_l0c_size == 128 * 256 * 4
    assert t.is_bias == 1  # the config's enableSetBias, as the vendor sets it
    small = asc.adv.get_matmul_api_tiling(cfg, 96 * 1024, _A, _A, _C, _C)
    assert small.share_l1_size <= 96 * 1024 and small.step_k_a < t.step_k_a
    with pytest.raises(TypeError, match="l1_size is evaluated at compile time"):
        asc.adv.get_matmul_api_tiling(cfg, 1.5, _A, _A, _C)
    # without single-core sizes nothing is fixed (the vendor's -1), but a basic block's sizes
    none = asc.adv.get_matmul_api_tiling(asc.adv.MatmulConfig(do_norm=False), 512 * 1024, _A, _A, _C)
    assert {none.fields[f] for f in none._cpp_fields} == {-1}
    bb = asc.adv.get_matmul_api_tiling(asc.adv.get_basic_config(128, 128, 64), 512 * 1024, _A, _A, _C)
    assert (bb.base_m, bb.base_n, bb.base_k, bb.is_bias, bb.single_core_m, bb.depth_a1) == (128, 128, 64, 1, -1, -1)


# ---- batch, quantisation, the other get_tensor_c forms -----------------------------------
_AN = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.NORMAL)
_BN = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, is_trans=True,
                         layout=asc.LayoutMode.BSNGD)
_CN = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, layout=asc.LayoutMode.NORMAL)
_CB = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, layout=asc.LayoutMode.BNGS1S2)
_I8 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8)
_C16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)


@asc.jit
def k_batch_quant_forms(a: asc.GlobalAddress, c: asc.GlobalAddress, q: asc.GlobalAddress,
                        tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, n: int):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    q_gm = asc.GlobalTensor()
    q_gm.set_global_buffer(q)
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(workspace)
    pipe = asc.TPipe()
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    mm = asc.adv.Matmul(_AN, _BN, _CN)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.iterate_batch(c_gm, n, 2, False, sync=False, wait_iterate_batch=True)
    mm.wait_iterate_batch()
    mm.iterate_batch(c_gm, 2, 2, False, 128, 64, 0, False, 0)
    mm.iterate_batch(ub, 2, 1, False)
    mm.get_tensor_c(c_gm, optional_tensor=ub, en_sequential_write=True)
    mm.async_get_tensor_c(ub)
    mm.wait_get_tensor_c()
    mm.set_workspace(workspace, 1024)
    mm.set_workspace(ws_gm)
    mm.set_tensor_a(2)
    mm.set_tensor_b(0.5)
    mm.set_self_define_data(workspace)
    mm.set_user_def_info(c)


@asc.jit
def k_quant_forms(q: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    q_gm = asc.GlobalTensor()
    q_gm.set_global_buffer(q)
    pipe = asc.TPipe()
    qm = asc.adv.Matmul(_I8, _I8, _C16)
    asc.adv.register_matmul(pipe, workspace, qm, tiling)
    qm.set_quant_scalar(0x3F800000)
    qm.set_quant_vector(q_gm)


# The cube-only Matmul (Ascend C's MatmulImpl) takes its batch counts from SetBatchNum.
@asc.jit(matmul_cube_only=True)
def k_batch_cube_only(c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, n: int):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(_AN, _BN, _CN)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_batch_num(n, 2)
    mm.iterate_batch(c_gm, True, 0, False, 32)


def test_batch_and_quant_forms_emit_their_member_calls():
    src = compile_source(k_batch_quant_forms, np.zeros(64, np.float16), np.zeros(64, np.float32),
                         np.zeros(64, np.uint64), asc.adv.TCubeTiling(), np.zeros(1024, np.uint8), 3)
    check(src,
          "AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, "
          "LayoutMode::NORMAL>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, "
          "true, LayoutMode::BSNGD>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, "
          "float, false, LayoutMode::NORMAL>, AscendC::MatmulType<AscendC::TPosition::GM, "
          "CubeFormat::ND, float>, CFG_NORM> mm;",
          "mm.IterateBatch<false, true>(c_gm, n, 2, false, 0, 0, 0, false, 0);",
          "mm.WaitIterateBatch();", "mm.IterateBatch<true, false>(c_gm, 2, 2, false, 128, 64, 0, false, 0);",
          "mm.IterateBatch<true>(ub, 2, 1, false, 0, 0, 0, false, 0);", "mm.GetTensorC<true>(c_gm, ub, 0, true);",
          "mm.AsyncGetTensorC(ub);", "mm.WaitGetTensorC();", "mm.SetWorkspace((__gm__ uint8_t*)workspace, 1024);", "mm.SetWorkspace(ws_gm);",
          "mm.SetTensorA(", "mm.SetTensorB(",
          "mm.SetSelfDefineData(reinterpret_cast<uint64_t>((__gm__ uint8_t*)workspace));",
          "mm.SetUserDefInfo(reinterpret_cast<uint64_t>((__gm__ float*)c));")
    assert "ASCENDC_CUBE_ONLY" not in src and "SetBatchNum" not in src
    src = compile_source(k_quant_forms, np.zeros(64, np.uint64), asc.adv.TCubeTiling(), np.zeros(1024, np.uint8))
    check(src,
          "int8_t, false>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, int8_t, false>, "
          "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>",
          "qm.SetQuantScalar(", "qm.SetQuantVector(q_gm);")
    assert "1065353216" in src  # 0x3F800000, the bits of 1.0f, as the uint64 argument


def test_a_cube_only_batch_takes_the_counts_of_set_batch_num():
    src = compile_source(k_batch_cube_only, np.zeros(64, np.float32), asc.adv.TCubeTiling(),
                         np.zeros(1024, np.uint8), 3)
    # the vendor's matmul_intf.h makes Matmul the MatmulImpl only with ASCENDC_CUBE_ONLY defined first
    assert src.startswith("#define ASCENDC_CUBE_ONLY\n#include \"kernel_operator.h\"\n")
    check(src, "mm.SetBatchNum(n, 2);", "mm.IterateBatch(c_gm, true, 0, false, 32, 0, 0);")


@asc.jit
def k_batch_without_layout(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.iterate_batch(c_gm, 2, 2, False)


@asc.jit
def k_batch_wait_sync(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_AN, _AN, _CN)
    mm.iterate_batch(c_gm, 2, 2, False, wait_iterate_batch=True)


@asc.jit
def k_n_batch_normal_layout(c: asc.GlobalAddress):
    mm = asc.adv.Matmul(_AN, _AN, _CN)
    mm.iterate_n_batch(2, 2, 2, False)


@asc.jit
def k_n_batch_c_normal(c: asc.GlobalAddress):
    mm = asc.adv.Matmul(_BN, _BN, _CN)
    mm.iterate_n_batch(2, 2, 2, False)


@asc.jit(matmul_cube_only=True)
def k_n_batch_cube_only(c: asc.GlobalAddress):
    mm = asc.adv.Matmul(_BN, _BN, _CB)
    mm.iterate_n_batch(2, 2, 2, False)


@asc.jit
def k_batch_tensor_c_sync(c: asc.GlobalAddress):
    mm = asc.adv.Matmul(_BN, _BN, _CB)
    mm.get_batch_tensor_c(2, 2, False, True)


@asc.jit
def k_sparse_index_mixed(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.set_sparse_index(c_gm)


@asc.jit(matmul_cube_only=True)
def k_sparse_index_not_u8(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.set_sparse_index(c_gm)


@asc.jit
def k_quant_vector_not_u64(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_I8, _I8, _C16)
    mm.set_quant_vector(c_gm)


@asc.jit
def k_both_to_local(c: asc.GlobalAddress):
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.get_tensor_c(ub, optional_tensor=ub)


@asc.jit
def k_bias_layout(c: asc.GlobalAddress):
    mm = asc.adv.Matmul(_AN, _AN, _CN, _CN)


@asc.jit
def k_user_def_not_address(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.set_user_def_info(c_gm)


@asc.jit
def k_scalar_transposed(c: asc.GlobalAddress):
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.set_tensor_a(2, True)


@asc.jit
def k_batch_num_form_async(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_AN, _AN, _CN)
    mm.iterate_batch(c_gm, False, 0, False, sync=False)


@asc.jit
def k_batch_num_mixed(c: asc.GlobalAddress):
    mm = asc.adv.Matmul(_AN, _AN, _CN)
    mm.set_batch_num(2, 2)


@asc.jit
def k_batch_counts_from_set_batch_num_mixed(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_AN, _AN, _CN)
    mm.iterate_batch(c_gm, False, 0, False)


@asc.jit(matmul_cube_only=True)
def k_batch_counts_without_layout(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.iterate_batch(c_gm, True, 0, False)


@asc.jit(matmul_cube_only=True)
def k_batch_counts_cube_only(c: asc.GlobalAddress):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_AN, _AN, _CN)
    mm.iterate_batch(c_gm, 2, 2, False)


@pytest.mark.parametrize("kernel,line,message", [
    # the batch forms of the two Matmuls of Ascend C: the mixed kernel's MatmulClient and
    # the cube-only MatmulImpl
    (k_batch_num_mixed, "mm.set_batch_num(2, 2)", "has no SetBatchNum"),
    (k_batch_counts_from_set_batch_num_mixed, "mm.iterate_batch(c_gm, False, 0, False)", "has no SetBatchNum"),
    (k_batch_counts_cube_only, "mm.iterate_batch(c_gm, 2, 2, False)", "takes its counts from set_batch_num"),
    (k_batch_counts_without_layout, "mm.iterate_batch(c_gm, True, 0, False)", "has no batch layout"),
    (k_batch_wait_sync, "mm.iterate_batch(", "wait_iterate_batch=True needs sync=False"),
    (k_n_batch_normal_layout, "mm.iterate_n_batch(", "IterateNBatch needs BSNGD, SBNGD or BNGS1S2"),
    (k_n_batch_c_normal, "mm.iterate_n_batch(", "c MatmulType has layout NORMAL"),
    (k_n_batch_cube_only, "mm.iterate_n_batch(", "the cube-only Matmul (MatmulImpl"),
    (k_batch_tensor_c_sync, "mm.get_batch_tensor_c(", "asynchronously only: sync=False"),
    (k_sparse_index_mixed, "mm.set_sparse_index(c_gm)", "MatmulClient asserts"),
    (k_sparse_index_not_u8, "mm.set_sparse_index(c_gm)", "GlobalTensor of uint8"),
    (k_quant_vector_not_u64, "mm.set_quant_vector(c_gm)", "GlobalTensor of uint64"),
    (k_both_to_local, "mm.get_tensor_c(ub, optional_tensor=ub)", "the destination is a GlobalTensor"),
    (k_bias_layout, "mm = asc.adv.Matmul(", "the bias has no batch layout"),
    (k_scalar_transposed, "mm.set_tensor_a(2, True)", "takes no transpose flag"),
    (k_user_def_not_address, "mm.set_user_def_info(c_gm)", "a GlobalAddress"),
    (k_batch_num_form_async, "mm.iterate_batch(c_gm, False, 0, False, sync=False)", "no sync"),
])
def test_batch_and_quant_errors_name_the_line(kernel, line, message):
    with pytest.raises(asc.CompileError) as err:
        kernel.warmup(np.zeros(8, np.float32))
    text = str(err.value)
    assert message in text
    assert f":{_line_of(kernel.fn, line)}:" in text


@asc.jit
def k_n_batch_forms(c: asc.GlobalAddress, s: asc.GlobalAddress, workspace: asc.GlobalAddress, n: int):
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(workspace)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    mm = asc.adv.Matmul(_BN, _BN, _CB, matmul_config=asc.adv.get_normal_config(batch_loop=True))
    mm.set_workspace(ws_gm)
    mm.iterate_n_batch(n, 2, 2, False)
    mm.iterate_n_batch(2, 2, 2, False, 1, 1, 1, False, True)
    mm.get_batch_tensor_c(ub, 2, 2, sync=False)
    c_batches = mm.get_batch_tensor_c(2, 2, False, False)
    ub2 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 64)
    asc.data_copy(ub2, c_batches, 64)


@asc.jit(matmul_cube_only=True)
def k_sparse_index(c: asc.GlobalAddress, s: asc.GlobalAddress, workspace: asc.GlobalAddress, n: int):
    s_gm = asc.GlobalTensor()
    s_gm.set_global_buffer(s)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.set_sparse_index(s_gm)


# A mixed kernel's MatmulClient takes IterateBatch for any layout (its cube core drops it
# for NONE, which the Model reports when it runs): it compiles, as Ascend C's does.
@asc.jit
def k_batch_without_layout(c: asc.GlobalAddress, s: asc.GlobalAddress, workspace: asc.GlobalAddress, n: int):
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    mm = asc.adv.Matmul(_A, _A, _C)
    mm.iterate_batch(c_gm, 2, 2, False)


def test_n_batch_sparse_index_and_layoutless_batch_emit_their_member_calls():
    args = (np.zeros(64, np.float32), np.zeros(64, np.uint8), np.zeros(1024, np.uint8), 3)
    check(compile_source(k_n_batch_forms, *args), "cfg.isNBatch = true;",
          "ASC_MATMUL_CFG_0> mm;", "mm.SetWorkspace(ws_gm);",
          "mm.IterateNBatch<true, false>(n, 2, 2, false, 0, 0, 0);",
          "mm.IterateNBatch<false, true>(2, 2, 2, false, 1, 1, 1);",
          "mm.GetBatchTensorC<false>(ub, 2, 2, false);",
          "AscendC::GlobalTensor<float> c_batches = mm.GetBatchTensorC<false>(2, 2, false);",
          "AscendC::DataCopy(ub2, c_batches, 64);")
    check(compile_source(k_sparse_index, *args), "mm.SetSparseIndex(s_gm);")
    check(compile_source(k_batch_without_layout, *args), "mm.IterateBatch<true, false>(c_gm, 2, 2, false")
