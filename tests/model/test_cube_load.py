"""LoadData with LoadData2DParamsV2, LoadDataWithTranspose (V1/V2 structs, 8-
and 32-bit types) and LoadData3DParamsV2 (img2col), each checked end to end
through Mmad + Fixpipe against numpy. Layouts: the top of
cpp/model/include/asc_model/api/cube_layout.h; interpretations: the comments
above asc_model::load_2d_v2 / load_transpose / load_3d_v2 (api/cube_load.h)."""

import numpy as np
import pytest

from conftest import gm, scalar
from test_cube_matmul import to_zn

V2 = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void v2mm(GM_ADDR a, GM_ADDR b, GM_ADDR c, int32_t m, int32_t k, int32_t n, int32_t ms, int32_t msteps, int32_t ks, int32_t ksteps) {
  AscendC::GlobalTensor<half> a_gm;
  AscendC::GlobalTensor<half> b_gm;
  AscendC::GlobalTensor<float> c_gm;
  a_gm.SetGlobalBuffer((__gm__ half*)a, m * k);
  b_gm.SetGlobalBuffer((__gm__ half*)b, k * n);
  c_gm.SetGlobalBuffer((__gm__ float*)c, msteps * 16 * n);
  AscendC::LocalTensor<half> a_l1(AscendC::TPosition::A1, 0, m * k);
  AscendC::LocalTensor<half> b_l1(AscendC::TPosition::B1, 65536, k * n);
  AscendC::LocalTensor<half> a_l0(AscendC::TPosition::A2, 0, m * k);
  AscendC::LocalTensor<half> b_l0(AscendC::TPosition::B2, 0, k * n);
  AscendC::LocalTensor<float> c_l0(AscendC::TPosition::CO1, 0, m * n);
  AscendC::Nd2NzParams nd_a{1, m, k, 0, k, m, 1, 0};
  AscendC::DataCopy(a_l1, a_gm, nd_a);
  AscendC::Nd2NzParams nd_b{1, k, n, 0, n, k, 1, 0};
  AscendC::DataCopy(b_l1, b_gm, nd_b);
  for (int32_t i = 0; i < msteps; i += 1) {
    AscendC::LoadData2DParamsV2 la{ms + i, ks, 1, ksteps, m / 16, 1, false, 0};
    AscendC::LoadData(a_l0[i * ksteps * 256], a_l1, la);
  }
  for (int32_t i = 0; i < ksteps; i += 1) {  // Zn: one k block (n / 16 fractals) per load
    AscendC::LoadData2DParamsV2 lb{ks + i, 0, 1, n / 16, k / 16, 1, true, 0};
    AscendC::LoadData(b_l0[i * n * 16], b_l1, lb);
  }
  AscendC::MmadParams mp{msteps * 16, n, ksteps * 16, 0, false, true};
  AscendC::Mmad(c_l0, a_l0, b_l0, mp);
  AscendC::FixpipeParamsV220 fp{n, msteps * 16, msteps * 16, n, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(c_gm, c_l0, fp);
  return;
}
"""


@pytest.mark.parametrize("m,k,n,ms,msteps,ks,ksteps", [(32, 32, 32, 0, 2, 0, 2), (48, 64, 32, 1, 2, 1, 2),
                                                        (32, 48, 16, 1, 1, 2, 1)])
def test_load_data_2d_v2(run, m, k, n, ms, msteps, ks, ksteps):
    rng = np.random.default_rng(m + k + n)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = np.zeros((msteps * 16, n), np.float32)
    run("v2mm", V2, [gm("a", "float16"), gm("b", "float16"), gm("c"), scalar("m"), scalar("k"), scalar("n"),
                     scalar("ms"), scalar("msteps"), scalar("ks"), scalar("ksteps")],
        1, [a, b, c, m, k, n, ms, msteps, ks, ksteps])
    sa = a[ms * 16:(ms + msteps) * 16, ks * 16:(ks + ksteps) * 16].astype(np.float32)
    sb = b[ks * 16:(ks + ksteps) * 16].astype(np.float32)
    np.testing.assert_allclose(c, sa @ sb, rtol=1e-3, atol=1e-3)


TRANS = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void trmm(GM_ADDR a, GM_ADDR b, GM_ADDR c, int32_t m, int32_t k, int32_t n) {
  AscendC::GlobalTensor<DT> a_gm;
  AscendC::GlobalTensor<DT> b_gm;
  AscendC::GlobalTensor<CT> c_gm;
  a_gm.SetGlobalBuffer((__gm__ DT*)a, m * k);
  b_gm.SetGlobalBuffer((__gm__ DT*)b, k * n);
  c_gm.SetGlobalBuffer((__gm__ CT*)c, m * n);
  AscendC::LocalTensor<DT> a_l1(AscendC::TPosition::A1, 0, m * k);
  AscendC::LocalTensor<DT> b_l1(AscendC::TPosition::B1, 65536, k * n);
  AscendC::LocalTensor<DT> a_l0(AscendC::TPosition::A2, 0, m * k);
  AscendC::LocalTensor<DT> b_l0(AscendC::TPosition::B2, 0, k * n);
  AscendC::LocalTensor<CT> c_l0(AscendC::TPosition::CO1, 0, m * n);
  int32_t c0 = 32 / sizeof(DT);
  int32_t k1 = k / c0;
  AscendC::Nd2NzParams nd_a{1, m, k, 0, k, m, 1, 0};
  AscendC::DataCopy(a_l1, a_gm, nd_a);
  AscendC::Nd2NzParams nd_b{1, k, n, 0, n, k, 1, 0};
  AscendC::DataCopy(b_l1, b_gm, nd_b);
  for (int32_t i = 0; i < m / 16; i += 1) {
    AscendC::LoadData2DParams la{i, k1, m / 16, 0, 0, false, 0};
    AscendC::LoadData(a_l0[i * k1 * 512 / sizeof(DT)], a_l1, la);
  }
  LOADB
  AscendC::MmadParams mp{m, n, k, 0, false, true};
  AscendC::Mmad(c_l0, a_l0, b_l0, mp);
  AscendC::FixpipeParamsV220 fp{n, m, m, n, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<CT, CT, AscendC::CFG_ROW_MAJOR>(c_gm, c_l0, fp);
  return;
}
"""
# int8: B in L1 NZ has 32-column blocks of k rows; fractal (k16 block, n32 block) at nb*(k/16) + kb.
# Two adjacent k16 fractals -> Zn fractals (k32 block t, n16 block 2nb) and (t, 2nb+1), adjacent in Zn.
LOAD_B8 = """for (int32_t nb = 0; nb < n / 32; nb += 1) {
    for (int32_t t = 0; t < k1; t += 1) {
      AscendC::LoadData2dTransposeParams lb{nb * (k / 16) + 2 * t, 1, 0, 0, 0, 0};
      AscendC::LoadDataWithTranspose(b_l0[(t * (n / 16) + 2 * nb) * 512], b_l1, lb);
    }
  }"""
# int8, the vendor's repeat form (03_basic_api/00_data_movement/data_copy_l0c2gm): per k32 block t, one
# call from square t (fractal 2t) walks the n/32 column blocks (srcStride k/32 squares = k/16 fractals);
# dstGap 1 (from the end of a repeat's first fractal to the next repeat's first) puts the pairs back to back.
LOAD_B8_REPEAT = """for (int32_t t = 0; t < k1; t += 1) {
    AscendC::LoadData2dTransposeParams lb{2 * t, n / 32, k / 32, 1, 0, 0};
    AscendC::LoadDataWithTranspose(b_l0[t * (n / 16) * 512], b_l1, lb);
  }"""
# float: fractal (k16 block, n8 block) at nb*(k/16) + kb; n8 blocks 2u, 2u+1 are srcFracGap = k/16 - 1 apart;
# each repeat (one k16 block kb) fills Zn fractals (k8 blocks 2kb, 2kb+1; n16 block u), n/16 apart:
# dstFracGap = dstGap = n/16 - 1.
LOAD_B32 = """for (int32_t u = 0; u < n / 16; u += 1) {
    AscendC::LoadData2dTransposeParamsV2 lb{2 * u * (k / 16), k / 16, 1, n / 16 - 1, n / 16 - 1, k / 16 - 1, 0};
    AscendC::LoadDataWithTranspose(b_l0[u * 128], b_l1, lb);
  }"""


@pytest.mark.parametrize("dtype", ["int8", "int8-repeats", "float32"])
def test_load_data_with_transpose_b8_b32(run, dtype):
    m, k, n = 32, 64, 64
    rng = np.random.default_rng(4)
    if dtype.startswith("int8"):
        a = rng.integers(-128, 128, (m, k)).astype(np.int8)
        b = rng.integers(-128, 128, (k, n)).astype(np.int8)
        load = LOAD_B8_REPEAT if dtype == "int8-repeats" else LOAD_B8
        dtype = "int8"
        src = TRANS.replace("DT", "int8_t").replace("CT", "int32_t").replace("LOADB", load)
        c, cdt, expect = np.zeros((m, n), np.int32), "int32", a.astype(np.int32) @ b.astype(np.int32)
    else:
        a = rng.standard_normal((m, k)).astype(np.float32)
        b = rng.standard_normal((k, n)).astype(np.float32)
        src = TRANS.replace("DT", "float").replace("CT", "float").replace("LOADB", LOAD_B32)
        c, cdt, expect = np.zeros((m, n), np.float32), "float32", a @ b
    run("trmm", src, [gm("a", dtype), gm("b", dtype), gm("c", cdt), scalar("m"), scalar("k"), scalar("n")],
        1, [a, b, c, m, k, n])
    np.testing.assert_allclose(c, expect, rtol=1e-5, atol=1e-4)


IMG2COL = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void conv(GM_ADDR x, GM_ADDR w, GM_ADDR y, int32_t c1, int32_t h, int32_t wd, int32_t fh, int32_t fw, int32_t pl, int32_t pr, int32_t pt, int32_t pb, int32_t sh, int32_t sw, int32_t dh, int32_t dw, int32_t mstart, int32_t mext, int32_t kext, int32_t n, int32_t padv) {
  AscendC::GlobalTensor<half> x_gm;
  AscendC::GlobalTensor<half> w_gm;
  AscendC::GlobalTensor<float> y_gm;
  x_gm.SetGlobalBuffer((__gm__ half*)x, c1 * h * wd * 16);
  w_gm.SetGlobalBuffer((__gm__ half*)w, kext * n);
  y_gm.SetGlobalBuffer((__gm__ float*)y, mext * n);
  AscendC::LocalTensor<half> x_l1(AscendC::TPosition::A1, 0, c1 * h * wd * 16);
  AscendC::LocalTensor<half> w_l1(AscendC::TPosition::B1, 131072, kext * n);
  AscendC::LocalTensor<half> a_l0(AscendC::TPosition::A2, 0, mext * kext);
  AscendC::LocalTensor<half> b_l0(AscendC::TPosition::B2, 0, kext * n);
  AscendC::LocalTensor<float> c_l0(AscendC::TPosition::CO1, 0, mext * n);
  AscendC::DataCopy(x_l1, x_gm, c1 * h * wd * 16);
  AscendC::DataCopy(w_l1, w_gm, kext * n);
  const uint8_t pads[4] = {(uint8_t)pl, (uint8_t)pr, (uint8_t)pt, (uint8_t)pb};
  AscendC::LoadData3DParamsV2<half> p(pads, h, wd, c1 * 16, kext, mext, 0, mstart, sw, sh, fw, fh, dw, dh, false, false, half(float(padv)), false, false, false);
  AscendC::LoadData(a_l0, x_l1, p);
  AscendC::LoadData2DParams lb{0, kext * n / 256, 1, 0, 0, false, 0};
  AscendC::LoadData(b_l0, w_l1, lb);
  AscendC::MmadParams mp{mext, n, kext, 0, false, true};
  AscendC::Mmad(c_l0, a_l0, b_l0, mp);
  AscendC::FixpipeParamsV220 fp{n, mext, mext, n, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(y_gm, c_l0, fp);
  return;
}
"""
CONV_PARAMS = [gm("x", "float16"), gm("w", "float16"), gm("y")] + [scalar(s) for s in (
    "c1", "h", "wd", "fh", "fw", "pl", "pr", "pt", "pb", "sh", "sw", "dh", "dw", "mstart", "mext", "kext", "n", "padv")]


@pytest.mark.parametrize("c,h,wd,fh,fw,pads,s,d,mstart,padv", [
    (16, 6, 6, 3, 3, (1, 1, 1, 1), (1, 1), (1, 1), 0, 0),
    (32, 7, 9, 2, 3, (0, 2, 1, 0), (2, 1), (1, 2), 0, 0),
    (16, 8, 8, 3, 3, (1, 1, 1, 1), (1, 1), (1, 1), 16, 2)])
def test_load_data_3d_v2_img2col_conv(run, c, h, wd, fh, fw, pads, s, d, mstart, padv):
    rng = np.random.default_rng(c + h + wd)
    n = 16
    x = rng.integers(-4, 5, (c, h, wd)).astype(np.float16)
    wt = rng.integers(-3, 4, (n, c, fh, fw)).astype(np.float16)
    pl, pr, pt, pb = pads
    ho = (h + pt + pb - d[0] * (fh - 1) - 1) // s[0] + 1
    wo = (wd + pl + pr - d[1] * (fw - 1) - 1) // s[1] + 1
    mext = min(32, (ho * wo + 15) // 16 * 16)
    c1 = c // 16
    kext = c1 * fh * fw * 16
    # host: x in [C1][H][W][C0]; weights as B (k x n), k = ((c1*fh + kh)*fw + kw)*16 + c0, in Zn
    x5 = x.reshape(c1, 16, h, wd).transpose(0, 2, 3, 1).ravel()
    bmat = wt.reshape(n, c1, 16, fh, fw).transpose(1, 3, 4, 2, 0).reshape(kext, n)
    y = np.zeros((mext, n), np.float32)
    run("conv", IMG2COL, CONV_PARAMS, 1, [x5, to_zn(bmat, 16), y, c1, h, wd, fh, fw, pl, pr, pt, pb, s[0], s[1],
                                          d[0], d[1], mstart, mext, kext, n, padv])
    xp = np.full((c, h + pt + pb, wd + pl + pr), padv, np.float32)
    xp[:, pt:pt + h, pl:pl + wd] = x
    ref = np.zeros((mext, n), np.float32)
    for r in range(mext):
        mpos = mstart + r
        oh, ow = divmod(mpos, wo)
        for kh in range(fh):
            for kw in range(fw):
                ih, iw = oh * s[0] + kh * d[0], ow * s[1] + kw * d[1]
                if ih < xp.shape[1] and iw < xp.shape[2]:
                    v = xp[:, ih, iw]
                else:
                    v = np.full(c, padv, np.float32)
                ref[r] += v @ wt[:, :, kh, kw].astype(np.float32).T
    np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-3)


SPARSE = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void spmm(GM_ADDR a, GM_ADDR b, GM_ADDR ix, GM_ADDR c, int32_t m, int32_t k, int32_t n) {
  AscendC::GlobalTensor<int8_t> a_gm;
  AscendC::GlobalTensor<int8_t> b_gm;
  AscendC::GlobalTensor<uint8_t> i_gm;
  AscendC::GlobalTensor<int32_t> c_gm;
  a_gm.SetGlobalBuffer((__gm__ int8_t*)a, m * k);
  b_gm.SetGlobalBuffer((__gm__ int8_t*)b, k / 2 * n);
  i_gm.SetGlobalBuffer((__gm__ uint8_t*)ix, k / 8 * n);
  c_gm.SetGlobalBuffer((__gm__ int32_t*)c, m * n);
  AscendC::LocalTensor<int8_t> a_l1(AscendC::TPosition::A1, 0, m * k);
  AscendC::LocalTensor<int8_t> b_l1(AscendC::TPosition::B1, 65536, k / 2 * n);
  AscendC::LocalTensor<uint8_t> i_l1(AscendC::TPosition::B1, 131072, k / 8 * n);
  AscendC::LocalTensor<int8_t> a_l0(AscendC::TPosition::A2, 0, m * k);
  AscendC::LocalTensor<int8_t> b_l0(AscendC::TPosition::B2, 0, k / 2 * n);
  AscendC::LocalTensor<int32_t> c_l0(AscendC::TPosition::CO1, 0, m * n);
  AscendC::DataCopy(a_l1, a_gm, m * k);
  // a braced list of four is a DataCopyParams (Nd2NzParams takes all eight, as the vendor's)
  AscendC::DataCopy(b_l1, b_gm, {1, static_cast<uint16_t>(k / 2 * n / 32), 0, 0});
  AscendC::DataCopy(i_l1, i_gm, k / 8 * n);
  AscendC::LoadData2DParams la{0, m * k / 512, 1, 0, 0, false, 0};
  AscendC::LoadData(a_l0, a_l1, la);
  AscendC::LoadData2DParams lb{0, k / 2 * n / 512, 0, 0, 0, false, 0};  // srcStride: not used (the vendor's)
  AscendC::LoadDataWithSparse(b_l0, b_l1, i_l1, lb);
  AscendC::MmadParams mp{m, n, k, 0, false, true};
  AscendC::MmadWithSparse(c_l0, a_l0, b_l0, mp);
  AscendC::FixpipeParamsV220 fp{n, m, m, n, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<int32_t, int32_t, AscendC::CFG_ROW_MAJOR>(c_gm, c_l0, fp);
  return;
}
"""


def test_sparse_matmul_4_2(run):
    from test_cube_matmul import to_zz
    m, k, n = 32, 128, 32
    rng = np.random.default_rng(8)
    a = rng.integers(-128, 128, (m, k)).astype(np.int8)
    # 4:2 sparse B: in every group of 4 k rows (per column) two kept positions p0 < p1
    pos = np.sort(np.stack([rng.permutation(4)[:2] for _ in range(k // 4 * n)]), axis=1).reshape(k // 4, n, 2)
    bc = rng.integers(-128, 128, (k // 2, n)).astype(np.int8)  # compressed rows 2g, 2g+1 of group g
    dense = np.zeros((k, n), np.int32)
    for g in range(k // 4):
        for col in range(n):
            for t in range(2):
                dense[g * 4 + pos[g, col, t], col] = bc[2 * g + t, col]
    # index of compressed row j = 2g + t; the vendor stores the second position minus one
    # (its mmad_with_sparse gen_data: index_2 = position - 1)
    idx = (pos - np.array([0, 1])).transpose(0, 2, 1).reshape(k // 2, n)
    bz = to_zn(bc, 32)
    iz = to_zn(idx.astype(np.uint8), 32)  # 2-bit values in the same element order as bz
    packed = (iz[0::4] | iz[1::4] << 2 | iz[2::4] << 4 | iz[3::4] << 6).astype(np.uint8)
    c = np.zeros((m, n), np.int32)
    run("spmm", SPARSE, [gm("a", "int8"), gm("b", "int8"), gm("ix", "uint8"), gm("c", "int32"), scalar("m"),
                         scalar("k"), scalar("n")], 1, [to_zz(a, 32), bz, packed, c, m, k, n])
    np.testing.assert_array_equal(c, a.astype(np.int32) @ dense)


PADSPLIT = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void padsplit(GM_ADDR a, GM_ADDR b, GM_ADDR c1, GM_ADDR c2, int32_t m, int32_t k, int32_t n) {
  AscendC::GlobalTensor<half> a_gm;
  AscendC::GlobalTensor<half> b_gm;
  AscendC::GlobalTensor<float> c1_gm;
  AscendC::GlobalTensor<float> c2_gm;
  a_gm.SetGlobalBuffer((__gm__ half*)a, m * k);
  b_gm.SetGlobalBuffer((__gm__ half*)b, k * n);
  c1_gm.SetGlobalBuffer((__gm__ float*)c1, m * n);
  c2_gm.SetGlobalBuffer((__gm__ float*)c2, m * n);
  AscendC::LocalTensor<half> a_ub(AscendC::TPosition::VECIN, 0, m * k);
  AscendC::LocalTensor<half> a_l1(AscendC::TPosition::A1, 0, m * k);
  AscendC::LocalTensor<half> b_l1(AscendC::TPosition::B1, 65536, k * n);
  AscendC::LocalTensor<half> a_l0(AscendC::TPosition::A2, 0, m * k);
  AscendC::LocalTensor<half> b_l0(AscendC::TPosition::B2, 0, k * n);
  AscendC::LocalTensor<float> c_l0(AscendC::TPosition::CO1, 0, m * n);
  AscendC::DataCopy(a_ub, a_gm, m * k);
  AscendC::Nd2NzParams nd_a{1, m, k, 0, k, m, 1, 0};
  AscendC::DataCopyParams cp{(uint16_t)m, (uint16_t)(k * 2 / 32), 0, 0};
  AscendC::DataCopyPad(a_l1, a_ub, cp, nd_a);
  AscendC::Nd2NzParams nd_b{1, k, n, 0, n, k, 1, 0};
  AscendC::DataCopy(b_l1, b_gm, nd_b);
  for (int32_t i = 0; i < m / 16; i += 1) {
    AscendC::LoadData2DParams la{i, k / 16, m / 16, 0, 0, false, 0};
    AscendC::LoadData(a_l0[i * k * 16], a_l1, la);
  }
  for (int32_t j = 0; j < k / 16; j += 1) {  // Zn: one k block of n / 16 fractals per load
    AscendC::LoadData2DParams lb{j, n / 16, k / 16, 0, 0, true, 0};
    AscendC::LoadData(b_l0[j * n * 16], b_l1, lb);
  }
  AscendC::MmadParams mp{m, n, k, 0, false, true};
  AscendC::Mmad(c_l0, a_l0, b_l0, mp);
  AscendC::FixpipeParamsV220 fp{n, m, m, m, false, 0, 0, 1, 0, 0, 0, true};
  AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(c1_gm, c_l0, fp);
  AscendC::DataCopyCO12DstParams co{n, m, m, m, 0, 0, true, false};
  AscendC::DataCopy(c2_gm, c_l0, co);
  return;
}
"""


def test_data_copy_pad_nd2nz_and_channel_split(run):
    m, k, n = 32, 48, 32
    rng = np.random.default_rng(12)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c1 = np.zeros(m * n, np.float32)
    c2 = np.zeros(m * n, np.float32)
    run("padsplit", PADSPLIT, [gm("a", "float16"), gm("b", "float16"), gm("c1"), gm("c2"), scalar("m"),
                               scalar("k"), scalar("n")], 1, [a, b, c1, c2, m, k, n])
    expect = a.astype(np.float32) @ b.astype(np.float32)
    for c in (c1, c2):  # NZ with 8-float rows: column block j8 = m rows x 8
        np.testing.assert_allclose(c.reshape(n // 8, m, 8).transpose(1, 0, 2).reshape(m, n), expect,
                                   rtol=1e-3, atol=1e-3)


def conv_rows(x, wt, pads, s, d, rows, padv, wo):
    """img2col(x) @ B for the given output rows (row m = window (m // wo, m % wo))."""
    c, h, wd = x.shape
    n, _, fh, fw = wt.shape
    pl, pr, pt, pb = pads
    out = np.zeros((len(rows), n), np.float32)
    for i, mpos in enumerate(rows):
        oh, ow = divmod(mpos, wo)
        for kh in range(fh):
            for kw in range(fw):
                ih, iw = oh * s[0] - pt + kh * d[0], ow * s[1] - pl + kw * d[1]
                v = x[:, ih, iw].astype(np.float32) if 0 <= ih < h and 0 <= iw < wd else np.full(c, padv, np.float32)
                out[i] += v @ wt[:, :, kh, kw].astype(np.float32).T
    return out


IMG2COL_V1 = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void conv1(GM_ADDR x, GM_ADDR w, GM_ADDR y, int32_t c1, int32_t h, int32_t wd, int32_t fh, int32_t fw, int32_t pl, int32_t pr, int32_t pt, int32_t pb, int32_t sh, int32_t sw, int32_t dh, int32_t dw, int32_t mode, int32_t jump, int32_t mext, int32_t kext, int32_t n, int32_t padv) {
  AscendC::GlobalTensor<half> x_gm;
  AscendC::GlobalTensor<half> w_gm;
  AscendC::GlobalTensor<float> y_gm;
  x_gm.SetGlobalBuffer((__gm__ half*)x, c1 * h * wd * 16);
  w_gm.SetGlobalBuffer((__gm__ half*)w, kext * n);
  y_gm.SetGlobalBuffer((__gm__ float*)y, mext * n);
  AscendC::LocalTensor<half> x_l1(AscendC::TPosition::A1, 0, c1 * h * wd * 16);
  AscendC::LocalTensor<half> w_l1(AscendC::TPosition::B1, 131072, kext * n);
  AscendC::LocalTensor<half> a_l0(AscendC::TPosition::A2, 0, mext * kext);
  AscendC::LocalTensor<half> b_l0(AscendC::TPosition::B2, 0, kext * n);
  AscendC::LocalTensor<float> c_l0(AscendC::TPosition::CO1, 0, mext * n);
  AscendC::DataCopy(x_l1, x_gm, c1 * h * wd * 16);
  AscendC::DataCopy(w_l1, w_gm, kext * n);
  const uint8_t pads[4] = {(uint8_t)pl, (uint8_t)pr, (uint8_t)pt, (uint8_t)pb};
  if (mode == 0) {
    for (int32_t mb = 0; mb < mext / 16; mb += 1) {
      AscendC::LoadData3DParamsV1<half> p(pads, h, wd, 0, 0, 0, -pl, mb * sh - pt, sw, sh, fw, fh, dw, dh, 1, 0, kext / 16, 0, half(float(padv)));
      AscendC::LoadData(a_l0[mb * kext * 16], x_l1, p);
    }
  } else {
    AscendC::LoadData3DParamsV1<half> p(pads, h, wd, 0, 0, 0, -pl, -pt, sw, sh, fw, fh, dw, dh, jump, 1, mext / 16, 0, half(float(padv)));
    AscendC::LoadData(a_l0, x_l1, p);
  }
  AscendC::LoadData2DParams lb{0, kext * n / 256, 1, 0, 0, false, 0};
  AscendC::LoadData(b_l0, w_l1, lb);
  AscendC::MmadParams mp{mext, n, kext, 0, false, true};
  AscendC::Mmad(c_l0, a_l0, b_l0, mp);
  AscendC::FixpipeParamsV220 fp{n, mext, mext, n, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(y_gm, c_l0, fp);
  return;
}
"""
CONV1_PARAMS = [gm("x", "float16"), gm("w", "float16"), gm("y")] + [scalar(s) for s in (
    "c1", "h", "wd", "fh", "fw", "pl", "pr", "pt", "pb", "sh", "sw", "dh", "dw", "mode", "jump", "mext", "kext", "n",
    "padv")]


@pytest.mark.parametrize("c,h,wd,fh,fw,pads,s,d,mode,jump,padv", [
    (32, 5, 16, 3, 3, (1, 1, 1, 1), (1, 1), (1, 1), 0, 1, 0),   # Wo = 16: one output row per 16-row block
    (16, 7, 33, 2, 3, (0, 0, 1, 0), (2, 2), (2, 1), 0, 1, 1),   # Wo = 16
    (16, 6, 10, 1, 1, (1, 1, 1, 1), (2, 2), (1, 1), 1, 1, 0),   # 1x1: K = C0, windows wrap rows (Wo = 6)
    (16, 9, 9, 1, 1, (0, 0, 0, 0), (1, 1), (1, 1), 1, 2, 0)])   # jumpStride 2: every other 16 windows
def test_load_data_3d_v1_img2col_conv(run, c, h, wd, fh, fw, pads, s, d, mode, jump, padv):
    rng = np.random.default_rng(c * h + wd)
    n = 16
    x = rng.integers(-4, 5, (c, h, wd)).astype(np.float16)
    wt = rng.integers(-3, 4, (n, c, fh, fw)).astype(np.float16)
    pl, pr, pt, pb = pads
    ho = (h + pt + pb - d[0] * (fh - 1) - 1) // s[0] + 1
    wo = (wd + pl + pr - d[1] * (fw - 1) - 1) // s[1] + 1
    mext = (ho * wo + 15) // 16 * 16 if mode == 0 else 48
    c1 = c // 16
    kext = c1 * fh * fw * 16
    x5 = x.reshape(c1, 16, h, wd).transpose(0, 2, 3, 1).ravel()
    bmat = wt.reshape(n, c1, 16, fh, fw).transpose(1, 3, 4, 2, 0).reshape(kext, n)
    y = np.zeros((mext, n), np.float32)
    run("conv1", IMG2COL_V1, CONV1_PARAMS, 1, [x5, to_zn(bmat, 16), y, c1, h, wd, fh, fw, pl, pr, pt, pb, s[0], s[1],
                                               d[0], d[1], mode, jump, mext, kext, n, padv])
    rows = list(range(mext)) if mode == 0 else [r * jump * 16 + i for r in range(mext // 16) for i in range(16)]
    if mode == 0:
        assert wo == 16
    np.testing.assert_allclose(y, conv_rows(x, wt, pads, s, d, rows, padv, wo), rtol=1e-5, atol=1e-3)
