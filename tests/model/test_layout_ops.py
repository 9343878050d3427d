"""TransDataTo5HD (address-list form) and BilinearInterpolation (level 0) on the
Model, checked against numpy oracles that follow the interpretations written at
the top of each function in cpp/model/include/asc_model/api/vec_layout.h."""

import numpy as np
import pytest

from conftest import gm, scalar
from asc.runtime.model import ModelFault

NB = 64  # blocks in the source and destination buffers

T5HD = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void t5hd(GM_ADDR x, GM_ADDR y, GM_ADDR idx, int32_t reps, int32_t srs, int32_t drs, int32_t dh, int32_t sh) {
  AscendC::GlobalTensor<CT> xg;
  AscendC::GlobalTensor<CT> yg;
  AscendC::GlobalTensor<int32_t> ig;
  xg.SetGlobalBuffer((__gm__ CT*)x, NB * EPB);
  yg.SetGlobalBuffer((__gm__ CT*)y, NB * EPB);
  ig.SetGlobalBuffer((__gm__ int32_t*)idx, 32);
  AscendC::LocalTensor<CT> xs(AscendC::TPosition::VECCALC, 0, NB * EPB);
  AscendC::LocalTensor<CT> ys(AscendC::TPosition::VECCALC, 8192, NB * EPB);
  AscendC::LocalTensor<int32_t> is(AscendC::TPosition::VECCALC, 16384, 32);
  AscendC::LocalTensor<uint64_t> sl(AscendC::TPosition::VECCALC, 20480, 16);
  AscendC::LocalTensor<uint64_t> dl(AscendC::TPosition::VECCALC, 20608, 16);
  AscendC::DataCopy(xs, xg, NB * EPB);
  AscendC::DataCopy(ys, yg, NB * EPB);
  AscendC::DataCopy(is, ig, 32);
  for (int32_t i = 0; i < 16; i += 1) {
    sl.SetValue(i, xs[is.GetValue(i) * EPB].GetPhyAddr());
    dl.SetValue(i, ys[is.GetValue(16 + i) * EPB].GetPhyAddr());
  }
  AscendC::TransDataTo5HDParams p{dh != 0, sh != 0, (uint8_t)reps, (uint16_t)drs, (uint16_t)srs};
  AscendC::TransDataTo5HD<CT>(dl, sl, p);
  AscendC::DataCopy(yg, ys, NB * EPB);
  return;
}
"""
CTYPES = {"float16": "half", "float32": "float", "int8": "int8_t"}


def t5hd_oracle(x, y, sidx, didx, reps, srs, drs, dh, sh):
    epb = x.shape[1]
    y = y.copy()
    for r in range(reps):
        src = np.stack([x[sidx[i] + r * srs] for i in range(16)])
        out = np.stack([y[didx[j] + r * drs] for j in range(16)])
        if epb == 16:
            out = src.T.copy()
        elif epb == 8:
            t = src.T  # 8 x 16
            out = t.reshape(16, 8)  # row k -> blocks 2k, 2k+1
        else:
            out[:, dh * 16:dh * 16 + 16] = src[:, sh * 16:sh * 16 + 16].T
        for j in range(16):
            y[didx[j] + r * drs] = out[j]
    return y


@pytest.mark.parametrize("dtype,reps,srs,drs,dh,sh", [
    ("float16", 1, 0, 0, 0, 0), ("float16", 3, 1, 16, 0, 0), ("float32", 2, 2, 16, 0, 0),
    ("int8", 1, 0, 0, 0, 0), ("int8", 2, 1, 16, 1, 0), ("int8", 1, 0, 0, 0, 1), ("int8", 1, 0, 0, 1, 1)])
def test_trans_data_to_5hd(run, dtype, reps, srs, drs, dh, sh):
    epb = 32 // np.dtype(dtype).itemsize
    rng = np.random.default_rng(5)
    if dtype == "int8":
        x = rng.integers(-128, 128, (NB, epb)).astype(np.int8)
        y = rng.integers(-128, 128, (NB, epb)).astype(np.int8)
    else:
        x = rng.standard_normal((NB, epb)).astype(dtype)
        y = rng.standard_normal((NB, epb)).astype(dtype)
    # distinct source rows (shuffled) and destination blocks that stay apart across repeats
    sidx = rng.permutation(16) * 2
    didx = rng.permutation(16)
    idx = np.concatenate([sidx, didx]).astype(np.int32)
    src = T5HD.replace("CT", CTYPES[dtype]).replace("NB", str(NB)).replace("EPB", str(epb))
    yy = y.copy()
    run("t5hd", src, [gm("x", dtype), gm("y", dtype), gm("idx", "int32"), scalar("reps"), scalar("srs"),
                      scalar("drs"), scalar("dh"), scalar("sh")], 1, [x, yy, idx, reps, srs, drs, dh, sh])
    np.testing.assert_array_equal(yy, t5hd_oracle(x, y, sidx, didx, reps, srs, drs, dh, sh))


def test_trans_data_to_5hd_nchw_to_nc1hwc0(run):
    """The typical use: 16 channels of an H*W = 16 plane -> (H*W) x C0 rows."""
    rng = np.random.default_rng(9)
    x = rng.standard_normal((NB, 16)).astype(np.float16)  # rows 0..15: channel c, 16 pixels
    y = np.zeros((NB, 16), np.float16)
    idx = np.concatenate([np.arange(16), np.arange(16)]).astype(np.int32)
    src = T5HD.replace("CT", "half").replace("NB", str(NB)).replace("EPB", "16")
    run("t5hd", src, [gm("x", "float16"), gm("y", "float16"), gm("idx", "int32"), scalar("reps"), scalar("srs"),
                      scalar("drs"), scalar("dh"), scalar("sh")], 1, [x, y, idx, 1, 0, 0, 0, 0])
    np.testing.assert_array_equal(y[:16], x[:16].T)  # y[hw][c] = x[c][hw]


BIL = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void bil(GM_ADDR s0, GM_ADDR off, GM_ADDR w, GM_ADDR y, int32_t h, int32_t mode, int32_t bs, int32_t vro, int32_t v, int32_t cnt, uint64_t m0, uint64_t m1) {
  AscendC::GlobalTensor<half> s0g;
  AscendC::GlobalTensor<uint32_t> og;
  AscendC::GlobalTensor<half> wg;
  AscendC::GlobalTensor<half> yg;
  s0g.SetGlobalBuffer((__gm__ half*)s0, 1024);
  og.SetGlobalBuffer((__gm__ uint32_t*)off, 256);
  wg.SetGlobalBuffer((__gm__ half*)w, 256);
  yg.SetGlobalBuffer((__gm__ half*)y, 2048);
  AscendC::LocalTensor<half> s0l(AscendC::TPosition::VECCALC, 0, 1024);
  AscendC::LocalTensor<uint32_t> ol(AscendC::TPosition::VECCALC, 2048, 256);
  AscendC::LocalTensor<half> wl(AscendC::TPosition::VECCALC, 3072, 256);
  AscendC::LocalTensor<half> yl(AscendC::TPosition::VECCALC, 4096, 2048);
  AscendC::LocalTensor<uint8_t> tmp(AscendC::TPosition::VECCALC, 16384, 1024);
  AscendC::DataCopy(s0l, s0g, 1024);
  AscendC::DataCopy(ol, og, 256);
  AscendC::DataCopy(wl, wg, 256);
  AscendC::DataCopy(yl, yg, 2048);
  if (cnt > 0) {
    AscendC::BilinearInterpolation(yl, s0l, ol, wl, (uint64_t)cnt, (uint8_t)h, mode != 0, (uint16_t)bs, (uint16_t)vro, (uint8_t)v, tmp);
  } else {
    uint64_t mask[2] = {m0, m1};
    AscendC::BilinearInterpolation(yl, s0l, ol, wl, mask, (uint8_t)h, mode != 0, (uint16_t)bs, (uint16_t)vro, (uint8_t)v, tmp);
  }
  AscendC::DataCopy(yg, yl, 2048);
  return;
}
"""
BIL_PARAMS = [gm("s0", "float16"), gm("off", "uint32"), gm("w", "float16"), gm("y", "float16"), scalar("h"),
              scalar("mode"), scalar("bs"), scalar("vro"), scalar("v"), scalar("cnt"),
              scalar("m0", "uint64_t", "uint64"), scalar("m1", "uint64_t", "uint64")]


def bil_oracle(s0, off, w, y, h, mode, bs, vro, v, lanes):
    y = y.copy()
    blk = s0.reshape(-1, 16).astype(np.float32)
    for vi in range(v):
        acc = np.zeros((8, 16), np.float16)
        for hi in range(h):
            it = vi * h + hi
            for b in range(8):
                wb = np.float32(w[it * 8 + b] if mode else w[it])
                prod = (blk[off[it * 8 + b] // 32] * wb).astype(np.float16)
                acc[b] = prod if hi == 0 else (acc[b].astype(np.float32) + prod.astype(np.float32)).astype(np.float16)
        for b in range(8):
            base = vi * vro + b * bs * 16
            for e in range(16):
                if b * 16 + e in lanes:
                    y[base + e] = acc[b, e]
    return y


@pytest.mark.parametrize("h,mode,bs,vro,v,cnt,mask", [
    (1, 1, 1, 128, 1, 128, None), (2, 0, 1, 128, 2, 100, None), (3, 1, 2, 256, 2, 0, (0xF0F0F0F0F0F0F0F0, 0xFFFF)),
    (2, 1, 1, 384, 3, 0, ((1 << 64) - 1, 1))])
def test_bilinear_interpolation(run, h, mode, bs, vro, v, cnt, mask):
    rng = np.random.default_rng(h * 10 + v)
    s0 = rng.integers(-8, 8, 1024).astype(np.float16)
    off = (rng.integers(0, 64, 256) * 32).astype(np.uint32)
    w = rng.choice(np.array([0.25, 0.5, 0.75, 1.0, -0.5], np.float16), 256)
    y = rng.standard_normal(2048).astype(np.float16)
    yy = y.copy()
    m0, m1 = mask if mask else (0, 0)
    run("bil", BIL, BIL_PARAMS, 1, [s0, off, w, yy, h, mode, bs, vro, v, cnt, m0, m1])
    if cnt:
        lanes = set(range(cnt))
    else:
        lanes = {i for i in range(64) if m0 >> i & 1} | {64 + i for i in range(64) if m1 >> i & 1}
    np.testing.assert_array_equal(yy, bil_oracle(s0, off, w, y, h, mode, bs, vro, v, lanes))


def test_bilinear_unaligned_offset_faults(run):
    off = np.zeros(256, np.uint32)
    off[3] = 2
    with pytest.raises(ModelFault, match="multiples of 32"):
        run("bil", BIL, BIL_PARAMS, 1, [np.zeros(1024, np.float16), off, np.zeros(256, np.float16),
                                         np.zeros(2048, np.float16), 1, 1, 1, 128, 1, 128, 0, 0])


# ---- the list forms through asc.jit (the vendor's LocalTensor<T>[16] and uint64_t[16] arrays) ----

import asc  # noqa: E402


@asc.jit
def t5hd_lists(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    """y = the 16x16 transpose of x through the tensor-list form, z the same through the address list."""
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 256)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, 256)
    xl = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    yl = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
    zl = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 256)
    asc.data_copy(xl, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    params = asc.TransDataTo5HDParams(dst_high_half=False, src_high_half=False, repeat_times=1,
                                      dst_rep_stride=0, src_rep_stride=0)
    asc.trans_data_to_5hd([yl[0], yl[16], yl[32], yl[48], yl[64], yl[80], yl[96], yl[112],
                           yl[128], yl[144], yl[160], yl[176], yl[192], yl[208], yl[224], yl[240]],
                          [xl[0], xl[16], xl[32], xl[48], xl[64], xl[80], xl[96], xl[112],
                           xl[128], xl[144], xl[160], xl[176], xl[192], xl[208], xl[224], xl[240]], params)
    z0 = zl.get_phy_addr()
    x0 = xl.get_phy_addr()
    asc.trans_data_to_5hd([z0, z0 + 32, z0 + 64, z0 + 96, z0 + 128, z0 + 160, z0 + 192, z0 + 224,
                           z0 + 256, z0 + 288, z0 + 320, z0 + 352, z0 + 384, z0 + 416, z0 + 448, z0 + 480],
                          [x0, x0 + 32, x0 + 64, x0 + 96, x0 + 128, x0 + 160, x0 + 192, x0 + 224,
                           x0 + 256, x0 + 288, x0 + 320, x0 + 352, x0 + 384, x0 + 416, x0 + 448, x0 + 480], params)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, yl, 256)
    asc.data_copy(zg, zl, 256)


def test_trans_data_to_5hd_list_forms_transpose_sixteen_rows():
    x = np.arange(256, dtype=np.float16)
    y = np.zeros_like(x)
    z = np.zeros_like(x)
    t5hd_lists[1](x, y, z)
    want = x.reshape(16, 16).T.reshape(-1)
    np.testing.assert_array_equal(y, want)
    np.testing.assert_array_equal(z, want)
