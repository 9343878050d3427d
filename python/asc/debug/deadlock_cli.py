"""asc-debug's deadlock flags (issue 15 §3), for the CLI in debug.py.

    define_flags(tool.flags)        # --deadlock-check, --deadlock-timeout
    env = child_env(tool.flags)     # {"ASC_DEADLOCK_TIMEOUT": "5"} with --deadlock-check

The check runs inside the user's script, in the Model's world of a
distributed launch (asc.distributed, cpp/model/src/hccl.cpp). Certain
deadlocks (every live core of every rank waiting) are reported at once with
or without this flag; --deadlock-check adds the timeout, so that a rank that
is merely late (spinning, or waiting on something the Model cannot see) is
reported too, and files the report as a finding for the run's summary.
"""

from __future__ import annotations

from typing import Dict

from absl import flags

from ..errors import ToolError

DEADLOCK_CHECK = "deadlock-check"
DEADLOCK_TIMEOUT = "deadlock-timeout"
DEFAULT_TIMEOUT_S = 5.0

FLAG_NAMES = (DEADLOCK_CHECK, DEADLOCK_TIMEOUT)


def define_flags(flag_values: flags.FlagValues) -> None:
    """Declares the deadlock flags on a tool's FlagValues."""
    flags.DEFINE_boolean(
        DEADLOCK_CHECK, False,
        "Distributed launches (asc.distributed.launch): report a rank that waits on a collective longer "
        "than --deadlock-timeout, with every rank's state and the branch that skipped the call "
        "(certain deadlocks and mismatched collectives are reported at once either way).",
        flag_values=flag_values)
    flags.DEFINE_float(
        DEADLOCK_TIMEOUT, DEFAULT_TIMEOUT_S,
        "Seconds a collective may wait under --deadlock-check before it is reported.",
        flag_values=flag_values)


def _value(flag_values: flags.FlagValues, name: str):
    return flag_values[name].value if name in flag_values else None


def child_env(flag_values: flags.FlagValues) -> Dict[str, str]:
    """The variables to add to the script's environment (empty without
    --deadlock-check). Raises ToolError for a timeout that is not positive."""
    if not _value(flag_values, DEADLOCK_CHECK):
        return {}
    timeout = _value(flag_values, DEADLOCK_TIMEOUT)
    if timeout is None or not 0 < timeout < float("inf"):  # (NaN fails both comparisons)
        raise ToolError(f"--deadlock-timeout must be a positive number of seconds, not {timeout}")
    return {"ASC_DEADLOCK_TIMEOUT": f"{timeout:g}"}
