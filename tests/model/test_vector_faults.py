"""Vector argument and range checks: each faults before writing anything and
names the Python line. One kernel; `which` picks the faulty call."""

import numpy as np
import pytest

from conftest import gm, scalar
from asc.runtime.model import ModelFault

SRC = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void vfault(GM_ADDR x, GM_ADDR out, int32_t which) {
  AscendC::GlobalTensor<float> xg, og;
  xg.SetGlobalBuffer((__gm__ float*)x, 256);
  og.SetGlobalBuffer((__gm__ float*)out, 256);
  AscendC::LocalTensor<float> xl(AscendC::TPosition::VECIN, 0, 256);
  AscendC::LocalTensor<float> dl(AscendC::TPosition::VECOUT, 1024, 128);
  AscendC::LocalTensor<uint32_t> off(AscendC::TPosition::VECIN, 4096, 64);
  AscendC::DataCopy(xl, xg, 256);
  AscendC::DataCopy(dl, xg, 128);
  AscendC::BinaryRepeatParams p{1, 1, 1, 8, 8, 8};
  uint64_t zero[2] = {0, 0};
  AscendC::Duplicate<uint32_t>(off, 2u, 64);
  switch (which) {
#line 10 "kernel.py"
    case 0: AscendC::Add<float, true>(dl, xl, xl, (uint64_t)65, 1, p); break;
#line 20 "kernel.py"
    case 1: AscendC::Sub<float, true>(dl, xl, xl, (uint64_t)64, 3, p); break;
#line 30 "kernel.py"
    case 2: AscendC::Mul<float, true>(dl, xl, xl, zero, 1, p); break;
#line 40 "kernel.py"
    case 3: AscendC::Gather(dl, xl, off, 0, 64); break;
#line 50 "kernel.py"
    case 4: AscendC::Cast(dl, xl, 9, 64); break;
#line 60 "kernel.py"
    case 5: AscendC::Exp(dl, xl, 200); break;
#line 70 "kernel.py"
    case 6: AscendC::WholeReduceSum<float, true>(dl, xl, 64, 300, 1, 1, 8); break;
  }
  AscendC::DataCopy(og, dl, 128);
}
"""

CASES = [
    (0, r"kernel.py:10: block 0: Add: mask 65 out of range \[1, 64\]"),
    (1, r"kernel.py:20: block 0: Sub: .*outside its tensor"),
    (2, r"kernel.py:30: block 0: Mul: bit mask is all zero"),
    (3, r"kernel.py:40: block 0: Gather: offset is not a multiple of the element size"),
    (4, r"kernel.py:50: block 0: Cast: invalid RoundMode"),
    (5, r"kernel.py:60: block 0: Exp: .*outside its tensor"),
    (6, r"kernel.py:70: block 0: WholeReduceSum: repeatTimes out of range"),
]


@pytest.mark.parametrize("which,match", CASES)
def test_vector_fault(run, which, match):
    x = np.arange(256, dtype=np.float32)
    out = np.full(256, -1.0, np.float32)
    with pytest.raises(ModelFault, match=match):
        run("vfault", SRC, [gm("x"), gm("out"), scalar("which")], 1, [x, out, which])
    assert (out == -1).all()


def test_vector_fault_kernel_runs_clean(run):
    x = np.arange(256, dtype=np.float32)
    out = np.full(256, -1.0, np.float32)
    run("vfault", SRC, [gm("x"), gm("out"), scalar("which")], 1, [x, out, 99])
    np.testing.assert_array_equal(out[:128], x[:128])
