"""asc.debug.check_precision: metrics vs numpy by hand, the verdict bands, the
message shape, bad input; the settings knobs and asc-debug's flag -> env layer."""

from __future__ import annotations

import json
import math

import numpy as np
import pytest
from absl import flags

import asc
from asc import settings
from asc.debug import precision
from asc.debug import precision_cli as debug_precision
from asc.cli import ToolError


def _quiet(actual, expected, **kw):
    return asc.debug.check_precision(actual, expected, quiet=True, **kw)


def test_metrics_match_numpy_by_hand():
    rng = np.random.default_rng(3)
    e = rng.standard_normal((8, 16)).astype(np.float32)
    a = e + rng.standard_normal((8, 16)).astype(np.float32) * 1e-4
    a[5, 9] += 0.01  # the worst element
    r = _quiet(a, e)
    a64, e64 = a.astype(np.float64), e.astype(np.float64)
    d = np.abs(a64 - e64)
    assert r.max_abs_error == pytest.approx(d.max(), rel=1e-12)
    assert r.mean_rel_error == pytest.approx(np.mean(d / np.abs(e64)), rel=1e-12)
    cos = np.dot(a64.ravel(), e64.ravel()) / (np.linalg.norm(a64) * np.linalg.norm(e64))
    assert r.cosine == pytest.approx(cos, abs=1e-12)
    assert r.worst_index == (5, 9)
    assert r.worst_actual == pytest.approx(float(a[5, 9])) and r.worst_expected == pytest.approx(float(e[5, 9]))
    assert r.count == 128 and r.verdict == "fail" and r.mismatched == 1  # 0.01 > atol 1e-3


def test_mean_relative_error_skips_zero_references():
    r = _quiet(np.array([1.0, 2.2, 0.5]), np.array([1.0, 2.0, 0.0]), atol=1)
    assert r.mean_rel_error == pytest.approx(0.1 / 2)  # (0 + 0.1) / 2 elements with expected != 0
    assert math.isnan(_quiet(np.array([0.0, 1e-9]), np.zeros(2)).mean_rel_error)


@pytest.mark.parametrize("noise, verdict", [(0.0, "pass"), (0.02, "pass"), (0.07, "warn"), (0.3, "fail")])
def test_bands_follow_the_cosine(noise, verdict):
    e = np.sin(np.linspace(0, 6, 1000))
    a = e + noise * np.cos(np.arange(1000) * 1.7)
    r = _quiet(a, e, atol=10.0)  # the absolute threshold out of the way: only the cosine decides
    cos = float(np.dot(a, e) / np.linalg.norm(a) / np.linalg.norm(e))
    assert r.cosine == pytest.approx(cos)
    assert (cos >= 0.999, 0.99 <= cos < 0.999, cos < 0.99) == (verdict == "pass", verdict == "warn", verdict == "fail")
    assert r.verdict == verdict and bool(r) == (verdict != "fail")


def test_failure_message_shape(capsys):
    e = np.ones(4)
    a = np.array([1.0, 1.0, 1.234, -0.5])
    r = asc.debug.check_precision(a, e, name="z")
    err = capsys.readouterr().err.splitlines()
    assert not r and r.verdict == "fail"
    assert err[0].startswith("[ERROR] Precision check failed (z) at ") and err[0].endswith(".py:%d:" % (
        test_failure_message_shape.__code__.co_firstlineno + 3))
    assert err[1] == "  Max absolute error: 1.5e0 (threshold: 1e-3)"
    assert err[2].startswith("  Mean relative error: ")
    assert err[3] == f"  Cosine similarity: {precision._cos(r.cosine)} (threshold: 0.999)"
    assert err[4] == "  Worst element: index 3: actual -0.5, expected 1"
    assert any("softmax" in line for line in err)  # the hint for a wrong algorithm


def test_formats_like_the_devkit():
    assert precision._fmt(0.234) == "2.34e-1" and precision._fmt(1e-3) == "1e-3" and precision._fmt(0.0) == "0"
    r = _quiet(np.array([1.234, 1.0]), np.array([1.0, 1.0]))
    assert r.lines()[1] == "  Max absolute error: 2.34e-1 (threshold: 1e-3)"


def test_tolerance_failure_with_a_good_cosine_says_so():
    e = np.linspace(1, 2, 100)
    r = _quiet(e + 2e-3, e)
    assert r.verdict == "fail" and r.cosine > 0.999 and r.mismatched == 100
    assert any("widen atol/rtol" in line for line in r.lines())


def test_rtol_adds_a_relative_bound():
    e = np.array([1.0, 1000.0])
    a = np.array([1.0, 1000.5])
    assert _quiet(a, e).verdict == "fail"
    assert _quiet(a, e, rtol=1e-3).verdict == "pass"  # 0.5 <= 1e-3 + 1e-3 * 1000


def test_nonfinite_outputs_fail():
    e = np.ones(8)
    a = e.copy()
    a[2] = np.nan
    a[5] = np.inf
    r = _quiet(a, e, atol=1e9)
    assert r.verdict == "fail" and r.nonfinite == 2 and math.isnan(r.cosine) and r.max_abs_error == math.inf
    same = _quiet(np.array([np.inf, 1.0]), np.array([np.inf, 1.0]))
    assert same.verdict == "pass" and same.max_abs_error == 0


def test_zero_vectors_and_empty_input():
    assert _quiet(np.zeros(5), np.zeros(5)).cosine == 1.0
    r = _quiet(np.zeros(5), np.ones(5))
    assert r.cosine == 0.0 and r.verdict == "fail"
    empty = _quiet(np.zeros(0), np.zeros(0))
    assert empty.verdict == "pass" and empty.count == 0


def test_fp16_and_integers_and_lists():
    e = np.linspace(-1, 1, 64)
    assert _quiet(e.astype(np.float16), e).verdict == "pass"
    assert _quiet(np.arange(5, dtype=np.int32), [0, 1, 2, 3, 4]).max_abs_error == 0
    assert _quiet(np.ones((2, 3)), 1.0).count == 6  # a scalar reference broadcasts


def test_bad_input_is_a_clear_error():
    with pytest.raises(ValueError, match=r"shape \(3,\) and expected \(4,\)"):
        _quiet(np.zeros(3), np.zeros(4))
    with pytest.raises(TypeError, match="complex"):
        _quiet(np.zeros(3, complex), np.zeros(3))
    with pytest.raises(TypeError, match="not numeric"):
        _quiet(np.array(["a", "b"]), np.zeros(2))
    with pytest.raises(ValueError, match="atol"):
        _quiet(np.zeros(3), np.zeros(3), atol=-1)
    with pytest.raises(ValueError, match="rtol"):
        _quiet(np.zeros(3), np.zeros(3), rtol=float("nan"))


def test_pass_prints_info_and_failure_is_a_finding(tmp_path, monkeypatch, capsys):
    path = tmp_path / "findings.jsonl"
    monkeypatch.setenv("ASC_DEBUG_FINDINGS", str(path))
    asc.debug.check_precision(np.ones(3), np.ones(3))
    assert capsys.readouterr().err.startswith("[INFO] Precision check passed at ")
    assert not path.exists()  # a pass is not a finding
    asc.debug.check_precision(np.zeros(3), np.ones(3), name="bad")
    asc.debug.check_precision(np.ones(3), np.ones(3), quiet=True)
    lines = [json.loads(l) for l in path.read_text().splitlines()]
    assert len(lines) == 1
    f = lines[0]
    assert f["tool"] == "precision" and f["severity"] == "error" and f["kind"] == "check"
    assert f["locations"][0]["file"] == __file__ and f["extra"]["cosine"] == 0.0


def test_settings_knobs(monkeypatch):
    monkeypatch.setenv("ASC_DEBUG_PRECISION", "check, trace")
    assert settings.debug_precision.get() == {"check", "trace"}
    monkeypatch.setenv("ASC_DEBUG_PRECISION", "check,bogus")
    with pytest.raises(ValueError, match="ASC_DEBUG_PRECISION.*unknown mode bogus"):
        settings.debug_precision.get()
    monkeypatch.setenv("ASC_DEBUG_GOLDEN", "/x/y")
    assert str(settings.debug_golden.get()) == "/x/y"


def _flag_values(argv):
    fv = flags.FlagValues()
    debug_precision.define_flags(fv)
    fv(["asc-debug"] + argv)
    return fv


def test_flags_become_the_child_environment(tmp_path):
    assert debug_precision.child_env(_flag_values([])) == {}
    env = debug_precision.child_env(_flag_values(["--precision-check", "--precision-trace",
                                                  "--save-golden", str(tmp_path / "g")]))
    assert env == {"ASC_DEBUG_PRECISION": "check,trace", "ASC_DEBUG_GOLDEN_SAVE": str(tmp_path / "g")}
    with pytest.raises(ToolError, match="does not exist"):
        debug_precision.child_env(_flag_values(["--golden", str(tmp_path / "none")]))
    (tmp_path / "notgolden").mkdir()
    with pytest.raises(ToolError, match="manifest.json"):
        debug_precision.child_env(_flag_values(["--golden", str(tmp_path / "notgolden")]))
    with pytest.raises(ToolError, match="same directory"):
        debug_precision.child_env(_flag_values(["--golden", str(tmp_path), "--save-golden", str(tmp_path)]))
    (tmp_path / "file").write_text("x")
    with pytest.raises(ToolError, match="is a file"):
        debug_precision.child_env(_flag_values(["--save-golden", str(tmp_path / "file")]))


def _import_asc_with(env_extra, tmp_path):
    import os
    import subprocess
    import sys

    from precision_helpers import PYTHON_DIR

    env = {k: v for k, v in os.environ.items() if not k.startswith("ASC_DEBUG")}
    env.update(env_extra, PYTHONPATH=str(PYTHON_DIR), ASC_DEBUG_FINDINGS=str(tmp_path / "f.jsonl"))
    return subprocess.run([sys.executable, "-c", "import asc; print('imported')"], env=env, capture_output=True,
                          text=True, timeout=120)


def test_a_bad_variable_stops_at_import_with_one_line(tmp_path):
    r = _import_asc_with({"ASC_DEBUG_PRECISION": "chek"}, tmp_path)
    assert r.returncode == 1 and "imported" not in r.stdout
    assert r.stderr.strip() == "asc: ASC_DEBUG_PRECISION='chek': unknown mode chek (known: check, trace)"


def test_an_unwritable_golden_directory_is_a_finding(tmp_path):
    (tmp_path / "file").write_text("x")
    r = _import_asc_with({"ASC_DEBUG_GOLDEN_SAVE": str(tmp_path / "file" / "sub")}, tmp_path)
    assert r.returncode == 0 and "imported" in r.stdout  # the script still runs
    assert "[ERROR] Golden files: cannot write" in r.stderr
    assert json.loads((tmp_path / "f.jsonl").read_text())["kind"] == "golden-save"
