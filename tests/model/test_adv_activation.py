"""Gelu, Sigmoid, Silu and Swish (asc_model/api/adv_activation.h) against
numpy, the vendor-utility names C++ kernels use (asc_model/api/utils.h), and
ASCENDC_ASSERT's fault."""

import numpy as np
import pytest

from conftest import gm, make_kernel, scalar
from asc.runtime.model import ModelFault

PARAMS = [gm("x"), gm("z"), scalar("n")]


def kernel(call: str, dtype: str = "float", use_tmp: bool = False) -> str:
    tmp = "AscendC::LocalTensor<uint8_t> tmp = tb.Get<uint8_t>();" if use_tmp else ""
    return f"""#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR z, int32_t n) {{
  AscendC::TPipe pipe;
  AscendC::TQue<AscendC::QuePosition::VECIN, 1> qi;
  AscendC::TQue<AscendC::QuePosition::VECOUT, 1> qo;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> tb;
  pipe.InitBuffer(qi, 1, n * sizeof({dtype}));
  pipe.InitBuffer(qo, 1, n * sizeof({dtype}));
  pipe.InitBuffer(tb, 1024);
  AscendC::GlobalTensor<{dtype}> xg, zg;
  xg.SetGlobalBuffer((__gm__ {dtype}*)x, n);
  zg.SetGlobalBuffer((__gm__ {dtype}*)z, n);
  AscendC::LocalTensor<{dtype}> a = qi.AllocTensor<{dtype}>();
  AscendC::DataCopy(a, xg, n);
  qi.EnQue(a);
  AscendC::LocalTensor<{dtype}> src = qi.DeQue<{dtype}>();
  AscendC::LocalTensor<{dtype}> dst = qo.AllocTensor<{dtype}>();
  {tmp}
  {call};
  qo.EnQue(dst);
  qi.FreeTensor(src);
  AscendC::LocalTensor<{dtype}> o = qo.DeQue<{dtype}>();
  AscendC::DataCopy(zg, o, n);
  qo.FreeTensor(o);
}}
"""


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


CASES = {
    "gelu": ("AscendC::Gelu(dst, src, n)", lambda x: x * sigmoid(1.5957691216057308 * (x + 0.044715 * x ** 3))),
    "gelu_tmp": ("AscendC::Gelu(dst, src, tmp, n)",
                 lambda x: x * sigmoid(1.5957691216057308 * (x + 0.044715 * x ** 3))),
    "sigmoid": ("AscendC::Sigmoid(dst, src, n)", sigmoid),
    "sigmoid_tmp": ("AscendC::Sigmoid(dst, src, tmp, n)", sigmoid),
    "silu": ("AscendC::Silu(dst, src, n)", lambda x: x * sigmoid(x)),
    "swish": ("AscendC::Swish(dst, src, n, (float)1.702)", lambda x: x * sigmoid(1.702 * x)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_activation_matches_numpy(run, name):
    call, ref = CASES[name]
    n = 256
    x = np.linspace(-6, 6, n).astype(np.float32)
    z = np.zeros_like(x)
    run("k", kernel(call, use_tmp="tmp" in name), PARAMS, 1, [x, z, n])
    np.testing.assert_allclose(z, ref(x.astype(np.float64)), rtol=1e-5, atol=1e-6)


def test_half_computes_in_float(run):
    n = 128
    x = np.linspace(-4, 4, n).astype(np.float16)
    z = np.zeros_like(x)
    run("k", kernel("AscendC::Sigmoid(dst, src, n)", "half"), [gm("x", "float16"), gm("z", "float16"), scalar("n")],
        1, [x, z, n])
    np.testing.assert_array_equal(z, sigmoid(x.astype(np.float32)).astype(np.float16))


def test_count_past_the_tensor_is_a_fault(run):
    x = np.ones(64, np.float32)
    with pytest.raises(ModelFault, match="Gelu"):
        run("k", kernel("AscendC::Gelu(dst, src, n * 4)"), PARAMS, 1, [x, np.zeros_like(x), 64])


UTILS = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR z, int32_t n) {
  static_assert(AscendC::IsSameType<float, float>::value && !AscendC::IsSameType<float, half>::value, "");
  static_assert(AscendC::DivCeil(33, 32) == 2 && AscendC::AlignUp(33, 32) == 64 && AscendC::ConstCeil(64, 32) == 2, "");
  if (AscendC::CeilDivision(65, 32) != 3 || AscendC::CeilDivision(1, 0) != 0 || AscendC::Ceil(1, 32) != 1) return;
  static_assert(AscendC::ONE_BLK_SIZE == 32 && AscendC::QuePosition::VECIN == AscendC::TPosition::VECIN, "");
  __gm__ float* xp = (__gm__ float*)x;
  __gm__ float* zp = (__gm__ float*)z;
  float v = AscendC::ReadGmByPassDCache(xp + 1);
  AscendC::WriteGmByPassDCache(zp + 2, v * 2.0f);
  AscendC::DisableDmaAtomic();
  ASCENDC_ASSERT(n > 3, { KERNEL_LOG(KERNEL_ERROR, "n is %d", n); });
}
"""


def test_vendor_utilities(run):
    x = np.arange(8, dtype=np.float32)
    z = np.zeros(8, np.float32)
    run("k", UTILS, PARAMS, 1, [x, z, 8])
    assert z.tolist() == [0, 0, 2.0, 0, 0, 0, 0, 0]


def test_ascendc_assert_fails_as_a_fault(run, capfd):
    x = np.arange(8, dtype=np.float32)
    with pytest.raises(ModelFault, match=r"ASCENDC_ASSERT: assertion failed: n > 3"):
        run("k", UTILS, PARAMS, 1, [x, np.zeros(8, np.float32), 2])
    captured = capfd.readouterr()
    assert "[KERNEL_ERROR]" in captured.out and "n is 2" in captured.out


def test_gm_scalar_past_the_array_is_a_fault(run):
    src = UTILS.replace("xp + 1", "xp + 100")
    x = np.arange(8, dtype=np.float32)
    with pytest.raises(ModelFault, match="ReadGmByPassDCache|GetValue"):
        run("k", src, PARAMS, 1, [x, np.zeros(8, np.float32), 8])


def test_ascendc_assert_with_message(run):
    src = UTILS.replace("  ASCENDC_ASSERT(", '  ascendc_assert(n != 5, "n is %d\\n", n);\n  ASCENDC_ASSERT(')
    x = np.arange(8, dtype=np.float32)
    run("k", src, PARAMS, 1, [x, np.zeros(8, np.float32), 8])  # holds: no fault
    with pytest.raises(ModelFault, match=r"ascendc_assert: assertion failed: n != 5: n is 5"):
        run("k", src, PARAMS, 1, [x, np.zeros(8, np.float32), 5])


COMPARES = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR z, int32_t n) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::QuePosition::VECCALC> tb;
  pipe.InitBuffer(tb, 4096);
  AscendC::LocalTensor<float> a = tb.Get<float>();
  AscendC::LocalTensor<uint8_t> m = tb.Get<uint8_t>()[2048];
  AscendC::GlobalTensor<float> xg;
  AscendC::GlobalTensor<uint8_t> zg;
  xg.SetGlobalBuffer((__gm__ float*)x, n);
  zg.SetGlobalBuffer((__gm__ uint8_t*)z, n / 8);
  AscendC::DataCopy(a, xg, n);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::Compares(m, a, 0.5f, AscendC::CMPMODE::GT, n);
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::DataCopy(zg, m, 32);
}
"""


def test_compares_is_compare_scalar(run):
    n = 256
    x = np.random.default_rng(1).random(n).astype(np.float32)
    z = np.zeros(32, np.uint8)
    run("k", COMPARES, [gm("x"), gm("z", "uint8"), scalar("n")], 1, [x, z, n])
    np.testing.assert_array_equal(np.unpackbits(z, bitorder="little").astype(bool), x > 0.5)


def test_assert_is_the_vendors_kernel_assert(run):
    # kernel_operator.h's assert (utils/debug/asc_assert.h): one argument, or a message
    src = UTILS.replace("  ASCENDC_ASSERT(", '  assert(n != 6);\n  assert(n != 5, "n is %d", n);\n  ASCENDC_ASSERT(')
    x = np.arange(8, dtype=np.float32)
    run("k", src, PARAMS, 1, [x, np.zeros(8, np.float32), 8])  # holds: no fault
    with pytest.raises(ModelFault, match=r"block 0: assert: assertion failed: n != 6\n"):
        run("k", src, PARAMS, 1, [x, np.zeros(8, np.float32), 6])
    with pytest.raises(ModelFault, match=r"assert: assertion failed: n != 5: n is 5"):
        run("k", src, PARAMS, 1, [x, np.zeros(8, np.float32), 5])
    # compiled out with ASCENDC_DUMP=0, as the vendor's
    run("k", "#define ASCENDC_DUMP 0\n" + src, PARAMS, 1, [x, np.zeros(8, np.float32), 6])
