"""The two sides of a benchmark: how each is named, run and collected.

A side is one of
  path/to/script.py [args]   run unchanged in a child process (asc.bench.runner)
  ./program [args]           an Ascend C program built by asc-cc (docs/ascend-c-programs.md),
                             run with ASC_PROFILE set; its launches come from its .prof
  module:function            imported and called in this process
  asc:NAME                   a reference kernel of asc.bench.baselines, run at the
                             shapes of the candidate's launches (baseline only)
Each gives a list of Launch records; a side that fails gives one ToolError line.
"""

from __future__ import annotations

import importlib
import json
import os
import shlex
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

from ..errors import ToolError
from .launches import Launch


@dataclass
class Options:
    measure: str = "model"     # "model" (timed Model) or "wall" (wall-clock samples)
    compute: bool = True       # False: timing-only launches (outputs not computed)
    min_runs: int = 10
    min_time: float = 3.0
    timeout: float = 1800.0


@dataclass
class Side:
    role: str                  # "baseline" or "candidate"
    spec: str
    kind: str                  # "script", "program", "function" or "builtin"
    argv: List[str]
    launches: Optional[List[Launch]] = None

    @property
    def path(self) -> Optional[Path]:
        return Path(self.argv[0]) if self.kind in ("script", "program") else None

    @property
    def label(self) -> str:
        return self.spec


def parse(spec: str, role: str) -> Side:
    if not spec or not spec.strip():
        raise ToolError(f"the {role} is empty", "name a script, module:function or asc:NAME")
    try:
        argv = shlex.split(spec)
    except ValueError as exc:
        raise ToolError(f"cannot split the {role} {spec!r}: {exc}")
    head = argv[0]
    if head.startswith("asc:"):
        if role != "baseline":
            raise ToolError(f"{head} names a reference kernel: it can only be the baseline",
                            "pass it as --baseline asc:NAME")
        return Side(role, spec, "builtin", argv)
    if not head.endswith(".py") and Path(head).is_file() and os.access(head, os.X_OK) and _is_elf(head):
        return Side(role, spec, "program", argv)
    if head.endswith(".py") or os.sep in head or Path(head).exists():
        if not Path(head).is_file():
            raise ToolError(f"{role} script not found: {head} (No such file or directory)")
        return Side(role, spec, "script", argv)
    if ":" in head:
        return Side(role, spec, "function", argv)
    raise ToolError(f"cannot tell what the {role} {head!r} is",
                    "name a script (file.py), a module:function, or asc:NAME for a reference kernel")


def collect(side: Side, options: Options) -> List[Launch]:
    """Runs a script or function side and returns its launches (never empty)."""
    if side.kind == "script":
        launches = _run_script(side, options)
    elif side.kind == "program":
        launches = _run_program(side, options)
    elif side.kind == "function":
        launches = _run_function(side, options)
    else:
        raise ValueError("a reference kernel is run by asc.bench.baselines")
    if not launches:
        raise ToolError(f"the {side.role} {side.spec} launched no kernel",
                        "a side must launch at least one @asc.jit kernel (kernel[core_num](...))")
    side.launches = launches
    return launches


def _run_script(side: Side, options: Options) -> List[Launch]:
    fd, out = tempfile.mkstemp(prefix="asc-bench-", suffix=".json")
    os.close(fd)
    cmd = [sys.executable, "-m", "asc.bench.runner", out, options.measure, "1" if options.compute else "0",
           str(options.min_runs), str(options.min_time), "--"] + side.argv
    try:
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=options.timeout)
        except subprocess.TimeoutExpired:
            raise ToolError(f"the {side.role} {side.spec} did not finish within {options.timeout:g} s")
        try:
            data = json.loads(Path(out).read_text())
        except (OSError, ValueError):
            data = None
    finally:
        try:
            os.unlink(out)
        except OSError:
            pass
    if data is None:
        tail = (proc.stderr.strip().splitlines() or ["(no output)"])[-1]
        raise ToolError(f"the {side.role} {side.spec} failed before it could be measured: {tail}")
    if data.get("error"):
        raise ToolError(f"the {side.role} {side.spec} failed: {data['error']}")
    return [Launch.from_dict(d) for d in data["launches"]]


def _is_elf(path: str) -> bool:
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF"
    except OSError:
        return False


def _run_program(side: Side, options: Options) -> List[Launch]:
    """An Ascend C program: run unchanged with ASC_PROFILE naming a temporary .prof,
    whose launches (timed by the same cycle model) become the side's."""
    if options.measure != "model":
        raise ToolError(f"the {side.role} {side.spec} is a program: it is timed by the timed Model only",
                        "drop --measure wall")
    from .. import settings
    from ..profiler import store
    from .collect import _profile
    from .work import count

    tmp = tempfile.mkdtemp(prefix="asc-bench-")
    prof = Path(tmp) / "side.prof"
    env = settings.profile.child_env(str(prof))
    try:
        try:
            proc = subprocess.run([str(Path(side.argv[0]).resolve()), *side.argv[1:]], env=env,
                                  capture_output=True, text=True, timeout=options.timeout)
        except subprocess.TimeoutExpired:
            raise ToolError(f"the {side.role} {side.spec} did not finish within {options.timeout:g} s")
        if proc.returncode != 0:
            tail = ([l for l in proc.stderr.strip().splitlines() if l.startswith("[ERROR]")]
                    or proc.stderr.strip().splitlines() or [f"exit status {proc.returncode}"])[0]
            raise ToolError(f"the {side.role} {side.spec} failed: {tail}")
        if not prof.exists():
            return []
        out = []
        pf = store.load(prof)
        try:
            for stored in pf.launches:
                lp = stored.profile()
                out.append(Launch(kernel=lp.kernel, core_num=int(lp.block_dim), arrays=[], platform=lp.platform,
                                  backend="model", time_us=lp.total_us, work=count(lp), compute=bool(lp.compute),
                                  profile=_profile(lp)))
        finally:
            pf.close()
        return out
    finally:
        import shutil
        shutil.rmtree(tmp, ignore_errors=True)


def _failure(exc: BaseException) -> str:
    """`raised E: message`, or for sys.exit() `called sys.exit(code)` (a function side runs in
    asc-bench's own process: its exit must not end asc-bench silently)."""
    if isinstance(exc, SystemExit):
        return f"called sys.exit({exc.code!r})"
    first = (str(exc).strip().splitlines() or [""])[0]
    return f"raised {type(exc).__name__}: {first}"


def _run_function(side: Side, options: Options) -> List[Launch]:
    from . import wall
    from .collect import Collector

    module_name, _, attr = side.argv[0].partition(":")
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise ToolError(f"the {side.role} {side.spec}: cannot import {module_name}: {exc}")
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - the module's own code failed at import: one line
        raise ToolError(f"the {side.role} {side.spec}: importing {module_name} {_failure(exc)}") from None
    fn = getattr(module, attr, None)
    if not callable(fn):
        raise ToolError(f"the {side.role} {side.spec}: {module_name} has no function {attr!r}")
    saved = dict(wall.settings)
    wall.settings.update(min_runs=options.min_runs, min_time=options.min_time)
    collector = Collector(measure=options.measure, compute=options.compute)
    try:
        with collector:
            fn(*side.argv[1:])
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - one line for the user
        from ..runtime.model import ModelFault

        kind = "kernel faulted" if isinstance(exc, ModelFault) else "raised"
        if isinstance(exc, SystemExit):
            raise ToolError(f"the {side.role} {side.spec} {_failure(exc)}") from None
        first = (str(exc).strip().splitlines() or [""])[0]
        raise ToolError(f"the {side.role} {side.spec} {kind}: {type(exc).__name__}: {first}")
    finally:
        wall.settings.clear()
        wall.settings.update(saved)
    return collector.launches
