"""int4b_t on the Model: two elements per byte, element 2i in the low nibble of byte i
(the vendor's impl/basic_api/kernel_tensor_impl.h). Tensor indexing, sizes and scalar
access, DataCopy, Cast half <-> int4b_t, LoadData and Mmad int4 x int4 -> int32, each
checked against numpy's packing and unpacking of nibbles."""

import numpy as np
import pytest

from conftest import gm, scalar
from asc.runtime.model import ModelFault


def pack(v):
    """int values in [-8, 7] (even count) -> the device's bytes."""
    v = np.asarray(v, np.int8).reshape(-1)
    assert v.size % 2 == 0 and v.min() >= -8 and v.max() <= 7
    return ((v[0::2] & 0xF) | ((v[1::2] & 0xF) << 4)).astype(np.uint8)


def unpack(b):
    """The device's bytes -> int8 values, sign-extended."""
    b = np.asarray(b, np.uint8).reshape(-1)
    out = np.empty(b.size * 2, np.int8)
    out[0::2] = b & 0xF
    out[1::2] = b >> 4
    return np.where(out >= 8, out - 16, out).astype(np.int8)


def test_pack_roundtrip():
    v = np.arange(-8, 8, dtype=np.int8)
    assert (unpack(pack(v)) == v).all()
    assert pack([1, -1]).tolist() == [0xF1]


# Scalar access and views: GetValue / SetValue on GM and UB, operator[] (an even offset is
# half as many bytes), GetSize counts nibbles, ReinterpretCast keeps the bytes.
SCALAR = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR y, GM_ADDR info, int32_t n) {
  AscendC::GlobalTensor<AscendC::int4b_t> xg;
  AscendC::GlobalTensor<AscendC::int4b_t> yg;
  AscendC::GlobalTensor<int32_t> ig;
  xg.SetGlobalBuffer((__gm__ AscendC::int4b_t*)x, n);
  yg.SetGlobalBuffer((__gm__ AscendC::int4b_t*)y, n);
  ig.SetGlobalBuffer((__gm__ int32_t*)info, 8);
  AscendC::LocalTensor<AscendC::int4b_t> t(AscendC::TPosition::VECCALC, 0, n);
  AscendC::DataCopy(t, xg, n);
  AscendC::PipeBarrier<PIPE_ALL>();
  // Reverse the sign of every element through scalar reads and writes.
  for (int32_t i = 0; i < n; ++i) {
    int8_t v = t.GetValue(i);
    t.SetValue(i, AscendC::int4b_t(int32_t(v == -8 ? 7 : -v)));
  }
  AscendC::LocalTensor<AscendC::int4b_t> half2 = t[n / 2];
  AscendC::LocalTensor<int8_t> bytes = t.ReinterpretCast<int8_t>();
  AscendC::LocalTensor<AscendC::int4b_t> back = bytes.ReinterpretCast<AscendC::int4b_t>();
  ig.SetValue(0, int32_t(t.GetSize()));
  ig.SetValue(1, int32_t(t.GetLength()));
  ig.SetValue(2, int32_t(half2.GetSize()));
  ig.SetValue(3, int32_t(bytes.GetSize()));
  ig.SetValue(4, int32_t(back.GetSize()));
  ig.SetValue(5, int32_t(int8_t(half2.GetValue(1))));
  ig.SetValue(6, int32_t(int8_t(xg.GetValue(3))));
  ig.SetValue(7, int32_t(int8_t(xg[2].GetValue(1))));
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(yg, t, n);
  AscendC::PipeBarrier<PIPE_ALL>();
  yg.SetValue(1, AscendC::int4b_t(int32_t(5)));  // a GM nibble: its neighbour stays
}
"""


def test_scalar_access_and_views(run):
    n = 128
    rng = np.random.default_rng(1)
    v = rng.integers(-8, 8, n).astype(np.int8)
    x = pack(v)
    y = np.zeros(n // 2, np.uint8)
    info = np.zeros(8, np.int32)
    run("k", SCALAR, [gm("x", "uint8"), gm("y", "uint8"), gm("info", "int32"), scalar("n")], 1, [x, y, info, n])
    want = np.where(v == -8, 7, -v).astype(np.int8)
    want_y = want.copy()
    want_y[1] = 5
    assert (unpack(y) == want_y).all()
    assert info.tolist() == [n, n // 2, n // 2, n // 2, n, int(want[n // 2 + 1]), int(v[3]), int(v[3])]


@pytest.mark.parametrize("stmt,match", [
    ("AscendC::LocalTensor<AscendC::int4b_t> u = t[3];", r"int4b_t offset 3 is odd"),
    ("AscendC::GlobalTensor<AscendC::int4b_t> h = xg[5];", r"int4b_t offset 5 is odd"),
    ("uint64_t a = t.GetPhyAddr(7);", r"GetPhyAddr.*int4b_t offset 7 is odd"),
    ("AscendC::DataCopy(t, xg, 96);", r"96 elements of int4b_t = 48 bytes is not a whole number of 32-byte"),
])
def test_odd_offsets_and_partial_blocks_fault(run, stmt, match):
    src = f"""#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x) {{
  AscendC::GlobalTensor<AscendC::int4b_t> xg;
  xg.SetGlobalBuffer((__gm__ AscendC::int4b_t*)x, 128);
  AscendC::LocalTensor<AscendC::int4b_t> t(AscendC::TPosition::VECCALC, 0, 128);
  {stmt}
}}
"""
    with pytest.raises(ModelFault, match=match):
        run("k", src, [gm("x", "uint8")], 1, [np.zeros(64, np.uint8)])
