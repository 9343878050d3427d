"""Misc APIs on the Model: atomics on GM writes, scalar bit ops and casts,
sorting, workspace / HCCL context, caches, not-modelled faults (and
LoadImageToLocal refusing a UB destination; AIPP itself is test_aipp.py)."""

import numpy as np
import pytest

from conftest import gm, scalar
from asc.runtime.model import ModelFault

MISC = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void misc(GM_ADDR x, GM_ADDR z, GM_ADDR out, GM_ADDR v, GM_ADDR srt, float f, int32_t n) {
  AscendC::GlobalTensor<float> x_gm;
  AscendC::GlobalTensor<float> z_gm;
  AscendC::GlobalTensor<int64_t> out_gm;
  AscendC::GlobalTensor<float> v_gm;
  AscendC::GlobalTensor<float> s_gm;
  x_gm.SetGlobalBuffer((__gm__ float*)x, n);
  z_gm.SetGlobalBuffer((__gm__ float*)z, 3 * n);
  out_gm.SetGlobalBuffer((__gm__ int64_t*)out, 32);
  v_gm.SetGlobalBuffer((__gm__ float*)v, 64);
  s_gm.SetGlobalBuffer((__gm__ float*)srt, 128);
  AscendC::LocalTensor<float> x_ub(AscendC::TPosition::VECIN, 0, n);
  AscendC::DataCopy(x_ub, x_gm, n);
  AscendC::SetAtomicAdd<float>();
  AscendC::DataCopy(z_gm, x_ub, n);
  AscendC::SetAtomicMax<float>();
  AscendC::DataCopy(z_gm[n], x_ub, n);
  AscendC::SetAtomicMin<float>();
  AscendC::DataCopy(z_gm[2 * n], x_ub, n);
  AscendC::SetAtomicNone();
  AscendC::GlobalTensor<uint64_t> out_u64;  // Ascend C's DataCachePreload takes a uint64_t tensor
  out_u64.SetGlobalBuffer((__gm__ uint64_t*)out, 32);
  AscendC::DataCachePreload(out_u64, 64);
  AscendC::DataCacheCleanAndInvalid<int64_t, AscendC::CacheLine::SINGLE_CACHE_LINE, AscendC::DcciDst::CACHELINE_OUT>(out_gm);
  AscendC::ICachePreLoad(2);
  out_gm.SetValue(0, AscendC::GetICachePreloadStatus());
  out_gm.SetValue(1, AscendC::ScalarGetSFFValue<1>(40));
  out_gm.SetValue(2, AscendC::ScalarGetSFFValue<0>(7));
  out_gm.SetValue(3, AscendC::ScalarGetCountOfValue<1>(255));
  out_gm.SetValue(4, AscendC::ScalarGetCountOfValue<0>(255));
  out_gm.SetValue(5, AscendC::ScalarCountLeadingZero(1));
  out_gm.SetValue(6, AscendC::CountBitsCntSameAsSignBit(-1));
  out_gm.SetValue(7, AscendC::CountBitsCntSameAsSignBit(1));
  out_gm.SetValue(8, AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(f));
  out_gm.SetValue(9, AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_FLOOR>(f));
  out_gm.SetValue(10, AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_RINT>(f));
  half h = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_CEIL>(f);
  v_gm.SetValue(0, (float)h);
  half hf = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_FLOOR>(f);
  v_gm.SetValue(1, (float)hf);
  bfloat16_t bt = AscendC::ScalarCast<float, bfloat16_t, AscendC::RoundMode::CAST_TRUNC>(f);
  v_gm.SetValue(2, (float)bt);
  out_gm.SetValue(11, AscendC::GetSortLen<float>(32));
  out_gm.SetValue(12, AscendC::GetSortOffset<half>(4));
  AscendC::SetSysWorkspace((__gm__ uint8_t*)out);
  out_gm.SetValue(13, GetSysWorkSpacePtr() == (__gm__ uint8_t*)out);
  AscendC::SetHcclContext<1>((__gm__ uint8_t*)x);
  out_gm.SetValue(14, AscendC::GetHcclContext<1>() == (__gm__ uint8_t*)x);
  out_gm.SetValue(15, AscendC::GetHcclContext<0>() == nullptr);
  uint32_t core_version; AscendC::GetArchVersion(core_version);
  out_gm.SetValue(16, core_version);
  AscendC::InitSocState();
  AscendC::LocalTensor<float> vals(AscendC::TPosition::VECCALC, 4096, 64);
  AscendC::LocalTensor<uint32_t> idx(AscendC::TPosition::VECCALC, 8192, 64);
  AscendC::LocalTensor<float> dst(AscendC::TPosition::VECCALC, 16384, 128);
  AscendC::DataCopy(vals, v_gm[32], 32);
  for (int32_t i = 0; i < 32; i += 1) {
    idx.SetValue(i, i);
  }
  AscendC::Sort32(dst, vals, idx, 1);
  AscendC::DataCopy(s_gm, dst, 64);
  return;
}
"""


def test_misc_ops(run):
    n = 64
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float32)
    z = rng.standard_normal(3 * n).astype(np.float32)
    z0 = z.copy()
    out = np.zeros(32, np.int64)
    v = np.zeros(64, np.float32)
    v[32:] = rng.permutation(32).astype(np.float32)
    v[33] = v[34] = 100.0  # a tie keeps input order
    srt = np.zeros(128, np.float32)
    f = np.float32(2.5004)
    run("misc", MISC, [gm("x"), gm("z"), gm("out", "int64"), gm("v"), gm("srt"),
                       scalar("f", "float", "float32"), scalar("n")], 1, [x, z, out, v, srt, f, n])
    np.testing.assert_array_equal(z[:n], z0[:n] + x)
    np.testing.assert_array_equal(z[n:2 * n], np.maximum(z0[n:2 * n], x))
    np.testing.assert_array_equal(z[2 * n:], np.minimum(z0[2 * n:], x))
    assert list(out[:17]) == [0, 3, 3, 8, 56, 63, 63, 62, 3, 2, 3, 64, 16, 1, 1, 1, 220]
    assert v[0] == 2.5 + 2 ** -9 and v[1] == 2.5  # half grid step near 2.5 is 2**-9
    assert v[2] == 2.5  # bf16 truncation
    pairs = srt[:64].view(np.uint32).reshape(32, 2)
    assert (srt[64:] == 0).all()
    order = sorted(range(32), key=lambda i: -v[32 + i])  # stable, descending
    np.testing.assert_array_equal(pairs[:, 1], order)
    np.testing.assert_array_equal(pairs[:, 0].view(np.float32), v[32:][order])


NOT_MODELLED = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void nm(GM_ADDR x, int32_t which) {
  AscendC::LocalTensor<half> ub(AscendC::TPosition::VECCALC, 0, 1024);
  if (which == 0) {
    AscendC::LoadImageToLocalParams p;
    AscendC::LoadImageToLocal(ub, p);
  }
  if (which == 1) {
    AscendC::LocalTensor<half> stack; AscendC::PopStackBuffer<half, AscendC::TPosition::VECCALC>(stack);
  }
  if (which == 2) {
    AscendC::CheckLocalMemoryIAParam ia{0, 0, 1024, false, false, false, false, false, false, true};
    AscendC::CheckLocalMemoryIA(ia);
  }
  if (which == 3) {
    AscendC::CheckLocalMemoryIAParam ia{};
    AscendC::CheckLocalMemoryIA(ia);
  }
  return;
}
"""


@pytest.mark.parametrize("which,match", [
    (0, r"LoadImageToLocal: dst must be in A1 / B1 \(L1\)"),
    # PopStackBuffer is modelled (the UB the pipe leaves; test_adv_softmax_ext.py checks it): without a TPipe it faults
    (1, r"PopStackBuffer: no TPipe has been constructed on this core"),
    (2, r"CheckLocalMemoryIA: an enabled CheckLocalMemoryIA watch region is not modelled"),
    (3, None),
])
def test_misc_not_modelled(run, which, match):
    args = [np.zeros(8, np.float32), which]
    if match is None:
        run("nm", NOT_MODELLED, [gm("x"), scalar("which")], 1, args)
        return
    with pytest.raises(ModelFault, match=match):
        run("nm", NOT_MODELLED, [gm("x"), scalar("which")], 1, args)
