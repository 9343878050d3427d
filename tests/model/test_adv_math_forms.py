"""asc.adv math family on the Model: half precision and the forms without count/temp buffer,
exp with and without the Taylor path, power (float and int32), xor, axpy (half src into float
dst), all against numpy."""

import numpy as np
import pytest

import asc

N = 128


@asc.jit
def k_forms(xh: asc.GlobalAddress, yh: asc.GlobalAddress, xf: asc.GlobalAddress, yf: asc.GlobalAddress,
            pi: asc.GlobalAddress, yi: asc.GlobalAddress, bi: asc.GlobalAddress, yb: asc.GlobalAddress,
            n: asc.ConstExpr[int]):
    gxh = asc.GlobalTensor()
    gyh = asc.GlobalTensor()
    gxf = asc.GlobalTensor()
    gyf = asc.GlobalTensor()
    gpi = asc.GlobalTensor()
    gyi = asc.GlobalTensor()
    gbi = asc.GlobalTensor()
    gyb = asc.GlobalTensor()
    gxh.set_global_buffer(xh)
    gyh.set_global_buffer(yh)
    gxf.set_global_buffer(xf)
    gyf.set_global_buffer(yf)
    gpi.set_global_buffer(pi)
    gyi.set_global_buffer(yi)
    gbi.set_global_buffer(bi)
    gyb.set_global_buffer(yb)
    pipe = asc.TPipe()
    b_hin = asc.TBuf(asc.TPosition.VECCALC)
    b_sin = asc.TBuf(asc.TPosition.VECCALC)
    b_rest = asc.TBuf(asc.TPosition.VECCALC)
    b_tmp = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=b_hin, num=n * 2)
    pipe.init_buffer(buf=b_sin, num=n * 2)
    pipe.init_buffer(buf=b_rest, num=32 * 1024)
    pipe.init_buffer(buf=b_tmp, num=4096)
    h_in = b_hin.get(asc.float16)             # exactly n: the forms without a count cover it
    h_sin = b_sin.get(asc.float16)
    h_out = b_rest.get(asc.float16)           # 2 results of n
    f_in = b_rest.get(asc.float32)[n:]        # 2n float inputs (x, y)
    f_out = f_in[2 * n:]                      # 5 results of n
    i_in = f_out[5 * n:].reinterpret_cast(asc.int32)   # 2n int32 (base, exponent)
    i_out = i_in[2 * n:]
    b_in = i_out[n:].reinterpret_cast(asc.int16)       # 2n int16
    b_out = b_in[2 * n:]
    tmp = b_tmp.get(asc.uint8)
    asc.data_copy(h_in, gxh, count=n)
    asc.data_copy(f_in, gxf, count=2 * n)
    asc.data_copy(i_in, gpi, count=2 * n)
    asc.data_copy(b_in, gbi, count=2 * n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    # half, no count (the whole src) and no temporary buffer
    asc.adv.sin(h_sin, h_in)
    asc.adv.atan(h_out, h_in, temp_buffer=tmp)
    asc.adv.exp(h_out[n:], h_in, n, 0)
    # float: exp exact / Taylor 10 / Taylor 2, power, axpy (dst += 0.5 * half src)
    asc.adv.exp(f_out, f_in, n, 0)
    asc.adv.exp(f_out[n:], f_in, n, 10, tmp)
    asc.adv.exp(f_out[2 * n:], f_in, n, 2)
    asc.adv.power(f_out[3 * n:], f_in, f_in[n:], n, tmp)
    asc.duplicate(f_out[4 * n:], 1.0, n)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.adv.axpy(f_out[4 * n:], h_in, 0.5, n, tmp)
    asc.adv.power(i_out, i_in, i_in[n:], count=n)
    asc.adv.xor(b_out, b_in, b_in[n:], n, tmp)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(gyh, h_sin, count=n)
    asc.data_copy(gyh[n:], h_out, count=2 * n)
    asc.data_copy(gyf, f_out, count=5 * n)
    asc.data_copy(gyi, i_out, count=n)
    asc.data_copy(gyb, b_out, count=n)


@pytest.fixture(scope="module")
def run():
    rng = np.random.default_rng(5)
    xh = rng.uniform(-2, 2, N).astype(np.float16)
    xf = np.concatenate([rng.uniform(0.1, 3, N), rng.uniform(-2, 2, N)]).astype(np.float32)
    pi = np.concatenate([rng.integers(-5, 6, N), rng.integers(-2, 6, N)]).astype(np.int32)
    bi = rng.integers(-2**15, 2**15, 2 * N).astype(np.int16)
    out = dict(yh=np.zeros(3 * N, np.float16), yf=np.zeros(5 * N, np.float32), yi=np.zeros(N, np.int32),
               yb=np.zeros(N, np.int16))
    k_forms[1](xh, out["yh"], xf, out["yf"], pi, out["yi"], bi, out["yb"], N)
    return dict(xh=xh, xf=xf, pi=pi, bi=bi, **out)


def test_half_forms(run):
    x = run["xh"].astype(np.float32)
    y = run["yh"].astype(np.float32).reshape(3, N)
    # computed in float, rounded once to half: within half an ulp of half (2**-11 relative)
    np.testing.assert_allclose(y[0], np.sin(x).astype(np.float16), rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(y[1], np.arctan(x).astype(np.float16), rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(y[2], np.exp(x).astype(np.float16), rtol=1e-3)


def test_exp_taylor_levels(run):
    x = run["xf"][:N]
    y = run["yf"].reshape(5, N)
    np.testing.assert_allclose(y[0], np.exp(x), rtol=2e-6)
    np.testing.assert_allclose(y[1], np.exp(x), rtol=2e-6)   # 10 terms of e^frac: float-exact
    f = x - np.trunc(x)
    two_terms = np.exp(np.trunc(x)) * (1 + f + f * f / 2)
    np.testing.assert_allclose(y[2], two_terms, rtol=2e-6)
    assert np.abs(y[2] / np.exp(x) - 1).max() > 1e-3  # a short expansion is visibly less exact


def test_power_and_axpy(run):
    base, expo = run["xf"][:N], run["xf"][N:]
    y = run["yf"].reshape(5, N)
    np.testing.assert_allclose(y[3], np.power(base.astype(np.float64), expo), rtol=4e-6)
    np.testing.assert_allclose(y[4], 1.0 + 0.5 * run["xh"].astype(np.float32), rtol=1e-6)


def test_int_power_and_xor(run):
    b, e = run["pi"][:N].astype(np.int64), run["pi"][N:].astype(np.int64)
    ref = np.where(e >= 0, b ** np.maximum(e, 0), np.where(b == 1, 1, np.where(b == -1, (-1) ** np.abs(e), 0)))
    np.testing.assert_array_equal(run["yi"], ref.astype(np.int32))
    np.testing.assert_array_equal(run["yb"], run["bi"][:N] ^ run["bi"][N:])
