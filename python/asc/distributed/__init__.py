"""asc.distributed: a kernel run as the ranks of several devices, on the Model.

    run = asc.distributed.launch(kernel, world_size=8, block_dim=8,
                                 args=[(x[r], y[r], n) for r in range(8)])
    run.collectives        # what ran, with the link model's predicted time
    print(run.summary())

Each rank is one launch of the compiled kernel on its own argument tuple
(its own GM) with its own `block_dim` cores; the ranks run concurrently in
this process (one thread each, the Model's cores on its runner threads) and
their Hccl collectives meet in shared memory. Faults on one rank stop every
rank; a deadlock (a rank that skips a collective, ranks calling different
collectives or with different counts) is reported, never a hang.
docs/distributed.md has the rank model, the reduction order and the rules.
"""

from __future__ import annotations

import ctypes
import threading
from dataclasses import dataclass, field
from typing import Any, List, Optional, Sequence

from .. import settings
from ..runtime import config
from ..runtime import hooks
from ..runtime.launcher import load as load_launcher
from ..runtime.model import ModelBackend, ModelFault
from ..runtime.model.faults import fault_message
from . import report as _report
from ..profiler import LaunchProfile, simulate
from ..profiler.cycle import RecordIO, Recording
from .link import DTYPE_BYTES, KINDS, LinkModel

__all__ = ["launch", "DistributedFault", "DistributedRun", "Collective", "LinkModel"]

MAX_WORLD_SIZE = 64


class DistributedFault(ModelFault):
    """A distributed launch failed. `kind`: "fault" (one rank faulted: `rank`),
    "deadlock" or "mismatch"; `lines`: the report, one line per entry (the
    message prints them as `[ERROR] ...`)."""

    def __init__(self, kind: str, lines: List[str], rank: Optional[int] = None):
        self.kind = kind
        self.lines = lines
        self.rank = rank
        super().__init__("\n".join(lines if kind == "fault" else ["[ERROR] " + l for l in lines]))


@dataclass
class Collective:
    """One completed collective: its lane (core index), step, kind, count and
    element size, with the link model's predicted time."""

    block: int
    step: int
    kind: str
    count: int
    elem_bytes: int
    time_us: float


@dataclass
class DistributedRun:
    """What a distributed launch did. With `profile=True`, `profiles[r]` is rank r's
    timed-Model profile of its compute (asc.profiler.LaunchProfile) and
    `rank_us(r)` its compute plus the link model's communication time."""

    world_size: int
    block_dim: int
    collectives: List[Collective] = field(default_factory=list)
    link: LinkModel = field(default_factory=LinkModel)
    profiles: List[Any] = field(default_factory=list)

    def rank_us(self, rank: int) -> float:
        """Predicted time of rank `rank`: its compute (cycle model) plus the collectives
        it waited for (link model; the ranks' compute is not overlapped with them)."""
        if not self.profiles:
            raise ValueError("launch with profile=True to time the ranks' compute")
        return self.profiles[rank].total_us + self.comm_us

    @property
    def comm_us(self) -> float:
        """Predicted communication time: the lanes' collectives run one after another
        per lane, the lanes side by side (the longest lane)."""
        per_lane = {}
        for c in self.collectives:
            per_lane[c.block] = per_lane.get(c.block, 0.0) + c.time_us
        return max(per_lane.values(), default=0.0)

    def summary(self) -> str:
        lines = [f"{self.world_size} ranks x {self.block_dim} cores: {len(self.collectives)} collectives, "
                 f"communication {self.comm_us:.2f} us predicted "
                 f"(ring, {self.link.bandwidth_gbps:g} GB/s, {self.link.latency_us:g} us per hop)"]
        for r, p in enumerate(self.profiles):
            lines.append(f"  rank {r}: compute {p.total_us:.2f} us (cycle model) + communication "
                         f"{self.comm_us:.2f} us (link model) = {self.rank_us(r):.2f} us")
        for c in self.collectives:
            lines.append(f"  block {c.block} step {c.step + 1}: {c.kind} of {c.count} x {c.elem_bytes} B: "
                         f"{c.time_us:.2f} us")
        return "\n".join(lines)


def _world_api(lib):
    lib.asc_model_world_new.restype = ctypes.c_void_p
    lib.asc_model_world_new.argtypes = [ctypes.c_int32, ctypes.c_int32, ctypes.c_double]
    lib.asc_model_world_free.restype = None
    lib.asc_model_world_free.argtypes = [ctypes.c_void_p]
    lib.asc_model_world_error.restype = ctypes.c_int32
    lib.asc_model_world_error.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint32]
    lib.asc_model_world_done.restype = ctypes.c_int32
    lib.asc_model_world_done.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_int64), ctypes.c_int32]
    lib.asc_model_world_fail.restype = None
    lib.asc_model_world_fail.argtypes = [ctypes.c_void_p, ctypes.c_int32, ctypes.c_char_p]
    return lib


def _check(kernel, world_size, block_dim, args):
    if not hasattr(kernel, "_bind") or not hasattr(kernel, "warmup"):
        raise TypeError(f"kernel must be an @asc.jit function, got {type(kernel).__name__}")
    for name, v, hi in (("world_size", world_size, MAX_WORLD_SIZE), ("block_dim", block_dim, 4096)):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 < v <= hi:
            raise ValueError(f"{name} must be an int in 1..{hi}, got {v!r}")
    if not isinstance(args, (list, tuple)) or len(args) != world_size:
        got = len(args) if isinstance(args, (list, tuple)) else type(args).__name__
        raise ValueError(f"args must be one argument tuple per rank: world_size is {world_size}, got {got}")
    for r, a in enumerate(args):
        if not isinstance(a, (list, tuple)):
            raise TypeError(f"args[{r}] (rank {r}) must be a tuple of the kernel's arguments, "
                            f"got {type(a).__name__}")


def launch(kernel, world_size: int, block_dim: int, args: Sequence[Sequence[Any]], *,
           link: Optional[LinkModel] = None, profile: bool = False) -> DistributedRun:
    """Runs `kernel` as `world_size` ranks of `block_dim` cores each, rank r on
    `args[r]`, and returns what the collectives did (and, with `profile`, each
    rank's timed-Model profile beside the communication). Raises DistributedFault
    when a rank faults, the ranks deadlock or call mismatched collectives."""
    _check(kernel, world_size, block_dim, args)
    backend = config.current_backend()
    if not isinstance(backend, ModelBackend):
        raise NotImplementedError("asc.distributed.launch runs the ranks on the Model; the selected backend is "
                                  f"{getattr(backend, 'name', type(backend).__name__)}")
    bound = []
    for r, a in enumerate(args):
        try:
            bound.append(kernel._bind(tuple(a), {}))
        except TypeError as exc:
            raise TypeError(f"rank {r}: {exc}") from None
    for r in range(1, world_size):
        if bound[r][0] != bound[0][0]:
            raise TypeError(f"rank {r}'s arguments specialise the kernel differently from rank 0's "
                            "(every rank runs the same compiled kernel: same dtypes and ConstExpr values)")
    compiled = kernel.warmup(*args[0])
    launcher = load_launcher(compiled, kernel.__name__)  # compiles the Model library once, for every rank
    state = compiled.backend_state["model"]
    lib = _world_api(state["lib"])
    for r in range(world_size):  # every rank's arguments convert: a rank that cannot start would stall the rest
        try:
            state["marshaller"](bound[r][1])
        except (TypeError, ValueError, OverflowError) as exc:
            raise type(exc)(f"rank {r}: {exc}") from None
    world = lib.asc_model_world_new(world_size, block_dim, float(settings.deadlock_timeout.get()))
    if not world:
        raise RuntimeError("the Model could not create the ranks' world")
    errors: List[Optional[BaseException]] = [None] * world_size
    ios = [RecordIO() for _ in range(world_size)] if profile else [None] * world_size

    def run_rank(r: int) -> None:
        # Each rank is a launch like any other (its tools' hooks see it), with the rank's knobs.
        ctx = hooks.LaunchContext(compiled, launcher, block_dim, None, bound[r][1], backend, jit=kernel,
                                  key=bound[r][0])
        ctx.world, ctx.rank, ctx.record_io = world, r, ios[r]
        try:
            hooks.run(ctx)
        except ModelFault as exc:  # the world has the report (raised below)
            errors[r] = exc
        except BaseException as exc:  # noqa: BLE001 - failed outside the Model: stop the other ranks too
            errors[r] = exc
            lib.asc_model_world_fail(world, r, f"{type(exc).__name__}: {exc}".encode(errors="replace"))

    threads = [threading.Thread(target=run_rank, args=(r,), name=f"asc-rank-{r}", daemon=True)
               for r in range(world_size)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()  # bounded: every wait in the Model ends (detection, the launch time limit, Ctrl-C)
        buf = ctypes.create_string_buffer(16384)
        rc = lib.asc_model_world_error(world, buf, len(buf))
        text = buf.value.decode(errors="replace")
        n = lib.asc_model_world_done(world, None, 0)
        rec = (ctypes.c_int64 * (5 * max(n, 1)))()
        lib.asc_model_world_done(world, rec, n)
    finally:
        if all(not t.is_alive() for t in threads):
            lib.asc_model_world_free(world)
    recordings = [Recording.take(io) if io is not None and io.recording else None for io in ios]
    for exc in errors:
        if exc is not None and not isinstance(exc, ModelFault):  # Ctrl-C, or a failure outside the Model
            raise exc
    if rc:
        _raise(text, kernel)
    lm = link or LinkModel()
    run = DistributedRun(world_size, block_dim, link=lm)
    for i in range(n):
        b, step, kind, count, dtype = rec[5 * i:5 * i + 5]
        name, eb = KINDS[kind], DTYPE_BYTES[dtype]
        run.collectives.append(Collective(b, step, name, count, eb, lm.time_us(name, count, eb, world_size)))
    if profile:
        params = backend.platform.timing
        name = getattr(kernel, "__name__", "kernel")
        run.profiles = [LaunchProfile(f"{name}@rank{r}", block_dim, params, rec, simulate(rec, params))
                        for r, rec in enumerate(recordings)]
    return run


def _raise(text: str, kernel) -> None:
    code = getattr(getattr(kernel, "fn", None), "__code__", None)
    kernel_file = code.co_filename if code is not None else None
    name = getattr(kernel, "__name__", "kernel")
    if text.startswith("rank "):
        head, _, rest = text.partition(": ")
        rank = int(head.split()[1])
        exc = DistributedFault("fault", [f"{head}: {fault_message(rest)}"], rank)
    else:
        kind = "mismatch" if text.startswith("Mismatched") else "deadlock"
        exc = DistributedFault(kind, _report.report_lines(text, kernel_file))
        if settings.deadlock_timeout.get() > 0:  # asc-debug --deadlock-check: also a finding
            _report.emit(_report.finding(kind, exc.lines, name))
    raise exc
