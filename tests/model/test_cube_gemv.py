"""Mmad's GEMV mode on the Model (api/cube_mmad.h): with m == 1 dav_c220's cube
reads A as K consecutive L0A elements (the vendor's mmad_gemv example), not
row 0 of 16-row zZ fractals; checked against numpy."""

import numpy as np
import pytest

from conftest import gm, scalar
from asc.runtime.model import ModelFault

GEMV = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void gemv(GM_ADDR a, GM_ADDR b, GM_ADDR c, int32_t k, int32_t n, int32_t a_len) {
  AscendC::GlobalTensor<half> a_gm;
  AscendC::GlobalTensor<half> b_gm;
  AscendC::GlobalTensor<float> c_gm;
  a_gm.SetGlobalBuffer((__gm__ half*)a, k);
  b_gm.SetGlobalBuffer((__gm__ half*)b, k * n);
  c_gm.SetGlobalBuffer((__gm__ float*)c, n);
  int32_t k256 = (k + 255) / 256 * 256;
  AscendC::LocalTensor<half> a_l1(AscendC::TPosition::A1, 0, k256);
  AscendC::LocalTensor<half> b_l1(AscendC::TPosition::B1, 65536, k * n);
  AscendC::LocalTensor<half> a_full(AscendC::TPosition::A2, 0, k256);
  AscendC::LocalTensor<half> a_l0(AscendC::TPosition::A2, 0, a_len);  // what Mmad is given
  AscendC::LocalTensor<half> b_l0(AscendC::TPosition::B2, 0, k * n);
  AscendC::LocalTensor<float> c_l0(AscendC::TPosition::CO1, 0, 16 * n);
  AscendC::Nd2NzParams nd_a{1, 1, k, 0, k, 1, 1, 0};  // the vector's 16-element blocks back to back
  AscendC::DataCopy(a_l1, a_gm, nd_a);
  AscendC::Nd2NzParams nd_b{1, k, n, 0, n, k, 1, 0};
  AscendC::DataCopy(b_l1, b_gm, nd_b);
  AscendC::LoadData2DParams la{0, k256 / 256, 1, 0, 0, false, 0};
  AscendC::LoadData(a_full, a_l1, la);
  for (int32_t j = 0; j < k / 16; j += 1) {
    AscendC::LoadData2DParams lb{j, n / 16, k / 16, 0, 0, true, 0};
    AscendC::LoadData(b_l0[j * n * 16], b_l1, lb);
  }
  AscendC::MmadParams mp{1, n, k, 0, false, true};
  AscendC::Mmad(c_l0, a_l0, b_l0, mp);
  AscendC::FixpipeParamsV220 fp{n, 1, 16, n, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(c_gm, c_l0, fp);
  return;
}
"""
PARAMS = [gm("a", "float16"), gm("b", "float16"), gm("c"), scalar("k"), scalar("n"), scalar("a_len")]


@pytest.mark.parametrize("k,n", [(256, 32), (512, 48)])
def test_gemv_reads_the_vector_from_consecutive_l0a(run, k, n):
    rng = np.random.default_rng(11)
    a = rng.standard_normal((1, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = np.full((1, n), -7.0, np.float32)
    run("gemv", GEMV, PARAMS, 1, [a, b, c, k, n, k])  # L0A holds just the k elements
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-3, atol=1e-3)


def test_gemv_reads_k_elements_of_l0a(run):
    a = np.zeros((1, 256), np.float16)
    b = np.zeros((256, 32), np.float16)
    with pytest.raises(ModelFault, match=r"Mmad: reads L0A \[0, 512\) outside its tensor L0A \[0, 256\)"):
        run("gemv", GEMV, PARAMS, 1, [a, b, np.zeros((1, 32), np.float32), 256, 32, 128])
