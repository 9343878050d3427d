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

from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Sequence

from .. import settings
from . import config
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
        load(kernel, function_name)(self.options.core_num, self.options.stream, user_args)


# Compile options whose launch-time work lives above the runtime: option ->
# function(launcher, kernel name) -> launcher. asc.debug registers verify_sync's
# (racecheck + synccheck on every launch) when the package is imported.
LAUNCH_HOOKS: Dict[str, Callable] = {}


def load(kernel: CompiledKernel, function_name: str) -> Callable:
    """The launcher of `kernel` on the current backend: loaded once per backend
    selection (config.generation) and wrapped by the hooks its options ask for.
    Both Launcher.run and asc.jit's fast path get their launcher here."""
    cached = kernel.backend_state.get("launcher")
    if cached is not None and cached[0] == config.generation:
        return cached[1]
    launch = config.current_backend().load(kernel)
    if getattr(kernel.options, "verify_sync", False):
        launch = LAUNCH_HOOKS["verify_sync"](launch, function_name)
    kernel.backend_state["launcher"] = (config.generation, launch)
    return launch


# asc.jit compares Launcher.run against this to take its fast path.
DEFAULT_RUN = Launcher.run
