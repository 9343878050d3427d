"""End-to-end: emitted kernels run on the Model and match numpy."""

import time

import numpy as np
import pytest

from conftest import gm, make_kernel, mlir_kernel, scalar
from asc.runtime.model import ModelBackend, ModelCompileError
from asc.runtime.platforms import PLATFORMS, get_platform

VADD_PARAMS = [gm("x"), gm("z"), scalar("block_length")]


def test_vadd_queue_multicore(backend, cache):
    k = mlir_kernel("vadd_queue.mlir", "vadd", VADD_PARAMS, cache / "k")
    launcher = backend.load(k)
    x = np.random.default_rng(0).random(8 * 2048, dtype=np.float32)
    z = np.full_like(x, -1.0)
    launcher(8, None, [x, z, 2048])
    np.testing.assert_array_equal(z, x + x)


def test_cache_reused_by_a_new_backend(cache):
    k = mlir_kernel("vadd_queue.mlir", "vadd", VADD_PARAMS, cache / "reuse")
    ModelBackend().load(k)
    lib = list((cache / "reuse").glob("*.so"))
    assert len(lib) == 1
    mtime = lib[0].stat().st_mtime_ns
    k2 = mlir_kernel("vadd_queue.mlir", "vadd", VADD_PARAMS, cache / "reuse")
    be = ModelBackend()
    t0 = time.perf_counter()
    be.load(k2)
    assert time.perf_counter() - t0 < 0.5  # a cache hit only dlopens
    assert lib[0].stat().st_mtime_ns == mtime


ADD_HALF = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void add_half(GM_ADDR x, GM_ADDR y, GM_ADDR z, int32_t n) {
  AscendC::GlobalTensor<half> x_gm;
  AscendC::GlobalTensor<half> y_gm;
  AscendC::GlobalTensor<half> z_gm;
  x_gm.SetGlobalBuffer((__gm__ half*)x, n);
  y_gm.SetGlobalBuffer((__gm__ half*)y, n);
  z_gm.SetGlobalBuffer((__gm__ half*)z, n);
  AscendC::LocalTensor<half> x_ub(AscendC::TPosition::VECIN, 0, n);
  AscendC::LocalTensor<half> y_ub(AscendC::TPosition::VECIN, 4096, n);
  AscendC::LocalTensor<half> z_ub(AscendC::TPosition::VECOUT, 8192, n);
  AscendC::DataCopy(x_ub, x_gm, n);
  AscendC::DataCopy(y_ub, y_gm, n);
  AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
  AscendC::Add(z_ub, x_ub, y_ub, n);
  AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::DataCopy(z_gm, z_ub, n);
  return;
}
"""


def test_half_add_rounds_like_numpy(run):
    rng = np.random.default_rng(1)
    x = (rng.standard_normal(1024) * 100).astype(np.float16)
    y = (rng.standard_normal(1024) * 0.01).astype(np.float16)
    # Values that exercise ties, subnormals, overflow to inf.
    x[:6] = np.array([65504, 1e-7, 2049, -0.0, 6e-8, 1], dtype=np.float16)
    y[:6] = np.array([65504, 1e-7, 1, 0.0, 6e-8, 2 ** -11], dtype=np.float16)
    z = np.zeros_like(x)
    run("add_half", ADD_HALF, [gm("x", "float16"), gm("y", "float16"), gm("z", "float16"), scalar("n")],
        1, [x, y, z, 1024])
    with np.errstate(over="ignore"):
        expect = (x.astype(np.float32) + y.astype(np.float32)).astype(np.float16)
    np.testing.assert_array_equal(z.view(np.uint16), expect.view(np.uint16))


PAD = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void pad_copy(GM_ADDR x, GM_ADDR z, int32_t len) {
  AscendC::GlobalTensor<half> x_gm;
  AscendC::GlobalTensor<half> z_gm;
  x_gm.SetGlobalBuffer((__gm__ half*)x);
  z_gm.SetGlobalBuffer((__gm__ half*)z);
  AscendC::LocalTensor<half> x_ub(AscendC::TPosition::VECIN, 0, 64);
  AscendC::DataCopyExtParams ext{2, len, 0, 0, 0};
  AscendC::DataCopyPadExtParams<half> ext_pad{true, 1, 2, (half)1.50000e+00f};
  AscendC::DataCopyPad(x_ub, x_gm, ext, ext_pad);
  AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(0);
  AscendC::DataCopyParams whole{1, 2, 0, 0};
  AscendC::DataCopy(z_gm, x_ub, whole);
  return;
}
"""


def test_data_copy_pad_layout(run):
    x = np.arange(10, dtype=np.float16)
    z = np.zeros(32, dtype=np.float16)
    run("pad_copy", PAD, [gm("x", "float16"), gm("z", "float16"), scalar("len")], 1, [x, z, 10])  # 5 halves a burst
    row0 = [1.5, 0, 1, 2, 3, 4, 1.5, 1.5] + [1.5] * 8
    row1 = [1.5, 5, 6, 7, 8, 9, 1.5, 1.5] + [1.5] * 8
    np.testing.assert_array_equal(z, np.array(row0 + row1, dtype=np.float16))


PRINT = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void hello(GM_ADDR x, int32_t n, float f) {
  AscendC::GlobalTensor<int32_t> x_gm;
  x_gm.SetGlobalBuffer((__gm__ int32_t*)x, n);
  int64_t b = AscendC::GetBlockIdx();
  AscendC::printf("block %d of %d: f = %f", (int32_t)b, (int32_t)AscendC::GetBlockNum(), f);
  AscendC::DumpTensor(x_gm, 7, 4);
  return;
}
"""


def test_printf_and_dump_tensor(run, capfd):
    x = np.arange(8, dtype=np.int32)
    run("hello", PRINT, [gm("x", "int32"), scalar("n"), scalar("f", "float", "float32")], 2, [x, 8, 0.5])
    out = capfd.readouterr().out
    assert "DumpHead: AIV-0, block dim=2\nblock 0 of 2: f = 0.500000\n" in out
    assert "DumpHead: AIV-1, block dim=2\nblock 1 of 2: f = 0.500000\n" in out
    assert "DumpTensor: desc=7, addr=0, data_type=int32_t, position=GM, dump_size=4\n[0, 1, 2, 3]" in out
    assert out.index("AIV-0") < out.index("AIV-1")


SYNC_ALL = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void ring(GM_ADDR x, GM_ADDR z) {
  int64_t b = AscendC::GetBlockIdx();
  int64_t n = AscendC::GetBlockNum();
  AscendC::GlobalTensor<int32_t> x_gm;
  AscendC::GlobalTensor<int32_t> z_gm;
  x_gm.SetGlobalBuffer((__gm__ int32_t*)x);
  z_gm.SetGlobalBuffer((__gm__ int32_t*)z);
  for (int32_t r = 0; r < 3; r += 1) {
    x_gm.SetValue(b, (int32_t)(b * 10 + r));
    AscendC::SyncAll<true>();
    int32_t v = x_gm.GetValue((b + 1) % n);
    z_gm.SetValue(b * 3 + r, v);
    AscendC::SyncAll<true>();
  }
  return;
}
"""


def test_sync_all_orders_gm_across_cores(run):
    x = np.zeros(8, dtype=np.int32)
    z = np.zeros(24, dtype=np.int32)
    run("ring", SYNC_ALL, [gm("x", "int32"), gm("z", "int32")], 8, [x, z])
    expect = [((b + 1) % 8) * 10 + r for b in range(8) for r in range(3)]
    assert z.tolist() == expect


def test_trace_stream(cache):
    be = ModelBackend(trace=True)
    k = make_kernel("add_half", ADD_HALF.replace("  AscendC::DataCopy(x_ub", "  AscendC::MetricsProfStart();\n  AscendC::DataCopy(x_ub", 1),
                    [gm("x", "float16"), gm("y", "float16"), gm("z", "float16"), scalar("n")], cache / "k")
    x = np.ones(64, np.float16)
    be.load(k)(1, None, [x, x.copy(), np.zeros_like(x), 64])
    apis = [(e["kind"], e["api"]) for e in be.last_trace]
    assert ("prof_start", "MetricsProfStart") in apis
    add = next(e for e in be.last_trace if e["api"] == "Add")
    assert add["pipe"] == 1 and add["elems"] == 64
    assert {(a["mem"], a["write"], a["offset"], a["bytes"]) for a in add["accesses"]} == {
        ("UB", True, 8192, 128), ("UB", False, 0, 128), ("UB", False, 4096, 128)}
    copies = [e for e in be.last_trace if e["api"] == "DataCopy"]
    assert [c["pipe"] for c in copies] == [4, 4, 5]  # MTE2, MTE2, MTE3
    assert copies[2]["accesses"][1] == {"mem": "GM", "write": True, "region": 2, "offset": 0, "bytes": 128,
                                        "rows": 1, "stride": 0}
    sets = [e for e in be.last_trace if e["kind"] == "set_flag"]
    assert [(s["event"], s["id"]) for s in sets] == [(4, 0), (7, 0)]


def test_compile_error_is_clear(backend, cache):
    k = make_kernel("bad", '#include "kernel_operator.h"\nextern "C" __global__ __aicore__ void bad(GM_ADDR x) { undefined_call(); }\n',
                    [gm("x")], cache / "k")
    with pytest.raises(ModelCompileError, match="undefined_call"):
        backend.load(k)


def test_argument_validation(backend, cache):
    launcher = backend.load(mlir_kernel("vadd_queue.mlir", "vadd", VADD_PARAMS, cache / "k"))
    x = np.zeros((64, 64), np.float32)
    with pytest.raises(ValueError, match="C-contiguous"):
        launcher(1, None, [x.T, np.zeros_like(x), 64])
    with pytest.raises(TypeError, match="float64"):
        launcher(1, None, [np.zeros(64), np.zeros(64, np.float32), 64])
    with pytest.raises(TypeError, match="3 arguments"):
        launcher(1, None, [x])


def test_platform_table():
    assert set(PLATFORMS) == {"Ascend910B1", "Ascend910B2", "Ascend910B2C", "Ascend910B3", "Ascend910B4",
                              "Ascend910B4_1", "Ascend910_9362", "Ascend910_9372", "Ascend910_9381",
                              "Ascend910_9382", "Ascend910_9391", "Ascend910_9392"}
    b1 = get_platform("Ascend910B1")
    assert b1.mem_sizes() == (0, 192 * 1024, 512 * 1024, 64 * 1024, 64 * 1024, 128 * 1024, 1024, 7 * 1024)
    assert b1.mem_aligns()[1:] == (32, 32, 512, 512, 64, 64, 64)
    assert get_platform("Ascend910B3").aiv_cores == 40
    assert get_platform("Ascend910B4-1").name == "Ascend910B4_1"


CHAIN = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void chain(GM_ADDR x) {
  int64_t b = AscendC::GetBlockIdx();
  int64_t n = AscendC::GetBlockNum();
  AscendC::GlobalTensor<int32_t> x_gm;
  x_gm.SetGlobalBuffer((__gm__ int32_t*)x);
  AscendC::LocalTensor<int32_t> ub(AscendC::TPosition::VECIN, 0, 8);
  if (b + 1 < n) { AscendC::IBWait(x_gm, ub, (int32_t)(b + 1), 0); }
  x_gm.SetValue(b, b + 1 < n ? x_gm.GetValue(b + 1) + 1 : 1);
  if (b > 0) { AscendC::IBSet(x_gm, ub, (int32_t)b, 0); }
  return;
}
"""


def test_cores_waiting_on_later_cores_all_get_a_thread(run):
    # Core b waits for core b + 1: with far more cores than host CPUs, the
    # runner pool must start every core before the waits can complete.
    x = np.zeros(48, dtype=np.int32)
    run("chain", CHAIN, [gm("x", "int32")], 48, [x])
    assert x.tolist() == list(range(48, 0, -1))


DIRTY = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void dirty(GM_ADDR x) {
  int64_t b = AscendC::GetBlockIdx();
  AscendC::GlobalTensor<int32_t> x_gm;
  x_gm.SetGlobalBuffer((__gm__ int32_t*)x);
  AscendC::LocalTensor<int32_t> ub(AscendC::TPosition::VECIN, 65536, 8);
  x_gm.SetValue(b, ub.GetValue(5));
  ub.SetValue(5, 77);
  return;
}
"""


def test_local_memories_are_zero_in_every_launch(run):
    # Core memories are pooled across launches; what a launch wrote must be
    # cleared before the next one.
    for _ in range(3):
        x = np.full(4, -1, dtype=np.int32)
        run("dirty", DIRTY, [gm("x", "int32")], 4, [x])
        assert x.tolist() == [0, 0, 0, 0]
