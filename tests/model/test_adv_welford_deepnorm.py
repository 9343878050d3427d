"""WelfordUpdate / WelfordFinalize (asc_model/api/adv_welford.h) and DeepNorm
(adv_deepnorm.h) against numpy, their temporary-buffer faults, and the host sizes and
DeepNorm tiling (tiling/adv_norm_tiling.h) against the vendor's A2 formulas
(impl/adv_api/tiling/normalization/{layernorm,welfordfinalize,deepnorm}_tiling_impl.cpp)."""

import subprocess

import numpy as np
import pytest

from conftest import build_host_program, gm
from asc.runtime.model import ModelFault
from test_adv_softmax_ext import HEAD


def update_kernel(ab, k, inplace, tmp_bytes, n_rec):
    tmp = "tb.Get<uint8_t>(), " if tmp_bytes else ""
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR m, GM_ADDR v, GM_ADDR om, GM_ADDR ov) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bx, bm, bv, bom, bov, tb;
  auto xs = load<float>(bx, pipe, x, {ab});
  auto ms = load<float>(bm, pipe, m, {ab});
  auto vs = load<float>(bv, pipe, v, {ab});
  auto oms = load<float>(bom, pipe, om, {ab});
  auto ovs = load<float>(bov, pipe, ov, {ab});
  {"pipe.InitBuffer(tb, " + str(tmp_bytes) + ");" if tmp_bytes else ""}
  static constexpr AscendC::WelfordUpdateConfig cfg = {{{str(inplace).lower()}}};
  AscendC::WelfordUpdateParam para = {{1, {ab}, {k}, {n_rec}f}};
  AscendC::WelfordUpdate<float, float, false, cfg>(oms, ovs, ms, vs, xs, {tmp}para);
  store<float>(om, oms, {ab});
  store<float>(ov, ovs, {ab});
}}
"""


UPDATE_PARAMS = [gm("x"), gm("m"), gm("v"), gm("om"), gm("ov")]


@pytest.mark.parametrize("inplace,tmp", [(True, 512), (False, 512), (True, 0)])
def test_welford_update_matches_numpy(run, inplace, tmp):
    ab, k, n_rec = 64, 35, 0.125
    rng = np.random.default_rng(5)
    x, m, v = (rng.uniform(-50, 50, ab).astype(np.float32) for _ in range(3))
    om, ov = np.full(ab, -7, np.float32), np.full(ab, -9, np.float32)
    run("k", update_kernel(ab, k, inplace, tmp, n_rec), UPDATE_PARAMS, 1, [x, m, v, om, ov])
    d = x[:k] - m[:k]
    nm = m[:k] + d * np.float32(n_rec)
    np.testing.assert_allclose(om[:k], nm, rtol=1e-6)
    np.testing.assert_allclose(ov[:k], v[:k] + d * (x[:k] - nm), rtol=1e-5, atol=1e-4)
    if inplace:
        np.testing.assert_array_equal(om[k:], m[k:])
        np.testing.assert_array_equal(ov[k:], v[k:])
    else:
        assert (om[k:] == -7).all() and (ov[k:] == -9).all()


def test_welford_update_tmp_without_a_repeat_is_a_fault(run):
    ab = 64
    z = np.zeros(ab, np.float32)
    with pytest.raises(ModelFault, match=r"WelfordUpdate.*sharedTmpBuffer of 256 bytes.*2 intermediates"):
        run("k", update_kernel(ab, 35, True, 256, 0.5), UPDATE_PARAMS, 1, [z, z, z, z.copy(), z.copy()])


def finalize_kernel(ab, para, with_counts, tmp_bytes):
    counts = "cs, " if with_counts else ""
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR m, GM_ADDR v, GM_ADDR c, GM_ADDR out) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bm, bv, bc, bo, bo2, tb;
  auto ms = load<float>(bm, pipe, m, {ab});
  auto vs = load<float>(bv, pipe, v, {ab});
  auto cs = load<int32_t>(bc, pipe, c, {ab});
  pipe.InitBuffer(bo, 32);
  pipe.InitBuffer(bo2, 32);
  pipe.InitBuffer(tb, {tmp_bytes});
  auto om = bo.Get<float>();
  auto ov = bo2.Get<float>();
  AscendC::WelfordFinalizePara para = {{{para}}};
  AscendC::WelfordFinalize<false>(om, ov, ms, vs, {counts}tb.Get<uint8_t>(), para);
  AscendC::PipeBarrier<PIPE_ALL>();
  ov.SetValue(1, om.GetValue(0));
  store<float>(out, ov, 8);
}}
"""


FIN_PARAMS = [gm("m"), gm("v"), gm("c", "int32"), gm("out")]


@pytest.mark.parametrize("form", ["counts", "rn", "head_tail"])
def test_welford_finalize_merges_partials(run, form):
    ab = 16
    rng = np.random.default_rng(6)
    m = rng.uniform(-5, 5, ab).astype(np.float32)
    v = rng.uniform(0, 5, ab).astype(np.float32)
    c = rng.integers(1, 9, ab).astype(np.int32)
    if form == "counts":
        cnt, r_rec = c.astype(np.float64), 1.0 / c.sum()
        para, mean_w = f"1, {ab}, 0, 0, 0, 0, 0.0f, {r_rec:.9g}f", cnt * np.float32(r_rec)
    elif form == "rn":
        cnt, r_rec = np.full(ab, 4.0), 1.0 / (4 * ab)
        para, mean_w = f"4, {ab}, 0, 0, 0, 0, {1 / ab:.9g}f, {r_rec:.9g}f", np.full(ab, 1 / ab)
    else:
        cnt = np.array([5.0] * 10 + [3.0] * 6)
        r_rec = 1.0 / cnt.sum()
        para, mean_w = f"1, {ab}, 5, 10, 3, 6, 0.0f, {r_rec:.9g}f", cnt * np.float32(r_rec)
    out = np.zeros(8, np.float32)
    run("k", finalize_kernel(ab, para, form == "counts", 1024), FIN_PARAMS, 1, [m, v, c, out])
    mean = (m.astype(np.float64) * mean_w).sum()
    var = ((cnt * (m - mean) ** 2 + v) * np.float32(r_rec)).sum()
    np.testing.assert_allclose(out[1], mean, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(out[0], var, rtol=1e-5)


def test_welford_finalize_small_tmp_is_a_fault(run):
    ab = 16
    z = np.zeros(ab, np.float32)
    with pytest.raises(ModelFault, match=r"WelfordFinalize.*sharedTmpBuffer of 512 bytes.*768 bytes"):
        run("k", finalize_kernel(ab, f"1, {ab}, 0, 0, 0, 0, 0.0625f, 0.0625f", False, 512), FIN_PARAMS, 1,
            [z, z, np.zeros(ab, np.int32), np.zeros(8, np.float32)])


# ---------------------------------------------------------------- DeepNorm
def deepnorm_kernel(b, s, h, oh, tmp_bytes, fields):
    n = b * s * h
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR gx, GM_ADDR g, GM_ADDR be, GM_ADDR z, GM_ADDR mv) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bx, bgx, bg, bb, bz, bm, bv, tb;
  auto xs = load<float>(bx, pipe, x, {n});
  auto gxs = load<float>(bgx, pipe, gx, {n});
  auto gs = load<float>(bg, pipe, g, {h});
  auto bes = load<float>(bb, pipe, be, {h});
  pipe.InitBuffer(bz, {n * 4});
  pipe.InitBuffer(bm, {b * s * 4 * 2});
  pipe.InitBuffer(bv, {b * s * 4});
  pipe.InitBuffer(tb, {tmp_bytes});
  auto dst = bz.Get<float>();
  auto mean = bm.Get<float>();
  auto var = bv.Get<float>();
  DeepNormTiling tiling = {{{fields}}};
  AscendC::DeepNorm<float, false, false>(dst, mean, var, xs, gxs, bes, gs, tb.Get<uint8_t>(), -0.5f, 1e-5f, tiling);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(mean[{b * s}], var, {b * s});
  store<float>(z, dst, {n});
  store<float>(mv, mean, {2 * b * s});
}}
"""


HOST = r"""
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "tiling/tiling_api.h"
#include "kernel_tiling/kernel_tiling.h"
int main(int argc, char** argv) {
  std::vector<int64_t> d = {atoi(argv[1]), atoi(argv[2]), atoi(argv[3])}, o = {atoi(argv[1]), atoi(argv[2]), atoi(argv[4])};
  uint32_t mx = 0, mn = 0;
  bool ok = AscendC::GetDeepNormMaxMinTmpSize(ge::Shape(d), 4, false, false, mx, mn);
  printf("sizes %d %u %u\n", ok, mx, mn);
  AscendC::tiling::DeepNormTiling t;
  ok = AscendC::GetDeepNormTilingInfo(ge::Shape(d), ge::Shape(o), atoi(argv[5]), 4, false, false, t);
  printf("tiling %d", ok);
  const uint32_t* f = reinterpret_cast<const uint32_t*>(&t);
  for (int i = 0; i < 25; ++i) printf(" %u", f[i]);
  printf(" %.9g\n", t.lastDimValueBack);
  AscendC::GetWelfordUpdateMaxMinTmpSize(ge::Shape(std::vector<int64_t>{1, 200}), 2, 4, false, true, mx, mn);
  printf("wu %u %u\n", mx, mn);
  AscendC::GetWelfordFinalizeMaxMinTmpSize(ge::Shape(std::vector<int64_t>{200}), 4, false, mx, mn);
  printf("wf %u %u\n", mx, mn);
  return 0;
}
"""


@pytest.fixture(scope="module")
def host(tmp_path_factory):
    d = tmp_path_factory.mktemp("norm_host")
    build_host_program(d, HOST)

    def _run(*args):
        out = subprocess.run([str(d / "p"), *map(str, args)], capture_output=True, text=True, check=True)
        return {ln.split(" ", 1)[0]: ln.split(" ", 1)[1].split() for ln in out.stdout.splitlines()}
    return _run


def test_host_welford_sizes(host):
    out = host(2, 8, 64, 64, 4096)
    assert list(map(int, out["wu"])) == [(200 + 63) // 64 * 3 * 256, 3 * 256]
    assert list(map(int, out["wf"])) == [(128 + 400) * 4, 1024]


def test_host_deepnorm_tiling_is_the_vendors(host):
    b, s, h, oh, stack = 2, 8, 64, 60, 3 * 64 * 4 + 2 * 64 + 4 * 3 * 64 * 4
    out = host(b, s, h, oh, stack)
    a32 = lambda n: (n + 31) // 32 * 32  # noqa: E731
    assert list(map(int, out["sizes"])) == [1, 3 * a32(b * s * h * 4) + 2 * a32(b * s * 4), 3 * a32(h * 4) + 2 * a32(b * s * 4)]
    ok, *f, back = out["tiling"]
    f = list(map(int, f))
    one = min((stack // 4) // 3 // h * h, b * s * h)
    tail = b * s * h % one
    assert ok == "1" and f[:4] == [b, s, h, oh] and f[12] == one
    assert f[16:23] == [b * s * h // one, one, tail, b * s * h - tail, one // h, tail // h, b * s - tail // h]
    assert float(back) == pytest.approx(1 / oh)


def test_deepnorm_matches_numpy(run, host):
    b, s, h, oh = 2, 8, 64, 60
    stack = 3 * 64 * 4 + 2 * 64 + 4 * 3 * 64 * 4
    ok, *f, back = host(b, s, h, oh, stack)["tiling"]
    fields = ", ".join(f) + f", {back}f"
    rng = np.random.default_rng(7)
    x = rng.uniform(-3, 3, (b * s, h)).astype(np.float32)
    gx = rng.uniform(-3, 3, (b * s, h)).astype(np.float32)
    g = rng.uniform(0.5, 2, h).astype(np.float32)
    be = rng.uniform(-1, 1, h).astype(np.float32)
    z, mv = np.zeros_like(x), np.zeros(2 * b * s, np.float32)
    run("k", deepnorm_kernel(b, s, h, oh, stack, fields),
        [gm("x"), gm("gx"), gm("g"), gm("be"), gm("z"), gm("mv")], 1, [x, gx, g, be, z, mv])
    x1 = -0.5 * x.astype(np.float64) + gx
    mean = x1[:, :oh].mean(-1, keepdims=True)
    var = ((x1[:, :oh] - mean) ** 2).mean(-1, keepdims=True)
    np.testing.assert_allclose(z, g * (x1 - mean) / np.sqrt(var + 1e-5) + be, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(mv[:b * s], mean[:, 0], rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mv[b * s:], var[:, 0], rtol=1e-5)


def test_deepnorm_tmp_below_the_tiling_is_a_fault(run, host):
    b, s, h, oh = 2, 8, 64, 64
    stack = 3 * 64 * 4 * 4
    ok, *f, back = host(b, s, h, oh, stack)["tiling"]
    z = np.zeros((b * s, h), np.float32)
    with pytest.raises(ModelFault, match=r"DeepNorm.*sharedTmpBuffer of 1024 bytes is smaller than the tiling's 3072"):
        run("k", deepnorm_kernel(b, s, h, oh, 1024, ", ".join(f) + f", {back}f"),
            [gm("x"), gm("gx"), gm("g"), gm("be"), gm("z"), gm("mv")], 1,
            [z, z, np.zeros(h, np.float32), np.zeros(h, np.float32), z.copy(), np.zeros(2 * b * s, np.float32)])
