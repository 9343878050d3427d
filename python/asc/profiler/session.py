"""asc.profile(): profiled launches.

While a profile is open (or when ASC_PROFILE=dir is set), every Model launch
records its instrumentation stream in memory (packed records, a C++ Observer
per core) and the cycle model (C++, cpp/model/src/cycle_model.cpp) replays it.
The session's launch hook (asc.runtime.hooks) is registered only while a
profile is open: with none open a launch pays nothing.
"""

from __future__ import annotations

import atexit
import time
from pathlib import Path
from typing import List, Optional

from .. import settings
from .records import LaunchProfile
from .cycle import RecordIO, Recording, simulate
from . import launch_spec

_active: List["profile"] = []
_hook = None  # the launch hook, registered while a session is open
_env_session: Optional["profile"] = None


class profile:
    """with asc.profile() as prof: kernel[48](...); prof.launches[-1].total_us

    output:  a folder; each launch's files go to <output>/<NNNN>_<kernel>/
    compute: False = timing-only mode: the Model checks and records every call but skips the
             data (DataCopy, vector, Mmad, Fixpipe element loops; GetValue returns 0, SetValue
             writes nothing), so output arrays are not touched; lp.compute is False
    cores:   simulate only the first `cores` blocks of each launch (the others assumed identical:
             each simulated core gets its 1/block_dim share of the HBM and L2 bandwidth and of
             the L2, as if the rest were running beside it); the profile says so
             (lp.cores_simulated). For big launches of identical cores, with compute=False.
    params:  optional overrides of the platform's cycle-model parameters
    prof:    a .prof file (profiler/store.py) every launch is appended to, created at the first launch
    exclusive: launches inside this session are recorded by it alone, not by the sessions around it
             (asc.autotune times its configs so, unseen by the user's profile)
    """

    def __init__(self, output=None, compute: bool = True, keep: bool = True, prof=None, exclusive: bool = False,
                 cores: Optional[int] = None, **params):
        self.output = None if output is None else Path(output)
        if self.output is not None and self.output.exists() and not self.output.is_dir():
            raise NotADirectoryError(f"asc.profile: output {str(self.output)!r} is a file, not a directory")
        self.compute = compute
        if cores is not None and (isinstance(cores, bool) or not isinstance(cores, int) or cores < 1):
            raise ValueError(f"asc.profile: cores must be a positive int (blocks to simulate), not {cores!r}")
        self.cores = cores
        self.keep = keep
        self.overrides = params
        self.prof = None if prof is None else Path(prof)
        self.exclusive = exclusive
        self.run: Optional[str] = None  # the run id the .prof is shared under (ASC_PROFILE sessions)
        self._writer = None
        self.launches: List[LaunchProfile] = []
        self.count = 0

    def __enter__(self):
        self.attach()
        return self

    def __exit__(self, *exc):
        self.detach()
        self.close()
        return False

    def attach(self) -> None:
        """Records the following launches, as inside `with` (a launch hook opens a session
        for one launch so: asc-bench's collector)."""
        _install()
        _active.append(self)

    def detach(self) -> None:
        if self in _active:
            _active.remove(self)
        if not _active:
            _uninstall()

    def close(self):
        """Closes the .prof (its launches are already committed)."""
        if self._writer is not None:
            self._writer.close()
            self._writer = None

    def _record(self, lp: LaunchProfile):
        self.count += 1
        if self.output is not None:
            name = "".join(c if c.isalnum() or c in "_-" else "_" for c in lp.kernel)
            lp.save(self.output / f"{self.count:04d}_{name}")
        if self.prof is not None:
            if self._writer is None:
                from .store import ProfWriter
                self._writer = ProfWriter(self.prof, run=self.run)
            self._writer.add(lp)
        if self.keep:
            self.launches.append(lp)


def _enter(ctx) -> None:
    """Launch hook: the launch records its stream for the open sessions (timing-only when one
    of them is, only the first blocks when one simulates fewer cores)."""
    sessions = list(_active)
    if not sessions or ctx.world is not None or getattr(ctx.backend, "name", "") != "model":
        # (a rank of asc.distributed.launch: ranks run at once, so they are timed there,
        # launch(profile=True); another backend has no recording)
        return
    inner = [s for s in sessions if s.exclusive]
    if inner:
        sessions = inner[-1:]
    platform = ctx.platform.name
    params = ctx.platform.timing  # (the Model's platform is a target record: its cycle-model parameters)
    compute = all(s.compute for s in sessions)  # one timing-only session makes the launch timing-only
    subsets = [s.cores for s in sessions if s.cores is not None]
    from ..runtime.model.abi import AIV_PER_BLOCK
    block_dim = int(ctx.core_num) * AIV_PER_BLOCK.get(ctx.kernel.kernel_type, 1)  # the cores the Model runs
    run = min([block_dim] + subsets)  # the blocks that run and are timed
    ctx.record_io = RecordIO()
    if not compute:
        from ..runtime.model.launch import LAUNCH_TIMING_ONLY
        ctx.launch_flags |= LAUNCH_TIMING_ONLY
    if run < block_dim:
        ctx.blocks_run = run
    ctx.data["profile"] = (sessions, params, platform, compute, run, block_dim)


def _exit(ctx, exc) -> None:
    got = ctx.data.pop("profile", None)
    if got is None:
        return
    sessions, params, platform, compute, run, block_dim = got
    io = ctx.record_io
    if exc is not None:  # a fault propagates unchanged
        if io.recording:  # (the runtime records nothing for a launch that faulted or was interrupted)
            io.free_recording(io.recording)
            io.recording = None
        return
    rec = Recording.take(io)
    from ..runtime import config as _config
    name = ctx.name
    spec = launch_spec.capture(ctx)
    forced = _config.forced_note()
    for s in sessions:
        p = params.with_overrides(**s.overrides) if s.overrides else params
        if run < block_dim:
            # The blocks that did not run still take their share of HBM and L2 bandwidth and
            # of the L2 itself (right for cores streaming their own data; cores sharing what
            # they read, like a matmul's B, need enough simulated cores to share it: 4 of 24
            # was within 3% of the full run on an 8192 x 8192 x 512 matmul, 1 of 24 was not).
            share = run / block_dim
            p = p.with_overrides(hbm_bytes_per_s=p.hbm_bytes_per_s * share, l2_bytes_per_s=p.l2_bytes_per_s * share,
                                 l2_fill_bytes_per_s=p.l2_fill_bytes_per_s * share, l2_bytes=p.l2_bytes * share)
        t0 = time.perf_counter()
        res = simulate(rec, p, ctx.aiv_per_aic, ctx.aic_base)
        lp = LaunchProfile(name, block_dim, p, rec, res, compute=compute, wall_s=time.perf_counter() - t0)
        lp.overrides = dict(s.overrides)
        lp.cores_simulated = run
        lp.spec = dict(spec, platform=platform) if spec is not None else {"kernel": name, "platform": platform,
                                                                          "grid": block_dim, "replayable": False}
        if forced:  # ASC_FORCE_BACKEND ran a launch the script meant for another backend
            lp.spec["forced_backend"] = forced
        s._record(lp)


_holds = 0  # hold(): the hook stays registered with no session open


def hold() -> None:
    """Keeps the profiler's launch hook registered until release(), so that a session
    attached by another hook during a launch is seen by that same launch."""
    global _holds
    _holds += 1
    _install()


def release() -> None:
    global _holds
    _holds -= 1
    if not _active:
        _uninstall()


def _install():
    global _hook
    if _hook is None:
        from ..runtime import hooks
        _hook = hooks.add(_enter, _exit, hooks.ORDER_PROFILE)


def _uninstall():
    global _hook
    if _hook is not None and _env_session is None and _holds == 0:
        _hook.remove()
        _hook = None


def check_params(params: dict, where: str) -> None:
    """ValueError (one line, `where` first) when `params` names a cycle-model parameter the
    platforms do not have (every platform file has the same parameters: A2.base.json's)."""
    if not params:
        return
    from ..runtime.platforms import get_platform
    known = get_platform("Ascend910B1").timing.values
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ValueError(f"{where}: unknown cycle-model parameter{'s' if len(unknown) > 1 else ''} "
                         f"{', '.join(unknown)} (the platform file's names, e.g. {', '.join(sorted(known)[:3])})")


def environment_session(value: Optional[str] = None) -> Optional["profile"]:
    """The profile session ASC_PROFILE asks for, not entered: `1` -> <script>.prof in the
    current directory, `<file>.prof` -> that file, any other value -> a directory for each
    launch's files; None when unset. A bad value: SystemExit with one line. (Also the
    session of an Ascend C program's launches: asc.cprog.finish.)"""
    value = settings.profile.raw() if value is None else value
    if not value:
        return None
    try:
        compute = settings.profile_compute.get()
        params = settings.profile_params.get()
        check_params(params, settings.profile_params.name)
    except ValueError as exc:
        raise SystemExit(f"asc: {exc}") from None
    if value == "1" or value.endswith(".prof"):
        import os
        import uuid

        from .store import default_path
        target = (default_path() if value == "1" else Path(value)).absolute()
        if target.is_dir():
            raise SystemExit(f"asc: ASC_PROFILE={value}: {target} is a directory, not a .prof file")
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            if not os.access(target.parent, os.W_OK | os.X_OK):
                raise PermissionError(13, "Permission denied")
        except OSError as exc:
            raise SystemExit(f"asc: ASC_PROFILE={value}: cannot write {target} "
                             f"({exc.strerror or exc})") from None
        # The run's other processes (children started directly or through a shell, whatever their
        # script is called) write into this same file and append to it (store.ProfWriter).
        run = settings.profile_run.get()
        if not run:
            run = f"{os.getpid()}-{uuid.uuid4().hex[:12]}"
            settings.profile_run.set(run)
        settings.profile.set(str(target))
        s = profile(prof=target, keep=False, compute=compute, **params)
        s.run = run
        return s
    out = Path(value)
    if out.exists() and not out.is_dir():
        raise SystemExit(f"asc: ASC_PROFILE={value}: is a file, not a directory for the profiles")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SystemExit(f"asc: ASC_PROFILE={value}: cannot create the folder ({exc.strerror or exc})")
    return profile(output=out, keep=False, compute=compute, **params)


def _from_environment():
    """ASC_PROFILE=1: every launch of the process goes into <script>.prof in the current
    directory; ASC_PROFILE=<file>.prof: into that file; ASC_PROFILE=dir: each launch's
    files under dir."""
    global _env_session
    s = environment_session()
    if s is None:
        return
    _env_session = s
    s.__enter__()
    if s.prof is not None:
        atexit.register(s.close)
