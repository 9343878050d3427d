"""The tiled vector add of examples/06_autotune on a small tuning space, for the asc-profile tests.

`python tune_kernel.py` launches the autotuned kernel with its naive config
(tile=256, buffers=1) through `tuned.using(...)` (so a profile records the
tuning space), then a plain kernel without one; both checked against numpy.
"""

import os
import sys

import numpy as np

import asc

sys.path.insert(0, os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                                 "examples", "06_autotune")))
from tiled_add import tiled_add  # noqa: E402

CORES = 2
BLOCK = 4096
CONFIGS = [asc.Config(tile=256, buffers=1), asc.Config(tile=256, buffers=2),
           asc.Config(tile=1024, buffers=1), asc.Config(tile=1024, buffers=2),
           asc.Config(tile=16384, buffers=2)]  # 3 x 2 x 64 KB: does not fit in UB


# The kernel of examples/06_autotune with a smaller tuning space of its own.
tiled = asc.autotune(configs=CONFIGS, key=["block_length"])(tiled_add)


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
