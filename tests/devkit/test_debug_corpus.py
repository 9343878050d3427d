"""asc-debug's corpus of faulty kernels (issue 13 §4): each file in
debug_corpus/ holds one kind of bug; the checks must report that kind, at the
marked Python lines, with the exit code the file expects (expect.py reads the
marks). The kernels run in this process with $ASC_DEBUG and the findings file
set, exactly as `asc-debug -- python <file>` runs them (test_debug_cli.py
runs some through the command itself)."""

import importlib.util
import sys
from pathlib import Path

import pytest

from asc.debug import findings
from asc.debug.cli import DEFAULT_TOOLS, exit_code
from asc.runtime.model import ModelFault

CORPUS = Path(__file__).resolve().parent / "debug_corpus"
sys.path.insert(0, str(CORPUS))
import expect  # noqa: E402

FILES = sorted(p for p in CORPUS.glob("*.py") if not p.name.startswith("_") and p.name != "expect.py")


def run_file(path: Path, monkeypatch, tmp_path, tools=DEFAULT_TOOLS, **kwargs):
    """Runs the file's run() under the checks; returns (findings, exit code)."""
    out = tmp_path / f"{path.stem}.jsonl"
    monkeypatch.setenv("ASC_DEBUG", ",".join(tools))
    monkeypatch.setenv(findings.FINDINGS_ENV, str(out))
    spec = importlib.util.spec_from_file_location(f"debug_corpus_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    returncode = 0
    try:
        module.run(**kwargs)
    except ModelFault:  # a fault the run cannot step over (queue misuse): a finding, then the script fails
        returncode = 1
    found = findings.load(str(out))
    return found, exit_code(found, returncode)


def test_the_corpus_covers_every_kind():
    kinds = {(e.tool, e.kind, e.mem) for p in FILES for e in expect.read(p)}
    for mem in ("UB", "L1", "L0A", "L0B", "L0C", "GM"):
        assert ("racecheck", "RAW", mem) in kinds
    assert {("racecheck", "WAR", "UB"), ("racecheck", "WAW", "UB"), ("racecheck", "WAW", "GM"),
            ("racecheck", "WAR", "GM"), ("racecheck", "WAR", "L0A"),
            ("initcheck", "uninitialized", "UB"), ("initcheck", "uninitialized", "GM"), ("synccheck", "unpaired-set", "-"),
            ("synccheck", "duplicate-set", "-"), ("synccheck", "idle-barrier", "-"), ("memcheck", "leak", "-"),
            ("memcheck", "out-of-bounds", "UB"), ("memcheck", "out-of-bounds", "GM"),
            ("memcheck", "out-of-bounds", "L1"), ("memcheck", "misaligned", "UB"),
            ("memcheck", "queue-misuse", "-"), ("memcheck", "overlapping-writes", "GM")} <= kinds


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_corpus_file(path, monkeypatch, tmp_path):
    wanted = expect.read(path)
    found, code = run_file(path, monkeypatch, tmp_path)
    expect.check(path, wanted, found)
    assert code == max(e.exit for e in wanted), [f.lines for f in found]


@pytest.mark.parametrize("sync", [1, 2], ids=["sync_all", "cross_core_flag"])
def test_cross_core_race_is_gone_with_sync(sync, monkeypatch, tmp_path):
    found, code = run_file(CORPUS / "race_cross_core_gm.py", monkeypatch, tmp_path, sync=sync)
    assert (found, code) == ([], 0), [f.lines for f in found]


def test_only_the_chosen_checks_run(monkeypatch, tmp_path):
    found, _ = run_file(CORPUS / "race_raw_ub.py", monkeypatch, tmp_path, tools=("initcheck",))
    assert found == []
    found, _ = run_file(CORPUS / "init_ub.py", monkeypatch, tmp_path, tools=("racecheck",))
    assert found == []


def test_python_api_checks_the_launches_of_a_block(monkeypatch, capfd):
    import asc

    monkeypatch.delenv("ASC_DEBUG", raising=False)
    monkeypatch.delenv(findings.FINDINGS_ENV, raising=False)
    spec = importlib.util.spec_from_file_location("debug_corpus_api", CORPUS / "race_raw_ub.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with asc.debug.checks("racecheck") as run:
        module.run()
    assert (run.errors, run.warnings) == (1, 0)
    assert run.findings[0].kind == "RAW" and [loc["line"] for loc in run.findings[0].locations] == [16, 17]
    assert "hazard" not in capfd.readouterr().err  # quiet unless print=True
    with asc.debug.checks("initcheck", "memcheck", print=True) as other:
        module.run()
    assert other.findings == []
    with asc.debug.checks(print=True) as every:
        module.run()
    assert every.errors == 1 and "Potential RAW hazard" in capfd.readouterr().err
    with pytest.raises(ValueError, match="unknown check 'racechek'"):
        asc.debug.checks("racechek")


def test_flags_the_compiler_inserts_are_seen(monkeypatch, tmp_path):
    """race_raw_l1's kernel holds no flag: written as is it races (auto_sync=False);
    compiled with asc's default auto_sync the ascendc-insert-sync pass adds the
    MTE2 -> MTE1 flag and racecheck, reading the emitted flags, finds nothing."""
    import asc

    out = tmp_path / "f.jsonl"
    monkeypatch.setenv("ASC_DEBUG", ",".join(DEFAULT_TOOLS))
    monkeypatch.setenv(findings.FINDINGS_ENV, str(out))
    spec = importlib.util.spec_from_file_location("debug_corpus_autosync", CORPUS / "race_raw_l1.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    import _cube

    _cube.run_cube(module.kernel)
    assert [f.kind for f in findings.load(str(out))] == ["RAW"]
    out.unlink()
    _cube.run_cube(asc.jit(module.kernel.fn))  # the default options: auto_sync on
    assert findings.load(str(out)) == []
