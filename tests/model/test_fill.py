"""Fill on the Model: the adv utility that sets GM (Fill(gm, size, value), InitGlobalMemory)
and the basic API's Fill(local, InitConstValueParams), InitConstValue's new name, with the
vendor's InitConstValueParams constructors."""

import numpy as np

from conftest import gm, scalar

FILL = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void fill(GM_ADDR y, GM_ADDR z, int32_t n) {
  AscendC::TPipe pipe;
  AscendC::GlobalTensor<float> y_gm;
  AscendC::GlobalTensor<int32_t> z_gm;
  y_gm.SetGlobalBuffer((__gm__ float*)y + AscendC::GetBlockIdx() * n, n);
  z_gm.SetGlobalBuffer((__gm__ int32_t*)z + AscendC::GetBlockIdx() * n, n);
  AscendC::Fill(y_gm, n - 3, (float)AscendC::GetBlockIdx() + 0.5f);  // an unaligned count
  AscendC::InitGlobalMemory(z_gm, n, (int32_t)-2);
  AscendC::TEventID id = GetTPipePtr()->FetchEventID(AscendC::HardEvent::MTE3_MTE2);
  AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(id);
  AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(id);
}
"""


def test_fill_sets_gm_per_block(run):
    n, blocks = 64, 3
    y = np.full(n * blocks, 9.0, np.float32)
    z = np.zeros(n * blocks, np.int32)
    run("fill", FILL, [gm("y"), gm("z", "int32"), scalar("n")], blocks, [y, z, n])
    for b in range(blocks):
        np.testing.assert_array_equal(y[b * n:b * n + n - 3], b + 0.5)
        np.testing.assert_array_equal(y[b * n + n - 3:(b + 1) * n], 9.0)  # past the count: untouched
    np.testing.assert_array_equal(z, -2)


FILL_LOCAL = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void fill_l1(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  AscendC::GlobalTensor<float> c_gm;
  c_gm.SetGlobalBuffer((__gm__ float*)c, 16 * 16);
  AscendC::LocalTensor<half> a_l0(AscendC::TPosition::A2, 0, 16 * 16);
  AscendC::LocalTensor<half> b_l0(AscendC::TPosition::B2, 0, 16 * 16);
  AscendC::LocalTensor<float> c_l0(AscendC::TPosition::CO1, 0, 16 * 16);
  // the vendor's constructors: (repeatTimes, blockNum, dstGap, initValue)
  AscendC::Fill(a_l0, AscendC::InitConstValueParams<half>(1, (uint16_t)1, 0, (half)1.0f));
  AscendC::Fill(b_l0, AscendC::InitConstValueParams<half>(1, (uint16_t)1, 0, (half)2.0f));
  AscendC::SetFlag<AscendC::HardEvent::MTE2_M>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_M>(0);
  AscendC::Mmad(c_l0, a_l0, b_l0, AscendC::MmadParams{16, 16, 16, 0, false, true});
  AscendC::SetFlag<AscendC::HardEvent::M_FIX>(0);
  AscendC::WaitFlag<AscendC::HardEvent::M_FIX>(0);
  AscendC::FixpipeParamsV220 fp{16, 16, 16, 16, false, 0, 0, 1, 0, 0, 0, false};
  AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(c_gm, c_l0, fp);
}
"""


def test_fill_of_a_local_tensor_is_init_const_value(run):
    # one 512-byte block of L0A ones and of L0B twos: every C element is 16 * 1 * 2
    c = np.zeros(16 * 16, np.float32)
    run("fill_l1", FILL_LOCAL, [gm("a", "float16"), gm("b", "float16"), gm("c")], 1,
        [np.zeros(8, np.float16), np.zeros(8, np.float16), c])
    np.testing.assert_array_equal(c, 32.0)
