"""SoftmaxFlashV3 (asc_model/api/adv_softmax_v3.h), TopK (adv_topk.h), LayerNorm's
separate form and Normalize (adv_layernorm.h), TBuf::AllocTensor, the unqualified
scalar min/max builtins (device_builtins.h) and AscendCUtils::SetOverflow against
numpy, their faults, and the host side (tiling/adv_topk_tiling.h,
adv_layernorm_tiling.h) against the vendor's A2 formulas
(impl/adv_api/tiling/sort/topk_tiling_impl.cpp,
normalization/{layernorm,normalize}_tiling_impl.cpp) written out here."""

import os
import subprocess
from pathlib import Path

import numpy as np
import pytest

from conftest import gm, build_host_program, LOAD_STORE_HEAD
from asc.runtime.model import ModelFault

ROOT = Path(__file__).resolve().parents[2]

HEAD = LOAD_STORE_HEAD


# ---------------------------------------------------------------- SoftmaxFlashV3
def v3_kernel(m, k, update, split_mean=8, tmp_bytes=None):
    tmp_decl = f"pipe.InitBuffer(bt, {tmp_bytes}); auto tmp = bt.Get<uint8_t>();" if tmp_bytes else ""
    tmp_arg = "tmp, " if tmp_bytes else ""
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR im, GM_ADDR isum, GM_ADDR imx, GM_ADDR z,
                                        GM_ADDR om, GM_ADDR os, GM_ADDR omx, GM_ADDR oe) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bx, b1, b2, b3, bz, b4, b5, b6, be, bt;
  auto src = load<half>(bx, pipe, x, {m * k});
  auto inMean = load<float>(b1, pipe, im, {m * 8});
  auto inSum = load<float>(b2, pipe, isum, {m * 8});
  auto inMax = load<float>(b3, pipe, imx, {m * 8});
  pipe.InitBuffer(bz, {m * k * 2});
  pipe.InitBuffer(b4, {m * 32});
  pipe.InitBuffer(b5, {m * 32});
  pipe.InitBuffer(b6, {m * 32});
  pipe.InitBuffer(be, {m * 32});
  {tmp_decl}
  auto dst = bz.AllocTensor<half>();  // TBuf::AllocTensor: the whole buffer
  auto mean = b4.AllocTensor<float>();
  auto sum = b5.AllocTensor<float>();
  auto max = b6.AllocTensor<float>();
  auto expMax = be.AllocTensor<half>();
  SoftMaxTiling t = {{{m}, {k}, {m * k}, {m}, 8, {m * 8}, {m}, {k}, {m * k}, {m}, 8, {m * 8}, 1, 0, 0, 0}};
  AscendC::SoftMaxParams p = {{{m}, {k}, {m}, {k}, 2, {split_mean}, 0.9375f}};
  AscendC::SoftmaxFlashV3<half, float, {str(update).lower()}>(dst, mean, sum, max, src, expMax, inMean, inSum,
                                                              inMax, {tmp_arg}t, p);
  store<half>(z, dst, {m * k});
  store<float>(om, mean, {m * 8});
  store<float>(os, sum, {m * 8});
  store<float>(omx, max, {m * 8});
  store<half>(oe, expMax, {m * 16});
  bz.FreeTensor(dst);
}}
"""


V3_PARAMS = [gm("x", "float16"), gm("im"), gm("isum"), gm("imx"), gm("z", "float16"), gm("om"), gm("os"),
             gm("omx"), gm("oe", "float16")]


def v3_ref(x, in_mean, in_sum, in_max, update, loop_cnt=2, alpha=0.9375):
    """The vendor's v220 steps (its example's gen_data.py does the same), per row."""
    x = x.astype(np.float32).copy()
    m, k = x.shape
    sc = np.float32(alpha / (1 - alpha))
    base_k = k // 8
    part = x[:, :512].reshape(m, 64, 8).sum(-1)
    for c in range(512, k, 64):
        part += x[:, c:c + 64]
    local = part.reshape(m, 8, 8).sum(-1) / base_k
    glob = local.sum(-1, keepdims=True) / 8
    x -= np.repeat((glob - local) * sc, base_k, axis=1)
    mean = (in_mean[:, :1] * (loop_cnt - 1) + glob) / loop_cnt if update else glob
    shift_curr = (glob - mean) * sc
    mx = x.max(-1, keepdims=True) + shift_curr
    em = None
    if update:
        shift_prev = (in_mean[:, :1] - mean) * sc
        mx = np.maximum(mx, in_max[:, :1] + shift_prev)
        em = np.exp(in_max[:, :1] - mx + shift_prev)
    e = np.exp(x - (mx - shift_curr))
    s = e.sum(-1, keepdims=True) + (em * in_sum[:, :1] if update else 0)
    return e, mean, s, mx, em


@pytest.mark.parametrize("update,tmp", [(True, None), (False, None), (True, (8 * 1024 + 8 * 64 + 64 * 4 + 1024) * 4)])
def test_flashv3_matches_the_vendors_steps(run, update, tmp):
    m, k = 8, 1024
    rng = np.random.default_rng(3)
    x = rng.uniform(0, 10, (m, k)).astype(np.float16)
    in_mean = np.repeat(rng.uniform(0, 3, (m, 1)), 8, 1).astype(np.float32)
    in_sum = np.repeat(rng.uniform(1, 3, (m, 1)), 8, 1).astype(np.float32)
    in_max = np.repeat(rng.uniform(0, 30, (m, 1)), 8, 1).astype(np.float32)
    outs = [np.zeros((m, k), np.float16), np.zeros((m, 8), np.float32), np.zeros((m, 8), np.float32),
            np.zeros((m, 8), np.float32), np.zeros((m, 16), np.float16)]
    run("k", v3_kernel(m, k, update, tmp_bytes=tmp), V3_PARAMS, 1, [x, in_mean, in_sum, in_max, *outs])
    e, mean, s, mx, em = v3_ref(x, in_mean, in_sum, in_max, update)
    np.testing.assert_allclose(outs[0].astype(np.float32), e, rtol=2e-3, atol=1e-3)
    np.testing.assert_allclose(outs[1], np.repeat(mean, 8, 1), rtol=1e-5)
    np.testing.assert_allclose(outs[2], np.repeat(s, 8, 1), rtol=1e-4)
    np.testing.assert_allclose(outs[3], np.repeat(mx, 8, 1), rtol=1e-5)
    if update:
        np.testing.assert_allclose(outs[4].astype(np.float32), np.repeat(em, 16, 1), rtol=2e-3, atol=1e-6)
    else:
        assert not outs[4].any()


@pytest.mark.parametrize("m,k,split,tmp,msg", [
    (8, 256, 8, None, r"srcK is 256: it must be at least 512 and a multiple of 64"),
    (8, 1024, 4, None, r"splitMeanCnt is 4: it must be 8"),
    (8, 1024, 8, 1024, r"sharedTmpBuffer of 1024 bytes is smaller.*GetSoftMaxFlashV3MaxMinTmpSize"),
])
def test_flashv3_bad_input_is_a_fault(run, m, k, split, tmp, msg):
    z = [np.zeros((m, k), np.float16), *(np.zeros((m, 8), np.float32) for _ in range(6)),
         np.zeros((m, 16), np.float16)]
    with pytest.raises(ModelFault, match=r"SoftmaxFlashV3.*" + msg):
        run("k", v3_kernel(m, k, True, split, tmp), V3_PARAMS, 1, [z[0], z[1], z[2], z[3], z[0].copy(), z[4], z[5],
                                                                     z[6], z[7]])


# ---------------------------------------------------------------- min / max, SetOverflow
MINMAX = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR z) {
  AscendC::AscendCUtils::SetOverflow(1);
  AscendC::GlobalTensor<int32_t> g;
  g.SetGlobalBuffer((__gm__ int32_t*)z, 8);
  uint32_t a = 7, b = 3;
  g.SetValue(0, min(a, b));
  g.SetValue(1, max(a, b));
  g.SetValue(2, min(-5, 2u > 1 ? 4 : 0));
  g.SetValue(3, int32_t(max(2.5f, 1.0f) * 2));
  AscendC::AscendCUtils::SetOverflow(0);
}
"""


def test_unqualified_min_max_are_the_scalar_builtins(run):
    z = np.zeros(8, np.int32)
    run("k", MINMAX, [gm("z", "int32")], 1, [z])
    assert list(z[:4]) == [3, 7, -5, 5]


# ---------------------------------------------------------------- TopK
def topk_kernel(t, outter, inner, n, k, largest, init_index=False, finish=False, nsmall=False, tmp=True,
                tiling_k=None):
    tk = tiling_k or k
    mode = "AscendC::TopKMode::TOPK_NSMALL" if nsmall else "AscendC::TopKMode::TOPK_NORMAL"
    kpad = ((k + 7) // 8 * 8) if t == "float" else ((k + 15) // 16 * 16)
    kpi = (k + 7) // 8 * 8
    vlen, ilen = (outter * k, outter * k) if nsmall else (outter * kpad, outter * kpi)
    vlen, ilen = max(vlen, 64), max(ilen, 64)
    idx_n = outter * inner if nsmall else inner
    tmp_arg = "bt.Get<uint8_t>(), " if tmp else ""
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR ix, GM_ADDR fin, GM_ADDR zv, GM_ADDR zi) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bx, bi, bf, bv, bo, bt;
  auto src = load<{t}>(bx, pipe, x, {outter * inner});
  auto srcIndex = load<int32_t>(bi, pipe, ix, {idx_n});
  auto finish = load<bool>(bf, pipe, fin, 32);
  pipe.InitBuffer(bv, {vlen} * sizeof({t}));
  pipe.InitBuffer(bo, {ilen} * 4);
  pipe.InitBuffer(bt, 64 * 1024);
  auto dv = bv.Get<{t}>();
  auto di = bo.Get<int32_t>();
  AscendC::Duplicate(dv, ({t})7, {vlen});
  AscendC::Duplicate(di, 7, {ilen});
  TopkTiling tiling;
  tiling.kAlignFourBytes = {(tk + 7) // 8 * 8};
  tiling.kAlignTwoBytes = {(tk + 15) // 16 * 16};
  tiling.maskOffset = {outter * tk if nsmall else outter * (((tk + 7) // 8 * 8) if t == "float" else ((tk + 15) // 16 * 16))};
  AscendC::TopKInfo info;
  info.outter = {outter};
  info.inner = {inner};
  info.n = {n};
  AscendC::TopK<{t}, {str(init_index).lower()}, {str(finish).lower()}, false, {mode}>(dv, di, src, srcIndex, finish,
      {tmp_arg}{k}, tiling, info, {str(largest).lower()});
  store<{t}>(zv, dv, {vlen});
  store<int32_t>(zi, di, {ilen});
}}
""", vlen, ilen, kpad, kpi


def topk_run(run, t, outter, inner, n, k, largest, **kw):
    src, vlen, ilen, kpad, kpi = topk_kernel(t, outter, inner, n, k, largest, **kw)
    dt = np.float32 if t == "float" else np.float16
    rng = np.random.default_rng(5)
    x = rng.permutation(outter * inner).astype(dt).reshape(outter, inner)  # distinct values
    x[0, 3] = x[0, 5]  # one tie: index order
    idx = (np.arange(outter * inner if kw.get("nsmall") else inner, dtype=np.int32) * 3 + 100)
    fin = np.zeros(32, np.bool_)
    fin[1] = True
    zv, zi = np.zeros(vlen, dt), np.zeros(ilen, np.int32)
    run("k", src, [gm("x", "float32" if t == "float" else "float16"), gm("ix", "int32"), gm("fin", "bool"),
                   gm("zv", "float32" if t == "float" else "float16"), gm("zi", "int32")], 1, [x, idx, fin, zv, zi])
    return x, idx, fin, zv, zi, kpad, kpi


@pytest.mark.parametrize("t,largest,init_index,finish", [
    ("float", True, False, False), ("float", False, False, True), ("half", True, True, False),
    ("half", False, False, True)])
def test_topk_normal(run, t, largest, init_index, finish):
    outter, inner, n, k = 3, 64, 60, 5
    x, idx, fin, zv, zi, kpad, kpi = topk_run(run, t, outter, inner, n, k, largest, init_index=init_index,
                                             finish=finish)
    for j in range(outter):
        order = np.argsort(-x[j] if largest else x[j], kind="stable")[:k]
        np.testing.assert_array_equal(zv[j * kpad:j * kpad + k], x[j][order])
        want_i = idx[order] if init_index else order
        if finish and fin[j]:
            want_i = np.full(k, n)
        np.testing.assert_array_equal(zi[j * kpi:j * kpi + k], want_i)
        # padding: untouched, except that smallest-first negates it (the vendor's final Muls)
        pad = zv[j * kpad + k:(j + 1) * kpad]
        assert (pad == (7 if largest else -7)).all()
        assert (zi[j * kpi + k:(j + 1) * kpi] == 7).all()


def test_topk_nsmall_is_packed(run):
    outter, k = 4, 3
    x, idx, fin, zv, zi, _, _ = topk_run(run, "float", outter, 32, 32, k, False, nsmall=True, init_index=True)
    for j in range(outter):
        order = np.argsort(x[j], kind="stable")[:k]
        np.testing.assert_array_equal(zv[j * k:(j + 1) * k], x[j][order])
        np.testing.assert_array_equal(zi[j * k:(j + 1) * k], idx[j * 32 + order])
    assert (zv[outter * k:] == 7).all()


@pytest.mark.parametrize("kw,msg", [
    (dict(outter=2, inner=64, n=60, k=61), r"k is 61: it must be in \[1, n = 60\]"),
    (dict(outter=2, inner=48, n=40, k=4), r"topKInfo.inner is 48: it must be a positive multiple of 32"),
    (dict(outter=2, inner=64, n=64, k=4, nsmall=True), r"topKInfo.inner is 64: TOPK_NSMALL needs 32"),
    (dict(outter=2, inner=64, n=64, k=9, tiling_k=1), r"the tiling .* is not TopKTilingFunc's for k = 9"),
])
def test_topk_bad_input_is_a_fault(run, kw, msg):
    kw = dict(kw)
    with pytest.raises(ModelFault, match=r"TopK.*" + msg):
        topk_run(run, "float", kw.pop("outter"), kw.pop("inner"), kw.pop("n"), kw.pop("k"), True, **kw)


def test_topk_tmp_too_small_is_a_fault(run):
    src, vlen, ilen, _, _ = topk_kernel("float", 2, 64, 64, 4, True)
    src = src.replace("pipe.InitBuffer(bt, 64 * 1024);", "pipe.InitBuffer(bt, 1024);")
    with pytest.raises(ModelFault, match=r"TopK.*tmpLocal of 1024 bytes is smaller than the 1280 bytes"):
        run("k", src, [gm("x"), gm("ix", "int32"), gm("fin", "bool"), gm("zv"), gm("zi", "int32")], 1,
            [np.zeros(128, np.float32), np.zeros(64, np.int32), np.zeros(32, np.bool_), np.zeros(vlen, np.float32),
             np.zeros(ilen, np.int32)])


# ---------------------------------------------------------------- LayerNorm / Normalize
def ln_kernel(a, r, rp, gamma_beta="", tmp_bytes=None, normalize=False, tiling_stack=None):
    cfg = "AscendC::LayerNormConfig{false, false, false, true}"
    return HEAD + f"""
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR g, GM_ADDR b, GM_ADDR tl, GM_ADDR y, GM_ADDR mu,
                                        GM_ADDR rs, GM_ADDR xo) {{
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> bx, bg, bb, by, bm, br, bt, bv;
  auto src = load<float>(bx, pipe, x, {a * rp});
  auto gamma = load<float>(bg, pipe, g, {rp});
  auto beta = load<float>(bb, pipe, b, {rp});
  pipe.InitBuffer(by, {a * rp * 4});
  pipe.InitBuffer(bm, {a * 4});
  pipe.InitBuffer(br, {a * 4});
  pipe.InitBuffer(bt, {tmp_bytes or 32});
  auto dst = by.Get<float>();
  auto mean = bm.Get<float>();
  auto rstd = br.Get<float>();
  AscendC::Duplicate(dst, -1.0f, {a * rp});
  {"" if normalize else "AscendC::GlobalTensor<uint32_t> gt; gt.SetGlobalBuffer((__gm__ uint32_t*)tl, 26);"}
  {"" if normalize else "LayerNormSeparateTiling t; for (int i = 0; i < 26; ++i) reinterpret_cast<uint32_t*>(&t)[i] = gt.GetValue(i);"}
  {"" if normalize else f"static constexpr AscendC::LayerNormConfig cfg = {cfg};"}
  {"" if normalize else f"AscendC::LayerNormPara para = {{{a}, {r}, {rp}}};"}
  {"" if normalize else ("AscendC::LayerNorm<float, float, false, cfg>(dst, mean, rstd, src, gamma, beta, 0.0001f, "
                         + ("bt.AllocTensor<uint8_t>(), " if tmp_bytes else "") + "para, t);")}
  {"" if not normalize else f'''
  auto var = load<float>(bv, pipe, tl, {a});
  auto m2 = load<float>(bm, pipe, mu, {a});
  static constexpr AscendC::NormalizeConfig cfg = AscendC::NormalizeConfig{{AscendC::ReducePattern::AR, -1, {gamma_beta}}};
  AscendC::NormalizePara para = {{{a}, {r}, {rp}}};
  AscendC::Normalize<float, float, false, cfg>(dst, rstd, m2, var, src, gamma, beta, bt.AllocTensor<uint8_t>(),
                                               0.0001f, para);'''}
  store<float>(y, dst, {a * rp});
  store<float>(mu, mean, {a});
  store<float>(rs, rstd, {a});
  store<float>(xo, src, {a * rp});
}}
"""


LN_PARAMS = [gm("x"), gm("g"), gm("b"), gm("tl", "uint32"), gm("y"), gm("mu"), gm("rs"), gm("xo")]

LN_HOST = r"""
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "tiling/tiling_api.h"
#include "kernel_tiling/kernel_tiling.h"
int main(int argc, char** argv) {
  int64_t a = atoi(argv[1]), r = atoi(argv[2]);
  uint32_t stack = atoi(argv[3]);
  ge::Shape s(std::vector<int64_t>{a, r});
  uint32_t mx = 0, mn = 0, nmx = 0, nmn = 0, nmx2 = 0, nmn2 = 0;
  AscendC::GetLayerNormMaxMinTmpSize(s, 4, false, true, false, mx, mn);
  AscendC::GetNormalizeMaxMinTmpSize(s, 4, 4, false, true, false, nmx, nmn);
  AscendC::GetNormalizeMaxMinTmpSize(s, 2, 2, false, true, false, nmx2, nmn2);
  printf("sizes %u %u %u %u %u %u\n", mx, mn, nmx, nmn, nmx2, nmn2);
  optiling::LayerNormSeparateTiling t;
  AscendC::GetLayerNormNDTilingInfo(s, stack ? stack : mn, 4, false, true, t);
  printf("tiling");
  for (int i = 0; i < 26; ++i) printf(" %u", reinterpret_cast<const uint32_t*>(&t)[i]);
  printf("\n");
  AscendC::tiling::LayerNormSeparateTiling kt;
  AscendC::GetLayerNormNDTilingInfo(s, stack ? stack : mn, 4, false, true, kt);
  printf("same %d\n", (int)(memcmp(&kt, &t, sizeof t) == 0));
  return 0;
}
"""


@pytest.fixture(scope="module")
def ln_host(tmp_path_factory):
    d = tmp_path_factory.mktemp("ln_host")
    build_host_program(d, LN_HOST)

    def go(a, r, stack=0):
        out = subprocess.run([str(d / "p"), str(a), str(r), str(stack)], capture_output=True, text=True,
                             check=True, env=dict(os.environ, PYTHONPATH=str(ROOT / "python")))
        lines = {ln.split(" ", 1)[0]: ln.split(" ", 1)[1] for ln in out.stdout.splitlines()}
        return ([int(v) for v in lines["sizes"].split()], np.array(lines["tiling"].split(), np.uint32),
                lines["same"] == "1", out.stderr)
    return go


def up32(n):
    return (n + 31) // 32 * 32


def test_layernorm_host_is_the_vendors(ln_host):
    a, r = 32, 20
    rp = 24
    sizes, t, same, err = ln_host(a, r)
    # Normalize: max 2R + 2 * A(to 8)R, min max(A, 2R) (float gamma) / max(A, 4R) (half)
    nmx, nmn = 2 * up32(rp * 4) + 2 * up32(32 * rp * 4), max(up32(a * 4), 2 * up32(rp * 4))
    rp2 = 32  # half: 16-element blocks
    nmx2, nmn2 = 2 * up32(rp2 * 4) + 2 * up32(32 * rp2 * 4), max(up32(a * 4), 4 * up32(rp2 * 4))
    mv = up32(a * 4)
    lmx, lmn = 2 * up32(a * rp * 4) + mv, 2 * up32(rp * 4) + mv
    lmn = nmn + mv if lmn - mv <= nmn else lmn
    lmx = nmx + mv if lmx - mv <= nmx else lmx
    assert sizes == [lmx, lmn, nmx, nmn, nmx2, nmn2]
    assert "should be 4" in err  # the vendor's A2 check wants 4 dimensions and goes on
    one = (lmn // 4 - 32) // 2 // rp * rp
    tail = a * rp % one
    f = t.view(np.float32)
    assert list(t[[0, 1, 6, 7, 8, 10, 11, 12, 13, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24]]) == [
        a, r, a * rp, a, 2, 32, lmn // 4, one, 32, 32 + one, a * rp // one, one, tail, a * rp - tail, one // rp,
        tail // rp, a - tail // rp, one, one // rp]
    assert f[25] == np.float32(1) / np.float32(r)
    assert same


def layernorm_case(run, ln_host, a, r, rp, tmp_bytes):
    _, t, _, _ = ln_host(a, r)
    rng = np.random.default_rng(7)
    x = rng.uniform(-50, 50, (a, rp)).astype(np.float32)
    g = rng.uniform(0.5, 2, rp).astype(np.float32)
    b = rng.uniform(-1, 1, rp).astype(np.float32)
    y, mu, rs, xo = np.zeros((a, rp), np.float32), np.zeros(a, np.float32), np.zeros(a, np.float32), np.zeros_like(x)
    run("k", ln_kernel(a, r, rp, tmp_bytes=tmp_bytes), LN_PARAMS, 1, [x, g, b, t, y, mu, rs, xo])
    return x, g, b, y, mu, rs, xo


@pytest.mark.parametrize("tmp", [None, 8192])
def test_layernorm_separate_matches_numpy(run, ln_host, tmp):
    a, r, rp = 32, 20, 24
    x, g, b, y, mu, rs, xo = layernorm_case(run, ln_host, a, r, rp, tmp)
    xr = x[:, :r].astype(np.float64)
    mean = xr.mean(-1)
    var = ((xr - mean[:, None]) ** 2).mean(-1)
    rstd = 1 / np.sqrt(var + 1e-4)
    np.testing.assert_allclose(mu, mean, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(rs, rstd, rtol=1e-4)
    np.testing.assert_allclose(y[:, :r], (xr - mean[:, None]) * rstd[:, None] * g[:r] + b[:r], rtol=1e-4, atol=1e-4)
    assert (y[:, r:] == -1).all()  # the padding columns of y: the Model leaves them
    np.testing.assert_array_equal(xo[:, :r], x[:, :r])
    assert not xo[:, r:].any()  # inputX's padding is zeroed in place, as the vendor's LayerNormPreProc


def test_layernorm_empty_tiling_is_a_fault(run, ln_host):
    a, r, rp = 32, 20, 24
    z = np.zeros((a, rp), np.float32)
    with pytest.raises(ModelFault, match=r"LayerNorm.*does not cover 32 x 24: GetLayerNormNDTilingInfo"):
        run("k", ln_kernel(a, r, rp), LN_PARAMS, 1, [z, z[0], z[0], np.zeros(26, np.uint32), z.copy(),
                                                      z[:, 0].copy(), z[:, 0].copy(), z.copy()])


def test_layernorm_tmp_smaller_than_the_tiling_is_a_fault(run, ln_host):
    with pytest.raises(ModelFault, match=r"LayerNorm.*sharedTmpBuffer of 256 bytes is smaller than the tiling's"):
        layernorm_case(run, ln_host, 32, 20, 24, 256)


@pytest.mark.parametrize("gb", ["false, false, false", "true, false, false", "false, true, false"])
def test_normalize_matches_numpy(run, gb):
    a, r, rp = 16, 30, 32
    no_beta, no_gamma = gb.split(", ")[0] == "true", gb.split(", ")[1] == "true"
    rng = np.random.default_rng(9)
    x = rng.uniform(-5, 5, (a, rp)).astype(np.float32)
    g = rng.uniform(0.5, 2, rp).astype(np.float32)
    b = rng.uniform(-1, 1, rp).astype(np.float32)
    mean = rng.uniform(-1, 1, a).astype(np.float32)
    var = rng.uniform(0.5, 4, a).astype(np.float32)
    y, rs = np.zeros((a, rp), np.float32), np.zeros(a, np.float32)
    run("k", ln_kernel(a, r, rp, gamma_beta=gb, tmp_bytes=up32(2 * rp * 4), normalize=True), LN_PARAMS, 1,
        [x, g, b, var.view(np.uint32), y, mean.copy(), rs, np.zeros_like(x)])  # (mu is written back)
    rstd = 1 / np.sqrt(var.astype(np.float64) + 1e-4)
    want = (x[:, :r] - mean[:, None]) * rstd[:, None]
    if not no_gamma:
        want = want * g[:r]
    if not no_beta:
        want = want + b[:r]
    np.testing.assert_allclose(rs, rstd, rtol=1e-5)
    np.testing.assert_allclose(y[:, :r], want, rtol=1e-5, atol=1e-5)


def test_normalize_tmp_without_a_row_is_a_fault(run):
    a, r, rp = 16, 30, 32
    z = np.zeros((a, rp), np.float32)
    with pytest.raises(ModelFault, match=r"Normalize.*cannot hold one row's 64.*GetNormalizeMaxMinTmpSize"):
        run("k", ln_kernel(a, r, rp, gamma_beta="false, false, false", tmp_bytes=128, normalize=True), LN_PARAMS, 1,
            [z, z[0], z[0], np.ones(a, np.uint32), z.copy(), z[:, 0].copy(), z[:, 0].copy(), z.copy()])


# ---------------------------------------------------------------- host TopK
TOPK_HOST = r"""
#include <cstdio>
#include <cstdlib>
#include "tiling/tiling_api.h"
#include "kernel_tiling/kernel_tiling.h"
int main(int argc, char** argv) {
  int inner = atoi(argv[1]), outter = atoi(argv[2]), k = atoi(argv[3]), dts = atoi(argv[4]);
  bool init = atoi(argv[5]), largest = atoi(argv[6]);
  auto mode = atoi(argv[7]) ? AscendC::TopKMode::TOPK_NSMALL : AscendC::TopKMode::TOPK_NORMAL;
  auto* p = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
  uint32_t mx = 0, mn = 0;
  AscendC::GetTopKMaxMinTmpSize(*p, inner, outter, false, init, mode, largest, dts, mx, mn);
  printf("sizes %u %u\n", mx, mn);
  optiling::TopkTiling t;
  AscendC::TopKTilingFunc(*p, inner, outter, k, dts, init, mode, largest, t);
  printf("tiling");
  for (int i = 0; i < 24; ++i) printf(" %d", reinterpret_cast<const int32_t*>(&t)[i]);
  for (int i = 0; i < 8; ++i) printf(" %d", reinterpret_cast<const uint16_t*>(&t)[48 + i]);
  printf("\n");
  return 0;
}
"""


@pytest.fixture(scope="module")
def topk_host(tmp_path_factory):
    d = tmp_path_factory.mktemp("topk_host")
    build_host_program(d, TOPK_HOST)

    def go(*args):
        out = subprocess.run([str(d / "p"), *map(str, map(int, args))], capture_output=True, text=True, check=True,
                             env=dict(os.environ, PYTHONPATH=str(ROOT / "python")))
        lines = {ln.split(" ", 1)[0]: ln.split(" ", 1)[1] for ln in out.stdout.splitlines()}
        return [int(v) for v in lines["sizes"].split()], [int(v) for v in lines["tiling"].split()]
    return go


def test_topk_host_normal_is_the_vendors(topk_host):
    inner, outter, k = 64, 3, 5
    sizes, t = topk_host(inner, outter, k, 4, False, True, False)
    assert sizes == [20 * inner, 20 * inner]
    # tmpLocalSize allDataSize innerDataSize sortRepeat mrgSortRepeat kAlign4 kAlign2 maskOffset mask4 mask2
    # src1 src2 src3 twoQueue tail1 tail2 srcIndexOffset copyBlocks
    assert t[:18] == [5 * inner, inner * outter, 2 * inner, inner // 32, inner // 4, 8, 16, outter * 8, 2 * k, 4 * k,
                      2, 4, 6, 2, 2 * inner, 1, 4 * inner, inner * 8 // 32]
    sizes, t = topk_host(inner, outter, k, 2, True, False, False)
    assert sizes == [16 * inner, 16 * inner]
    assert t[:8] == [8 * inner, inner * outter, 4 * inner, 2, 16, 8, 16, outter * 16] and t[10:14] == [4, 8, 12, 4]


def test_topk_host_nsmall_is_the_vendors(topk_host):
    outter, k = 4, 3
    sizes, t = topk_host(32, outter, k, 4, False, False, True)
    all_ = 32 * outter
    assert sizes == [all_ * 8 + all_ * 4 + 64 + all_ * 4] * 2
    inner_data = all_ * 2
    mask_off = inner_data + all_
    assert t[2] == inner_data and t[7] == outter * k and t[18] == mask_off
    assert t[19] == mask_off + 16 and t[0] == mask_off + 16 + all_
    assert t[20] == 0b010101 and t[22] == 0b101010  # k "01" / "10" pairs
    sizes, t = topk_host(32, outter, 7, 2, True, True, True)
    assert sizes == [all_ * 8 + 64] * 2
    assert t[24:32] == [0x1111, 0x111, 0, 0, 0, 0, 0, 0]  # half value masks: "0001" per value
