"""asc.adv.Matmul on the Model, written as pyasc's matmul tutorials write it (numpy for torch):
a mixed AIC+AIV matmul (with and without bias), a cube-only matmul over 128 x 64 x 30720,
matmul + leaky relu through `with mm.iterate() as count` and get_tensor_c into the UB;
plus transposed inputs, tails, the block iterator to GM, and the errors a kernel meets."""

from typing import Tuple

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.lib.runtime as rt
import asc.runtime.config as config
from adv_matmul_kernels import ENABLE_BIAS, _ints, host_tiling, matmul_cube_kernel, matmul_mix_kernel



@pytest.fixture(autouse=True)
def _model():
    config.set_platform(config.Backend.Model)


@pytest.mark.parametrize("with_bias", [False, True])
def test_mixed_matmul_tutorial(with_bias):
    m, k, n, cores = 512, 512, 1024, 48
    rng = np.random.default_rng(3)
    a, b = _ints(rng, (m, k), np.float16), _ints(rng, (k, n), np.float16)
    bias = _ints(rng, (1, n), np.float32)
    tiling = host_tiling(m, n, k, cores, bias=with_bias)
    assert tiling.used_core_num <= cores
    c = np.zeros((m, n), np.float32)
    workspace = np.zeros(16 * 1024 * 1024, np.uint8)
    # block_dim counts AIC-AIV groups in a mixed kernel: two vector cores each
    matmul_mix_kernel[cores // 2, rt.current_stream()](a, b, c, bias, tiling, workspace, False, False)
    want = a.astype(np.float32) @ b.astype(np.float32) + (bias if with_bias else 0)
    np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)


@pytest.mark.parametrize("trans_a,trans_b", [(True, False), (False, True), (True, True)])
def test_transposed_inputs_and_ragged_tails(trans_a, trans_b):
    # M, N, K that are not multiples of the blocks: tails in every dimension
    m, k, n, cores = 100, 90, 70, 4
    rng = np.random.default_rng(4)
    a = _ints(rng, (m, k), np.float16)
    b = _ints(rng, (k, n), np.float16)
    bias = _ints(rng, (1, n), np.float32)
    a_in = np.ascontiguousarray(a.T) if trans_a else a
    b_in = np.ascontiguousarray(b.T) if trans_b else b
    tiling = host_tiling(m, n, k, cores, bias=True, trans_a=trans_a, trans_b=trans_b)
    c = np.zeros((m, n), np.float32)
    workspace = np.zeros(1024 * 1024, np.uint8)
    matmul_mix_kernel[cores // 2](a_in, b_in, c, bias, tiling, workspace, trans_a, trans_b)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32) + bias, rtol=1e-3, atol=1e-3)


# ---------------------------------------------------------------- 04_matmul_cube_only
# (matmul_cube_kernel is in adv_matmul_kernels.py, shared with test_host_tiling.py)
def test_cube_only_tutorial_128x64x30720():
    m, k, n = 128, 64, 30720
    rng = np.random.default_rng(5)
    a, b = _ints(rng, (m, k), np.float16), _ints(rng, (k, n), np.float16)
    bias = _ints(rng, (1, n), np.float32)
    tiling = host_tiling(m, n, k, 24, bias=ENABLE_BIAS)
    c = np.zeros((m, n), np.float32)
    workspace = np.zeros(16 * 1024 * 1024, np.uint8)
    matmul_cube_kernel[tiling.used_core_num, rt.current_stream()](a, b, c, bias, tiling, workspace)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-3, atol=1e-3)


# ---------------------------------------------------------------- 05_matmul_leakyrelu
@asc.jit
def leaky_offsets(tiling: asc.adv.TCubeTiling) -> Tuple[int, int, int, int]:
    block_idx = asc.get_block_idx()
    m_single_blocks = tiling.m.ceildiv(tiling.single_core_m)
    m_index = block_idx % m_single_blocks
    n_index = block_idx // m_single_blocks
    offset_a = m_index * tiling.k_a * tiling.single_core_m
    offset_b = n_index * tiling.single_core_n
    offset_c = m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n
    offset_bias = n_index * tiling.single_core_n
    return offset_a, offset_b, offset_c, offset_bias


@asc.jit(always_compile=True)
def matmul_leakyrelu_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                            bias: asc.GlobalAddress, alpha: float, tiling: asc.adv.TCubeTiling,
                            workspace: asc.GlobalAddress):
    asc.set_sys_workspace(workspace)
    offset_a, offset_b, offset_c, offset_bias = leaky_offsets(tiling)
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    bias_global = asc.GlobalTensor()
    a_global.set_global_buffer(a + offset_a)
    b_global.set_global_buffer(b + offset_b)
    c_global.set_global_buffer(c + offset_c)
    bias_global.set_global_buffer(bias + offset_bias)
    size = tiling.base_m * tiling.base_n * c.dtype.sizeof()
    pipe = asc.TPipe()
    relu_out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=relu_out_queue, num=1, len=size)
    matmul = asc.adv.Matmul(
        a=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, a_global.dtype),
        b=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, b_global.dtype),
        c=asc.adv.MatmulType(asc.TPosition.VECCALC, asc.CubeFormat.ND, c_global.dtype),
        bias=asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, bias_global.dtype),
    )
    asc.adv.register_matmul(pipe, matmul, tiling)
    matmul.set_tensor_a(a_global)
    matmul.set_tensor_b(b_global)
    matmul.set_bias(bias_global)
    with matmul.iterate() as count:
        relu_out_local = relu_out_queue.alloc_tensor(c.dtype)
        matmul.get_tensor_c(relu_out_local, en_sequential_write=True)
        asc.leaky_relu(relu_out_local, relu_out_local, alpha, count=tiling.base_m * tiling.base_n)
        relu_out_queue.enque(relu_out_local)
        relu_out_local = relu_out_queue.deque(c.dtype)
        round_m = tiling.single_core_m // tiling.base_m
        start_offset = count % round_m * tiling.base_m * tiling.n + count // round_m * tiling.base_n
        params = asc.DataCopyParams(
            block_count=tiling.base_m,
            block_len=tiling.base_n * c.dtype.sizeof() // asc.property(asc.DEFAULT_C0_SIZE),
            src_stride=0,
            dst_stride=(tiling.n - tiling.base_n) * c.dtype.sizeof() // asc.property(asc.DEFAULT_C0_SIZE),
        )
        asc.data_copy(c_global[start_offset:], relu_out_local, repeat_params=params)
        relu_out_queue.free_tensor(relu_out_local)
    matmul.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def test_matmul_leakyrelu_tutorial():
    m, k, n = 1024, 256, 640
    rng = np.random.default_rng(6)
    a, b = _ints(rng, (m, k), np.float16), _ints(rng, (k, n), np.float16)
    bias = _ints(rng, (1, n), np.float32)
    alpha = 0.001
    tiling = host_tiling(m, n, k, 2, bias=True, c_pos=host.TPosition.VECCALC, fix=(256, 128, -1),
                         traverse=host.MatrixTraverse.FIRSTM)
    assert (tiling.base_m, tiling.base_n, tiling.used_core_num) == (256, 128, 2)
    c = np.zeros((m, n), np.float32)
    workspace = np.zeros(16 * 1024 * 1024, np.uint8)
    matmul_leakyrelu_kernel[tiling.used_core_num // 2, rt.current_stream()](a, b, c, bias, alpha, tiling,
                                                                            workspace)
    mm = a.astype(np.float32) @ b.astype(np.float32) + bias
    np.testing.assert_allclose(c, np.where(mm >= 0, mm, mm * alpha), rtol=1e-3, atol=1e-3)


# ---------------------------------------------------------------- faults at the user's line
@asc.jit
def matmul_misuse_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                         bias: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, which: asc.ConstExpr[int]):
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    bias_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global.set_global_buffer(b)
    c_global.set_global_buffer(c)
    bias_global.set_global_buffer(bias)
    pipe = asc.TPipe()
    f16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(f16, f16, f32, f32)
    asc.adv.register_matmul(pipe, mm, tiling)
    if which == 0:
        mm.iterate_all(c_global)  # no set_tensor_a / set_tensor_b
    if which == 1:
        mm.set_tensor_a(a_global)
        mm.set_bias(bias_global)  # the tiling was made without enable_bias
    if which == 2:
        mm.set_tensor_a(a_global)
        mm.set_tensor_b(b_global)
        mm.get_tensor_c(c_global)  # no iterate() before
    if which >= 3:
        mm.set_tensor_a(a_global)
        mm.set_tensor_b(b_global)
        if which == 4:
            mm.set_bias(bias_global)  # its L1 buffer would lie past L1's end
        mm.iterate_all(c_global)
    mm.end()


@pytest.mark.parametrize("which,line,message", [
    (0, "mm.iterate_all(c_global)  # no set_tensor_a", "SetTensorA and SetTensorB come first"),
    (1, "mm.set_bias(bias_global)", "no bias buffer was reserved"),
    (2, "mm.get_tensor_c(c_global)", "call Iterate() first"),
])
def test_misuse_faults_name_the_line(which, line, message):
    import inspect
    src, first = inspect.getsourcelines(matmul_misuse_kernel.fn)
    lineno = first + next(i for i, text in enumerate(src) if line in text)
    m, n, k = 32, 32, 32
    tiling = host_tiling(m, n, k, 1)
    arrays = (np.zeros((m, k), np.float16), np.zeros((k, n), np.float16), np.zeros((m, n), np.float32),
              np.zeros((1, n), np.float32))
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        matmul_misuse_kernel[1](*arrays, tiling, which)
    assert message in str(err.value) and f"test_adv_matmul.py:{lineno}:" in str(err.value)


def _l1_filling_tiling(m, n, k):
    """A tiling with a bias whose A and B chunks fill all of L1 (2 x 128 x 512 + 2 x 256 x 256
    halves = 512 KB), as matmul_high_performance's constant tiling of cases 7-8 does."""
    tiling = host_tiling(m, n, k, 1, bias=True)
    for name, value in dict(base_m=128, base_n=256, base_k=64, step_k_a=8, depth_a1=16, step_k_b=4, depth_b1=8,
                            step_m=1, step_n=1).items():
        setattr(tiling, name, value)
    return tiling


def test_a_bias_buffer_past_l1_is_harmless_until_a_bias_is_set():
    # The vendor reserves the bias row's buffer after A's and B's whenever the tiling has
    # isBias, with no check of the total: the Model runs the Matmul, and faults only at the
    # set_bias that would use the buffer past L1's end.
    import inspect
    m, n, k = 128, 256, 1024
    rng = np.random.default_rng(5)
    a, b = _ints(rng, (m, k), np.float16), _ints(rng, (k, n), np.float16)
    bias = np.zeros((1, n), np.float32)
    c = np.zeros((m, n), np.float32)
    matmul_misuse_kernel[1](a, b, c, bias, _l1_filling_tiling(m, n, k), 3)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-3, atol=1e-3)
    src, first = inspect.getsourcelines(matmul_misuse_kernel.fn)
    lineno = first + next(i for i, text in enumerate(src) if "its L1 buffer would lie past" in text)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        matmul_misuse_kernel[1](a, b, c, bias, _l1_filling_tiling(m, n, k), 4)
    assert f"test_adv_matmul.py:{lineno}:" in str(err.value)
    assert ("the bias row's L1 buffer (1024 bytes) lies past the end of L1: A's and B's chunks take 524288 of "
            "the core's 524288 bytes") in str(err.value)


def test_each_k_step_records_the_matmuls_scalar_work():
    # The timed Model charges the Matmul's own scalar work (the vendor's README: 26-46% of the
    # AIC's time) per k step: one PIPE_S "Matmul" event a k step of a base block, of the runtime
    # tiling's class (a Python kernel's tiling is a runtime one); cycle.simulate times it.
    from asc.profiler import cycle, simulate, timing_params
    m, k, n = 64, 256, 128
    rng = np.random.default_rng(6)
    a, b = _ints(rng, (m, k), np.float16), _ints(rng, (k, n), np.float16)
    bias = np.zeros((1, n), np.float32)
    tiling = host_tiling(m, n, k, 1)
    c = np.zeros((m, n), np.float32)
    with asc.profile() as prof:
        matmul_cube_kernel[1](a, b, c, bias, tiling, np.zeros(1024 * 1024, np.uint8))
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-3, atol=1e-3)
    rec = prof.launches[-1].recording
    ev = rec.events
    steps = (ev["pipe"] == cycle.PIPE_S) & (ev["api"] == rec.strings.index("Matmul"))
    blocks = -(-m // tiling.base_m) * -(-n // tiling.base_n)
    assert int(steps.sum()) == blocks * -(-k // tiling.base_k)
    assert set(ev["event"][steps].tolist()) == {cycle.SCALAR_MATMUL_STEP}
    p = timing_params("Ascend910B1")
    scalar = lambda **kw: simulate(rec, p.with_overrides(**kw)).busy[0][cycle.PIPE_S]  # noqa: E731
    assert scalar(matmul_step_scalar_cycles=1000) - scalar(matmul_step_scalar_cycles=0) == \
        pytest.approx(1000 * int(steps.sum()))
