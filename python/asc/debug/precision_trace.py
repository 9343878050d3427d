"""--precision-trace: where a kernel loses its precision, line by line.

Every Model launch of the process runs the kernel's *shadow build* instead of
its normal library: the same emitted source compiled with
`ASC_MODEL_PRECISION` defined (its own cache key, since the source differs),
in which the Model keeps a float64 shadow beside every floating-point element
of local memory and the supported ops measure, per call, how many correct
digits their inputs had and how many their output has
(cpp/model/include/asc_model/precision.h). The actual values are computed by
the very same code as in a normal build, so the kernel's outputs are
unchanged. At exit the lines that lost the most digits are reported (top 10),
through asc.debug.findings when any line lost at least LOSS_WARN digits.
"""

from __future__ import annotations

import atexit
import ctypes
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from .findings import Finding, report

SHADOW_MACRO = "#define ASC_MODEL_PRECISION 1\n"

# The exported entry points of a shadow library (the kernel's own library
# exports only the launch entry).
SHADOW_STUB = """
// ---- precision-trace entry points (asc.debug.precision_trace) ----
extern "C" __attribute__((visibility("default"))) void asc_precision_reset() {
  asc_model::precision::reset();
}
extern "C" __attribute__((visibility("default"))) int asc_precision_report(char* buf, int len) {
  return asc_model::precision::report(buf, len);
}
"""

TOP = 10
TO_GM = " to GM"  # API-name suffix of the rows measuring a kernel output (kToGM in precision.h)
LOSS_WARN = 1.0  # digits lost by one call at a line before the trace is a warning finding


@dataclass
class LineRecord:
    """What the calls at one Python line did to the precision (summed over launches)."""

    file: str
    line: int
    api: str
    calls: int = 0
    elems: int = 0
    sum_loss: float = 0.0
    max_loss: float = float("-inf")
    sum_in: float = 0.0
    sum_out: float = 0.0
    min_out: float = float("inf")
    nonfinite: int = 0  # results that became Inf/NaN where the float64 shadow is finite

    @property
    def mean_loss(self) -> float:
        return self.sum_loss / self.calls if self.calls else 0.0

    @property
    def digits_in(self) -> float:
        return self.sum_in / self.calls if self.calls else 0.0

    @property
    def digits_out(self) -> float:
        return self.sum_out / self.calls if self.calls else 0.0

    def merge(self, other: "LineRecord") -> None:
        self.calls += other.calls
        self.elems += other.elems
        self.sum_loss += other.sum_loss
        self.max_loss = max(self.max_loss, other.max_loss)
        self.sum_in += other.sum_in
        self.sum_out += other.sum_out
        self.min_out = min(self.min_out, other.min_out)
        self.nonfinite += other.nonfinite


def parse_report(text: str) -> List[LineRecord]:
    """The shadow library's table (asc_model::precision::report)."""
    out = []
    for row in text.splitlines():
        f = row.split("\t")
        if len(f) != 11:
            continue
        out.append(LineRecord(f[0], int(f[1]), f[2], int(f[3]), int(f[4]), float(f[5]), float(f[6]),
                              float(f[7]), float(f[8]), float(f[9]), int(f[10])))
    return out


class Trace:
    """The per-line records of every traced launch of the process."""

    def __init__(self):
        self.lines: Dict[Tuple[str, int, str], LineRecord] = {}
        self.launches = 0
        self.kernels: List[str] = []
        self.compile_s = 0.0
        self.run_s = 0.0
        self.failures: List[str] = []

    def add(self, kernel: str, records: List[LineRecord]) -> None:
        self.launches += 1
        if kernel not in self.kernels:
            self.kernels.append(kernel)
        for r in records:
            key = (r.file, r.line, r.api)
            got = self.lines.get(key)
            if got is None:
                self.lines[key] = r
            else:
                got.merge(r)

    def ranked(self) -> List[LineRecord]:
        """Lines by digits lost (the worst call first, then the mean)."""
        return sorted(self.lines.values(), key=lambda r: (-r.max_loss, -r.mean_loss, r.file, r.line))

    def outputs(self) -> List[LineRecord]:
        """The copies to GM: the digits the kernel's outputs kept."""
        return [r for r in self.lines.values() if r.api.endswith(TO_GM)]

    def report_lines(self, top: int = TOP) -> List[str]:
        ranked = [r for r in self.ranked() if not r.api.endswith(TO_GM)][:top]
        lines = [f"Precision trace: {self.launches} launch{'es' * (self.launches != 1)} of "
                 f"{', '.join(self.kernels) or 'no kernel'}; digits lost per line vs a float64 shadow "
                 f"(top {min(top, len(ranked))})"]
        for r in ranked:
            lines.append(f"  {_where(r)} ({python_name(r.api)}) loses {max(r.max_loss, 0.0):.1f} digits "
                         f"({r.digits_in:.1f} -> {r.digits_out:.1f} on average, worst call "
                         f"{r.min_out:.1f} left; {r.calls} call{'s' * (r.calls != 1)}, {r.elems} elements"
                         + (f"; {r.nonfinite} became Inf/NaN: overflow?" if r.nonfinite else "") + ")")
        for r in sorted(self.outputs(), key=lambda r: r.min_out):
            lines.append(f"  output written at {_where(r)}: {r.min_out:.1f} correct digits (fewest), "
                         f"{r.digits_out:.1f} on average, {r.elems} elements")
        for f in self.failures:
            lines.append(f"  not traced: {f}")
        return lines


def _where(r: LineRecord) -> str:
    return f"{Path(r.file).name}:{r.line}"


def python_name(api: str) -> str:
    """The kernel language's name of a Model API (pyasc's snake_case): ReduceSum -> asc.reduce_sum."""
    return "asc." + re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", api).lower()


_trace: Optional[Trace] = None


def current() -> Optional[Trace]:
    return _trace


def shadow_source(source: str) -> str:
    return SHADOW_MACRO + source


def _shadow_library(kernel):
    """(CDLL, entry) of the kernel's shadow build, compiled once per kernel."""
    from ..runtime.model import _dlopen, build, launch

    state = kernel.backend_state.get("model-precision")
    if state is None:
        inc = build.include_dir()
        source = shadow_source(kernel.source) + launch.launch_stub(kernel.name, kernel.params) + SHADOW_STUB
        t0 = time.perf_counter()
        path = build.build_library(source, kernel.cache_dir, inc)
        lib, entry = _dlopen(path)
        lib.asc_precision_report.restype = ctypes.c_int
        lib.asc_precision_report.argtypes = [ctypes.c_char_p, ctypes.c_int]
        if _trace is not None:
            _trace.compile_s += time.perf_counter() - t0
        state = kernel.backend_state["model-precision"] = {"lib": lib, "entry": entry, "path": path}
    return state["lib"], state["entry"]


def _read_report(lib) -> str:
    need = lib.asc_precision_report(None, 0)
    buf = ctypes.create_string_buffer(need)
    lib.asc_precision_report(buf, need)
    return buf.value.decode(errors="replace")


def traced_launcher(backend, kernel, plain):
    """The launcher that runs `kernel`'s shadow build and adds its table to the
    trace (launch_watch's launch hook substitutes it while a trace is on). A kernel
    whose shadow build fails to compile runs untraced (`plain`: the normal
    launcher), and the report says so."""
    from ..runtime.model import _AIV_PER_BLOCK, _CORE_TYPES, abi as _abi, launch

    trace = _trace
    if trace is None:  # stopped
        return plain
    if "model-precision-failed" in kernel.backend_state:  # (tried once per kernel)
        return plain
    try:
        lib, entry = _shadow_library(kernel)
    except Exception as exc:  # noqa: BLE001 - any build failure: run the normal library
        kernel.backend_state["model-precision-failed"] = True
        trace.failures.append(f"{kernel.name}: the shadow build failed ({str(exc).splitlines()[0]})")
        return plain
    state = kernel.backend_state["model-precision"]
    marshaller = state.get("marshaller")
    if marshaller is None:
        marshaller = state["marshaller"] = launch.Marshaller(kernel.params)
    core_type = _CORE_TYPES.get(kernel.kernel_type, 0)
    per_block = _AIV_PER_BLOCK.get(kernel.kernel_type, 1)
    with_aic = _abi.runs_aic_cores(kernel.kernel_type, core_type, kernel.source)

    def traced(block_dim, stream, args, ctx=None):
        lib.asc_precision_reset()
        t0 = time.perf_counter()
        backend._launch(entry, marshaller, core_type, int(block_dim), args, ctx, per_block, with_aic)
        trace.run_s += time.perf_counter() - t0
        trace.add(kernel.name, parse_report(_read_report(lib)))

    traced.library_path = state.get("path")  # type: ignore[attr-defined]
    return traced


def start() -> Trace:
    """Traces every following Model launch of the process (idempotent)."""
    global _trace
    from . import launch_watch

    if _trace is None:
        _trace = Trace()
    launch_watch.install()
    launch_watch.set_launcher_hook(traced_launcher)
    return _trace


def stop() -> Optional[Trace]:
    """Stops tracing (the launches after it run the normal build); returns what was traced."""
    global _trace
    from . import launch_watch

    launch_watch.set_launcher_hook(None)
    got, _trace = _trace, None
    return got


def finish(trace: Optional[Trace] = None, stream=None) -> None:
    """Prints the trace (a warning finding when a line lost LOSS_WARN digits or more)."""
    trace = trace or _trace
    if trace is None or (not trace.launches and not trace.failures):
        return
    lines = trace.report_lines()
    worst = trace.ranked()[0] if trace.lines else None
    if worst is not None and worst.max_loss >= LOSS_WARN:
        locs = [{"file": r.file, "line": r.line, "api": r.api, "digits_lost": round(r.max_loss, 2)}
                for r in trace.ranked()[:TOP] if r.max_loss >= LOSS_WARN]
        lines[0] = "WARNING: " + lines[0]
        report(Finding(tool="precision", kind="trace", severity="warning", lines=lines, locations=locs,
                       kernel=", ".join(trace.kernels)), stream)
    else:
        out = stream or sys.stderr
        out.write("\n".join(["[INFO] " + lines[0]] + lines[1:]) + "\n")


def from_environment() -> None:
    """ASC_DEBUG_PRECISION=trace: trace the whole process, report at exit."""
    start()
    atexit.register(finish)
