"""Leaky ReLU on fp16 with a scalar vector op in level-0 form.

Each repeat of `asc.leaky_relu` covers 256 bytes (128 halves); the count mask
selects all 128 lanes and UnaryRepeatParams keeps blocks contiguous.

    python examples/03_leaky_relu/leaky_relu.py [-r Model|NPU] [-v Ascend910B1]
"""

import os
import sys

import numpy as np

import asc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import example_args  # noqa: E402

TILE = 2048  # halves per tile: 16 repeats of 128
LANES = 128  # halves per 256-byte repeat


@asc.jit
def leaky_relu_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, block_length: int, alpha: float):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    x_ub = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, TILE)
    y_ub = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, TILE * 2, TILE)
    params = asc.UnaryRepeatParams(1, 1, 8, 8)
    for i in range(block_length // TILE):
        asc.data_copy(x_ub, x_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.leaky_relu(y_ub, x_ub, asc.number(alpha, asc.float16), LANES, TILE // LANES, params)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(y_gm[i * TILE:], y_ub, TILE)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


def main():
    example_args.parse(__doc__.splitlines()[0])
    core_num, n, alpha = 8, 8 * 8 * TILE, 0.125
    x = np.random.default_rng(0).standard_normal(n).astype(np.float16)
    y = np.zeros_like(x)
    return example_args.report(
        "03_leaky_relu", leaky_relu_kernel, (x, y, n // core_num, alpha),
        run=lambda: leaky_relu_kernel[core_num](x, y, n // core_num, alpha),
        check=lambda: _check(y, x, alpha))


def _check(y, x, alpha):
    want = np.where(x >= 0, x, x * np.float16(alpha)).astype(np.float16)
    np.testing.assert_allclose(y.astype(np.float32), want.astype(np.float32), rtol=1e-3, atol=1e-3)
    return float(np.max(np.abs(y.astype(np.float32) - want.astype(np.float32))))


if __name__ == "__main__":
    main()
