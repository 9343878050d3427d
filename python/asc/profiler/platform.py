"""The cycle-model parameters of a platform: its target record's `timing`
(asc.runtime.platforms; the figures and their sources are in
runtime/targets/*.json). Nothing in the simulator is a literal cost; every
rate, latency and size comes from there."""

from __future__ import annotations

from ..runtime.platforms import PLATFORMS, TARGETS_DIR, TimingParams, get_platform, targets_version

PARAMS_DIR = TARGETS_DIR  # (the name tests and scripts used before the records were one)

__all__ = ["TimingParams", "timing_params", "known_platforms", "params_version", "PARAMS_DIR"]


def known_platforms():
    return sorted(PLATFORMS)


def timing_params(platform: str) -> TimingParams:
    try:
        return get_platform(platform).timing
    except ValueError:
        raise ValueError(f"no cycle-model parameters for platform {platform!r}; "
                         f"known: {', '.join(known_platforms())}") from None


def params_version() -> str:
    """The version of the platform data (asc-profile --version)."""
    return targets_version()
