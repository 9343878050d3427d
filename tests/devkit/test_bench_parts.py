"""asc-bench's parts on synthetic launches: bands, matching, comparison text,
history (atomic append, regressions, step detection), the roofline."""

import json
import os

import pytest

from asc.bench import compare, history, match, text, verdict
from asc.bench.launches import Launch
from asc.bench.work import Work, peaks, roofline

ARR = [{"name": "x", "shape": [1024], "dtype": "float32"}] * 3
WORK = Work(vector_elems=1024, gm_read_bytes=8192, gm_write_bytes=4096, unique_read_bytes=8192,
            unique_write_bytes=4096)


def launch(kernel="vadd", time_us=10.0, arrays=ARR, work=WORK, **kw):
    return Launch(kernel=kernel, core_num=8, arrays=arrays, platform="Ascend910B1", backend="model",
                  time_us=time_us, work=work, **kw)


def result(base_us, cand_us):
    b, c = match.group([launch(time_us=base_us)]), match.group([launch(time_us=cand_us)])
    return compare.compare(b[0], c[0], "model")


@pytest.mark.parametrize("ratio,band", [(1.2, "ship"), (0.95, "ship"), (0.9499, "tune further"),
                                        (0.90, "tune further"), (0.8999, "must fix"), (0.1, "must fix")])
def test_band_edges(ratio, band):
    assert verdict.band(ratio) == band
    assert verdict.explain(ratio).startswith(band)


@pytest.mark.parametrize("cand_us,band,rule", [(10.0, "ship", "ratio >= 95%"),
                                               (10.8, "tune further", "90% <= ratio < 95%"),
                                               (12.0, "must fix", "ratio < 90%")])
def test_each_band_through_the_comparison(cand_us, band, rule):
    r = result(10.0, cand_us)
    assert r.verdict == band and r.ratio == pytest.approx(10.0 / cand_us)
    lines = text.result_lines(r)
    assert lines[0] == "Benchmark result (vadd, 1024, float32, Ascend910B1):"
    assert lines[1].startswith("  Baseline:") and lines[1].endswith("GB/s (100.0%)")
    assert f"({r.ratio * 100:5.1f}%)" in lines[2] and lines[2].startswith("  Your operator:")
    assert lines[3].startswith("  Gap:")
    assert lines[4].startswith(f"  Verdict: {band}") and rule in lines[4]
    assert "timed Model: one run is exact" in lines[5]


def test_throughput_is_the_baselines_work_over_each_time():
    r = result(10.0, 20.0)
    # memory-bound (1024 elements, 12 KB): GB/s = bytes / time
    assert r.bound == "memory" and r.unit == "GB/s"
    assert r.baseline_throughput == pytest.approx(12288 / 10e-6 / 1e9)
    assert r.candidate_throughput == pytest.approx(12288 / 20e-6 / 1e9)
    d = r.to_dict()
    assert set(d["throughput"]) == {"GFLOPS", "GB/s"}
    assert d["throughput"]["GFLOPS"]["baseline"] == pytest.approx(1024 / 10e-6 / 1e9)


def test_more_work_on_the_candidate_is_noted():
    b = match.group([launch()])
    c = match.group([launch(work=Work(vector_elems=3072, unique_read_bytes=8192, unique_write_bytes=4096))])
    r = compare.compare(b[0], c[0], "model")
    assert any("3.00x the baseline's FLOPs" in n for n in r.notes)


def test_roofline_bound_and_fraction():
    p = peaks("Ascend910B1", 2)
    mm = Work(cube_macs=1 << 30, unique_read_bytes=4 << 20, unique_write_bytes=4 << 20)
    rf = roofline(mm, 1e-3, p)
    assert rf.bound == "compute" and rf.unit == "GFLOPS"
    assert rf.compute_s == pytest.approx(2 * (1 << 30) / p.cube_flops)
    assert rf.fraction == pytest.approx(rf.compute_s / 1e-3)
    # 16x16x16 fp16 MACs per cycle per AI Cube core, 24 of them at 1.85 GHz
    assert p.cube_flops == pytest.approx(2 * 4096 * 24 * 1.85e9)
    add = Work(vector_elems=1 << 20, unique_read_bytes=8 << 20, unique_write_bytes=4 << 20)
    rf = roofline(add, 1e-3, peaks("Ascend910B1", 4))
    assert rf.bound == "memory" and rf.memory_s == pytest.approx((8 << 20) / 1.6e12)


def test_matching_by_kernel_and_shape_then_unique_shape_and_unmatched_listed():
    other = [{"name": "x", "shape": [2048], "dtype": "float32"}] * 3
    base = match.group([launch("vadd"), launch("vadd"), launch("scale", arrays=other)])
    cand = match.group([launch("vadd"), launch("my_scale", arrays=other),
                        launch("vadd", arrays=[{"name": "x", "shape": [4096], "dtype": "float32"}] * 3)])
    pairs, un_b, un_c = match.match(base, cand)
    assert [(b.name, c.name) for b, c in pairs] == [("vadd", "vadd"), ("scale", "my_scale")]
    assert len(pairs[0][0].launches) == 2  # the same launch twice is one group
    assert un_b == [] and [g.label() for g in un_c] == ["vadd (4096, float32)"]


def test_same_shape_but_ambiguous_is_not_guessed():
    base = match.group([launch("a"), launch("b")])
    cand = match.group([launch("c")])
    pairs, un_b, un_c = match.match(base, cand)
    assert pairs == [] and len(un_b) == 2 and len(un_c) == 1


def test_history_append_is_atomic_and_keeps_every_old_line(tmp_path, monkeypatch):
    path = tmp_path / "h" / "history.jsonl"
    r = result(10.0, 10.0)
    history.append(path, [history.entry(r, "abc", "b", "c", when="t1")])
    path.write_text(path.read_text() + "not json, kept as it is\n")
    history.append(path, [history.entry(r, "abd", "b", "c", when="t2")])
    lines = path.read_text().splitlines()
    assert len(lines) == 3 and lines[1] == "not json, kept as it is"
    entries, raw = history.read(path)
    assert [e["time"] for e in entries] == ["t1", "t2"] and entries[0]["asc_version"]
    before = path.read_bytes()

    # A full disk: the append raises and the history is as it was (one O_APPEND write
    # under the lock, no temporary file; issue 25's several-writers rule).
    def failing_write(fd, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", failing_write)
    with pytest.raises(OSError):
        history.append(path, [history.entry(r, "x", "b", "c")])
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == ["history.jsonl"]  # nothing else left


def test_regression_against_the_previous_comparable_result():
    prev = history.entry(result(10.0, 10.0), "abc", "b", "c")
    slower = result(10.0, 11.0)
    reg = history.regression(slower, prev, factor=0.05, alpha=0.05)
    assert reg["change"] == pytest.approx(0.1) and reg["previous_us"] == 10.0
    line = text.regression_line(slower, reg)
    assert line.startswith("Performance regression detected: vadd (1024, float32, Ascend910B1): current ")
    assert "previous" in line and "commit abc" in line and "+10.0% time" in line
    assert history.regression(result(10.0, 10.4), prev, 0.05, 0.05) is None  # within the factor
    assert history.regression(result(10.0, 9.0), prev, 0.05, 0.05) is None   # faster
    assert history.previous([prev], slower.key()) is prev
    assert history.previous([prev], dict(slower.key(), shape="2048")) is None


def test_step_detection():
    f = 0.05
    assert history.steps([10, 10.1, 9.9, 10], f) == [None] * 4
    # a level change confirmed by the next point
    assert history.steps([10, 10, 12, 12, 12.1], f) == [None, None, "step", None, None]
    # one outlier is not a step
    assert history.steps([10, 10, 15, 10, 10], f) == [None] * 5
    # the last point cannot be confirmed
    assert history.steps([10, 10, 10, 13], f) == [None, None, None, "step?"]
    # an outlier does not move the level: the point after it is judged against the old level
    assert history.steps([72, 6, 72], f) == [None, None, None]
    assert history.steps([10, 10, 15, 10, 10, 15, 15], f) == [None] * 5 + ["step", None]
    # steps down count too
    assert history.steps([10, 10, 8, 8], f) == [None, None, "step", None]


def test_history_listing_marks_steps(tmp_path):
    es = [history.entry(result(10.0, us), "c%d" % i, "b", "c", when="t%d" % i)
          for i, us in enumerate([10.0, 10.0, 12.0, 12.0])]
    lines = text.history_lines(history.series(es), 0.05)
    assert lines[0] == "vadd (1024, float32, Ascend910B1, timed Model): 4 run(s)"
    assert "<- step: +20.0% time (slower)" in lines[3] and "step" not in lines[4]
    assert json.dumps(es)  # entries are JSON


def test_advice_from_the_profile():
    from asc.bench.advice import advice

    r = result(10.0, 40.0)
    r.profile = {"breakdown": {"hbm_read": 0.3, "hbm_write": 0.05, "sync_wait": 0.4, "scalar": 0.2},
                 "pipes_us": {"mte2": 20.0, "vec": 10.0, "mte3": 6.0}, "block_dim": 4, "overlap": 0.25,
                 "lines": [["/x/k.py", 12, 600.0, 3], ["/x/k.py", 14, 400.0, 3]]}
    text_ = "\n".join(advice(r))
    assert "HBM share 35% of the critical core's time (target >= 80% for a memory-bound kernel)" in text_
    assert "40% of the time pipes stand at a wait_flag" in text_
    assert "20% of the time is scalar work" in text_
    assert "Pipeline overlap 25% (" in text_ and "copies and compute take turns" in text_
    assert "The launch uses 4 cores" in text_
    assert "Hottest Python lines: k.py:12 (60% of the top lines' cycles, 3 calls), k.py:14 (40%" in text_
