"""asc.adv math family on the Model, against numpy: the 23 element-wise functions in float32
(one kernel, each function on its own slice, forms with and without the temporary buffer)."""

import math

import numpy as np
import pytest

import asc

N = 256
# name -> (low, high) of the inputs: inside each function's domain
DOMAINS = {
    "acos": (-0.95, 0.95), "acosh": (1.05, 4.0), "asin": (-0.95, 0.95), "asinh": (-3, 3), "atan": (-4, 4),
    "atanh": (-0.9, 0.9), "ceil": (-5, 5), "cos": (-3, 3), "cosh": (-3, 3), "digamma": (0.1, 6),
    "erf": (-2.5, 2.5), "erfc": (-2.5, 2.5), "floor": (-5, 5), "frac": (-5, 5), "lgamma": (0.1, 6),
    "log": (0.01, 10), "round": (-5, 5), "sign": (-2, 2), "sin": (-3, 3), "sinh": (-3, 3),
    "tan": (-1.3, 1.3), "tanh": (-3, 3), "trunc": (-5, 5),
}
NAMES = list(DOMAINS)


def _digamma(x):
    # central difference of lgamma in double precision: ~1e-9 accurate, far below float32
    h = 1e-5
    return (math.lgamma(x + h) - math.lgamma(x - h)) / (2 * h)


REFERENCE = {
    "acos": np.arccos, "acosh": np.arccosh, "asin": np.arcsin, "asinh": np.arcsinh, "atan": np.arctan,
    "atanh": np.arctanh, "ceil": np.ceil, "cos": np.cos, "cosh": np.cosh,
    "digamma": np.vectorize(_digamma), "erf": np.vectorize(math.erf), "erfc": np.vectorize(math.erfc),
    "floor": np.floor, "frac": lambda x: x - np.trunc(x), "lgamma": np.vectorize(math.lgamma),
    "log": np.log, "round": np.round, "sign": np.sign, "sin": np.sin, "sinh": np.sinh, "tan": np.tan,
    "tanh": np.tanh, "trunc": np.trunc,
}


@asc.jit
def k_unary(x: asc.GlobalAddress, y: asc.GlobalAddress, n: asc.ConstExpr[int], total: asc.ConstExpr[int]):
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg.set_global_buffer(y)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    tb = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=qi, num=1, len=total * 4)
    pipe.init_buffer(que=qo, num=1, len=total * 4)
    pipe.init_buffer(buf=tb, num=2048)
    a = qi.alloc_tensor(asc.float32)
    asc.data_copy(a, xg, count=total)
    qi.enque(a)
    a = qi.deque(asc.float32)
    b = qo.alloc_tensor(asc.float32)
    t = tb.get(asc.uint8)
    asc.adv.acos(b, a, n, t)
    asc.adv.acosh(b[n:], a[n:], n)
    asc.adv.asin(b[2 * n:], a[2 * n:], count=n, temp_buffer=t)
    asc.adv.asinh(b[3 * n:], a[3 * n:], n, t, True)
    asc.adv.atan(b[4 * n:], a[4 * n:], n, t)
    asc.adv.atanh(b[5 * n:], a[5 * n:], n)
    asc.adv.ceil(b[6 * n:], a[6 * n:], n, t)
    asc.adv.cos(b[7 * n:], a[7 * n:], n, t)
    asc.adv.cosh(b[8 * n:], a[8 * n:], n)
    asc.adv.digamma(b[9 * n:], a[9 * n:], n, t)
    asc.adv.erf(b[10 * n:], a[10 * n:], n, t)
    asc.adv.erfc(b[11 * n:], a[11 * n:], n)
    asc.adv.floor(b[12 * n:], a[12 * n:], n, t)
    asc.adv.frac(b[13 * n:], a[13 * n:], n, t)
    asc.adv.lgamma(b[14 * n:], a[14 * n:], n)
    asc.adv.log(b[15 * n:], a[15 * n:], n, t)
    asc.adv.round(b[16 * n:], a[16 * n:], n, t)
    asc.adv.sign(b[17 * n:], a[17 * n:], n)
    asc.adv.sin(b[18 * n:], a[18 * n:], n, t)
    asc.adv.sinh(b[19 * n:], a[19 * n:], n, t)
    asc.adv.tan(b[20 * n:], a[20 * n:], n)
    asc.adv.tanh(b[21 * n:], a[21 * n:], n, t)
    # the last one without a count: the whole (remaining) tensor, which is exactly its slice
    asc.adv.trunc(b[22 * n:], a[22 * n:], temp_buffer=t)
    qo.enque(b)
    qi.free_tensor(a)
    b = qo.deque(asc.float32)
    asc.data_copy(yg, b, count=total)
    qo.free_tensor(b)


@pytest.fixture(scope="module")
def unary_results():
    rng = np.random.default_rng(11)
    x = np.concatenate([rng.uniform(*DOMAINS[name], N) for name in NAMES]).astype(np.float32)
    # exact halves: round must take them to even, trunc/floor/ceil/frac must see them exactly
    for name in ("round", "trunc", "frac", "ceil", "floor"):
        i = NAMES.index(name)
        x[i * N:i * N + 8] = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -3.0]
    y = np.full_like(x, np.nan)
    k_unary[1](x, y, N, x.size)
    return x.reshape(len(NAMES), N), y.reshape(len(NAMES), N)


@pytest.mark.parametrize("name", NAMES)
def test_unary_matches_numpy(unary_results, name):
    x, y = unary_results
    i = NAMES.index(name)
    ref = REFERENCE[name](x[i].astype(np.float64)).astype(np.float32)
    # float32 functions of the C library: within a few ulp of the double-precision value
    np.testing.assert_allclose(y[i], ref, rtol=4e-6, atol=1e-6, err_msg=name)


def test_round_ties_to_even(unary_results):
    x, y = unary_results
    i = NAMES.index("round")
    assert list(y[i][:8]) == [-2.0, -2.0, -0.0, 0.0, 2.0, 2.0, 4.0, -3.0]
