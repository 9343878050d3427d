"""Pairs the launches of the two sides: by kernel and shape, never by guess.

Launches of one kernel at one signature (the shapes and dtypes of the array
arguments) form a group; a side that launches the same call several times gives
one group with several launches. Groups pair up
  1. by kernel name (or the operator a reference kernel stands for) and signature;
  2. then by signature alone, where exactly one remaining group on each side has
     it (a naive and a tuned kernel of different names at the same shapes).
Everything left over is listed as unmatched.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Tuple

import numpy as np

from .launches import Launch


@dataclass
class Group:
    name: str
    signature: Tuple
    launches: List[Launch] = field(default_factory=list)

    @property
    def first(self) -> Launch:
        return self.launches[0]

    def time_us(self) -> float:
        """The timed Model's time: every launch of the group predicts the same (median kept)."""
        times = [l.time_us for l in self.launches if l.time_us is not None]
        return float(np.median(times)) if times else float("nan")

    def samples_us(self) -> List[float]:
        return [s for l in self.launches for s in l.samples_us]

    def label(self) -> str:
        l = self.first
        return f"{self.name} ({l.shape_label()}, {l.dtype_label()})"


def group(launches: List[Launch]) -> List[Group]:
    out: Dict[Tuple, Group] = {}
    for l in launches:
        key = (l.name(), l.signature())
        out.setdefault(key, Group(l.name(), l.signature())).launches.append(l)
    return list(out.values())


def match(baseline: List[Group], candidate: List[Group]):
    """Returns (pairs [(baseline group, candidate group)], unmatched baseline, unmatched candidate)."""
    pairs = []
    base_left = list(baseline)
    cand_left = []
    for c in candidate:
        hit = next((b for b in base_left if b.name == c.name and b.signature == c.signature), None)
        if hit is None:
            cand_left.append(c)
        else:
            base_left.remove(hit)
            pairs.append((hit, c))
    for c in list(cand_left):
        same_b = [b for b in base_left if b.signature == c.signature]
        same_c = [x for x in cand_left if x.signature == c.signature]
        if len(same_b) == 1 and len(same_c) == 1:
            base_left.remove(same_b[0])
            cand_left.remove(c)
            pairs.append((same_b[0], c))
    order = {id(c): i for i, c in enumerate(candidate)}
    pairs.sort(key=lambda p: order[id(p[1])])
    return pairs, base_left, cand_left
