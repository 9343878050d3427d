"""asc-debug: runs an unchanged script with asc-debug's checks on every Model launch.

    asc-debug [--tools memcheck,racecheck,initcheck,synccheck] [--precision-check]
              [--json out.json] [--error-exitcode N] [--max-errors N] -- python my_test.py args...

The checks run inside the script's process (asc.debug.engine, switched on by
`$ASC_DEBUG`, the same switch that works without this tool): each finding is
printed to stderr as it is found and appended to a findings file whose name
the tool passes in `$ASC_DEBUG_FINDINGS`. When the script ends the tool reads
that file, closes the run with `ERROR SUMMARY: N errors, M warnings`, writes
`--json` and exits non-zero when an error was found (so CI can gate on it).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile

from absl import flags

from .. import cli
from ..debug import findings as _findings
from .. import settings
from ..settings import DEBUG_FLAGS

try:  # issue 13 §3: --precision-check, --precision-trace, --save-golden, --golden
    from . import precision_cli as debug_precision
except ImportError:  # pragma: no cover - a tree without the precision checks
    debug_precision = None

try:  # issue 15 §3: --deadlock-check, --deadlock-timeout (distributed launches)
    from . import deadlock_cli as debug_deadlock
except ImportError:  # pragma: no cover - a tree without asc.distributed
    debug_deadlock = None

DEFAULT_TOOLS = ("memcheck", "racecheck", "initcheck", "synccheck")

USAGE = """usage: asc-debug [flags] -- python my_test.py args...

Runs the command with asc-debug's checks on every Model launch of its
processes: memcheck (out-of-bounds and misaligned accesses, queue misuse,
leaks; the run goes on after a bad access up to --max-errors), racecheck
(unordered accesses between pipes and between cores), initcheck (reads of
memory never written in the launch) and synccheck (unpaired or duplicate
set_flag, barriers that order nothing). Findings go to stderr as they are
found; `ERROR SUMMARY: N errors, M warnings` closes the run. The exit code is
--error-exitcode when an error was found, else the command's own.
Without the tool: ASC_DEBUG=racecheck,memcheck python my_test.py."""


def _define(fv: flags.FlagValues) -> None:
    flags.DEFINE_string("tools", ",".join(DEFAULT_TOOLS),
                        f"Comma-separated checks to run: {', '.join(DEFAULT_TOOLS)} (empty: none).", flag_values=fv)
    flags.DEFINE_string("json", None, "Write the findings to this JSON file.", flag_values=fv)
    flags.DEFINE_integer("error-exitcode", 1, "Exit code when any error was found.", flag_values=fv)
    flags.DEFINE_integer("max-errors", 100,
                         "Bad accesses memcheck reports and steps over before the launch stops at the next one "
                         "(0: no bound).", flag_values=fv)
    if debug_precision is not None:
        debug_precision.define_flags(fv)
    if debug_deadlock is not None:
        debug_deadlock.define_flags(fv)


def parse_tools(text: str) -> list:
    tools = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [t for t in tools if t not in DEBUG_FLAGS]
    if unknown:
        raise cli.ToolError(f"--tools: unknown check {unknown[0]!r}",
                            f"the checks are {', '.join(DEFAULT_TOOLS)}")
    return list(dict.fromkeys(tools))


def _child_env(fv: flags.FlagValues, tools: list, findings_path: str) -> dict:
    env = settings.debug.child_env(",".join(tools) if tools else None)
    env = settings.debug_findings.child_env(findings_path, env)
    env = settings.debug_max_errors.child_env(str(fv["max-errors"].value), env)
    if debug_precision is not None:
        env.update(debug_precision.child_env(fv))
    if debug_deadlock is not None:
        env.update(debug_deadlock.child_env(fv))
    return env


def _write_json(path: str, command: list, tools: list, returncode: int, found: list) -> None:
    errors = sum(1 for f in found if f.severity == "error")
    data = {"command": command, "tools": tools, "returncode": returncode, "errors": errors,
            "warnings": len(found) - errors, "findings": [f.to_json() for f in found]}
    try:
        with open(path, "w", encoding="utf-8") as out:
            json.dump(data, out, indent=1, default=str)
            out.write("\n")
    except OSError as exc:
        raise cli.ToolError(f"cannot write --json {path}: {exc.strerror or exc}") from None


def run(args: list, command: list, fv: flags.FlagValues) -> int:
    if args:
        raise cli.ToolError(f"unexpected argument {args[0]!r} before `--`",
                            "put the program after `--`, e.g. `asc-debug -- python my_test.py`")
    tools = parse_tools(fv["tools"].value or "")
    if fv["max-errors"].value < 0:
        raise cli.ToolError(f"--max-errors must be 0 or more, not {fv['max-errors'].value}")
    if not 1 <= fv["error-exitcode"].value <= 255:  # an exit status is taken modulo 256: 256 would be 0
        raise cli.ToolError(f"--error-exitcode {fv['error-exitcode'].value}: must be 1..255 (an exit status is "
                            f"8 bits; 0 would pass a run with errors)")
    argv = cli.user_command(command)
    fd, findings_path = tempfile.mkstemp(prefix="asc-debug-", suffix=".jsonl")
    os.close(fd)
    try:
        env = _child_env(fv, tools, findings_path)
        try:
            returncode = subprocess.call(argv, env=env)
        except OSError as exc:
            raise cli.ToolError(f"cannot run {argv[0]}: {exc.strerror or exc}") from None
        found = _findings.load(findings_path)
    finally:
        os.unlink(findings_path)
    sys.stderr.write(_findings.summary_line(found) + "\n")
    sys.stderr.flush()
    if fv["json"].value:
        _write_json(fv["json"].value, list(command), tools, returncode, found)
    return exit_code(found, returncode, fv["error-exitcode"].value)


def exit_code(found: list, returncode: int, error_exitcode: int = 1) -> int:
    """--error-exitcode when any finding is an error, else the command's own
    exit code (128 + N when a signal N killed it)."""
    if any(f.severity == "error" for f in found):
        return error_exitcode
    return returncode if returncode >= 0 else 128 - returncode


TOOL = cli.Tool("asc-debug", USAGE, main=run)
_define(TOOL.flags)


def main() -> None:  # the console script (python/pyproject.toml)
    TOOL.console()


if __name__ == "__main__":
    main()
