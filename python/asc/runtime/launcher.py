"""pyasc's launch object: `asc.runtime.launcher.Launcher(options).run(kernel, name, args)`.

Every `kernel[core_num](...)` launch goes through `Launcher.run` after the
front end has compiled the kernel: it loads the compiled kernel into the
current backend (the Model builds its library here) and runs it. pyasc
scripts and tests reach this layer by its names: pyasc's own unit tests
replace `Launcher.run` with a mock (`patch("asc.runtime.launcher.Launcher.run")`)
to compile kernels without running them, and `DRY_RUN=1` skips the run the
same way. So both work here too.

The common case, an unpatched `run`, is dispatched without building a
Launcher object (asc.jit's fast path, ~2 µs per launch); a replaced or
wrapped `run` is called as pyasc calls it, once per launch.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from types import FunctionType
from typing import Any, Callable, Optional, Sequence

from .. import settings
from . import config, hooks
from .backend import CompiledKernel


@dataclass(frozen=True)
class LaunchOptions:
    """Where a launch runs: the number of blocks and the stream (None: the current one)."""

    core_num: int = 0
    stream: Optional[Any] = None


class Launcher:
    """Runs compiled kernels on the current backend with fixed launch options."""

    def __init__(self, options: LaunchOptions):
        self.options = options

    @staticmethod
    def get_core_num(device_id: Optional[int] = None) -> int:
        """The AI Core (AIC) count of the selected platform, as the runtime's
        device query reports it (24 on Ascend910B1). Every device of a machine
        is the same platform here, so `device_id` does not change the answer."""
        from .platforms import PLATFORMS
        return PLATFORMS[config.platform.value].aic_cores

    def run(self, kernel: CompiledKernel, function_name: str, user_args: Sequence[Any]) -> None:
        """Loads `kernel` into the current backend (once per backend) and launches
        it with `user_args` (the runtime arguments, in parameter order)."""
        if settings.dry_run.get():
            return
        if self.options.core_num <= 0:
            raise ValueError(f"core_num must be positive to launch {function_name}, got {self.options.core_num}")
        launch = load(kernel, function_name)
        if hooks.active:  # (the Model's launcher also runs them: this path covers every backend)
            hooks.run(hooks.LaunchContext(kernel, launch, self.options.core_num, self.options.stream, user_args,
                                          config.current_backend(), name=function_name))
        else:
            launch(self.options.core_num, self.options.stream, user_args)


def _with_context(launch: Callable) -> Callable:
    """`launch` as the hooks call it, launch(block_dim, stream, args, ctx=None): a
    backend written to the three-argument contract is adapted (its launches see the
    hooks, not the context)."""
    if type(launch) is FunctionType and launch.__code__.co_argcount >= 4:  # a plain function taking ctx
        return launch  # (the Model's): no inspect.signature, ~0.04 ms of a new process's first launch
    try:
        n = len(inspect.signature(launch).parameters)
    except (TypeError, ValueError):
        n = 4
    if n >= 4:
        return launch

    def adapted(block_dim, stream, args, ctx=None):
        return launch(block_dim, stream, args)

    adapted.library_path = getattr(launch, "library_path", None)  # type: ignore[attr-defined]
    return adapted


def load(kernel: CompiledKernel, function_name: str) -> Callable:
    """The launcher of `kernel` on the current backend, launcher(block_dim, stream,
    args, ctx=None): loaded once per backend selection (config.generation). A kernel
    whose options ask for hooks (verify_sync) launches through them every time.
    Both Launcher.run and asc.jit's fast path get their launcher here."""
    cached = kernel.backend_state.get("launcher")
    if cached is not None and cached[0] == config.generation:
        return cached[1]
    backend = config.current_backend()
    launch = _with_context(backend.load(kernel))
    if hooks.option_hooks(kernel):
        launch = _hooked(kernel, launch, backend, function_name)
    kernel.backend_state["launcher"] = (config.generation, launch)
    return launch


def _hooked(kernel: CompiledKernel, launch: Callable, backend, function_name: str) -> Callable:
    def hooked(block_dim, stream, args, ctx=None):
        if ctx is not None:  # inside hooks.run already
            return launch(block_dim, stream, args, ctx)
        return hooks.run(hooks.LaunchContext(kernel, launch, block_dim, stream, args, backend,
                                             name=function_name))

    hooked.library_path = getattr(launch, "library_path", None)  # type: ignore[attr-defined]
    return hooked


# asc.jit compares Launcher.run against this to take its fast path.
DEFAULT_RUN = Launcher.run
