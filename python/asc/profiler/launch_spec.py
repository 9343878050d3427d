"""What a profiled launch was, so that it can be re-timed later without its data.

`capture(ctx)` is called by the profiler's launch hook with the launch's
asc.runtime.hooks.LaunchContext (the @asc.jit function, its specialization key
and the runtime arguments; the profiler layer reads them rather than importing
the front end) and returns a JSON-ready dict:

    kernel, qualname, module, file, line     where the @asc.jit function is defined
    source_digest                            asc's digest of its code (and of what it names)
    grid                                     core_num of the launch
    params   [{name, kind: array|scalar|const, dtype, shape | value}]
    ascendc  {source, params}                the emitted Ascend C and its ParamSpecs
    autotune {configs, key, config}          when the launch came through asc.autotune
                                             (set by it: set_context)
    platform                                 added by the session

A value that JSON cannot hold is kept as its repr with `"replayable": False`.
"""

from __future__ import annotations

import threading
from typing import Optional

from .._lazy import lazy_module

np = lazy_module("numpy", globals(), "np")  # imported at first use (asc/_lazy.py)

# Set by asc.autotune around the launch of its chosen config ({"configs", "key", "config",
# "tuned_params"}), per thread: a launch runs in the thread that called it.
_local = threading.local()


def set_context(ctx: dict) -> None:
    _local.ctx = dict(ctx)


def clear_context() -> None:
    _local.ctx = None

_JSON_SCALARS = (bool, int, float, str, type(None))


def plain(value):
    """A JSON-ready form of a compile-time value, or None if it has none."""
    if isinstance(value, _JSON_SCALARS):
        return value
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (tuple, list)):
        items = [plain(v) for v in value]
        return None if any(i is None and v is not None for i, v in zip(items, value)) else items
    return None


def capture(launch_ctx) -> Optional[dict]:
    """The spec of the launch `launch_ctx` (asc.runtime.hooks.LaunchContext), or None
    for a launch not made by asc.jit."""
    fn, key = launch_ctx.jit, launch_ctx.key
    if fn is None or key is None:
        return None
    runtime = list(launch_ctx.args)
    code = fn.fn.__code__
    spec = {"kernel": fn.__name__, "qualname": fn.__qualname__, "module": fn.__module__,
            "file": code.co_filename, "line": code.co_firstlineno, "source_digest": fn.source_digest(),
            "grid": launch_ctx.core_num, "params": [], "replayable": True}
    values = iter(runtime)
    for name, k in zip(fn.param_names, key):
        if isinstance(k, tuple) and k and k[0] == "c":
            v = plain(k[1])
            p = {"name": name, "kind": "const", "value": v if v is not None or k[1] is None else repr(k[1])}
            if v is None and k[1] is not None:
                p["replayable"] = spec["replayable"] = False
        else:
            arg = next(values, None)
            if hasattr(arg, "shape") and hasattr(arg, "dtype"):
                p = {"name": name, "kind": "array", "dtype": str(np.dtype(str(arg.dtype).replace("torch.", ""))),
                     "shape": [int(s) for s in arg.shape]}
            else:
                p = {"name": name, "kind": "scalar", "type": type(arg).__name__, "value": plain(arg)}
        spec["params"].append(p)
    compiled = launch_ctx.kernel
    if compiled is not None:
        spec["ascendc"] = {"name": compiled.name, "source": compiled.source, "kernel_type": compiled.kernel_type,
                           "params": [dict(p.__dict__) for p in compiled.params]}
    ctx = getattr(_local, "ctx", None)
    if ctx:
        spec["autotune"] = dict(ctx)
    return spec
