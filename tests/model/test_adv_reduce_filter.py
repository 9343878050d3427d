"""The adv reduce and filter APIs on the Model against numpy: ReduceMax (AR, half rows padded
to 32 bytes), ReduceSum (RA, float) and Sum (two repeats per row); DropOut with a bit mask and
with a misaligned byte mask; Select with a byte mask, the scalar on either side. A too-small
sharedTmpBuffer is a fault naming the line."""

import numpy as np
import pytest

from asc.runtime.model import ModelFault
from conftest import gm, scalar

REDUCE = r"""#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void red_k(GM_ADDR xh, GM_ADDR xf, GM_ADDR xs, GM_ADDR y1, GM_ADDR y2, GM_ADDR y3,
                                            int32_t tmp_bytes) {
  GlobalTensor<half> xh_gm; xh_gm.SetGlobalBuffer((__gm__ half*)xh, 5 * 32);
  GlobalTensor<float> xf_gm; xf_gm.SetGlobalBuffer((__gm__ float*)xf, 7 * 16);
  GlobalTensor<float> xs_gm; xs_gm.SetGlobalBuffer((__gm__ float*)xs, 3 * 104);
  GlobalTensor<half> y1_gm; y1_gm.SetGlobalBuffer((__gm__ half*)y1, 16);
  GlobalTensor<float> y2_gm; y2_gm.SetGlobalBuffer((__gm__ float*)y2, 16);
  GlobalTensor<float> y3_gm; y3_gm.SetGlobalBuffer((__gm__ float*)y3, 8);
  LocalTensor<half> a(TPosition::VECIN, 0, 5 * 32);
  LocalTensor<float> b(TPosition::VECIN, 1024, 7 * 16);
  LocalTensor<float> c(TPosition::VECIN, 2048, 3 * 104);
  LocalTensor<half> o1(TPosition::VECOUT, 4096, 16);
  LocalTensor<float> o2(TPosition::VECOUT, 4096 + 256, 16);
  LocalTensor<float> o3(TPosition::VECOUT, 4096 + 512, 8);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 8192, tmp_bytes);
  DataCopy(a, xh_gm, 5 * 32);
  DataCopy(b, xf_gm, 7 * 16);
  DataCopy(c, xs_gm, 3 * 104);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  uint32_t s1[2] = {5, 20};   // rows of 20 halves, 32 apart
  ReduceMax<half, Pattern::Reduce::AR>(o1, a, tmp, s1, true);
  uint32_t s2[2] = {7, 10};   // 7 rows of 10 floats, 16 apart: the column sums
  ReduceSum<float, Pattern::Reduce::RA>(o2, b, tmp, s2, true);
  SumParams p{3, 104, 100};   // 100 floats per row: two repeats
  Sum(o3, c, tmp, p);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(y1_gm, o1, 16);
  DataCopy(y2_gm, o2, 16);
  DataCopy(y3_gm, o3, 8);
}
"""
REDUCE_PARAMS = [gm("xh", "float16"), gm("xf"), gm("xs"), gm("y1", "float16"), gm("y2"), gm("y3"),
                 scalar("tmp_bytes")]


def _tree(v):
    v = list(v)
    while len(v) > 1:
        v = [np.float32(v[i] + v[i + 1]) if i + 1 < len(v) else v[i] for i in range(0, len(v), 2)]
    return v[0]


def _reduce_inputs():
    rng = np.random.default_rng(3)
    xh = rng.uniform(-50, 50, (5, 32)).astype(np.float16)
    xf = rng.uniform(-5, 5, (7, 16)).astype(np.float32)
    xs = rng.uniform(-5, 5, (3, 104)).astype(np.float32)
    return xh, xf, xs


def test_reduce_max_ar_sum_ra_and_sum(run):
    xh, xf, xs = _reduce_inputs()
    y1, y2, y3 = np.zeros(16, np.float16), np.zeros(16, np.float32), np.zeros(8, np.float32)
    run("red_k", REDUCE, REDUCE_PARAMS, 1, [xh, xf, xs, y1, y2, y3, 8192])
    np.testing.assert_array_equal(y1[:5], xh[:, :20].max(axis=1))    # the padding takes no part
    # RA: rows 4..6 folded onto 0..2, then 4 -> 2 -> 1
    acc = xf[:, :10].copy()
    acc[:3] += acc[4:7]
    acc[:2] += acc[2:4]
    acc[:1] += acc[1:2]
    np.testing.assert_array_equal(y2[:10], acc[0])
    ref = [np.float32(_tree([_tree(r[:64]), _tree(r[64:100])])) for r in xs]
    np.testing.assert_array_equal(y3[:3], ref)
    np.testing.assert_allclose(y3[:3], xs[:, :100].sum(axis=1), rtol=1e-5)


def test_reduce_max_too_small_tmp_is_a_fault(run):
    xh, xf, xs = _reduce_inputs()
    z = np.zeros(16, np.float32)
    # ReduceMax AR of half rows of 20 (more than a block, less than a repeat): 5 * 16 halves = 160 bytes
    with pytest.raises(ModelFault, match=r"ReduceMax: sharedTmpBuffer holds 128 bytes; ReduceMax of \[5, 20\] "
                                         r"needs 160"):
        run("red_small", REDUCE.replace("red_k(", "red_small("), REDUCE_PARAMS, 1,
            [xh, xf, xs, np.zeros(16, np.float16), z, np.zeros(8, np.float32), 128])


FILTER = r"""#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void filt_k(GM_ADDR x, GM_ADDR mbit, GM_ADDR mbyte, GM_ADDR msel, GM_ADDR y1,
                                             GM_ADDR y2, GM_ADDR y3, GM_ADDR y4, int32_t tmp_bytes) {
  constexpr uint32_t A = 2, L = 64;
  GlobalTensor<float> x_gm; x_gm.SetGlobalBuffer((__gm__ float*)x, A * L);
  GlobalTensor<uint8_t> mbit_gm; mbit_gm.SetGlobalBuffer((__gm__ uint8_t*)mbit, 32);
  GlobalTensor<uint8_t> mbyte_gm; mbyte_gm.SetGlobalBuffer((__gm__ uint8_t*)mbyte, A * 96);
  GlobalTensor<uint8_t> msel_gm; msel_gm.SetGlobalBuffer((__gm__ uint8_t*)msel, A * 96);
  GlobalTensor<float> y1_gm; y1_gm.SetGlobalBuffer((__gm__ float*)y1, A * L);
  GlobalTensor<float> y2_gm; y2_gm.SetGlobalBuffer((__gm__ float*)y2, A * L);
  GlobalTensor<float> y3_gm; y3_gm.SetGlobalBuffer((__gm__ float*)y3, A * L);
  GlobalTensor<float> y4_gm; y4_gm.SetGlobalBuffer((__gm__ float*)y4, A * L);
  LocalTensor<float> s(TPosition::VECIN, 0, A * L);
  LocalTensor<uint8_t> mb(TPosition::VECIN, 1024, 32);
  LocalTensor<uint8_t> my(TPosition::VECIN, 1024 + 256, A * 96);
  LocalTensor<uint8_t> ms(TPosition::VECIN, 1024 + 512, A * 96);
  LocalTensor<float> o1(TPosition::VECOUT, 2048, A * L);
  LocalTensor<float> o2(TPosition::VECOUT, 2048 + 512, A * L);
  LocalTensor<float> o3(TPosition::VECOUT, 2048 + 1024, A * L);
  LocalTensor<float> o4(TPosition::VECOUT, 2048 + 1536, A * L);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 8192, tmp_bytes);
  DataCopy(s, x_gm, A * L);
  DataCopy(mb, mbit_gm, 32);
  DataCopy(my, mbyte_gm, A * 96);
  DataCopy(ms, msel_gm, A * 96);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  DropOutShapeInfo bit; bit.firstAxis = A; bit.srcLastAxis = L; bit.maskLastAxis = L / 8;   // bit mode, aligned
  DropOut(o1, s, mb, tmp, 0.8f, bit);
  DropOutShapeInfo byte; byte.firstAxis = A; byte.srcLastAxis = L; byte.maskLastAxis = 96;  // byte mode, misaligned
  DropOut(o2, s, my, tmp, 0.5f, byte);
  SelectWithBytesMaskShapeInfo si; si.firstAxis = A; si.srcLastAxis = L; si.maskLastAxis = 96;
  Select<float, uint8_t, false>(o3, s, 1.5f, ms, tmp, si);   // mask nonzero: the scalar
  Select<float, uint8_t, false>(o4, -2.0f, s, ms, tmp, si);  // mask nonzero: the tensor
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(y1_gm, o1, A * L);
  DataCopy(y2_gm, o2, A * L);
  DataCopy(y3_gm, o3, A * L);
  DataCopy(y4_gm, o4, A * L);
}
"""
FILTER_PARAMS = [gm("x"), gm("mbit", "uint8"), gm("mbyte", "uint8"), gm("msel", "uint8"), gm("y1"), gm("y2"),
                 gm("y3"), gm("y4"), scalar("tmp_bytes")]


def _filter_inputs():
    rng = np.random.default_rng(8)
    x = rng.uniform(-100, 100, (2, 64)).astype(np.float32)
    mbit = rng.integers(0, 256, 32).astype(np.uint8)
    mbyte = rng.integers(0, 3, (2, 96)).astype(np.uint8)
    msel = rng.integers(0, 2, (2, 96)).astype(np.uint8)
    return x, mbit, mbyte, msel


def test_dropout_bit_and_byte_masks_and_select(run):
    x, mbit, mbyte, msel = _filter_inputs()
    ys = [np.zeros((2, 64), np.float32) for _ in range(4)]
    run("filt_k", FILTER, FILTER_PARAMS, 1, [x, mbit, mbyte, msel, *ys, 4096])
    keep = np.unpackbits(mbit[:16], bitorder="little").reshape(2, 64)
    np.testing.assert_array_equal(ys[0], np.where(keep == 1, x * np.float32(1 / 0.8), 0).astype(np.float32))
    # byte mode: the byte's value multiplies (0, 1 or 2), then 1 / keepProb
    np.testing.assert_array_equal(ys[1], (mbyte[:, :64].astype(np.float32) * x) * np.float32(2.0))
    np.testing.assert_array_equal(ys[2], np.where(msel[:, :64] != 0, np.float32(1.5), x))
    np.testing.assert_array_equal(ys[3], np.where(msel[:, :64] != 0, x, np.float32(-2.0)))


def test_select_too_small_tmp_is_a_fault(run):
    x, mbit, mbyte, msel = _filter_inputs()
    ys = [np.zeros((2, 64), np.float32) for _ in range(4)]
    # unaligned axes without reusing the mask: 1024 + 128 bytes
    with pytest.raises(ModelFault, match=r"Select: sharedTmpBuffer holds 1088 bytes; Select with a byte mask, "
                                         r"unaligned axes and isReuseMask = false, needs at least 1152"):
        run("filt_small", FILTER.replace("filt_k(", "filt_small(").replace(
            "DropOut(o2, s, my, tmp, 0.5f, byte);", "").replace("DropOut(o1, s, mb, tmp, 0.8f, bit);", ""),
            FILTER_PARAMS, 1, [x, mbit, mbyte, msel, *ys, 1088])
