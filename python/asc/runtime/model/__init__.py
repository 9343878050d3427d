"""The Model backend: runs the emitted Ascend C on the CPU.

    backend = ModelBackend(get_platform("Ascend910B1"))
    launcher = backend.load(compiled_kernel)
    launcher(block_dim, stream, [x, y, z, n])

The kernel source is compiled by the host g++ against cpp/model/include (the
Model's kernel_operator.h) together with a generated launch stub; faults found
by the always-on checks raise ModelFault naming the kernel's Python line.
"""

from __future__ import annotations

import ctypes
import time
from pathlib import Path
from typing import Any, List, Optional, Sequence, Tuple, Union

from ..backend import CompiledKernel, KernelBackend, Launcher
from .. import hooks
from ..platforms import PLATFORMS, PlatformSpec, get_platform
from ... import cache as _asc_cache
from . import build, launch, library_record
from . import abi as _abi
from .build import ModelCompileError
from .faults import OUTPUT_RULE, fault_message

__all__ = ["ModelBackend", "ModelFault", "ModelCompileError"]


class ModelFault(RuntimeError):
    """A check of the Model failed: "<file>:<line>: block <n>: <API>: <what>".

    The launch stopped at the fault: GM writes made before it (by any block)
    stay in the output arrays, nothing is written after it (`note`)."""

    note = OUTPUT_RULE


# (the mapping is shared with asc-cc's launches: abi.py)
_CORE_TYPES = _abi.CORE_TYPES
_AIV_PER_BLOCK = _abi.AIV_PER_BLOCK

# Libraries loaded under an alias after a rebuild (see _open_library), by path:
# for the path itself, the dynamic loader would hand back the bad handle.
_rebuilt_libraries = {}


def _dlopen(path: Path):
    lib = ctypes.CDLL(str(path))
    entry = getattr(lib, launch.ENTRY)
    entry.restype = ctypes.c_int
    entry.argtypes = [ctypes.POINTER(launch.LaunchConfig), ctypes.c_void_p]
    return lib, entry


def _open_library(source: str, cache_dir: Optional[Path], inc: Path):
    """(path, CDLL, entry) of a kernel's library: compiled, or found in the cache
    and matched against its checksum before it is loaded (build_library). One
    that matches but cannot be loaded or lacks the entry point is removed,
    rebuilt once and loaded under a fresh name."""
    path = build.build_library(source, cache_dir, inc)
    got = _rebuilt_libraries.get(str(path))
    if got is not None:
        return (path, *got)
    try:
        return (path, *_dlopen(path))
    except (OSError, AttributeError) as exc:
        _asc_cache.warn_removed(path, f"cannot be loaded ({exc})")
    path = build.build_library(source, cache_dir, inc, rebuild=True)
    alias = build.alias(path)
    try:
        got = _dlopen(alias)
    except (OSError, AttributeError) as exc:
        raise ModelCompileError(f"the rebuilt Model library {path} cannot be loaded either: {exc}") from None
    finally:
        _asc_cache.remove_quietly(alias)
    _rebuilt_libraries[str(path)] = got
    return (path, *got)


def _find_library(kernel: CompiledKernel, backend: "ModelBackend"):
    """(path, CDLL, entry) of a kernel's library: by the record a previous process left in
    the kernel's cache entry when it still holds (library_record), else the full way
    (_open_library), which leaves a record for the next process. A record made under the
    backend's platform also gives its memory figures (the platform's file is not read)."""
    found = library_record.find(kernel.cache_dir)
    if found is not None:
        try:
            got = (found.lib, *_dlopen(found.lib))
        except (OSError, AttributeError):
            got = None  # the full way finds out what is wrong with it, and says so
        if got is not None:
            mem = found.memories
            if backend._platform is None and mem is not None and mem[0] == backend.platform_name:
                backend._memories = mem[1], mem[2]
            else:
                mine = backend._registered_memories()  # (reads the platform: the record keeps them)
                if mine != mem:
                    library_record.rewrite(found, mine)
            return got
    inc = build.include_dir()
    source = kernel.source + launch.launch_stub(kernel.name, kernel.params)
    got = _open_library(source, kernel.cache_dir, inc)
    library_record.write(kernel.cache_dir, got[0], inc, build.cxx(), backend._registered_memories())
    return got


class ModelBackend(KernelBackend):
    name = "model"

    def __init__(self, platform: Union[PlatformSpec, str, None] = None, *, timeout_s: float = _abi.WATCHDOG_S,
                 trace: bool = False):
        # A platform given by name (asc.runtime.config's backend) is read when first asked for:
        # a launch needs only its memory figures, which a library record may already hold.
        self._platform: Optional[PlatformSpec] = None if isinstance(platform, str) else platform or get_platform()
        self.platform_name = platform if isinstance(platform, str) else self._platform.name
        self._memories: Optional[Tuple[Sequence[int], Sequence[int]]] = None  # (sizes, aligns) from a record
        self.timeout_s = timeout_s
        self.trace = trace  # record the instrumentation stream of each launch
        self.last_trace: List[dict] = []
        # What a tool wants of one launch (asc.profile's RecordIO, asc-debug's DebugIO, timing-only
        # mode, the blocks that run, a distributed rank) comes in that launch's hooks.LaunchContext.
        self.launch_flags = 0  # bits every launch of this backend gets (launch.LAUNCH_NPU_SCRIPT)
        self.last_compile_s = 0.0  # wall time of the last actual compilation (0 on a cache hit)
        self._cfg_key = None
        self._cfg_bytes = b""

    @property
    def platform(self) -> PlatformSpec:
        if self._platform is None:
            self._platform = get_platform(self.platform_name)
        return self._platform

    @platform.setter
    def platform(self, spec: PlatformSpec) -> None:
        self._platform, self.platform_name, self._memories = spec, spec.name, None

    def _registered_memories(self) -> Optional[Tuple[str, Sequence[int], Sequence[int]]]:
        """(name, sizes, aligns) of this backend's platform when it is the registered record of
        that name (what a library record may keep for the next process), else None. Reads the
        platform if it was not yet (its launches would: asked for before one, not after)."""
        spec = self.platform
        if PLATFORMS.get(self.platform_name) is not spec:  # (read already: no cost)
            return None
        return self.platform_name, spec.mem_sizes(), spec.mem_aligns()

    def load(self, kernel: CompiledKernel) -> Launcher:
        state = kernel.backend_state.get("model")
        if state is None:
            t0 = time.perf_counter()
            lib_path, lib, entry = _find_library(kernel, self)
            self.last_compile_s = time.perf_counter() - t0
            state = {"lib": lib, "entry": entry, "path": lib_path}
            kernel.backend_state["model"] = state
        entry = state["entry"]
        marshaller = state.get("marshaller")
        if marshaller is None:
            marshaller = state["marshaller"] = launch.Marshaller(kernel.params)
        core_type = _CORE_TYPES.get(kernel.kernel_type, 0)
        per_block = _AIV_PER_BLOCK.get(kernel.kernel_type, 1)

        aiv_per_aic = per_block if core_type == 0 and per_block > 1 else 0
        # A mixed kernel that tests the core type (`if is_aic:`; the emitter writes g_coreType)
        # has code for its AIC cores: they run too, one per block. Without such a test the
        # body is the AIV cores' (an adv Matmul's clients compute themselves on the Model).
        with_aic = _abi.runs_aic_cores(kernel.kernel_type, core_type, kernel.source)

        def launcher(block_dim: int, stream: Any, args: Sequence[Any], ctx: Optional[hooks.LaunchContext] = None):
            if ctx is None:
                if hooks.active or hooks.gated_on():  # a launch that did not come through asc.jit's hooked path
                    return hooks.run(hooks.LaunchContext(kernel, launcher, block_dim, stream, args, self))
            else:
                ctx.aiv_per_aic = aiv_per_aic
            self._launch(entry, marshaller, core_type, int(block_dim), args, ctx, per_block, with_aic)

        launcher.library_path = state["path"]  # type: ignore[attr-defined]
        return launcher

    def _config_template(self) -> bytes:
        """LaunchConfig bytes with this platform's memory sizes and alignments."""
        if self._platform is None and self._memories is not None:
            key, (sizes, aligns) = (self.platform_name, self.timeout_s), self._memories
        else:
            key = (id(self.platform), self.timeout_s)
            sizes, aligns = self.platform.mem_sizes(), self.platform.mem_aligns()
        if self._cfg_key != key:
            cfg = launch.LaunchConfig()
            for i, (size, align) in enumerate(zip(sizes, aligns)):
                cfg.mem_size[i] = size
                cfg.mem_align[i] = align
            cfg.timeout_s = self.timeout_s
            self._cfg_bytes, self._cfg_key = bytes(cfg), key
        return self._cfg_bytes

    def _launch(self, entry, marshaller, core_type: int, block_dim: int, args: Sequence[Any],
                ctx: Optional[hooks.LaunchContext] = None, per_block: int = 1, with_aic: bool = False) -> None:
        """Run `block_dim` blocks of `per_block` simulated cores each (a mixed kernel's AIV cores),
        and with_aic, each block's AIC core after them."""
        cores = block_dim * per_block
        if not 0 < cores <= launch.MAX_BLOCK_DIM:
            raise ValueError(f"block_dim must be positive and at most {launch.MAX_BLOCK_DIM // per_block}: core_num "
                             f"{block_dim} is outside 1..{launch.MAX_BLOCK_DIM // per_block}, the Model's range")
        ptrs, regions, nreg, keep = marshaller(args)
        cfg = launch.LaunchConfig.from_buffer_copy(self._config_template())
        cfg.block_dim = cores
        cfg.core_type = core_type
        if core_type == 0 and per_block > 1:
            cfg.sub_block_num = per_block
        if with_aic:
            cfg.aic_cores = block_dim
        cfg.time_limit_s, cfg.debug_flags = launch.runtime_settings()
        cfg.launch_flags = self.launch_flags
        if ctx is not None:
            cfg.launch_flags |= ctx.launch_flags
            cfg.blocks_run = ctx.blocks_run
            if with_aic:  # the AIC cores' slots follow the AIV cores that run
                ctx.aic_base = ctx.blocks_run if 0 < ctx.blocks_run < cores else cores
            if ctx.world is not None:  # a rank of asc.distributed.launch: where its collectives meet
                cfg.world = ctx.world
                cfg.rank = ctx.rank
            if ctx.record_io is not None:  # asc.profile(), asc.distributed.launch(profile=True)
                cfg.record = ctypes.addressof(ctx.record_io)
            if ctx.debug_io is not None:  # asc-debug's checks
                cfg.debug = ctypes.addressof(ctx.debug_io)
        cfg.num_regions = nreg
        cfg.regions = regions
        err = ctypes.create_string_buffer(4096)
        cfg.err = ctypes.cast(err, ctypes.c_char_p)
        cfg.err_len = len(err)
        # trace: the launch's instrumentation stream as dicts (the recording the profiler
        # simulates: one format; when a profile records the launch too, both read its copy)
        trace_io = None
        if self.trace:
            from .recording import RecordIO
            if not cfg.record:
                trace_io = RecordIO()
                cfg.record = ctypes.addressof(trace_io)
            else:
                trace_io = ctx.record_io
        rc = entry(ctypes.byref(cfg), ptrs)  # ctypes drops the GIL
        if trace_io is not None and trace_io.recording:
            from .recording import Recording
            mine = ctx is None or trace_io is not ctx.record_io
            self.last_trace = Recording.take(trace_io, free=mine).dicts()
        del keep
        if rc == 2:  # Ctrl-C while the kernel ran: the cores stopped at their next API call
            raise KeyboardInterrupt(f"kernel launch interrupted: {err.value.decode(errors='replace')}")
        if rc != 0:
            fault = ModelFault(fault_message(err.value.decode(errors="replace")))
            fault.add_note(f"note: {OUTPUT_RULE}")
            raise fault
