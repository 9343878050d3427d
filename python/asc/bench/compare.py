"""One comparison per matched pair: times, throughputs, the ratio, the verdict.

The work of the operator is the baseline's counted work (the reference does the
work the operator needs); both throughputs are that work over each side's time,
so the ratio of throughputs is the ratio of times. Each side's own counts are
kept (`--json`), and a candidate whose counted work differs from the
baseline's by more than 1% gets a note.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional

from . import stats, verdict
from .match import Group
from .work import Roofline, Work, peaks, roofline, throughput


@dataclass
class Result:
    operator: str
    kernel: str                 # the candidate's kernel
    baseline_kernel: str
    shape: str
    dtype: str
    platform: str
    measure: str                # "model" or "wall"
    baseline_us: float
    candidate_us: float
    bound: str
    unit: str
    baseline_throughput: float
    candidate_throughput: float
    ratio: float                # candidate throughput / baseline throughput
    verdict: str                # ship / tune further / must fix / not significant
    verdict_text: str
    roofline_baseline: float    # achieved fraction of the platform roofline
    roofline_candidate: float
    work: Optional[Work]
    candidate_work: Optional[Work]
    significance: Optional[stats.Comparison] = None
    notes: List[str] = field(default_factory=list)
    candidate_samples_us: List[float] = field(default_factory=list)
    profile: dict = field(default_factory=dict)
    signature: list = field(default_factory=list)

    def key(self) -> dict:
        """What makes two results comparable over time."""
        return {"operator": self.operator, "shape": self.shape, "dtype": self.dtype, "platform": self.platform,
                "measure": self.measure}

    def to_dict(self) -> dict:
        d = dict(self.__dict__)
        d["work"] = None if self.work is None else self.work.to_dict()
        d["candidate_work"] = None if self.candidate_work is None else self.candidate_work.to_dict()
        d["significance"] = None if self.significance is None else dict(self.significance.__dict__)
        d["throughput"] = {"GFLOPS": _tp(self.work, self.baseline_us, self.candidate_us, "compute"),
                           "GB/s": _tp(self.work, self.baseline_us, self.candidate_us, "memory")}
        return d


def _tp(work, b_us, c_us, bound):
    if work is None:
        return None
    return {"baseline": throughput(work, b_us * 1e-6, bound), "candidate": throughput(work, c_us * 1e-6, bound)}


def compare(base: Group, cand: Group, measure: str, factor: float = 0.05, alpha: float = 0.05) -> Result:
    b, c = base.first, cand.first
    notes: List[str] = []
    sig = None
    if measure == "wall":
        sig = stats.compare(base.samples_us(), cand.samples_us(), factor=factor, alpha=alpha)
        b_us, c_us = sig.baseline_median, sig.candidate_median
    else:
        b_us, c_us = base.time_us(), cand.time_us()
    work = b.work or c.work
    platform = c.platform
    if work is not None:
        peak = peaks(platform, b.itemsize())
        rb: Roofline = roofline(work, b_us * 1e-6, peak)
        rc = roofline(work, c_us * 1e-6, peak)
        bound, unit = rb.bound, rb.unit
        b_tp, c_tp = throughput(work, b_us * 1e-6, bound), throughput(work, c_us * 1e-6, bound)
        fb, fc = rb.fraction, rc.fraction
    else:  # no counts (cannot happen on the Model): compare runs per second
        bound, unit = "time", "runs/s"
        b_tp, c_tp = 1e6 / b_us, 1e6 / c_us
        fb = fc = float("nan")
    ratio = c_tp / b_tp if b_tp > 0 else 0.0
    if sig is not None and not sig.significant:
        name, text = "not significant", (
            f"not significant (p = {sig.p:.3g}, factor {factor:.0%}): no difference shown; "
            "the band would be " + verdict.band(ratio))
    else:
        name, text = verdict.band(ratio), verdict.explain(ratio)
    if c.work is not None and b.work is not None and work is not None:
        for what, bw, cw in (("FLOPs", b.work.flops, c.work.flops), ("bytes", b.work.bytes, c.work.bytes)):
            if bw and abs(cw - bw) > 0.01 * bw:
                notes.append(f"your operator counts {cw / bw:.2f}x the baseline's {what} ({cw:,} vs {bw:,}); "
                             "throughput is the baseline's work over each side's time")
    if measure == "wall" and "model" in (b.backend, c.backend):
        notes.append("wall clock on the Model backend times the CPU simulation, not the chip; the timed Model "
                     "(--measure model) predicts the chip")
    if b.platform != c.platform:
        notes.append(f"the sides ran on different platforms ({b.platform} vs {c.platform})")
    return Result(operator=cand.name, kernel=c.kernel, baseline_kernel=b.kernel, shape=c.shape_label(),
                  dtype=c.dtype_label(), platform=platform, measure=measure, baseline_us=b_us, candidate_us=c_us,
                  bound=bound, unit=unit, baseline_throughput=b_tp, candidate_throughput=c_tp, ratio=ratio,
                  verdict=name, verdict_text=text, roofline_baseline=fb, roofline_candidate=fc, work=work,
                  candidate_work=c.work, significance=sig, notes=notes,
                  candidate_samples_us=cand.samples_us() if measure == "wall" else [],
                  profile=c.profile, signature=[[list(s), d] for s, d in cand.signature])
