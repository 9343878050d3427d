"""The corpus of broken distributed kernels (broken_kernels.py): every one is
reported within 5 s, never a hang, naming the right ranks and lines."""

import os
import re
import time
from pathlib import Path

import numpy as np
import pytest

import asc.distributed as dist
from asc.runtime import config

import broken_kernels as bk

W = 8
SOURCE = Path(bk.__file__).read_text().splitlines()
FILE = os.path.basename(bk.__file__)


def line_of(marker):
    hits = [i + 1 for i, text in enumerate(SOURCE) if text.rstrip().endswith(f"# <- {marker}")]
    assert len(hits) == 1, marker
    return hits[0]


def at(marker):
    return f"{FILE}:{line_of(marker)}"


def launch_fails(kernel, *extra, world=W, blocks=1, n=64, budget=5.0):
    xs = [np.ones(n * W, np.float32) for _ in range(world)]
    ys = [np.zeros(n * W, np.float32) for _ in range(world)]
    args = [(xs[r], ys[r], n) + extra for r in range(world)]
    config.current_backend().load(kernel.warmup(*args[0]))  # the budget is the run's, not the compile's
    start = time.monotonic()
    with pytest.raises(dist.DistributedFault) as info:
        dist.launch(kernel, world, blocks, args)
    took = time.monotonic() - start
    assert took < budget, f"reported after {took:.1f} s"
    return info.value


def rank_line(exc, r):
    (line,) = [l for l in exc.lines if l.startswith(f"  Rank {r}:")]
    return line


def test_skipped_collective_names_the_rank_its_last_collective_and_the_branch():
    exc = launch_fails(bk.skipped_collective)
    assert exc.kind == "deadlock"
    assert exc.lines[0] == "Deadlock detected at step 2:"
    for r in range(W):
        if r != 3:
            assert re.fullmatch(rf"  Rank {r}: waiting for AllReduce \(.*{re.escape(at('skipped.reduce'))}\), "
                                r"\d+\.\d s", rank_line(exc, r))
    assert rank_line(exc, 3).endswith(
        f"Rank 3: finished without calling AllReduce; last collective AllGather at {bk.__file__}:"
        f"{line_of('skipped.gather')}")
    assert exc.lines[-1] == (f"Root cause: rank 3 did not call AllReduce "
                             f"(a branch at {bk.__file__}:{line_of('skipped.branch')} skipped it)")
    text = str(exc)
    assert text.splitlines()[0] == "[ERROR] Deadlock detected at step 2:"
    assert all(l.startswith("[ERROR] ") for l in text.splitlines())


def test_swapped_order_is_a_mismatch_with_both_lines():
    exc = launch_fails(bk.swapped_order)
    assert exc.kind == "mismatch"
    assert exc.lines[0] == "Mismatched collectives at step 1:"
    text = "\n".join(exc.lines)
    assert "Rank 1: AllGather(count=64, fp32) at " + bk.__file__ + f":{line_of('swapped.gather')}" in text
    assert re.search(rf"Rank [02-7]: AllReduce\(count=64, fp32, sum\) at .*{re.escape(at('swapped.reduce'))}", text)


def test_mismatched_count():
    exc = launch_fails(bk.mismatched_count)
    assert exc.kind == "mismatch"
    text = "\n".join(exc.lines)
    assert f"Rank 2: AllReduce(count=32, fp32, sum) at {bk.__file__}:{line_of('count.reduce')}" in text
    assert re.search(r"Rank [013-7]: AllReduce\(count=64, fp32, sum\)", text)


def test_mismatched_op():
    exc = launch_fails(bk.mismatched_op)
    text = "\n".join(exc.lines)
    assert f"Rank 0: AllReduce(count=64, fp32, max) at {bk.__file__}:{line_of('op.max')}" in text
    assert re.search(rf"Rank [1-7]: AllReduce\(count=64, fp32, sum\) at .*{re.escape(at('op.sum'))}", text)


def test_one_rank_faulting_stops_every_rank_and_names_rank_and_line():
    exc = launch_fails(bk.one_rank_faults)
    assert exc.kind == "fault" and exc.rank == 5
    assert str(exc).startswith(f"rank 5: {bk.__file__}:{line_of('fault.copy')}: block 0: DataCopy: reads GM")


def test_wait_on_a_handle_never_committed():
    exc = launch_fails(bk.never_committed)
    assert exc.kind == "fault" and exc.rank == 6
    assert f"{bk.__file__}:{line_of('uncommitted.wait')}" in str(exc)
    assert "was never committed: the wait would never return" in str(exc)


def test_collective_left_incomplete_when_every_rank_finished():
    exc = launch_fails(bk.left_without_waiting)
    assert exc.kind == "deadlock"
    assert rank_line(exc, 4).startswith("  Rank 4: finished without calling AllReduce; it called no collective")
    assert any(l.startswith("Root cause: rank 4 did not call AllReduce (a branch at "
                            f"{bk.__file__}:{line_of('nowait.branch')}") for l in exc.lines)
    assert "would wait for it forever" in exc.lines[-1]


def test_deadlock_across_a_sync_all_and_a_collective():
    exc = launch_fails(bk.waits_in_sync_all, blocks=2)
    assert exc.lines[0] == "Deadlock detected at step 1 of block 1:"
    assert rank_line(exc, 2).startswith("  Rank 2: finished without calling AllReduce")
    assert "waiting for AllReduce" in rank_line(exc, 0)


def test_slow_rank_reported_after_the_deadlock_timeout(monkeypatch, capsys):
    monkeypatch.setenv("ASC_DEADLOCK_TIMEOUT", "1")
    exc = launch_fails(bk.one_rank_spins, 2 ** 31 - 1, budget=5.0)
    assert "ASC_DEADLOCK_TIMEOUT=1" in exc.lines[0]
    assert rank_line(exc, 7).startswith("  Rank 7: still running, has not called AllReduce")
    assert exc.lines[-1] == "Root cause: rank 7 still running without reaching AllReduce"
    # asc-debug --deadlock-check: the report is also a finding on stderr
    assert "[ERROR] Deadlock detected at step 1" in capsys.readouterr().err


def test_finding_goes_to_the_findings_file(monkeypatch, tmp_path):
    from asc.debug import findings
    monkeypatch.setenv("ASC_DEADLOCK_TIMEOUT", "30")
    monkeypatch.setenv(findings.FINDINGS_ENV, str(tmp_path / "f.jsonl"))
    launch_fails(bk.skipped_collective)
    (f,) = findings.load(str(tmp_path / "f.jsonl"))
    assert (f.tool, f.kind, f.severity) == ("deadlock", "deadlock", "error")
    assert {"file": FILE, "line": line_of("skipped.reduce")} in [
        {"file": os.path.basename(l["file"]), "line": l["line"]} for l in f.locations]
    assert any(l.get("rank") == 3 for l in f.locations)
