"""Every fault class: ModelFault naming the Python file:line (from #line) and
the block, arrays untouched outside what the kernel legitimately wrote, and
the process usable for the next launch."""

import numpy as np
import pytest

from conftest import gm, mlir_kernel, scalar
from asc.runtime.model import ModelBackend, ModelFault

PARAMS = [gm("x"), gm("z"), scalar("n")]


def kernel(body: str) -> str:
    """A kernel in the emitter's style, each statement under `#line N "k.py"`.
    `body` lines are written as "N: statement"."""
    out = ['#include "kernel_operator.h"', "", '#line 1 "k.py"',
           'extern "C" __global__ __aicore__ void k(GM_ADDR x, GM_ADDR z, int32_t n) {',
           "  AscendC::GlobalTensor<float> x_gm;", "  AscendC::GlobalTensor<float> z_gm;",
           "  x_gm.SetGlobalBuffer((__gm__ float*)x, n);", "  z_gm.SetGlobalBuffer((__gm__ float*)z, n);"]
    for line in filter(str.strip, body.strip().splitlines()):
        no, _, stmt = line.strip().partition(": ")
        out += [f'#line {no} "k.py"', "  " + stmt]
    out += ["  return;", "}", ""]
    return "\n".join(out)


def guarded(n, fill=7.0):
    """A float32 array of n elements inside a larger buffer whose guard bytes
    must survive any fault."""
    buf = np.full(n + 64, fill, np.float32)
    return buf, buf[32:32 + n]


def expect_fault(run, body, match, block_dim=1, n=256, args=None):
    xb, x = guarded(n, 1.0)
    zb, z = guarded(n, 7.0)
    before_x, before_z = xb.copy(), zb.copy()
    with pytest.raises(ModelFault, match=match) as e:
        run("k", kernel(body), PARAMS, block_dim, args or [x, z, n])
    np.testing.assert_array_equal(xb, before_x)
    np.testing.assert_array_equal(zb[:32], before_z[:32])
    np.testing.assert_array_equal(zb[32 + n:], before_z[32 + n:])
    return str(e.value), z


GOOD = """
10: AscendC::LocalTensor<float> ub(AscendC::TPosition::VECIN, 0, 256);
11: AscendC::DataCopy(ub, x_gm, 256);
12: AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);
13: AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(0);
14: AscendC::DataCopy(z_gm, ub, 256);
"""


def test_good_kernel_runs(run):
    xb, x = guarded(256, 3.0)
    zb, z = guarded(256, 0.0)
    run("k", kernel(GOOD), PARAMS, 1, [x, z, 256])
    assert (z == 3.0).all()


def test_gm_read_out_of_bounds_names_python_line(run):
    # (x_gm[8] would end inside the 32 + 32 bytes of padding aclrtMalloc gives x: test_gm_padding.py)
    msg, z = expect_fault(run, GOOD.replace("DataCopy(ub, x_gm, 256)", "DataCopy(ub, x_gm[16], 256)"),
                          r"^k\.py:11: block 0: DataCopy: reads GM x\[64, 1088\) beyond the 1024 bytes of argument 'x'")
    assert (z == 7.0).all()  # the copy-out never ran


def test_gm_write_out_of_bounds_writes_nothing(run):
    msg, z = expect_fault(run, GOOD.replace("DataCopy(z_gm, ub, 256)", "DataCopy(z_gm[64], ub, 256)"),
                          r"^k\.py:14: block 0: DataCopy: writes GM z\[256, 1280\)")
    assert (z == 7.0).all()  # checks run before the first byte is written


def test_gm_pointer_outside_every_array(run):
    expect_fault(run, GOOD.replace("DataCopy(ub, x_gm, 256)", "DataCopy(ub, x_gm[100000], 256)"),
                 r"^k\.py:11: block 0: DataCopy: reads GM \[0x[0-9a-f]+, \+1024\) outside every argument array")


def test_ub_overflow(run):
    expect_fault(run, """
10: AscendC::LocalTensor<float> ub(AscendC::TPosition::VECIN, 196608 - 512, 256);
""", r"^k\.py:10: block 0: LocalTensor: tensor UB \[196096, 197120\) beyond UB size 196608")


def test_access_outside_tensor(run):
    expect_fault(run, """
10: AscendC::LocalTensor<float> ub(AscendC::TPosition::VECIN, 0, 128);
11: AscendC::DataCopy(ub, x_gm, 256);
""", r"^k\.py:11: block 0: DataCopy: writes UB \[0, 1024\) outside its tensor UB \[0, 512\)")


def test_misaligned_local_tensor(run):
    expect_fault(run, """
10: AscendC::LocalTensor<float> ub(AscendC::TPosition::VECIN, 16, 64);
""", r"^k\.py:10: block 0: LocalTensor: address 16 in UB is not 32-byte aligned")
    expect_fault(run, """
10: AscendC::LocalTensor<float> ub(AscendC::TPosition::VECIN, 0, 256);
11: AscendC::DataCopy(ub[4], x_gm, 64);
""", r"^k\.py:11: block 0: DataCopy: writes UB address 16 which is not 32-byte aligned")


def test_count_not_whole_blocks(run):
    expect_fault(run, """
10: AscendC::LocalTensor<float> ub(AscendC::TPosition::VECIN, 0, 256);
11: AscendC::DataCopy(ub, x_gm, 10);
""", r"^k\.py:11: block 0: DataCopy: 10 elements of float = 40 bytes is not a whole number of 32-byte blocks")


def test_event_id_out_of_range(run):
    expect_fault(run, "10: AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(8);",
                 r"^k\.py:10: block 0: SetFlag: event id 8 out of range 0\.\.7")


def test_double_set_flag(run):
    expect_fault(run, """
10: AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(1);
11: AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(1);
""", r"^k\.py:11: block 0: SetFlag: SetFlag<HardEvent::V_MTE3>\(1\) set twice")


def test_wait_without_set_is_deadlock(run):
    expect_fault(run, """
10: AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
11: AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(1);
""", r"^k\.py:11: block 0: WaitFlag: deadlock: WaitFlag<HardEvent::MTE2_V>\(1\) with no earlier SetFlag")


def test_pipe_barrier_on_scalar(run):
    expect_fault(run, "10: AscendC::PipeBarrier<PIPE_S>();", r"^k\.py:10: block 0: PipeBarrier: .*illegal")


QUEUE = """
10: AscendC::TPipe pipe;
11: AscendC::TQue<AscendC::TPosition::VECIN, 1> q;
12: AscendC::TQue<AscendC::TPosition::VECOUT, 1> other;
13: pipe.InitBuffer(q, 2, 1024);
14: pipe.InitBuffer(other, 1, 1024);
"""


@pytest.mark.parametrize("body,match", [
    ("20: AscendC::LocalTensor<float> t = q.DeQue<float>();", r"^k\.py:20: block 0: DeQue: queue is empty"),
    ("""20: AscendC::LocalTensor<float> a = q.AllocTensor<float>();
        21: AscendC::LocalTensor<float> b = q.AllocTensor<float>();
        22: q.EnQue(a);
        23: q.EnQue(b);""", r"^k\.py:23: block 0: EnQue: queue of depth 1 is full"),
    ("""20: AscendC::LocalTensor<float> a = q.AllocTensor<float>();
        21: AscendC::LocalTensor<float> b = q.AllocTensor<float>();
        22: AscendC::LocalTensor<float> c = q.AllocTensor<float>();""",
     r"^k\.py:22: block 0: AllocTensor: all 2 buffers of the queue are allocated"),
    ("""20: AscendC::LocalTensor<float> a = other.AllocTensor<float>();
        21: q.FreeTensor(a);""", r"^k\.py:21: block 0: FreeTensor: tensor at UB 2048 was not allocated from this queue"),
    ("""20: AscendC::LocalTensor<float> a = q.AllocTensor<float>();
        21: q.EnQue(a);
        22: q.FreeTensor(a);""", r"^k\.py:22: block 0: FreeTensor: .*still in the queue"),
    ("20: pipe.InitBuffer(q, 2, 100000);", r"^k\.py:20: block 0: InitBuffer: needs 100000 bytes of UB"),
])
def test_queue_misuse(run, body, match):
    expect_fault(run, QUEUE + body, match)


def test_queue_round_trip(run):
    xb, x = guarded(256, 2.0)
    zb, z = guarded(256, 0.0)
    run("k", kernel(QUEUE + """
20: AscendC::LocalTensor<float> a = q.AllocTensor<float>();
21: AscendC::DataCopy(a, x_gm, 256);
22: q.EnQue(a);
23: AscendC::LocalTensor<float> b = q.DeQue<float>();
24: AscendC::LocalTensor<float> c = other.AllocTensor<float>();
25: AscendC::Add(c, b, b, 256);
26: q.FreeTensor(b);
27: other.EnQue(c);
28: AscendC::LocalTensor<float> d = other.DeQue<float>();
29: AscendC::DataCopy(z_gm, d, 256);
30: other.FreeTensor(d);
"""), PARAMS, 1, [x, z, 256])
    assert (z == 4.0).all()


def test_fault_in_one_block_of_many(run):
    # Block 5 reads past x; the others finish or are cancelled; one message.
    msg, _ = expect_fault(run, """
10: AscendC::LocalTensor<float> ub(AscendC::TPosition::VECIN, 0, 32);
11: int64_t b = AscendC::GetBlockIdx();
12: AscendC::DataCopy(ub, x_gm[b * 32 + (b == 5 ? 1000 : 0)], 32);
""", r"^k\.py:12: block 5: DataCopy: reads GM", block_dim=8)


def test_many_faulting_blocks_report_the_lowest(run):
    # Every block overruns UB, block 0 last (it copies 300 times first) and the
    # others at once: the message is block 0's on every run, whichever host
    # thread faulted first (asc-profile --auto-tune compares runs' messages).
    for _ in range(3):
        expect_fault(run, """
10: AscendC::LocalTensor<float> ub(AscendC::TPosition::VECIN, 0, 32);
11: int64_t b = AscendC::GetBlockIdx();
12: for (int i = 0; b == 0 && i < 300; ++i) AscendC::DataCopy(ub, x_gm, 32);
13: AscendC::LocalTensor<float> big(AscendC::TPosition::VECIN, 196608 - 64, 32);
""", r"^k\.py:13: block 0: LocalTensor: tensor UB", block_dim=8)


def test_sync_all_deadlock_when_a_core_leaves(run):
    expect_fault(run, """
10: int64_t b = AscendC::GetBlockIdx();
11: if (b == 3) { return; }
12: AscendC::SyncAll<true>();
""", r"^k\.py:12: block \d: SyncAll: deadlock: every running core is blocked .*1 cores already finished",
        block_dim=4)


def test_cross_core_wait_never_set_is_deadlock(run):
    expect_fault(run, "10: AscendC::CrossCoreWaitFlag<1, PIPE_V>(3);",
                 r"^k\.py:10: block \d: CrossCoreWaitFlag: deadlock", block_dim=2)


def test_cross_core_flags_pair(run):
    xb, x = guarded(64, 0.0)
    zb, z = guarded(64, 0.0)
    run("k", kernel("""
10: int64_t b = AscendC::GetBlockIdx();
11: if (b == 0) { x_gm.SetValue(0, 42.0f); AscendC::CrossCoreSetFlag<1, PIPE_MTE3>(2); }
12: if (b == 1) { AscendC::CrossCoreWaitFlag<1, PIPE_MTE2>(2); z_gm.SetValue(0, x_gm.GetValue(0)); }
"""), PARAMS, 2, [x, z, 64])
    assert z[0] == 42.0


def test_trap(run):
    expect_fault(run, "10: AscendC::Trap();", r"^k\.py:10: block 0: Trap: kernel called Trap\(\)")


def test_next_launch_after_fault(run):
    with pytest.raises(ModelFault):
        run("k", kernel("10: AscendC::Trap();"), PARAMS, 4, [np.zeros(8, np.float32), np.zeros(8, np.float32), 8])
    test_good_kernel_runs(run)


def test_mlir_kernel_fault_without_line_directives(backend, cache):
    # vadd_queue has no Python locations: the fault names the generated C++.
    k = mlir_kernel("vadd_queue.mlir", "vadd", [gm("x"), gm("z"), scalar("block_length")], cache / "k")
    x = np.ones(2048, np.float32)
    z = np.zeros(1024, np.float32)  # too small for block_length 2048
    with pytest.raises(ModelFault, match=r"block 0: DataCopy: writes GM z\[4096, 4352\) beyond the 4096 bytes"):
        backend.load(k)(1, None, [x, z, 2048])


def test_watchdog(cache, run):
    be = ModelBackend(timeout_s=0.5)
    # Block 1 spins on GM (no API calls can't be cancelled, so it polls GetValue).
    body = """
10: int64_t b = AscendC::GetBlockIdx();
11: if (b == 0) { AscendC::CrossCoreWaitFlag<1, PIPE_V>(1); }
12: if (b == 1) { for (int32_t i = 0; i < 2000000000; i += 1) { float v = x_gm.GetValue(0); (void)v; } AscendC::CrossCoreSetFlag<1, PIPE_V>(1); }
"""
    x = np.zeros(8, np.float32)
    with pytest.raises(ModelFault, match=r"^k\.py:11: block 0: CrossCoreWaitFlag: watchdog: still waiting after 0\.5 s"):
        run("k", kernel(body), PARAMS, 2, [x, np.zeros(8, np.float32), 8], be=be)


def test_line_directives_from_the_emitter(backend, cache):
    # Emitted with #line from MLIR file locations: the fault names the Python line.
    k = mlir_kernel("oob_line.mlir", "oob_line", [gm("x"), scalar("n")], cache / "k")
    assert '#line 7 "oob_line.py"' in k.source
    launcher = backend.load(k)
    launcher(1, None, [np.zeros(64, np.float32), 64])
    with pytest.raises(ModelFault, match=r"^oob_line\.py:7: block 0: DataCopy: reads GM x\[0, 512\) beyond the 256 bytes"):
        launcher(1, None, [np.zeros(64, np.float32), 128])
