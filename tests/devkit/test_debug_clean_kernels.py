"""No false positives (issue 13 §4), the timed Model's test kernels
(tests/profile/golden_cases.py: queue-synchronised, flag-synchronised, with
barriers, SyncAll and cross-core flags, the cube): with every check on, in
this process, asc-debug reports nothing (test_debug_clean_examples.py: the
examples through the command)."""

import sys
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.debug import findings
from asc.debug.cli import DEFAULT_TOOLS

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "profile"))
import golden_cases  # noqa: E402

CASES = golden_cases.cases()


@pytest.mark.parametrize("name", list(CASES))
def test_profile_kernel_has_no_findings(name, monkeypatch, tmp_path):
    out = tmp_path / "findings.jsonl"
    monkeypatch.setenv("ASC_DEBUG", ",".join(DEFAULT_TOOLS))
    monkeypatch.setenv(findings.FINDINGS_ENV, str(out))
    launcher, args = CASES[name]()
    launcher(*args)
    assert [f.lines for f in findings.load(str(out))] == []


@asc.jit(auto_sync=False)
def dump_after_copy(x: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.dump_tensor(t, 1, n)  # a debug print synchronises itself: no flag needed


def test_debug_prints_race_with_nothing(monkeypatch, tmp_path, capfd):
    out = tmp_path / "findings.jsonl"
    monkeypatch.setenv("ASC_DEBUG", ",".join(DEFAULT_TOOLS))
    monkeypatch.setenv(findings.FINDINGS_ENV, str(out))
    dump_after_copy[1](np.ones(64, np.float32), 64)
    assert "DumpTensor: desc=1" in capfd.readouterr().out
    assert findings.load(str(out)) == []
