"""module:function sides for the asc-bench tests (run in-process by the tool).

The kernels are those of examples/07_bench (both named `vadd`, so the sides
pair by kernel and shape). WALL_US sets how long the fake clock of the tests
says the next launch takes (asc.bench.wall.clock is replaced by FakeClock)."""

import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "examples", "07_bench"))

import naive  # noqa: E402
import tuned  # noqa: E402

N = 48 * 8192
WALL = {"us": 1000.0, "jitter": 0.0}


def _arrays(n=N):
    x = np.ones(n, np.float32)
    return x, x.copy(), np.zeros(n, np.float32)


def tuned_side():
    x, y, z = _arrays()
    tuned.vadd[tuned.CORES](x, y, z, N)
    assert np.array_equal(z, x + y)


def naive_side():
    x, y, z = _arrays()
    naive.vadd[naive.CORES](x, y, z, N)
    assert np.array_equal(z, x + y)


def tuned_twice_other_shape():
    """One launch at the common shape, one at a shape the other side never launches."""
    tuned_side()
    x, y, z = _arrays(2 * N)
    tuned.vadd[tuned.CORES](x, y, z, 2 * N)


def nothing():
    return None


def broken():
    raise RuntimeError("baseline exploded")


def wall_fast():
    WALL["us"], WALL["jitter"] = 1000.0, 5.0
    tuned_side()


def wall_slow():
    WALL["us"], WALL["jitter"] = 1250.0, 5.0
    tuned_side()


def wall_fast_noisy():
    """The same median as wall_fast, with noise too wide for 10 runs to tell apart."""
    WALL["us"], WALL["jitter"] = 1000.0, 400.0
    tuned_side()


class FakeClock:
    """Deterministic clock: every second call (a run's end) is WALL["us"] after the first, plus a
    jitter from a fixed sequence; every 7th run is a 10x outlier."""

    def __init__(self):
        self.t = 0.0
        self.calls = 0
        self.runs = 0

    def __call__(self):
        self.calls += 1
        if self.calls % 2 == 0:
            self.runs += 1
            us = WALL["us"] + WALL["jitter"] * ((self.runs * 37) % 11 - 5) / 5.0
            if self.runs % 7 == 0:
                us *= 10
            self.t += us * 1e-6
        return self.t


def matmul_example_side():
    """examples/05_matmul's kernel (a band of rows per core, whole K and N in L0) at 512x256x128."""
    sys.path.insert(0, os.path.join(ROOT, "examples", "05_matmul"))
    import matmul

    cores, m, k, n = 4, 128, 256, 128
    a = np.ones((cores * m, k), np.float16)
    b = np.ones((k, n), np.float16)
    c = np.zeros((cores * m, n), np.float32)
    matmul.matmul_kernel[cores](a, b, c, m, k, n)


def matmul_reference_side():
    """The reference matmul itself at 1024^3 (run it with --timing-only)."""
    from asc.bench.baselines import matmul

    a = np.zeros((1024, 1024), np.float16)
    b = np.zeros((1024, 1024), np.float16)
    c = np.zeros((1024, 1024), np.float32)
    matmul.launch(a, b, c, 24)
