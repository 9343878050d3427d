"""The statistics of the wall-clock path, with numpy only.

Outliers: the modified Z-score (Iglewicz and Hoaglin) of each sample,
    M = 0.6745 * (x - median) / MAD,   MAD = median(|x - median|);
a sample with |M| > 3.5 is an outlier and is dropped before the comparison.
When MAD is 0 (more than half the samples are equal) nothing is dropped.

Mann-Whitney U test (two-sided), baseline samples x against candidate samples y:
    U = (sum of the ranks of x in the pooled samples, ties given their mean rank)
        - n1 (n1 + 1) / 2
- exact when there are no ties and n1 * n2 <= 400 (both sides of 20 runs): the
  null distribution of U by counting, f(n1, n2, u) = f(n1 - 1, n2, u - n2) +
  f(n1, n2 - 1, u), each of the C(n1 + n2, n1) orders equally likely;
  p = 2 * P(U <= min(U, n1 n2 - U)), at most 1;
- otherwise the normal approximation with a continuity correction and the tie
  correction of the variance:
    mu = n1 n2 / 2,  sigma^2 = n1 n2 / 12 * ((n + 1) - sum(t^3 - t) / (n (n - 1))),
    z = (|U - mu| - 1/2) / sigma,  p = erfc(z / sqrt 2).

A difference counts only when the ratio of the medians passes the factor AND
p < alpha; otherwise it is reported "not significant".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence, Tuple

import numpy as np

OUTLIER_Z = 3.5
EXACT_LIMIT = 400


def modified_z(samples: Sequence[float]) -> np.ndarray:
    x = np.asarray(samples, dtype=np.float64)
    med = np.median(x)
    mad = np.median(np.abs(x - med))
    if mad == 0:
        return np.zeros_like(x)
    return 0.6745 * (x - med) / mad


def drop_outliers(samples: Sequence[float]) -> Tuple[np.ndarray, int]:
    """The samples without outliers, and how many were dropped."""
    x = np.asarray(samples, dtype=np.float64)
    keep = np.abs(modified_z(x)) <= OUTLIER_Z
    return x[keep], int((~keep).sum())


def _ranks(values: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """1-based ranks, ties at their mean rank; and the sizes of the tie groups."""
    order = np.argsort(values, kind="mergesort")
    sorted_v = values[order]
    ranks = np.empty(len(values), dtype=np.float64)
    starts = np.flatnonzero(np.r_[True, sorted_v[1:] != sorted_v[:-1]])
    ends = np.r_[starts[1:], len(values)]
    for s, e in zip(starts, ends):
        ranks[order[s:e]] = (s + 1 + e) / 2.0
    return ranks, (ends - starts)


@lru_cache(maxsize=None)
def _u_counts(n1: int, n2: int) -> Tuple[int, ...]:
    """How many of the C(n1 + n2, n1) orders give U = 0, 1, ..., n1 n2."""
    if n1 == 0 or n2 == 0:
        return (1,)
    a = _u_counts(n1 - 1, n2)
    b = _u_counts(n1, n2 - 1)
    out = [0] * (n1 * n2 + 1)
    for u, c in enumerate(a):  # largest value an x: it beats all n2 ys
        out[u + n2] += c
    for u, c in enumerate(b):  # largest value a y: it adds nothing to U
        out[u] += c
    return tuple(out)


@dataclass
class UTest:
    u: float
    p: float
    method: str  # "exact" or "normal"


def mann_whitney_u(x: Sequence[float], y: Sequence[float]) -> UTest:
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    n1, n2 = len(x), len(y)
    if n1 == 0 or n2 == 0:
        raise ValueError("Mann-Whitney U test needs samples on both sides")
    ranks, ties = _ranks(np.concatenate([x, y]))
    u = float(ranks[:n1].sum() - n1 * (n1 + 1) / 2.0)
    has_ties = bool((ties > 1).any())
    if not has_ties and n1 * n2 <= EXACT_LIMIT:
        counts = _u_counts(n1, n2)
        total = math.comb(n1 + n2, n1)
        k = int(round(min(u, n1 * n2 - u)))
        p = min(1.0, 2.0 * sum(counts[: k + 1]) / total)
        return UTest(u, p, "exact")
    n = n1 + n2
    mu = n1 * n2 / 2.0
    tie_term = float(((ties.astype(np.float64) ** 3) - ties).sum()) / (n * (n - 1))
    var = n1 * n2 / 12.0 * ((n + 1) - tie_term)
    if var <= 0:  # every sample equal
        return UTest(u, 1.0, "normal")
    z = max(0.0, abs(u - mu) - 0.5) / math.sqrt(var)
    return UTest(u, math.erfc(z / math.sqrt(2.0)), "normal")


@dataclass
class Comparison:
    baseline_median: float
    candidate_median: float
    ratio: float          # baseline median / candidate median (> 1: the candidate is faster)
    p: float
    method: str
    significant: bool     # passes both the factor and the test
    dropped: Tuple[int, int]  # outliers removed (baseline, candidate)
    n: Tuple[int, int]


def compare(baseline: Sequence[float], candidate: Sequence[float], factor: float = 0.05,
            alpha: float = 0.05) -> Comparison:
    """Baseline and candidate times (lower is better)."""
    b, db = drop_outliers(baseline)
    c, dc = drop_outliers(candidate)
    bm, cm = float(np.median(b)), float(np.median(c))
    ratio = bm / cm if cm > 0 else float("inf")
    test = mann_whitney_u(b, c)
    changed = abs(ratio - 1.0) > factor
    return Comparison(bm, cm, ratio, test.p, test.method, bool(changed and test.p < alpha), (db, dc),
                      (len(b), len(c)))
