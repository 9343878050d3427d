"""int4b_t on the Model: two elements per byte, element 2i in the low nibble of byte i
(the vendor's impl/basic_api/kernel_tensor_impl.h). Tensor indexing, sizes and scalar
access, DataCopy, Cast half <-> int4b_t, LoadData and Mmad int4 x int4 -> int32, each
checked against numpy's packing and unpacking of nibbles."""

import numpy as np
import pytest

from conftest import gm, scalar
from asc.runtime.model import ModelFault


def pack(v):
    """int values in [-8, 7] (even count) -> the device's bytes."""
    v = np.asarray(v, np.int8).reshape(-1)
    assert v.size % 2 == 0 and v.min() >= -8 and v.max() <= 7
    return ((v[0::2] & 0xF) | ((v[1::2] & 0xF) << 4)).astype(np.uint8)


def unpack(b):
    """The device's bytes -> int8 values, sign-extended."""
    b = np.asarray(b, np.uint8).reshape(-1)
    out = np.empty(b.size * 2, np.int8)
    out[0::2] = b & 0xF
    out[1::2] = b >> 4
    return np.where(out >= 8, out - 16, out).astype(np.int8)


def test_pack_roundtrip():
    v = np.arange(-8, 8, dtype=np.int8)
    assert (unpack(pack(v)) == v).all()
    assert pack([1, -1]).tolist() == [0xF1]


# Scalar access and views: GetValue / SetValue on GM and UB, operator[] (an even offset is
# half as many bytes), GetSize counts nibbles, ReinterpretCast keeps the bytes.
SCALAR = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y, GM_ADDR info, int32_t n) {
  AscendC::GlobalTensor<AscendC::int4b_t> xg;
  AscendC::GlobalTensor<AscendC::int4b_t> yg;
  AscendC::GlobalTensor<int32_t> ig;
  xg.SetGlobalBuffer((__gm__ AscendC::int4b_t*)x, n);
  yg.SetGlobalBuffer((__gm__ AscendC::int4b_t*)y, n);
  ig.SetGlobalBuffer((__gm__ int32_t*)info, 8);
  AscendC::LocalTensor<AscendC::int4b_t> t(AscendC::TPosition::VECCALC, 0, n);
  AscendC::DataCopy(t, xg, n);
  AscendC::PipeBarrier<PIPE_ALL>();
  // Reverse the sign of every element through scalar reads and writes.
  for (int32_t i = 0; i < n; ++i) {
    int8_t v = t.GetValue(i);
    t.SetValue(i, AscendC::int4b_t(int32_t(v == -8 ? 7 : -v)));
  }
  AscendC::LocalTensor<AscendC::int4b_t> half2 = t[n / 2];
  AscendC::LocalTensor<int8_t> bytes = t.ReinterpretCast<int8_t>();
  AscendC::LocalTensor<AscendC::int4b_t> back = bytes.ReinterpretCast<AscendC::int4b_t>();
  ig.SetValue(0, int32_t(t.GetSize()));
  ig.SetValue(1, int32_t(t.GetLength()));
  ig.SetValue(2, int32_t(half2.GetSize()));
  ig.SetValue(3, int32_t(bytes.GetSize()));
  ig.SetValue(4, int32_t(back.GetSize()));
  ig.SetValue(5, int32_t(int8_t(half2.GetValue(1))));
  ig.SetValue(6, int32_t(int8_t(xg.GetValue(3))));
  ig.SetValue(7, int32_t(int8_t(xg[2].GetValue(1))));
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(yg, t, n);
  AscendC::PipeBarrier<PIPE_ALL>();
  yg.SetValue(1, AscendC::int4b_t(int32_t(5)));  // a GM nibble: its neighbour stays
}
"""


def test_scalar_access_and_views(run):
    n = 128
    rng = np.random.default_rng(1)
    v = rng.integers(-8, 8, n).astype(np.int8)
    x = pack(v)
    y = np.zeros(n // 2, np.uint8)
    info = np.zeros(8, np.int32)
    run("k", SCALAR, [gm("x", "uint8"), gm("y", "uint8"), gm("info", "int32"), scalar("n")], 1, [x, y, info, n])
    want = np.where(v == -8, 7, -v).astype(np.int8)
    want_y = want.copy()
    want_y[1] = 5
    assert (unpack(y) == want_y).all()
    assert info.tolist() == [n, n // 2, n // 2, n // 2, n, int(want[n // 2 + 1]), int(v[3]), int(v[3])]


@pytest.mark.parametrize("stmt,match", [
    ("AscendC::LocalTensor<AscendC::int4b_t> u = t[3];", r"int4b_t offset 3 is odd"),
    ("AscendC::GlobalTensor<AscendC::int4b_t> h = xg[5];", r"int4b_t offset 5 is odd"),
    ("uint64_t a = t.GetPhyAddr(7);", r"GetPhyAddr.*int4b_t offset 7 is odd"),
    ("AscendC::DataCopy(t, xg, 96);", r"96 elements of int4b_t = 48 bytes is not a whole number of 32-byte"),
])
def test_odd_offsets_and_partial_blocks_fault(run, stmt, match):
    src = f"""#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {{
  AscendC::GlobalTensor<AscendC::int4b_t> xg;
  xg.SetGlobalBuffer((__gm__ AscendC::int4b_t*)x, 128);
  AscendC::LocalTensor<AscendC::int4b_t> t(AscendC::TPosition::VECCALC, 0, 128);
  {stmt}
}}
"""
    with pytest.raises(ModelFault, match=match):
        run("k", src, [gm("x", "uint8")], 1, [np.zeros(64, np.uint8)])


# Cast half -> int4b_t (the vendor's example's level-0 form and the count form) and back.
CAST = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y, GM_ADDR z, int32_t mode, int32_t level0) {
  AscendC::GlobalTensor<half> xg;
  AscendC::GlobalTensor<int8_t> yg;
  AscendC::GlobalTensor<half> zg;
  xg.SetGlobalBuffer((__gm__ half*)x, 512);
  yg.SetGlobalBuffer((__gm__ int8_t*)y, 256);
  zg.SetGlobalBuffer((__gm__ half*)z, 512);
  AscendC::LocalTensor<half> xl(AscendC::TPosition::VECCALC, 0, 512);
  AscendC::LocalTensor<int8_t> yl(AscendC::TPosition::VECCALC, 1024, 256);
  AscendC::LocalTensor<half> zl(AscendC::TPosition::VECCALC, 2048, 512);
  AscendC::DataCopy(xl, xg, 512);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::LocalTensor<AscendC::int4b_t> y4 = yl.ReinterpretCast<AscendC::int4b_t>();
  if (level0) {
    AscendC::Cast<AscendC::int4b_t, half>(y4, xl, AscendC::RoundMode(mode), 128, 4, {1, 1, 2, 8});
    AscendC::Cast<half, AscendC::int4b_t>(zl, y4, AscendC::RoundMode::CAST_NONE, 128, 4, {1, 1, 8, 2});
  } else {
    AscendC::Cast(y4, xl, AscendC::RoundMode(mode), 512);
    AscendC::Cast(zl, y4, AscendC::RoundMode::CAST_NONE, 512);
  }
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(yg, yl, 256);
  AscendC::DataCopy(zg, zl, 512);
}
"""

ROUND = {1: np.rint, 2: np.floor, 3: np.ceil, 4: lambda a: np.sign(a) * np.floor(np.abs(a) + 0.5), 5: np.trunc,
         0: np.rint}


@pytest.mark.parametrize("mode", [0, 1, 2, 3, 4, 5])
@pytest.mark.parametrize("level0", [1, 0])
def test_cast_half_int4(run, mode, level0):
    rng = np.random.default_rng(mode)
    x = rng.uniform(-11, 10, 512).astype(np.float16)
    x[:6] = [-8.5, 7.5, 0.5, -0.5, 2.5, 100]
    y = np.zeros(256, np.int8)
    z = np.zeros(512, np.float16)
    run("k", CAST, [gm("x", "float16"), gm("y", "int8"), gm("z", "float16"), scalar("mode"), scalar("level0")],
        1, [x, y, z, mode, level0])
    want = np.clip(ROUND[mode](x.astype(np.float64)), -8, 7).astype(np.int8)
    assert (unpack(y.view(np.uint8)) == want).all()
    assert (z == want.astype(np.float16)).all()


def test_cast_int4_partial_mask(run):
    """A mask of the first 100 elements of a repeat leaves the other nibbles (and the other half
    of the byte holding elements 100/101... boundaries) untouched."""
    src = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y) {
  AscendC::GlobalTensor<half> xg;
  AscendC::GlobalTensor<int8_t> yg;
  xg.SetGlobalBuffer((__gm__ half*)x, 256);
  yg.SetGlobalBuffer((__gm__ int8_t*)y, 128);
  AscendC::LocalTensor<half> xl(AscendC::TPosition::VECCALC, 0, 256);
  AscendC::LocalTensor<int8_t> yl(AscendC::TPosition::VECCALC, 1024, 128);
  AscendC::DataCopy(xl, xg, 256);
  AscendC::DataCopy(yl, yg, 128);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::Cast(yl.ReinterpretCast<AscendC::int4b_t>(), xl, AscendC::RoundMode::CAST_RINT, 101, 2, {1, 1, 2, 8});
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(yg, yl, 128);
}
"""
    x = np.arange(256).astype(np.float16) % 7 - 3
    y = np.full(128, 0x77, np.int8)
    run("k", src, [gm("x", "float16"), gm("y", "int8")], 1, [x, y])
    got = unpack(y.view(np.uint8))
    want = np.full(256, 7, np.int8)
    for r in range(2):
        want[r * 128:r * 128 + 101] = x[r * 128:r * 128 + 101]
    assert (got == want).all()


def test_cast_int4_bad_modes(run):
    for stmt, match in [("AscendC::Cast(y4, xl, AscendC::RoundMode::CAST_ODD, 128);", "CAST_ODD"),
                        ("AscendC::Cast(xl, y4, AscendC::RoundMode::CAST_RINT, 128);", "CAST_NONE only")]:
        src = f"""#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {{
  AscendC::LocalTensor<half> xl(AscendC::TPosition::VECCALC, 0, 128);
  AscendC::LocalTensor<AscendC::int4b_t> y4(AscendC::TPosition::VECCALC, 1024, 128);
  {stmt}
}}
"""
        with pytest.raises(ModelFault, match=match):
            run("k", src, [gm("x", "uint8")], 1, [np.zeros(64, np.uint8)])


# Mmad int4 x int4 -> int32 the way the vendor's mmad example (scenario 4) feeds it: A [m, k]
# and B^T [n, k] in GM as packed ND rows, DataCopy with Nd2NzParams counting bytes (k / 2),
# LoadData2D of 16 x 64 fractals to L0A / L0B, Mmad, Fixpipe to GM.
MMAD = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR b, GM_ADDR c, int32_t m, int32_t n, int32_t kk) {
  using I4 = AscendC::int4b_t;
  const uint32_t m1 = (m + 15) / 16, n1 = (n + 15) / 16, k1 = (kk + 63) / 64;
  AscendC::GlobalTensor<I4> ag;
  AscendC::GlobalTensor<I4> bg;
  AscendC::GlobalTensor<int32_t> cg;
  ag.SetGlobalBuffer((__gm__ I4*)a, m * kk);
  bg.SetGlobalBuffer((__gm__ I4*)b, n * kk);
  cg.SetGlobalBuffer((__gm__ int32_t*)c, m * n);
  AscendC::LocalTensor<I4> a1(AscendC::TPosition::A1, 0, m1 * 16 * k1 * 64);
  AscendC::LocalTensor<I4> b1(AscendC::TPosition::B1, 65536, n1 * 16 * k1 * 64);
  AscendC::DataCopy(a1, ag, AscendC::Nd2NzParams(1, m, kk / 2, 0, kk / 2, m1 * 16, 1, 0));
  AscendC::DataCopy(b1, bg, AscendC::Nd2NzParams(1, n, kk / 2, 0, kk / 2, n1 * 16, 1, 0));
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::LocalTensor<I4> a2(AscendC::TPosition::A2, 0, m1 * 16 * k1 * 64);
  AscendC::LocalTensor<I4> b2(AscendC::TPosition::B2, 0, n1 * 16 * k1 * 64);
  AscendC::LoadData2DParams la;
  la.repeatTimes = k1;
  la.srcStride = m1;
  for (uint32_t i = 0; i < m1; ++i) AscendC::LoadData(a2[i * k1 * 1024], a1[i * 1024], la);
  AscendC::LoadData2DParams lb;
  lb.repeatTimes = n1 * k1;
  lb.srcStride = 1;
  AscendC::LoadData(b2, b1, lb);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::LocalTensor<int32_t> c1(AscendC::TPosition::CO1, 0, m1 * 16 * n1 * 16);
  AscendC::MmadParams mp;
  mp.m = m;
  mp.n = n;
  mp.k = kk;
  AscendC::Mmad(c1, a2, b2, mp);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::FixpipeParamsV220 fp{uint16_t(n), uint16_t(m), uint16_t(m1 * 16), uint32_t(n), false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<int32_t, int32_t, AscendC::CFG_ROW_MAJOR>(cg, c1, fp);
}
"""


@pytest.mark.parametrize("m,n,k", [(30, 40, 70), (32, 16, 128), (1 + 16, 48, 192)])
def test_mmad_int4(run, m, n, k):
    rng = np.random.default_rng(m * n + k)
    a = rng.integers(-8, 8, (m, k)).astype(np.int8)
    bt = rng.integers(-8, 8, (n, k)).astype(np.int8)
    c = np.zeros((m, n), np.int32)
    run("k", MMAD, [gm("a", "uint8"), gm("b", "uint8"), gm("c", "int32"), scalar("m"), scalar("n"), scalar("kk")],
        1, [pack(a), pack(bt), c, m, n, k])
    np.testing.assert_array_equal(c, a.astype(np.int32) @ bt.astype(np.int32).T)


def test_mmad_int4_odd_k_faults(run):
    a = np.zeros(4096, np.uint8)
    with pytest.raises(ModelFault, match="k must be an even number"):
        run("k", MMAD.replace("mp.k = kk;", "mp.k = kk - 1;"),
            [gm("a", "uint8"), gm("b", "uint8"), gm("c", "int32"), scalar("m"), scalar("n"), scalar("kk")],
            1, [a, a, np.zeros(256, np.int32), 16, 16, 64])


# LoadDataWithTranspose of int4b_t: B (K x N) in GM, its NZ in L1 (64-column blocks), each
# 64 x 64 square (four 16-row bands of one column block) transposed into four L0B fractals;
# per square (repeatTimes 1) or one call per k block over the squares of a row (the V1
# srcStride counting squares, dstGap 3 stepping four fractals).
TRANS = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR a, GM_ADDR b, GM_ADDR c, int32_t m, int32_t n, int32_t kk, int32_t rep) {
  using I4 = AscendC::int4b_t;
  const uint32_t m1 = (m + 15) / 16, n1 = n / 16, k1 = kk / 64, kb = kk / 16;
  AscendC::GlobalTensor<I4> ag;
  AscendC::GlobalTensor<I4> bg;
  AscendC::GlobalTensor<int32_t> cg;
  ag.SetGlobalBuffer((__gm__ I4*)a, m * kk);
  bg.SetGlobalBuffer((__gm__ I4*)b, kk * n);
  cg.SetGlobalBuffer((__gm__ int32_t*)c, m * n);
  AscendC::LocalTensor<I4> a1(AscendC::TPosition::A1, 0, m1 * 16 * kk);
  AscendC::LocalTensor<I4> b1(AscendC::TPosition::B1, 65536, kk * n);
  AscendC::DataCopy(a1, ag, AscendC::Nd2NzParams(1, m, kk / 2, 0, kk / 2, m1 * 16, 1, 0));
  AscendC::DataCopy(b1, bg, AscendC::Nd2NzParams(1, kk, n / 2, 0, n / 2, kk, 1, 0));
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::LocalTensor<I4> a2(AscendC::TPosition::A2, 0, m1 * 16 * kk);
  AscendC::LocalTensor<I4> b2(AscendC::TPosition::B2, 0, kk * n);
  AscendC::LoadData2DParams la;
  la.repeatTimes = k1;
  la.srcStride = m1;
  for (uint32_t i = 0; i < m1; ++i) AscendC::LoadData(a2[i * k1 * 1024], a1[i * 1024], la);
  for (uint32_t j = 0; j < k1; ++j) {
    if (rep) {
      AscendC::LoadData2dTransposeParams p;
      p.startIndex = 4 * j;
      p.repeatTimes = n / 64;
      p.srcStride = kb / 4;
      p.dstGap = 3;
      AscendC::LoadDataWithTranspose(b2[j * n1 * 1024], b1, p);
    } else {
      for (uint32_t nb = 0; nb < uint32_t(n) / 64; ++nb) {
        AscendC::LoadData2dTransposeParams p;
        p.startIndex = nb * kb + 4 * j;
        p.repeatTimes = 1;
        AscendC::LoadDataWithTranspose(b2[(j * n1 + 4 * nb) * 1024], b1, p);
      }
    }
  }
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::LocalTensor<int32_t> c1(AscendC::TPosition::CO1, 0, m1 * 16 * n);
  AscendC::MmadParams mp;
  mp.m = m;
  mp.n = n;
  mp.k = kk;
  AscendC::Mmad(c1, a2, b2, mp);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::FixpipeParamsV220 fp{uint16_t(n), uint16_t(m), uint16_t(m1 * 16), uint32_t(n), false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<int32_t, int32_t, AscendC::CFG_ROW_MAJOR>(cg, c1, fp);
}
"""


@pytest.mark.parametrize("m,n,k", [(16, 64, 64), (20, 128, 128), (32, 192, 64)])
@pytest.mark.parametrize("rep", [0, 1])
def test_load_transpose_int4(run, m, n, k, rep):
    rng = np.random.default_rng(m + n + k + rep)
    a = rng.integers(-8, 8, (m, k)).astype(np.int8)
    b = rng.integers(-8, 8, (k, n)).astype(np.int8)
    c = np.zeros((m, n), np.int32)
    run("k", TRANS, [gm("a", "uint8"), gm("b", "uint8"), gm("c", "int32"), scalar("m"), scalar("n"), scalar("kk"),
                     scalar("rep")], 1, [pack(a), pack(b), c, m, n, k, rep])
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.astype(np.int32))


def test_load_transpose_int4_into_l0a_faults(run):
    src = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {
  AscendC::LocalTensor<AscendC::int4b_t> a1(AscendC::TPosition::A1, 0, 4096);
  AscendC::LocalTensor<AscendC::int4b_t> a2(AscendC::TPosition::A2, 0, 4096);
  AscendC::LoadData2dTransposeParams p;
  p.repeatTimes = 1;
  AscendC::LoadDataWithTranspose(a2, a1, p);
}
"""
    with pytest.raises(ModelFault, match="into B2 \\(L0B\\) only"):
        run("k", src, [gm("x", "uint8")], 1, [np.zeros(64, np.uint8)])


# The adv Matmul with int4b_t A and B (the vendor's matmul_int4 / matmul_s4): A [M, K] and B
# [K, N] (or B^T [N, K]) packed in GM, an int32_t bias, C = A B + bias; tails in N and K,
# MDL (two base-K tiles per L1 chunk) and Norm, B transposed or not (the squares of four).
MATMUL = r"""#include "kernel_operator.h"
#include "lib/matmul_intf.h"
using namespace AscendC;
using MT_A = MatmulType<TPosition::GM, CubeFormat::ND, int4b_t>;
using MT_B = MatmulType<TPosition::GM, CubeFormat::ND, int4b_t>;
using MT_C = MatmulType<TPosition::GM, CubeFormat::ND, int32_t>;

extern "C" __global__ __aicore__ void mm4(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c) {
  TCubeTiling t;
  t.usedCoreNum = 1;
  t.M = @M; t.N = @N; t.Ka = @K; t.Kb = @K;
  t.singleCoreM = @M; t.singleCoreN = @N; t.singleCoreK = @K;
  t.baseM = 32; t.baseN = 64; t.baseK = 64;
  t.stepM = 1; t.stepN = 1; t.stepKa = 2; t.stepKb = 2; t.depthA1 = 4; t.depthB1 = 4;
  t.isBias = 1; t.iterateOrder = 0; t.dbL0A = 2; t.dbL0B = 2; t.dbL0C = 1;
  GlobalTensor<int4b_t> ga, gb;
  GlobalTensor<int32_t> gbias, gc;
  ga.SetGlobalBuffer((__gm__ int4b_t*)a, @M * @K);
  gb.SetGlobalBuffer((__gm__ int4b_t*)b, @K * @N);
  gbias.SetGlobalBuffer((__gm__ int32_t*)bias, @N);
  gc.SetGlobalBuffer((__gm__ int32_t*)c, @M * @N);
  TPipe pipe;
  Matmul<MT_A, MT_B, MT_C, MT_C, @CFG> mm;
  mm.SetSubBlockIdx(0);
  REGIST_MATMUL_OBJ(&pipe, (GM_ADDR)nullptr, mm, &t);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb, TRANS_B);
  mm.SetBias(gbias);
  mm.IterateAll(gc);
  mm.End();
}
"""


@pytest.mark.parametrize("cfg", ["CFG_MDL", "CFG_NORM"])
@pytest.mark.parametrize("trans_b", [False, True])
def test_adv_matmul_int4(run, cfg, trans_b):
    m, n, k = 48, 96, 192
    src = (MATMUL.replace("@M", str(m)).replace("@N", str(n)).replace("@K", str(k)).replace("@CFG", cfg)
           .replace("TRANS_B", str(trans_b).lower()))
    rng = np.random.default_rng(7 + trans_b)
    a = rng.integers(-8, 8, (m, k)).astype(np.int8)
    b = rng.integers(-8, 8, (k, n)).astype(np.int8)
    bias = rng.integers(-100, 100, n).astype(np.int32)
    c = np.zeros((m, n), np.int32)
    run("mm4", src, [gm("a", "uint8"), gm("b", "uint8"), gm("bias", "int32"), gm("c", "int32")], 1,
        [pack(a), pack(b.T.copy() if trans_b else b), bias, c])
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.astype(np.int32) + bias)


def test_mmad_cmatrix_source_bias_table(run):
    """cmatrixSource without a bias tensor (the vendor's mmad example, scenario 1): C starts from
    the bias row DataCopy put in the bias table (C2)."""
    src = MMAD.replace("GM_ADDR c,", "GM_ADDR c, GM_ADDR bias,").replace("  mp.k = kk;\n", """  mp.k = kk;
  mp.cmatrixInitVal = false;
  mp.cmatrixSource = true;
  AscendC::GlobalTensor<int32_t> biasg;
  biasg.SetGlobalBuffer((__gm__ int32_t*)bias, n);
  AscendC::LocalTensor<int32_t> bias1(AscendC::TPosition::C1, 131072, n);
  AscendC::LocalTensor<int32_t> bias2(AscendC::TPosition::C2, 0, n);
  AscendC::DataCopy(bias1, biasg, n);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(bias2, bias1, n);
  AscendC::PipeBarrier<PIPE_ALL>();
""")
    m, n, k = 20, 32, 128
    rng = np.random.default_rng(11)
    a = rng.integers(-8, 8, (m, k)).astype(np.int8)
    bt = rng.integers(-8, 8, (n, k)).astype(np.int8)
    bias = rng.integers(-1000, 1000, n).astype(np.int32)
    c = np.zeros((m, n), np.int32)
    run("k", src, [gm("a", "uint8"), gm("b", "uint8"), gm("c", "int32"), gm("bias", "int32"), scalar("m"),
                   scalar("n"), scalar("kk")], 1, [pack(a), pack(bt), c, bias, m, n, k])
    np.testing.assert_array_equal(c, a.astype(np.int32) @ bt.astype(np.int32).T + bias)


def test_host_tiling_takes_int4():
    """DT_INT4 A/B: the host tiling (the vendor's algorithm, 4 bits an element) gives a tiling
    whose base K is whole int4 fractal rows (64) and whose L0A / L0B tiles fit at half a byte
    an element."""
    import asc
    import asc.lib.host as host

    t = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT4, False)
    t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT4, False)
    t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    t.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT32)
    t.set_dim(1)
    t.set_org_shape(256, 7680, 128)
    t.set_shape(256, 7680, 128)
    t.enable_bias(True)
    t.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0
    assert tiling.base_k % 64 == 0
    assert tiling.base_m * tiling.base_k // 2 <= 64 * 1024 and tiling.base_n * tiling.base_k // 2 <= 64 * 1024
