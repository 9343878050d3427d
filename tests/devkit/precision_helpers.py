"""Running tests/devkit/data/precision_kernels.py in a child process under the
asc-debug precision variables, and reading what it reported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parent / "data"
KERNELS = DATA / "precision_kernels.py"
PYTHON_DIR = Path(__file__).resolve().parents[2] / "python"


def marker_line(marker: str) -> int:
    """The line of precision_kernels.py carrying `# <marker>`."""
    for i, text in enumerate(KERNELS.read_text().splitlines(), 1):
        if text.rstrip().endswith("# " + marker):
            return i
    raise AssertionError(f"no line marked {marker}")


def run_case(tmp_path: Path, case: str, env: dict, *extra: str, timeout: float = 240):
    """(completed process, outputs dict, findings list) of one case."""
    findings = tmp_path / f"findings-{case}-{len(list(tmp_path.iterdir()))}.jsonl"
    out = tmp_path / f"{case}-{len(list(tmp_path.iterdir()))}.npz"
    full = dict(os.environ)
    for k in ("ASC_DEBUG_PRECISION", "ASC_DEBUG_GOLDEN", "ASC_DEBUG_GOLDEN_SAVE", "ASC_DEBUG", "ASC_PROFILE"):
        full.pop(k, None)
    full.update(env)
    full["ASC_DEBUG_FINDINGS"] = str(findings)
    full["PYTHONPATH"] = str(PYTHON_DIR) + os.pathsep + full.get("PYTHONPATH", "")
    proc = subprocess.run([sys.executable, str(KERNELS), case, str(out), *extra], env=full, capture_output=True,
                          text=True, timeout=timeout, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    outputs = dict(np.load(out)) if out.exists() else {}
    found = [json.loads(l) for l in findings.read_text().splitlines()] if findings.exists() else []
    return proc, outputs, found
