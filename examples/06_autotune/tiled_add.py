"""Tiled vector add with a tuning space: tile size x number of buffers.

Each core streams its slice of x and y through UB in tiles of `tile` floats,
with `buffers` copies of each tile buffer: while the vector unit adds tile i,
MTE2 already loads tile i+1 into the next buffer (the MTE3_MTE2 flag of a
buffer says its last copy-out is done). `@asc.autotune` times the 32 configs
on the timed Model at the first launch and keeps the fastest; configs whose
buffers do not fit in UB (192 KB) are dropped with the Model's reason.

    python examples/06_autotune/tiled_add.py [-r Model|NPU] [-v Ascend910B1]
    ASC_PROFILE=1 python examples/06_autotune/tiled_add.py --naive   # profile the naive config
    asc-profile tiled_add.prof --auto-tune                          # re-time all 32 configs
"""

import os
import sys
import time

import numpy as np

import asc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import example_args  # noqa: E402

CORES = 8
BLOCK = 64 * 1024  # floats per core: every tile size below divides it
TILES = (256, 512, 1024, 2048, 4096, 8192, 16384, 32768)
CONFIGS = [asc.Config(tile=t, buffers=b) for t in TILES for b in (1, 2, 3, 4)]
NAIVE = asc.Config(tile=256, buffers=1)


@asc.jit
def tiled_add(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int,
              tile: asc.ConstExpr[int], buffers: asc.ConstExpr[int]):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    span = tile * buffers * 4  # bytes of one tensor's buffers (float32)
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, tile * buffers)
    y_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, span, tile * buffers)
    z_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2 * span, tile * buffers)
    for b in asc.static_range(buffers):  # every buffer starts free
        asc.set_flag(asc.HardEvent.MTE3_MTE2, b)
    for i in range(block_length // tile):
        b = i % buffers
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, b)  # buffer b's last copy-out is done
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


tuned_add = asc.autotune(configs=CONFIGS, key=["block_length"])(tiled_add)


def main():
    naive = "--naive" in sys.argv
    if naive:
        sys.argv.remove("--naive")
    example_args.parse(__doc__.splitlines()[0])
    n = CORES * BLOCK
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    z = np.zeros_like(x)
    start = time.perf_counter()
    if naive:  # a first version: the naive config, the tuning space only declared
        config = NAIVE
        tuned_add.using(NAIVE)[CORES](x, y, z, BLOCK)
    else:  # the first launch times every config (or finds the choice in the disk cache)
        tuned_add[CORES](x, y, z, BLOCK)
        config = tuned_add.best[next(iter(tuned_add.best))]
    first = time.perf_counter() - start
    compiled = tiled_add.warmup(x, y, z, BLOCK, **config.kwargs)
    error = _check(z, x + y)
    print(f"06_autotune: Ascend C at {compiled.cache_dir / 'kernel.cpp' if compiled.cache_dir else '(not cached)'}")
    print(f"06_autotune: result matches numpy (max abs error {error:.3g}); first launch {first:.1f} s "
          f"({'naive config' if naive else f'tuning {len(CONFIGS)} configs included'})")
    print(f"06_autotune: {'naive' if naive else 'best'} {config} of {len(CONFIGS)} configs")
    return error


def _check(got, want):
    np.testing.assert_allclose(got, want, rtol=1e-6)
    return float(np.max(np.abs(got - want)))


if __name__ == "__main__":
    main()
