"""Hccl collectives on the Model against numpy: every collective, the reduction
ops and dtypes, strides, several collectives in flight, rank ids, the link
model's times, and 8 ranks x 8 cores on this machine."""

import functools

import numpy as np
import pytest

import asc
import asc.distributed as dist

import kernels

W = 8
OPS = {"sum": (asc.HcclReduceOp.HCCL_REDUCE_SUM, np.add), "prod": (asc.HcclReduceOp.HCCL_REDUCE_PROD, np.multiply),
       "max": (asc.HcclReduceOp.HCCL_REDUCE_MAX, np.maximum), "min": (asc.HcclReduceOp.HCCL_REDUCE_MIN, np.minimum)}


def rank_order_fold(ufunc, xs):
    """The documented order: rank 0, then combine rank 1, 2, ... rounding to the dtype each step."""
    return functools.reduce(lambda a, b: ufunc(a, b, dtype=a.dtype), xs)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.int32, np.uint8])
@pytest.mark.parametrize("op", list(OPS))
def test_all_reduce_matches_rank_order_fold(op, dtype):
    n, blocks = 64, 2
    rng = np.random.default_rng(1)
    if np.issubdtype(dtype, np.floating):
        xs = [(rng.random(n * blocks) * 4 - 2).astype(dtype) for _ in range(W)]
    else:
        xs = [rng.integers(0, 5, n * blocks).astype(dtype) for _ in range(W)]
    ys = [np.zeros_like(x) for x in xs]
    hop, ufunc = OPS[op]
    dist.launch(kernels.all_reduce, W, blocks, [(xs[r], ys[r], n, int(hop)) for r in range(W)])
    want = rank_order_fold(ufunc, xs)
    for r in range(W):
        np.testing.assert_array_equal(ys[r], want, err_msg=f"rank {r}")


def test_fp16_sum_is_reproducible_and_ordered():
    # 2048 + 1 + 1 + ... in fp16: folding in rank order loses each 1 (2049 rounds to 2048);
    # any other order that adds the ones first would not.
    xs = [np.full(16, 2048 if r == 0 else 1, np.float16) for r in range(W)]
    ys = [np.zeros(16, np.float16) for _ in range(W)]
    for _ in range(2):
        dist.launch(kernels.all_reduce, W, 1, [(xs[r], ys[r], 16, int(asc.HcclReduceOp.HCCL_REDUCE_SUM))
                                               for r in range(W)])
        for y in ys:
            assert (y == 2048).all()


def test_commit_at_prepare_and_max():
    xs = [np.arange(32, dtype=np.float32) * (r % 3) for r in range(4)]
    ys = [np.zeros(32, np.float32) for _ in range(4)]
    dist.launch(kernels.all_reduce_committed_at_once, 4, 1, [(xs[r], ys[r], 32) for r in range(4)])
    for y in ys:
        np.testing.assert_array_equal(y, np.arange(32, dtype=np.float32) * 2)


@pytest.mark.parametrize("stride", [0, 48])
def test_all_gather(stride):
    n = 32
    step = stride or n
    xs = [np.full(n, r + 1, np.float32) for r in range(W)]
    ys = [np.full((W - 1) * step + n, -1, np.float32) for _ in range(W)]
    dist.launch(kernels.all_gather, W, 1, [(xs[r], ys[r], n, stride) for r in range(W)])
    want = np.full_like(ys[0], -1)
    for r in range(W):
        want[r * step:r * step + n] = xs[r]
    for y in ys:
        np.testing.assert_array_equal(y, want)


@pytest.mark.parametrize("stride", [0, 40])
def test_reduce_scatter(stride):
    n = 32
    step = stride or n
    rng = np.random.default_rng(2)
    xs = [rng.integers(-9, 9, (W - 1) * step + n).astype(np.int32) for _ in range(W)]
    ys = [np.zeros(n, np.int32) for _ in range(W)]
    dist.launch(kernels.reduce_scatter, W, 1, [(xs[r], ys[r], n, stride) for r in range(W)])
    for dst in range(W):
        np.testing.assert_array_equal(ys[dst], sum(x[dst * step:dst * step + n] for x in xs))


def test_all_to_all():
    n = 16
    xs = [np.arange(W * n, dtype=np.float32) + 1000 * r for r in range(W)]
    ys = [np.zeros(W * n, np.float32) for _ in range(W)]
    dist.launch(kernels.all_to_all, W, 1, [(xs[r], ys[r], n) for r in range(W)])
    for dst in range(W):
        want = np.concatenate([xs[src][dst * n:(dst + 1) * n] for src in range(W)])
        np.testing.assert_array_equal(ys[dst], want)


def test_two_collectives_in_flight_committed_out_of_order():
    n = 16
    xs = [np.full(n, r, np.float32) for r in range(4)]
    ys = [np.zeros(n, np.float32) for _ in range(4)]
    zs = [np.zeros(4 * n, np.float32) for _ in range(4)]
    run = dist.launch(kernels.two_in_flight, 4, 1, [(xs[r], ys[r], zs[r], n) for r in range(4)])
    for r in range(4):
        np.testing.assert_array_equal(ys[r], np.full(n, 6, np.float32))
        np.testing.assert_array_equal(zs[r], np.repeat(np.arange(4, dtype=np.float32), n))
    assert sorted(c.kind for c in run.collectives) == ["AllGather", "AllReduce"]


def test_rank_id_and_dim():
    outs = [np.zeros(8, np.int32) for _ in range(5)]
    dist.launch(kernels.rank_info, 5, 1, [(o,) for o in outs])
    for r, o in enumerate(outs):
        assert (o[0], o[1]) == (r, 5)


def test_eight_ranks_of_eight_cores_and_the_link_model():
    n, blocks = 512, 8
    rng = np.random.default_rng(3)
    xs = [rng.standard_normal(n * blocks).astype(np.float32) for _ in range(W)]
    ys = [np.zeros_like(x) for x in xs]
    run = dist.launch(kernels.all_reduce, W, blocks,
                      [(xs[r], ys[r], n, int(asc.HcclReduceOp.HCCL_REDUCE_SUM)) for r in range(W)])
    want = rank_order_fold(np.add, xs)
    for y in ys:
        np.testing.assert_array_equal(y, want)
    assert sorted(c.block for c in run.collectives) == list(range(blocks))
    link = dist.LinkModel()
    # ring all-reduce: 2 (n - 1) rounds, each ceil(n_elems / W) * 4 bytes over one link
    one = 2 * (W - 1) * (link.latency_us + (n // W) * 4 / (link.bandwidth_gbps * 1e3))
    assert all(c.time_us == pytest.approx(one) for c in run.collectives)
    assert run.comm_us == pytest.approx(one)  # the lanes run side by side
    assert "8 ranks x 8 cores: 8 collectives" in run.summary()


def test_link_model_scales_with_bytes_and_ranks():
    m = dist.LinkModel(bandwidth_gbps=10.0, latency_us=1.0)
    assert m.time_us("AllGather", 1000, 4, 1) == 0.0
    assert m.time_us("AllGather", 1000, 4, 5) == pytest.approx(4 * (1.0 + 4000 / 10e3))
    assert m.time_us("AllReduce", 1000, 2, 4) == pytest.approx(6 * (1.0 + 500 / 10e3))
    with pytest.raises(ValueError, match="unknown collective"):
        m.time_us("Broadcast", 1, 1, 2)


def test_profile_puts_each_ranks_compute_beside_the_communication():
    n, world = 256, 4
    xs = [np.ones(n * 2, np.float32) * r for r in range(world)]
    ys = [np.zeros(n * 2, np.float32) for _ in range(world)]
    args = [(xs[r], ys[r], n, int(asc.HcclReduceOp.HCCL_REDUCE_SUM)) for r in range(world)]
    plain = dist.launch(kernels.all_reduce, world, 2, args)
    with pytest.raises(ValueError, match="profile=True"):
        plain.rank_us(0)
    run = dist.launch(kernels.all_reduce, world, 2, args, profile=True)
    assert len(run.profiles) == world
    for r, p in enumerate(run.profiles):
        assert p.total_us > 0 and p.kernel == f"all_reduce@rank{r}"
        assert run.rank_us(r) == pytest.approx(p.total_us + run.comm_us)
    assert run.comm_us > 0
    assert "rank 3: compute" in run.summary() and "(link model)" in run.summary()
    np.testing.assert_array_equal(ys[0], np.full(n * 2, 6, np.float32))  # profiling still computes


def test_inside_asc_profile_the_ranks_run_and_are_left_to_profile_true():
    xs = [np.ones(64, np.float32) * r for r in range(4)]
    ys = [np.zeros(64, np.float32) for _ in range(4)]
    with asc.profile() as prof:
        run = dist.launch(kernels.all_reduce, 4, 1, [(xs[r], ys[r], 64, 0) for r in range(4)], profile=True)
    assert prof.launches == []  # one RecordIO per backend cannot serve ranks running at once
    assert len(run.profiles) == 4
    np.testing.assert_array_equal(ys[3], np.full(64, 6, np.float32))
