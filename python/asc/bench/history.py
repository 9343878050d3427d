"""The regression history: one JSON line per result, appended atomically.

Where: `--history PATH`, else `.asc-bench/history.jsonl` beside the candidate's
script (or in the current directory for a module:function candidate).
Each line: the time, the git commit (when the candidate is in a git checkout),
the platform, the asc version, the result's key (operator, shape, dtype,
platform, measure) and its numbers. The file is rewritten whole through a
temporary file and os.replace, so that a failed write leaves the old history
as it was; lines that do not parse are kept as they are.

Step detection (`asc-bench history`), in the spirit of asv: walk the series in
order, keeping the median of the current segment; a point more than the factor
away from it starts a new segment when the point after it is also away from the
old level on the same side (a single outlier is not a step, and does not move
the level); the last point cannot be confirmed and is marked as a possible step.
"""

from __future__ import annotations

import datetime as _dt
import json
import subprocess
from pathlib import Path
from typing import Dict, List, Optional, Tuple

import numpy as np

from .._version import __version__

DIR_NAME = ".asc-bench"
FILE_NAME = "history.jsonl"


def default_path(candidate_script: Optional[Path]) -> Path:
    base = candidate_script.resolve().parent if candidate_script is not None else Path.cwd()
    return base / DIR_NAME / FILE_NAME


def git_commit(where: Path) -> Optional[str]:
    """The commit of the checkout holding `where` (with '+dirty' if it has changes), or None."""
    where = where if where.is_dir() else where.parent
    try:
        head = subprocess.run(["git", "rev-parse", "--short=12", "HEAD"], cwd=where, capture_output=True,
                              text=True, timeout=10)
        if head.returncode != 0:
            return None
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=where,
                               capture_output=True, text=True, timeout=10)
        return head.stdout.strip() + ("+dirty" if dirty.stdout.strip() else "")
    except (OSError, subprocess.SubprocessError):
        return None


def read(path: Path) -> Tuple[List[dict], List[str]]:
    """The entries that parse, and every raw line (kept when the file is rewritten)."""
    if not path.exists():
        return [], []
    raw = path.read_text().splitlines()
    entries = []
    for line in raw:
        try:
            e = json.loads(line)
        except ValueError:
            continue
        if isinstance(e, dict) and "key" in e:
            entries.append(e)
    return entries, raw


def append(path: Path, new: List[dict]) -> None:
    """Appends entries atomically (the old lines kept byte for byte)."""
    from ..cache import write_atomic

    path.parent.mkdir(parents=True, exist_ok=True)
    _, raw = read(path)
    lines = raw + [json.dumps(e, sort_keys=True) for e in new]
    write_atomic(path, ("\n".join(lines) + "\n").encode())


def entry(result, commit: Optional[str], baseline: str, candidate: str, when: Optional[str] = None) -> dict:
    return {"time": when or _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
            "commit": commit, "asc_version": __version__, "platform": result.platform, "key": result.key(),
            "baseline": baseline, "candidate": candidate, "kernel": result.kernel,
            "candidate_us": result.candidate_us, "baseline_us": result.baseline_us, "unit": result.unit,
            "candidate_throughput": result.candidate_throughput, "baseline_throughput": result.baseline_throughput,
            "ratio": result.ratio, "verdict": result.verdict, "samples_us": result.candidate_samples_us}


def previous(entries: List[dict], key: dict) -> Optional[dict]:
    same = [e for e in entries if e.get("key") == key]
    return same[-1] if same else None


def regression(result, prev: Optional[dict], factor: float, alpha: float) -> Optional[dict]:
    """{current, previous, change} when `result` is worse than `prev` beyond the factor (and, for
    wall-clock samples on both sides, by the U test too)."""
    if prev is None or not prev.get("candidate_us"):
        return None
    now, before = result.candidate_us, float(prev["candidate_us"])
    if now <= before * (1.0 + factor):
        return None
    if result.measure == "wall" and prev.get("samples_us") and result.candidate_samples_us:
        from .stats import compare

        if not compare(prev["samples_us"], result.candidate_samples_us, factor, alpha).significant:
            return None
    tp_before = prev.get("candidate_throughput")
    return {"current_us": now, "previous_us": before, "change": now / before - 1.0,
            "current_throughput": result.candidate_throughput, "previous_throughput": tp_before,
            "unit": result.unit, "previous_commit": prev.get("commit"), "previous_time": prev.get("time")}


def series(entries: List[dict]) -> Dict[str, List[dict]]:
    """Entries per comparable key, in file order."""
    out: Dict[str, List[dict]] = {}
    for e in entries:
        k = e["key"]
        label = f"{k['operator']} ({k['shape']}, {k['dtype']}, {k['platform']}, {_measure(k['measure'])})"
        out.setdefault(label, []).append(e)
    return out


def _measure(m: str) -> str:
    return "timed Model" if m == "model" else "wall clock"


def steps(values: List[float], factor: float) -> List[Optional[str]]:
    """Per point: None, "step" (confirmed) or "step?" (the last point, unconfirmed)."""
    marks: List[Optional[str]] = [None] * len(values)
    segment: List[float] = []
    i = 0
    while i < len(values):
        v = values[i]
        if segment:
            level = float(np.median(segment))
            away = abs(v / level - 1.0) > factor
            if away:
                up = v > level
                if i + 1 < len(values):
                    w = values[i + 1]
                    if abs(w / level - 1.0) > factor and (w > level) == up:
                        marks[i] = "step"
                        segment = [v]
                else:
                    marks[i] = "step?"
                i += 1  # an outlier stays out of the level
                continue
        segment.append(v)
        i += 1
    return marks
