"""The precision flags through asc-debug itself (asc.debug.cli): the
script's comparison failure is an error in the summary and the exit code, a
trace is a warning, a bad --golden stops before the script runs."""

from __future__ import annotations

import os

import pytest

from precision_helpers import KERNELS, PYTHON_DIR, marker_line

debug = pytest.importorskip("asc.debug.cli")


@pytest.fixture(autouse=True)
def _env(monkeypatch):
    for k in ("ASC_DEBUG_PRECISION", "ASC_DEBUG_GOLDEN", "ASC_DEBUG_GOLDEN_SAVE", "ASC_DEBUG", "ASC_PROFILE"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("PYTHONPATH", str(PYTHON_DIR) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def test_precision_check_failure_is_an_error(tmp_path, capfd):
    code = debug.TOOL.run(["--tools", "", "--precision-check", "--json", str(tmp_path / "f.json"), "--",
                           "python", str(KERNELS), "scale", str(tmp_path / "o.npz")])
    err = capfd.readouterr().err
    assert code == 1, err
    assert f"precision_kernels.py:{marker_line('CMP-RAISES')}:" in err
    assert "ERROR SUMMARY: 1 error, 0 warnings" in err


def test_precision_trace_is_a_warning(tmp_path, capfd):
    code = debug.TOOL.run(["--tools", "", "--precision-trace", "--",
                           "python", str(KERNELS), "round_trip", str(tmp_path / "o.npz")])
    err = capfd.readouterr().err
    assert code == 0, err
    assert f"precision_kernels.py:{marker_line('LOSSY')} (asc.cast) loses" in err
    assert "ERROR SUMMARY: 0 errors, 1 warning" in err


def test_bad_golden_stops_before_the_script(tmp_path, capfd):
    code = debug.TOOL.run(["--golden", str(tmp_path / "missing"), "--", "python", "-c", "print('ran')"])
    out, err = capfd.readouterr()
    assert code == 1 and "ran" not in out
    assert err.startswith("[ERROR] --golden: golden directory")
