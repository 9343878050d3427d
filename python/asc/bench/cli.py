"""asc-bench: your kernel against a baseline, with verdict bands, regression
history and a report (docs/asc-bench.md).

    asc-bench --baseline BASELINE CANDIDATE [--report markdown|html FILE]
    asc-bench history [--history PATH]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from absl import flags

from .. import cli

USAGE = """usage: asc-bench --baseline BASELINE CANDIDATE [--report markdown|html FILE] [flags]
       asc-bench history [--history PATH] [--json]

Runs BASELINE and CANDIDATE (each a Python script run unchanged, a module:function,
or for the baseline asc:NAME, one of the reference kernels: asc:add, asc:mul,
asc:softmax, asc:rmsnorm, asc:matmul), pairs their launches by kernel and shape,
and prints the candidate's throughput against the baseline's with a verdict:
>= 95% ship, 90-95% tune further, < 90% must fix. Time comes from the timed Model
(one exact run) or, with --measure wall and on the NPU, from repeated wall-clock
samples compared with a Mann-Whitney U test. Every run is appended to the history
(.asc-bench/history.jsonl beside the candidate); a result slower than the previous
comparable one beyond --factor prints a regression warning."""


def _define(fv: flags.FlagValues) -> None:
    flags.DEFINE_string("baseline", None, "The baseline: script.py [args], module:function or asc:NAME.",
                        flag_values=fv)
    flags.DEFINE_string("report", None, "Write a report: markdown or html, followed by the FILE "
                        "(or a FILE ending in .md / .html).", flag_values=fv)
    flags.DEFINE_boolean("json", False, "Print the results as JSON instead of text.", flag_values=fv)
    flags.DEFINE_float("fail-under", None, "Exit with code 3 when a result's ratio is below this percentage "
                       "(e.g. 95: anything but 'ship' fails).", flag_values=fv)
    flags.DEFINE_enum("measure", "model", ["model", "wall"], "model: the timed Model (one exact run); "
                      "wall: wall-clock samples and the statistics.", flag_values=fv)
    flags.DEFINE_float("factor", 5.0, "Smallest change that counts, in percent (regressions and significance).",
                       flag_values=fv)
    flags.DEFINE_float("alpha", 0.05, "Significance level of the Mann-Whitney U test.", flag_values=fv)
    flags.DEFINE_integer("min-runs", 10, "Wall clock: at least this many runs per launch.", flag_values=fv)
    flags.DEFINE_float("min-time", 3.0, "Wall clock: at least this many seconds of runs per launch.", flag_values=fv)
    flags.DEFINE_string("history", None, "History file (default .asc-bench/history.jsonl beside the candidate).",
                        flag_values=fv)
    flags.DEFINE_boolean("save-history", True, "Append the results to the history.", flag_values=fv)
    flags.DEFINE_boolean("timing-only", False, "Launch in timing-only mode (outputs not computed: only for "
                         "scripts that do not check their results).", flag_values=fv)
    flags.DEFINE_float("timeout", 1800.0, "Seconds a script side may run.", flag_values=fv)


def _main(args, command, fv) -> int:
    if command:
        raise cli.ToolError("asc-bench takes no command after --", "name the sides as BASELINE and CANDIDATE")
    if args and args[0] == "history":
        return _history(args[1:], fv)
    return _run(args, fv)


def _report_target(args, fv):
    """(format, path) of --report, and the remaining positional arguments."""
    value = fv["report"].value
    if value is None:
        return None, args, None
    if value in ("markdown", "md", "html"):
        if len(args) < 2:
            raise cli.ToolError(f"--report {value} needs a FILE after the candidate",
                                "e.g. asc-bench --baseline asc:add add.py --report markdown report.md")
        return ("html" if value == "html" else "markdown"), args[:-1], Path(args[-1])
    suffix = Path(value).suffix.lower()
    if suffix in (".md", ".markdown"):
        return "markdown", args, Path(value)
    if suffix in (".html", ".htm"):
        return "html", args, Path(value)
    raise cli.ToolError(f"--report {value}: say markdown or html (then the FILE), or name a .md / .html file")


def _run(args, fv) -> int:
    from ..bench import run as bench_run

    fmt, args, path = _report_target(args, fv)
    if path is not None:  # checked before anything runs: a bad report path leaves the history untouched
        from ..bench.report import check_target

        check_target(path)
    if fv["baseline"].value is None:
        raise cli.ToolError("no baseline: pass --baseline BASELINE", "e.g. --baseline asc:add, or a script")
    if len(args) != 1:
        what = "no candidate" if not args else f"one candidate expected, got {len(args)}: {' '.join(args)}"
        raise cli.ToolError(what, "usage: asc-bench --baseline BASELINE CANDIDATE [--report markdown|html FILE]")
    _check_numbers(fv)
    outcome = bench_run.run(baseline=fv["baseline"].value, candidate=args[0], measure=fv["measure"].value,
                            compute=not fv["timing-only"].value, factor=fv["factor"].value / 100.0,
                            alpha=fv["alpha"].value, min_runs=fv["min-runs"].value, min_time=fv["min-time"].value,
                            history=fv["history"].value, save_history=fv["save-history"].value,
                            timeout=fv["timeout"].value, progress=not fv["json"].value)
    if fv["json"].value:
        print(json.dumps(outcome.to_dict(), indent=1, sort_keys=True))
    else:
        for line in outcome.lines():
            cli.info(line)
    for line in outcome.warnings():
        cli.warning(line)
    if fmt is not None:
        from ..bench import report as bench_report

        written = bench_report.write(outcome, fmt, path)
        if not fv["json"].value:
            cli.info(f"Report written to {written}")
    fail = fv["fail-under"].value
    if fail is not None and any(r.ratio * 100 < fail and r.verdict != "not significant" for r in outcome.results):
        if not fv["json"].value:
            cli.error(f"a result is below --fail-under {fail:g}%")
        return 3
    return 0


def _check_numbers(fv) -> None:
    """Every numeric flag finite and in range, before anything runs (a NaN compares false with
    everything: `--fail-under nan` would never fail, `--factor nan` would hide every regression)."""
    cli.number_flag(fv, "fail-under", minimum=0)
    cli.number_flag(fv, "factor", minimum=0)
    cli.number_flag(fv, "alpha", above=0, below=1)
    cli.number_flag(fv, "min-time", minimum=0)
    cli.number_flag(fv, "timeout", above=0)
    if fv["min-runs"].value < 2:
        raise cli.ToolError("--min-runs must be at least 2 (the U test needs samples)")


def _history(args, fv) -> int:
    from ..bench import history as hist
    from ..bench import text

    cli.number_flag(fv, "factor", minimum=0)
    path = Path(fv["history"].value) if fv["history"].value else (
        Path(args[0]).resolve().parent / hist.DIR_NAME / hist.FILE_NAME if args else
        Path.cwd() / hist.DIR_NAME / hist.FILE_NAME)
    if not path.exists():
        raise cli.ToolError(f"no history: {path} (No such file or directory)",
                            "run asc-bench on a candidate first, or pass --history PATH")
    try:
        entries, skipped = hist.read(path)
    except OSError as exc:
        raise cli.ToolError(f"cannot read the history {path}: {exc.strerror or exc}") from None
    note = hist.skipped_note(path, skipped)
    if note:
        cli.warning(note)
    factor = fv["factor"].value / 100.0
    series = hist.series(entries)
    if fv["json"].value:
        out = {label: [dict(e, step=m) for e, m in zip(es, hist.steps([e["candidate_us"] for e in es], factor))]
               for label, es in series.items()}
        print(json.dumps(out, indent=1, sort_keys=True))
        return 0
    if not series:
        cli.info(f"{path}: no results yet")
        return 0
    for line in text.history_lines(series, factor):
        cli.info(line)
    return 0


TOOL = cli.Tool("asc-bench", USAGE, main=_main)
_define(TOOL.flags)


def main() -> None:
    TOOL.console()


if __name__ == "__main__":
    main()
