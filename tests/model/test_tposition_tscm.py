"""The vendor's whole TPosition (impl/basic_api/common_types.h): SPM, TSCM, C2PIPE2GM,
C2PIPE2LOCAL after VECCALC, MAX = 16, the aliases LCM = VECCALC and SHM = SPM (the
.td's ascAliases, emitted by asc-tblgen into the Model's and Python's enums), and the
TSCM queue of the adv Matmul's L1 inputs."""

import numpy as np
import pytest

import asc
from asc.runtime.model import ModelFault

from conftest import gm, make_kernel


def test_python_enum_has_the_vendors_values_and_aliases():
    P = asc.TPosition
    assert [int(P[n]) for n in ("SPM", "TSCM", "C2PIPE2GM", "C2PIPE2LOCAL", "MAX")] == [12, 13, 14, 15, 16]
    assert P.LCM is P.VECCALC and P.SHM is P.SPM


SRC = r'''#include "kernel_operator.h"
using namespace AscendC;
static_assert(TPosition::LCM == TPosition::VECCALC && TPosition::SHM == TPosition::SPM, "aliases");
static_assert(int(TPosition::MAX) == 16, "MAX");
extern "C" __global__ __aicore__ void scm(GM_ADDR x, GM_ADDR out) {
  GlobalTensor<half> xg;
  GlobalTensor<int32_t> o;
  xg.SetGlobalBuffer((__gm__ half*)x, 256);
  o.SetGlobalBuffer((__gm__ int32_t*)out, 4);
  TPipe pipe;
  TSCM<TPosition::GM, 1> q;
  pipe.InitBuffer(q, 1, BYTES);
  LocalTensor<half> t = q.AllocTensor<half>();
  DataCopy(t, xg, 256);  // GM -> L1 (TSCM lives in L1)
  q.EnQue(t);
  LocalTensor<half> u = q.DeQue<half>();
  o.SetValue(0, int32_t(u.GetPosition()));
  o.SetValue(1, int32_t(u.GetSize()));
  q.FreeTensor(u);
}
'''


def test_tscm_queue_holds_l1_buffers(backend, cache):
    k = make_kernel("scm", SRC.replace("BYTES", "512"), [gm("x", "float16"), gm("out", "int32")], cache / "s")
    out = np.zeros(4, np.int32)
    backend.load(k)(1, None, [np.ones(256, np.float16), out])
    assert out[:2].tolist() == [13, 256]


def test_a_tscm_buffer_larger_than_l1_faults(backend, cache):
    k = make_kernel("scm", SRC.replace("BYTES", "1024 * 1024"), [gm("x", "float16"), gm("out", "int32")],
                    cache / "s2")
    with pytest.raises(ModelFault, match="L1"):
        backend.load(k)(1, None, [np.ones(256, np.float16), np.zeros(4, np.int32)])
