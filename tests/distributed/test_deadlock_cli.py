"""asc-debug --deadlock-check: the flags' environment (asc.debug.deadlock_cli)
and what a script run with it reports: a finding on stderr and in the findings
file, within the timeout, for a deadlock the plain run also reports."""

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from absl import flags

from asc.debug import findings
from asc.debug import deadlock_cli as debug_deadlock
from asc.cli import ToolError

ROOT = Path(__file__).resolve().parents[2]


def parsed(*argv):
    fv = flags.FlagValues()
    debug_deadlock.define_flags(fv)
    fv(["prog", *argv])
    return fv


def test_flags_to_environment():
    assert debug_deadlock.child_env(parsed()) == {}
    assert debug_deadlock.child_env(parsed("--deadlock-check")) == {"ASC_DEADLOCK_TIMEOUT": "5"}
    assert debug_deadlock.child_env(parsed("--deadlock-check", "--deadlock-timeout=0.5")) == {
        "ASC_DEADLOCK_TIMEOUT": "0.5"}
    with pytest.raises(ToolError, match="--deadlock-timeout must be a positive number of seconds, not 0"):
        debug_deadlock.child_env(parsed("--deadlock-check", "--deadlock-timeout=0"))


SCRIPT = textwrap.dedent("""
    import numpy as np
    import asc, asc.distributed

    @asc.jit
    def late_rank(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, spins: int):
        hccl = asc.Hccl()
        hccl.init(asc.get_hccl_context(0))
        if asc.get_rank_id() == 1:
            for i in range(spins):
                asc.pipe_barrier(asc.PipeID.PIPE_V)
        h = hccl.all_reduce(x, y, n, asc.float32, "sum")
        hccl.commit(h)
        hccl.wait(h)

    xs = [np.ones(64, np.float32) for _ in range(2)]
    ys = [np.zeros(64, np.float32) for _ in range(2)]
    late_rank.warmup(xs[0], ys[0], 64, 1)
    asc.runtime.config.current_backend().load(late_rank.warmup(xs[0], ys[0], 64, 1))
    print("compiled", flush=True)
    asc.distributed.launch(late_rank, 2, 1, [(xs[r], ys[r], 64, 2**31 - 1) for r in range(2)])
""")


def test_a_late_rank_is_a_finding_under_deadlock_check(tmp_path):
    script = tmp_path / "late.py"
    script.write_text(SCRIPT)
    found = tmp_path / "findings.jsonl"
    env = dict(os.environ, **debug_deadlock.child_env(parsed("--deadlock-check", "--deadlock-timeout=1")))
    env[findings.FINDINGS_ENV] = str(found)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python")] + sys.path)
    proc = subprocess.Popen([sys.executable, str(script)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    assert proc.stdout.readline().strip() == "compiled"
    start = time.monotonic()
    _, err = proc.communicate(timeout=60)
    took = time.monotonic() - start
    assert proc.returncode == 1
    assert took < 5, f"reported after {took:.1f} s"
    assert "[ERROR] Deadlock detected at step 1: (a collective waited longer than ASC_DEADLOCK_TIMEOUT=1 s)" in err
    assert "[ERROR]   Rank 1: still running, has not called AllReduce; it called no collective" in err
    (f,) = findings.load(str(found))
    assert (f.tool, f.kind) == ("deadlock", "deadlock")


SKIPPER = textwrap.dedent("""
    import numpy as np
    import asc, asc.distributed

    @asc.jit
    def skipper(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
        hccl = asc.Hccl()
        hccl.init(asc.get_hccl_context(0))
        if asc.get_rank_id() != 2:
            h = hccl.all_reduce(x, y, n, asc.float32, "sum")
            hccl.commit(h)
            hccl.wait(h)

    xs = [np.ones(64, np.float32) for _ in range(4)]
    ys = [np.zeros(64, np.float32) for _ in range(4)]
    asc.distributed.launch(skipper, 4, 1, [(xs[r], ys[r], 64) for r in range(4)])
""")


def test_asc_debug_deadlock_check_end_to_end(tmp_path):
    script = tmp_path / "skipper.py"
    script.write_text(SKIPPER)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "python")] + sys.path))
    proc = subprocess.run([sys.executable, "-m", "asc.debug.cli", "--tools=", "--deadlock-check", "--",
                           sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert f"[ERROR]   Rank 2: finished without calling AllReduce; it called no collective" in proc.stderr
    assert f"[ERROR] Root cause: rank 2 did not call AllReduce (a branch at {script}:9 skipped it)" in proc.stderr
    assert proc.stderr.rstrip().endswith("ERROR SUMMARY: 1 error, 0 warnings")
