"""GeGLU, LogSoftMax, SoftmaxFlashV2, SoftmaxGrad / SoftmaxGradFront
(asc_model/api/adv_geglu.h, adv_softmax_ext.h) and PopStackBuffer against numpy, their
faults (a sharedTmpBuffer that holds no row, half GeGLU's too-small piece), and the host
side (tiling/adv_softmax_tiling.h, securec.h) against the vendor's A2 formulas
(impl/adv_api/tiling/activation/{softmax,logsoftmax,geglu}_tiling.cpp) written out here."""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

from conftest import gm, scalar, build_host_program, LOAD_STORE_HEAD
from asc.runtime.model import ModelFault

ROOT = Path(__file__).resolve().parents[2]

HEAD = LOAD_STORE_HEAD


def np_dtype(t):
    return {"float": np.float32, "half": np.float16}[t]


# ---------------------------------------------------------------- GeGLU
def geglu_kernel(t, n, call, tmp_bytes):
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR b, GM_ADDR z) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> ba, bb, bz, bt;
  auto x0 = load<{t}>(ba, pipe, a, {n});
  auto x1 = load<{t}>(bb, pipe, b, {n});
  pipe.InitBuffer(bz, {n} * sizeof({t}));
  pipe.InitBuffer(bt, {tmp_bytes});
  auto dst = bz.Get<{t}>();
  auto tmp = bt.Get<uint8_t>();
  {call};
  store<{t}>(z, dst, {n});
}}
"""


def geglu_ref(a, b):
    a, b = a.astype(np.float64), b.astype(np.float64)
    return a * (b / (1 + np.exp(-0.0713548162726 * b * (2.2363860002236e1 + b * b))))


@pytest.mark.parametrize("t,call,count", [
    ("float", "AscendC::GeGLU(dst, x0, x1)", 256),
    ("float", "AscendC::GeGLU<float, false>(dst, x0, x1, 200)", 200),
    ("half", "AscendC::GeGLU<half, false>(dst, x0, x1, tmp, 200)", 200),
    ("half", "AscendC::GeGLU(dst, x0, x1, tmp)", 256),
])
def test_geglu_matches_numpy(run, t, call, count):
    n = 256
    rng = np.random.default_rng(1)
    a = rng.uniform(-3, 3, n).astype(np_dtype(t))
    b = rng.uniform(-3, 3, n).astype(np_dtype(t))
    z = np.zeros(n, np_dtype(t))
    dt = "float32" if t == "float" else "float16"
    run("k", geglu_kernel(t, n, call, 1024), [gm("a", dt), gm("b", dt), gm("z", dt)], 1, [a, b, z])
    want = geglu_ref(a, b)
    if t == "float":
        np.testing.assert_allclose(z[:count], want[:count], rtol=1e-5, atol=1e-6)
    else:
        np.testing.assert_allclose(z[:count].astype(np.float64), want[:count], rtol=2e-3, atol=1e-3)
    assert not z[count:].any()


def test_geglu_half_tmp_too_small_is_a_fault(run):
    n = 64
    a = np.ones(n, np.float16)
    with pytest.raises(ModelFault, match=r"GeGLU.*sharedTmpBuffer of 96 bytes holds no 16-element piece"):
        run("k", geglu_kernel("half", n, "AscendC::GeGLU(dst, x0, x1, tmp, 64)", 96),
            [gm("a", "float16"), gm("b", "float16"), gm("z", "float16")], 1, [a, a, np.zeros_like(a)])


# ---------------------------------------------------------------- LogSoftMax
def logsoftmax_kernel(m, k, tmp_bytes):
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR z, GM_ADDR s, GM_ADDR mx) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bx, bz, bs, bm, bt;
  auto src = load<float>(bx, pipe, x, {m * k});
  pipe.InitBuffer(bz, {m * k * 4});
  pipe.InitBuffer(bs, {m * 8 * 4});
  pipe.InitBuffer(bm, {m * 8 * 4});
  pipe.InitBuffer(bt, {tmp_bytes});
  auto dst = bz.Get<float>();
  auto sum = bs.Get<float>();
  auto max = bm.Get<float>();
  LogSoftMaxTiling tiling;
  AscendC::SoftMaxShapeInfo shape = {{{m}, {k}, {m}, {k}}};
  AscendC::LogSoftMax<float>(dst, sum, max, src, bt.Get<uint8_t>(), tiling, shape);
  store<float>(z, dst, {m * k});
  store<float>(s, sum, {m * 8});
  store<float>(mx, max, {m * 8});
}}
"""


LSM_PARAMS = [gm("x"), gm("z"), gm("s"), gm("mx")]


def test_logsoftmax_is_log10_of_softmax(run):
    m, k = 8, 64
    x = np.random.default_rng(2).uniform(-4, 4, (m, k)).astype(np.float32)
    z, s, mx = np.zeros_like(x), np.zeros((m, 8), np.float32), np.zeros((m, 8), np.float32)
    run("k", logsoftmax_kernel(m, k, (8 + k + 64) * 4), LSM_PARAMS, 1, [x, z, s, mx])
    x64 = x.astype(np.float64)
    e = np.exp(x64 - x64.max(-1, keepdims=True))
    np.testing.assert_allclose(z, np.log10(e / e.sum(-1, keepdims=True)), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(s, np.repeat(e.sum(-1, keepdims=True), 8, 1), rtol=1e-6)
    np.testing.assert_array_equal(mx, np.repeat(x.max(-1, keepdims=True), 8, 1))


def test_logsoftmax_tmp_without_a_row_is_a_fault(run):
    m, k = 8, 64
    x = np.zeros((m, k), np.float32)
    with pytest.raises(ModelFault, match=r"LogSoftMax.*cannot hold one row \(544 bytes\).*GetLogSoftMaxMinTmpSize"):
        run("k", logsoftmax_kernel(m, k, 512), LSM_PARAMS, 1,
            [x, np.zeros_like(x), np.zeros((m, 8), np.float32), np.zeros((m, 8), np.float32)])


# ---------------------------------------------------------------- SoftmaxFlashV2
def flashv2_kernel(t, u, m, k, chunks, tmp_bytes):
    bu, bt = 32 // (4 if u == "float" else 2), 32 // (4 if t == "float" else 2)
    kc = k // chunks
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR z, GM_ADDR s, GM_ADDR mx, GM_ADDR em) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bx, bc, bs, bm, be, bt;
  auto src = load<{t}>(bx, pipe, x, {m * k});
  pipe.InitBuffer(bc, {m * kc} * sizeof({t}));
  pipe.InitBuffer(bs, {m * bu} * sizeof({u}));
  pipe.InitBuffer(bm, {m * bu} * sizeof({u}));
  pipe.InitBuffer(be, {m * bt} * sizeof({t}));
  pipe.InitBuffer(bt, {tmp_bytes});
  auto chunk = bc.Get<{t}>();
  auto sum = bs.Get<{u}>();
  auto max = bm.Get<{u}>();
  auto expmax = be.Get<{t}>();
  auto tmp = bt.Get<uint8_t>();
  SoftMaxTiling tiling;
  AscendC::SoftMaxShapeInfo shape = {{{m}, {kc}, {m}, {kc}}};
  for (int c = 0; c < {chunks}; ++c) {{
    for (int r = 0; r < {m}; ++r) AscendC::DataCopy(chunk[r * {kc}], src[r * {k} + c * {kc}], {kc});
    AscendC::PipeBarrier<PIPE_ALL>();
    if (c == 0)
      AscendC::SoftmaxFlashV2<{t}, false>(chunk, sum, max, chunk, expmax, sum, max, tmp, tiling, shape);
    else
      AscendC::SoftmaxFlashV2<{t}, true>(chunk, sum, max, chunk, expmax, sum, max, tmp, tiling, shape);
    AscendC::PipeBarrier<PIPE_ALL>();
    for (int r = 0; r < {m}; ++r) AscendC::DataCopy(src[r * {k} + c * {kc}], chunk[r * {kc}], {kc});
    AscendC::PipeBarrier<PIPE_ALL>();
  }}
  store<{t}>(z, src, {m * k});
  store<{u}>(s, sum, {m * bu});
  store<{u}>(mx, max, {m * bu});
  store<{t}>(em, expmax, {m * bt});
}}
"""


@pytest.mark.parametrize("t,u", [("float", "float"), ("half", "float")])
def test_softmax_flash_v2_update_over_column_chunks(run, t, u):
    m, k, chunks = 4, 128, 2
    bu, bt = (8, 8) if t == "float" else (8, 16)
    x = np.random.default_rng(3).uniform(-2, 2, (m, k)).astype(np_dtype(t))
    z = np.zeros_like(x)
    s, mx = np.zeros((m, bu), np.float32), np.zeros((m, bu), np.float32)
    em = np.zeros((m, bt), np.dtype(np_dtype(t)))
    dt = "float32" if t == "float" else "float16"
    run("k", flashv2_kernel(t, u, m, k, chunks, 4096),
        [gm("x", dt), gm("z", dt), gm("s"), gm("mx"), gm("em", dt)], 1, [x, z, s, mx, em])
    x64 = x.astype(np.float64)
    kc = k // chunks
    m0 = x64[:, :kc].max(-1, keepdims=True)
    m1 = np.maximum(m0, x64[:, kc:].max(-1, keepdims=True))
    s0 = np.exp(x64[:, :kc] - m0).sum(-1, keepdims=True)
    want_sum = np.exp(m0 - m1) * s0 + np.exp(x64[:, kc:] - m1).sum(-1, keepdims=True)
    tol = dict(rtol=1e-5) if t == "float" else dict(rtol=2e-3, atol=2e-3)
    np.testing.assert_allclose(mx, np.repeat(m1, bu, 1), rtol=1e-6 if t == "float" else 1e-3)
    np.testing.assert_allclose(s, np.repeat(want_sum, bu, 1), **tol)
    np.testing.assert_allclose(em.astype(np.float64), np.repeat(np.exp(m0 - m1), bt, 1), **tol)
    np.testing.assert_allclose(z[:, :kc].astype(np.float64), np.exp(x64[:, :kc] - m0), **tol)
    np.testing.assert_allclose(z[:, kc:].astype(np.float64), np.exp(x64[:, kc:] - m1), **tol)


def test_softmax_flash_v2_tmp_without_a_row_is_a_fault(run):
    m, k = 4, 64
    x = np.zeros((m, k), np.float32)
    with pytest.raises(ModelFault, match=r"SoftmaxFlashV2.*cannot hold one row.*GetSoftMaxFlashV2MinTmpSize"):
        run("k", flashv2_kernel("float", "float", m, k, 1, 256),
            [gm("x"), gm("z"), gm("s"), gm("mx"), gm("em")], 1,
            [x, np.zeros_like(x), np.zeros((m, 8), np.float32), np.zeros((m, 8), np.float32),
             np.zeros((m, 8), np.float32)])


# ---------------------------------------------------------------- SoftmaxGrad
def grad_kernel(m, k, call, out_n, tmp_bytes=8192):
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR g, GM_ADDR y, GM_ADDR z) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bg, by, bz, bt;
  auto grad = load<float>(bg, pipe, g, {m * k});
  auto src = load<float>(by, pipe, y, {m * k});
  pipe.InitBuffer(bz, {m * k * 4});
  pipe.InitBuffer(bt, {tmp_bytes});
  auto dst = bz.Get<float>();
  auto tmp = bt.Get<uint8_t>();
  SoftMaxTiling tiling;
  AscendC::SoftMaxShapeInfo shape = {{{m}, {k}, {m}, {k}}};
  {call};
  store<float>(z, dst, {out_n});
}}
"""


@pytest.mark.parametrize("call,front", [
    ("AscendC::SoftmaxGrad<float>(dst, grad, src, tmp, tiling, false, shape)", False),
    ("AscendC::SoftmaxGrad<float>(dst, grad, src, tiling, false, shape)", False),
    ("AscendC::SoftmaxGrad<float>(dst, grad, src, tmp, tiling, true, shape)", True),
    ("AscendC::SoftmaxGradFront<float>(dst, grad, src, tmp, tiling, shape)", True),
])
def test_softmax_grad_matches_numpy(run, call, front):
    m, k = 8, 96
    rng = np.random.default_rng(4)
    g = rng.uniform(-1, 1, (m, k)).astype(np.float32)
    y = rng.uniform(-1, 1, (m, k)).astype(np.float32)
    z = np.zeros((m, 8) if front else (m, k), np.float32)
    run("k", grad_kernel(m, k, call, z.size), [gm("g"), gm("y"), gm("z")], 1, [g, y, z])
    g64, y64 = g.astype(np.float64), y.astype(np.float64)
    rs = (g64 * y64).sum(-1, keepdims=True)
    want = np.repeat(rs, 8, 1) if front else (g64 - rs) * y64
    np.testing.assert_allclose(z, want, rtol=1e-5, atol=1e-6)


def test_softmax_grad_tmp_without_a_row_is_a_fault(run):
    m, k = 8, 96
    x = np.zeros((m, k), np.float32)
    # float, not front: 2 blocks of 8 + k + 64 floats = 704 bytes per row.
    with pytest.raises(ModelFault, match=r"SoftmaxGrad.*cannot hold one row \(704 bytes\)"):
        run("k", grad_kernel(m, k, "AscendC::SoftmaxGrad<float>(dst, grad, src, tmp, tiling, false, shape)",
                             m * k, 640), [gm("g"), gm("y"), gm("z")], 1, [x, x, np.zeros_like(x)])


# ---------------------------------------------------------------- PopStackBuffer
POP = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR z) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> b;
  pipe.InitBuffer(b, 1000);
  AscendC::LocalTensor<uint8_t> stack;
  bool ok = AscendC::PopStackBuffer<uint8_t, AscendC::TPosition::LCM>(stack);
  AscendC::LocalTensor<uint32_t> w = stack.ReinterpretCast<uint32_t>();
  w.SetValue(0, stack.GetSize());
  w.SetValue(1, (uint32_t)(stack.GetPhyAddr() - b.Get<uint8_t>().GetPhyAddr()));
  w.SetValue(2, ok);
  AscendC::GlobalTensor<uint32_t> g;
  g.SetGlobalBuffer((__gm__ uint32_t*)z, 8);
  AscendC::DataCopy(g, w, 8);
}
"""


def test_pop_stack_buffer_is_the_ub_the_pipe_leaves(run):
    z = np.zeros(8, np.uint32)
    run("k", POP, [gm("z", "uint32")], 1, [z])
    ub = 192 * 1024
    assert z[1] == 1024  # the TBuf's 1000 bytes, 32-byte aligned
    assert z[0] == ub - 128 - 1024 and z[2] == 1


def test_pop_stack_buffer_with_the_ub_used_is_a_fault(run):
    src = POP.replace("pipe.InitBuffer(b, 1000);", "pipe.InitBuffer(b, 192 * 1024 - 96);")
    with pytest.raises(ModelFault, match=r"PopStackBuffer.*none is left to pop"):
        run("k", src, [gm("z", "uint32")], 1, [np.zeros(8, np.uint32)])


# ---------------------------------------------------------------- host
HOST = r"""
#include <cstdio>
#include <vector>
#include "tiling/tiling_api.h"
#include "kernel_tiling/kernel_tiling.h"
static ge::Shape S(int64_t m, int64_t k) { return ge::Shape(std::vector<int64_t>{m, k}); }
template <class T> static void put(const char* name, const T& t) {
  printf("%s", name);
  for (int i = 0; i < 16; ++i) printf(" %u", reinterpret_cast<const uint32_t*>(&t)[i]);
  printf("\n");
}
int main() {
  uint32_t mx = 0, mn = 0;
  AscendC::GetGeGLUMaxMinTmpSize(S(4, 100), 2, false, mx, mn);
  printf("geglu_half %u %u\n", mx, mn);
  AscendC::GetGeGLUMaxMinTmpSize(S(4, 100), 4, false, mx, mn);
  printf("geglu_float %u %u\n", mx, mn);
  printf("logsoftmax %u %u\n", AscendC::GetLogSoftMaxMaxTmpSize(S(128, 128), 4, false),
         AscendC::GetLogSoftMaxMinTmpSize(S(128, 128), 4, false));
  printf("softmax %u %u\n", AscendC::GetSoftMaxMaxTmpSize(S(16, 256), 2, false),
         AscendC::GetSoftMaxMinTmpSize(S(16, 256), 2, false));
  printf("grad %u %u %u\n", AscendC::GetSoftMaxGradMinTmpSize(S(16, 960), 4, false, false),
         AscendC::GetSoftMaxGradMinTmpSize(S(16, 960), 4, true, false),
         AscendC::GetSoftMaxGradMaxTmpSize(S(16, 960), 2, false, false));
  printf("v2 %u %u %u %u\n", AscendC::GetSoftMaxFlashV2MinTmpSize(S(16, 512), 4, 4, true, true),
         AscendC::GetSoftMaxFlashV2MinTmpSize(S(16, 448), 4, 4, true, false),
         AscendC::GetSoftMaxFlashV2MaxTmpSize(S(64, 1024), 2, 4, true, true),
         AscendC::GetSoftMaxFlashV2MinTmpSize(S(64, 1024), 2, 4, true, false, true));
  AscendC::GetSoftMaxFlashV3MaxMinTmpSize(S(8, 1024), 2, 4, mx, mn, true);
  printf("v3 %u %u\n", mx, mn);
  optiling::SoftMaxTiling t;
  AscendC::SoftMaxFlashV2TilingFunc(S(16, 512), 4, 4, 2304, t, true, true);
  put("v2tiling", t);
  AscendC::tiling::SoftMaxTiling kt;
  AscendC::SoftMaxGradTilingFunc(S(64, 960), 4, 1040 * 4 * 20, kt, false);
  put("gradtiling", kt);
  optiling::LogSoftMaxTiling lt;
  AscendC::LogSoftMaxTilingFunc(S(100, 64), 2, 136 * 4 * 37, lt);
  put("logtiling", lt);
  AscendC::SoftMaxTilingFunc(S(64, 128), 4, 200 * 4 * 64, t);
  put("basictiling", t);
  printf("basic %d\n", (int)AscendC::IsBasicBlockInSoftMax(t, 4));
  char d[8] = "abcdefg", s[4] = "xyz";
  int r1 = memcpy_s(d, sizeof d, s, 3);
  int r2 = memcpy_s(d, 2, s, 3);
  printf("memcpy_s %d %s %d %d\n", r1, d + 3, r2, d[0]);
  return 0;
}
"""


@pytest.fixture(scope="module")
def host_out(tmp_path_factory):
    d = tmp_path_factory.mktemp("softmax_host")
    build_host_program(d, HOST)
    out = subprocess.run([str(d / "p")], capture_output=True, text=True, check=True,
                         env=dict(os.environ, PYTHONPATH=str(ROOT / "python")))
    return {ln.split(" ", 1)[0]: ln.split(" ", 1)[1] for ln in out.stdout.splitlines()}


def ints(s):
    return [int(v) if v.lstrip("-").isdigit() else v for v in s.split()]


# The vendor's A2 formulas (floats, times 4 bytes); blk = 32 / typeSize.
def vendor_tiling(m, k, base_m, blk):
    tail = m % base_m if base_m else 0
    rng = m // base_m if base_m else 0
    return [m, k, m * k, m, blk, m * blk, base_m, k, base_m * k, base_m, blk, base_m * blk, rng, tail,
            tail * k, tail * blk]


def basic_block(base_m, m, k):
    if base_m > 8 and m % 8 == 0 and k % 64 == 0:
        base_m = base_m // 8 * 8
        while m % base_m:
            base_m -= 8
        while base_m * k >= 64 * 256:
            base_m //= 2
    return base_m


def round_rows(base_m, m, tile=8):
    base_m = min(base_m, m)
    return base_m // tile * tile if tile < base_m < m else base_m


def test_host_tmp_sizes_are_the_vendors(host_out):
    assert ints(host_out["geglu_half"]) == [4 * 400 * 2, 4 * 256]
    assert ints(host_out["geglu_float"]) == [0, 0]
    assert ints(host_out["logsoftmax"]) == [128 * (8 + 128 + 64) * 4, (8 + 128 + 64) * 4]
    assert ints(host_out["softmax"]) == [16 * (16 + 256 + 64) * 4, (16 + 256 + 64) * 4]
    assert ints(host_out["grad"]) == [(16 + 960 + 64) * 4, (8 + 960 + 64) * 4, 16 * (16 * 2 + 960 * 3 + 64) * 4]
    # FlashV2: basic block 8 rows of (blk + 64); not basic one row; half basic 8 rows halved
    # below 64*256 elements (k = 1024 takes two reduction areas); output broadcast multiplies one row by min(32 / typeSize1, m).
    assert ints(host_out["v2"]) == [8 * (8 + 64) * 4, (8 + 64) * 4, 8 * (8 + 1024 + 128) * 4,
                                    (16 + 1024 + 64) * 16 * 4]
    assert ints(host_out["v3"]) == [8 * (8 * 5 + 2 * 1024 + 64) * 4, (8 * 5 + 2 * 1024 + 64) * 4]


def test_host_tiling_functions_are_the_vendors(host_out):
    assert ints(host_out["v2tiling"]) == vendor_tiling(16, 512, basic_block(min(576 // 72, 16), 16, 512), 8)
    assert ints(host_out["gradtiling"]) == vendor_tiling(64, 960, basic_block(round_rows(20, 64), 64, 960), 8)
    assert ints(host_out["logtiling"]) == vendor_tiling(100, 64, round_rows(37, 100), 16)
    base = basic_block(round_rows(64, 64), 64, 128)
    assert base == 64 and ints(host_out["basictiling"]) == vendor_tiling(64, 128, 64, 8)
    # IsBasicBlockInSoftMax: no tail, 256 / typeSize <= k < 2048, k a multiple of 64.
    assert host_out["basic"] == "1"


def test_memcpy_s_return_codes(host_out):
    r1, rest, r2, first = host_out["memcpy_s"].split()
    assert (int(r1), rest) == (0, "defg")
    assert int(r2) == 34 | 128 and int(first) == 0  # ERANGE_AND_RESET, the destination cleared
