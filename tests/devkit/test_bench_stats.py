"""asc.bench.stats and asc.bench.wall: outliers, the Mann-Whitney U test, the sampler."""

import math

import numpy as np
import pytest

from asc.bench import stats, wall


def test_modified_z_flags_only_the_outlier():
    x = [10.0, 10.1, 9.9, 10.2, 9.8, 10.0, 50.0]
    kept, dropped = stats.drop_outliers(x)
    assert dropped == 1 and 50.0 not in kept and len(kept) == 6
    # median 10.0, MAD 0.1: M = 0.6745 * 40 / 0.1
    assert stats.modified_z(x)[-1] == pytest.approx(0.6745 * 40.0 / 0.1)


def test_modified_z_with_zero_mad_drops_nothing():
    kept, dropped = stats.drop_outliers([5.0, 5.0, 5.0, 5.0, 9.0])
    assert dropped == 0 and len(kept) == 5


def test_exact_u_small_samples_by_hand():
    # fully separated 3 vs 3: U = 0, 2 of the C(6,3) = 20 orders are as extreme
    t = stats.mann_whitney_u([1, 2, 3], [4, 5, 6])
    assert (t.u, t.method) == (0.0, "exact") and t.p == pytest.approx(0.1)
    t = stats.mann_whitney_u([4, 5, 6], [1, 2, 3])
    assert t.u == 9.0 and t.p == pytest.approx(0.1)
    # interleaved: U = 4 of 9 -> two-sided p = 2 * P(U <= 4) = 2 * 10/20 -> capped at 1
    t = stats.mann_whitney_u([1, 3, 5], [2, 4, 6])
    assert t.u == 3.0 and t.p == pytest.approx(0.7)


def test_exact_distribution_counts_every_order():
    for n1, n2 in [(1, 1), (2, 3), (4, 4), (5, 7)]:
        counts = stats._u_counts(n1, n2)
        assert sum(counts) == math.comb(n1 + n2, n1)
        assert list(counts) == list(reversed(counts))  # symmetric about n1 n2 / 2


# reference values: scipy.stats.mannwhitneyu(x, y, alternative="two-sided", method=..., use_continuity=True)
# computed once while writing this test (scipy is not a dependency)
def test_against_reference_values():
    rng = np.random.default_rng(1)
    want = [(3, 3, False, 3.0, 0.7), (10, 10, False, 35.0, 0.27986100586719787),
            (10, 12, False, 50.0, 0.5386594829319289), (25, 30, False, 177.0, 0.0008427469659273405),
            (10, 10, True, 36.5, 0.3109353251739283), (8, 9, True, 25.5, 0.31096562833503316)]
    for n1, n2, tie, u, p in want:
        x = rng.normal(0, 1, n1)
        y = rng.normal(0.8, 1, n2)
        if tie:
            x, y = np.round(x, 0), np.round(y, 0)
        t = stats.mann_whitney_u(x, y)
        assert t.u == u and t.p == pytest.approx(p, rel=1e-9)
        assert t.method == ("exact" if n1 * n2 <= 400 and not tie else "normal")


def test_all_equal_samples_are_not_significant():
    t = stats.mann_whitney_u([2.0] * 12, [2.0] * 12)
    assert t.p == 1.0


def test_u_test_needs_samples():
    with pytest.raises(ValueError):
        stats.mann_whitney_u([], [1.0])


def test_compare_needs_both_factor_and_test():
    base = [100.0 + i * 0.1 for i in range(20)]
    slower = [110.0 + i * 0.1 for i in range(20)]
    c = stats.compare(base, slower, factor=0.05, alpha=0.05)
    assert c.significant and c.ratio == pytest.approx(base[10] / slower[10], rel=1e-2) and c.p < 1e-6
    # clearly different by the test, but only 2% apart: below the factor
    slightly = [102.0 + i * 0.1 for i in range(20)]
    c = stats.compare(base, slightly, factor=0.05)
    assert c.p < 0.05 and not c.significant
    # 10% apart in the medians but noise swamps it: the test does not pass
    noisy = [110.0 + (i % 5 - 2) * 40.0 for i in range(10)]
    c = stats.compare(base[:10], noisy, factor=0.05)
    assert abs(c.ratio - 1) > 0.05 and c.p >= 0.05 and not c.significant


class Clock:
    """A run's end is `step` seconds after its start."""

    def __init__(self, step):
        self.t, self.step, self.calls = 0.0, step, 0

    def __call__(self):
        self.calls += 1
        if self.calls % 2 == 0:
            self.t += self.step
        return self.t


def test_sampler_runs_at_least_min_runs_and_min_time_after_a_warmup():
    runs = []
    s = wall.sample(lambda: runs.append(1), timer=Clock(0.125), min_runs=10, min_time=3.0)
    # 0.125 s per run: 3 s needs 24 runs (> 10), plus one warm-up run not counted
    assert len(s) == 24 and len(runs) == 25 and s == [0.125] * 24
    s = wall.sample(lambda: None, timer=Clock(1.0), min_runs=10, min_time=3.0)
    assert len(s) == 10  # slow runs: the run count decides
    s = wall.sample(lambda: None, timer=Clock(1e-6), min_runs=10, min_time=3.0, max_runs=50)
    assert len(s) == 50  # capped


def test_sampler_uses_the_replaceable_clock(monkeypatch):
    monkeypatch.setattr(wall, "clock", Clock(0.5))
    assert wall.sample(lambda: None, min_runs=4, min_time=0.0) == [0.5] * 4
