"""Runs every example as its users do (`python examples/<dir>/<name>.py`) on the Model."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("0*/*.py"))


def test_every_example_is_found():
    assert [p.parent.name for p in EXAMPLES] == [
        "01_add", "02_add_framework", "03_leaky_relu", "04_softmax", "05_matmul", "06_autotune",
        "07_bench", "07_bench", "08_allreduce"]


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda p: p.parent.name)
def test_example_runs_and_matches_numpy(script, tmp_path):
    env = dict(os.environ, ASC_CACHE_DIR=str(tmp_path / "cache"))
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python")] + sys.path)
    result = subprocess.run([sys.executable, str(script), "-r", "Model", "-v", "Ascend910B1"],
                            capture_output=True, text=True, env=env, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "result matches numpy" in result.stdout
    assert "kernel.cpp" in result.stdout
