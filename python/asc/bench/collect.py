"""Collects the launches of a side while it runs unchanged.

While a `Collector` is open every `kernel[core_num](...)` call of the process is
seen: the kernel's name and array arguments are noted, the launch runs inside
`asc.profile()` (the timed Model's prediction and the instrumentation stream the
work is counted from), and with measure="wall" the same call is then repeated
for wall-clock samples (asc.bench.wall). A launch on a backend other than the
Model (the NPU) is timed by its samples; its work is counted by launching it
once more on the Model in timing-only mode.
"""

from __future__ import annotations

from typing import Callable, List, Optional

import numpy as np

from .launches import Launch
from .work import count

TOP_LINES = 5


class Collector:
    def __init__(self, measure: str = "model", compute: bool = True, sampler: Optional[Callable] = None):
        if measure not in ("model", "wall"):
            raise ValueError(f"measure must be 'model' or 'wall', not {measure!r}")
        self.measure = measure
        self.compute = compute
        self.sampler = sampler  # fn(call) -> [seconds]; asc.bench.wall.sample by default
        self.launches: List[Launch] = []
        self._orig = None

    def __enter__(self):
        jit = _jit_module()
        self._orig = orig = jit._Launch.__call__
        collector = self

        def collected_call(launch, *args, **kwargs):
            return collector._launch(orig, launch, args, kwargs)

        jit._Launch.__call__ = collected_call
        return self

    def __exit__(self, *exc):
        _jit_module()._Launch.__call__ = self._orig
        return False

    # -- one launch -----------------------------------------------------------------
    def _launch(self, orig, launch, args, kwargs):
        from .. import profile
        from ..runtime import config

        jitfn = launch.jitfn
        backend = config.current_backend()
        with profile(compute=self.compute) as prof:
            result = orig(launch, *args, **kwargs)  # a fault propagates to the side's runner
        lp = prof.launches[-1] if prof.launches else None
        samples: List[float] = []
        if self.measure == "wall":
            from .wall import sample

            sampler = self.sampler or sample
            samples = [s * 1e6 for s in sampler(lambda: orig(launch, *args, **kwargs))]
        if lp is None:  # not on the Model: count the work there, timing only
            lp = _on_model(orig, launch, args, kwargs)
        platform = lp.platform if lp is not None else config.platform.value
        rec = Launch(kernel=jitfn.__name__, core_num=int(launch.core_num), arrays=_arrays(jitfn, args, kwargs),
                     platform=platform, backend=getattr(backend, "name", "model"),
                     time_us=lp.total_us if lp is not None and backend.name == "model" else None,
                     samples_us=samples, work=count(lp) if lp is not None else None,
                     compute=bool(lp.compute) if lp is not None else True, profile=_profile(lp))
        self.launches.append(rec)
        return result


def _jit_module():
    import importlib

    return importlib.import_module("asc.jit")  # (the package's `asc.jit` name is the decorator)


def _arrays(jitfn, args, kwargs) -> List[dict]:
    names = list(getattr(jitfn, "param_names", []))
    bound = list(zip(names, args)) if names else [(f"arg{i}", a) for i, a in enumerate(args)]
    bound += list(kwargs.items())
    out = []
    for name, value in bound:
        if isinstance(value, np.ndarray):
            out.append({"name": name, "shape": list(value.shape), "dtype": str(value.dtype)})
    return out


def _on_model(orig, launch, args, kwargs):
    """Launches the call once on the Model (timing only) for its work counts."""
    from .. import profile
    from ..runtime import config

    was = (config.backend, config.platform)
    try:
        config.set_platform(config.Backend.Model, was[1])
        with profile(compute=False) as prof:
            orig(launch, *args, **kwargs)
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
