"""Profiling overhead (issue 10 §5): the vadd of model_throughput.py (fp32 add,
16M elements, 8 cores, data computed) plain vs inside asc.profile(), as a
ratio measured in the same run (target <= 3x), and the cycle model's
simulated instruction rate (instructions / s), so regressions show.
"""

import os
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "examples", "02_add_framework"))
os.environ.setdefault("ASC_CACHE_DIR", tempfile.mkdtemp(prefix="asc-bench-"))
import asc  # noqa: E402
import add_framework  # noqa: E402

N = 16 * 1024 * 1024
CORES = 8


def best(fn, repeat=3):
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return min(out)


def main():
    add_framework.TILE_NUM = N // CORES // add_framework.BUFFER_NUM // 8192
    x = np.random.default_rng(0).standard_normal(N).astype(np.float32)
    y = np.ones(N, np.float32)
    z = np.empty_like(x)
    kernel = add_framework.vadd[CORES]
    kernel(x, y, z, N // CORES)
    plain = best(lambda: kernel(x, y, z, N // CORES))
    records = []

    def profiled():
        with asc.profile() as prof:
            kernel(x, y, z, N // CORES)
        records.append(prof.launches[-1])

    prof_t = best(profiled)
    lp = records[-1]
    print(f"fp32 add, {N} elements, {CORES} cores: plain {plain * 1e3:.1f} ms, profiled {prof_t * 1e3:.1f} ms "
          f"-> overhead {prof_t / plain:.2f}x (target <= 3x)")
    print(f"  predicted {lp.total_us:.1f} us; cycle model {lp.instructions} instructions in {lp.sim_wall_s * 1e3:.1f} ms "
          f"= {lp.instructions / lp.sim_wall_s:,.0f} instructions/s")


if __name__ == "__main__":
    main()
