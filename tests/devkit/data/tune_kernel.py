"""A small tiled vector add with a tuning space, for the asc-profile tests.

`python tune_kernel.py` launches the autotuned kernel with its naive config
(tile=256, buffers=1) through `tuned.using(...)` (so a profile records the
tuning space), then a plain kernel without one; both checked against numpy.
"""

import numpy as np

import asc

CORES = 2
BLOCK = 4096
CONFIGS = [asc.Config(tile=256, buffers=1), asc.Config(tile=256, buffers=2),
           asc.Config(tile=1024, buffers=1), asc.Config(tile=1024, buffers=2),
           asc.Config(tile=16384, buffers=2)]  # 3 x 2 x 64 KB: does not fit in UB


@asc.autotune(configs=CONFIGS, key=["n"])
@asc.jit
def tiled(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int,
          tile: asc.ConstExpr[int], buffers: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * n
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, n)
    y_gm.set_global_buffer(y + offset, n)
    z_gm.set_global_buffer(z + offset, n)
    span = tile * buffers * 4
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, tile * buffers)
    y_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, span, tile * buffers)
    z_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2 * span, tile * buffers)
    for b in asc.static_range(buffers):
        asc.set_flag(asc.HardEvent.MTE3_MTE2, b)
    for i in range(n // tile):
        b = i % buffers
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, b)
        asc.data_copy(x_ub[b * tile:], x_gm[i * tile:], tile)
        asc.data_copy(y_ub[b * tile:], y_gm[i * tile:], tile)
        asc.set_flag(asc.HardEvent.MTE2_V, b)
        asc.wait_flag(asc.HardEvent.MTE2_V, b)
        asc.add(z_ub[b * tile:], x_ub[b * tile:], y_ub[b * tile:], tile)
        asc.set_flag(asc.HardEvent.V_MTE3, b)
        asc.wait_flag(asc.HardEvent.V_MTE3, b)
        asc.data_copy(z_gm[i * tile:], z_ub[b * tile:], tile)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, b)
    for b in asc.static_range(buffers):
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, b)


@asc.jit
def scale(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    y_gm.set_global_buffer(y, n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, n)


def inputs():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(CORES * BLOCK).astype(np.float32)
    y = rng.standard_normal(CORES * BLOCK).astype(np.float32)
    return x, y, np.zeros_like(x)


if __name__ == "__main__":
    x, y, z = inputs()
    tiled.using(CONFIGS[0])[CORES](x, y, z, BLOCK)
    np.testing.assert_allclose(z, x + y, rtol=1e-6)
    w = np.zeros(1024, np.float32)
    scale[1](x[:1024], w, 1024)
    np.testing.assert_allclose(w, 2 * x[:1024], rtol=1e-6)
    print("tune_kernel: ok")
