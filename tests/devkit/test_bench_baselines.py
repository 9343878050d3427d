"""asc.bench.baselines: each reference kernel computes the right thing and
recognises the launches it stands for (the roofline shares: test_bench_roofline.py).
The dtypes and constants are those of the roofline shapes, so both files share
the compiled kernels."""

import numpy as np
import pytest

from asc.bench import baselines
from asc.bench.baselines import elementwise, matmul, rows

RNG = np.random.default_rng(7)


def test_add_and_mul_match_numpy():
    for op, fn in (("add", np.add), ("mul", np.multiply)):
        dtype = np.float32 if op == "add" else np.float16
        for n in (48 * 8192 + 16, 3 * 8192):  # a short last tile; fewer tiles than cores
            x = RNG.standard_normal(n).astype(dtype)
            y = RNG.standard_normal(n).astype(dtype)
            z = np.zeros_like(x)
            elementwise.launch(op, x, y, z, 48)
            np.testing.assert_array_equal(z, fn(x, y))


def test_softmax_and_rmsnorm_match_numpy():
    x = RNG.standard_normal((390, 1024)).astype(np.float32)  # blocks of 8 rows, the last one short
    y = np.zeros_like(x)
    rows.softmax(x, y, 48)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    np.testing.assert_allclose(y, e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)
    g = RNG.random(1024).astype(np.float32)
    rows.rmsnorm(x, g, y, 48)
    want = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + rows.EPS) * g
    np.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("m,k,n", [(256, 384, 512), (128, 1152, 256)])  # the panel and the streaming kernel
def test_matmul_matches_numpy(m, k, n):
    a = RNG.standard_normal((m, k)).astype(np.float16)
    b = RNG.standard_normal((k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    matmul.launch(a, b, c, 24)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=2e-3, atol=2e-3)


def test_recognition():
    r = baselines.RECOGNIZE
    f32 = lambda *s: {"name": "v", "shape": list(s), "dtype": "float32"}  # noqa: E731
    f16 = lambda *s: {"name": "v", "shape": list(s), "dtype": "float16"}  # noqa: E731
    assert r["add"]([f32(1024)] * 3).shape == "1024"
    assert r["add"]([f32(1024), f32(1024), f32(2048)]) is None      # sizes differ
    assert r["add"]([f32(1001)] * 3) is None                        # not a multiple of 32 bytes
    assert r["add"]([f32(1024)] * 2) is None
    assert r["softmax"]([f32(64, 256), f32(64, 256)]).shape == "64x256"
    assert r["softmax"]([f16(64, 256), f16(64, 256)]) is None       # fp32 only
    assert r["softmax"]([f32(64, 4096), f32(64, 4096)]).shape == "64x4096"
    assert r["softmax"]([f32(64, 8192), f32(64, 8192)]) is None     # a row block would not fit the UB
    assert r["rmsnorm"]([f32(64, 256), f32(256), f32(64, 256)]).shape == "64x256"
    assert r["rmsnorm"]([f32(64, 256), f32(128), f32(64, 256)]) is None
    mm = [f16(256, 384), f16(384, 128), f32(256, 128)]
    assert r["matmul"](mm).shape == "256x384x128"
    assert r["matmul"]([f16(256, 384), f16(256, 128), f32(256, 128)]) is None  # K differs
    assert r["matmul"]([f16(200, 384), f16(384, 128), f32(200, 128)]) is None  # M not a multiple of 128
    assert baselines.names() == ["add", "matmul", "mul", "rmsnorm", "softmax"]
