"""LocalTensor's operator overloads, the vendor's symbol-override API: `c = a + b;`
runs Add over c.GetSize() elements (Sub Mul Div And Or alike; 32-bit And/Or on
the 16-bit halves), `mask = a < b;` runs Compare over a.GetSize()."""

import numpy as np
import pytest

from asc.runtime.model import ModelFault

from conftest import gm, make_kernel

SRC = r'''#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void sym(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR m) {
  GlobalTensor<T> xg, yg, zg;
  GlobalTensor<uint8_t> mg;
  xg.SetGlobalBuffer((__gm__ T*)x, 64);
  yg.SetGlobalBuffer((__gm__ T*)y, 64);
  zg.SetGlobalBuffer((__gm__ T*)z, 64 * 6);
  mg.SetGlobalBuffer((__gm__ uint8_t*)m, 32 * 6);
  LocalTensor<T> a(TPosition::VECCALC, 0, 64), b(TPosition::VECCALC, 256, 64), c(TPosition::VECCALC, 512, 64);
  LocalTensor<uint8_t> mask(TPosition::VECCALC, 1024, 32);
  DataCopy(a, xg, 64);
  DataCopy(b, yg, 64);
  PipeBarrier<PIPE_ALL>();
  int k = 0;
  auto out = [&] { PipeBarrier<PIPE_ALL>(); DataCopy(zg[64 * k++], c, 64); PipeBarrier<PIPE_ALL>(); };
  int j = 0;
  auto bits = [&] { PipeBarrier<PIPE_ALL>(); DataCopy(mg[32 * j++], mask, 32); PipeBarrier<PIPE_ALL>(); };
  BODY
}
'''

FLOAT_BODY = """c = a + b; out(); c = a - b; out(); c = a * b; out(); c = a / b; out();
  mask = a < b; bits(); mask = a > b; bits(); mask = a == b; bits(); mask = a != b; bits();
  mask = a <= b; bits(); mask = a >= b; bits();"""


def _run(backend, cache, t, body, x, y, name):
    src = SRC.replace("BODY", body).replace("GlobalTensor<T>", f"GlobalTensor<{t}>").replace(
        "LocalTensor<T>", f"LocalTensor<{t}>").replace("(__gm__ T*)", f"(__gm__ {t}*)")
    k = make_kernel("sym", src, [gm("x", x.dtype.name), gm("y", y.dtype.name), gm("z", x.dtype.name),
                                 gm("m", "uint8")], cache / name)
    z = np.zeros(64 * 6, x.dtype)
    m = np.zeros(32 * 6, np.uint8)
    backend.load(k)(1, None, [x, y, z, m])
    return z.reshape(6, 64), m.reshape(6, 32)


def test_arithmetic_and_compare_operators(backend, cache):
    x = np.arange(64, dtype=np.float32) - 20
    y = np.where(np.arange(64) % 3 == 0, x, 7).astype(np.float32)
    z, m = _run(backend, cache, "float", FLOAT_BODY, x, y, "f")
    np.testing.assert_array_equal(z[0], x + y)
    np.testing.assert_array_equal(z[1], x - y)
    np.testing.assert_array_equal(z[2], x * y)
    np.testing.assert_allclose(z[3], x / y, rtol=1e-6)
    got = [np.unpackbits(m[i, :8], bitorder="little").astype(bool) for i in range(6)]
    for g, want in zip(got, (x < y, x > y, x == y, x != y, x <= y, x >= y)):
        np.testing.assert_array_equal(g, want)


def test_bitwise_operators_of_32_bit_integers(backend, cache):
    rng = np.random.default_rng(0)
    x = rng.integers(-2**31, 2**31 - 1, 64, dtype=np.int32)
    y = rng.integers(-2**31, 2**31 - 1, 64, dtype=np.int32)
    z, _ = _run(backend, cache, "int32_t", "c = a & b; out(); c = a | b; out();", x, y, "i")
    np.testing.assert_array_equal(z[0], x & y)
    np.testing.assert_array_equal(z[1], x | y)


def test_an_operator_fault_names_the_assignments_line(backend, cache):
    # the left side's size is the count: 512 elements read past the 64 of each source,
    # a fault named at the assignment's line (read from its return address)
    body = "LocalTensor<float> big(TPosition::VECCALC, 2048, 512);\n  big = a + b;"
    x = np.zeros(64, np.float32)
    with pytest.raises(ModelFault, match=r"model-[0-9a-f]+\.cpp:\d+: block 0: Add:") as info:
        _run(backend, cache, "float", body, x, x.copy(), "fault")
    line = int(str(info.value).split(".cpp:")[1].split(":")[0])
    src_lines = SRC.replace("BODY", body).splitlines()
    assert "big = a + b;" in src_lines[line - 1]
