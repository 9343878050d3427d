"""The adv Matmul's C into the UB (GetTensorC to a VECIN queue's tensor, the
vendor's matmul_leakyrelu_advanced_api): the block arrives as the vendor's client
copies it in, an MTE2 write the VECIN queue orders, so asc-debug's racecheck finds
no hazard between it, the vector call that reads it and the next block's write;
the values are the product's."""
import numpy as np

from asc.debug import findings
from conftest import gm
from test_adv_matmul_formats import PRELUDE

M, N, K, BM, BN, BK = 64, 64, 32, 32, 32, 32

SOURCE = PRELUDE + f"""
using MT_A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using MT_C = MatmulType<TPosition::VECIN, CubeFormat::ND, float>;
using MT_G = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void mmub(GM_ADDR a, GM_ADDR b, GM_ADDR c) {{
  TCubeTiling t;
  SetTiling(t, {M}, {N}, {K}, {M}, {N}, {K}, {BM}, {BN}, {BK});
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half*)a, {M * K});
  gb.SetGlobalBuffer((__gm__ half*)b, {K * N});
  gc.SetGlobalBuffer((__gm__ float*)c, {M * N});
  TPipe pipe;
  TQue<TPosition::VECIN, 1> in;
  TQue<TPosition::VECOUT, 1> out;
  pipe.InitBuffer(in, 1, {BM * BN} * sizeof(float));
  pipe.InitBuffer(out, 1, {BM * BN} * sizeof(float));
  Matmul<MT_A, MT_A, MT_C, MT_G> mm;
  REGIST_MATMUL_OBJ(&pipe, (GM_ADDR)nullptr, mm, &t);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  uint32_t round = 0;
  while (mm.template Iterate<true>()) {{
    LocalTensor<float> blk = in.AllocTensor<float>();
    mm.template GetTensorC<true>(blk, false, true);
    in.EnQue(blk);
    blk = in.DeQue<float>();
    LocalTensor<float> res = out.AllocTensor<float>();
    Muls(res, blk, 2.0f, {BM * BN});
    out.EnQue(res);
    in.FreeTensor(blk);
    res = out.DeQue<float>();
    uint32_t row = round % {M // BM} * {BM}, col = round / {M // BM} * {BN};  // iterateOrder 0: along M first
    DataCopyParams p{{uint16_t({BM}), uint16_t({BN} * 4 / 32), 0, uint16_t(({N} - {BN}) * 4 / 32)}};
    DataCopy(gc[row * {N} + col], res, p);
    out.FreeTensor(res);
    ++round;
  }}
  mm.End();
}}
"""


def test_c_in_the_ub_has_no_race(run, monkeypatch, tmp_path):
    found_path = tmp_path / "found.jsonl"
    monkeypatch.setenv("ASC_DEBUG", "racecheck,initcheck,synccheck")
    monkeypatch.setenv(findings.FINDINGS_ENV, str(found_path))
    rng = np.random.default_rng(0)
    a = rng.integers(-2, 3, (M, K)).astype(np.float16)
    b = rng.integers(-2, 3, (K, N)).astype(np.float16)
    c = np.zeros((M, N), np.float32)
    run("mmub", SOURCE, [gm("a", "float16"), gm("b", "float16"), gm("c")], 1, [a, b, c])
    np.testing.assert_array_equal(c, 2 * (a.astype(np.float32) @ b.astype(np.float32)))
    assert [f.lines[0] for f in findings.load(str(found_path))] == []
