"""AscendC::Matmul's last two template parameters, as the vendor declares them (matmul_intf.h):
MM_CB (MatmulCallBackFunc: the user's DataCopyOut / CopyA1 / CopyB1 called instead of the
Matmul's own copies, with the SetUserDefInfo / SetSelfDefineData values) and MATMUL_POLICY
(the vendor's MatmulPolicy, NBuffer33MatmulPolicy, TrianUpper/LowerMatmulPolicy; any other
policy faults at Init). Ascend C programs compiled against the Model, checked with numpy.

The callbacks below read their operands from other matrices than SetTensorA / SetTensorB
(A2, B2), so C = A2 x B2 shows the Matmul used what they loaded; each call is logged
(kind, its arguments), so the log shows where and with what the Model called them."""

import numpy as np
import pytest

from conftest import gm

M, N, K = 48, 64, 64
BASE_M, BASE_N, BASE_K = 32, 32, 16

PRELUDE = r"""#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

struct CbData {
  __gm__ half* a2;
  __gm__ half* b2;
  int32_t* log;
  int32_t n;
  bool copy_out;  // DataCopyOut does the copy (else it only logs)
};

static int32_t* entry(uint64_t dataPtr, int32_t kind) {
  CbData* d = reinterpret_cast<CbData*>(dataPtr);
  int32_t* e = d->log + 8 * d->n++;
  e[0] = kind;
  return e;
}

// A's tile (row in baseM, col in K tiles) of useM x useK from A2, as NZ (rows padded to 16).
__aicore__ inline void CopyA(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col, int useM,
                             int useK, const uint64_t tilingPtr, const uint64_t dataPtr) {
  const TCubeTiling* t = reinterpret_cast<const TCubeTiling*>(tilingPtr);
  int32_t* e = entry(dataPtr, 1);
  e[1] = row, e[2] = col, e[3] = useM, e[4] = useK;
  GlobalTensor<half> g;
  g.SetGlobalBuffer(reinterpret_cast<CbData*>(dataPtr)->a2);
  Nd2NzParams p;
  p.ndNum = 1;
  p.nValue = useM;
  p.dValue = useK;
  p.srcDValue = t->Ka;
  p.dstNzC0Stride = (useM + 15) / 16 * 16;
  p.dstNzNStride = 1;
  DataCopy(aMatrix.ReinterpretCast<half>(), g[uint64_t(row) * t->baseM * t->Ka + uint64_t(col) * useK_unit(t)], p);
}
"""

# The K unit of a tile index: baseK (Norm), stepKa * baseK (MDL); the kernel defines it.
CALLBACKS = r"""
__aicore__ inline void CopyB(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col, int useK,
                             int useN, const uint64_t tilingPtr, const uint64_t dataPtr) {
  const TCubeTiling* t = reinterpret_cast<const TCubeTiling*>(tilingPtr);
  int32_t* e = entry(dataPtr, 2);
  e[1] = row, e[2] = col, e[3] = useK, e[4] = useN;
  GlobalTensor<half> g;
  g.SetGlobalBuffer(reinterpret_cast<CbData*>(dataPtr)->b2);
  Nd2NzParams p;
  p.ndNum = 1;
  p.nValue = useK;
  p.dValue = useN;
  p.srcDValue = t->N;
  p.dstNzC0Stride = (useK + 15) / 16 * 16;
  p.dstNzNStride = 1;
  DataCopy(bMatrix.ReinterpretCast<half>(), g[uint64_t(row) * useK_unit(t) * t->N + uint64_t(col) * t->baseN], p);
}

// The block from L0C to its place in C (gm), as the parameters say.
__aicore__ inline void CopyOut(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local, const void* params,
                               const uint64_t tilingPtr, const uint64_t dataPtr) {
  const DataCopyOutParams* p = reinterpret_cast<const DataCopyOutParams*>(params);
  int32_t* e = entry(dataPtr, 3);
  e[1] = p->curM, e[2] = p->curN, e[3] = p->oriNSize, e[4] = p->burstLen, e[5] = p->cBurstNum;
  e[6] = int32_t(p->dstStride);
  if (!reinterpret_cast<CbData*>(dataPtr)->copy_out) return;
  const int32_t m = p->burstLen * 32 / (16 * sizeof(float));
  FixpipeParamsV220 f;
  f.nSize = p->oriNSize;
  f.mSize = m;
  f.srcStride = (m + 15) / 16 * 16;
  f.dstStride = p->dstStride;
  GlobalTensor<float> g;
  g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(const_cast<void*>(gm)));
  Fixpipe(g, co1Local.ReinterpretCast<float>(), f);
}
"""


def kernel_source(cfg="CFG_NORM", cb="MatmulCallBackFunc<CopyOut, CopyA, CopyB>", policy="", copy_out=True,
                  extra=""):
    mdl = cfg == "CFG_MDL"
    unit = "t->stepKa * t->baseK" if mdl else "t->baseK"
    args = f"MT_A, MT_B, MT_C, MT_C, {cfg}, {cb}" + (f", {policy}" if policy else "")
    return (PRELUDE.replace("useK_unit(t)", f"({unit})") + CALLBACKS.replace("useK_unit(t)", f"({unit})") + extra +
            f"""
using MT_A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using MT_B = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using MT_C = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void mmcb(GM_ADDR a, GM_ADDR a2, GM_ADDR b, GM_ADDR b2, GM_ADDR c, GM_ADDR log) {{
  TCubeTiling t;
  t.usedCoreNum = 1;
  t.M = {M}; t.N = {N}; t.Ka = {K}; t.Kb = {K};
  t.singleCoreM = {M}; t.singleCoreN = {N}; t.singleCoreK = {K};
  t.baseM = {BASE_M}; t.baseN = {BASE_N}; t.baseK = {BASE_K};
  t.stepM = 1; t.stepN = 1; t.stepKa = 2; t.stepKb = 2; t.depthA1 = 4; t.depthB1 = 4;
  t.isBias = 0; t.iterateOrder = 0; t.dbL0A = 2; t.dbL0B = 2; t.dbL0C = 1;
  int32_t entries[8 * 64] = {{}};
  CbData d{{(__gm__ half*)a2, (__gm__ half*)b2, entries, 0, {str(copy_out).lower()}}};
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half*)a, {M * K});
  gb.SetGlobalBuffer((__gm__ half*)b, {K * N});
  gc.SetGlobalBuffer((__gm__ float*)c, {M * N});
  TPipe pipe;
  Matmul<{args}> mm;
  REGIST_MATMUL_OBJ(&pipe, (GM_ADDR)nullptr, mm, &t);  // the register line
  mm.SetUserDefInfo(reinterpret_cast<uint64_t>(&t));
  mm.SetSelfDefineData(reinterpret_cast<uint64_t>(&d));
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  mm.End();
  GlobalTensor<int32_t> gl;
  gl.SetGlobalBuffer((__gm__ int32_t*)log, 8 * 64 + 1);
  for (int32_t i = 0; i < 8 * d.n; ++i) gl.SetValue(i, entries[i]);
  gl.SetValue(8 * 64, d.n);
}}
""")


PARAMS = [gm("a", "float16"), gm("a2", "float16"), gm("b", "float16"), gm("b2", "float16"), gm("c"),
          gm("log", "int32")]


def _go(run, source, c_init=0.0):
    rng = np.random.default_rng(3)
    a, a2 = (rng.integers(-4, 4, (M, K)).astype(np.float16) for _ in range(2))
    b, b2 = (rng.integers(-4, 4, (K, N)).astype(np.float16) for _ in range(2))
    c = np.full((M, N), c_init, np.float32)
    log = np.zeros(8 * 64 + 1, np.int32)
    run("mmcb", source, PARAMS, 1, [a, a2, b, b2, c, log])
    entries = [tuple(int(x) for x in log[8 * i:8 * i + 8]) for i in range(log[-1])]
    return a, a2, b, b2, c, entries


def _blocks():
    """(mi, ni, m_len, n_len) of the blocks in the Model's order (iterateOrder 0: M fastest)."""
    m_iter, n_iter = -(-M // BASE_M), -(-N // BASE_N)
    for ni in range(n_iter):
        for mi in range(m_iter):
            yield mi, ni, min(BASE_M, M - mi * BASE_M), min(BASE_N, N - ni * BASE_N)


@pytest.mark.parametrize("cfg,k_tile", [("CFG_NORM", BASE_K), ("CFG_MDL", 2 * BASE_K)])
def test_callbacks_load_a_and_b_and_copy_c_out(run, cfg, k_tile):
    a, a2, b, b2, c, log = _go(run, kernel_source(cfg))
    # C is what the callbacks loaded (A2, B2), copied out by DataCopyOut
    np.testing.assert_array_equal(c, a2.astype(np.float32) @ b2.astype(np.float32))
    want = []
    for mi, ni, ml, nl in _blocks():
        for kt in range(K // k_tile):  # a tile of A, then of B: baseK (Norm), stepKa x baseK (MDL)
            want.append((1, mi, kt, ml, k_tile, 0, 0, 0))
            want.append((2, kt, ni, k_tile, nl, 0, 0, 0))
        # DataCopyOut: the block's indices, columns, burst length (rows x 16 x 4 B / 32 B), its
        # 16-column blocks and C's row pitch
        want.append((3, mi, ni, nl, ml * 16 * 4 // 32, -(-nl // 16), N, 0))
    assert log == want


def test_data_copy_out_replaces_the_matmuls_own_copy(run):
    # a DataCopyOut that copies nothing: C is not written by anyone else
    _, _, _, _, c, log = _go(run, kernel_source(copy_out=False), c_init=-1.0)
    assert (c == -1.0).all()
    assert [e[:3] for e in log if e[0] == 3] == [(3, mi, ni) for mi, ni, _, _ in _blocks()]


def test_only_copy_a_given_the_rest_is_the_matmuls(run):
    a, a2, b, b2, c, log = _go(run, kernel_source(cb="MatmulCallBackFunc<nullptr, CopyA, nullptr>"))
    np.testing.assert_array_equal(c, a2.astype(np.float32) @ b.astype(np.float32))
    assert {e[0] for e in log} == {1}


@pytest.mark.parametrize("policy,keep", [
    ("AscendC::Impl::Detail::TrianUpperMatmulPolicy", lambda mi, ni: mi <= ni),
    ("AscendC::Impl::Detail::TrianLowerMatmulPolicy", lambda mi, ni: mi >= ni),
    ("AscendC::Impl::Detail::NBuffer33MatmulPolicy", lambda mi, ni: True),
    ("AscendC::Impl::Detail::MatmulPolicy", lambda mi, ni: True),
])
def test_policies(run, policy, keep):
    cfg = "CFG_MDL" if "NBuffer33" in policy else "CFG_NORM"
    a, a2, b, b2, c, log = _go(run, kernel_source(cfg, cb="MatmulCallBackFunc<nullptr, nullptr, nullptr>",
                                                  policy=policy), c_init=-1.0)
    full = a.astype(np.float32) @ b.astype(np.float32)
    want = np.full((M, N), -1.0, np.float32)
    for mi, ni, ml, nl in _blocks():
        if keep(mi, ni):  # the triangle's blocks are computed and written, the others untouched
            rows, cols = slice(mi * BASE_M, mi * BASE_M + ml), slice(ni * BASE_N, ni * BASE_N + nl)
            want[rows, cols] = full[rows, cols]
    np.testing.assert_array_equal(c, want)
    assert log == []


USER_POLICY = r"""
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct MyPolicy : public AscendC::Impl::Detail::MatmulPolicy<MM_CFG, IMPL, A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE> {};
"""


def test_a_policy_of_the_users_own_faults_at_init(run):
    import asc

    source = kernel_source(cb="MatmulCallBackFunc<nullptr, nullptr, nullptr>", policy="MyPolicy", extra=USER_POLICY)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        _go(run, source)
    text = str(err.value)
    assert "this MATMUL_POLICY is not modelled" in text
    line = next(i for i, l in enumerate(source.splitlines(), 1) if "the register line" in l)
    assert f":{line}:" in text
