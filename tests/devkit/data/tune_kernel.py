"""The tiled vector add of examples/06_autotune on a small tuning space, for the asc-profile tests.

`python tune_kernel.py` launches the autotuned kernel with its naive config
(tile=256, buffers=1) through `tuned.using(...)` (so a profile records the
tuning space), then examples/01_add's vadd (no tuning space); both checked against numpy.
"""

import os
import sys

import numpy as np

import asc

EXAMPLES = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "examples"))
sys.path[:0] = [os.path.join(EXAMPLES, "06_autotune"), os.path.join(EXAMPLES, "01_add")]
from tiled_add import tiled_add  # noqa: E402
from add import vadd  # noqa: E402  (a kernel without a tuning space)

CORES = 2
BLOCK = 4096
CONFIGS = [asc.Config(tile=256, buffers=1), asc.Config(tile=256, buffers=2),
           asc.Config(tile=1024, buffers=1), asc.Config(tile=1024, buffers=2),
           asc.Config(tile=16384, buffers=2)]  # 3 x 2 x 64 KB: does not fit in UB


# The kernel of examples/06_autotune with a smaller tuning space of its own.
tiled = asc.autotune(configs=CONFIGS, key=["block_length"])(tiled_add)


def inputs():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(CORES * BLOCK).astype(np.float32)
    y = rng.standard_normal(CORES * BLOCK).astype(np.float32)
    return x, y, np.zeros_like(x)


if __name__ == "__main__":
    x, y, z = inputs()
    tiled.using(CONFIGS[0])[CORES](x, y, z, BLOCK)
    np.testing.assert_allclose(z, x + y, rtol=1e-6)
    w = np.zeros(BLOCK, np.float32)
    vadd[1](x[:BLOCK], y[:BLOCK], w, BLOCK)
    np.testing.assert_allclose(w, x[:BLOCK] + y[:BLOCK], rtol=1e-6)
    print("tune_kernel: ok")
