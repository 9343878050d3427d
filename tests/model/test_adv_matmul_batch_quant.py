"""asc.adv.Matmul on the Model beyond 16-bit inputs and single products: iterate_batch over the
NORMAL (BMNK) layout (to GM and to the UB, one side broadcast, split over cores), int8 inputs
(int32 C, and half C through set_quant_scalar / set_quant_vector), float inputs, get_tensor_c
to GM and the UB at once, async_get_tensor_c; and the errors of those forms. Each result is
checked against numpy."""

import inspect

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.runtime.config as config


@pytest.fixture(autouse=True)
def _model():
    config.set_platform(config.Backend.Model)


_HOST_DT = {np.float16: host.DataType.DT_FLOAT16, np.float32: host.DataType.DT_FLOAT,
            np.int8: host.DataType.DT_INT8}


def make_tiling(m, n, k, dtype, cores, c_dtype=host.DataType.DT_FLOAT, batch=None, fix=None):
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, _HOST_DT[dtype], False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, _HOST_DT[dtype], False)
    mt.set_c_type(host.TPosition.GM, host.CubeFormat.ND, c_dtype)
    mt.set_dim(cores)
    mt.set_shape(m, n, k)
    mt.set_org_shape(m, n, k)
    if fix:
        mt.set_fix_split(*fix)
    if batch:
        ba, bb = batch
        mt.set_a_layout(ba, m, 1, 1, k)
        mt.set_b_layout(bb, k, 1, 1, n)
        mt.set_c_layout(max(ba, bb), m, 1, 1, n)
        mt.set_batch_num(max(ba, bb))
    tiling = asc.adv.TCubeTiling()
    assert mt.get_tiling(tiling) == 0
    return tiling


@asc.jit
def core_offsets(tiling: asc.adv.TCubeTiling):
    # this core's single_core_m x single_core_n share of C (and of every batch's C)
    idx = asc.get_block_idx()
    m_parts = tiling.m.ceildiv(tiling.single_core_m)
    row = idx % m_parts
    col = idx // m_parts
    tail_m = tiling.m - row * tiling.single_core_m
    if tail_m > tiling.single_core_m:
        tail_m = tiling.single_core_m
    tail_n = tiling.n - col * tiling.single_core_n
    if tail_n > tiling.single_core_n:
        tail_n = tiling.single_core_n
    return row * tiling.k_a * tiling.single_core_m, col * tiling.single_core_n, \
        row * tiling.n * tiling.single_core_m + col * tiling.single_core_n, tail_m, tail_n


# ---------------------------------------------------------------- iterate_batch (NORMAL layout)
@asc.jit(always_compile=True)
def batch_to_gm(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                workspace: asc.GlobalAddress, batch_a: asc.ConstExpr[int], batch_b: asc.ConstExpr[int]):
    asc.set_sys_workspace(workspace)
    off_a, off_b, off_c, tail_m, tail_n = core_offsets(tiling)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a + off_a)
    gb.set_global_buffer(b + off_b)
    gc.set_global_buffer(c + off_c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype, False, asc.LayoutMode.NORMAL),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gb.dtype, False, asc.LayoutMode.NORMAL),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gc.dtype, False, asc.LayoutMode.NORMAL),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb)
        mm.set_tail(tail_m, tail_n)
        mm.iterate_batch(gc, batch_a, batch_b, False, sync=False, wait_iterate_batch=True)
        mm.wait_iterate_batch()
        mm.end()


def _batched_reference(a, b, batch_a, batch_b):
    batch = max(batch_a, batch_b)
    return np.stack([a[i // (batch // batch_a)].astype(np.float32) @ b[i // (batch // batch_b)].astype(np.float32)
                     for i in range(batch)])


@pytest.mark.parametrize("dtype,m,k,n,batch_a,batch_b,cores", [
    (np.float16, 32, 32, 32, 2, 2, 1),       # pyasc's iterate_batch case (half)
    (np.float32, 64, 64, 64, 2, 2, 16),      # pyasc's float case, split over cores
    (np.float16, 48, 64, 80, 3, 1, 4),       # B broadcast to three A's, ragged blocks
    (np.float16, 32, 48, 64, 1, 2, 2),       # A broadcast
])
def test_iterate_batch_normal_layout(dtype, m, k, n, batch_a, batch_b, cores):
    rng = np.random.default_rng(7)
    a = rng.integers(-5, 5, (batch_a, m, k)).astype(dtype)
    b = rng.integers(-5, 5, (batch_b, k, n)).astype(dtype)
    tiling = make_tiling(m, n, k, dtype, cores, batch=(batch_a, batch_b))
    if cores > 1:
        assert tiling.used_core_num > 1  # every core takes its share of each batch
    c = np.zeros((max(batch_a, batch_b), m, n), np.float32)
    workspace = np.zeros(1024 * 1024, np.uint8)
    batch_to_gm[(tiling.used_core_num + 1) // 2](a, b, c, tiling, workspace, batch_a, batch_b)
    np.testing.assert_array_equal(c, _batched_reference(a, b, batch_a, batch_b))


@asc.jit(always_compile=True)
def batch_to_ub(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                workspace: asc.GlobalAddress, batch: asc.ConstExpr[int]):
    asc.set_sys_workspace(workspace)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb.set_global_buffer(b)
    gc.set_global_buffer(c)
    pipe = asc.TPipe()
    out_q = asc.TQue(asc.TPosition.VECOUT, 1)
    size = batch * tiling.single_core_m * tiling.single_core_n
    pipe.init_buffer(que=out_q, num=1, len=size * 4)
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype, False, asc.LayoutMode.NORMAL),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gb.dtype, False, asc.LayoutMode.NORMAL),
        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, gc.dtype, False, asc.LayoutMode.NORMAL),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb)
        ub = out_q.alloc_tensor(asc.float32)
        mm.iterate_batch(ub, batch, batch, False)
        out_q.enque(ub)
        ub = out_q.deque(asc.float32)
        asc.data_copy(gc, ub, count=size)
        out_q.free_tensor(ub)
        mm.end()


def test_iterate_batch_to_the_ub():
    m, k, n, batch = 32, 64, 48, 2
    rng = np.random.default_rng(8)
    a = rng.integers(-4, 4, (batch, m, k)).astype(np.float16)
    b = rng.integers(-4, 4, (batch, k, n)).astype(np.float16)
    tiling = make_tiling(m, n, k, np.float16, 1, batch=(batch, batch), fix=(16, 16, 32))
    c = np.zeros((batch, m, n), np.float32)
    batch_to_ub[1](a, b, c, tiling, np.zeros(1024 * 1024, np.uint8), batch)
    np.testing.assert_array_equal(c, _batched_reference(a, b, batch, batch))


# The counts of set_batch_num: the cube-only Matmul's form (Ascend C's MatmulImpl; the mixed
# kernel's MatmulClient has neither).
@asc.jit(always_compile=True, matmul_cube_only=True)
def batch_by_set_batch_num(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                           tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, batch_a: asc.ConstExpr[int],
                           batch_b: asc.ConstExpr[int]):
    asc.set_sys_workspace(workspace)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb.set_global_buffer(b)
    gc.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype, False, asc.LayoutMode.NORMAL),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gb.dtype, False, asc.LayoutMode.NORMAL),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gc.dtype, False, asc.LayoutMode.NORMAL),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb)
        mm.set_batch_num(batch_a, batch_b)
        mm.iterate_batch(gc, False, 0, False)  # the counts of set_batch_num
        mm.end()


def test_iterate_batch_with_the_counts_of_set_batch_num():
    m, k, n = 32, 32, 48
    rng = np.random.default_rng(9)
    a = rng.integers(-5, 5, (2, m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (1, k, n)).astype(np.float16)
    tiling = make_tiling(m, n, k, np.float16, 1, batch=(2, 1))
    c = np.zeros((2, m, n), np.float32)
    batch_by_set_batch_num[1](a, b, c, tiling, np.zeros(1024 * 1024, np.uint8), 2, 1)
    np.testing.assert_array_equal(c, _batched_reference(a, b, 2, 1))


@asc.jit(always_compile=True)
def scalar_operand(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                   workspace: asc.GlobalAddress, which: asc.ConstExpr[str]):
    asc.set_sys_workspace(workspace)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb.set_global_buffer(b)
    gc.set_global_buffer(c)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gb.dtype),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gc.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb)
        if which == "a":
            mm.set_tensor_a(3)  # A is 3 everywhere
        if which == "b":
            mm.set_tensor_b(-2.5)
        mm.iterate_all(gc)
        mm.end()


@pytest.mark.parametrize("which", ["a", "b"])
def test_scalar_a_or_b(which):
    m, k, n = 64, 96, 32
    rng = np.random.default_rng(10)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    tiling = make_tiling(m, n, k, np.float16, 1, fix=(32, 32, 32))
    c = np.zeros((m, n), np.float32)
    scalar_operand[1](a, b, c, tiling, np.zeros(1024 * 1024, np.uint8), which)
    if which == "a":
        want = np.full((m, k), 3, np.float32) @ b.astype(np.float32)
    else:
        want = a.astype(np.float32) @ np.full((k, n), -2.5, np.float32)
    np.testing.assert_array_equal(c, want)


# ---------------------------------------------------------------- int8 / float inputs, quantisation
@asc.jit(always_compile=True)
def matmul_all(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
               workspace: asc.GlobalAddress, quant: asc.GlobalAddress, quant_mode: asc.ConstExpr[int],
               trans_b: asc.ConstExpr[bool]):
    asc.set_sys_workspace(workspace)
    off_a, off_b, off_c, tail_m, tail_n = core_offsets(tiling)
    if trans_b:
        off_b = off_b * tiling.k_b
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    gq = asc.GlobalTensor()
    ga.set_global_buffer(a + off_a)
    gb.set_global_buffer(b + off_b)
    gc.set_global_buffer(c + off_c)
    gq.set_global_buffer(quant + (asc.get_block_idx() // tiling.m.ceildiv(tiling.single_core_m)) *
                         tiling.single_core_n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gb.dtype, trans_b),
        c=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gc.dtype),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_org_shape(tiling.m, tiling.n, tiling.k_a)
        mm.set_single_shape(tail_m, tail_n, tiling.single_core_k)
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb, trans_b)
        if quant_mode == 1:
            mm.set_quant_scalar(0x3E800000)  # 0.25
        if quant_mode == 2:
            mm.set_quant_vector(gq)
        mm.iterate_all(gc)
        mm.end()


def _run_all(a, b, c, tiling, quant=None, mode=0, trans_b=False):
    q = np.zeros(8, np.uint64) if quant is None else quant
    b_in = np.ascontiguousarray(b.T) if trans_b else b
    matmul_all[(tiling.used_core_num + 1) // 2](a, b_in, c, tiling, np.zeros(1024 * 1024, np.uint8), q, mode,
                                                 trans_b)
    return c


@pytest.mark.parametrize("m,k,n,cores,trans_b", [(64, 64, 64, 1, False), (256, 128, 64, 4, False),
                                                 (96, 160, 80, 2, False), (64, 96, 48, 1, True)])
def test_int8_inputs_int32_c(m, k, n, cores, trans_b):
    rng = np.random.default_rng(11)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    b = rng.integers(-128, 128, (k, n)).astype(np.int8)
    tiling = make_tiling(m, n, k, np.int8, cores, c_dtype=host.DataType.DT_INT32)
    assert tiling.base_k % 32 == 0
    c = _run_all(a, b, np.zeros((m, n), np.int32), tiling, trans_b=trans_b)
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.astype(np.int32))


@pytest.mark.parametrize("m,k,n,cores", [(256, 256, 256, 16), (64, 256, 128, 8), (48, 64, 40, 1)])
def test_int8_dequant_vector_to_half(m, k, n, cores):
    rng = np.random.default_rng(12)
    a = rng.integers(-5, 5, (m, k)).astype(np.int8)
    b = rng.integers(-5, 5, (k, n)).astype(np.int8)
    scale = ((rng.random(n, dtype=np.float32) - 0.5) * 10).astype(np.float32)
    quant = scale.view(np.uint32).astype(np.uint64)  # the float in the low 32 bits
    tiling = make_tiling(m, n, k, np.int8, cores, c_dtype=host.DataType.DT_FLOAT16)
    c = _run_all(a, b, np.zeros((m, n), np.float16), tiling, quant, 2)
    acc = a.astype(np.int32) @ b.astype(np.int32)
    np.testing.assert_array_equal(c, (acc.astype(np.float32) * scale).astype(np.float16))


def test_int8_dequant_scalar_to_half():
    m, k, n = 64, 128, 96
    rng = np.random.default_rng(13)
    a = rng.integers(-9, 9, (m, k)).astype(np.int8)
    b = rng.integers(-9, 9, (k, n)).astype(np.int8)
    tiling = make_tiling(m, n, k, np.int8, 2, c_dtype=host.DataType.DT_FLOAT16)
    c = _run_all(a, b, np.zeros((m, n), np.float16), tiling, mode=1)
    acc = a.astype(np.int32) @ b.astype(np.int32)
    np.testing.assert_array_equal(c, (acc.astype(np.float32) * np.float32(0.25)).astype(np.float16))


@pytest.mark.parametrize("m,k,n,cores,trans_b", [(1024, 512, 256, 16, False), (64, 64, 64, 1, False),
                                                 (80, 72, 40, 2, False), (64, 48, 32, 1, True)])
def test_float_inputs(m, k, n, cores, trans_b):
    rng = np.random.default_rng(14)
    a = ((rng.random((m, k), dtype=np.float32) - 0.5) * 10).astype(np.float32)
    b = ((rng.random((k, n), dtype=np.float32) - 0.5) * 10).astype(np.float32)
    tiling = make_tiling(m, n, k, np.float32, cores)
    c = _run_all(a, b, np.zeros((m, n), np.float32), tiling, trans_b=trans_b)
    np.testing.assert_allclose(c, a.astype(np.float64) @ b.astype(np.float64), rtol=1e-4, atol=1e-3)


# ---------------------------------------------------------------- get_tensor_c forms
@asc.jit(always_compile=True)
def blocks_both(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, c2: asc.GlobalAddress,
                ws: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress,
                use_async: asc.ConstExpr[bool], with_ws: asc.ConstExpr[bool]):
    asc.set_sys_workspace(workspace)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    gc2 = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb.set_global_buffer(b)
    gc.set_global_buffer(c)
    gc2.set_global_buffer(c2)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q, num=1, len=tiling.base_m * tiling.base_n * 4)
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gb.dtype),
        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, gc.dtype),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb)
        if with_ws:
            gws = asc.GlobalTensor()
            gws.set_global_buffer(ws)
            mm.set_workspace(gws)
        with mm.iterate(sync=not use_async) as count:
            ub = q.alloc_tensor(asc.float32)
            if use_async:
                mm.async_get_tensor_c(ub)
                mm.wait_get_tensor_c()
            else:
                mm.get_tensor_c(gc, optional_tensor=ub)
            q.enque(ub)
            ub = q.deque(asc.float32)
            # the UB copy of block `count`, block by block in order (base_m x base_n each)
            asc.data_copy(gc2[count * tiling.base_m * tiling.base_n:], ub, count=tiling.base_m * tiling.base_n)
            q.free_tensor(ub)
        mm.end()


@pytest.mark.parametrize("use_async,with_ws", [(False, False), (True, False), (True, True)])
def test_get_tensor_c_to_gm_and_ub(use_async, with_ws):
    m, k, n = 64, 32, 64
    rng = np.random.default_rng(15)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    tiling = make_tiling(m, n, k, np.float16, 1, fix=(32, 32, 32))
    c = np.zeros((m, n), np.float32)
    blocks = np.zeros((4, 32, 32), np.float32)
    ws = np.zeros((4, 32, 32), np.float32)
    blocks_both[1](a, b, c, blocks, ws, tiling, np.zeros(1024 * 1024, np.uint8), use_async, with_ws)
    want = a.astype(np.float32) @ b.astype(np.float32)
    if not use_async:
        np.testing.assert_array_equal(c, want)  # the GM copy at each block's place
    else:
        assert not c.any()
    # blocks in M-fastest order (iterate_order 0); with a workspace the asynchronous Iterate's
    # first call had the cube write every block there (the vendor's sequential write), and
    # each fetch copied the next one from it
    for i in range(4):
        mi, ni = i % 2, i // 2
        np.testing.assert_array_equal(blocks[i], want[mi * 32:(mi + 1) * 32, ni * 32:(ni + 1) * 32])
        np.testing.assert_array_equal(ws[i], blocks[i] if with_ws else 0)


# ---------------------------------------------------------------- errors
def _line_of(kernel, text):
    lines, first = inspect.getsourcelines(kernel.fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


def test_iterate_batch_without_layout_names_the_line():
    @asc.jit(always_compile=True)
    def k(a: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
        ga = asc.GlobalTensor()
        gc = asc.GlobalTensor()
        ga.set_global_buffer(a)
        gc.set_global_buffer(c)
        pipe = asc.TPipe()
        mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype),
                            asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gc.dtype))
        asc.adv.register_matmul(pipe, mm, tiling)
        mm.iterate_batch(gc, 2, 2, False)  # the bad line

    # A mixed kernel's MatmulClient takes the call (it compiles, as Ascend C's does); its cube
    # core would drop it and never write C, so the Model stops at the line instead.
    tiling = make_tiling(32, 32, 32, np.float16, 1)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        k[1](np.zeros(1024, np.float16), np.zeros(1024, np.float32), tiling)
    assert "no batch layout (LayoutMode::NONE)" in str(err.value)
    assert f"{__file__}:{_line_of(k, 'the bad line')}:" in str(err.value)


def test_int8_half_c_without_scale_faults_at_the_call():
    m = k = n = 64
    a = np.ones((m, k), np.int8)
    tiling = make_tiling(m, n, k, np.int8, 1, c_dtype=host.DataType.DT_FLOAT16)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        _run_all(a, a, np.zeros((m, n), np.float16), tiling)
    assert "SetQuantScalar or SetQuantVector" in str(err.value)
    assert f"{__file__}:{_line_of(matmul_all, 'mm.iterate_all(gc)')}:" in str(err.value)


def test_quant_scale_on_a_float_accumulator_to_float_faults():
    m = k = n = 32
    a = np.ones((m, k), np.float16)
    tiling = make_tiling(m, n, k, np.float16, 1)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        _run_all(a, a, np.zeros((m, n), np.float32), tiling, mode=1)
    assert "no quantisation mode" in str(err.value) and "SetQuantScalar" in str(err.value)
    assert f"{__file__}:{_line_of(matmul_all, 'mm.set_quant_scalar(')}:" in str(err.value)


def test_batch_counts_that_do_not_broadcast_fault():
    m = k = n = 32
    a = np.ones((3, m, k), np.float16)
    tiling = make_tiling(m, n, k, np.float16, 1, batch=(3, 2))
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        batch_to_gm[1](a, a, np.zeros((3, m, n), np.float32), tiling, np.zeros(1024, np.uint8), 3, 2)
    assert "multiple of the smaller" in str(err.value)


# ---------------------------------------------------------------- the default bias type (C's)
@asc.jit(always_compile=True)
def bias_of_c_type(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                   tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress, in_ub: asc.ConstExpr[bool]):
    asc.set_sys_workspace(workspace)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    gbias = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb.set_global_buffer(b)
    gc.set_global_buffer(c)
    gbias.set_global_buffer(bias)
    pipe = asc.TPipe()
    # no bias MatmulType: Ascend C's default makes the bias C's type
    mm = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gb.dtype),
                        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gc.dtype))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_self_define_data(workspace)  # callback data: kept, no callback reads it
        mm.set_user_def_info(workspace)
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb)
        if in_ub:
            mm.set_bias(asc.LocalTensor(gc.dtype, asc.TPosition.VECIN, 0, 64))
        else:
            mm.set_bias(gbias)
        mm.iterate_all(gc)
        mm.end()


def _bias_tiling(m, n, k):
    mt = host.MatmulApiTiling(host.get_ascendc_platform())
    mt.set_shape(m, n, k)
    mt.enable_bias(True)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    return t


def test_bias_defaults_to_the_c_type():
    m, k, n = 32, 64, 48
    rng = np.random.default_rng(16)
    a = rng.integers(-5, 5, (m, k)).astype(np.float16)
    b = rng.integers(-5, 5, (k, n)).astype(np.float16)
    bias = rng.integers(-9, 9, (1, n)).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    bias_of_c_type[1](a, b, c, bias, _bias_tiling(m, n, k), np.zeros(1024 * 1024, np.uint8), False)
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32) + bias)


@pytest.mark.parametrize("c_dtype,in_ub,message", [
    (np.float16, False, "only a bias of the accumulator type"),
    (np.float32, True, "a bias in a LocalTensor is not modelled"),
])
def test_bias_forms_the_model_does_not_take_fault_at_the_line(c_dtype, in_ub, message):
    m = k = n = 32
    a = np.ones((m, k), np.float16)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        bias_of_c_type[1](a, a, np.zeros((m, n), c_dtype), np.zeros((1, n), c_dtype), _bias_tiling(m, n, k),
                          np.zeros(1024 * 1024, np.uint8), in_ub)
    assert message in str(err.value)
    assert f"{__file__}:{_line_of(bias_of_c_type, 'mm.set_bias(' + ('asc.' if in_ub else 'gbias'))}:" in str(err.value)


# ---------------------------------------------------------------- float inputs, bias, blocks through the UB
@asc.jit(always_compile=True)
def float_blocks_to_ub(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, bias: asc.GlobalAddress,
                       tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    # pyasc's float matmul + bias: each base block fetched to a 2-deep UB queue, scaled there
    # (muls by 2) and copied to its place in C
    asc.set_sys_workspace(workspace)
    off_a, off_b, off_c, tail_m, tail_n = core_offsets(tiling)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gc = asc.GlobalTensor()
    gbias = asc.GlobalTensor()
    ga.set_global_buffer(a + off_a)
    gb.set_global_buffer(b + off_b)
    gc.set_global_buffer(c + off_c)
    gbias.set_global_buffer(bias + off_b)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=q, num=2, len=tiling.base_m * tiling.base_n * 4)
    mm = asc.adv.Matmul(a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype),
                        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gb.dtype),
                        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, gc.dtype),
                        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gbias.dtype))
    asc.adv.register_matmul(pipe, mm, tiling)
    if asc.get_block_idx() < tiling.used_core_num:
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb)
        mm.set_bias(gbias)
        with mm.iterate() as count:
            ub = q.alloc_tensor(asc.float32)
            mm.get_tensor_c(ub, en_sequential_write=True)
            asc.muls(ub, ub, 2.0, count=tiling.base_m * tiling.base_n)
            q.enque(ub)
            ub = q.deque(asc.float32)
            m_blocks = tiling.single_core_m // tiling.base_m
            start = count % m_blocks * tiling.base_m * tiling.n + count // m_blocks * tiling.base_n
            params = asc.DataCopyParams(block_count=tiling.base_m, block_len=tiling.base_n * 4 // 32, src_stride=0,
                                        dst_stride=(tiling.n - tiling.base_n) * 4 // 32)
            asc.data_copy(gc[start:], ub, repeat_params=params)
            q.free_tensor(ub)
        mm.end()


def test_float_inputs_with_bias_through_the_ub():
    m, k, n, cores = 256, 128, 128, 4
    rng = np.random.default_rng(17)
    a = ((rng.random((m, k), dtype=np.float32) - 0.5) * 10).astype(np.float32)
    b = ((rng.random((k, n), dtype=np.float32) - 0.5) * 10).astype(np.float32)
    bias = ((rng.random((1, n), dtype=np.float32) - 0.5) * 10).astype(np.float32)
    mt = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_c_type(host.TPosition.VECCALC, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    mt.set_dim(cores)
    mt.set_shape(m, n, k)
    mt.enable_bias(True)
    # no fixed split: the vendor's GetTiling has no L0 factors for a fixed 64 x 64 here (-1)
    tiling = asc.adv.TCubeTiling()
    assert mt.get_tiling(tiling) == 0
    # whole blocks per core (the kernel's block arithmetic assumes them)
    assert tiling.single_core_m % tiling.base_m == 0 and tiling.single_core_n % tiling.base_n == 0
    assert m % tiling.single_core_m == 0 and n % tiling.single_core_n == 0
    c = np.zeros((m, n), np.float32)
    float_blocks_to_ub[(tiling.used_core_num + 1) // 2](a, b, c, bias, tiling, np.zeros(1 << 20, np.uint8))
    want = 2 * (a.astype(np.float64) @ b.astype(np.float64) + bias)
    np.testing.assert_allclose(c, want, rtol=1e-4, atol=2e-3)


@asc.jit(always_compile=True)
def async_fetch_twice(a: asc.GlobalAddress, b: asc.GlobalAddress, ws: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling, workspace: asc.GlobalAddress):
    asc.set_sys_workspace(workspace)
    ga = asc.GlobalTensor()
    gb = asc.GlobalTensor()
    gws = asc.GlobalTensor()
    ga.set_global_buffer(a)
    gb.set_global_buffer(b)
    gws.set_global_buffer(ws)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, ga.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, gb.dtype),
        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32),
    )
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if asc.get_block_idx() == 0:
        mm.set_tensor_a(ga)
        mm.set_tensor_b(gb)
        mm.set_workspace(gws)
        ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 32 * 32)
        with mm.iterate(sync=False) as count:
            mm.async_get_tensor_c(ub)  # the third round's first fetch is the fifth
            mm.async_get_tensor_c(ub)
        mm.end()


def test_fetching_past_an_asynchronous_rounds_blocks_faults():
    m, k, n = 64, 32, 64
    a = np.ones((m, k), np.float16)
    tiling = make_tiling(m, n, k, np.float16, 1, fix=(32, 32, 32))
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        async_fetch_twice[1](a, a, np.zeros((4, 32, 32), np.float32), tiling, np.zeros(1024 * 1024, np.uint8))
    text = str(err.value)
    assert "the 4 blocks of the asynchronous Iterate were all fetched already" in text
    assert f"{__file__}:{_line_of(async_fetch_twice, 'the fifth')}:" in text
