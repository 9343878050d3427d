"""adv math on the Model, C++ kernels: ClampMin / ClampMax, Fmod (the A2 formula
a - trunc(a / b) * b in float), Power with a scalar exponent or base (float and
int32), CumSum along either axis with its last row; against numpy. A sharedTmpBuffer
smaller than the A2 implementation's smallest split is a fault naming the call."""

import numpy as np
import pytest

from asc.runtime.model import ModelFault

from conftest import gm, make_kernel

N = 64

HEAD = r'''#include "kernel_operator.h"
using namespace AscendC;
template <class T>
__aicore__ inline void load(LocalTensor<T> t, GM_ADDR p, int n) {
  GlobalTensor<T> g; g.SetGlobalBuffer((__gm__ T*)p, n); DataCopy(t, g, n); PipeBarrier<PIPE_ALL>();
}
template <class T>
__aicore__ inline void store(GM_ADDR p, LocalTensor<T> t, int n) {
  PipeBarrier<PIPE_ALL>(); GlobalTensor<T> g; g.SetGlobalBuffer((__gm__ T*)p, n); DataCopy(g, t, n);
  PipeBarrier<PIPE_ALL>();
}
'''

ELEM = HEAD + r'''
extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR b, GM_ADDR ia, GM_ADDR ib, GM_ADDR y, GM_ADDR iy) {
  LocalTensor<float> x(TPosition::VECCALC, 0, 64), z(TPosition::VECCALC, 256, 64), o(TPosition::VECCALC, 1024, 64 * 7);
  LocalTensor<int32_t> xi(TPosition::VECCALC, 4096, 64), zi(TPosition::VECCALC, 4352, 64), oi(TPosition::VECCALC, 4608, 128);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 8192, 4096);
  load(x, a, 64); load(z, b, 64); load(xi, ia, 64); load(zi, ib, 64);
  ClampMin<float, false>(o, x, tmp, 0.5f, 64);
  ClampMax<float>(o[64], x, -0.25f, 64);
  Fmod(o[128], x, z, tmp, 64);
  Fmod(o[192], x, z);
  Power<float, false>(o[256], x, 1.5f, tmp, 64);   // |x|^1.5: x > 0 here
  Power(o[320], 2.0f, z, tmp);                        // 2^z over z.GetSize()
  Power<int32_t, false>(oi, xi, int32_t(3), 64);
  Power<int32_t, false>(oi[64], int32_t(-2), zi, tmp, 64);
  store(y, o, 64 * 7); store(iy, oi, 128);
}
'''


@pytest.fixture(scope="module")
def elem(tmp_path_factory):
    from asc.runtime.model import ModelBackend
    cache = tmp_path_factory.mktemp("adv_math_ext")
    rng = np.random.default_rng(3)
    a = rng.uniform(0.1, 8, N).astype(np.float32)
    b = np.where(rng.random(N) < 0.5, -1, 1) * rng.uniform(0.3, 3, N).astype(np.float32)
    b = b.astype(np.float32)
    ia = rng.integers(-6, 7, N).astype(np.int32)
    ib = rng.integers(0, 9, N).astype(np.int32)
    y = np.zeros(N * 7, np.float32)
    iy = np.zeros(2 * N, np.int32)
    k = make_kernel("k", ELEM, [gm("a"), gm("b"), gm("ia", "int32"), gm("ib", "int32"), gm("y"), gm("iy", "int32")],
                    cache)
    ModelBackend(timeout_s=20).load(k)(1, None, [a, b, ia, ib, y, iy])
    return dict(a=a, b=b, ia=ia, ib=ib, y=y.reshape(7, N), iy=iy.reshape(2, N))


def test_clamp(elem):
    np.testing.assert_array_equal(elem["y"][0], np.maximum(elem["a"], 0.5))
    np.testing.assert_array_equal(elem["y"][1], np.minimum(elem["a"], -0.25))


def test_fmod_is_the_a2_formula(elem):
    a, b = elem["a"], elem["b"]
    want = a - np.trunc(a / b) * b           # float32 at every step, as the vector unit
    np.testing.assert_array_equal(elem["y"][2], want)
    np.testing.assert_array_equal(elem["y"][3], want)
    np.testing.assert_allclose(elem["y"][2], np.fmod(a, b), atol=2e-6)


def test_power_scalar_forms(elem):
    np.testing.assert_allclose(elem["y"][4], np.power(elem["a"].astype(np.float64), 1.5), rtol=2e-6)
    np.testing.assert_allclose(elem["y"][5], np.power(2.0, elem["b"].astype(np.float64)), rtol=2e-6)
    ia, ib = elem["ia"].astype(np.int64), elem["ib"].astype(np.int64)
    np.testing.assert_array_equal(elem["iy"][0], (ia ** 3).astype(np.int32))
    np.testing.assert_array_equal(elem["iy"][1], ((-2) ** ib).astype(np.int32))


CUMSUM = HEAD + r'''
constexpr CumSumConfig kFirst = {false, false, true};
constexpr CumSumConfig kLast = {true, false, true};
extern "C" __global__ __aicore__ void cs(GM_ADDR x, GM_ADDR hx, GM_ADDR y, GM_ADDR last, GM_ADDR hy) {
  constexpr int R = 5, C = 16;
  LocalTensor<float> s(TPosition::VECCALC, 0, R * C), d(TPosition::VECCALC, 1024, 2 * R * C), lr(TPosition::VECCALC, 4096, 2 * C);
  LocalTensor<half> hs(TPosition::VECCALC, 6144, R * C), hd(TPosition::VECCALC, 7168, R * C), hl(TPosition::VECCALC, 8192, C);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 16384, 8192);
  load(s, x, R * C); load(hs, hx, R * C);
  LocalTensor<float> d0 = d, d1 = d[R * C], l0 = lr, l1 = lr[C];
  CumSum<float, kFirst>(d0, l0, s, tmp, {R, C});
  CumSum<float, kLast>(d1, l1, s, tmp, {R, C});
  CumSum<half, kFirst>(hd, hl, hs, tmp, {R, C});
  store(y, d, 2 * R * C); store(last, lr, 2 * C); store(hy, hd, R * C);
}
'''


def test_cumsum_both_axes(tmp_path):
    from asc.runtime.model import ModelBackend
    rng = np.random.default_rng(4)
    x = rng.uniform(-4, 4, (5, 16)).astype(np.float32)
    hx = rng.uniform(-2, 2, (5, 16)).astype(np.float16)
    y = np.zeros(2 * 80, np.float32)
    last = np.zeros(32, np.float32)
    hy = np.zeros(80, np.float16)
    k = make_kernel("cs", CUMSUM, [gm("x"), gm("hx", "float16"), gm("y"), gm("last"), gm("hy", "float16")],
                    tmp_path)
    ModelBackend(timeout_s=20).load(k)(1, None, [x, hx, y, last, hy])
    first, lastax = y.reshape(2, 5, 16)
    want_first = x.copy()
    for i in range(1, 5):
        want_first[i] = want_first[i - 1] + x[i]   # row by row in float, as the vendor's Add
    np.testing.assert_array_equal(first, want_first)
    np.testing.assert_allclose(lastax, np.cumsum(x, axis=1, dtype=np.float32), rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(last[:16], want_first[-1])
    np.testing.assert_allclose(last[16:], np.cumsum(x, axis=1)[-1], rtol=1e-6, atol=1e-6)
    # half: accumulated in float, rounded once
    np.testing.assert_array_equal(hy.reshape(5, 16), np.cumsum(hx.astype(np.float32), axis=0).astype(np.float16))


FAULTS = HEAD + r'''
extern "C" __global__ __aicore__ void f(GM_ADDR x) {
  LocalTensor<float> a(TPosition::VECCALC, 0, 64), b(TPosition::VECCALC, 256, 64), c(TPosition::VECCALC, 512, 64);
  LocalTensor<half> h(TPosition::VECCALC, 1024, 64);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 2048, TMP);
  BODY
}
'''


@pytest.mark.parametrize("tmp,body,match", [
    (512, "Power<float, false>(a, b, 2.0f, tmp, 64);", r"Power: sharedTmpBuffer has 512 bytes, fewer than the 896"),
    (256, "Fmod(h, h, h, tmp, 64);", r"Fmod: sharedTmpBuffer has 256 bytes, fewer than the 512"),
    (1024, "LocalTensor<float> l = c; CumSum<float>(a, l, b, tmp, {4, 16});",
     r"CumSum: sharedTmpBuffer has 1024 bytes, fewer than the 2048"),
    (4096, "LocalTensor<float> l = c; CumSum<float>(a, l, b, tmp, {2, 12});",
     r"CumSum: cumSumInfo.inner must fill whole 32-byte blocks"),
])
def test_faults(tmp_path, tmp, body, match):
    from asc.runtime.model import ModelBackend
    src = FAULTS.replace("TMP", str(tmp)).replace("BODY", body)
    k = make_kernel("f", src, [gm("x")], tmp_path)
    with pytest.raises(ModelFault, match=match) as info:
        ModelBackend(timeout_s=20).load(k)(1, None, [np.zeros(64, np.float32)])
    line = int(str(info.value).split(".cpp:")[1].split(":")[0])
    assert match.split(":")[0] in src.splitlines()[line - 1]   # the fault names the call's line
