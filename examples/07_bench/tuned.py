"""asc-bench example, the tuned version of naive.py: the same fp32 vector add on
every AI Vector core (48), 32 KB tiles dealt round-robin, double-buffered
queues so that copy-in, add and copy-out of neighbouring tiles overlap.

    python examples/07_bench/tuned.py [-r Model|NPU] [-v Ascend910B1]
    asc-bench --baseline examples/07_bench/tuned.py examples/07_bench/naive.py
    asc-bench --baseline asc:add examples/07_bench/tuned.py --report html report.html
"""

import os
import sys

import numpy as np

import asc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import example_args  # noqa: E402

CORES = 48
TILE = 8192  # elements: 32 KB of fp32
BUFFERS = 2


@asc.jit
def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    y_gm.set_global_buffer(y, n)
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    qy = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    qz = asc.TQue(asc.TPosition.VECOUT, BUFFERS)
    pipe.init_buffer(qx, BUFFERS, TILE * 4)
    pipe.init_buffer(qy, BUFFERS, TILE * 4)
    pipe.init_buffer(qz, BUFFERS, TILE * 4)
    for t in range(asc.get_block_idx(), n // TILE, asc.get_block_num()):
        xl = qx.alloc_tensor(asc.float32)
        yl = qy.alloc_tensor(asc.float32)
        asc.data_copy(xl, x_gm[t * TILE:], TILE)
        asc.data_copy(yl, y_gm[t * TILE:], TILE)
        qx.enque(xl)
        qy.enque(yl)
        xa = qx.deque(asc.float32)
        ya = qy.deque(asc.float32)
        zl = qz.alloc_tensor(asc.float32)
        asc.add(zl, xa, ya, TILE)
        qz.enque(zl)
        qx.free_tensor(xa)
        qy.free_tensor(ya)
        zo = qz.deque(asc.float32)
        asc.data_copy(z_gm[t * TILE:], zo, TILE)
        qz.free_tensor(zo)


def main():
    example_args.parse(__doc__.splitlines()[0])
    n = 48 * 8192  # the same 393216 fp32 elements as naive.py
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    z = np.zeros_like(x)
    return example_args.report("07_bench tuned", vadd, (x, y, z, n), run=lambda: vadd[CORES](x, y, z, n),
                               check=lambda: _check(z, x + y))


def _check(got, want):
    np.testing.assert_array_equal(got, want)
    return float(np.max(np.abs(got - want)))


if __name__ == "__main__":
    main()
