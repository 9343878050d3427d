"""asc-bench end to end: module:function sides in this process (the timed Model
and, with a fake clock, the wall-clock statistics), the CLI's output, exit codes,
history, regressions and reports."""

import json

import pytest

import bench_sides
from asc.bench import baselines, sides, wall
from asc.bench.launches import Launch
from asc.bench.work import Work
from asc.bench import cli as bench


def run(capsys, *argv):
    code = bench.TOOL.run(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def info(out):
    return [l[len("[INFO] "):] for l in out.splitlines() if l.startswith("[INFO] ")]


def test_help(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "asc-bench --baseline BASELINE CANDIDATE" in out and "--fail-under" in out


def test_same_kernel_ships_and_history_is_written(capsys, tmp_path):
    h = tmp_path / "history.jsonl"
    code, out, err = run(capsys, "--baseline", "bench_sides:tuned_side", "bench_sides:tuned_side",
                         "--history", str(h), "--fail-under", "95")
    assert code == 0, err
    lines = info(out)
    assert lines[0] == "Benchmark result (vadd, 393216, float32, Ascend910B1):"
    assert lines[2].endswith("GB/s (100.0%)") and "Your operator:" in lines[2]
    assert lines[4] == "  Verdict: ship (ratio >= 95%)"
    assert "timed Model: one run is exact" in lines[5]
    (entry,) = [json.loads(l) for l in h.read_text().splitlines()]
    assert entry["key"] == {"operator": "vadd", "shape": "393216", "dtype": "float32", "platform": "Ascend910B1",
                            "measure": "model"}
    assert entry["asc_version"] and "commit" in entry and entry["verdict"] == "ship"


def test_naive_must_fix_fails_under_and_regression_is_warned(capsys, tmp_path):
    h = str(tmp_path / "history.jsonl")
    assert run(capsys, "--baseline", "bench_sides:tuned_side", "bench_sides:tuned_side", "--history", h)[0] == 0
    code, out, err = run(capsys, "--baseline", "bench_sides:tuned_side", "bench_sides:naive_side",
                         "--history", h, "--fail-under", "95")
    assert code == 3
    assert "  Verdict: must fix (ratio < 90%): check the algorithm and the memory access pattern" in info(out)
    warn = [l for l in err.splitlines() if l.startswith("[WARNING]")]
    assert len(warn) == 1 and warn[0].startswith("[WARNING] Performance regression detected: vadd (393216")
    assert "current" in warn[0] and "previous" in warn[0] and "change +" in warn[0]
    assert "[ERROR] a result is below --fail-under 95%" in err
    # history subcommand: the series with the step the naive run made (unconfirmed: the last point)
    code, out, _ = run(capsys, "history", "--history", h)
    lines = info(out)
    assert code == 0 and lines[0].startswith("vadd (393216, float32, Ascend910B1, timed Model): 2 run(s)")
    assert "step?" in lines[2]


def test_tune_further_band_end_to_end(capsys, tmp_path, monkeypatch):
    """The 90-95% band through the whole tool (collection replaced by fixed launches)."""
    arrays = [{"name": "x", "shape": [4096], "dtype": "float16"}] * 3
    work = Work(vector_elems=4096, unique_read_bytes=16384, unique_write_bytes=8192)

    def fake_collect(side, options):
        us = 10.0 if side.role == "baseline" else 10.0 / 0.92
        return [Launch("k", 8, arrays, "Ascend910B1", "model", time_us=us, work=work)]

    monkeypatch.setattr(sides, "collect", fake_collect)
    code, out, _ = run(capsys, "--baseline", "x:y", "a:b", "--history", str(tmp_path / "h"), "--fail-under", "90")
    assert code == 0
    assert "  Verdict: tune further (90% <= ratio < 95%): check the tiling and the pipeline" in info(out)
    assert "( 92.0%)" in info(out)[2]


def test_unmatched_launch_is_listed(capsys, tmp_path):
    code, out, _ = run(capsys, "--baseline", "bench_sides:tuned_side", "bench_sides:tuned_twice_other_shape",
                       "--history", str(tmp_path / "h"))
    assert code == 0
    assert ("Unmatched launch of your operator: vadd (786432, float32) (no baseline launch of that kernel and "
            "shape)") in info(out)


def test_json_output(capsys, tmp_path):
    code, out, _ = run(capsys, "--json", "--baseline", "bench_sides:tuned_side", "bench_sides:naive_side",
                       "--history", str(tmp_path / "h"))
    d = json.loads(out)
    (r,) = d["results"]
    assert code == 0 and r["verdict"] == "must fix" and r["bound"] == "memory"
    assert r["throughput"]["GB/s"]["candidate"] == pytest.approx(r["candidate_throughput"])
    assert r["throughput"]["GFLOPS"]["baseline"] > 0
    assert r["work"]["vector_elems"] == 393216 and r["work"]["unique_read_bytes"] == 2 * 393216 * 4


def test_reference_kernel_baseline(capsys, tmp_path):
    code, out, err = run(capsys, "--baseline", "asc:add", "bench_sides:tuned_side", "--history",
                         str(tmp_path / "h"))
    assert code == 0, err
    assert info(out)[0] == "Benchmark result (add, 393216, float32, Ascend910B1):"


# -- the statistics path, with the fake clock of bench_sides --------------------------------
@pytest.fixture
def fake_clock(monkeypatch):
    clock = bench_sides.FakeClock()
    monkeypatch.setattr(wall, "clock", clock)
    return clock


def test_wall_clock_significant_slowdown(capsys, tmp_path, fake_clock):
    code, out, err = run(capsys, "--measure", "wall", "--min-time", "0.001", "--baseline", "bench_sides:wall_fast",
                         "bench_sides:wall_slow", "--history", str(tmp_path / "h"))
    assert code == 0, err
    lines = info(out)
    assert lines[4] == "  Verdict: must fix (ratio < 90%): check the algorithm and the memory access pattern"
    # 11 runs each after the warm-up (the 7th is a 10x outlier, dropped): medians 1000 and 1250 us
    assert "Time: baseline 1000.00 us, yours 1250.00 us (wall clock, median of 9 and 9 runs" in lines[5]
    assert "outliers dropped 1 and 1" in lines[5] and ", significant)" in lines[5]
    assert "( 80.0%)" in lines[2]
    assert any("wall clock on the Model backend times the CPU simulation" in l for l in lines)


def test_wall_clock_not_significant(capsys, tmp_path, fake_clock):
    code, out, _ = run(capsys, "--measure", "wall", "--min-time", "0.001", "--fail-under", "95",
                       "--baseline", "bench_sides:wall_fast", "bench_sides:wall_fast_noisy",
                       "--history", str(tmp_path / "h"))
    lines = info(out)
    assert code == 0  # no difference shown: --fail-under does not fail it
    assert lines[4].startswith("  Verdict: not significant (p = ") and "no difference shown" in lines[4]
    assert "not significant)" in lines[5]


# -- bad input: one [ERROR] line, non-zero exit, history untouched ----------------------------
@pytest.mark.parametrize("argv,message", [
    (["--baseline", "bench_sides:tuned_side", "bench_sides:nothing"],
     "[ERROR] the candidate bench_sides:nothing launched no kernel"),
    (["--baseline", "bench_sides:broken", "bench_sides:tuned_side"],
     "[ERROR] the baseline bench_sides:broken raised: RuntimeError: baseline exploded"),
    (["--baseline", "bench_sides:tuned_side", "no_such_dir/cand.py"],
     "[ERROR] candidate script not found: no_such_dir/cand.py (No such file or directory)"),
    (["--baseline", "no_such_module_xyz:f", "bench_sides:tuned_side"],
     "[ERROR] the baseline no_such_module_xyz:f: cannot import no_such_module_xyz"),
    (["--baseline", "asc:nope", "bench_sides:tuned_side"], "[ERROR] unknown reference kernel asc:nope"),
    (["--baseline", "asc:matmul", "bench_sides:tuned_side"],
     "[ERROR] no launch of the candidate fits the reference kernel asc:matmul"),
    (["bench_sides:tuned_side"], "[ERROR] no baseline: pass --baseline BASELINE"),
    (["--baseline", "asc:add"], "[ERROR] no candidate"),
    (["--baseline", "asc:add", "bench_sides:tuned_side", "--report", "pdf"], "[ERROR] --report pdf: say markdown"),
    (["--baseline", "asc:add", "bench_sides:tuned_side", "--report", "html", "no_such_dir/r.html"],
     "[ERROR] report no_such_dir/r.html: the folder no_such_dir does not exist"),
    (["--baseline", "asc:add", "bench_sides:tuned_side", "--report", "markdown"],
     "[ERROR] --report markdown needs a FILE after the candidate"),
    (["--baseline", "asc:add", "a:b", "c:d"], "[ERROR] one candidate expected, got 2: a:b c:d"),
    (["--baseline", "asc:add", "bench_sides:tuned_side", "--min-runs", "1"], "[ERROR] --min-runs must be at least 2"),
    (["--baseline", "asc:add", "bench_sides:tuned_side", "--measure", "fast"], "[ERROR] flag --measure="),
    (["--baseline", "bench_sides:tuned_side", "asc:add"], "[ERROR] asc:add names a reference kernel"),
    (["--baseline", "bench_sides:tuned_side", "bench_sides:no_such_function"],
     "[ERROR] the candidate bench_sides:no_such_function: bench_sides has no function 'no_such_function'"),
])
def test_bad_input_is_one_error_line(capsys, tmp_path, argv, message):
    h = tmp_path / "history.jsonl"
    h.write_text('{"kept": true}\n')
    code, out, err = run(capsys, *argv, "--history", str(h))
    errors = [l for l in err.splitlines() if l.startswith("[ERROR]")]
    assert code == 1 and len(errors) == 1 and errors[0].startswith(message), err
    assert "Traceback" not in err
    assert h.read_text() == '{"kept": true}\n'


def test_matmul_reference_is_compute_bound_in_gflops(capsys, tmp_path):
    code, out, err = run(capsys, "--timing-only", "--baseline", "asc:matmul", "bench_sides:matmul_reference_side",
                         "--history", str(tmp_path / "h"))
    lines = info(out)
    assert code == 0, err
    assert lines[0] == "Benchmark result (matmul, 1024x1024x1024, float16/float32, Ascend910B1):"
    assert lines[1].endswith("GFLOPS (100.0%)") and lines[4] == "  Verdict: ship (ratio >= 95%)"
    assert lines[6].startswith("  Roofline (compute-bound): baseline ")
    base, yours = (int(w.rstrip("%,")) for w in lines[6].split()[3:6:2])
    assert base == yours >= baselines.ROOFLINE["matmul"][1] * 100


def test_example_matmul_against_the_reference(capsys, tmp_path):
    code, out, err = run(capsys, "--json", "--baseline", "asc:matmul", "bench_sides:matmul_example_side",
                         "--history", str(tmp_path / "h"))
    (r,) = json.loads(out)["results"]
    assert code == 0, err
    assert (r["operator"], r["shape"], r["kernel"], r["baseline_kernel"]) == (
        "matmul", "512x256x128", "matmul_kernel", "matmul_panel_kernel")
    assert r["work"]["cube_macs"] == 512 * 256 * 128 == r["candidate_work"]["cube_macs"]


def test_a_reference_kernel_that_fails_is_one_error(capsys, tmp_path, monkeypatch):
    from asc.bench import baselines

    def failing(arrays):
        def make(cores):
            raise RuntimeError("reference broke")
        return baselines.Workload("add", "393216", make)

    monkeypatch.setitem(baselines.RECOGNIZE, "add", failing)
    h = tmp_path / "h.jsonl"
    code, _, err = run(capsys, "--baseline", "asc:add", "bench_sides:tuned_side", "--history", str(h))
    assert code == 1 and err.splitlines() == [(
        "[ERROR] the baseline asc:add failed at 393216: RuntimeError: reference broke")]
    assert not h.exists()


def test_wall_clock_regression_needs_the_test_too(capsys, tmp_path, fake_clock):
    h = str(tmp_path / "h.jsonl")
    common = ["--measure", "wall", "--min-time", "0.001", "--history", h, "--baseline", "bench_sides:wall_fast"]
    assert run(capsys, *common, "bench_sides:wall_fast")[0] == 0
    code, _, err = run(capsys, *common, "bench_sides:wall_fast_noisy")  # same median, noisy: no regression
    assert code == 0 and "[WARNING]" not in err
    code, _, err = run(capsys, *common, "bench_sides:wall_slow")  # 25% slower than the noisy run, not shown
    assert code == 0 and "[WARNING]" not in err
    assert run(capsys, *common, "bench_sides:wall_fast")[0] == 0
    code, _, err = run(capsys, *common, "bench_sides:wall_slow")  # against the quiet run: shown
    warn = [l for l in err.splitlines() if l.startswith("[WARNING]")]
    assert code == 0 and len(warn) == 1 and "current 3.8 GB/s (1250.00 us)" in warn[0] and "change +25." in warn[0]
    code, out, _ = run(capsys, "history", "--json", "--history", h)
    (series,) = json.loads(out).values()
    assert [e["key"]["measure"] for e in series] == ["wall"] * 5
    assert [e["step"] for e in series] == [None, None, None, None, "step?"]
    assert all(len(e["samples_us"]) == 10 for e in series)  # every run kept (outliers too)


def test_work_of_a_launch_off_the_model_is_counted_on_the_model():
    """The NPU path's second half: the same call launched once on the Model, timing only, the
    backend selection restored afterwards."""
    import numpy as np

    from types import SimpleNamespace

    from asc.bench import collect
    from asc.runtime import config

    x = np.ones(bench_sides.N, np.float32)
    z = np.zeros_like(x)
    launch = bench_sides.tuned.vadd[bench_sides.tuned.CORES]
    was = (config.backend, config.platform, config.generation)
    # (the collector's exit hook hands it the launch's context: the call is what it re-launches)
    lp = collect._on_model(SimpleNamespace(call=(launch, (x, x, z, bench_sides.N), {})))
    assert lp.compute is False and lp.kernel == "vadd"
    assert collect.count(lp).vector_elems == bench_sides.N
    assert not z.any()  # timing only: the output is not written
    assert (config.backend, config.platform) == was[:2] and config.generation > was[2]
