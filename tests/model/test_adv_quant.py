"""AscendAntiQuant and AscendDequant on the Model (asc_model/api/adv_quant.h) against numpy:
anti-quantisation per group and transposed per channel in half arithmetic, dequantisation
with DequantParams (the columns past calCount only converted), with a calCount over whole
rows and with a uint64_t scale into half; a too-small sharedTmpBuffer is a fault at the line."""

import numpy as np
import pytest

from asc.runtime.model import ModelFault
from conftest import gm

ANTIQUANT = r"""#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void antiquant(GM_ADDR src, GM_ADDR off, GM_ADDR sc, GM_ADDR dst, GM_ADDR dst2) {
  constexpr uint32_t K = 8, N = 64, G = 2;
  GlobalTensor<int8_t> s_gm; s_gm.SetGlobalBuffer((__gm__ int8_t*)src, K * N);
  GlobalTensor<half> o_gm; o_gm.SetGlobalBuffer((__gm__ half*)off, G * N);
  GlobalTensor<half> c_gm; c_gm.SetGlobalBuffer((__gm__ half*)sc, G * N);
  GlobalTensor<half> d_gm; d_gm.SetGlobalBuffer((__gm__ half*)dst, K * N);
  GlobalTensor<half> d2_gm; d2_gm.SetGlobalBuffer((__gm__ half*)dst2, K * N);
  LocalTensor<int8_t> s(TPosition::VECIN, 0, K * N);
  LocalTensor<half> o(TPosition::VECIN, 1024, G * N);
  LocalTensor<half> c(TPosition::VECIN, 2048, G * N);
  LocalTensor<half> d(TPosition::VECOUT, 4096, K * N);
  LocalTensor<half> d2(TPosition::VECOUT, 8192, K * N);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 16384, 1024);
  DataCopy(s, s_gm, K * N);
  DataCopy(o, o_gm, G * N);
  DataCopy(c, c_gm, G * N);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  // [K, N] with two groups of 4 rows: offset/scale [2, N] from the shape info
  AscendAntiQuant<int8_t, half, false>(d, s, o, c, tmp, K, AntiQuantShapeInfo{G, N, G, N});
  // the same bytes read as [N, K] = [64, 8], transposed, scale only, per channel: scale [N] (the first 64)
  AscendAntiQuant<int8_t, half, true>(d2, s, c, tmp, K);
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(d_gm, d, K * N);
  DataCopy(d2_gm, d2, K * N);
}
"""


def test_antiquant_per_group_and_transposed(run):
    k, n, g = 8, 64, 2
    rng = np.random.default_rng(5)
    src = rng.integers(-128, 128, (k, n)).astype(np.int8)
    off = rng.uniform(-10, 10, (g, n)).astype(np.float16)
    sc = rng.uniform(-3, 3, (g, n)).astype(np.float16)
    d = np.zeros((k, n), np.float16)
    d2 = np.zeros((k, n), np.float16)
    run("antiquant", ANTIQUANT, [gm("src", "int8"), gm("off", "float16"), gm("sc", "float16"),
                                 gm("dst", "float16"), gm("dst2", "float16")], 1, [src, off, sc, d, d2])
    rows = np.arange(k) // (k // g)
    ref = ((src.astype(np.float16) + off[rows]).astype(np.float16) * sc[rows]).astype(np.float16)
    np.testing.assert_array_equal(d, ref)
    # transposed: src [N=64, K=8]; scale per row n (the first 64 of sc), no offset
    st = src.reshape(64, 8)
    ref2 = (st.astype(np.float16) * sc.reshape(-1)[:64, None]).astype(np.float16)
    np.testing.assert_array_equal(d2.reshape(64, 8), ref2)


DEQUANT = r"""#include "kernel_operator.h"
using namespace AscendC;
extern "C" __global__ __aicore__ void deq_k(GM_ADDR src, GM_ADDR sc, GM_ADDR sc64, GM_ADDR dst, GM_ADDR dst2,
                                              GM_ADDR dst3, int32_t tmp_bytes) {
  constexpr uint32_t M = 4, N = 32;
  GlobalTensor<int32_t> s_gm; s_gm.SetGlobalBuffer((__gm__ int32_t*)src, M * N);
  GlobalTensor<float> c_gm; c_gm.SetGlobalBuffer((__gm__ float*)sc, N);
  GlobalTensor<uint64_t> c64_gm; c64_gm.SetGlobalBuffer((__gm__ uint64_t*)sc64, N);
  GlobalTensor<float> d_gm; d_gm.SetGlobalBuffer((__gm__ float*)dst, M * N);
  GlobalTensor<float> d2_gm; d2_gm.SetGlobalBuffer((__gm__ float*)dst2, M * N);
  GlobalTensor<half> d3_gm; d3_gm.SetGlobalBuffer((__gm__ half*)dst3, M * N);
  LocalTensor<int32_t> s(TPosition::VECIN, 0, M * N);
  LocalTensor<float> c(TPosition::VECIN, 1024, N);
  LocalTensor<uint64_t> c64(TPosition::VECIN, 2048, N);
  LocalTensor<float> d(TPosition::VECOUT, 4096, M * N);
  LocalTensor<float> d2(TPosition::VECOUT, 8192, M * N);
  LocalTensor<half> d3(TPosition::VECOUT, 12288, M * N);
  LocalTensor<uint8_t> tmp(TPosition::VECCALC, 16384, tmp_bytes);
  DataCopy(s, s_gm, M * N);
  DataCopy(c, c_gm, N);
  DataCopy(c64, c64_gm, N);
  Duplicate(d2, 7.0f, M * N);
  SetFlag<HardEvent::MTE2_V>(0);
  WaitFlag<HardEvent::MTE2_V>(0);
  AscendDequant(d, s, c, tmp, {M, N, 24});            // the last 8 columns only converted
  AscendDequant(d2, s, c, tmp, (uint32_t)(M * N - 8));  // calCount over the flattened rows
  AscendDequant(d3, s, c64, {M, N, N});                 // uint64_t scale (its lower 32 bits) into half
  SetFlag<HardEvent::V_MTE3>(0);
  WaitFlag<HardEvent::V_MTE3>(0);
  DataCopy(d_gm, d, M * N);
  DataCopy(d2_gm, d2, M * N);
  DataCopy(d3_gm, d3, M * N);
}
"""
DEQUANT_PARAMS = [gm("src", "int32"), gm("sc"), gm("sc64", "uint64"), gm("dst"), gm("dst2"), gm("dst3", "float16")]


def _dequant_inputs():
    m, n = 4, 32
    rng = np.random.default_rng(11)
    src = rng.integers(-1000, 1000, (m, n)).astype(np.int32)
    sc = rng.uniform(-2, 2, n).astype(np.float32)
    sc64 = sc.view(np.uint32).astype(np.uint64) | (np.uint64(0xABCD) << np.uint64(32))  # upper half ignored
    return src, sc, sc64


def test_dequant_params_calcount_and_uint64_scale(run):
    from conftest import scalar
    src, sc, sc64 = _dequant_inputs()
    d, d2 = np.full((4, 32), 7.0, np.float32), np.full((4, 32), 7.0, np.float32)
    d3 = np.zeros((4, 32), np.float16)
    run("deq_k", DEQUANT, DEQUANT_PARAMS + [scalar("tmp_bytes")], 1, [src, sc, sc64, d, d2, d3, 1024])
    ref = src.astype(np.float32).copy()
    ref[:, :24] = src[:, :24].astype(np.float32) * sc[:24]
    np.testing.assert_array_equal(d, ref)
    ref2 = (src.astype(np.float32) * sc).reshape(-1)
    np.testing.assert_array_equal(d2.reshape(-1)[:-8], ref2[:-8])
    np.testing.assert_array_equal(d2.reshape(-1)[-8:], 7.0)  # past calCount: untouched
    np.testing.assert_array_equal(d3, (src.astype(np.float32) * sc).astype(np.float16))


def test_dequant_too_small_tmp_is_a_fault(run):
    from conftest import scalar
    src, sc, sc64 = _dequant_inputs()
    z = np.zeros((4, 32), np.float32)
    # the vendor needs (align8(calCount) + n) floats: (24 + 32) * 4 = 224 bytes
    with pytest.raises(ModelFault, match=r"AscendDequant: sharedTmpBuffer holds 192 bytes; AscendDequant needs "
                                         r"at least 224") as info:
        run("deq_small", DEQUANT.replace("deq_k(", "deq_small("), DEQUANT_PARAMS + [scalar("tmp_bytes")], 1,
            [src, sc, sc64, z, z.copy(), np.zeros((4, 32), np.float16), 192])
    assert "{M, N, 24}" in DEQUANT.splitlines()[int(str(info.value).split(".cpp:")[1].split(":")[0]) - 1]
