"""asc.adv.Matmul batches in the attention layouts on the Model: iterate_batch with A and B
in BSNGD / SBNGD (B transposed: Q·Kᵀ per (b, n, g)) and C in BNGS1S2 / BSNGD, broadcast of
a G axis, and iterate_n_batch rounds fetched with get_batch_tensor_c — each result checked
against a numpy einsum over the layout's axes."""

import inspect

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.runtime.config as config


@pytest.fixture(autouse=True)
def _model():
    config.set_platform(config.Backend.Model)


L = asc.LayoutMode


def _line_of(kernel, text):
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _tiling(s1, s2, d, a_info, b_info, c_info, batch):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, True)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(1)
    mt.set_shape(s1, s2, d)
    mt.set_org_shape(s1, s2, d)
    mt.set_a_layout(*a_info)
    mt.set_b_layout(*b_info)
    mt.set_c_layout(*c_info)
    mt.set_batch_num(batch)
    tiling = asc.adv.TCubeTiling()
    assert mt.get_tiling(tiling) == 0
    return tiling


def _batch_kernel(a_layout, b_layout, c_layout):
    @asc.jit(always_compile=True)
    def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
          workspace: asc.GlobalAddress, batch_a: int, batch_b: int):
        asc.set_sys_workspace(workspace)
        ga = asc.GlobalTensor()
        gb = asc.GlobalTensor()
        gc = asc.GlobalTensor()
        ga.set_global_buffer(a)
        gb.set_global_buffer(b)
        gc.set_global_buffer(c)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(
            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, a_layout),
            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True, b_layout),
            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, c_layout))
        asc.adv.register_matmul(pipe, workspace, mm, tiling)
        if asc.get_block_idx() == 0:
            mm.set_tensor_a(ga)
            mm.set_tensor_b(gb, True)
            mm.iterate_batch(gc, batch_a, batch_b, False)  # the batch line
            mm.end()

    return k


def _ints(rng, shape):
    return rng.integers(-3, 4, shape).astype(np.float16)


# operands as numpy arrays in their layout's axis order
_AXES = {L.BSNGD: "bsngd", L.SBNGD: "sbngd", L.BNGS1S2: "bngsd"}


def _layout_array(rng, layout, b, s, n, g, d):
    sizes = dict(b=b, s=s, n=n, g=g, d=d)
    return _ints(rng, [sizes[ax] for ax in _AXES[layout]])


@pytest.mark.parametrize("a_layout,b_layout,c_layout", [
    (L.BSNGD, L.BSNGD, L.BNGS1S2),
    (L.SBNGD, L.SBNGD, L.BNGS1S2),
    (L.BNGS1S2, L.BNGS1S2, L.BNGS1S2),
    (L.BSNGD, L.BSNGD, L.BSNGD),
])
def test_iterate_batch_in_attention_layouts(a_layout, b_layout, c_layout):
    bb, s1, s2, n, g, d = 2, 32, 48, 2, 2, 32
    rng = np.random.default_rng(3)
    a = _layout_array(rng, a_layout, bb, s1, n, g, d)
    b = _layout_array(rng, b_layout, bb, s2, n, g, d)
    c_shape = (bb, n, g, s1, s2) if c_layout == L.BNGS1S2 else (bb, s1, n, g, s2)
    c = np.zeros(c_shape, np.float32)
    batch = bb * n * g
    tiling = _tiling(s1, s2, d, (bb, s1, n, g, d), (bb, s2, n, g, d), (bb, s1, n, g, s2), batch)
    _batch_kernel(a_layout, b_layout, c_layout)[1](a, b, c, tiling, np.zeros(16 << 20, np.uint8), batch, batch)
    want = np.einsum(f"{_AXES[a_layout]},{_AXES[b_layout].replace('s', 't')}->bngst",
                     a.astype(np.float32), b.astype(np.float32))
    got = c if c_layout == L.BNGS1S2 else c.transpose(0, 2, 3, 1, 4)
    np.testing.assert_array_equal(got, want)


def test_a_g_axis_of_one_broadcasts():
    # A has one G per (b, n), B two: both G products use the same A matrix (the vendor's G broadcast)
    bb, s1, s2, n, d = 1, 32, 32, 2, 32
    rng = np.random.default_rng(5)
    a = _ints(rng, (bb, s1, n, 1, d))
    b = _ints(rng, (bb, s2, n, 2, d))
    c = np.zeros((bb, n, 2, s1, s2), np.float32)
    tiling = _tiling(s1, s2, d, (bb, s1, n, 1, d), (bb, s2, n, 2, d), (bb, s1, n, 2, s2), bb * n * 2)
    _batch_kernel(L.BSNGD, L.BSNGD, L.BNGS1S2)[1](a, b, c, tiling, np.zeros(16 << 20, np.uint8), bb * n, bb * n * 2)
    want = np.einsum("bsnd,btngd->bngst", a[:, :, :, 0].astype(np.float32), b.astype(np.float32))
    np.testing.assert_array_equal(c, want)


def test_a_batch_beyond_the_given_matrices_faults_at_the_line():
    bb, s1, s2, n, g, d = 1, 32, 32, 2, 1, 32
    a = np.zeros((bb, s1, n, g, d), np.float16)
    tiling = _tiling(s1, s2, d, (bb, s1, n, g, d), (bb, s2, n, g, d), (bb, s1, n, g, s2), 2)
    kernel = _batch_kernel(L.BSNGD, L.BSNGD, L.BNGS1S2)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        kernel[1](a, a, np.zeros((2, s1, s2), np.float32), tiling, np.zeros(16 << 20, np.uint8), 1, 2)
    text = str(err.value)
    assert "batch 1 multiplies A's matrix 1 and B's 1, but batchA is 1" in text
    assert f":{_line_of(kernel, 'the batch line')}:" in text


@asc.jit(always_compile=True)
def n_batch_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                   tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, rounds: int, per_round: int):
    asc.set_sys_workspace(workspace)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    gw = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb.set_global_buffer(b)
    gc.set_global_buffer(c)
    gw.set_global_buffer(ws)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.BSNGD),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True, asc.LayoutMode.BSNGD),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, asc.LayoutMode.BNGS1S2),
        matmul_config=asc.adv.get_normal_config(batch_loop=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb, True)
        mm.set_workspace(gw)
        mm.iterate_n_batch(rounds, per_round, per_round, False, sync=False)
        ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 2 * 32 * 32)
        for r in range(rounds):
            mm.get_batch_tensor_c(ub, per_round, per_round, sync=False)   # round r, in order
            asc.data_copy(gc[r * per_round * 32 * 32], ub, per_round * 32 * 32)
        mm.end()


def test_iterate_n_batch_rounds_come_back_in_order():
    # 2 rounds of 2 batches: round r is batch b = r of a BSNGD pair with N = 2, G = 1
    bb, s, n, d = 2, 32, 2, 32
    rng = np.random.default_rng(9)
    a = _ints(rng, (bb, s, n, 1, d))
    b = _ints(rng, (bb, s, n, 1, d))
    ws = np.zeros((bb, n, 1, s, s), np.float32)
    c = np.zeros((bb * n, s, s), np.float32)
    tiling = _tiling(s, s, d, (bb, s, n, 1, d), (bb, s, n, 1, d), (bb, s, n, 1, s), bb * n)
    n_batch_kernel[1](a, b, c, ws, tiling, np.zeros(16 << 20, np.uint8), bb, n)
    want = np.einsum("bsngd,btngd->bngst", a.astype(np.float32), b.astype(np.float32))
    np.testing.assert_array_equal(ws, want)  # the workspace holds C in its layout
    np.testing.assert_array_equal(c.reshape(want.shape), want)  # and each round reached the UB


@asc.jit(always_compile=True)
def n_batch_global_form(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                        tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, with_workspace: asc.ConstExpr[bool]):
    asc.set_sys_workspace(workspace)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    gw = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb.set_global_buffer(b)
    gc.set_global_buffer(c)
    gw.set_global_buffer(ws)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, False, asc.LayoutMode.BSNGD),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True, asc.LayoutMode.BSNGD),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, False, asc.LayoutMode.BNGS1S2),
        matmul_config=asc.adv.get_normal_config(batch_loop=True))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb, True)
        if with_workspace:
            mm.set_workspace(gw)
        mm.iterate_n_batch(2, 2, 2, False, sync=False)  # the n-batch line
        ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 2 * 32 * 32)
        second = mm.get_batch_tensor_c(2, 2, False, False)
        second = mm.get_batch_tensor_c(2, 2, False, False)  # the second round's C, over the workspace
        asc.data_copy(ub, second, 2 * 32 * 32)
        asc.data_copy(gc, ub, 2 * 32 * 32)
        mm.end()


def test_get_batch_tensor_c_hands_out_the_workspace_round_by_round():
    bb, s, n, d = 2, 32, 2, 32
    rng = np.random.default_rng(11)
    a = _ints(rng, (bb, s, n, 1, d))
    b = _ints(rng, (bb, s, n, 1, d))
    ws = np.zeros((bb, n, 1, s, s), np.float32)
    c = np.zeros((n, s, s), np.float32)
    tiling = _tiling(s, s, d, (bb, s, n, 1, d), (bb, s, n, 1, d), (bb, s, n, 1, s), bb * n)
    n_batch_global_form[1](a, b, c, ws, tiling, np.zeros(16 << 20, np.uint8), True)
    want = np.einsum("bsngd,btngd->bngst", a.astype(np.float32), b.astype(np.float32))
    np.testing.assert_array_equal(c, want[1].reshape(c.shape))


def test_iterate_n_batch_without_a_workspace_faults_at_the_line():
    s, d = 32, 32
    a = np.zeros((2, s, 2, 1, d), np.float16)
    tiling = _tiling(s, s, d, (2, s, 2, 1, d), (2, s, 2, 1, d), (2, s, 2, 1, s), 4)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        n_batch_global_form[1](a, a, np.zeros(2048, np.float32), np.zeros(4096, np.float32), tiling,
                               np.zeros(16 << 20, np.uint8), False)
    text = str(err.value)
    assert "SetWorkspace comes first" in text
    assert f":{_line_of(n_batch_global_form, 'the n-batch line')}:" in text
