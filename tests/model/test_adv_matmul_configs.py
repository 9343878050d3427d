"""asc.adv.Matmul with configs that are not one of Ascend C's predefined constants (a basic
block, the special MDL schedule, members set one by one), emitted as a file-scope
MatmulConfig and compiled against the Model's MatmulConfig; and the calls Ascend C compiles
to nothing: IterateNBatch / GetBatchTensorC without isNBatch, SetSparseIndex of a B that is not
a SparseMatmulType. Results are checked against numpy; faults name the user's line."""

import inspect

import numpy as np
import pytest

import asc
import asc.runtime.config as config
from adv_matmul_kernels import host_tiling


@pytest.fixture(autouse=True)
def _model():
    config.set_platform(config.Backend.Model)


def _line_of(kernel, text):
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _kernel(cfg, cube_only=False, sparse=False):
    """One core's whole C = A * B through a Matmul built with `cfg`."""

    @asc.jit(always_compile=True, matmul_cube_only=cube_only)
    def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, s: asc.GlobalAddress,
          tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
        asc.set_sys_workspace(workspace)
        ga = asc.GlobalTensor()
        gb = asc.GlobalTensor()
        gc = asc.GlobalTensor()
        gs = asc.GlobalTensor()
        ga.set_global_buffer(a)
        gb.set_global_buffer(b)
        gc.set_global_buffer(c)
        gs.set_global_buffer(s)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
                            matmul_config=cfg)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)  # the register line
        if asc.get_block_idx() == 0:
            mm.set_tensor_a(ga)
            mm.set_tensor_b(gb)
            if sparse:
                mm.set_sparse_index(gs)
            mm.iterate_all(gc)
            mm.end()

    return k


def _run(kernel, m, n, k, fix=None):
    rng = np.random.default_rng(7)
    a = rng.integers(-4, 4, (m, k)).astype(np.float16)
    b = rng.integers(-4, 4, (k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    tiling = host_tiling(m, n, k, 1, fix=fix)
    kernel[1](a, b, c, np.zeros(64, np.uint8), tiling, np.zeros(16 << 20, np.uint8))
    return a, b, c, tiling


@pytest.mark.parametrize("name,cfg", [
    # the vendor's GetTiling keeps SetFixSplit's baseM / baseN and picks baseK itself (128 here)
    ("basic block", asc.adv.get_basic_config(64, 64, 128)),
    ("special MDL", asc.adv.get_special_mdl_config()),
    ("norm, ORDER_N, MTE2 preload", asc.adv.get_mm_config(asc.adv.MatmulFuncParams(
        iterate_order=asc.IterateOrder.ORDER_N, do_mte2_pre_load=1))),
    ("pyasc's MatmulConfig defaults", asc.adv.MatmulConfig()),
])
def test_configs_of_their_own_compute_c(name, cfg):
    # not a predefined constant: emitted as a config of its own
    assert cfg.fields() or cfg.mode() == asc.MatmulConfigMode.CONFIG_SPECIALMDL
    a, b, c, _ = _run(_kernel(cfg), 128, 128, 128, fix=(64, 64, 64))
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


def test_a_basic_block_that_is_not_the_tilings_faults_at_init():
    kernel = _kernel(asc.adv.get_basic_config(128, 128, 64))
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        _run(kernel, 128, 128, 128, fix=(64, 64, 64))
    text = str(err.value)
    assert "the config's basic block 128 x 128 x 64 differs from the tiling's base block 64 x 64 x 128" in text
    assert f":{_line_of(kernel, 'the register line')}:" in text


def test_set_sparse_index_of_a_dense_b_changes_nothing():
    # B is a plain MatmulType: Ascend C's SetSparseIndex does nothing for it (and asc has no
    # SparseMatmulType), so C is the dense product
    a, b, c, _ = _run(_kernel(None, cube_only=True, sparse=True), 64, 64, 64)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


_BSNGD_A = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout=asc.LayoutMode.BSNGD)
_BSNGD_B = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True, asc.LayoutMode.BSNGD)
_BNGS1S2_C = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, layout=asc.LayoutMode.BNGS1S2)


def _n_batch_kernel(cfg):
    @asc.jit(always_compile=True)
    def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
          workspace: asc.GlobalAddress):
        asc.set_sys_workspace(workspace)
        ga = asc.GlobalTensor()
        gb = asc.GlobalTensor()
        gc = asc.GlobalTensor()
        ga.set_global_buffer(a)
        gb.set_global_buffer(b)
        gc.set_global_buffer(c)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(_BSNGD_A, _BSNGD_B, _BNGS1S2_C, matmul_config=cfg)
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if asc.get_block_idx() == 0:
            mm.set_tensor_a(ga)
            mm.set_tensor_b(gb, True)
            mm.set_workspace(gc)
            mm.iterate_n_batch(1, 2, 2, False, sync=False)  # the n-batch line
            ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
            mm.get_batch_tensor_c(ub, 2, 2, sync=False)
            mm.end()

    return k


def test_iterate_n_batch_without_is_n_batch_does_nothing():
    # Ascend C's IterateNBatch and GetBatchTensorC return at once unless the config has
    # isNBatch (matmul_client.h): the workspace stays as it was
    c = np.full(4096, 7.0, np.float32)
    tiling = host_tiling(32, 32, 32, 1)
    _n_batch_kernel(None)[1](np.zeros(4096, np.float16), np.zeros(4096, np.float16), c, tiling,
                             np.zeros(16 << 20, np.uint8))
    assert (c == 7.0).all()


@pytest.mark.parametrize("unit_flag", [True, False])
def test_unit_flag_hands_l0c_to_the_fixpipe_without_flags(unit_flag):
    # enUnitFlag (the vendor's cube_out_buffer_unit_flag.h): each block's Mmads carry unit
    # flag 2 and its last one 3, the Fixpipe to GM 3, and no M_FIX / FIX_M flags are set
    # around L0C; without it, the flags and no unit flags. Same C either way.
    from asc.runtime import config as cfg_mod
    be = cfg_mod.current_backend()
    be.trace = True
    try:
        a, b, c, tiling = _run(_kernel(asc.adv.get_normal_config(en_unit_flag=unit_flag)), 128, 128, 1024,
                               fix=(64, 64, 64))
        trace = be.last_trace
    finally:
        be.trace = False
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))
    mmads = [e for e in trace if e["api"] == "Mmad"]
    fixpipes = [e for e in trace if e["api"] == "Fixpipe"]
    k_tiles = -(-1024 // tiling.base_k)
    assert k_tiles > 1 and len(mmads) == 4 * k_tiles and len(fixpipes) == 4  # 2 x 2 blocks of 64 x 64
    if unit_flag:
        assert [e["id"] for e in mmads] == ([2] * (k_tiles - 1) + [3]) * 4
        assert all(e["id"] == 3 for e in fixpipes)
    else:
        assert all(e["id"] <= 0 for e in mmads + fixpipes)  # (-1: no id recorded)
