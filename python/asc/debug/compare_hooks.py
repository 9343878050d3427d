"""--precision-check: report the comparisons a script makes on kernel outputs.

While installed, numpy's (and torch's, once torch is imported) allclose-style
comparisons are wrapped: when one side is a kernel output (or a view of one;
launch_watch knows them), the comparison is also measured with
check_precision's metrics, using the call's own tolerances, and printed with
the script's file:line. The wrapped function then runs unchanged: same return
value, same exception, so the script behaves as without the check.
Comparisons of arrays no kernel wrote are not reported.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib.abc
import sys
import threading
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from . import launch_watch
from .precision import caller_location, emit, metrics

# name -> (module path, attribute, default atol, default rtol, positional index of atol, of rtol);
# EQUAL_NAN: the function's default equal_nan and the positional index of that argument (NaN
# equal to NaN or not decides whether the call returns True: the report must agree with it)
NUMPY_FUNCS: Dict[str, Tuple[str, str, float, float, Optional[int], Optional[int]]] = {
    "numpy.allclose": ("numpy", "allclose", 1e-8, 1e-5, 3, 2),
    "numpy.isclose": ("numpy", "isclose", 1e-8, 1e-5, 3, 2),
    "numpy.array_equal": ("numpy", "array_equal", 0.0, 0.0, None, None),
    "numpy.testing.assert_allclose": ("numpy.testing", "assert_allclose", 0.0, 1e-7, 3, 2),
    "numpy.testing.assert_array_equal": ("numpy.testing", "assert_array_equal", 0.0, 0.0, None, None),
    "numpy.testing.assert_equal": ("numpy.testing", "assert_equal", 0.0, 0.0, None, None),
}
# assert_array_almost_equal / assert_almost_equal: |a - e| < 1.5 * 10**-decimal (decimal = 6, arg 2).
DECIMAL_FUNCS = {"numpy.testing.assert_array_almost_equal": ("numpy.testing", "assert_array_almost_equal"),
                 "numpy.testing.assert_almost_equal": ("numpy.testing", "assert_almost_equal")}
TORCH_FUNCS = {"torch.allclose": ("torch", "allclose", 1e-8, 1e-5, 3, 2),
               "torch.isclose": ("torch", "isclose", 1e-8, 1e-5, 3, 2),
               "torch.equal": ("torch", "equal", 0.0, 0.0, None, None)}

EQUAL_NAN: Dict[str, Tuple[bool, Optional[int]]] = {
    "numpy.allclose": (False, 4), "numpy.isclose": (False, 4), "numpy.array_equal": (False, 2),
    "numpy.testing.assert_allclose": (True, 4), "torch.allclose": (False, 4), "torch.isclose": (False, 4),
    "torch.equal": (False, None),
}

_state = threading.local()
_originals: Dict[Tuple[str, str], Callable] = {}
reported: List[dict] = []  # what was reported (for tests and the summary)


def _tolerances(args, kwargs, atol, rtol, i_atol, i_rtol):
    if i_rtol is not None and len(args) > i_rtol:
        rtol = args[i_rtol]
    if i_atol is not None and len(args) > i_atol:
        atol = args[i_atol]
    return float(kwargs.get("atol", atol)), float(kwargs.get("rtol", rtol))


def _equal_nan(qualname: str, args, kwargs) -> bool:
    default, index = EQUAL_NAN.get(qualname, (True, None))
    if "equal_nan" in kwargs:
        return bool(kwargs["equal_nan"])
    if index is not None and len(args) > index:
        return bool(args[index])
    return default


def _said_different(outcome) -> bool:
    """The compared call's own answer was "not close": False, an all-False-somewhere bool array,
    or an AssertionError (the assert_* functions)."""
    if isinstance(outcome, AssertionError):
        return True
    if isinstance(outcome, (bool, np.bool_)):
        return not outcome
    if isinstance(outcome, np.ndarray) and outcome.dtype == np.bool_:
        return not bool(outcome.all())
    return False


def _measure(qualname: str, a: Any, b: Any, atol: float, rtol: float, equal_nan: bool = True):
    """The comparison's metrics when a side is a kernel output (else None); never raises."""
    try:
        out = launch_watch.output_of(a)
        actual, expected = a, b
        if out is None:
            out = launch_watch.output_of(b)
            actual, expected = b, a
        if out is None:
            return None
        where = caller_location(("numpy", "torch"))
        res = metrics(actual, expected, atol=atol, rtol=rtol or None, name=out.label, equal_nan=equal_nan)
        return res, where, out
    except Exception as exc:  # noqa: BLE001 - the check must never change the script's behaviour
        sys.stderr.write(f"[WARNING] precision check of a {qualname}() call skipped: {exc}\n")
        return None


def _report(qualname: str, measured, atol: float, rtol: float, outcome) -> None:
    """Prints the measured comparison. A call that answered "not close" is never reported as
    passed: whatever the metrics say, its verdict becomes a failure that says so."""
    try:
        res, where, out = measured
        extra = [f"  Compared by {qualname}() (atol={atol:g}, rtol={rtol:g})"]
        if _said_different(outcome) and res.verdict != "fail":
            what = "raised AssertionError" if isinstance(outcome, AssertionError) else "returned False"
            res = dataclasses.replace(res, verdict="fail", reasons=res.reasons + [f"{qualname}() {what}"])
            extra.append(f"  {qualname}() {what} although the metrics are within the bands "
                         f"(elements outside its own tolerance, or NaN with equal_nan=False)")
        reported.append({"function": qualname, "file": where["file"], "line": where["line"],
                         "kernel": out.kernel, "output": out.name, "verdict": res.verdict,
                         "max_abs_error": res.max_abs_error, "cosine": res.cosine})
        emit(res, kind="comparison", location=where, kernel=out.kernel, extra_lines=extra)
    except Exception as exc:  # noqa: BLE001
        sys.stderr.write(f"[WARNING] precision check of a {qualname}() call skipped: {exc}\n")


def _wrapper(qualname: str, fn: Callable, tolerances: Callable) -> Callable:
    @functools.wraps(fn)
    def hooked(*args, **kwargs):
        if getattr(_state, "busy", False) or len(args) < 2:
            return fn(*args, **kwargs)
        _state.busy = True  # comparisons made by the comparison (or by the metrics) are not reported
        try:
            atol, rtol = tolerances(args, kwargs)
            measured = _measure(qualname, args[0], args[1], atol, rtol, _equal_nan(qualname, args, kwargs))
            try:
                result = fn(*args, **kwargs)
            except AssertionError as exc:
                if measured is not None:
                    _report(qualname, measured, atol, rtol, exc)
                raise
            if measured is not None:
                _report(qualname, measured, atol, rtol, result)
            return result
        finally:
            _state.busy = False

    hooked.__asc_precision_hook__ = fn  # type: ignore[attr-defined]
    return hooked


def _install_table(table) -> None:
    for qualname, (mod, attr, atol, rtol, i_atol, i_rtol) in table.items():
        module = sys.modules.get(mod)
        fn = getattr(module, attr, None) if module else None
        if fn is None or hasattr(fn, "__asc_precision_hook__"):
            continue
        _originals[(mod, attr)] = fn
        setattr(module, attr, _wrapper(qualname, fn, functools.partial(_tolerances, atol=atol, rtol=rtol,
                                                                       i_atol=i_atol, i_rtol=i_rtol)))


def _decimal_tolerances(args, kwargs):
    decimal = kwargs.get("decimal", args[2] if len(args) > 2 else 6)
    return 1.5 * 10.0 ** (-float(decimal)), 0.0


def _install_numpy() -> None:
    import numpy.testing  # noqa: F401

    _install_table(NUMPY_FUNCS)
    for qualname, (mod, attr) in DECIMAL_FUNCS.items():
        module = sys.modules[mod]
        fn = getattr(module, attr, None)
        if fn is None or hasattr(fn, "__asc_precision_hook__"):
            continue
        _originals[(mod, attr)] = fn
        setattr(module, attr, _wrapper(qualname, fn, _decimal_tolerances))


def _install_torch() -> None:
    _install_table(TORCH_FUNCS)
    testing = sys.modules.get("torch.testing")
    fn = getattr(testing, "assert_close", None) if testing else None
    if fn is not None and not hasattr(fn, "__asc_precision_hook__"):
        _originals[("torch.testing", "assert_close")] = fn
        # assert_close's defaults depend on the dtype (float32: rtol 1.3e-6, atol 1e-5)
        setattr(testing, "assert_close",
                _wrapper("torch.testing.assert_close", fn,
                         lambda args, kw: (float(kw.get("atol") or 1e-5), float(kw.get("rtol") or 1.3e-6))))


class _TorchImportHook(importlib.abc.MetaPathFinder):
    """Hooks torch's comparisons once the script imports torch (torch is never
    imported on the script's behalf: it takes seconds)."""

    def find_spec(self, name, path=None, target=None):
        if name != "torch":
            return None
        sys.meta_path.remove(self)
        try:
            import importlib.util

            spec = importlib.util.find_spec(name)
        finally:
            pass
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        orig_exec = loader.exec_module

        def exec_module(module):
            orig_exec(module)
            try:
                _install_torch()
            except Exception as exc:  # noqa: BLE001
                sys.stderr.write(f"[WARNING] torch comparisons not hooked: {exc}\n")

        loader.exec_module = exec_module
        return spec


_installed = False


def install() -> None:
    """Hooks the comparisons (idempotent); launches are watched from now on."""
    global _installed
    launch_watch.install()
    launch_watch.track_outputs()
    if _installed:
        return
    _installed = True
    _install_numpy()
    if "torch" in sys.modules:
        _install_torch()
    else:
        sys.meta_path.insert(0, _TorchImportHook())


def uninstall() -> None:
    global _installed
    for (mod, attr), fn in _originals.items():
        module = sys.modules.get(mod)
        if module is not None:  # (a module removed since keeps nothing of ours)
            setattr(module, attr, fn)
    _originals.clear()
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _TorchImportHook)]
    _installed = False
