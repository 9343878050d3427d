"""Fuzzes the readers of the devkit's files (issue 25): random truncations, byte flips,
splices and schema/field changes of real files, each answered by a result or one [ERROR]
line, never a traceback, a hang or a memory blow-up.

- .prof (asc-profile's analysis and export of a damaged profile),
- history.jsonl (asc-bench history, and an append after the damage keeps every entry),
- golden directories (asc-debug --golden, and the checker's comparisons).

Each reader runs in a worker process (fuzz_files_worker.py) under an address-space limit
(RLIMIT_AS) and a CPU-time limit (RLIMIT_CPU), with a wall-clock timeout: a blow-up is a
MemoryError or a kill, both reported as failures. The seed is fixed (the same cases every
run); ASC_FUZZ_FILES_SEED / ASC_FUZZ_FILES_COUNT explore others locally.
"""

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path[:0] = [str(ROOT / "python"), str(ROOT / "tests" / "profile")]

SEED = int(os.environ.get("ASC_FUZZ_FILES_SEED", "25"))
COUNT = int(os.environ.get("ASC_FUZZ_FILES_COUNT", "0"))  # 0: each reader's default below
MEMORY_LIMIT = 3 << 30  # bytes of address space (numpy and the Model's runtime reserve some)
CPU_LIMIT_S = 240


def _limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_LIMIT_S, CPU_LIMIT_S))


def _fuzz(what: str, seed_path: Path, work: Path, count: int):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path), OPENBLAS_NUM_THREADS="1",
               OMP_NUM_THREADS="1")
    for k in ("ASC_PROFILE", "ASC_PROFILE_RUN", "ASC_DEBUG_GOLDEN", "ASC_DEBUG_PRECISION"):
        env.pop(k, None)
    proc = subprocess.run([sys.executable, str(HERE / "fuzz_files_worker.py"), what, str(seed_path), str(SEED),
                           str(COUNT or count), str(work)], env=env, capture_output=True, text=True,
                          timeout=CPU_LIMIT_S + 60, preexec_fn=_limits)
    assert proc.returncode == 0, f"the {what} fuzz worker died ({proc.returncode}): {proc.stderr[-3000:]}"
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    assert result["cases"] == (COUNT or count)
    assert not result["bad"], (f"{len(result['bad'])} of {result['cases']} damaged {what} files were not "
                               f"answered by a result or one [ERROR] line (seed {SEED}):\n"
                               + "\n".join(json.dumps(b) for b in result["bad"][:5]))
    return result


def test_fuzz_prof(tmp_path):
    import asc
    import kernels

    seed = tmp_path / "seed.prof"
    with asc.profile(prof=seed, keep=False):
        for cores in (1, 2):
            x = np.ones(cores * 1024, np.float16)
            kernels.vadd_q[cores](x, x, np.zeros_like(x), 1024, 256, 2)
    work = tmp_path / "work"
    work.mkdir()
    _fuzz("prof", seed, work, 100)


def test_fuzz_history(tmp_path):
    from asc.bench import history as hist

    seed = tmp_path / "seed.jsonl"
    base = {"time": "2026-01-01T00:00:00Z", "commit": "abc", "asc_version": "0", "platform": "Ascend910B1",
            "key": {"operator": "vadd", "shape": "1024", "dtype": "float32", "platform": "Ascend910B1",
                    "measure": "wall"},
            "baseline": "b", "candidate": "c", "kernel": "vadd", "baseline_us": 10.0, "unit": "GB/s",
            "candidate_throughput": 1.0, "baseline_throughput": 1.0, "ratio": 1.0, "verdict": "ship"}
    hist.append(seed, [dict(base, candidate_us=10.0 + i % 3, samples_us=[10.0, 11.0, 10.5]) for i in range(8)])
    work = tmp_path / "work"
    work.mkdir()
    _fuzz("history", seed, work, 300)


def test_fuzz_golden(tmp_path):
    from asc.debug import launch_watch
    from asc.debug.golden import GoldenWriter

    seed = tmp_path / "gold"
    w = GoldenWriter(seed)
    for launch in range(3):
        w(launch, "k", [launch_watch.Output(launch, "k", 2, "z", np.arange(64, dtype=np.float32) * launch),
                        launch_watch.Output(launch, "k", 3, "w", np.ones((4, 4), np.float16))])
    work = tmp_path / "work"
    work.mkdir()
    _fuzz("golden", seed, work, 150)
