"""Wall-clock samples of one launch (--measure wall, and the NPU backend).

hyperfine's rule: a warm-up run first (not counted: the compile and the first
touch of the buffers), then at least `min_runs` runs and at least `min_time`
seconds of them, at most `max_runs`. The clock is injectable (`timer`, seconds
as a float) so that tests drive the statistics with a deterministic fake.
"""

from __future__ import annotations

import time
from typing import Callable, List

MIN_RUNS = 10
MIN_TIME_S = 3.0
MAX_RUNS = 1000

clock: Callable[[], float] = time.perf_counter  # replaced by tests with a fake clock
settings = {"min_runs": MIN_RUNS, "min_time": MIN_TIME_S, "max_runs": MAX_RUNS}


def sample(run: Callable[[], object], timer: Callable[[], float] = None, min_runs: int = None,
           min_time: float = None, max_runs: int = None, warmup: int = 1) -> List[float]:
    """Seconds per run of `run()`."""
    timer = timer or clock
    min_runs = settings["min_runs"] if min_runs is None else min_runs
    min_time = settings["min_time"] if min_time is None else min_time
    max_runs = settings["max_runs"] if max_runs is None else max_runs
    for _ in range(warmup):
        run()
    out: List[float] = []
    spent = 0.0
    while len(out) < max_runs and (len(out) < min_runs or spent < min_time):
        t0 = timer()
        run()
        dt = timer() - t0
        out.append(dt)
        spent += dt
    return out
