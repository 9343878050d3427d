"""Build, run and verify one vendor example program on the Model.

The program is copied into a work directory (the snapshot stays read-only
and a program's build/, input/ and output/ never collide with another's),
then its README's command block runs there as one bash script, adapted by
readme.adapt. A step marker file tells which command failed.

Verdict:
- FAIL when a command exits non-zero (the first error line of its output is
  the reason), or when the program's own sources/scripts print "test pass"
  on success and the run did not, or the run printed a failure line;
- PASS otherwise.
With `debug` (`./dev vendor-examples --debug`) the program runs as under
`asc-debug -- ...`: every launch with memcheck, racecheck, initcheck and
synccheck, its findings collected; a program that passes but has findings
gets the verdict FINDINGS (the vendor's reference code should have none).
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from . import readme

# Lines that report a failed comparison or a fault (the vendor's programs and
# scripts print these; so do the Model's faults and ACL errors).
_FAIL_LINE = re.compile(r"test fail|\[ERROR\]|result error|compare\w* .*fail|error ratio.*[^0]\.\d+, tolerance|"
                        r"Segmentation fault|core dumped|Traceback \(most recent", re.I)
_ERROR_LINE = re.compile(r"(error|fault|fail|Traceback|not found|No such file|undefined reference|Aborted)", re.I)
_PASS_TEXT = "test pass"


@dataclasses.dataclass
class Result:
    program: str
    status: str  # PASS | FAIL | UNSUPPORTED | FINDINGS (passed, but asc-debug reported something)
    detail: str = ""
    seconds: float = 0.0
    notes: list = dataclasses.field(default_factory=list)
    log: str = ""
    findings: list = dataclasses.field(default_factory=list)  # asc-debug's findings (as JSON dicts), --debug

    def line(self) -> str:
        return f"{self.status} {self.program}" + (f": {self.detail}" if self.detail else "")


def reports_pass(prog_dir: Path) -> bool:
    """Whether the program (or its verify script) prints "test pass" on success."""
    for p in prog_dir.rglob("*"):
        if p.is_file() and p.suffix in (".asc", ".cpp", ".h", ".py") and _PASS_TEXT in p.read_text(errors="replace"):
            return True
    return False


def first_error(log: str) -> str:
    lines = [ln.strip() for ln in log.splitlines() if ln.strip()]
    for ln in lines:
        if _ERROR_LINE.search(ln) and not ln.startswith("+ "):
            return ln[:300]
    return (lines[-1][:300] if lines else "no output")


def debug_env(findings_path: Path, base: dict | None = None) -> dict:
    """The environment `asc-debug -- CMD` gives CMD: every check on, each finding
    appended to `findings_path` (asc.settings is the one definition of both knobs)."""
    from asc import settings
    from asc.debug.cli import DEFAULT_TOOLS
    env = settings.debug.child_env(",".join(DEFAULT_TOOLS), base)
    return settings.debug_findings.child_env(str(findings_path), env)


def findings_detail(found: list) -> str:
    """`N errors, M warnings: <first finding's headline>`."""
    from asc.debug import findings as _findings
    summary = _findings.summary_line(found).replace("ERROR SUMMARY: ", "")
    first = found[0].lines[0].strip() if found and found[0].lines else ""
    return f"{summary}: {first[:200]}" if first else summary


def program_env(bin_dir: Path, base: dict | None = None) -> dict:
    """The environment the programs' commands run in: `python3` and `python` are this
    interpreter (a launcher in `bin_dir`, first on PATH). The programs' data and check
    scripts need numpy, which this interpreter has; and a `python3` found on PATH may be
    a version manager's shim (pyenv's costs ~0.13 CPU-s a start, ~170 starts a run)."""
    bin_dir.mkdir(parents=True, exist_ok=True)
    for name in ("python3", "python"):
        launcher = bin_dir / name
        launcher.write_text(f"#!/bin/sh\nexec {shlex_quote(sys.executable)} \"$@\"\n")
        launcher.chmod(0o755)
    env = dict(os.environ if base is None else base)
    env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
    return env


def run_program(src_root: Path, rel: str, work_root: Path, cmake_extra: list[str],
                make_jobs: int = 2, timeout: float = 600.0, env: dict | None = None,
                debug: bool = False) -> Result:
    result = _run_program(src_root, rel, work_root, cmake_extra, make_jobs, timeout, env, debug)
    if debug:
        from asc.debug import findings as _findings
        found = _findings.load(str(work_root / rel / ".asc_findings.jsonl"))
        result.findings = [f.to_json() for f in found]
        if found and result.status == "PASS":
            result.status, result.detail = "FINDINGS", findings_detail(found)
    return result


def _run_program(src_root: Path, rel: str, work_root: Path, cmake_extra: list[str],
                 make_jobs: int, timeout: float, env: dict | None, debug: bool) -> Result:
    t0 = time.monotonic()
    src = src_root / rel
    work = work_root / rel
    if work.exists():
        shutil.rmtree(work)
    shutil.copytree(src, work, ignore=shutil.ignore_patterns("build", "input", "output"))
    block = readme.run_block(src)
    if block is None:
        return Result(rel, "FAIL", "no README command block with cmake (cannot tell how to run it)",
                      time.monotonic() - t0)
    cmds, notes = readme.adapt(readme.commands(block), cmake_extra, make_jobs)
    step_file = work / ".asc_step"
    script = ["set -eo pipefail"]
    for i, c in enumerate(cmds):
        script.append(f"echo {i} > {shlex_quote(str(step_file))}")
        script.append(c)
    script.append(f"echo done > {shlex_quote(str(step_file))}")
    (work / ".asc_run.sh").write_text("\n".join(script) + "\n")
    if debug:
        env = debug_env(work / ".asc_findings.jsonl", env)
    try:
        proc = subprocess.run(["bash", str(work / ".asc_run.sh")], cwd=work, capture_output=True,
                              text=True, errors="replace", timeout=timeout, env=env, stdin=subprocess.DEVNULL)
        log, rc = proc.stdout + proc.stderr, proc.returncode
    except subprocess.TimeoutExpired as e:
        out = (e.stdout or b"") + (e.stderr or b"")
        log = out.decode(errors="replace") if isinstance(out, bytes) else out
        step = _step(step_file)
        return Result(rel, "FAIL", f"timed out after {timeout:.0f}s in `{_cmd(cmds, step)}`",
                      time.monotonic() - t0, notes, log)
    secs = time.monotonic() - t0
    step = _step(step_file)
    if rc != 0:
        return Result(rel, "FAIL", f"`{_cmd(cmds, step)}` exited {rc}: {first_error(log)}", secs, notes, log)
    bad = next((ln.strip() for ln in log.splitlines() if _FAIL_LINE.search(ln)), None)
    if bad:
        return Result(rel, "FAIL", f"reported a failure: {bad[:300]}", secs, notes, log)
    if reports_pass(src) and _PASS_TEXT not in log.lower():
        return Result(rel, "FAIL", f"the program's check did not print '{_PASS_TEXT}'", secs, notes, log)
    return Result(rel, "PASS", "", secs, notes, log)


def shlex_quote(s: str) -> str:
    import shlex
    return shlex.quote(s)


def _step(step_file: Path):
    try:
        s = step_file.read_text().strip()
        return None if s == "done" else int(s)
    except (OSError, ValueError):
        return None


def _cmd(cmds, step):
    return cmds[step] if isinstance(step, int) and 0 <= step < len(cmds) else "?"


def cmake_prefix(explicit: str | None = None) -> str:
    """Where asc's CMake package is: the flag, $ASC_CMAKE_PREFIX, or
    `asc-config --cmake-prefix`."""
    if explicit:
        return explicit
    if os.environ.get("ASC_CMAKE_PREFIX"):
        return os.environ["ASC_CMAKE_PREFIX"]
    # The asc this interpreter imports (under Bazel: the one the test built),
    # then the asc-config console script on PATH.
    for cmd in ([sys.executable, "-m", "asc.cprog.config", "--cmake-prefix"],
                [shutil.which("asc-config") or "asc-config", "--cmake-prefix"]):
        try:
            out = subprocess.run(cmd, capture_output=True, text=True)
        except OSError:
            continue
        if out.returncode == 0 and out.stdout.strip():
            return out.stdout.strip().splitlines()[-1]
    raise FileNotFoundError("asc's CMake package not found: pass --cmake_prefix, set ASC_CMAKE_PREFIX, "
                            "or install asc (asc-config --cmake-prefix)")
