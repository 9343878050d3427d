"""The verdict bands (the candidate's throughput as a share of the baseline's)."""

from __future__ import annotations

SHIP = 0.95
TUNE = 0.90


def band(ratio: float) -> str:
    if ratio >= SHIP:
        return "ship"
    if ratio >= TUNE:
        return "tune further"
    return "must fix"


def explain(ratio: float) -> str:
    """The verdict line's text: the band and its rule (and what to look at)."""
    b = band(ratio)
    if b == "ship":
        return "ship (ratio >= 95%)"
    if b == "tune further":
        return "tune further (90% <= ratio < 95%): check the tiling and the pipeline"
    return "must fix (ratio < 90%): check the algorithm and the memory access pattern"
