"""All-reduce across 8 ranks, then a local op: the mean of a vector over 8 devices.

Every rank holds its own x. Each of its 8 cores all-reduces (sums) one slice
of x across the ranks into the workspace s (HCCL: prepare, commit, wait), then
scales the sum by 1 / world_size in UB and writes y. On the Model the 8 ranks
run side by side in this process (asc.distributed.launch), 8 cores each.

    python examples/08_allreduce/allreduce.py [-r Model] [-v Ascend910B1]
"""

import os
import sys

import numpy as np

import asc
import asc.distributed

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import example_args  # noqa: E402

WORLD_SIZE = 8
CORE_NUM = 8


@asc.jit
def allreduce_mean(x: asc.GlobalAddress, s: asc.GlobalAddress, y: asc.GlobalAddress, block_length: int,
                   scale: float):
    offset = asc.get_block_idx() * block_length
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    handle = hccl.all_reduce(x + offset, s + offset, block_length, asc.float32, asc.HcclReduceOp.HCCL_REDUCE_SUM)
    hccl.commit(handle)
    hccl.wait(handle)
    s_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    s_gm.set_global_buffer(s + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, block_length)
    asc.data_copy(t, s_gm, block_length)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, scale, block_length)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, block_length)
    hccl.finalize()


def main():
    args = example_args.parse(__doc__.splitlines()[0])
    if args.run_mode != "Model":
        raise SystemExit("error: distributed launches run on the Model (asc.distributed.launch)")
    n = CORE_NUM * 2048
    rng = np.random.default_rng(0)
    xs = [rng.standard_normal(n).astype(np.float32) for _ in range(WORLD_SIZE)]
    ss = [np.zeros(n, np.float32) for _ in range(WORLD_SIZE)]
    ys = [np.zeros(n, np.float32) for _ in range(WORLD_SIZE)]
    scale = 1.0 / WORLD_SIZE
    rank_args = [(xs[r], ss[r], ys[r], n // CORE_NUM, scale) for r in range(WORLD_SIZE)]
    runs = []

    def run():
        runs.append(asc.distributed.launch(allreduce_mean, world_size=WORLD_SIZE, block_dim=CORE_NUM,
                                           args=rank_args))

    # The Model sums in rank order (docs/distributed.md), so numpy's left fold is bit-exact.
    total = xs[0]
    for x in xs[1:]:
        total = total + x
    want = total * np.float32(scale)
    example_args.report("08_allreduce", allreduce_mean, rank_args[0], run=run,
                        check=lambda: _check(ys, want))
    print(runs[-1].summary().splitlines()[0])


def _check(ys, want):
    for r, y in enumerate(ys):
        np.testing.assert_array_equal(y, want, err_msg=f"rank {r}")
    return float(max(np.max(np.abs(y - want)) for y in ys))


if __name__ == "__main__":
    main()
