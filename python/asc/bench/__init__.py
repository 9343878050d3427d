"""asc.bench: the engine of asc-bench (docs/asc-bench.md).

Your kernel against a baseline: both sides' launches collected while they run
unchanged (collect, runner, sides), the work counted from the Model's
instrumentation stream (work), paired by kernel and shape (match), compared on
the timed Model or by wall-clock statistics (compare, stats, wall), judged by
the verdict bands (verdict), kept in a history (history) and reported (text,
advice, report). `asc.bench.baselines` holds tuned reference kernels.

    from asc.bench import run
    outcome = run.run(baseline="asc:add", candidate="my_add.py")
    for line in outcome.lines(): print(line)
"""

from .launches import Launch
from .work import Work

__all__ = ["Launch", "Work"]
