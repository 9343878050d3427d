"""asc-debug's checks on Model launches: memcheck, racecheck, initcheck, synccheck.

The checks themselves run in the Model (cpp/model/src/debug_check.cpp, one
observer per core and a pass over all cores after the launch). This module
switches them on for a launch and turns what they found into `Finding`s:

- `install()` wraps `ModelBackend._launch` once (asc's import does it). A launch
  with `$ASC_DEBUG` unset goes straight through; otherwise it gets the
  checks' bits in `LaunchConfig.debug_flags` and a `DebugIO` the runtime fills
  with its findings (one tab-separated line each, columns `COLUMNS`).
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


_orig_launch = None
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
_FAULT = re.compile(r"^(?P<file>.*?):(?P<line>\d+): block (?P<block>\d+): (?P<api>[^:]+): (?P<what>.*)$", re.S)


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
             f"[ERROR]   File: {os.path.basename(m['file'])}, Line: {m['line']}, Block: {m['block']}, Pipe: {pipe}, "
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
        return self

    def __exit__(self, *exc) -> bool:
        _api.open = tuple(b for b in _api.open if b is not self)
        return False


def _debug_launch(self, entry, marshaller, core_type, block_dim, args):
    on = enabled()
    from ..runtime.model.launch import LAUNCH_TIMING_ONLY
    local = self.debug_local
    if not on or getattr(local, "io", None) is not None or self.launch_flags & LAUNCH_TIMING_ONLY:
        # (a timing-only launch computes no data: asc.autotune's trials, whose faults only drop a config)
        return _orig_launch(self, entry, marshaller, core_type, block_dim, args)
    from ..profiler.session import _kernel_name
    kernel = _kernel_name()
    io = DebugIO()
    io.max_errors = settings.debug_max_errors.get()
    from ..runtime.model.launch import DEBUG_FLAG_BITS
    io.flags = sum(DEBUG_FLAG_BITS[t] for t in on)
    local.io = io
    fault = None
    try:
        _orig_launch(self, entry, marshaller, core_type, block_dim, args)
    except Exception as exc:  # ModelFault (and anything else the launch raised): reported, then raised
        fault = exc
    finally:
        local.io = None
        text = _take(io)
    rows = parse_report(text)
    for f in messages.format_findings(rows, kernel):
        _report(f)
    if fault is not None:
        from ..runtime.model import ModelFault
        if isinstance(fault, ModelFault):
            _report(_fault_finding(str(fault), kernel))
        raise fault


def install() -> None:
    """Wraps ModelBackend._launch (once): launches pay one settings read when
    $ASC_DEBUG is unset."""
    global _orig_launch
    if _orig_launch is not None:
        return
    try:
        from ..runtime.model import ModelBackend
    except ImportError:  # pragma: no cover - a build without the Model
        return
    _orig_launch = ModelBackend._launch
    ModelBackend._launch = _debug_launch
    atexit.register(_exit_summary)


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
