"""Launch hooks: how tools see and shape kernel launches without touching the runtime.

Every launch (`kernel[core_num](...)`, pyasc's `Launcher.run`, each rank of
`asc.distributed.launch`) goes through `run(ctx)`. With no hook registered that
is one list test and a call; with hooks, each launch gets a `LaunchContext`
built once and handed to every hook and then to the backend:

    enter hooks, in order        may set the context's knobs (record_io, debug_io,
                                 launch_flags, blocks_run), substitute `launcher`,
                                 or raise to stop the launch
    the backend's launcher       runs the kernel with the context's knobs
    exit hooks, in reverse order see `exc` (None, or what the launch raised); every
                                 hook that entered also exits, and the exception
                                 propagates after them unchanged

The profiler, asc-debug's checks, verify_sync, the output watch, the precision
trace, asc-bench's collector and asc-profile's script loader register here
(cf. Triton's `knobs.runtime.launch_enter_hook`). A hook's `order` places it:
the ones that decide how the launch runs (the profiler's timing-only mode) come
before the ones that observe it (debug, the output watch).
"""

from __future__ import annotations

import bisect
import threading
from typing import Any, Callable, List, Optional, Sequence, Tuple

from .backend import CompiledKernel

# Orders of the hooks asc registers (lower enters first and exits last).
ORDER_STOP = -100     # asc-profile's script loader: stops launches before anything runs
ORDER_COLLECT = -20   # asc-bench's collector: opens its profile around the launch
ORDER_PROFILE = -10   # asc.profile(): recording, timing-only mode, simulated cores
ORDER_DEBUG = 0       # asc-debug's checks, verify_sync
ORDER_WATCH = 10      # the output watch (asc-debug golden, precision trace)


class LaunchContext:
    """One launch, as the hooks and the backend see it.

    kernel    the CompiledKernel (source, params, kernel_type, options)
    name      the kernel's Python name (the C symbol may differ: `vadd_`)
    jit       the JITFunction launched, or None (a launch not made by asc.jit)
    key       its specialization key (one entry per parameter), or None
    args      the runtime arguments, in parameter order
    core_num  blocks requested (kernel[core_num])
    stream    the stream (None: the current one)
    backend   the backend that runs it; platform: its PlatformSpec
    call      (the `kernel[...]` object, args, kwargs) as the user called it, to re-launch
    world, rank   set for a rank of asc.distributed.launch

    Knobs the hooks set and the backend reads: record_io (the profiler's RecordIO),
    debug_io (asc-debug's DebugIO), launch_flags (bits OR'd into the backend's),
    blocks_run (> 0: only the first blocks run), launcher (what runs the launch).
    The backend fills aiv_per_aic (a mixed kernel's AIV blocks per AIC) and aic_base (> 0: the
    first of the slots its AIC cores run in, LaunchConfig.aic_cores). `data` is
    a dict where a hook keeps its per-launch state between enter and exit."""

    __slots__ = ("kernel", "name", "jit", "key", "args", "core_num", "stream", "backend", "call",
                 "world", "rank", "record_io", "debug_io", "launch_flags", "blocks_run", "launcher",
                 "aiv_per_aic", "aic_base", "data")

    def __init__(self, kernel: CompiledKernel, launcher: Callable, core_num: int, stream: Any,
                 args: Sequence[Any], backend: Any, *, name: Optional[str] = None, jit: Any = None,
                 key: Optional[Tuple] = None, call: Optional[Tuple] = None):
        self.kernel = kernel
        self.launcher = launcher
        self.core_num = core_num
        self.stream = stream
        self.args = args
        self.backend = backend
        self.name = name or kernel.function_name or kernel.name
        self.jit = jit
        self.key = key
        self.call = call
        self.world = None
        self.rank = 0
        self.record_io = None
        self.debug_io = None
        self.launch_flags = 0
        self.blocks_run = 0
        self.aiv_per_aic = 0
        self.aic_base = 0  # > 0: blocks aic_base.. are the mixed kernel's AIC cores
        self.data: dict = {}

    @property
    def platform(self):
        return getattr(self.backend, "platform", None)

    @property
    def options(self):
        return self.kernel.options

    @property
    def location(self) -> Optional[Tuple[str, int]]:
        """(file, first line) of the @asc.jit function, or None."""
        code = getattr(getattr(self.jit, "fn", None), "__code__", None)
        return (code.co_filename, code.co_firstlineno) if code is not None else None

    def all_launch_flags(self) -> int:
        """The backend's launch flags with this launch's."""
        return getattr(self.backend, "launch_flags", 0) | self.launch_flags

    def run_plain(self) -> None:
        """Runs the same kernel on the same arguments again, with no hook and no knob
        (asc-bench's wall-clock samples)."""
        plain = LaunchContext(self.kernel, self.launcher, self.core_num, self.stream, self.args, self.backend,
                              name=self.name, jit=self.jit, key=self.key, call=self.call)
        plain.world, plain.rank = self.world, self.rank
        self.launcher(self.core_num, self.stream, self.args, plain)


class Hook:
    """A registered pair; `remove()` unregisters it."""

    __slots__ = ("enter", "exit", "order", "when", "option", "_seq", "_test")

    def __init__(self, enter, exit, order, when, option, seq):
        self.enter, self.exit, self.order, self.when, self.option, self._seq = enter, exit, order, when, option, seq
        # A settings knob is tested by the runtime itself (its raw value: set or not), so that
        # a launch with no tool on never calls into the tool that registered the hook.
        self._test = getattr(when, "raw", when)

    def remove(self) -> None:
        remove(self)


_lock = threading.Lock()
_hooks: List[Hook] = []  # every registered hook, sorted by (order, registration)
_seq = 0
# What launches read, rebuilt whole on every change (a launch never sees a list another
# thread is editing; a hook may register or remove hooks while a launch runs):
active: Tuple[Hook, ...] = ()   # unconditional hooks: asc.jit's launch path tests this alone
gated: Tuple[Hook, ...] = ()    # hooks on while when() is true ($ASC_DEBUG): tested by the Model's launcher,
#                                which reads the environment for every launch anyway
by_option: Tuple[Hook, ...] = ()  # hooks of the kernels compiled with an option (verify_sync)


def _rebuild() -> None:
    global active, gated, by_option
    active = tuple(h for h in _hooks if h.when is None and h.option is None)
    gated = tuple(h for h in _hooks if h.when is not None)
    by_option = tuple(h for h in _hooks if h.option is not None)


def add(enter: Optional[Callable[[LaunchContext], None]] = None,
        exit: Optional[Callable[[LaunchContext, Optional[BaseException]], None]] = None,
        order: int = 0, *, when: Any = None, option: Optional[str] = None) -> Hook:
    """Registers enter(ctx) and/or exit(ctx, exc) for every following launch; with `when`,
    only for the launches made while when() is true, or while the settings knob `when`
    (asc.settings) is set; with `option`, only for the kernels compiled with that option
    set (CompileOptions field)."""
    global _seq
    if enter is None and exit is None:
        raise ValueError("asc.runtime.hooks.add: give an enter or an exit function")
    with _lock:
        _seq += 1
        hook = Hook(enter, exit, order, when, option, _seq)
        keys = [(h.order, h._seq) for h in _hooks]
        _hooks.insert(bisect.bisect(keys, (order, hook._seq)), hook)
        _rebuild()
    return hook


def remove(hook: Hook) -> None:
    """Unregisters `hook` (a hook not registered: nothing)."""
    with _lock:
        if hook in _hooks:
            _hooks.remove(hook)
            _rebuild()


def gated_on() -> bool:
    """Whether a gated hook wants the launch about to start."""
    return any(h._test() for h in gated)


def option_hooks(kernel: CompiledKernel) -> Tuple[Hook, ...]:
    """The hooks `kernel`'s compile options ask for."""
    opts = kernel.options
    return tuple(h for h in by_option if getattr(opts, h.option, False))


def _for(ctx: LaunchContext) -> Tuple[Hook, ...]:
    hooks = active
    extra = tuple(h for h in gated if h._test()) + option_hooks(ctx.kernel)
    if extra:
        hooks = tuple(sorted(hooks + extra, key=lambda h: (h.order, h._seq)))
    return hooks


def run(ctx: LaunchContext) -> None:
    """The launch: enter hooks, ctx.launcher, exit hooks (each exit runs even when a
    later one raised; the launch's exception, else the first hook error, propagates)."""
    hooks = _for(ctx)
    entered = []
    exc: Optional[BaseException] = None
    try:
        for h in hooks:
            if h.enter is not None:
                h.enter(ctx)
            entered.append(h)
        ctx.launcher(ctx.core_num, ctx.stream, ctx.args, ctx)
    except BaseException as e:  # noqa: BLE001 - handed to the exit hooks, then re-raised
        exc = e
    hook_exc: Optional[BaseException] = None
    for h in reversed(entered):
        if h.exit is None:
            continue
        try:
            h.exit(ctx, exc)
        except BaseException as e:  # noqa: BLE001 - the other hooks still exit
            if hook_exc is None and e is not exc:
                hook_exc = e
    if hook_exc is not None:
        if exc is not None:
            raise hook_exc from exc
        raise hook_exc
    if exc is not None:
        raise exc
