"""Which arrays the kernels of this process wrote, for the precision checks.

While a precision check is on (asc-debug --precision-check / --precision-trace
/ --save-golden / --golden), every Model launch goes through this module's launch
hook (asc.runtime.hooks):
the GM arguments are copied before the launch, and those whose bytes changed
are the launch's outputs. They are remembered (weakly, by address range) so
that a later numpy/torch comparison involving one of them, or a view of it,
is known to be a comparison "on a kernel's output", and handed to the golden
file writer / checker with the launch's index, kernel and parameter names.

An output the kernel rewrote with the values it already held is not seen as
written (documented in docs/precision.md). With --precision-trace the launch
runs the kernel's shadow build (precision_trace.py): same results.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass
from typing import Any, Callable, List, Optional

import numpy as np


@dataclass
class Output:
    """One GM argument a launch wrote."""

    launch: int  # index of the launch in this process (0 = first)
    kernel: str
    arg_index: int  # position in the kernel's parameter list
    name: str  # the parameter's name
    array: Any  # the user's object (numpy array or torch tensor)

    @property
    def label(self) -> str:
        return f"output {self.name!r} of kernel {self.kernel} (launch {self.launch})"


# Called after each launch with (launch index, kernel name, [Output ...]).
_listeners: List[Callable[[int, str, List[Output]], None]] = []
_lock = threading.Lock()
_launches = 0
_hook = None  # the launch hook (asc.runtime.hooks), while installed
# Outputs still alive: (weakref or strong ref, first byte, end byte, Output without the array).
_outputs: List[tuple] = []
_MAX_TRACKED = 4096
# Whether launches must find their outputs (comparison hooks or golden files);
# a trace alone does not copy the arguments.
_track = False
_TIMING_ONLY = 1  # runtime.model.launch.LAUNCH_TIMING_ONLY (checked equal by the tests)


def _address_range(a: np.ndarray):
    ptr = a.__array_interface__["data"][0]
    return ptr, ptr + a.nbytes


def _numpy_of(x: Any) -> Optional[np.ndarray]:
    if isinstance(x, np.ndarray):
        return x
    if hasattr(x, "data_ptr") and hasattr(x, "numpy"):  # a CPU torch tensor (shares memory)
        try:
            return x.detach().numpy()
        except Exception:  # noqa: BLE001 - not a plain CPU tensor: not tracked
            return None
    return None


def output_of(x: Any) -> Optional[Output]:
    """The kernel output `x` is (or is a view of), or None."""
    a = _numpy_of(x)
    if a is None or a.size == 0:
        return None
    lo, hi = _address_range(a)
    with _lock:
        for ref, olo, ohi, out in reversed(_outputs):
            if lo < ohi and olo < hi and ref() is not None:
                return out
    return None


def _remember(outputs: List[Output]) -> None:
    with _lock:
        _outputs[:] = [o for o in _outputs if o[0]() is not None]
        for out in outputs:
            a = _numpy_of(out.array)
            if a is None:
                continue
            lo, hi = _address_range(a)
            try:
                ref = weakref.ref(out.array)
            except TypeError:
                ref = (lambda obj: (lambda: obj))(out.array)
            _outputs.append((ref, lo, hi, Output(out.launch, out.kernel, out.arg_index, out.name, None)))
        del _outputs[:-_MAX_TRACKED]


def _timing_only(ctx) -> bool:
    """The launch computes no data: the backend's flag, or a timing-only asc.profile()
    (its hook, which runs before this one, has set the launch's flag)."""
    return bool(ctx.all_launch_flags() & _TIMING_ONLY)


def _enter(ctx) -> None:
    """Launch hook: the launcher substituted while a trace is on; the GM arguments copied."""
    if getattr(ctx.backend, "name", "") != "model":
        return
    hook = _launcher_hook
    if hook is not None:
        ctx.launcher = hook(ctx.backend, ctx.kernel, ctx.launcher)
    # Timing-only launches (asc.profile(compute=False), asc.autotune's trials) compute
    # nothing: not outputs, and not counted, so golden launch numbers do not depend on
    # whether a tuning came from its cache.
    if not (_track or _listeners) or _timing_only(ctx):
        return
    args = ctx.args
    gm = [(i, p, _numpy_of(args[i])) for i, p in enumerate(ctx.kernel.params) if p.kind == "gm" and i < len(args)]
    ctx.data["watch"] = [(i, p, a, a.copy()) for i, p, a in gm if a is not None]


def _exit(ctx, exc) -> None:
    """Launch hook: the arguments whose bytes changed are the launch's outputs."""
    global _launches
    before = ctx.data.pop("watch", None)
    if before is None or exc is not None:
        return
    with _lock:
        index = _launches
        _launches += 1
    args = ctx.args
    outs = [Output(index, ctx.name, i, p.name, args[i]) for i, p, a, old in before if a.tobytes() != old.tobytes()]
    _remember(outs)
    for fn in list(_listeners):
        fn(index, ctx.name, outs)


# Another launcher for a Model launch, or None: fn(backend, kernel, launcher) -> launcher
# (launcher(block_dim, stream, args, ctx)). precision_trace sets it while a trace is on
# (it runs the kernel's shadow build).
_launcher_hook: Optional[Callable] = None


def set_launcher_hook(fn: Optional[Callable]) -> None:
    global _launcher_hook
    _launcher_hook = fn


def install() -> None:
    """Registers the launch hook: every Model launch is watched from now on (idempotent)."""
    global _hook
    from ..runtime import hooks

    if _hook is None:
        _hook = hooks.add(_enter, _exit, hooks.ORDER_WATCH)


def uninstall() -> None:
    global _hook
    if _hook is not None:
        _hook.remove()
        _hook = None


def track_outputs() -> None:
    """From now on every launch finds (and remembers) the arrays it wrote."""
    global _track
    _track = True


def add_listener(fn: Callable[[int, str, List[Output]], None]) -> None:
    if fn not in _listeners:
        _listeners.append(fn)
