"""TQue::AllocTensor rotates through the queue's buffers (the vendor's TQueBind
keeps a cursor that moves on at every buffer it looks at), so a double-buffered
pipeline writes tile i+1 into the other buffer while tile i is still in use.
Before the fix the Model always handed out the lowest free buffer."""

import numpy as np

import asc
from conftest import gm, scalar

# Each AllocTensor's buffer index (address / buffer length) is written to out[k].
ROTATE = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void rotate(GM_ADDR out, int32_t len) {
  AscendC::GlobalTensor<int32_t> o;
  o.SetGlobalBuffer((__gm__ int32_t*)out, 16);
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
  pipe.InitBuffer(q, 3, len);
  int k = 0;
  auto idx = [&](const AscendC::LocalTensor<half>& t) { return int32_t(t.GetPhyAddr() / len); };
  // alloc/free one at a time: 0, 1, 2, 0 (lowest-free would give 0, 0, 0, 0)
  for (int r = 0; r < 4; ++r) {
    auto t = q.AllocTensor<half>();
    o.SetValue(k++, idx(t));
    q.FreeTensor(t);
  }
  // cursor at 1: take 1 and 2, free 1; the cursor (at 0) finds 0 free, then
  // skips the busy 2 and takes 1
  auto a = q.AllocTensor<half>();
  auto b = q.AllocTensor<half>();
  o.SetValue(k++, idx(a));
  o.SetValue(k++, idx(b));
  q.FreeTensor(a);
  auto c = q.AllocTensor<half>();
  auto d = q.AllocTensor<half>();
  o.SetValue(k++, idx(c));
  o.SetValue(k++, idx(d));
  q.FreeTensor(b);
  q.FreeTensor(c);
  q.FreeTensor(d);
}
"""


def test_alloc_tensor_rotates_cpp(run):
    out = np.full(16, -1, np.int32)
    run("rotate", ROTATE, [gm("out", "int32"), scalar("len")], 1, [out, 512])
    assert out[:8].tolist() == [0, 1, 2, 0, 1, 2, 0, 1]


@asc.jit
def _rotate_py(out: asc.GlobalAddress, n: int):
    """The Python form of the first loop above: a double-buffered queue's
    successive tiles alternate buffers; each tile records its UB address."""
    o = asc.GlobalTensor()
    o.set_global_buffer(out, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 2, 1024)
    for i in range(n):
        t = q.alloc_tensor(asc.float16)
        o.set_value(i, t.get_phy_addr())
        q.free_tensor(t)


def test_alloc_tensor_rotates_python():
    out = np.full(6, -1, np.int32)
    _rotate_py[1](out, 6)
    base = out[0]
    assert (out - base).tolist() == [0, 1024, 0, 1024, 0, 1024]
