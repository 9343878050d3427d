"""The fixpipe's configuration registers on the Model (api/cube_fixpipe.h):
SetFixPipeConfig (FPC: the quant table's place in the fixpipe buffer, read by
a vector-quant DataCopy from CO1 and a vector-quant Fixpipe without a
workspace) and SetFixpipeNz2ndFlag (ND_PARA), checked against numpy."""

import numpy as np
import pytest

from conftest import gm, scalar
from test_cube_matmul import to_zz, to_zn
from asc.runtime.model import ModelFault

KERNEL = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void fpc(GM_ADDR a, GM_ADDR b, GM_ADDR q, GM_ADDR o1, GM_ADDR o2, int32_t which) {
  constexpr int32_t m = 32, k = 64, n = 32;
  AscendC::GlobalTensor<int8_t> a_gm;
  AscendC::GlobalTensor<int8_t> b_gm;
  AscendC::GlobalTensor<uint64_t> q_gm;
  AscendC::GlobalTensor<half> o1_gm;
  AscendC::GlobalTensor<half> o2_gm;
  a_gm.SetGlobalBuffer((__gm__ int8_t*)a, m * k);
  b_gm.SetGlobalBuffer((__gm__ int8_t*)b, k * n);
  q_gm.SetGlobalBuffer((__gm__ uint64_t*)q, n);
  o1_gm.SetGlobalBuffer((__gm__ half*)o1, m * n);
  o2_gm.SetGlobalBuffer((__gm__ half*)o2, m * n);
  AscendC::LocalTensor<int8_t> a_l1(AscendC::TPosition::A1, 0, m * k);
  AscendC::LocalTensor<int8_t> b_l1(AscendC::TPosition::B1, 65536, k * n);
  AscendC::LocalTensor<uint64_t> q_l1(AscendC::TPosition::C1, 131072, n);
  AscendC::LocalTensor<int8_t> a_l0(AscendC::TPosition::A2, 0, m * k);
  AscendC::LocalTensor<int8_t> b_l0(AscendC::TPosition::B2, 0, k * n);
  AscendC::LocalTensor<int32_t> c_l0(AscendC::TPosition::CO1, 0, m * n);
  AscendC::LocalTensor<uint64_t> fb(AscendC::TPosition::C2PIPE2GM, 256, n);
  AscendC::DataCopy(a_l1, a_gm, m * k);
  AscendC::DataCopy(b_l1, b_gm, k * n);
  AscendC::DataCopy(q_l1, q_gm, n);
  AscendC::LoadData2DParams la{0, m * k / 512, 1, 0, 0, false, 0};
  AscendC::LoadData(a_l0, a_l1, la);
  AscendC::LoadData2DParams lb{0, k * n / 512, 1, 0, 0, false, 0};
  AscendC::LoadData(b_l0, b_l1, lb);
  AscendC::MmadParams mp{m, n, k, 0, false, true};
  AscendC::Mmad(c_l0, a_l0, b_l0, mp);
  AscendC::DataCopyParams qp{1, n * 8 / 128, 0, 0};  // L1 -> fixpipe buffer, 128 B bursts
  AscendC::DataCopy(fb, q_l1, qp);
  if (which == 1) {  // a vector mode with no table set
    AscendC::DataCopyCO12DstParams co{n, m, n, m, QuantMode_t::VDEQF16, 0, false, true};
    AscendC::DataCopy(o1_gm, c_l0, co);
  }
  if (which == 2) {  // the table must be in the fixpipe buffer
    AscendC::LocalTensor<uint64_t> ub(AscendC::TPosition::VECCALC, 0, n);
    AscendC::SetFixPipeConfig(ub);
  }
  if (which == 3) AscendC::SetFixpipeNz2ndFlag(1, 513, 0);
  if (which == 4) {  // two ND matrices: not modelled
    AscendC::SetFixpipeNz2ndFlag(2, 2, 512);
    AscendC::DataCopyCO12DstParams co{n, m, n, m, QuantMode_t::DEQF16, 0, false, true};
    AscendC::DataCopy(o1_gm, c_l0, co);
  }
  AscendC::SetFixPipeConfig(fb);
  AscendC::SetFixpipeNz2ndFlag(1, 0, 0);
  // NZ2ND, vector DEQF16 with relu: the table FPC names
  AscendC::DataCopyCO12DstParams co{n, m, n, m, QuantMode_t::VDEQF16, 1, false, true};
  AscendC::DataCopy(o1_gm, c_l0, co);
  // a vector-quant Fixpipe without a workspace reads the same table
  AscendC::FixpipeParamsV220 fp{n, m, m, n, false, QuantMode_t::VDEQF16, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<half, int32_t, AscendC::CFG_ROW_MAJOR>(o2_gm, c_l0, fp);
  return;
}
"""
PARAMS = [gm("a", "int8"), gm("b", "int8"), gm("q", "uint64"), gm("o1", "float16"), gm("o2", "float16"),
          scalar("which")]


def _data(seed=5):
    m, k, n = 32, 64, 32
    rng = np.random.default_rng(seed)
    a = rng.integers(-128, 128, (m, k), dtype=np.int8)
    b = rng.integers(-128, 128, (k, n), dtype=np.int8)
    scale = (rng.integers(1, 64, n) / 4096).astype(np.float32)
    q = scale.view(np.uint32).astype(np.uint64)  # the scale in the low 32 bits
    return a, b, q, scale


def test_vector_quant_from_the_table_set_by_set_fix_pipe_config(run):
    a, b, q, scale = _data()
    o1 = np.full((32, 32), -1, np.float16)
    o2 = np.full((32, 32), -1, np.float16)
    run("fpc", KERNEL, PARAMS, 1, [to_zz(a, 32), to_zn(b, 32), q, o1, o2, 0])
    acc = (a.astype(np.int32) @ b.astype(np.int32)).astype(np.float32) * scale[None, :]
    np.testing.assert_array_equal(o1, np.maximum(acc, 0).astype(np.float16))
    np.testing.assert_array_equal(o2, acc.astype(np.float16))
    assert (o2 < 0).any()  # relu applied to the first only


@pytest.mark.parametrize("which,match", [
    (1, r"DataCopy: a vector quantPre mode needs its quant table: SetFixPipeConfig"),
    (2, r"SetFixPipeConfig: pre must be in the fixpipe buffer \(C2PIPE2GM\) or CO1, not UB"),
    (3, r"SetFixpipeNz2ndFlag: srcNdStride 513 is outside 0..512"),
    (4, r"DataCopy: .*ndNum > 1"),
])
def test_fixpipe_register_faults(run, which, match):
    a, b, q, _ = _data()
    z = np.zeros((32, 32), np.float16)
    with pytest.raises(ModelFault, match=match):
        run("fpc", KERNEL, PARAMS, 1, [to_zz(a, 32), to_zn(b, 32), q, z, z.copy(), which])


def test_a_launch_starts_with_the_fixpipe_registers_reset(run):
    # The registers belong to the launch's core: a launch that sets FPC (which=0) leaves
    # nothing for the next launch, whose DataCopy without SetFixPipeConfig must fault. (They
    # were thread-local, keyed by the Core's address, which a later launch's core often
    # reuses: the second launch then read the first one's table, about one run in four.)
    a, b, q, _ = _data()
    for _ in range(8):
        o = np.zeros((32, 32), np.float16)
        run("fpc", KERNEL, PARAMS, 1, [to_zz(a, 32), to_zn(b, 32), q, o, o.copy(), 0])
        with pytest.raises(ModelFault, match=r"needs its quant table: SetFixPipeConfig"):
            run("fpc", KERNEL, PARAMS, 1, [to_zz(a, 32), to_zn(b, 32), q, o, o.copy(), 1])
