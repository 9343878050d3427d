"""asc-bench with script sides (each run unchanged in a child process): the
example pair of examples/07_bench, the reports, and the scripts that fail."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).resolve().parent / "data" / "bench"
NAIVE = ROOT / "examples" / "07_bench" / "naive.py"
TUNED = ROOT / "examples" / "07_bench" / "tuned.py"


def asc_bench(*argv, cwd=None):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python")] + sys.path)
    return subprocess.run([sys.executable, "-m", "asc.bench.cli", *map(str, argv)], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=600)


def info(out):
    return [l[len("[INFO] "):] for l in out.splitlines() if l.startswith("[INFO] ")]


def test_example_pair_and_reports(tmp_path):
    h = tmp_path / "h.jsonl"
    md = tmp_path / "report.md"
    r = asc_bench("--baseline", TUNED, NAIVE, "--history", h, "--report", "markdown", md)
    assert r.returncode == 0, r.stderr
    lines = info(r.stdout)
    assert lines[0] == "Benchmark result (vadd, 393216, float32, Ascend910B1):"
    assert lines[4].startswith("  Verdict: must fix")
    assert f"Report written to {md}" in lines
    text = md.read_text()
    for part in ("## Test configuration", "| Operator | vadd |", "| Platform | Ascend910B1 |", "| asc version |",
                 "| Commit |", "## Comparison", "must fix", "## History", "![history](report.md.history.png)",
                 "## Optimisation advice", "HBM share", "Pipeline overlap", "Hottest Python lines: naive.py:"):
        assert part in text, part
    assert (tmp_path / "report.md.history.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    html = tmp_path / "report.html"
    r = asc_bench("--baseline", "asc:add", TUNED, "--history", h, "--report", html)
    assert r.returncode == 0, r.stderr
    assert info(r.stdout)[4] == "  Verdict: ship (ratio >= 95%)"
    page = html.read_text()
    assert page.startswith("<!DOCTYPE html>") and "data:image/png;base64," in page
    assert "src='http" not in page and "href=" not in page  # one self-contained file
    assert "Optimisation advice" in page and "asc:add" in page
    assert len(h.read_text().splitlines()) == 2


@pytest.mark.parametrize("script,message", [
    ("launches_nothing.py", "launched no kernel"),
    ("raises.py", "failed: the script raised: raises.py:2: ValueError: bad configuration in the script"),
    ("faults.py", "failed: kernel faulted: ModelFault: "),
    ("faults.py", "faults.py:14: block 0: DataCopy: reads GM x[0, 1024) beyond the 256 bytes of argument 'x'"),
])
def test_failing_script_is_one_error_line_and_history_untouched(tmp_path, script, message):
    h = tmp_path / "h.jsonl"
    h.write_text("previous line\n")
    r = asc_bench("--baseline", "asc:add", DATA / script, "--history", h)
    errors = [l for l in r.stderr.splitlines() if l.startswith("[ERROR]")]
    assert r.returncode == 1 and len(errors) == 1, r.stderr
    assert message in errors[0] and "Traceback" not in r.stderr
    assert h.read_text() == "previous line\n"


def test_default_history_beside_the_candidate(tmp_path):
    cand = tmp_path / "cand.py"
    cand.write_text((DATA / "tuned_copy.py").read_text().replace(
        "ROOT = ", f"ROOT = {str(ROOT)!r} or "))
    r = asc_bench("--baseline", TUNED, cand, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / ".asc-bench" / "history.jsonl").exists()
    r = asc_bench("history", cand)
    assert r.returncode == 0 and "1 run(s)" in r.stdout
    r = asc_bench("history", "--history", tmp_path / "missing.jsonl")
    assert r.returncode == 1 and r.stderr.startswith("[ERROR] no history: ")


def test_script_arguments_and_the_reference_on_the_candidates_platform(tmp_path):
    r = asc_bench("--baseline", "asc:add", f"{TUNED} -v Ascend910B2", "--history", tmp_path / "h.jsonl")
    assert r.returncode == 0, r.stderr
    assert info(r.stdout)[0] == "Benchmark result (add, 393216, float32, Ascend910B2):"
    assert info(r.stdout)[4] == "  Verdict: ship (ratio >= 95%)"
