"""The kernel-side Hccl API: the Ascend C each method emits, and the errors of
bad use, at compile time (the user's line) and on the Model (line and rank)."""

import os
import time

import numpy as np
import pytest

import asc
import asc.distributed as dist

THIS = os.path.abspath(__file__)


def line_of(marker):
    with open(THIS) as f:
        for n, text in enumerate(f, 1):
            if text.rstrip().endswith("# <- " + marker):
                return n
    raise AssertionError(marker)


@asc.jit
def every_call(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    a = hccl.all_reduce(x, y, n, asc.float16, asc.HcclReduceOp.HCCL_REDUCE_MAX)
    b = hccl.all_gather(x, y, n, asc.HcclDataType.HCCL_DATA_TYPE_FP16, stride_count=2 * n, commit=True)
    c = hccl.reduce_scatter(x, y, n, op="min", commit=True)
    d = hccl.all_to_all(x, y, n, stride_count=n)
    hccl.commit(a)
    hccl.commit(d)
    r = hccl.wait(a)
    o = asc.GlobalTensor()
    o.set_global_buffer(y, n)
    o.set_value(0, asc.get_rank_id())
    o.set_value(1, asc.get_rank_dim(hccl))
    hccl.finalize()


def test_every_call_emits_its_ascend_c():
    x = np.zeros(64, np.float16)
    src = every_call.warmup(x, x, 8).source
    for want in [
        "AscendC::Hccl<AscendC::HcclServerType::HCCL_SERVER_TYPE_AICPU> hccl;",
        "hccl.Init(",
        "reinterpret_cast<__gm__ uint8_t*>((__gm__ half*)x);",
        "int8_t a = hccl.AllReduce<false>(v1, v2, v3, AscendC::HCCL_DATA_TYPE_FP16, AscendC::HCCL_REDUCE_MAX);",
        "int8_t b = hccl.AllGather<true>(v1, v2, v3, AscendC::HCCL_DATA_TYPE_FP16, v5);",
        "int8_t c = hccl.ReduceScatter<true>(v1, v2, v3, AscendC::HCCL_DATA_TYPE_FP16, AscendC::HCCL_REDUCE_MIN, 0);",
        "int8_t d = hccl.AlltoAll<false>(v1, v2, v3, AscendC::HCCL_DATA_TYPE_FP16, v3);",
        "hccl.Commit(a);",
        "hccl.Commit(d);",
        "int32_t r = hccl.Wait(a);",
        "= hccl.GetRankId();",
        "= hccl.GetRankDim();",
        "hccl.Finalize();",
    ]:
        assert want in src, want


@asc.jit
def float_buffers(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.all_reduce(x + 4, y, n)
    hccl.commit(h)


def test_typed_buffers_become_gm_addr_and_dtype_follows_send():
    src = float_buffers.warmup(np.zeros(8, np.float32), np.zeros(8, np.float32), 4).source
    assert "reinterpret_cast<__gm__ uint8_t*>" in src
    assert "AscendC::HCCL_DATA_TYPE_FP32, AscendC::HCCL_REDUCE_SUM);" in src  # enums of namespace AscendC


@asc.jit
def bad_dtype(x: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    hccl.all_reduce(x, x, n, "fp32")  # <- bad.dtype


@asc.jit
def bad_op(x: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    hccl.all_reduce(x, x, n, asc.float32, "avg")  # <- bad.op


@asc.jit
def no_hccl(out: asc.GlobalAddress):
    r = asc.get_rank_id()  # <- bad.rank


@pytest.mark.parametrize("kernel,marker,words", [
    (bad_dtype, "bad.dtype", "dtype must be an asc dtype"),
    (bad_op, "bad.op", "op must be an asc.HcclReduceOp or one of 'sum'"),
    (no_hccl, "bad.rank", "asc.get_rank_id() asks the kernel's Hccl object"),
])
def test_bad_calls_are_compile_errors_at_the_line(kernel, marker, words):
    args = (np.zeros(8, np.float32),) if kernel is no_hccl else (np.zeros(8, np.float32), 8)
    with pytest.raises(asc.CompileError) as info:
        kernel.warmup(*args)
    msg = str(info.value)
    assert f"{THIS}:{line_of(marker)}" in msg or f"{os.path.basename(THIS)}:{line_of(marker)}" in msg, msg
    assert words in msg


@asc.jit
def hccl_outside_ranks(x: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))  # <- plain.init


def test_hccl_in_a_plain_launch_is_a_fault_naming_the_line():
    with pytest.raises(asc.runtime.model.ModelFault) as info:
        hccl_outside_ranks[1](np.zeros(8, np.float32), 8)
    assert f":{line_of('plain.init')}: block 0: Hccl::Init: this launch is not a rank" in str(info.value)


@asc.jit
def out_of_bounds_recv(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.all_gather(x, y, n)  # <- oob.gather
    hccl.commit(h)
    hccl.wait(h)


def test_recv_too_small_for_the_gather_is_a_fault_of_that_rank():
    xs = [np.zeros(16, np.float32) for _ in range(4)]
    ys = [np.zeros(64 if r != 2 else 48, np.float32) for r in range(4)]
    with pytest.raises(dist.DistributedFault) as info:
        dist.launch(out_of_bounds_recv, 4, 1, [(xs[r], ys[r], 16) for r in range(4)])
    exc = info.value
    assert exc.rank == 2
    assert f"rank 2: {THIS}:{line_of('oob.gather')}: block 0: AllGather: writes GM y[0, 256)" in str(exc)


def test_bad_launch_arguments():
    x = np.zeros(8, np.float32)
    with pytest.raises(ValueError, match="one argument tuple per rank: world_size is 4, got 3"):
        dist.launch(hccl_outside_ranks, 4, 1, [(x, 8)] * 3)
    with pytest.raises(ValueError, match="world_size must be an int in 1..64"):
        dist.launch(hccl_outside_ranks, 0, 1, [])
    with pytest.raises(TypeError, match="rank 1's arguments specialise the kernel differently"):
        dist.launch(hccl_outside_ranks, 2, 1, [(x, 8), (np.zeros(8, np.int32), 8)])
    with pytest.raises(TypeError, match=r"args\[1\] \(rank 1\) must be a tuple"):
        dist.launch(hccl_outside_ranks, 2, 1, [(x, 8), x])


def test_a_rank_whose_arguments_do_not_convert_is_refused_before_any_rank_runs():
    xs = [np.zeros(16, np.float32) for _ in range(3)]
    ys = [np.zeros(64, np.float32) for _ in range(3)]
    ys[2].flags.writeable = False
    with pytest.raises(TypeError, match="^rank 2: "):
        dist.launch(out_of_bounds_recv, 3, 1, [(xs[r], ys[r], 16) for r in range(3)])


def test_a_rank_failing_outside_the_model_stops_the_others():
    from asc.runtime import hooks

    def flaky(ctx):  # each rank is a launch through the hooks: rank 1's fails before it starts
        if ctx.rank == 1:
            raise RuntimeError("rank 1 could not launch")

    xs = [np.zeros(16, np.float32) for _ in range(4)]
    ys = [np.zeros(64, np.float32) for _ in range(4)]
    args = [(xs[r], ys[r], 16) for r in range(4)]
    hook = hooks.add(flaky)
    try:
        start = time.monotonic()
        with pytest.raises(RuntimeError, match="rank 1 could not launch"):
            dist.launch(out_of_bounds_recv, 4, 1, args)  # the others wait in the all-gather until stopped
        assert time.monotonic() - start < 5
    finally:
        hook.remove()


@asc.jit
def reduce_in_helper(hccl, x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    h = hccl.all_reduce(x, y, n)
    hccl.commit(h)
    hccl.wait(h)


@asc.jit
def calls_helper(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    reduce_in_helper(hccl, x, y, n)


def test_the_hccl_object_passes_to_a_device_function_by_reference():
    xs = [np.full(8, r, np.float32) for r in range(3)]
    ys = [np.zeros(8, np.float32) for _ in range(3)]
    src = calls_helper.warmup(xs[0], ys[0], 8).source
    assert "inline void reduce_in_helper(AscendC::Hccl<AscendC::HcclServerType::HCCL_SERVER_TYPE_AICPU>& hccl," in src
    dist.launch(calls_helper, 3, 1, [(xs[r], ys[r], 8) for r in range(3)])
    for y in ys:
        np.testing.assert_array_equal(y, np.full(8, 3, np.float32))
