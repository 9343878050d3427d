"""The asc-debug command (issue 13 §1): flags, the run of an unchanged script,
the closing summary, the exit code, --json, and the environment switch
(ASC_DEBUG=... python script.py) without the command."""

import json
import os
import subprocess
import sys
from pathlib import Path

from asc.debug import cli as debug

CORPUS = Path(__file__).resolve().parent / "debug_corpus"


def asc_debug(*argv, cwd=None):
    return subprocess.run([sys.executable, "-m", "asc.debug.cli", *argv], capture_output=True, text=True,
                          timeout=600, cwd=cwd)


def test_help_names_every_check_and_the_precision_flags(capsys):
    assert debug.TOOL.run(["--help"]) == 0
    out = capsys.readouterr().out
    for word in ("--tools", "memcheck", "racecheck", "initcheck", "synccheck", "--json", "--error-exitcode",
                 "--max-errors", "--precision-check", "ASC_DEBUG="):
        assert word in out, word


def test_bad_input_is_one_error_line(capsys):
    assert debug.TOOL.run(["--tools", "memcheck,racechek", "--", "python", "x.py"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "[ERROR] --tools: unknown check 'racechek'",
        "[INFO] the checks are memcheck, racecheck, initcheck, synccheck"]
    assert debug.TOOL.run(["--tools", "memcheck"]) == 1
    assert capsys.readouterr().err.startswith("[ERROR] no command to run\n")
    assert debug.TOOL.run(["--max-errors=-1", "--", "python", "x.py"]) == 1
    assert "[ERROR] --max-errors must be 0 or more" in capsys.readouterr().err
    assert debug.TOOL.run(["--", "/no/such/program"]) == 1
    assert capsys.readouterr().err.startswith("[ERROR] cannot run /no/such/program")


def test_a_race_is_reported_summarised_and_fails_the_run(tmp_path):
    out = tmp_path / "f.json"
    run = asc_debug("--json", str(out), "--", "python", str(CORPUS / "race_raw_ub.py"))
    assert run.returncode == 1, run.stderr
    err = run.stderr.splitlines()
    assert "ERROR: Potential RAW hazard detected at UB in kernel:" in err
    assert "    PIPE_MTE2 Write at race_raw_ub.py:16 in block 0" in err
    assert "    PIPE_V Read at race_raw_ub.py:17 in block 0" in err
    assert err[-1] == "ERROR SUMMARY: 1 error, 0 warnings"
    data = json.loads(out.read_text())
    assert (data["errors"], data["warnings"], data["returncode"]) == (1, 0, 0)
    (f,) = data["findings"]
    assert (f["tool"], f["kind"], f["extra"]["mem"]) == ("racecheck", "RAW", "UB")
    assert [(loc["line"], loc["pipe"], loc["access"]) for loc in f["locations"]] == [
        (16, "PIPE_MTE2", "write"), (17, "PIPE_V", "read")]
    # --error-exitcode chooses the code; --tools without racecheck finds nothing here
    assert asc_debug("--error-exitcode", "7", "--", "python", str(CORPUS / "race_raw_ub.py")).returncode == 7
    clean = asc_debug("--tools", "memcheck,initcheck", "--", "python", str(CORPUS / "race_raw_ub.py"))
    assert clean.returncode == 0 and clean.stderr.splitlines()[-1] == "ERROR SUMMARY: 0 errors, 0 warnings"


def test_warnings_alone_keep_exit_code_zero():
    run = asc_debug("--", "python", str(CORPUS / "sync_unpaired.py"))
    assert run.returncode == 0, run.stderr
    assert "WARNING: Unpaired set_flag instructions detected from PIPE_S to PIPE_MTE3 in kernel:" in run.stderr
    assert run.stderr.splitlines()[-1] == "ERROR SUMMARY: 0 errors, 1 warning"


def test_max_errors_bounds_how_far_memcheck_steps_over():
    # two bad accesses in one call: all reported by default, the second stops the launch with --max-errors 1
    every = asc_debug("--tools", "memcheck", "--", "python", str(CORPUS / "mem_oob_ub.py"))
    assert every.returncode == 1 and every.stderr.count("[ERROR] Out-of-bounds access detected:") == 2
    assert "Tensor: a_tile (LocalTensor float32, VECCALC, 256 bytes)" in every.stderr
    assert "Tensor: b_tile (LocalTensor float32, VECCALC, 256 bytes)" in every.stderr
    one = asc_debug("--tools", "memcheck", "--max-errors", "1", "--", "python", str(CORPUS / "mem_oob_ub.py"))
    assert one.returncode == 1
    assert one.stderr.count("[ERROR] Out-of-bounds access detected:") == 1
    assert "[ERROR] Invalid operation detected in kernel:" in one.stderr  # the fault that stopped it
    assert "ModelFault" in one.stderr  # the script itself failed on it


def test_environment_switch_without_the_command():
    env = {k: v for k, v in os.environ.items() if not k.startswith("ASC_DEBUG")}
    env["ASC_DEBUG"] = "racecheck,synccheck"
    run = subprocess.run([sys.executable, str(CORPUS / "race_war_ub.py")], capture_output=True, text=True,
                         timeout=600, env=env)
    assert run.returncode == 0  # the program's own exit code: the command is what gates CI
    err = run.stderr.splitlines()
    assert "ERROR: Potential WAR hazard detected at UB in kernel:" in err
    assert err[-1] == "ERROR SUMMARY: 1 error, 0 warnings"
