"""Re-timing a stored launch from its spec alone (store.py): the emitted Ascend C
is compiled for the Model again and launched in timing-only mode on zero
arrays of the recorded shapes, with the recorded scalars and grid. Needs
neither the data nor the Python that produced the kernel; what changes the
answer is the platform (or cycle-model parameters) it is re-timed on.

    from asc.profiler import store, retime
    lp = retime.retime(store.load("my_test.prof").launches[0].spec, platform="Ascend910B2")
"""

from __future__ import annotations

from typing import Optional

from .. import cache
from .records import LaunchProfile
from .session import profile


class RetimeError(ValueError):
    """The spec lacks what a re-run needs (e.g. a launch recorded without its Ascend C)."""


def retime(spec: dict, platform: Optional[str] = None, **params) -> LaunchProfile:
    """The LaunchProfile of the spec's kernel re-run in timing-only mode (on `platform`,
    default the recorded one; `params` override cycle-model parameters)."""
    import numpy as np

    from ..runtime.backend import CompiledKernel, ParamSpec
    from ..runtime.model import ModelBackend
    from ..runtime.platforms import get_platform

    a = spec.get("ascendc")
    if not a or not spec.get("params"):
        raise RetimeError(f"launch of {spec.get('kernel')!r} was recorded without its Ascend C; it cannot be re-run")
    ps = [ParamSpec(**p) for p in a["params"]]
    key = cache.digest("retime", a["source"], [p.__dict__ for p in ps])
    kernel = CompiledKernel(name=a["name"], source=a["source"], mlir="", params=ps, key=key,
                            cache_dir=cache.entry_dir(key), kernel_type=a.get("kernel_type", "AIV_ONLY"))
    runtime = []
    for p in spec["params"]:
        if p["kind"] == "array":
            runtime.append(np.zeros(p["shape"], np.dtype(p["dtype"])))
        elif p["kind"] == "scalar":
            runtime.append(p["value"])
    if len(runtime) != len(ps):
        raise RetimeError(f"launch of {spec.get('kernel')!r}: {len(runtime)} runtime arguments recorded, the "
                          f"kernel takes {len(ps)}")
    backend = ModelBackend(get_platform(platform or spec.get("platform") or "Ascend910B1"))
    launcher = backend.load(kernel)
    with profile(compute=False, exclusive=True, **params) as prof:
        launcher(spec["grid"], None, runtime)
    lp = prof.launches[-1]
    lp.kernel = spec.get("kernel", lp.kernel)
    lp.spec = dict(spec, platform=lp.platform)
    return lp
