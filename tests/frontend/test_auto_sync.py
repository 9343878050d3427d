"""Automatic synchronisation (issue 11 item 4): examples/01_add's vector add
as written, with its set_flag / wait_flag pairs, and the same file with every
one of those lines removed. With auto_sync (the default) the second gets its flags from the
ascendc-insert-sync pass: same results, a racecheck with no finding, and a
predicted time within 10% of the hand-synchronised kernel on the timed Model.
Without auto_sync the same kernel races, and the timed Model lets its pipes
overlap where the hardware would not.
"""

import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import pytest

import asc
from emit_check import check, code_lines

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ADD = EXAMPLES / "01_add" / "add.py"


def _load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _variant(tmp: Path, name: str, decorator: str):
    """examples/01_add with every set_flag / wait_flag line removed, under `decorator`."""
    lines = [line for line in ADD.read_text().splitlines(keepends=True)
             if "asc.set_flag(" not in line and "asc.wait_flag(" not in line]
    text = "".join(lines).replace("@asc.jit\n", decorator + "\n", 1)
    path = tmp / f"{name}.py"
    path.write_text(text)
    return _load(path, name).vadd


@pytest.fixture(scope="module")
def kernels(tmp_path_factory):
    sys.path.insert(0, str(EXAMPLES))  # the example imports example_args from there
    tmp = tmp_path_factory.mktemp("add_variants")
    return {
        "hand": _load(ADD, "add_hand").vadd,
        "auto": _variant(tmp, "add_auto", "@asc.jit"),  # auto_sync is the default
        "none": _variant(tmp, "add_none", "@asc.jit(auto_sync=False)"),
        "insert": _variant(tmp, "add_insert", "@asc.jit(auto_sync=False, insert_sync=True)"),
    }


CORES, N = 8, 8 * 16 * 1024


def _data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(N).astype(np.float32)
    y = rng.standard_normal(N).astype(np.float32)
    return x, y


def _flags(source):
    return [line for line in code_lines(source) if "SetFlag" in line or "WaitFlag" in line]


def test_flags_come_from_the_pass_and_only_where_missing(kernels):
    x, y = _data()
    z = np.zeros_like(x)
    hand, auto, off, explicit = (kernels[k].warmup(x, y, z, N // CORES).source
                                 for k in ("hand", "auto", "none", "insert"))
    assert len(_flags(hand)) == 6  # a synchronised kernel is left as written
    assert _flags(off) == []
    assert _flags(explicit) == _flags(auto)
    # copy in -> add -> copy out in the loop; the buffers' reuse carried around it
    check(auto, "SetFlag<AscendC::HardEvent::V_MTE2>(0);", "for (", "WaitFlag<AscendC::HardEvent::V_MTE2>(0);",
          "AscendC::DataCopy(", "AscendC::DataCopy(", "SetFlag<AscendC::HardEvent::MTE2_V>(0);",
          "WaitFlag<AscendC::HardEvent::MTE2_V>(0);", "AscendC::Add(", "SetFlag<AscendC::HardEvent::V_MTE3>(0);",
          "WaitFlag<AscendC::HardEvent::V_MTE3>(0);", "AscendC::DataCopy(",
          "WaitFlag<AscendC::HardEvent::V_MTE2>(0);")


def _run_with_findings(tmp_path, monkeypatch, kernel, *args):
    findings = tmp_path / "findings.jsonl"
    monkeypatch.setenv("ASC_DEBUG", "racecheck")
    monkeypatch.setenv("ASC_DEBUG_FINDINGS", str(findings))
    kernel[CORES](*args)
    monkeypatch.delenv("ASC_DEBUG")
    if not findings.exists():
        return []
    return [json.loads(line) for line in findings.read_text().splitlines() if line.strip()]


def test_auto_synced_kernel_is_race_free_and_as_fast_as_the_hand_synced(kernels, tmp_path, monkeypatch):
    x, y = _data()
    times = {}
    for name in ("hand", "auto", "none"):
        z = np.zeros_like(x)
        with asc.profile() as prof:
            kernels[name][CORES](x, y, z, N // CORES)
        np.testing.assert_allclose(z, x + y, rtol=1e-6)
        times[name] = prof.launches[-1].total_us
    assert abs(times["auto"] - times["hand"]) <= 0.10 * times["hand"], times
    # without flags the pipes overlap where they must not: a different (wrong) time
    assert times["none"] < times["hand"], times

    z = np.zeros_like(x)
    races = _run_with_findings(tmp_path, monkeypatch, kernels["auto"], x, y, z, N // CORES)
    assert [f for f in races if f.get("tool") == "racecheck"] == []
    races = _run_with_findings(tmp_path, monkeypatch, kernels["none"], x, y, z, N // CORES)
    assert any(f.get("tool") == "racecheck" for f in races)


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_auto_sync_log_names_each_pair_and_the_python_lines(tmp_path):
    # pyasc hands auto_sync_log to bisheng (-cce-auto-sync-log=<file>); here the
    # pass appends one line per inserted pair to that file.
    log = tmp_path / "sync.log"
    sys.path.insert(0, str(EXAMPLES))
    kernel = _variant(tmp_path, "add_log", f"@asc.jit(auto_sync_log={str(log)!r})")
    x, y = _data()
    z = np.zeros_like(x)
    source = kernel.warmup(x, y, z, N // CORES).source
    lines = log.read_text().splitlines()
    path = tmp_path / "add_log.py"
    copy_y, add, copy_z = (_line_of(path, s) for s in ("asc.data_copy(y_ub", "asc.add(", "asc.data_copy(z_gm"))
    assert f"asc-insert-sync: vadd: SetFlag/WaitFlag<HardEvent::MTE2_V>(0) [forward]: PIPE_MTE2 " \
           f"ascendc.data_copy at {path}:{copy_y} -> PIPE_V ascendc.add_l2 at {path}:{add}" in lines, lines
    assert f"asc-insert-sync: vadd: SetFlag/WaitFlag<HardEvent::V_MTE3>(0) [forward]: PIPE_V " \
           f"ascendc.add_l2 at {path}:{add} -> PIPE_MTE3 ascendc.data_copy at {path}:{copy_z}" in lines, lines
    # one line per pair in the Ascend C (a loop-carried pair waits twice: in the
    # loop and after it)
    carried = sum("[loop-carried]" in line for line in lines)
    assert carried >= 1, lines
    assert len(lines) + carried == sum("WaitFlag" in line for line in _flags(source))
    # a new process (here: a new JITFunction) compiles again rather than taking
    # the kernel from the disk cache, so its log is written too
    asc.jit(auto_sync_log=str(log))(kernel.fn).warmup(x, y, z, N // CORES)
    assert log.read_text().splitlines() == lines + lines


def test_auto_sync_log_for_kernels_left_alone_and_unwritable_paths(tmp_path):
    log = tmp_path / "sync.log"
    x, y = _data()
    z = np.zeros_like(x)
    hand = _load(ADD, "add_hand_log").vadd
    asc.jit(auto_sync_log=str(log))(hand.fn).warmup(x, y, z, N // CORES)
    assert log.read_text().splitlines() == [
        "asc-insert-sync: vadd: left as written (the module holds set_flag / wait_flag / pipe_barrier)"]
    with pytest.raises(asc.CompileError, match="auto_sync_log=.*cannot open"):
        asc.jit(auto_sync_log=str(tmp_path / "missing" / "sync.log"))(hand.fn).warmup(x, y, z, N // CORES)
