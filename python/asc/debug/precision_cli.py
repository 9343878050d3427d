"""asc-debug's precision flags (issue 13 §3), for the CLI in debug.py.

    define_flags(tool.flags)        # --precision-check, --precision-trace, --save-golden, --golden
    env = child_env(tool.flags)     # what the script asc-debug runs must see

The checks themselves run inside the user's script (asc.debug, switched on at
`import asc` by asc.debug.precision_session from these variables); this
module only turns the flags into the environment and rejects bad values
with a one-line ToolError before anything runs.
"""

from __future__ import annotations

import os
from typing import Dict

from absl import flags

from ..errors import ToolError

PRECISION_CHECK = "precision-check"
PRECISION_TRACE = "precision-trace"
SAVE_GOLDEN = "save-golden"
GOLDEN = "golden"

FLAG_NAMES = (PRECISION_CHECK, PRECISION_TRACE, SAVE_GOLDEN, GOLDEN)


def define_flags(flag_values: flags.FlagValues) -> None:
    """Declares the precision flags on a tool's FlagValues."""
    flags.DEFINE_boolean(
        PRECISION_CHECK, False,
        "Report every asc.debug.check_precision call and every numpy/torch allclose-style comparison the "
        "script makes on a kernel's output: max absolute error, mean relative error, cosine similarity.",
        flag_values=flag_values)
    flags.DEFINE_boolean(
        PRECISION_TRACE, False,
        "Run every launch on the Model's float64 shadow build and report the 10 Python lines that lose the "
        "most correct digits (slow: several times a plain launch; docs/precision.md).",
        flag_values=flag_values)
    flags.DEFINE_string(
        SAVE_GOLDEN, None,
        "Save every launch's outputs in this directory (.npy files and manifest.json) as a golden.",
        flag_values=flag_values)
    flags.DEFINE_string(
        GOLDEN, None,
        "Compare every launch's outputs with the golden saved in this directory (--save-golden); each "
        "mismatch is an error.",
        flag_values=flag_values)


def _value(flag_values: flags.FlagValues, name: str):
    return flag_values[name].value if name in flag_values else None


def child_env(flag_values: flags.FlagValues) -> Dict[str, str]:
    """The variables to add to the script's environment (empty when no
    precision flag is given). Raises ToolError for an unusable directory."""
    env: Dict[str, str] = {}
    modes = [m for m, name in (("check", PRECISION_CHECK), ("trace", PRECISION_TRACE)) if _value(flag_values, name)]
    if modes:
        env["ASC_DEBUG_PRECISION"] = ",".join(modes)
    save = _value(flag_values, SAVE_GOLDEN)
    golden = _value(flag_values, GOLDEN)
    if save is not None and golden is not None and os.path.abspath(save) == os.path.abspath(golden):
        raise ToolError(f"--save-golden and --golden name the same directory ({save})",
                        "save the golden once, then compare with --golden alone")
    if save is not None:
        if not save:
            raise ToolError("--save-golden needs a directory")
        if os.path.exists(save) and not os.path.isdir(save):
            raise ToolError(f"--save-golden {save}: is a file, not a directory")
        env["ASC_DEBUG_GOLDEN_SAVE"] = os.path.abspath(save)
    if golden is not None:
        from ..debug.golden import GoldenError, load_manifest

        try:
            load_manifest(golden)
        except GoldenError as exc:
            raise ToolError(f"--golden: {exc}") from None
        env["ASC_DEBUG_GOLDEN"] = os.path.abspath(golden)
    return env
