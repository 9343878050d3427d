"""asc.autotune: a kernel's tiling space, tuned on the timed Model.

    @asc.autotune(configs=[asc.Config(tile=1024, buffers=1), asc.Config(tile=4096, buffers=2), ...],
                  key=["n"])
    @asc.jit
    def vadd(x, y, z, n: int, tile: asc.ConstExpr[int], buffers: asc.ConstExpr[int]): ...

    vadd[8](x, y, z, n)          # the tuned parameters are not passed: the autotuner supplies them

At the first launch for a new key (the values of the `key` arguments; an
array contributes its shape and dtype), every config is launched once in
timing-only mode on the timed Model (under the NPU backend: timed on the
device, best wall time of three) and the fastest is used. The choice is kept
in memory and on disk (<cache dir>/autotune/, keyed by the kernel's source
digest, the key values, the config set, the platform and the backend).
A config that does not fit (a compile error, a Model fault such as a UB
overflow) is dropped with its reason; if none fits, one error lists them all.
`ASC_PRINT_AUTOTUNING=1` prints the winner.

`prune_configs_by` follows Triton: {"early_config_prune": f(configs, named_args) ->
configs, "perf_model": f(**named_args, **config) -> estimate, "top_k": n}.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any, Dict, List, Optional, Sequence, Tuple

from . import cache, settings
from .jit import JITFunction

__all__ = ["autotune", "Config", "Autotuner", "AutotuneError", "time_config"]


class Config:
    """One point of a kernel's tuning space: values for some of its parameters
    (usually asc.ConstExpr tile sizes)."""

    def __init__(self, **kwargs):
        if not kwargs:
            raise ValueError("asc.Config() needs at least one parameter value, e.g. asc.Config(tile=1024)")
        self.kwargs = dict(kwargs)

    def __eq__(self, other):
        return isinstance(other, Config) and self.kwargs == other.kwargs

    def __hash__(self):
        return hash(tuple(sorted(self.kwargs.items())))

    def __repr__(self):
        return "Config(" + ", ".join(f"{k}={v!r}" for k, v in self.kwargs.items()) + ")"


class AutotuneError(RuntimeError):
    """No config of the tuning space could be timed (each one's reason in the message)."""


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {text[0] if text else ''}".rstrip(": ")


def time_config(fn: JITFunction, grid, kwargs: Dict[str, Any]) -> Tuple[Optional[float], Optional[str]]:
    """(µs, None) for one launch of `fn[grid](**kwargs)`, timed in timing-only mode on the
    timed Model (or on the NPU), or (None, reason) when the config does not fit."""
    from .profiler.session import profile  # (not at `import asc`: the profiler imports numpy)
    from .runtime import config as rt_config

    try:
        backend = rt_config.current_backend()
        if getattr(backend, "name", "model") != "model":
            return _time_on_device(fn, grid, kwargs), None
        with profile(compute=False, exclusive=True) as prof:
            fn[grid](**kwargs)
        return prof.launches[-1].total_us, None
    except KeyboardInterrupt:
        raise
    except Exception as exc:  # noqa: BLE001 - a config that does not fit is dropped with its reason
        return None, _first_line(exc)


def _time_on_device(fn, grid, kwargs, repeat: int = 3) -> float:
    """Best wall time of `repeat` launches after a warm-up (the NPU backend synchronises each launch)."""
    fn[grid](**kwargs)  # compile and warm up
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn[grid](**kwargs)
        best = min(best, time.perf_counter() - t0)
    return best * 1e6


def _key_part(value) -> Any:
    if hasattr(value, "shape") and hasattr(value, "dtype"):
        return ("array", tuple(int(s) for s in value.shape), str(value.dtype))
    return repr(value)


class Autotuner:
    """What @asc.autotune returns: launch it like the kernel, `tuner[core_num](args...)`."""

    def __init__(self, fn: JITFunction, configs: Sequence[Config], key: Sequence[str],
                 prune_configs_by: Optional[dict] = None):
        if not isinstance(fn, JITFunction):
            raise TypeError("@asc.autotune goes above @asc.jit: @asc.autotune(...) then @asc.jit then def")
        configs = list(configs)
        if not configs or not all(isinstance(c, Config) for c in configs):
            raise TypeError("asc.autotune(configs=...) takes a non-empty list of asc.Config")
        params = set(fn.param_names)
        for c in configs:
            unknown = sorted(set(c.kwargs) - params)
            if unknown:
                raise TypeError(f"{c}: {fn.__name__} has no parameter {', '.join(map(repr, unknown))}")
        missing = [k for k in key if k not in params]
        if missing:
            raise TypeError(f"asc.autotune(key=...): {fn.__name__} has no parameter {', '.join(map(repr, missing))}")
        self.fn = fn
        self.configs = configs
        self.key = list(key)
        self.prune_configs_by = prune_configs_by or {}
        self.tuned_params = sorted({k for c in configs for k in c.kwargs})
        self.__name__ = fn.__name__
        self.__qualname__ = fn.__qualname__
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn
        self.best: Dict[Tuple, Config] = {}  # key values -> chosen config
        self.results: Dict[Tuple, List[dict]] = {}  # key values -> [{config, us, error}] of the last tuning

    def __getitem__(self, grid) -> "_TunedLaunch":
        return _TunedLaunch(self, grid)

    def using(self, config: Config) -> "_FixedConfig":
        """`tuner.using(asc.Config(...))[core_num](args...)`: launch with this config, no tuning
        (a profile still records the tuning space, so asc-profile --auto-tune can re-time it)."""
        if not isinstance(config, Config):
            raise TypeError(f"{self.__name__}.using() takes an asc.Config, got {type(config).__name__}")
        return _FixedConfig(self, config)

    def __call__(self, *args, **kwargs):
        core_num = self.fn.launch_options.core_num
        if core_num is None:
            raise TypeError(f"launch the kernel as {self.__name__}[core_num](args...)")
        return self[core_num](*args, **kwargs)

    # -- tuning ---------------------------------------------------------------
    def _named_args(self, args, kwargs) -> Dict[str, Any]:
        clash = sorted(set(kwargs) & set(self.tuned_params))
        if clash:
            raise TypeError(f"{self.__name__}(): {', '.join(clash)} is chosen by asc.autotune; do not pass it")
        free = [n for n in self.fn.param_names if n not in self.tuned_params or n in kwargs]
        if len(args) > len(free):
            raise TypeError(f"{self.__name__}() takes {len(free)} arguments besides the tuned "
                            f"{', '.join(self.tuned_params)}, got {len(args)}")
        named = dict(zip(free, args))
        for k, v in kwargs.items():
            if k in named:
                raise TypeError(f"{self.__name__}(): got multiple values for argument {k!r}")
            named[k] = v
        return named

    def _disk_path(self, key_values, grid) -> str:
        from .runtime import config as rt_config
        current = rt_config.current_backend()
        platform = getattr(getattr(current, "platform", None), "name", "?")
        backend = getattr(current, "name", "?")
        d = cache.digest(self.fn.source_digest(), key_values, grid, [c.kwargs for c in self.configs],
                         platform, backend)
        return os.path.join(settings.cache_dir.get(), "autotune", d[:2], d + ".json")

    def _prune(self, named) -> List[Config]:
        configs = list(self.configs)
        p = self.prune_configs_by
        if p.get("early_config_prune"):
            configs = list(p["early_config_prune"](configs, named))
        if p.get("perf_model") and p.get("top_k"):
            k = p["top_k"]
            k = int(k * len(configs)) if isinstance(k, float) and k <= 1 else int(k)
            configs = sorted(configs, key=lambda c: p["perf_model"](**named, **c.kwargs))[:max(1, k)]
        return configs or list(self.configs)

    def tune(self, grid, named: Dict[str, Any]) -> Config:
        key_values = tuple(_key_part(named.get(k)) for k in self.key)
        best = self.best.get(key_values)
        if best is not None:
            return best
        path = self._disk_path(key_values, grid)
        try:
            with open(path) as f:
                stored = json.load(f)
            best = Config(**stored["config"])
            if best in self.configs:
                self.best[key_values] = best
                return best
        except (OSError, ValueError, KeyError, TypeError):
            pass
        results = []
        for c in self._prune(named):
            us, err = time_config(self.fn, grid, {**named, **c.kwargs})
            results.append({"config": c, "us": us, "error": err})
        self.results[key_values] = results
        timed = [r for r in results if r["us"] is not None]
        if not timed:
            raise AutotuneError(f"asc.autotune: no config of {self.__name__} could be timed:\n" +
                                "\n".join(f"  {r['config']}: {r['error']}" for r in results))
        win = min(timed, key=lambda r: r["us"])
        best = self.best[key_values] = win["config"]
        _store(path, {"config": best.kwargs, "us": win["us"], "key": [str(k) for k in key_values]})
        if settings.print_autotuning.get() not in (None, "0"):
            dropped = [r for r in results if r["us"] is None]
            keys = ", ".join(f"{k}={v}" for k, v in zip(self.key, key_values))
            print(f"asc.autotune: {self.__name__} ({keys}): best {best} {win['us']:.2f} us "
                  f"(of {len(results)} configs{f', {len(dropped)} dropped' if dropped else ''})", file=sys.stderr)
            for r in dropped:
                print(f"asc.autotune:   dropped {r['config']}: {r['error']}", file=sys.stderr)
        return best


def _store(path: str, data: dict) -> None:
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w") as f:
            json.dump(data, f)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache only costs a re-tune next time


class _TunedLaunch:
    __slots__ = ("tuner", "grid")

    def __init__(self, tuner: Autotuner, grid):
        self.tuner = tuner
        self.grid = grid

    def __call__(self, *args, **kwargs):
        t = self.tuner
        named = t._named_args(args, kwargs)
        return _launch_with(t, self.grid, named, t.tune(self.grid, named))


class _FixedConfig:
    __slots__ = ("tuner", "config")

    def __init__(self, tuner: Autotuner, config: Config):
        self.tuner = tuner
        self.config = config

    def __getitem__(self, grid):
        t, c = self.tuner, self.config
        return lambda *args, **kwargs: _launch_with(t, grid, t._named_args(args, kwargs), c)


def _launch_with(t: Autotuner, grid, named: Dict[str, Any], config: Config):
    """Launches the kernel with `config`; a profile records the tuning space with the launch."""
    from .profiler import launch_spec

    launch_spec.set_context({"configs": [c.kwargs for c in t.configs], "key": t.key, "config": config.kwargs,
                             "tuned_params": t.tuned_params})
    try:
        return t.fn[grid](**named, **config.kwargs)
    finally:
        launch_spec.clear_context()


def autotune(configs: Sequence[Config], key: Sequence[str], prune_configs_by: Optional[dict] = None):
    """Decorator over @asc.jit: tune the kernel's parameters over `configs` per value of `key`."""
    if isinstance(key, str):
        key = [key]

    def deco(fn):
        return Autotuner(fn, configs, key, prune_configs_by)
    return deco
