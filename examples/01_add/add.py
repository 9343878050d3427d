"""Vector add with manual synchronisation and profiling markers.

Each of the 8 cores adds its slice of x and y in tiles: copy in (MTE2), add
(V), copy out (MTE3), with SetFlag/WaitFlag between the pipes.

    python examples/01_add/add.py [-r Model|NPU] [-v Ascend910B1]
"""

import os
import sys

import numpy as np

import asc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import example_args  # noqa: E402

TILE_NUM = 8
BUFFER_NUM = 2


@asc.jit
def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    tile = block_length // TILE_NUM // BUFFER_NUM
    size = tile * BUFFER_NUM * x.dtype.sizeof()
    x_ub = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, tile * BUFFER_NUM)
    y_ub = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, size, tile * BUFFER_NUM)
    z_ub = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 2 * size, tile * BUFFER_NUM)
    for i in range(TILE_NUM * BUFFER_NUM):
        b = i % BUFFER_NUM
        asc.metrics_prof_start()
        asc.data_copy(x_ub[b * tile:], x_gm[i * tile:], tile)
        asc.data_copy(y_ub[b * tile:], y_gm[i * tile:], tile)
        asc.set_flag(asc.HardEvent.MTE2_V, b)
        asc.wait_flag(asc.HardEvent.MTE2_V, b)
        asc.add(z_ub[b * tile:], x_ub[b * tile:], y_ub[b * tile:], tile)
        asc.set_flag(asc.HardEvent.V_MTE3, b)
        asc.wait_flag(asc.HardEvent.V_MTE3, b)
        asc.data_copy(z_gm[i * tile:], z_ub[b * tile:], tile)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, b)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, b)
        asc.metrics_prof_stop()


def main():
    example_args.parse(__doc__.splitlines()[0])
    core_num, n = 8, 8 * 16 * 1024
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    z = np.zeros_like(x)
    return example_args.report(
        "01_add", vadd, (x, y, z, n // core_num),
        run=lambda: vadd[core_num](x, y, z, n // core_num),
        check=lambda: _check(z, x + y))


def _check(got, want):
    np.testing.assert_allclose(got, want, rtol=1e-6)
    return float(np.max(np.abs(got - want)))


if __name__ == "__main__":
    main()
