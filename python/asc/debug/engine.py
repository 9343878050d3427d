"""asc-debug's checks on Model launches: memcheck, racecheck, initcheck, synccheck.

The checks themselves run in the Model (cpp/model/src/debug_check.cpp, one
observer per core and a pass over all cores after the launch). This module
switches them on for a launch and turns what they found into `Finding`s:

- `install()` registers a launch hook (asc.runtime.hooks) that is on while
  `$ASC_DEBUG` is set (asc's import does it); an `asc.debug.checks` block
  turns it on while it is open. A checked launch gets the checks' bits in
  `LaunchConfig.debug_flags` and a `DebugIO` the runtime fills with its
  findings (one tab-separated line each, columns `COLUMNS`).
- each finding is formatted (messages.py) and reported (findings.report: at
  once to stderr, and to `$ASC_DEBUG_FINDINGS` under the asc-debug CLI);
- a fault the Model still raises (a bad access past `--max-errors`, queue
  misuse, a deadlock) becomes a memcheck finding too, then propagates;
- without the CLI (`ASC_DEBUG=racecheck python my_test.py`) a summary line is
  printed when the process exits.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import re
import sys
import threading
from typing import List

from .. import settings
from ..runtime import config
from . import findings as _findings
from . import messages

COLUMNS = ("tool,kind,severity,count,mem,offset,size,"
           "a_block,a_pipe,a_file,a_line,a_api,a_write,a_operand,"
           "b_block,b_pipe,b_file,b_line,b_api,b_write,b_operand,"
           "tensor_lo,tensor_hi,tensor_pos,tensor_type,region,event,id,blocks,message").split(",")
_INTS = {"count", "mem", "offset", "size", "a_block", "a_pipe", "a_line", "a_write", "a_operand", "b_block",
         "b_pipe", "b_line", "b_write", "b_operand", "tensor_lo", "tensor_hi", "tensor_pos", "region", "event", "id",
         "blocks"}


class DebugIO(ctypes.Structure):
    """asc_model::DebugIO (cpp/model/src/debug_check.h)."""
    _fields_ = [("report", ctypes.c_void_p), ("report_len", ctypes.c_uint64),
                ("free_report", ctypes.CFUNCTYPE(None, ctypes.c_void_p)),
                ("max_errors", ctypes.c_uint32), ("flags", ctypes.c_uint32)]


_seen = []  # every finding this process reported (the exit summary without the CLI)


def parse_report(text: str) -> List[dict]:
    """The runtime's report lines as dicts (columns COLUMNS)."""
    rows = []
    for line in text.splitlines():
        if not line:
            continue
        values = line.split("\t")
        if len(values) != len(COLUMNS):
            raise RuntimeError(f"asc-debug: a report line of the Model has {len(values)} columns, "
                               f"not {len(COLUMNS)}: {line!r}")
        row = dict(zip(COLUMNS, values))
        for k in _INTS:
            row[k] = int(row[k])
        rows.append(row)
    return rows


def _take(io: DebugIO) -> str:
    if not io.report:
        return ""
    try:
        return ctypes.string_at(io.report, io.report_len).decode("utf-8", errors="replace")
    finally:
        io.free_report(io.report)
        io.report = None


_QUEUE_APIS = ("AllocTensor", "EnQue", "DeQue", "FreeTensor", "InitBuffer", "TBuf::Get")
# "block N (AIC)": one of a mixed launch's AIC cores, N its group (runtime.cpp Core::fault)
_FAULT = re.compile(r"^(?P<file>.*?):(?P<line>\d+): block (?P<block>\d+)(?P<aic> \(AIC\))?: (?P<api>[^:]+): "
                    r"(?P<what>.*)$", re.S)


def _fault_finding(text: str, kernel: str) -> _findings.Finding:
    """A fault the Model raised, as a finding (memcheck; deadlock for the deadlock detector)."""
    first = text.splitlines()[0] if text else ""
    m = _FAULT.match(first)
    if not m:
        return _findings.Finding("memcheck", "fault", "error", [f"[ERROR] Model fault in {kernel}: {first}"],
                                 kernel=kernel)
    what = m["what"]
    tool, kind = ("deadlock", "deadlock") if "deadlock" in what or "watchdog" in what else ("memcheck", "fault")
    if m["api"] in _QUEUE_APIS:
        kind = "queue-misuse"
    # queue calls and flags are the scalar unit's; other faults do not say which pipe
    pipe = "PIPE_S" if kind == "queue-misuse" or m["api"] in ("SetFlag", "WaitFlag") else "unknown"
    loc = {"file": m["file"], "line": int(m["line"]), "block": int(m["block"]), "api": m["api"], "pipe": pipe}
    lines = [f"[ERROR] {'Deadlock' if tool == 'deadlock' else 'Invalid operation'} detected in {kernel}:",
             f"[ERROR]   File: {os.path.basename(m['file'])}, Line: {m['line']}, Block: {m['block']}{m['aic'] or ''}, "
             f"Pipe: {pipe}, "
             f"API: {m['api']}",
             f"[ERROR]   Reason: {what}"]
    return _findings.Finding(tool, kind, "error", lines, [loc], kernel=kernel)


_api = threading.local()  # the asc.debug.checks blocks open on this thread (`.open`)


def _report(f: _findings.Finding) -> None:
    forced = config.forced_note()
    if forced:  # the findings are the Model's, not those of the device the script selected
        f.extra.setdefault("forced_backend", forced)
    _seen.append(f)
    for block in getattr(_api, "open", ()):
        block.findings.append(f)
    if getattr(_api, "open", None) and not any(b.print for b in _api.open) and not settings.debug.get():
        return  # asked for through the Python API alone, quietly
    _findings.report(f)


def enabled() -> frozenset:
    """The checks on now for this thread: $ASC_DEBUG's and the open asc.debug.checks blocks'."""
    on = set(settings.debug.get())
    for block in getattr(_api, "open", ()):
        on.update(block.tools)
    return frozenset(on)


class checks:
    """The Python API of asc-debug's checks, for the launches of this thread inside the block:

        with asc.debug.checks("racecheck", "memcheck") as run:
            kernel[8](x, y, n)
        assert run.errors == 0, run.findings

    tools: any of memcheck, racecheck, initcheck, synccheck (default: all four), on top of
    $ASC_DEBUG; print: also print each finding to stderr (as asc-debug does)."""

    def __init__(self, *tools: str, print: bool = False):
        tools = tools or tuple(settings.DEBUG_FLAGS)
        unknown = [t for t in tools if t not in settings.DEBUG_FLAGS]
        if unknown:
            raise ValueError(f"asc.debug.checks: unknown check {unknown[0]!r} (known: {', '.join(settings.DEBUG_FLAGS)})")
        self.tools = frozenset(tools)
        self.print = print
        self.findings: List[_findings.Finding] = []

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.severity == "error")

    @property
    def warnings(self) -> int:
        return len(self.findings) - self.errors

    def __enter__(self) -> "checks":
        install()
        _api.open = getattr(_api, "open", ()) + (self,)
        _block_opened()
        return self

    def __exit__(self, *exc) -> bool:
        _api.open = tuple(b for b in _api.open if b is not self)
        _block_closed()
        return False


def launch_enter(ctx) -> None:
    """Launch hook: the checks on now get a DebugIO in the launch's context."""
    if ctx.debug_io is not None or getattr(ctx.backend, "name", "") != "model":
        return
    on = enabled()
    from ..runtime.model.launch import DEBUG_FLAG_BITS, LAUNCH_TIMING_ONLY
    if not on or ctx.all_launch_flags() & LAUNCH_TIMING_ONLY:
        # (a timing-only launch computes no data: asc.autotune's trials, whose faults only drop a config)
        return
    io = DebugIO()
    io.max_errors = settings.debug_max_errors.get()
    io.flags = sum(DEBUG_FLAG_BITS[t] for t in on)
    ctx.debug_io = io
    ctx.data["debug"] = io


def launch_exit(ctx, exc) -> None:
    """Launch hook: the findings of the launch (and its fault, which then propagates) reported."""
    io = ctx.data.pop("debug", None)
    if io is None:
        return
    ctx.debug_io = None
    rows = parse_report(_take(io))
    for f in messages.format_findings(rows, ctx.name):
        _report(f)
    if exc is not None:
        from ..runtime.model import ModelFault
        if isinstance(exc, ModelFault):
            _report(_fault_finding(str(exc), ctx.name))


_installed = False
_open_hook = None  # registered while an asc.debug.checks block is open in any thread
_open_count = 0
_open_lock = threading.Lock()


def install() -> None:
    """Registers the checks' launch hook, on while $ASC_DEBUG is set (asc's import does it;
    once): with it unset, a Model launch pays one read of the variable."""
    global _installed
    if _installed:
        return
    _installed = True
    from ..runtime import hooks
    hooks.add(launch_enter, launch_exit, hooks.ORDER_DEBUG, when=settings.debug)
    atexit.register(_exit_summary)


def _block_opened() -> None:
    global _open_hook, _open_count
    from ..runtime import hooks
    with _open_lock:
        _open_count += 1
        if _open_hook is None:
            _open_hook = hooks.add(launch_enter, launch_exit, hooks.ORDER_DEBUG)


def _block_closed() -> None:
    global _open_hook, _open_count
    with _open_lock:
        _open_count -= 1
        if _open_count == 0 and _open_hook is not None:
            _open_hook.remove()
            _open_hook = None


def _exit_summary() -> None:
    """Without the CLI: `ERROR SUMMARY: ...` on stderr when the process ends
    (the CLI prints its own for every process of the run)."""
    if settings.debug_findings.raw():
        return
    try:
        on = settings.debug.get()
    except ValueError:
        return
    if not on:  # (a test that set $ASC_DEBUG for a while has put it back)
        return
    sys.stderr.write(_findings.summary_line(_seen) + "\n")
    sys.stderr.flush()


def seen() -> List[_findings.Finding]:
    """The findings this process reported so far (tests, the Python API)."""
    return list(_seen)


def clear() -> None:
    _seen.clear()
