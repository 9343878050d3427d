"""One asc-bench run: collect both sides, pair, compare, record the history."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

from ..errors import ToolError
from . import history as hist
from . import match, sides, text
from .compare import Result, compare


@dataclass
class Outcome:
    baseline: str
    candidate: str
    measure: str
    results: List[Result]
    unmatched_baseline: List[match.Group]
    unmatched_candidate: List[match.Group]
    history_path: Optional[Path]
    commit: Optional[str]
    factor: float = 0.05
    regressions: List[tuple] = field(default_factory=list)  # (result, regression dict)
    history_entries: List[dict] = field(default_factory=list)
    history_note: Optional[str] = None  # the history's damaged lines read() skipped, in one line

    def lines(self) -> List[str]:
        out = []
        for r in self.results:
            out += text.result_lines(r)
        for g in self.unmatched_candidate:
            out.append(f"Unmatched launch of your operator: {g.label()} (no baseline launch of that kernel and shape)")
        for g in self.unmatched_baseline:
            out.append(f"Unmatched launch of the baseline: {g.label()} (your operator has no launch of that shape)")
        if self.history_path is not None:
            out.append(f"History: {self.history_path}")
        return out

    def warnings(self) -> List[str]:
        notes = [self.history_note] if self.history_note else []
        return notes + [text.regression_line(r, reg) for r, reg in self.regressions]

    def to_dict(self) -> dict:
        return {"baseline": self.baseline, "candidate": self.candidate, "measure": self.measure,
                "commit": self.commit, "history": str(self.history_path) if self.history_path else None,
                "results": [r.to_dict() for r in self.results],
                "unmatched": {"baseline": [g.label() for g in self.unmatched_baseline],
                              "candidate": [g.label() for g in self.unmatched_candidate]},
                "regressions": [dict(reg, operator=r.operator, shape=r.shape) for r, reg in self.regressions]}


def run(baseline: str, candidate: str, measure: str = "model", compute: bool = True, factor: float = 0.05,
        alpha: float = 0.05, min_runs: int = 10, min_time: float = 3.0, history: Optional[str] = None,
        save_history: bool = True, timeout: float = 1800.0, progress: bool = True) -> Outcome:
    from tqdm import tqdm

    options = sides.Options(measure=measure, compute=compute, min_runs=min_runs, min_time=min_time, timeout=timeout)
    cand = sides.parse(candidate, "candidate")
    base = sides.parse(baseline, "baseline")
    hist_path = Path(history) if history else hist.default_path(cand.path)
    if hist_path.exists() and hist_path.is_dir():
        raise ToolError(f"history {hist_path} is a directory, not a file")
    # progress on a terminal only: CI logs and pipes get the result lines alone
    bar = tqdm(total=2, desc="asc-bench", unit="side", disable=not progress or not sys.stderr.isatty(), leave=False)
    try:
        bar.set_postfix_str(f"candidate {cand.spec}")
        cand_launches = sides.collect(cand, options)
        bar.update(1)
        bar.set_postfix_str(f"baseline {base.spec}")
        if base.kind == "builtin":
            from . import baselines

            base_launches = baselines.run(base.argv[0][4:], cand_launches, options)
        else:
            base_launches = sides.collect(base, options)
        bar.update(1)
    finally:
        bar.close()
    pairs, un_b, un_c = match.match(match.group(base_launches), match.group(cand_launches))
    if not pairs:
        labels = ", ".join(g.label() for g in match.group(cand_launches))
        raise ToolError(f"no launch of the candidate matches the baseline's by kernel and shape: {labels}",
                        "launch the same kernel at the same shapes on both sides")
    results = [compare(b, c, measure, factor=factor, alpha=alpha) for b, c in pairs]
    commit = hist.git_commit(cand.path.resolve() if cand.path else Path.cwd())
    out = Outcome(baseline, candidate, measure, results, un_b, un_c, hist_path if save_history else None, commit,
                  factor=factor)
    try:
        entries, skipped = hist.read(hist_path)
    except OSError as exc:
        raise ToolError(f"cannot read the history {hist_path}: {exc.strerror or exc}")
    out.history_note = hist.skipped_note(hist_path, skipped)
    for r in results:
        reg = hist.regression(r, hist.previous(entries, r.key()), factor, alpha)
        if reg is not None:
            out.regressions.append((r, reg))
    new = [hist.entry(r, commit, baseline, candidate) for r in results]
    out.history_entries = entries + new
    if save_history:
        try:
            hist.append(hist_path, new)
        except OSError as exc:
            raise ToolError(f"cannot write the history {hist_path}: {exc.strerror or exc}")
    return out
