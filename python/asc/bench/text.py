"""The tool's text: the result block, the regression warning, the history listing."""

from __future__ import annotations

from typing import List

from .compare import Result


def _num(x: float) -> str:
    return f"{x:.1f}"


def result_lines(r: Result) -> List[str]:
    """The [INFO] lines of one result (without the [INFO] prefix)."""
    unit = r.unit
    gap = r.baseline_throughput - r.candidate_throughput
    width = max(len(_num(v)) for v in (r.baseline_throughput, r.candidate_throughput, gap))
    lines = [f"Benchmark result ({r.operator}, {r.shape}, {r.dtype}, {r.platform}):",
             f"  Baseline:      {_num(r.baseline_throughput):>{width + 2}} {unit} (100.0%)",
             f"  Your operator: {_num(r.candidate_throughput):>{width + 2}} {unit} ({r.ratio * 100:5.1f}%)",
             f"  Gap:           {_num(gap):>{width + 2}} {unit} ({(1 - r.ratio) * 100:5.1f}%)",
             f"  Verdict: {r.verdict_text}"]
    if r.measure == "model":
        lines.append(f"  Time: baseline {r.baseline_us:.2f} us, yours {r.candidate_us:.2f} us "
                     "(timed Model: one run is exact, no run-to-run noise)")
    else:
        s = r.significance
        lines.append(f"  Time: baseline {r.baseline_us:.2f} us, yours {r.candidate_us:.2f} us (wall clock, median of "
                     f"{s.n[0]} and {s.n[1]} runs; outliers dropped {s.dropped[0]} and {s.dropped[1]}; "
                     f"Mann-Whitney U p = {s.p:.3g}, {'significant' if s.significant else 'not significant'})")
    if r.work is not None:
        lines.append(f"  Roofline ({r.bound}-bound): baseline {r.roofline_baseline:.0%}, yours "
                     f"{r.roofline_candidate:.0%} of the {r.platform} peak")
    lines += [f"  Note: {n}" for n in r.notes]
    return lines


def regression_line(r: Result, reg: dict) -> str:
    before = f"{reg['previous_throughput']:.1f} {reg['unit']}" if reg.get("previous_throughput") else ""
    commit = f", commit {reg['previous_commit']}" if reg.get("previous_commit") else ""
    return (f"Performance regression detected: {r.operator} ({r.shape}, {r.dtype}, {r.platform}): "
            f"current {r.candidate_throughput:.1f} {r.unit} ({reg['current_us']:.2f} us), previous "
            f"{before} ({reg['previous_us']:.2f} us{commit}), change {reg['change'] * 100:+.1f}% time")


def history_lines(series: dict, factor: float) -> List[str]:
    from .history import steps

    out = []
    for label, entries in series.items():
        out.append(f"{label}: {len(entries)} run(s)")
        marks = steps([e["candidate_us"] for e in entries], factor)
        prev = None
        for e, mark in zip(entries, marks):
            commit = (e.get("commit") or "-")[:18]
            tp = f"{e['candidate_throughput']:.1f} {e['unit']}"
            flag = ""
            if mark and prev:
                change = e["candidate_us"] / prev - 1.0
                flag = f"  <- {mark}: {change * 100:+.1f}% time ({'slower' if change > 0 else 'faster'})"
            out.append(f"  {e['time']}  {commit:<18}  {e['candidate_us']:10.2f} us  {tp:>16}  "
                       f"{e['ratio'] * 100:5.1f}% of baseline{flag}")
            prev = e["candidate_us"]
    return out
