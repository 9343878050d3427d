"""No false positives (issue 13 §4), the examples: asc-debug, run as users
run it (`asc-debug --json out -- python examples/<dir>/<name>.py`), reports
nothing on them and exits 0 (test_debug_clean_kernels.py: the timed Model's
test kernels)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("0*/*.py"))


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.parent.name for p in EXAMPLES])
def test_example_has_no_findings(path, tmp_path):
    out = tmp_path / "findings.json"
    run = subprocess.run([sys.executable, "-m", "asc.debug.cli", "--json", str(out), "--", "python", str(path)],
                         capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert run.returncode == 0, run.stderr[-3000:]
    data = json.loads(out.read_text())
    assert data["findings"] == [] and data["errors"] == 0 and data["warnings"] == 0, run.stderr[-3000:]
    assert run.stderr.rstrip().endswith("ERROR SUMMARY: 0 errors, 0 warnings")
