"""Runs one side's script, unchanged, and writes its launches as JSON.

    python -m asc.bench.runner OUT.json MEASURE COMPUTE MIN_RUNS MIN_TIME -- script.py [args...]

The tool starts this in a child process, so that the script's own argument
parsing, sys.exit and globals never touch the tool. OUT.json holds
{"launches": [...], "error": null | "one line"}; the exit code is 0 only when
the script finished and the file was written.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
import traceback


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


def _where(exc: BaseException, script: str) -> str:
    """file:line of the script's frame nearest to the error, if any."""
    script = os.path.abspath(script)
    for frame, line in reversed(list(traceback.walk_tb(exc.__traceback__))):
        if os.path.abspath(frame.f_code.co_filename) == script:
            return f"{os.path.basename(script)}:{line}: "
    return ""


def run(out: str, measure: str, compute: bool, min_runs: int, min_time: float, argv) -> int:
    from . import wall
    from .collect import Collector

    wall.settings.update(min_runs=min_runs, min_time=min_time)
    script = argv[0]
    error = None
    collector = Collector(measure=measure, compute=compute)
    sys.argv = list(argv)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    try:
        with collector:
            runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:
        if exc.code not in (None, 0):
            error = f"the script exited with {exc.code!r}" if not isinstance(exc.code, str) else exc.code
    except BaseException as exc:  # noqa: BLE001 - the tool reports it as one line
        from ..runtime.model import ModelFault

        if isinstance(exc, ModelFault):  # the message names the kernel's line
            error = f"kernel faulted: {_one_line(exc)}"
        else:
            error = f"the script raised: {_where(exc, script)}{_one_line(exc)}"
    data = {"launches": [l.to_dict() for l in collector.launches], "error": error}
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f)
    os.replace(tmp, out)
    return 0 if error is None else 1


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    cut = argv.index("--")
    out, measure, compute, min_runs, min_time = argv[:cut]
    return run(out, measure, compute == "1", int(min_runs), float(min_time), argv[cut + 1:])


if __name__ == "__main__":
    sys.exit(main())
