"""The regression history: one JSON line per result, appended atomically.

Where: `--history PATH`, else `.asc-bench/history.jsonl` beside the candidate's
script (or in the current directory for a module:function candidate).
Each line: the time, the git commit (when the candidate is in a git checkout),
the platform, the asc version, the result's key (operator, shape, dtype,
platform, measure) and its numbers. A run's lines are appended in one write
under an exclusive fcntl lock on the file (O_APPEND), so that several asc-bench
processes appending at once lose nothing and never interleave; lines already
there are never rewritten. The reader validates every line (UTF-8, JSON, the
fields and their types) and skips one that is not a whole, well-typed entry
(a line cut by a crash, a hand edit), saying in one warning line how many it
skipped; the skipped lines stay in the file.

Step detection (`asc-bench history`), in the spirit of asv: walk the series in
order, keeping the median of the current segment; a point more than the factor
away from it starts a new segment when the point after it is also away from the
old level on the same side (a single outlier is not a step, and does not move
the level); the last point cannot be confirmed and is marked as a possible step.
"""

from __future__ import annotations

import datetime as _dt
import fcntl
import json
import math
import os
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


_KEY_FIELDS = ("operator", "shape", "dtype", "platform", "measure")


def _number(v, positive: bool = False) -> bool:
    ok = isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
    return ok and (v > 0 if positive else True)


def valid_entry(e) -> bool:
    """A line that the comparisons and `asc-bench history` can use: every field they read,
    of the right type (a hand-edited or foreign line must not become a traceback later)."""
    if not isinstance(e, dict) or not isinstance(e.get("key"), dict):
        return False
    if not all(isinstance(e["key"].get(k), str) for k in _KEY_FIELDS):
        return False
    if not _number(e.get("candidate_us"), positive=True):
        return False
    if not all(_number(e.get(k)) for k in ("candidate_throughput", "ratio")):
        return False
    if not isinstance(e.get("time"), str) or not isinstance(e.get("unit"), str):
        return False
    if e.get("commit") is not None and not isinstance(e["commit"], str):
        return False
    samples = e.get("samples_us")
    if samples is not None and not (isinstance(samples, list) and all(_number(x) for x in samples)):
        return False
    return True


def read(path: Path) -> Tuple[List[dict], List[int]]:
    """The valid entries, in file order, and the numbers (1-based) of the lines skipped."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return [], []
    entries, skipped = [], []
    for n, line in enumerate(data.split(b"\n"), 1):
        if not line.strip():
            continue
        try:
            e = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            e = None
        if valid_entry(e):
            entries.append(e)
        else:
            skipped.append(n)
    return entries, skipped


def skipped_note(path: Path, skipped: List[int]) -> Optional[str]:
    """The one warning line for the lines read() skipped (None when none was)."""
    if not skipped:
        return None
    shown = ", ".join(str(n) for n in skipped[:5]) + (", ..." if len(skipped) > 5 else "")
    return (f"history {path}: skipped {len(skipped)} damaged line(s) (not a whole asc-bench entry: "
            f"line {shown}); they are left in the file")


def append(path: Path, new: List[dict]) -> None:
    """Appends entries in one write under an exclusive lock (several writers lose nothing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = "".join(json.dumps(e, sort_keys=True) + "\n" for e in new).encode()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        if size:  # a last line cut by a crash must not swallow the first new one
            with open(path, "rb") as f:
                f.seek(size - 1)
                if f.read(1) != b"\n":
                    text = b"\n" + text
        view = memoryview(text)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)  # (closing releases the lock)


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
