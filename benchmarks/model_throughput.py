"""Model throughput: fp32 vector add of 16M elements over 8 cores vs numpy.add.

Prints the Model's throughput as a ratio of numpy's, measured in the same run
on the same arrays (target: >= 0.5x). The kernel is examples/02_add_framework
(TPipe/TQue, double buffered) with tiles sized to fill UB.
"""

import os
import statistics
import sys
import tempfile
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "02_add_framework"))
os.environ.setdefault("ASC_CACHE_DIR", tempfile.mkdtemp(prefix="asc-bench-"))
import add_framework  # noqa: E402

N = 16 * 1024 * 1024
CORES = 8


def best(fn, repeat=7):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def main():
    add_framework.TILE_NUM = N // CORES // add_framework.BUFFER_NUM // 8192  # 8192-element tiles
    rng = np.random.default_rng(0)
    x = rng.standard_normal(N).astype(np.float32)
    y = rng.standard_normal(N).astype(np.float32)
    z = np.empty_like(x)
    kernel = add_framework.vadd[CORES]
    kernel(x, y, z, N // CORES)  # compile and load
    assert np.array_equal(z, x + y)
    out = np.empty_like(x)
    numpy_best, numpy_med = best(lambda: np.add(x, y, out=out))
    model_best, model_med = best(lambda: kernel(x, y, z, N // CORES))
    gbytes = 3 * N * 4 / 1e9
    print(f"fp32 add, {N} elements, {CORES} cores")
    print(f"  numpy.add : {numpy_best * 1e3:8.2f} ms  ({gbytes / numpy_best:6.2f} GB/s)")
    print(f"  Model     : {model_best * 1e3:8.2f} ms  ({gbytes / model_best:6.2f} GB/s)")
    print(f"  Model throughput / numpy = {numpy_best / model_best:.2f}x  (target >= 0.5x; "
          f"medians {numpy_med / model_med:.2f}x)")


if __name__ == "__main__":
    main()
