"""asc-debug's files and flags under abuse (issue 25): damaged golden directories are one
[ERROR] line (never a traceback in the user's script or in the tool), --error-exitcode stays
within an exit status, --precision-check never says "passed" for a comparison that returned
False, and +inf against -inf is not reported as "where the reference is finite"."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from asc.debug import launch_watch, precision
from asc.debug.golden import GoldenChecker, GoldenError, GoldenWriter, load_manifest
from precision_helpers import run_case

ROOT = Path(__file__).resolve().parents[2]


def asc_debug(*args, timeout=240):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "python")] + sys.path))
    for k in ("ASC_DEBUG_PRECISION", "ASC_DEBUG_GOLDEN", "ASC_DEBUG_GOLDEN_SAVE", "ASC_DEBUG", "ASC_PROFILE"):
        env.pop(k, None)
    return subprocess.run([sys.executable, "-m", "asc.debug.cli", *args], env=env, capture_output=True,
                          text=True, timeout=timeout)


def one_error(proc):
    assert "Traceback" not in proc.stderr, proc.stderr
    errors = [l for l in proc.stderr.splitlines() if l.startswith("[ERROR]")]
    assert len(errors) == 1, proc.stderr
    return errors[0]


def _golden(d: Path) -> Path:
    w = GoldenWriter(d)
    w(0, "k", [launch_watch.Output(0, "k", 2, "z", np.arange(64, dtype=np.float32))])
    return d


# ------------------------------------------------------------------------------------- flags

@pytest.mark.parametrize("code", ["0", "256", "-1", "1000"])
def test_error_exitcode_outside_1_255_is_refused(code):
    proc = asc_debug("--error-exitcode", code, "--", "python", "-c", "pass")
    assert proc.returncode == 1
    assert one_error(proc) .startswith(f"[ERROR] --error-exitcode {code}: must be 1..255")


@pytest.mark.parametrize("value", ["nan", "inf", "0"])
def test_deadlock_timeout_must_be_finite_and_positive(value):
    proc = asc_debug("--deadlock-check", "--deadlock-timeout", value, "--", "python", "-c", "pass")
    assert proc.returncode == 1 and "--deadlock-timeout" in one_error(proc)


# ------------------------------------------------------------------------------------- golden files

@pytest.mark.parametrize("damage, words", [
    (lambda d: (d / "manifest.json").write_text("[1, 2]"), "not an object"),
    (lambda d: (d / "manifest.json").write_text('{"format": 1, "launches": [{"launch": 0}]}'), "lacks a field"),
    (lambda d: (d / "manifest.json").write_text('{"format": 1}'), "no 'launches' list"),
    (lambda d: (d / "0000_k_z.npy").unlink(), "is missing"),
    (lambda d: (d / "0000_k_z.npy").write_bytes((d / "0000_k_z.npy").read_bytes()[:150]), "truncated"),
    (lambda d: (d / "0000_k_z.npy").write_bytes(b"garbage" * 20), "not a .npy array"),
    (lambda d: (d / "manifest.json").write_bytes(b'{"format": 1, "launches": [\xff]}'), "not a valid golden"),
])
def test_damaged_golden_is_one_error_line(tmp_path, damage, words):
    gold = _golden(tmp_path / "gold")
    damage(gold)
    with pytest.raises(GoldenError, match=words):
        load_manifest(gold)
    proc = asc_debug("--golden", str(gold), "--", "python", "-c", "pass")
    assert proc.returncode == 1
    line = one_error(proc)
    assert line.startswith("[ERROR] --golden:") and words in line


def test_damaged_golden_never_kills_the_script(tmp_path):
    """ASC_DEBUG_GOLDEN set by hand on a golden whose array was truncated: the script runs to its
    end, the golden problem is one error finding."""
    gold = tmp_path / "gold"
    run_case(tmp_path, "golden", {"ASC_DEBUG_GOLDEN_SAVE": str(gold)}, "2.0")
    first = sorted(gold.glob("*.npy"))[0]
    first.write_bytes(first.read_bytes()[:200])  # the header whole, the data cut
    proc, out, found = run_case(tmp_path, "golden", {"ASC_DEBUG_GOLDEN": str(gold)}, "2.0")
    assert "Traceback" not in proc.stderr and set(out) == {"y1", "y2"}
    assert [(f["kind"], f["severity"]) for f in found] == [("golden-missing", "error")]
    assert "truncated" in found[0]["lines"][0]


def test_array_damaged_after_the_check_began_is_a_finding(tmp_path, capsys):
    gold = _golden(tmp_path / "gold")
    checker = GoldenChecker(gold)
    (gold / "0000_k_z.npy").write_bytes(b"\x93NUMPY")
    checker(0, "k", [launch_watch.Output(0, "k", 2, "z", np.arange(64, dtype=np.float32))])
    assert checker.mismatches == 1 and "cannot be read" in capsys.readouterr().err


def test_save_golden_over_a_list_manifest(tmp_path):
    (tmp_path / "manifest.json").write_text("[1, 2, 3]")
    GoldenWriter(tmp_path)  # replaced, not an AttributeError
    assert load_manifest(tmp_path) == {}


# ------------------------------------------------------------------------------------- precision

def test_allclose_returning_false_is_never_reported_passed(tmp_path):
    proc, out, found = run_case(tmp_path, "nan", {"ASC_DEBUG_PRECISION": "check"})
    assert not bool(out["same"])  # numpy said: not close (NaN with equal_nan=False)
    assert "Precision check passed" not in proc.stderr, proc.stderr
    assert [(f["kind"], f["severity"]) for f in found] == [("comparison", "error")]


def test_plus_inf_against_minus_inf_is_not_called_finite():
    r = precision.metrics(np.array([np.inf, 1.0]), np.array([-np.inf, 1.0]))
    text = "\n".join(r.lines())
    assert r.verdict == "fail" and r.nonfinite == 1
    assert "where the reference is finite" not in text
    assert "different non-finite value" in text
    r = precision.metrics(np.array([np.inf, 1.0]), np.array([2.0, 1.0]))
    assert "where the reference is finite: 1" in "\n".join(r.lines())


def test_equal_nan_false_fails_matching_nans():
    a = np.array([np.nan, 1.0])
    assert precision.metrics(a, a.copy()).verdict == "pass"
    assert precision.metrics(a, a.copy(), equal_nan=False).verdict == "fail"
