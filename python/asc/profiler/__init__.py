"""The timed Model (issue 10): a cycle model of the Ascend AI Core that
predicts a launch's time from the Model's instrumentation stream.

    with asc.profile() as prof:
        kernel[48](x, y, z, n)
    lp = prof.launches[-1]
    lp.total_us, lp.pipes, lp.breakdown, lp.lines
    lp.save("prof_dir")

`ASC_PROFILE=dir python script.py` writes every launch's files under dir.
Parameters: params/<platform>.json (each with its source); semantics: cpp/model/src/cycle_model.cpp (cycle.py reads its results).
"""

from .cycle import simulate
from .platform import TimingParams, known_platforms, timing_params
from .records import LaunchProfile
from .session import profile, _from_environment

__all__ = ["profile", "LaunchProfile", "TimingParams", "timing_params", "known_platforms", "simulate"]

_from_environment()
