"""Dispatch overhead: the time `kernel[8](x, y, z, n)` spends before the backend
receives the launch, on a cache hit, with numpy arguments.

A fake backend (its launcher does nothing) is installed through
asc.runtime.config, with `config.generation` kept fixed, so the time measured is
the front end's: bind the arguments, build the specialization key, look it up,
check the guards, find the launcher. Compared against a plain Python function
call with the same 4 arguments measured in the same run.

Goal (issue 24): launch - plain call <= 2 us.

    PYTHONPATH=python python3 benchmarks/dispatch_overhead.py
"""

import os
import statistics
import sys
import tempfile
import time

import numpy as np

from asc.runtime import backend as rt_backend
from asc.runtime import config

TARGET_US = 2.0
N = 20000
REPEATS = 7

# The kernel of examples/01_add (x, y, z, block_length), as in the issue.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "01_add"))
from add import vadd  # noqa: E402


class NullBackend(rt_backend.KernelBackend):
    name = "null"

    def load(self, kernel):
        def launch(block_dim, stream, args, ctx=None):
            return None
        return launch


def plain(x, y, z, n):
    return None


def _per_call_us(fn, *args):
    best = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        for _ in range(N):
            fn(*args)
        best.append((time.perf_counter() - t0) / N * 1e6)
    return statistics.median(best)


def main():
    os.environ.setdefault("ASC_CACHE_DIR", tempfile.mkdtemp())
    config._instance = NullBackend()
    generation = config.generation
    x = np.ones(8 * 2048, np.float32)
    y, z = x.copy(), x.copy()
    n = x.size // 8
    launch = vadd[8]
    launch(x, y, z, n)  # compile and load once
    assert config.generation == generation
    us_launch = _per_call_us(launch, x, y, z, n)
    us_index = _per_call_us(lambda *a: vadd[8](*a), x, y, z, n)
    us_plain = _per_call_us(plain, x, y, z, n)
    assert config.generation == generation
    diff = us_index - us_plain
    print(f"kernel[8](x, y, z, n):   {us_index:6.2f} us per launch (cache hit, null backend)")
    print(f"  (launch object reused: {us_launch:6.2f} us)")
    print(f"plain call f(x, y, z, n): {us_plain:6.2f} us")
    print(f"overhead: {diff:6.2f} us  goal {TARGET_US} us: ratio {diff / TARGET_US:.2f}")


if __name__ == "__main__":
    main()
