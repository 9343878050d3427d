"""Devkit tests: the asc package of this checkout first on sys.path."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "python"))
sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(scope="module")
def prof_path(tmp_path_factory):
    """A profile of data/tune_kernel.py (the autotuned add with its tuning space, and a plain add)."""
    d = tmp_path_factory.mktemp("tune")
    env = dict(os.environ, ASC_PROFILE=str(d / "t.prof"))
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python")] + sys.path)
    script = Path(__file__).resolve().parent / "data" / "tune_kernel.py"
    r = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    return d / "t.prof"
