"""Collects the launches of a side while it runs unchanged.

While a `Collector` is open every `kernel[core_num](...)` call of the process is
seen through a launch hook (asc.runtime.hooks): the kernel's name and array
arguments are noted, the launch runs inside an `asc.profile()` session (the
timed Model's prediction and the instrumentation stream the work is counted
from), and with measure="wall" the same launch is then repeated without hooks
for wall-clock samples (asc.bench.wall). A launch on a backend other than the
Model (the NPU) is timed by its samples; its work is counted by launching it
once more on the Model in timing-only mode.
"""

from __future__ import annotations

import threading
from typing import Callable, List, Optional

import numpy as np

from .launches import Launch
from .work import count

TOP_LINES = 5


_local = threading.local()  # .busy: the collector's own launches (samples, work counts) are not collected


class Collector:
    def __init__(self, measure: str = "model", compute: bool = True, sampler: Optional[Callable] = None):
        if measure not in ("model", "wall"):
            raise ValueError(f"measure must be 'model' or 'wall', not {measure!r}")
        self.measure = measure
        self.compute = compute
        self.sampler = sampler  # fn(call) -> [seconds]; asc.bench.wall.sample by default
        self.launches: List[Launch] = []
        self._hook = None

    def __enter__(self):
        from ..profiler import session
        from ..runtime import hooks

        session.hold()  # (the session this collector opens for a launch is seen by that launch)
        self._hook = hooks.add(self._enter, self._exit, hooks.ORDER_COLLECT)
        return self

    def __exit__(self, *exc):
        from ..profiler import session

        self._hook.remove()
        session.release()
        return False

    # -- one launch (launch hooks: asc.runtime.hooks) ---------------------------------
    def _enter(self, ctx) -> None:
        if getattr(_local, "busy", False) or ctx.jit is None or ctx.world is not None:
            return
        from .. import profile

        prof = profile(compute=self.compute)
        prof.attach()
        ctx.data["collect"] = prof

    def _exit(self, ctx, exc) -> None:
        prof = ctx.data.pop("collect", None)
        if prof is None:
            return
        prof.detach()
        if exc is not None:  # a fault propagates to the side's runner
            return
        from ..runtime import config

        lp = prof.launches[-1] if prof.launches else None
        backend = ctx.backend
        samples: List[float] = []
        _local.busy = True
        try:
            if self.measure == "wall":
                from .wall import sample

                sampler = self.sampler or sample
                samples = [s * 1e6 for s in sampler(ctx.run_plain)]
            if lp is None:  # not on the Model: count the work there, timing only
                lp = _on_model(ctx)
        finally:
            _local.busy = False
        platform = lp.platform if lp is not None else config.platform.value
        _, args, kwargs = ctx.call or (None, ctx.args, {})
        rec = Launch(kernel=ctx.name, core_num=int(ctx.core_num), arrays=_arrays(ctx.jit, args, kwargs),
                     platform=platform, backend=getattr(backend, "name", "model"),
                     time_us=lp.total_us if lp is not None and backend.name == "model" else None,
                     samples_us=samples, work=count(lp) if lp is not None else None,
                     compute=bool(lp.compute) if lp is not None else True, profile=_profile(lp))
        self.launches.append(rec)


def _arrays(jitfn, args, kwargs) -> List[dict]:
    names = list(getattr(jitfn, "param_names", []))
    bound = list(zip(names, args)) if names else [(f"arg{i}", a) for i, a in enumerate(args)]
    bound += list(kwargs.items())
    out = []
    for name, value in bound:
        if isinstance(value, np.ndarray):
            out.append({"name": name, "shape": list(value.shape), "dtype": str(value.dtype)})
    return out


def _on_model(ctx):
    """Launches the call once more on the Model (timing only) for its work counts."""
    from .. import profile
    from ..runtime import config

    if ctx.call is None:
        return None
    launch, args, kwargs = ctx.call
    was = (config.backend, config.platform)
    try:
        config.set_platform(config.Backend.Model, was[1])
        with profile(compute=False) as prof:
            launch(*args, **kwargs)
        return prof.launches[-1] if prof.launches else None
    finally:
        config.set_platform(was[0], was[1], check=False)


def _profile(lp) -> dict:
    """The parts of the candidate's profile the advice reads."""
    if lp is None:
        return {}
    share = {}
    total_busy = sum(lp.pipes.values())
    if total_busy > 0:
        share = {k: v / total_busy for k, v in lp.pipes.items()}
    from ..profiler.analysis import overlap

    return {"breakdown": dict(lp.breakdown), "pipes_us": dict(lp.pipes), "pipe_share": share,
            "overlap": overlap(lp),
            "block_dim": lp.block_dim, "peak_hbm_bandwidth": lp.peak_hbm_bandwidth,
            "hbm_bandwidth": lp.hbm_bandwidth,
            "lines": [[f, int(line), float(c), int(n)] for f, line, c, n in lp.lines[:TOP_LINES]]}
