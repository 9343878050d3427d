"""asc-profile: collecting a .prof (ASC_PROFILE=1, `run`), the analysis and its
flags, export, and the errors users hit. The profile comes from data/tune_kernel.py
(two launches: the autotuned tiled add of examples/06_autotune with its naive config, the
vadd of examples/01_add)."""

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from asc.profiler import cli as tool
from asc.profiler import analysis, store

DATA = Path(__file__).resolve().parent / "data"
SCRIPT = DATA / "tune_kernel.py"
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "06_autotune" / "tiled_add.py"
ROOT = Path(__file__).resolve().parents[2]


def _env(**extra):
    env = dict(os.environ, **extra)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python")] + sys.path)
    return env


@pytest.fixture(scope="module")
def prof_path(tmp_path_factory):
    """ASC_PROFILE=1 python tune_kernel.py, run in a fresh folder: leaves tune_kernel.prof there."""
    d = tmp_path_factory.mktemp("collect")
    r = subprocess.run([sys.executable, str(SCRIPT)], cwd=d, env=_env(ASC_PROFILE="1"), capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "tune_kernel: ok" in r.stdout
    path = d / "tune_kernel.prof"
    assert path.is_file() and sorted(p.name for p in d.iterdir()) == ["tune_kernel.prof"]
    return path


def _run(capsys, *argv):
    rc = tool.run([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


# ------------------------------------------------------------------------------------------ collect

def test_prof_records_each_launch_for_timing_only_reruns(prof_path):
    prof = store.load(prof_path)
    assert prof.meta["format"] == "asc-profile" and prof.meta["format_version"] == "1"
    assert [sl.kernel for sl in prof.launches] == ["tiled_add", "vadd"]
    tiled, plain = prof.launches
    spec = tiled.spec
    assert spec["file"] == str(EXAMPLE) and spec["qualname"] == "tiled_add" and spec["grid"] == 2
    assert spec["platform"] == "Ascend910B1"
    assert spec["params"] == [
        {"name": "x", "kind": "array", "dtype": "float32", "shape": [8192]},
        {"name": "y", "kind": "array", "dtype": "float32", "shape": [8192]},
        {"name": "z", "kind": "array", "dtype": "float32", "shape": [8192]},
        {"name": "block_length", "kind": "scalar", "type": "int", "value": 4096},
        {"name": "tile", "kind": "const", "value": 256},
        {"name": "buffers", "kind": "const", "value": 1}]
    assert "AscendC::" in spec["ascendc"]["source"] or "__aicore__" in spec["ascendc"]["source"]
    assert spec["autotune"]["config"] == {"tile": 256, "buffers": 1}
    assert len(spec["autotune"]["configs"]) == 5 and spec["autotune"]["key"] == ["block_length"]
    assert "autotune" not in plain.spec and plain.spec["grid"] == 1
    # the Python lines are kept as they were
    assert "asc.data_copy" in prof.source_line(str(EXAMPLE), tiled.summary["lines"][0][1])


def test_stored_launch_is_the_launch_the_library_times(prof_path):
    """The .prof's figures equal an in-process asc.profile() of the same launch."""
    import asc
    sys.path.insert(0, str(DATA))
    try:
        import tune_kernel as tk
    finally:
        sys.path.remove(str(DATA))
    x, y, z = tk.inputs()
    with asc.profile() as p:
        tk.tiled.fn[tk.CORES](x, y, z, tk.BLOCK, tile=256, buffers=1)
    np.testing.assert_allclose(z, x + y)
    lp = p.launches[-1]
    stored = store.load(prof_path).launches[0]
    assert stored.total_us == lp.total_us
    assert stored.summary["breakdown"] == lp.breakdown
    rebuilt = stored.profile()  # the full LaunchProfile again, from the stored arrays alone
    assert rebuilt.total_us == lp.total_us and rebuilt.lines == lp.lines
    assert rebuilt.sim.slices == lp.sim.slices


def test_run_command_writes_the_named_prof(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rc, out, err = _run(capsys, "run", "-o", tmp_path / "out.prof", "--", "python", SCRIPT)
    assert rc == 0, err
    assert f"[INFO] Profile written: {tmp_path / 'out.prof'} (2 launches)" in out
    assert len(store.load(tmp_path / "out.prof").launches) == 2


def test_run_reports_a_failing_program(tmp_path, capsys):
    bad = tmp_path / "bad.py"
    bad.write_text("raise SystemExit(3)\n")
    rc, out, err = _run(capsys, "run", "-o", tmp_path / "bad.prof", "--", "python", bad)
    assert rc == 3
    assert err.splitlines()[-1] == "[ERROR] the program exited with code 3"


def test_run_keeps_the_launches_before_a_failure(tmp_path, capsys):
    failing = tmp_path / "failing.py"
    failing.write_text(f"import sys; sys.path.insert(0, {str(DATA)!r})\n"
                       "import numpy as np, tune_kernel as tk\n"
                       "x = np.ones(4096, np.float32); w = np.zeros_like(x)\n"
                       "tk.vadd[1](x, x, w, 4096)\n"
                       "raise SystemExit(3)\n")
    rc, out, err = _run(capsys, "run", "-o", tmp_path / "f.prof", "--", "python", failing)
    assert rc == 3
    assert err.splitlines()[-2:] == ["[ERROR] the program exited with code 3",
                                     f"[INFO] 1 launch(es) before the failure are in {tmp_path / 'f.prof'}"]
    assert [sl.kernel for sl in store.load(tmp_path / "f.prof").launches] == ["vadd"]


def test_child_processes_append_to_the_parents_profile(tmp_path, capsys):
    """A profiled script that starts a worker process launching kernels: the worker inherits
    ASC_PROFILE and adds its launches to the parent's file instead of replacing it."""
    head = f"import subprocess, sys; sys.path.insert(0, {str(DATA)!r})\nimport numpy as np, tune_kernel as tk\n"
    child = tmp_path / "child.py"
    child.write_text(head + "x = np.ones(8192, np.float32); w = np.zeros_like(x); tk.vadd[2](x, x, w, 4096)\n")
    parent = tmp_path / "parent.py"
    parent.write_text(head + "x = np.ones(4096, np.float32); w = np.zeros_like(x); tk.vadd[1](x, x, w, 4096)\n"
                      f"subprocess.run([sys.executable, {str(child)!r}], check=True)\n")
    rc, out, err = _run(capsys, "run", "-o", tmp_path / "p.prof", "--", "python", parent)
    assert rc == 0, err
    assert [sl.spec["grid"] for sl in store.load(tmp_path / "p.prof").launches] == [1, 2]


def test_run_timing_only_and_what_if(tmp_path, capsys):
    """--timing-only runs the launches without their data (the script's output array stays as
    it was), --set times them with other parameter values; both recorded in the .prof."""
    script = tmp_path / "one.py"
    script.write_text(f"import sys; sys.path.insert(0, {str(DATA)!r})\n"
                      "import numpy as np, tune_kernel as tk\n"
                      "x = np.ones(8192, np.float32); w = np.zeros_like(x); tk.vadd[2](x, x, w, 4096)\n"
                      "print('sum', w.sum())\n")
    rc, out, err = _run(capsys, "run", "-o", tmp_path / "a.prof", "--", "python", script)
    assert rc == 0, err
    rc, out, err = _run(capsys, "run", "--timing-only", "--set", "gm_head_cycles=4000", "-o", tmp_path / "b.prof",
                        "--", "python", script)
    assert rc == 0, err
    a, b = (store.load(tmp_path / f"{n}.prof").launches[0].summary for n in "ab")
    assert a["compute"] is True and b["compute"] is False
    assert b["overrides"] == {"gm_head_cycles": 4000.0} and a["overrides"] == {}
    assert b["total_us"] > a["total_us"]


@pytest.mark.parametrize("argv, message", [
    (["run", "--set", "gm_head=1", "--", "python", "x.py"],
     "[ERROR] --set: unknown cycle-model parameter gm_head (the platform file's names, e.g. aic_cores, aiv_cores, "
     "burst_overhead_bytes)"),
    (["run", "--set", "gm_head_cycles", "--", "python", "x.py"],
     "[ERROR] --set='gm_head_cycles': 'gm_head_cycles' is not name=number"),
    (["x.prof", "--timing-only"],
     "[ERROR] --timing-only and --set go with `asc-profile run` (they choose how the launches run)"),
])
def test_run_flags_errors_are_one_line(capsys, argv, message):
    rc, out, err = _run(capsys, *argv)
    assert rc == 1 and err.splitlines()[0] == message


def test_run_without_launches_says_so(tmp_path, capsys):
    quiet = tmp_path / "quiet.py"
    quiet.write_text("import asc\n")
    rc, out, err = _run(capsys, "run", "-o", tmp_path / "q.prof", "--", "python", quiet)
    assert rc == 1 and err.startswith("[ERROR] the program made no Model launch")


# ------------------------------------------------------------------------------------------ analyse

def test_report_text(prof_path, capsys):
    rc, out, err = _run(capsys, prof_path)
    assert rc == 0, err
    lines = out.splitlines()
    assert all(line.startswith("[INFO] ") for line in lines)
    prof = store.load(prof_path)
    total = prof.launches[0].total_us
    assert "[INFO] Operator: tiled_add (block_length=4096, tile=256, buffers=1, float32) on Ascend910B1, 2 cores" in lines
    assert f"[INFO] Total time: {total:.2f} us" in lines
    assert "[INFO] Operator: vadd (block_length=4096, float32) on Ascend910B1, 1 cores" in lines
    first = lines[lines.index("[INFO] Breakdown:") + 1:lines.index("[INFO] Diagnosis:")]
    labels = [r.split(":")[0].strip(" [INFO]-") for r in first]
    assert labels[:4] == ["Compute (Vector Unit)", "HBM Read", "HBM Write", "Sync Wait"]
    # 1 KB copies: a head latency each, the two reads' overlapping: reads and the write weigh about the same
    assert sum("<- bottleneck" in r for r in first) == 1 and "HBM " in next(r for r in first if "<-" in r)
    us = [float(r.split(":")[1].split("us")[0]) for r in first]
    assert abs(sum(us) - total) < 0.05  # the rows (incl. launch overhead) add up to the total
    assert any("Memory-bound" in r and "mte2 / max(cube, vec) > 1" in r for r in lines)
    assert any("Double buffering" in r for r in lines)
    hot = lines.index("[INFO] Hottest Python lines:")
    assert "tiled_add.py:" in lines[hot + 1] and "asc.data_copy(" in lines[hot + 1]


def test_top_json_pipeline_and_lines(prof_path, capsys):
    rc, out, err = _run(capsys, prof_path, "--top", "1", "--json", "--pipeline-report", "--lines")
    assert rc == 0, err
    data = json.loads(out)
    prof = store.load(prof_path)
    hottest = max(prof.launches, key=lambda sl: sl.total_us)
    assert [d["id"] for d in data["launches"]] == [hottest.id]
    d = data["launches"][0]
    assert abs(sum(r["share"] for r in d["breakdown"]) - 1) < 1e-3
    p = d["pipeline"]
    assert set(p["utilisation"]) >= {"Matrix (cube)", "Vector", "MTE2 (GM->local)", "MTE3 (local->GM)", "Scalar"}
    assert p["overlap"] == pytest.approx(0.0, abs=1e-9)  # one buffer: copies and adds never run together
    assert any("below 50%" in a for a in p["advice"])
    calls = {(r["line"]): r["calls"] for r in d["lines"]}
    assert len(d["lines"]) == len(hottest.summary["lines"]) and 32 in calls.values()  # 4096/256 = 16 tiles per core, 2 cores
    assert abs(sum(r["share"] for r in d["lines"]) - 1) < 1e-9


def test_pipeline_report_text(prof_path, capsys):
    rc, out, _ = _run(capsys, prof_path, "--pipeline-report", "--top", "1")
    assert rc == 0
    assert "[INFO]   - Overlap (compute with data movement): 0.0%" in out
    assert "the pipeline is not overlapping" in out


def test_overlap_measure():
    a = analysis._busy_together
    # A busy [0,4), B busy [2,6) and [8,9): 4, 5, together 2
    assert a(np.array([0.0]), np.array([4.0]), np.array([2.0, 8.0]), np.array([6.0, 9.0])) == (4.0, 5.0, 2.0)
    # overlapping spans of one side count once
    assert a(np.array([0.0, 1.0]), np.array([3.0, 2.0]), np.array([]), np.array([])) == (3.0, 0.0, 0.0)


def test_plots_and_html(prof_path, tmp_path, capsys):
    tl, rl, page = tmp_path / "timeline.png", tmp_path / "roofline.png", tmp_path / "report.html"
    rc, out, err = _run(capsys, prof_path, "--plot", tl, "--plot", rl, "--html", page)
    assert rc == 0, err
    for png in (tl, rl):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    assert f"[INFO] Plot written: {tl}" in out and f"[INFO] Report written: {page}" in out
    text = page.read_text()
    assert text.count("data:image/png;base64,") == 2 and "src=\"http" not in text
    assert "tiled_add (block_length=4096" in text and "bottleneck" in text


def test_export(prof_path, tmp_path, capsys):
    rc, out, err = _run(capsys, "export", prof_path, "-o", tmp_path / "files")
    assert rc == 0, err
    dirs = sorted(p.name for p in (tmp_path / "files").iterdir())
    assert dirs == ["0001_tiled_add", "0002_vadd"]
    info = (tmp_path / "files" / "0001_tiled_add" / "OpBasicInfo.csv").read_text().splitlines()
    col = info[0].split(",").index("Task Duration(us)")
    assert float(info[1].split(",")[col]) == pytest.approx(store.load(prof_path).launches[0].total_us, abs=1e-3)
    assert (tmp_path / "files" / "0001_tiled_add" / "trace.json").is_file()
    assert (tmp_path / "files" / "0001_tiled_add" / "core0.veccore0").is_dir()


# ------------------------------------------------------------------------------------------ errors

def test_missing_file(tmp_path, capsys):
    path = tmp_path / "my_test.prof"
    rc, out, err = _run(capsys, path)
    assert rc == 1 and out == ""
    lines = err.splitlines()
    assert lines[0] == f"[ERROR] Failed to load profile data: {path} (No such file or directory)"
    assert lines[1].startswith("[INFO] run the program with ASC_PROFILE=1 first") and len(lines) == 2


def test_corrupt_and_foreign_files(tmp_path, capsys):
    junk = tmp_path / "junk.prof"
    junk.write_bytes(b"\x00garbage" * 100)
    rc, _, err = _run(capsys, junk)
    assert rc == 1 and "not an asc profile (not an SQLite file" in err.splitlines()[0]
    other = tmp_path / "other.prof"
    db = sqlite3.connect(other)
    db.execute("CREATE TABLE t(x)")
    db.commit()
    db.close()
    rc, _, err = _run(capsys, other)
    assert rc == 1 and "an SQLite file but not an asc profile" in err.splitlines()[0]


def test_truncated_prof(prof_path, tmp_path, capsys):
    cut = tmp_path / "cut.prof"
    cut.write_bytes(prof_path.read_bytes()[:3000])
    rc, _, err = _run(capsys, cut)
    assert rc == 1 and err.startswith(f"[ERROR] Failed to load profile data: {cut} (")


def test_usage_version_and_bad_arguments(prof_path, capsys):
    rc, out, _ = _run(capsys)
    assert rc == 2 and out.startswith("usage: asc-profile")
    rc, out, _ = _run(capsys, "--version")
    assert rc == 0 and out.startswith("asc-profile ") and "platform data" in out
    rc, _, err = _run(capsys, prof_path, prof_path)
    assert rc == 1 and err.startswith("[ERROR] expected one profile file, got 2")
    rc, _, err = _run(capsys, prof_path, "--top", "-1")
    assert rc == 1 and err.startswith("[ERROR]")
    rc, _, err = _run(capsys, prof_path, "--bogus")
    assert rc == 1 and err.startswith("[ERROR] Unknown command line flag 'bogus'")
    rc, _, err = _run(capsys, "export", prof_path)
    assert rc == 1 and err.startswith("[ERROR] export needs the folder to write: -o DIR")


def test_console_script_entry(prof_path):
    """python -m asc.profiler.cli runs the same tool through absl.app (the console script's path)."""
    r = subprocess.run([sys.executable, "-m", "asc.profiler.cli", str(prof_path), "--top", "1"],
                       capture_output=True, text=True, env=_env(), timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("[INFO] Operator: tiled")
    r = subprocess.run([sys.executable, "-m", "asc.profiler.cli", "nope.prof"], capture_output=True, text=True,
                       env=_env(), timeout=120)
    assert r.returncode == 1 and r.stderr.startswith("[ERROR] Failed to load profile data: nope.prof")


def test_retime_from_the_stored_spec_alone(prof_path):
    """The recorded Ascend C, shapes, scalars and grid re-run in timing-only mode: the same
    prediction, without the data or the Python module."""
    from asc.profiler import retime

    for sl in store.load(prof_path).launches:
        lp = retime.retime(sl.spec)
        assert lp.total_us == sl.total_us and not lp.compute and lp.kernel == sl.kernel
    first = store.load(prof_path).launches[0]
    other = retime.retime(first.spec, platform="Ascend910B4")  # another clock: another prediction
    assert other.platform == "Ascend910B4" and other.total_us != first.total_us
    with pytest.raises(retime.RetimeError, match="without its Ascend C"):
        retime.retime({"kernel": "k", "params": []})


def test_timeline_draws_set_to_wait_arrows(prof_path):
    """--plot timeline.png draws one arrow per set_flag -> wait_flag edge of the shown core."""
    from asc.profiler import plot, writers

    lp = store.load(prof_path).launches[0].profile()
    events = writers.trace_events(lp)["traceEvents"]
    tnames = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    lanes = {(0, name): float(i) for i, name in enumerate(sorted({n for (p, _), n in tnames.items() if p == 0}))}
    drawn = []
    ax = type("Ax", (), {"annotate": lambda self, *a, **k: drawn.append((k["xytext"], k["xy"]))})()
    n = plot._draw_flow_arrows(ax, events, tnames, lanes)
    waits = [e for e in events if e["ph"] == "f" and e["pid"] == 0]
    assert n == len(drawn) == len(waits) > 0
    assert all(x0 <= x1 for (x0, _), (x1, _) in drawn)  # a wait is released after its set
