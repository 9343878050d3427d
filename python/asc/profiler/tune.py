"""Re-timing the kernels of a .prof in timing-only mode: `asc-profile --auto-tune`.

A task is one (launch spec, config) pair, plain data, so that a local process
pool and a Ray cluster run the same function (`time_task`) and give the same
numbers (the timed Model is deterministic). A worker gets the kernel by
importing the module that defined it when that is an importable module, and
otherwise (the profiled script itself) by re-executing its file
(`load_kernel`): under a name other than `__main__` (a script's main block does
not run) and with Model launches stopped (top-level test code ends at its first
launch; the definitions above it are what is needed). Arguments are zero arrays of the recorded shapes and
dtypes: timing-only mode never reads them, and the recorded scalars and
compile-time values are passed as they were, the config's values on top.
"""

from __future__ import annotations

import os
import random
import sys
import time
import types
from typing import Callable, Dict, List, Optional

from .. import settings

QUICK_TUNE_CONFIGS = 10
QUICK_TUNE_SEED = 0

_modules: Dict[str, types.ModuleType] = {}


STALE = "the kernel changed"


class ReplayError(Exception):
    """The kernel of a launch cannot be loaded for re-timing."""


class _StopLaunch(BaseException):
    pass


def load_kernel(spec: dict):
    """The @asc.jit function (JITFunction) a launch spec names, from a fresh run of its module."""
    path, qualname = spec.get("file"), spec.get("qualname")
    if not path or not qualname:
        raise ReplayError(f"the profile does not say where kernel {spec.get('kernel')!r} is defined")
    if "<locals>" in qualname:
        raise ReplayError(f"kernel {qualname} is defined inside a function; only module-level kernels "
                          f"can be re-timed")
    if not os.path.isfile(path):
        raise ReplayError(f"{path}: the kernel's source file is gone (No such file or directory)")
    module = _modules.get(path)
    if module is None:
        module = _modules[path] = _imported(spec.get("module"), path) or _run_module(path)
    obj = module
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
        if obj is None:
            raise ReplayError(f"{path} defines no {qualname} before its first kernel launch")
    from ..jit import JITFunction
    obj = getattr(obj, "fn", obj) if not isinstance(obj, JITFunction) else obj  # an Autotuner wraps it
    if not isinstance(obj, JITFunction):
        raise ReplayError(f"{path}: {qualname} is not an @asc.jit kernel")
    return obj


def _imported(name: Optional[str], path: str) -> Optional[types.ModuleType]:
    """The kernel's module imported by its name when it is an importable module (not the
    script itself) and the import finds the recorded file; None otherwise."""
    if not name or name in ("__main__", "__asc_replay__"):
        return None
    import importlib

    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    try:
        module = importlib.import_module(name)
    except Exception:  # noqa: BLE001 - fall back to running the file
        return None
    got = getattr(module, "__file__", None)
    return module if got and os.path.realpath(got) == os.path.realpath(path) else None


def _run_module(path: str) -> types.ModuleType:
    from ..runtime import hooks

    with open(path, encoding="utf-8") as f:
        source = f.read()
    module = types.ModuleType("__asc_replay__")
    module.__file__ = path
    sys.modules["__asc_replay__"] = module
    # Same file name and lines, and none of this module's __future__ flags (string annotations
    # would change the kernel's digest): the kernel compiles to the cache entry the script's did.
    code = compile(source, path, "exec", dont_inherit=True)

    def stop(_ctx):  # the script's first launch ends the run: its definitions are what is wanted
        raise _StopLaunch()

    argv, sys.argv = sys.argv, [path]
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    hook = hooks.add(stop, None, hooks.ORDER_STOP)
    try:
        exec(code, module.__dict__)
    except _StopLaunch:
        pass
    except (Exception, SystemExit):  # noqa: BLE001 - test code after the definitions may fail without data
        pass
    finally:
        hook.remove()
        sys.argv = argv
    return module


def task_args(spec: dict, config: dict) -> dict:
    import numpy as np

    args = {}
    for p in spec["params"]:
        if p["kind"] == "array":
            args[p["name"]] = np.zeros(p["shape"], np.dtype(p["dtype"]))
        else:
            args[p["name"]] = p.get("value")
    args.update(config)
    return args


def time_task(task: dict) -> dict:
    """Times one config of one launch in timing-only mode: {"index", "config", "us", "error"}."""
    settings.profile.unset()  # a worker never profiles into the user's file
    out = {"index": task["index"], "config": task["config"], "us": None, "error": None, "wall_s": 0.0}
    t0 = time.perf_counter()
    try:
        from ..autotune import time_config
        from ..runtime import config as rt_config

        spec = task["spec"]
        fn = load_kernel(spec)
        stored = spec.get("source_digest")
        if stored and fn.source_digest() != stored:
            # the script was edited since the profile: timing the new kernel and calling it
            # "the profiled config" would compare two different kernels
            raise ReplayError(f"{STALE}: {spec.get('file')} was edited since it was profiled (the kernel's "
                              f"source digest differs); profile it again")
        plat = rt_config.Platform[spec["platform"]]
        if rt_config.backend != rt_config.Backend.Model or rt_config.platform != plat:
            rt_config.set_platform(rt_config.Backend.Model, plat)
        out["us"], out["error"] = time_config(fn, spec["grid"], task_args(spec, task["config"]))
    except ReplayError as exc:
        out["error"] = str(exc)
    except Exception as exc:  # noqa: BLE001
        out["error"] = f"{type(exc).__name__}: {str(exc).strip().splitlines()[0] if str(exc).strip() else ''}"
    out["wall_s"] = time.perf_counter() - t0  # compile + timing of this config, in the worker
    return out


def choose_configs(configs: List[dict], profiled: Optional[dict], quick: bool) -> List[dict]:
    """All configs, or for --quick-tune the profiled one plus QUICK_TUNE_CONFIGS - 1 drawn at
    random (seed QUICK_TUNE_SEED) from the others, in declaration order."""
    if not quick or len(configs) <= QUICK_TUNE_CONFIGS:
        return list(configs)
    rest = [i for i, c in enumerate(configs) if c != profiled]
    keep = set(random.Random(QUICK_TUNE_SEED).sample(rest, QUICK_TUNE_CONFIGS - (len(rest) < len(configs))))
    keep |= {i for i, c in enumerate(configs) if c == profiled}
    return [configs[i] for i in sorted(keep)]


# ------------------------------------------------------------------------------------------ runners

def _lost(task: dict, why: str) -> dict:
    """The result of a config whose worker died: reported with its config, never waited for."""
    return {"index": task["index"], "config": task["config"], "us": None, "wall_s": 0.0, "error": why}


def _pool_pass(tasks: List[dict], jobs: int, ctx, done: Callable[[dict], None], results: List[dict]) -> List[dict]:
    """Times the tasks in a pool of `jobs` spawned workers; returns the tasks whose result was lost
    because a worker process died (a dead worker breaks the whole pool: every unfinished task)."""
    import concurrent.futures as cf
    from concurrent.futures.process import BrokenProcessPool

    lost = []
    with cf.ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        futures = {pool.submit(time_task, t): t for t in tasks}
        for f in cf.as_completed(futures):
            try:
                r = f.result()
            except BrokenProcessPool:
                lost.append(futures[f])
                continue
            results.append(r)
            done(r)
    return sorted(lost, key=lambda t: t["index"])


def run_local(tasks: List[dict], jobs: int, done: Callable[[dict], None]) -> List[dict]:
    """Times the tasks with `jobs` worker processes (jobs 1: here, one after another).

    A worker process that dies (killed, crashed) breaks the pool: the configs left unfinished are
    timed again, each in a worker of its own, so that only a config whose worker dies again is
    reported as lost (with its config and why); the others' results are kept."""
    results: List[dict] = []
    if jobs <= 1:
        for t in tasks:
            r = time_task(t)
            results.append(r)
            done(r)
        return results
    import multiprocessing as mp

    settings.profile.unset()  # the spawned workers must not profile into the user's file
    # spawn: a fresh interpreter per worker (the Model's runtime threads do not survive fork)
    ctx = mp.get_context("spawn")
    for t in _pool_pass(tasks, jobs, ctx, done, results):
        for t in _pool_pass([t], 1, ctx, done, results):
            r = _lost(t, "the worker process timing this config died (killed or crashed), "
                         "and again when it was retried alone")
            results.append(r)
            done(r)
    return sorted(results, key=lambda r: r["index"])


RAY_HINT = 'install it with: pip install "ray[default]"'

# A Ray task whose worker dies (killed, crashed, its node lost) is run again this many times
# before its config is reported as lost.
RAY_RETRIES = 1


def ray_module():
    try:
        import ray  # noqa: F401
    except ImportError:
        return None
    return ray


def run_ray(tasks: List[dict], address: str, done: Callable[[dict], None], jobs: int = 2) -> List[dict]:
    """Times the tasks as Ray remote tasks (`ray.init(address)`; "local" starts a local Ray
    with `jobs` CPUs). A task whose worker dies is retried RAY_RETRIES times by Ray, then
    reported with its config (Ray's error in the result), never waited for."""
    ray = ray_module()
    if ray is None:
        raise ImportError(f"--ray needs Ray, which is not installed; {RAY_HINT}")
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    runtime_env = {"env_vars": {"PYTHONPATH": os.pathsep.join([here] + sys.path)}}
    local = address in ("", "local")
    start = {"num_cpus": max(1, jobs), "include_dashboard": False} if local else {}  # a local Ray: `jobs` CPUs
    ray.init(address=None if local else address, ignore_reinit_error=True, runtime_env=runtime_env,
             log_to_driver=False, **start)
    remote = ray.remote(num_cpus=1, max_retries=RAY_RETRIES)(time_task)
    pending = {remote.remote(t): t for t in tasks}
    results = []
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            task = pending.pop(ref)
            try:
                r = ray.get(ref)
            except ray.exceptions.RayError as exc:  # the worker (or its node) died: RAY_RETRIES used up
                why = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
                r = _lost(task, f"the Ray worker timing this config died ({type(exc).__name__}: {why}), "
                                f"also when retried {RAY_RETRIES} time(s)")
            results.append(r)
            done(r)
    return sorted(results, key=lambda r: r["index"])


def tune_launch(spec: dict, quick: bool, jobs: int, ray_address: Optional[str], progress: bool = True) -> dict:
    """Re-times the declared configs of one launch; returns the tuning's figures."""
    tune = spec.get("autotune")
    if not tune or not tune.get("configs"):
        raise ReplayError(f"kernel {spec.get('kernel')!r} declares no tuning space; decorate it with "
                          f"@asc.autotune(configs=[asc.Config(...), ...], key=[...]) above @asc.jit")
    if not spec.get("replayable", True):
        raise ReplayError(f"kernel {spec.get('kernel')!r} has a compile-time argument the profile could not "
                          f"record; it cannot be re-timed")
    configs = choose_configs(tune["configs"], tune.get("config"), quick)
    tasks = [{"index": i, "config": c, "spec": spec} for i, c in enumerate(configs)]
    best = {"us": None}
    bar = _progress_bar(len(tasks), progress)

    def done(r):
        if r["us"] is not None and (best["us"] is None or r["us"] < best["us"]):
            best.update(r)
        if bar is not None:
            bar.set_postfix_str(f"best {best['us']:.2f} us" if best["us"] is not None else "best -")
            bar.update(1)

    t0 = time.perf_counter()
    try:
        if ray_address is not None:
            results = run_ray(tasks, ray_address, done, jobs)
        else:
            results = run_local(tasks, jobs, done)
    finally:
        if bar is not None:
            bar.close()
    wall = time.perf_counter() - t0
    stale = next((r["error"] for r in results if (r["error"] or "").startswith(STALE)), None)
    if stale:
        raise ReplayError(stale)
    timed = [r for r in results if r["us"] is not None]
    profiled = next((r for r in results if r["config"] == tune.get("config")), None)
    win = min(timed, key=lambda r: (r["us"], r["index"])) if timed else None
    return {"kernel": spec.get("kernel"), "configs_declared": len(tune["configs"]), "configs_timed": len(results),
            "quick": quick, "results": results, "best": win, "profiled": profiled, "wall_s": wall,
            "runner": f"ray ({ray_address or 'local'})" if ray_address is not None else
            ("serial" if jobs <= 1 else f"{jobs} local processes")}


def _progress_bar(total: int, enabled: bool):
    if not enabled:
        return None
    from tqdm import tqdm
    return tqdm(total=total, desc="auto-tune", unit="config", file=sys.stderr, dynamic_ncols=True)
