"""Cube flow on the Model: GM -> L1 (Nd2Nz) -> L0A/L0B (LoadData) -> L0C (Mmad)
-> GM (Fixpipe). The layouts are those documented at the top of
cpp/model/include/asc_model/api/cube_layout.h; the int8 test builds the L0A (zZ) and
L0B (Zn, the vendor's "Nz -> Zn") layouts on the host, so this file is their spec."""

import numpy as np
import pytest

from conftest import gm, scalar
from asc.runtime.model import ModelFault

MATMUL = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void mm(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR c16, int32_t m, int32_t k, int32_t n, int32_t reps, int32_t relu, int32_t out16) {
  AscendC::GlobalTensor<half> a_gm;
  AscendC::GlobalTensor<half> b_gm;
  AscendC::GlobalTensor<float> c_gm;
  AscendC::GlobalTensor<half> c16_gm;
  a_gm.SetGlobalBuffer((__gm__ half*)a, m * k);
  b_gm.SetGlobalBuffer((__gm__ half*)b, k * n);
  c_gm.SetGlobalBuffer((__gm__ float*)c, m * n);
  c16_gm.SetGlobalBuffer((__gm__ half*)c16, m * n);
  int32_t m16 = (m + 15) / 16 * 16;
  int32_t k16 = (k + 15) / 16 * 16;
  int32_t n16 = (n + 15) / 16 * 16;
  AscendC::LocalTensor<half> a_l1(AscendC::TPosition::A1, 0, m16 * k16);
  AscendC::LocalTensor<half> b_l1(AscendC::TPosition::B1, 65536, k16 * n16);
  AscendC::LocalTensor<half> a_l0(AscendC::TPosition::A2, 0, m16 * k16);
  AscendC::LocalTensor<half> b_l0(AscendC::TPosition::B2, 0, k16 * n16);
  AscendC::LocalTensor<float> c_l0(AscendC::TPosition::CO1, 0, m16 * n16);
  AscendC::Nd2NzParams nd_a{1, m, k, 0, k, m16, 1, 0};
  AscendC::DataCopy(a_l1, a_gm, nd_a);
  AscendC::Nd2NzParams nd_b{1, k, n, 0, n, k16, 1, 0};
  AscendC::DataCopy(b_l1, b_gm, nd_b);
  AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE1>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE1>(0);
  for (int32_t i = 0; i < m16 / 16; i += 1) {
    AscendC::LoadData2DParams la{i, k16 / 16, m16 / 16, 0, 0, false, 0};
    AscendC::LoadData(a_l0[i * k16 * 16], a_l1, la);
  }
  for (int32_t j = 0; j < k16 / 16; j += 1) {  // Zn: one k block of n16/16 fractals per load
    AscendC::LoadData2DParams lb{j, n16 / 16, k16 / 16, 0, 0, true, 0};
    AscendC::LoadData(b_l0[j * n16 * 16], b_l1, lb);
  }
  AscendC::SetFlag<AscendC::HardEvent::MTE1_M>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE1_M>(0);
  for (int32_t r = 0; r < reps; r += 1) {
    AscendC::MmadParams mp{m, n, k, 0, false, r == 0};
    AscendC::Mmad(c_l0, a_l0, b_l0, mp);
  }
  AscendC::SetFlag<AscendC::HardEvent::M_FIX>(0);
  AscendC::WaitFlag<AscendC::HardEvent::M_FIX>(0);
  if (out16) {
    AscendC::FixpipeParamsV220 fp{n, m, m16, n, relu != 0, 1, 0, 1, 0, 0, 0, false};
    AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(c16_gm, c_l0, fp);
  } else {
    AscendC::FixpipeParamsV220 fp{n, m, m16, n, relu != 0, 0, 0, 1, 0, 0, 0, false};
    AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(c_gm, c_l0, fp);
  }
  return;
}
"""
MM_PARAMS = [gm("a", "float16"), gm("b", "float16"), gm("c"), gm("c16", "float16"), scalar("m"), scalar("k"),
             scalar("n"), scalar("reps"), scalar("relu"), scalar("out16")]


def run_mm(run, m, k, n, reps=1, relu=0, out16=0, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = np.full((m, n), -7.0, np.float32)
    c16 = np.full((m, n), -7.0, np.float16)
    run("mm", MATMUL, MM_PARAMS, 1, [a, b, c, c16, m, k, n, reps, relu, out16])
    expect = reps * (a.astype(np.float32) @ b.astype(np.float32))
    if relu:
        expect = np.maximum(expect, 0)
    return (c16 if out16 else c), expect


@pytest.mark.parametrize("m,k,n", [(32, 32, 32), (16, 48, 32), (48, 16, 32), (20, 40, 24)])
def test_fp16_matmul(run, m, k, n):
    c, expect = run_mm(run, m, k, n)
    np.testing.assert_allclose(c, expect, rtol=1e-3, atol=1e-3)


def test_accumulate_twice(run):
    c, expect = run_mm(run, 32, 32, 32, reps=2)
    np.testing.assert_allclose(c, expect, rtol=1e-3, atol=1e-3)


def test_relu_and_f16_output(run):
    c, expect = run_mm(run, 16, 32, 48, relu=1, out16=1)
    assert (c >= 0).all() and (c == 0).any()
    np.testing.assert_array_equal(c, expect.astype(np.float16))
    c, expect = run_mm(run, 16, 32, 48, relu=1)
    np.testing.assert_allclose(c, expect, rtol=1e-3, atol=1e-3)


# ---- int8: host-side L0 layouts, NZ output, DEQF16, DataCopy CO12 ----------------

def to_zz(a, c0):
    """A (m x k) -> L0A zZ: fractals 16 x c0, row-major by fractal, each row-major."""
    m, k = a.shape
    return a.reshape(m // 16, 16, k // c0, c0).transpose(0, 2, 1, 3).ravel()


def to_zn(b, c0):
    """B (k x n) -> L0B Zn: fractals c0(k) x 16(n), row-major by fractal (all n blocks of
    k block 0, then k block 1, ...), each stored [n][k] (transposed)."""
    k, n = b.shape
    return b.reshape(k // c0, c0, n // 16, 16).transpose(0, 2, 3, 1).ravel()


def from_nz(x, m, n):
    """NZ with 16-element rows (column block j = m rows x 16) -> m x n."""
    return x.reshape(n // 16, m, 16).transpose(1, 0, 2).reshape(m, n)


INT8 = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void mm8(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR cnz, GM_ADDR c16, GM_ADDR cco, int32_t m, int32_t k, int32_t n, int32_t scale_bits) {
  AscendC::GlobalTensor<int8_t> a_gm;
  AscendC::GlobalTensor<int8_t> b_gm;
  AscendC::GlobalTensor<int32_t> c_gm;
  AscendC::GlobalTensor<int32_t> cnz_gm;
  AscendC::GlobalTensor<half> c16_gm;
  AscendC::GlobalTensor<int32_t> cco_gm;
  a_gm.SetGlobalBuffer((__gm__ int8_t*)a, m * k);
  b_gm.SetGlobalBuffer((__gm__ int8_t*)b, k * n);
  c_gm.SetGlobalBuffer((__gm__ int32_t*)c, m * n);
  cnz_gm.SetGlobalBuffer((__gm__ int32_t*)cnz, m * n);
  c16_gm.SetGlobalBuffer((__gm__ half*)c16, m * n);
  cco_gm.SetGlobalBuffer((__gm__ int32_t*)cco, m * n);
  AscendC::LocalTensor<int8_t> a_l1(AscendC::TPosition::A1, 0, m * k);
  AscendC::LocalTensor<int8_t> b_l1(AscendC::TPosition::B1, 65536, k * n);
  AscendC::LocalTensor<int8_t> a_l0(AscendC::TPosition::A2, 0, m * k);
  AscendC::LocalTensor<int8_t> b_l0(AscendC::TPosition::B2, 0, k * n);
  AscendC::LocalTensor<int32_t> c_l0(AscendC::TPosition::CO1, 0, m * n);
  AscendC::DataCopy(a_l1, a_gm, m * k);
  AscendC::DataCopy(b_l1, b_gm, k * n);
  AscendC::LoadData2DParams la{0, m * k / 512, 1, 0, 0, false, 0};
  AscendC::LoadData(a_l0, a_l1, la);
  AscendC::LoadData2DParams lb{0, k * n / 512, 1, 0, 0, false, 0};
  AscendC::LoadData(b_l0, b_l1, lb);
  AscendC::MmadParams mp{m, n, k, 0, false, true};
  AscendC::Mmad(c_l0, a_l0, b_l0, mp);
  AscendC::FixpipeParamsV220 fp{n, m, m, n, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<int32_t, int32_t, AscendC::CFG_ROW_MAJOR>(c_gm, c_l0, fp);
  AscendC::FixpipeParamsV220 fz{n, m, m, m * 2, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<int32_t, int32_t, AscendC::CFG_NZ>(cnz_gm, c_l0, fz);
  AscendC::FixpipeParamsV220 fd{n, m, m, n, false, 3, (uint64_t)(uint32_t)scale_bits, 1, 0, 0, 0, false};
  AscendC::Fixpipe<half, int32_t, AscendC::CFG_ROW_MAJOR>(c16_gm, c_l0, fd);
  AscendC::DataCopyCO12DstParams co{n, m, n, m, 0, 0, false, true};
  AscendC::DataCopy(cco_gm, c_l0, co);
  return;
}
"""


def test_int8_matmul(run):
    m, k, n = 32, 64, 32
    rng = np.random.default_rng(3)
    a = rng.integers(-128, 128, (m, k), dtype=np.int8)
    b = rng.integers(-128, 128, (k, n), dtype=np.int8)
    c = np.zeros((m, n), np.int32)
    cnz = np.zeros(m * n, np.int32)
    c16 = np.zeros((m, n), np.float16)
    cco = np.zeros((m, n), np.int32)
    scale = np.float32(1 / 256)
    run("mm8", INT8, [gm("a", "int8"), gm("b", "int8"), gm("c", "int32"), gm("cnz", "int32"), gm("c16", "float16"),
                      gm("cco", "int32"), scalar("m"), scalar("k"), scalar("n"), scalar("scale_bits")],
        1, [to_zz(a, 32), to_zn(b, 32), c, cnz, c16, cco, m, k, n, int(scale.view(np.int32))])
    expect = a.astype(np.int32) @ b.astype(np.int32)
    np.testing.assert_array_equal(c, expect)
    np.testing.assert_array_equal(from_nz(cnz, m, n), expect)
    np.testing.assert_array_equal(c16, (expect.astype(np.float32) * scale).astype(np.float16))
    np.testing.assert_array_equal(cco, expect)


FAULTS = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void cube_faults(GM_ADDR x, int32_t which) {
  AscendC::LocalTensor<half> a_l1(AscendC::TPosition::A1, 0, 4096);
  AscendC::LocalTensor<half> a_l0(AscendC::TPosition::A2, 0, 4096);
  AscendC::LocalTensor<float> c_l0(AscendC::TPosition::CO1, 0, 4096);
  AscendC::LocalTensor<half> b_l0(AscendC::TPosition::B2, 0, 4096);
  if (which == 0) {
    AscendC::LoadData3DParamsV2<half> p;
    p.channelSize = 16;
    p.enTranspose = true;
    AscendC::LoadData(a_l0, a_l1, p);
  }
  if (which == 1) {
    AscendC::LoadData2DParams p{0, 17, 1, 0, 0, false, 0};
    AscendC::LoadData(a_l0, a_l1, p);
  }
  if (which == 2) {
    AscendC::MmadParams p{16, 16, 16, 0, false, true};
    AscendC::Mmad(c_l0, b_l0, b_l0, p);
  }
  if (which == 3) {
    AscendC::LocalTensor<int8_t> a8(AscendC::TPosition::A2, 0, 4096);
    AscendC::LocalTensor<int8_t> b8(AscendC::TPosition::B2, 0, 4096);
    AscendC::LocalTensor<int32_t> c32(AscendC::TPosition::CO1, 0, 4096);
    AscendC::MmadWithSparse(c32, a8, b8, AscendC::MmadParams{16, 16, 64, 0, false, true});
  }
  return;
}
"""


@pytest.mark.parametrize("which,match", [
    (0, r"LoadData: kExtension 1 and kStartPt 0 must be multiples of C0 = 16"),
    (1, r"LoadData: reads L1 \[.*outside its tensor"),
    (2, r"Mmad: fm must be in A2"),
    (3, r"MmadWithSparse: L0B fractal at byte 0 has no index"),
])
def test_cube_faults(run, which, match):
    with pytest.raises(ModelFault, match=match):
        run("cube_faults", FAULTS, [gm("x"), scalar("which")], 1, [np.zeros(8, np.float32), which])


# ---- the older MmadParams form: isBias accumulates onto C --------------------------
# The vendor's 8-argument constructor (m, n, k, isBias, fmOffset, enSsparse, enWinogradA,
# enWinogradB); its Mmad without a bias tensor starts from C when isBias is set.
MATMUL_IS_BIAS = MATMUL.replace("AscendC::MmadParams mp{m, n, k, 0, false, r == 0};",
                                "AscendC::MmadParams mp(m, n, k, r != 0, 0, false, false, false);")


def test_is_bias_of_the_older_form_accumulates(run):
    assert MATMUL_IS_BIAS != MATMUL
    rng = np.random.default_rng(4)
    a = rng.standard_normal((32, 32)).astype(np.float16)
    b = rng.standard_normal((32, 32)).astype(np.float16)
    c = np.full((32, 32), -7.0, np.float32)
    run("mm", MATMUL_IS_BIAS, MM_PARAMS, 1, [a, b, c, np.zeros((32, 32), np.float16), 32, 32, 32, 3, 0, 0])
    np.testing.assert_allclose(c, 3 * (a.astype(np.float32) @ b.astype(np.float32)), rtol=1e-3, atol=1e-3)
