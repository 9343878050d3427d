"""AscendC::Matmul's operand positions and formats beyond ND in GM, and enAtomic, as the vendor's
examples use them (04_advanced_api/00_matmul: matmul_tscm, matmul_format_gemv,
matmul_format_nd_align, matmul_channelsplit_output, matmul_splitk):

- A / B in L1 (TPosition::TSCM, NZ): the Matmul reads the user's buffer in place (the vendor's
  CopyCubeIn FROM_L1), the single-core matrix's NZ, transposed or not;
- A as a vector (CubeFormat::VECTOR, GEMV: M = 1);
- C as ND_ALIGN (rows padded to 32 bytes) and NZ (16-column blocks, or with
  MatmulConfig::isEnableChannelSplit 8-column blocks of up16(M) rows);
- IterateAll / GetTensorC with enAtomic (1 add, 2 max, 3 min into C in GM), across cores.

Ascend C programs compiled against the Model, checked with numpy."""

import numpy as np
import pytest

from conftest import gm

PRELUDE = r"""#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;

__aicore__ inline void SetTiling(TCubeTiling& t, int32_t m, int32_t n, int32_t k, int32_t sm, int32_t sn, int32_t sk,
                                 int32_t bm, int32_t bn, int32_t bk) {
  t.usedCoreNum = 1;
  t.M = m; t.N = n; t.Ka = k; t.Kb = k;
  t.singleCoreM = sm; t.singleCoreN = sn; t.singleCoreK = sk;
  t.baseM = bm; t.baseN = bn; t.baseK = bk;
  t.stepM = 1; t.stepN = 1; t.stepKa = 1; t.stepKb = 1; t.depthA1 = 2; t.depthB1 = 2;
  t.isBias = 0; t.iterateOrder = 0; t.dbL0A = 2; t.dbL0B = 2; t.dbL0C = 1;
}
"""


def nz(x, c0):
    """x (R x C) as NZ: rows padded to 16, columns to c0; column block j (all rows) after block j - 1."""
    r, c = x.shape
    rp, cp = -(-r // 16) * 16, -(-c // c0) * c0
    p = np.zeros((rp, cp), x.dtype)
    p[:r, :c] = x
    return p.reshape(rp, cp // c0, c0).transpose(1, 0, 2).reshape(-1).copy()


def ref(a, b):
    return a.astype(np.float32) @ b.astype(np.float32)


# ------------------------------------------------------------------ A / B in L1 (TSCM, NZ)
def l1_source(trans_a, trans_b, a_l1, b_l1, m, n, k, bm, bn, bk, a_elems, b_elems, a_gm_form=False):
    pos_a = "TPosition::TSCM, CubeFormat::NZ" if a_l1 else "TPosition::GM, CubeFormat::ND"
    pos_b = "TPosition::TSCM, CubeFormat::NZ" if b_l1 else "TPosition::GM, CubeFormat::ND"
    set_a = ("mm.SetTensorA(ga, TA);" if a_gm_form else "mm.SetTensorA(la, TA);") if a_l1 else "mm.SetTensorA(ga, TA);"
    set_b = "mm.SetTensorB(lb, TB);" if b_l1 else "mm.SetTensorB(gb, TB);"
    return PRELUDE + f"""
constexpr bool TA = {str(trans_a).lower()}, TB = {str(trans_b).lower()};
using MT_A = MatmulType<{pos_a}, half, TA>;
using MT_B = MatmulType<{pos_b}, half, TB>;
using MT_C = MatmulType<TPosition::GM, CubeFormat::ND, float>;

extern "C" __global__ __aicore__ void mml1(GM_ADDR a, GM_ADDR b, GM_ADDR c) {{
  TCubeTiling t;
  SetTiling(t, {m}, {n}, {k}, {m}, {n}, {k}, {bm}, {bn}, {bk});
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half*)a, {a_elems});
  gb.SetGlobalBuffer((__gm__ half*)b, {b_elems});
  gc.SetGlobalBuffer((__gm__ float*)c, {m * n});
  TPipe pipe;
  Matmul<MT_A, MT_B, MT_C> mm;
  REGIST_MATMUL_OBJ(&pipe, (GM_ADDR)nullptr, mm, &t);
  TSCM<TPosition::GM, 1> qa, qb;
  pipe.InitBuffer(qa, 1, {a_elems} * sizeof(half));
  pipe.InitBuffer(qb, 1, {b_elems} * sizeof(half));
  LocalTensor<half> la = qa.AllocTensor<half>();
  LocalTensor<half> lb = qb.AllocTensor<half>();
  DataCopy(la, ga, {a_elems});  // the operands' NZ, as the kernel copies them into L1
  DataCopy(lb, gb, {b_elems});
  qa.EnQue(la);
  qb.EnQue(lb);
  la = qa.DeQue<half>();
  lb = qb.DeQue<half>();
  {set_a}  // the SetTensorA line
  {set_b}
  mm.IterateAll(gc);
  mm.End();
  qa.FreeTensor(la);
  qb.FreeTensor(lb);
}}
"""


@pytest.mark.parametrize("trans_a,trans_b,a_l1,b_l1", [
    (False, False, True, False),   # matmul_tscm's case: A in TSCM, B in GM
    (True, False, True, False),    # A^T (K x M) in L1
    (False, False, False, True),   # B in L1
    (False, True, True, True),     # both, B^T (N x K) in L1
])
def test_operands_in_l1_are_read_in_place(run, trans_a, trans_b, a_l1, b_l1):
    m, n, k, bm, bn, bk = 48, 64, 64, 32, 32, 32   # a tail block in M, several blocks each way
    rng = np.random.default_rng(11)
    a = rng.integers(-4, 4, (m, k)).astype(np.float16)
    b = rng.integers(-4, 4, (k, n)).astype(np.float16)
    a_src = a.T if trans_a else a
    b_src = b.T if trans_b else b
    a_in = nz(a_src, 16) if a_l1 else a_src.reshape(-1).copy()
    b_in = nz(b_src, 16) if b_l1 else b_src.reshape(-1).copy()
    c = np.zeros((m, n), np.float32)
    src = l1_source(trans_a, trans_b, a_l1, b_l1, m, n, k, bm, bn, bk, a_in.size, b_in.size)
    run("mml1", src, [gm("a", "float16"), gm("b", "float16"), gm("c")], 1, [a_in, b_in, c])
    np.testing.assert_array_equal(c, ref(a, b))


def test_an_l1_operand_smaller_than_the_single_core_matrix_faults(run):
    import asc

    m, n, k = 48, 32, 64
    # 32 rows of A's NZ where the single-core M of 48 needs 48
    src = l1_source(False, False, True, False, m, n, k, 32, 32, 32, 32 * k, k * n)
    a_in = np.zeros(32 * k, np.float16)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        run("mml1", src, [gm("a", "float16"), gm("b", "float16"), gm("c")], 1,
            [a_in, np.zeros(k * n, np.float16), np.zeros((m, n), np.float32)])
    assert "A in L1 holds 2048 elements" in str(err.value)


def test_a_global_tensor_for_an_l1_operand_faults_at_the_line(run):
    import asc

    m, n, k = 32, 32, 32
    src = l1_source(False, False, True, False, m, n, k, 32, 32, 32, m * k, k * n, a_gm_form=True)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        run("mml1", src, [gm("a", "float16"), gm("b", "float16"), gm("c")], 1,
            [np.zeros(m * k, np.float16), np.zeros(k * n, np.float16), np.zeros((m, n), np.float32)])
    text = str(err.value)
    assert "pass the LocalTensor in L1" in text
    line = next(i for i, l in enumerate(src.splitlines(), 1) if "the SetTensorA line" in l)
    assert f":{line}:" in text


# ------------------------------------------------------------------ formats of A and C
def format_source(a_fmt, c_fmt, cfg, m, n, k, bm, bn, bk, c_elems, seq=False):
    return PRELUDE + f"""
constexpr MatmulConfig MakeCfg() {{
  MatmulConfig c = CFG_NORM;
  c.isEnableChannelSplit = {str(cfg == "split").lower()};
  return c;
}}
constexpr static MatmulConfig CFG = MakeCfg();
using MT_A = MatmulType<TPosition::GM, CubeFormat::{a_fmt}, half>;
using MT_B = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using MT_C = MatmulType<TPosition::GM, CubeFormat::{c_fmt}, float>;

extern "C" __global__ __aicore__ void mmfmt(GM_ADDR a, GM_ADDR b, GM_ADDR c) {{
  TCubeTiling t;
  SetTiling(t, {m}, {n}, {k}, {m}, {n}, {k}, {bm}, {bn}, {bk});
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half*)a, {m * k});
  gb.SetGlobalBuffer((__gm__ half*)b, {k * n});
  gc.SetGlobalBuffer((__gm__ float*)c, {c_elems});
  TPipe pipe;
  Matmul<MT_A, MT_B, MT_C, MT_C, CFG> mm;
  REGIST_MATMUL_OBJ(&pipe, (GM_ADDR)nullptr, mm, &t);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc, 0, {str(seq).lower()});  // the IterateAll line
  mm.End();
}}
"""


def _go_fmt(run, a, b, c, **kw):
    m, k = a.shape
    n = b.shape[1]
    src = format_source(m=m, n=n, k=k, c_elems=c.size, **kw)
    run("mmfmt", src, [gm("a", "float16"), gm("b", "float16"), gm("c")], 1, [a, b, c])
    return src


@pytest.mark.parametrize("k,n", [(256, 32), (96, 80)])
def test_gemv_a_is_a_vector(run, k, n):
    rng = np.random.default_rng(12)
    a = rng.integers(-4, 4, (1, k)).astype(np.float16)
    b = rng.integers(-4, 4, (k, n)).astype(np.float16)
    c = np.zeros((1, n), np.float32)
    _go_fmt(run, a, b, c, a_fmt="VECTOR", c_fmt="ND", cfg="norm", bm=16, bn=32, bk=32)
    np.testing.assert_array_equal(c, ref(a, b))


def test_gemv_with_more_than_one_row_faults(run):
    import asc

    a = np.zeros((2, 32), np.float16)
    b = np.zeros((32, 32), np.float16)
    with pytest.raises(asc.runtime.model.ModelFault) as err:
        src = format_source("VECTOR", "ND", "norm", 2, 32, 32, 16, 32, 32, 64)
        run("mmfmt", src, [gm("a", "float16"), gm("b", "float16"), gm("c")], 1, [a, b, np.zeros(64, np.float32)])
    assert "the single-core M must be 1, not 2" in str(err.value)
    line = next(i for i, l in enumerate(src.splitlines(), 1) if "the IterateAll line" in l)
    assert f":{line}:" in str(err.value)


def test_nd_align_c_rows_are_padded_to_32_bytes(run):
    m, n, k = 40, 30, 32   # float C: rows of 32 elements (30 padded to 8s)
    rng = np.random.default_rng(13)
    a = rng.integers(-4, 4, (m, k)).astype(np.float16)
    b = rng.integers(-4, 4, (k, n)).astype(np.float16)
    c = np.full((m, 32), -7.0, np.float32)
    _go_fmt(run, a, b, c, a_fmt="ND", c_fmt="ND_ALIGN", cfg="norm", bm=32, bn=16, bk=32)
    np.testing.assert_array_equal(c[:, :n], ref(a, b))


def nz_c(full, c0, height):
    """The vendor's NZ C: column blocks of c0 columns, each `height` rows (zeros below M)."""
    m, n = full.shape
    p = np.zeros((height, -(-n // c0) * c0), np.float32)
    p[:m, :n] = full
    return p.reshape(height, -1, c0).transpose(1, 0, 2)


@pytest.mark.parametrize("cfg", ["norm", "split"])
def test_nz_c_with_and_without_the_channel_split(run, cfg):
    m, n, k = 40, 48, 32
    rng = np.random.default_rng(14)
    a = rng.integers(-4, 4, (m, k)).astype(np.float16)
    b = rng.integers(-4, 4, (k, n)).astype(np.float16)
    c0, height = (8, 48) if cfg == "split" else (16, m)   # split: 16 x 8 fractals of up16(M) rows
    c = np.zeros(height * n, np.float32)
    _go_fmt(run, a, b, c, a_fmt="ND", c_fmt="NZ", cfg=cfg, bm=32, bn=32, bk=32)
    got = c.reshape(n // c0, height, c0)
    want = nz_c(ref(a, b), c0, height)
    np.testing.assert_array_equal(got[:, :m], want[:, :m])


# ------------------------------------------------------------------ enAtomic
ATOMIC = r"""
using MT_A = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using MT_C = MatmulType<TPosition::GM, CubeFormat::ND, float>;

// Split K: core i multiplies A's columns / B's rows [i * SK, (i + 1) * SK) and adds its
// product into C (enAtomic 1); the cores' adds meet in C. MODE 4: GetTensorC per block.
extern "C" __global__ __aicore__ void mmatomic(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  TCubeTiling t;
  SetTiling(t, M, N, K, M, N, SK, 32, 16, 32);
  const int32_t i = GetBlockIdx();
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half*)a + i * SK, M * K);
  gb.SetGlobalBuffer((__gm__ half*)b + i * SK * N, K * N);
  gc.SetGlobalBuffer((__gm__ float*)c, M * N);
  TPipe pipe;
  Matmul<MT_A, MT_A, MT_C> mm;
  REGIST_MATMUL_OBJ(&pipe, (GM_ADDR)nullptr, mm, &t);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  if (MODE == 4) {
    while (mm.Iterate()) mm.GetTensorC(gc, 1);
  } else {
    mm.IterateAll(gc, MODE);
  }
  mm.End();
}
"""


@pytest.mark.parametrize("mode,cores", [(1, 4), (4, 4), (2, 1), (3, 1), (0, 1)])
def test_en_atomic_combines_c_with_gm(run, mode, cores):
    m, n, k = 48, 40, 128
    sk = k // cores
    rng = np.random.default_rng(15)
    a = rng.integers(-4, 4, (m, k)).astype(np.float16)
    b = rng.integers(-4, 4, (k, n)).astype(np.float16)
    c0 = rng.integers(-40, 40, (m, n)).astype(np.float32)
    c = c0.copy()
    src = PRELUDE + f"constexpr int32_t M = {m}, N = {n}, K = {k}, SK = {sk}, MODE = {mode};\n" + ATOMIC
    run("mmatomic", src, [gm("a", "float16"), gm("b", "float16"), gm("c")], cores, [a, b, c])
    p = ref(a, b)
    want = {1: c0 + p, 4: c0 + p, 2: np.maximum(c0, p), 3: np.minimum(c0, p), 0: p}[mode]
    np.testing.assert_array_equal(c, want)


# ------------------------------------------------------------------ SetQuantScalar's scale
QUANT = r"""
using MT_A = MatmulType<TPosition::GM, CubeFormat::ND, int8_t>;
using MT_C = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using MT_BIAS = MatmulType<TPosition::GM, CubeFormat::ND, int32_t>;

extern "C" __global__ __aicore__ void mmquant(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  TCubeTiling t;
  SetTiling(t, M, N, K, M, N, K, 32, 32, 64);
  GlobalTensor<int8_t> ga, gb;
  GlobalTensor<half> gc;
  ga.SetGlobalBuffer((__gm__ int8_t*)a, M * K);
  gb.SetGlobalBuffer((__gm__ int8_t*)b, K * N);
  gc.SetGlobalBuffer((__gm__ half*)c, M * N);
  TPipe pipe;
  Matmul<MT_A, MT_A, MT_C, MT_BIAS> mm;
  REGIST_MATMUL_OBJ(&pipe, (GM_ADDR)nullptr, mm, &t);
  float scale = SCALE;
  mm.SetQuantScalar(static_cast<uint64_t>(*reinterpret_cast<uint32_t*>(&scale)));
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.IterateAll(gc);
  mm.End();
}
"""


def test_quant_scalar_reaches_the_product_as_a_1_8_10_float(run):
    m, n, k = 64, 64, 1024
    rng = np.random.default_rng(16)
    a = rng.integers(-10, 10, (m, k)).astype(np.int8)
    b = rng.integers(-10, 10, (k, n)).astype(np.int8)
    c = np.zeros((m, n), np.float16)
    src = PRELUDE + f"constexpr int32_t M = {m}, N = {n}, K = {k};\n#define SCALE 0.1f\n" + QUANT
    run("mmquant", src, [gm("a", "int8"), gm("b", "int8"), gm("c", "float16")], 1, [a, b, c])
    y = a.astype(np.int32) @ b.astype(np.int32)
    m1 = (np.array([0.1], np.float32).view(np.uint32) & 0xFFFFE000).view(np.float32)[0]  # bits [31:13]
    np.testing.assert_array_equal(c, (y.astype(np.float32) * m1).astype(np.float16))
    full = (y.astype(np.float32) * np.float32(0.1)).astype(np.float16)
    assert (c != full).any()  # the full-mantissa scale would round some of them differently
