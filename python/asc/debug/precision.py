"""asc.debug.check_precision: how close a kernel's output is to a reference.

    res = asc.debug.check_precision(z, x + y, atol=1e-3, name="z")
    res.max_abs_error, res.mean_rel_error, res.cosine, res.worst_index, res.verdict

Three metrics asc-devkit users read (docs/precision.md): the largest absolute
error, the mean relative error and the cosine similarity of the two arrays
taken as vectors. The verdict uses the bands they know:

    cosine >= 0.999            pass
    0.99 <= cosine < 0.999     warn  (check convergence)
    cosine < 0.99              fail  (check the algorithm; fp16/fp32 mixed up;
                                      softmax without the max subtraction)

and fails too when an element is further from the reference than the
tolerance (|actual - expected| > atol + rtol * |expected|, rtol default 0),
or when the output holds NaN/Inf where the reference does not. A failure or
a warning is reported through asc.debug.findings (stderr, and asc-debug's
summary); a pass prints one [INFO] line.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

from .._lazy import lazy_module

from .findings import Finding, report

np = lazy_module("numpy", globals(), "np")  # imported at first use (asc/_lazy.py)

COSINE_PASS = 0.999  # at or above: pass
COSINE_WARN = 0.99  # at or above (and below COSINE_PASS): warn; below: fail
DEFAULT_ATOL = 1e-3

_HINTS = {
    "warn": "check for convergence problems (accumulation order, iteration count)",
    "fail": "check the algorithm: fp16/fp32 mixed up? softmax without subtracting the row max (exp overflows)?",
    "tolerance": "the error exceeds the tolerance although the shape of the result is right: if it is the "
                 "expected rounding (fp16?), widen atol/rtol; else find the line with asc-debug --precision-trace",
}


@dataclass
class PrecisionResult:
    """The metrics of one comparison and its verdict ("pass", "warn" or "fail").
    Truthy unless it failed, so `assert asc.debug.check_precision(...)` works."""

    name: Optional[str]
    count: int
    max_abs_error: float
    mean_rel_error: float  # over elements whose expected value is not 0 (nan when there are none)
    cosine: float
    worst_index: Optional[Tuple[int, ...]]
    worst_actual: Optional[float]
    worst_expected: Optional[float]
    atol: float
    rtol: Optional[float]
    verdict: str
    mismatched: int = 0  # elements outside atol + rtol * |expected|
    nonfinite: int = 0  # NaN/Inf in the output where the reference differs
    nonfinite_vs_nonfinite: int = 0  # of those, where the reference is a different NaN/Inf (+inf vs -inf)
    reasons: List[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.verdict != "fail"

    def __bool__(self) -> bool:
        return self.passed

    def lines(self, where: Optional[str] = None) -> List[str]:
        """The report as printed: a headline, then one line per metric."""
        label = f" ({self.name})" if self.name else ""
        at = f" at {where}" if where else ""
        head = {"pass": f"[INFO] Precision check passed{label}{at}:",
                "warn": f"[WARNING] Precision check warning{label}{at}:",
                "fail": f"[ERROR] Precision check failed{label}{at}:"}[self.verdict]
        tol = _fmt(self.atol)
        if self.rtol:
            rel = f"{_fmt(self.rtol)} * |expected|"
            tol = f"{tol} + {rel}" if self.atol else rel
        out = [head,
               f"  Max absolute error: {_fmt(self.max_abs_error)} (threshold: {tol})",
               f"  Mean relative error: {_fmt(self.mean_rel_error)}",
               f"  Cosine similarity: {_cos(self.cosine)} (threshold: {COSINE_PASS})"]
        if self.worst_index is not None:
            out.append(f"  Worst element: index {_index(self.worst_index)}: actual {self.worst_actual:.7g}, "
                       f"expected {self.worst_expected:.7g}")
        if self.mismatched:
            out.append(f"  Elements outside the tolerance: {self.mismatched} of {self.count}")
        vs_finite = self.nonfinite - self.nonfinite_vs_nonfinite
        if vs_finite:
            out.append(f"  Non-finite outputs (NaN/Inf) where the reference is finite: {vs_finite}")
        if self.nonfinite_vs_nonfinite:
            out.append(f"  Non-finite outputs where the reference is a different non-finite value (e.g. +inf vs "
                       f"-inf, or NaN compared with equal_nan=False): {self.nonfinite_vs_nonfinite}")
        hint = self.verdict
        if self.verdict == "fail" and self.cosine >= COSINE_WARN and not self.nonfinite:
            hint = "tolerance"
        if hint in _HINTS:
            out.append(f"  Hint: {_HINTS[hint]}")
        return out


def _fmt(x: Optional[float]) -> str:
    """Scientific notation the way the devkit prints it: 2.34e-1, 1e-3, 0, inf."""
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "n/a"
    x = float(x)
    if x == 0 or math.isinf(x):
        return "0" if x == 0 else ("inf" if x > 0 else "-inf")
    mant, exp = f"{x:.2e}".split("e")
    mant = mant.rstrip("0").rstrip(".")
    return f"{mant}e{int(exp)}"


def _cos(c: float) -> str:
    return "nan" if math.isnan(c) else f"{c:.6f}".rstrip("0").rstrip(".") if c != 1.0 else "1"


def _index(idx: Tuple[int, ...]) -> str:
    return str(idx[0]) if len(idx) == 1 else "(" + ", ".join(str(i) for i in idx) + ")"


def as_array(x: Any, what: str) -> np.ndarray:
    """A numpy view of an array-like (CPU torch tensors included), numeric only."""
    if hasattr(x, "detach") and hasattr(x, "cpu") and hasattr(x, "numpy"):  # a torch tensor
        x = x.detach().cpu()
        if str(getattr(x, "dtype", "")) == "torch.bfloat16":
            x = x.float()
        x = x.numpy()
    a = np.asarray(x)
    if a.dtype.kind == "c":
        raise TypeError(f"check_precision: {what} is complex ({a.dtype}); compare real and imaginary parts")
    if a.dtype.kind not in "biuf" and not (a.dtype.kind == "V" and a.dtype.itemsize == 2):
        try:
            a = a.astype(np.float64)
        except (TypeError, ValueError):
            raise TypeError(f"check_precision: {what} is not numeric (dtype {a.dtype})") from None
    return a


def metrics(actual: Any, expected: Any, *, atol: float = DEFAULT_ATOL, rtol: Optional[float] = None,
            name: Optional[str] = None, equal_nan: bool = True) -> PrecisionResult:
    """The comparison without printing anything (check_precision prints it). equal_nan=False:
    a NaN matches nothing, not even a NaN in the reference (numpy.allclose's default)."""
    if not (isinstance(atol, (int, float)) and atol >= 0 and math.isfinite(atol)):
        raise ValueError(f"check_precision: atol must be a finite number >= 0, got {atol!r}")
    if rtol is not None and not (isinstance(rtol, (int, float)) and rtol >= 0 and math.isfinite(rtol)):
        raise ValueError(f"check_precision: rtol must be a finite number >= 0 or None, got {rtol!r}")
    a = as_array(actual, "actual")
    e = as_array(expected, "expected")
    try:
        shape = np.broadcast_shapes(a.shape, e.shape)
    except ValueError:
        raise ValueError(f"check_precision: actual has shape {a.shape} and expected {e.shape}; "
                         "they must match (or broadcast)") from None
    a = np.broadcast_to(a, shape).astype(np.float64)
    e = np.broadcast_to(e, shape).astype(np.float64)
    n = int(a.size)
    if n == 0:
        return PrecisionResult(name, 0, 0.0, 0.0, 1.0, None, None, None, float(atol), rtol, "pass")
    same = (a == e) | (np.isnan(a) & np.isnan(e)) if equal_nan else (a == e)
    with np.errstate(invalid="ignore", over="ignore"):
        diff = np.where(same, 0.0, np.abs(a - e))
    diff = np.where(np.isnan(diff), np.inf, diff)  # inf - inf where the signs differ
    nonfinite = int(np.count_nonzero(~np.isfinite(a) & ~same))
    nonfinite_vs_nonfinite = int(np.count_nonzero(~np.isfinite(a) & ~np.isfinite(e) & ~same))
    worst_flat = int(np.argmax(diff))
    worst = tuple(int(i) for i in np.unravel_index(worst_flat, shape))
    max_abs = float(diff.flat[worst_flat])
    nz = (e != 0) & np.isfinite(e)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        rel = diff[nz] / np.abs(e[nz])
    mean_rel = float(np.mean(rel)) if rel.size else float("nan")
    cosine = _cosine(a, e, same)
    with np.errstate(invalid="ignore"):
        bound = atol + rtol * np.abs(e) if rtol else atol
    mismatched = int(np.count_nonzero(diff > bound))
    reasons = []
    if mismatched:
        reasons.append("max absolute error above the threshold")
    if nonfinite:
        reasons.append("non-finite outputs")
    if math.isnan(cosine) or cosine < COSINE_WARN:
        reasons.append("cosine similarity below 0.99")
    if reasons:
        verdict = "fail"
    elif cosine < COSINE_PASS:
        verdict, reasons = "warn", ["cosine similarity below 0.999"]
    else:
        verdict = "pass"
    return PrecisionResult(name, n, max_abs, mean_rel, cosine, worst, float(a.flat[worst_flat]),
                           float(e.flat[worst_flat]), float(atol), rtol, verdict, mismatched, nonfinite,
                           nonfinite_vs_nonfinite, reasons)


def _cosine(a: np.ndarray, e: np.ndarray, same: np.ndarray) -> float:
    """Cosine similarity in float64; NaN when either side holds a NaN/Inf the
    other does not match (the vectors have no direction then)."""
    if not (np.all(np.isfinite(a) | same) and np.all(np.isfinite(e) | same)):
        return float("nan")
    fin = np.isfinite(a) & np.isfinite(e)
    a, e = a[fin], e[fin]
    # Scale first: squares of large float32 values overflow nothing in float64,
    # but huge values (1e200) would.
    scale = max(float(np.max(np.abs(a), initial=0.0)), float(np.max(np.abs(e), initial=0.0)))
    if scale == 0:
        return 1.0  # both all zero
    a, e = a / scale, e / scale
    na, ne = float(np.sqrt(np.dot(a, a))), float(np.sqrt(np.dot(e, e)))
    if na == 0 or ne == 0:
        return 0.0  # one side all zero, the other not
    return float(np.clip(np.dot(a, e) / (na * ne), -1.0, 1.0))


def caller_location(skip_modules: Tuple[str, ...] = ()) -> dict:
    """file/line of the first frame outside asc.debug (and `skip_modules`): the
    user's line that asked for the comparison."""
    f = sys._getframe(1)
    prefixes = ("asc.debug",) + skip_modules
    while f is not None:
        mod = f.f_globals.get("__name__", "")
        if not mod.startswith(prefixes):
            return {"file": f.f_code.co_filename, "line": f.f_lineno}
        f = f.f_back
    return {"file": "?", "line": 0}


def emit(result: PrecisionResult, *, kind: str = "check", location: Optional[dict] = None,
         extra_lines: Optional[List[str]] = None, stream=None, kernel: Optional[str] = None) -> None:
    """Prints a result; a warning or a failure goes through asc.debug.findings."""
    where = f"{location['file']}:{location['line']}" if location else None
    lines = result.lines(where) + list(extra_lines or [])
    if result.verdict == "pass":
        out = stream or sys.stderr
        out.write("\n".join(lines) + "\n")
        out.flush()
        return
    report(Finding(tool="precision", kind=kind, severity="error" if result.verdict == "fail" else "warning",
                   lines=lines, locations=[location] if location else [], kernel=kernel,
                   extra={"max_abs_error": result.max_abs_error, "mean_rel_error": result.mean_rel_error,
                          "cosine": result.cosine, "worst_index": list(result.worst_index or ()),
                          "name": result.name}), stream)


def check_precision(actual: Any, expected: Any, *, atol: float = DEFAULT_ATOL, rtol: Optional[float] = None,
                    name: Optional[str] = None, quiet: bool = False) -> PrecisionResult:
    """Compares a kernel's output with a reference: prints the max absolute
    error, mean relative error, cosine similarity, the worst element and the
    verdict (pass / warn / fail), and returns them as a PrecisionResult
    (falsy when it failed). quiet=True returns without printing."""
    result = metrics(actual, expected, atol=atol, rtol=rtol, name=name)
    if not quiet:
        emit(result, location=caller_location())
    return result
