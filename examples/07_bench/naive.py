"""asc-bench example, the naive version: fp32 vector add on 8 cores, 2 KB tiles,
one buffer, every step waiting for the one before (copy in, add, copy out).

    python examples/07_bench/naive.py [-r Model|NPU] [-v Ascend910B1]
    asc-bench --baseline examples/07_bench/tuned.py examples/07_bench/naive.py
"""

import os
import sys

import numpy as np

import asc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import example_args  # noqa: E402

CORES = 8
TILE = 512  # elements: 2 KB of fp32


@asc.jit
def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    per_core = n // asc.get_block_num()
    offset = asc.get_block_idx() * per_core
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, per_core)
    y_gm.set_global_buffer(y + offset, per_core)
    z_gm.set_global_buffer(z + offset, per_core)
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, TILE)
    y_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, TILE * 4, TILE)
    z_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2 * TILE * 4, TILE)
    for i in range(per_core // TILE):
        asc.data_copy(x_ub, x_gm[i * TILE:], TILE)
        asc.data_copy(y_ub, y_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.add(z_ub, x_ub, y_ub, TILE)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(z_gm[i * TILE:], z_ub, TILE)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


def main():
    example_args.parse(__doc__.splitlines()[0])
    n = 48 * 8192  # 393216 fp32 elements (1.5 MB per array)
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    z = np.zeros_like(x)
    return example_args.report("07_bench naive", vadd, (x, y, z, n), run=lambda: vadd[CORES](x, y, z, n),
                               check=lambda: _check(z, x + y))


def _check(got, want):
    np.testing.assert_array_equal(got, want)
    return float(np.max(np.abs(got - want)))


if __name__ == "__main__":
    main()
