"""Which backend runs kernels, and on which platform.

    asc.runtime.config.set_platform(Backend.Model, Platform.Ascend910B1)

`Backend.Model` (the default) runs kernels on the CPU; `Backend.NPU` needs
CANN. Changing the platform bumps `generation`, so launchers built for the
previous platform are not reused.
"""

from __future__ import annotations

import enum
import sys
from typing import Optional

from .. import settings
from . import stream as _stream
from .backend import BackendUnavailable, KernelBackend


class Backend(enum.Enum):
    Model = "Model"
    NPU = "NPU"


class Platform(enum.Enum):
    Ascend910B1 = "Ascend910B1"
    Ascend910B2 = "Ascend910B2"
    Ascend910B2C = "Ascend910B2C"
    Ascend910B3 = "Ascend910B3"
    Ascend910B4 = "Ascend910B4"
    Ascend910B4_1 = "Ascend910B4-1"
    Ascend910_9362 = "Ascend910_9362"
    Ascend910_9372 = "Ascend910_9372"
    Ascend910_9381 = "Ascend910_9381"
    Ascend910_9382 = "Ascend910_9382"
    Ascend910_9391 = "Ascend910_9391"
    Ascend910_9392 = "Ascend910_9392"


class KernelType(enum.Enum):
    AIV_ONLY = 0
    AIC_ONLY = 1
    MIX_AIV_HARD_SYNC = 2
    MIX_AIC_HARD_SYNC = 3
    MIX_AIV_1_0 = 4
    MIX_AIC_1_0 = 5
    MIX_AIC_1_1 = 6
    MIX_AIC_1_2 = 7


backend: Backend = Backend.Model
platform: Platform = Platform.Ascend910B1
generation = 0  # bumped by set_platform
_instance: Optional[KernelBackend] = None
_instance_backend: Optional[Backend] = None  # the backend _instance is (the forced one, if any)
_forced_announced = False


class _ModelRuntime:
    """pyasc's `config.rt`: the runtime behind Backend.Model. pyasc's is CANN's simulator
    library; asc's is its own CPU Model, which is available wherever the host C++ compiler
    it builds kernels with is (set_platform(Backend.Model, check=True) asks)."""

    soc_version: Optional[Platform] = None

    @staticmethod
    def is_available() -> bool:
        from .model import build
        try:
            build.cxx()
        except build.ModelCompileError:
            return False
        return True

    @staticmethod
    def use_model() -> None:
        """Nothing to load: the Model is in-process (pyasc loads the simulator's library here)."""

    def set_soc_version(self, soc: Platform) -> None:
        self.soc_version = soc


rt = _ModelRuntime()


def _check_model(soc: Platform) -> None:
    rt.use_model()
    rt.set_soc_version(soc)
    if not rt.is_available():
        raise RuntimeError(
            f"Backend.Model is not available for {soc.value}: asc's Model compiles each kernel with the host "
            "C++ compiler and none was found (install g++, or set $CXX). (pyasc's Model is CANN's simulator, "
            f"loaded from $ASCEND_HOME_PATH/tools/simulator/{soc.value}/lib; asc runs its own CPU Model "
            "instead.)")


def set_platform(backend_: Backend, soc_version: Optional[Platform] = None,
                 device_id_: Optional[int] = None, check: bool = True) -> None:
    """Selects the backend (and platform) that runs the following launches."""
    global backend, platform, generation, _instance
    if isinstance(backend_, str):
        backend_ = Backend(backend_)
    if isinstance(soc_version, str):
        soc_version = Platform(soc_version) if soc_version in Platform._value2member_map_ else Platform[soc_version]
    if not isinstance(backend_, Backend):
        raise TypeError(f"set_platform takes a Backend, got {backend_!r}")
    backend = backend_
    if soc_version is not None:
        platform = soc_version
    if device_id_ is not None:
        _stream._device = int(device_id_)  # the new backend instance starts on it
    _instance = None
    generation += 1
    if check:
        if backend_ is Backend.Model:
            _check_model(platform)
        current_backend()


def effective_backend() -> Backend:
    """The backend launches run on: the selected one, unless $ASC_FORCE_BACKEND
    names another (read whenever a backend is chosen: set_platform and a
    kernel's first launch after it)."""
    forced = settings.force_backend.get()
    return Backend(forced) if forced else backend


def forced_note() -> Optional[str]:
    """What profiles and findings record when the knob overrode the script's
    choice (None when launches run where the script asked)."""
    forced = settings.force_backend.get()
    if not forced or Backend(forced) is backend:
        return None
    return f"ASC_FORCE_BACKEND={forced}: the script selected Backend.{backend.value}, launches ran on the {forced}"


def current_backend() -> KernelBackend:
    """The backend instance for the current settings (created on first use)."""
    global _instance, _instance_backend, generation, _forced_announced
    which = effective_backend()
    # An instance installed from outside (_instance_backend None: a test's or a tool's own
    # backend) is kept unless the knob forces another backend.
    known = _instance_backend if _instance_backend is not None else backend
    if _instance is None or known is not which:
        if _instance is not None:
            generation += 1  # the knob changed since: launchers of the old backend are not reused
        _instance = _create(which, platform)
        _instance_backend = which
        note = forced_note()
        if note and not _forced_announced:
            _forced_announced = True  # one line per process, not one per launch
            sys.stderr.write(f"[asc] {note}\n")
    return _instance


def _create(which: Backend, plat: Platform) -> KernelBackend:
    if which is Backend.Model:
        try:
            from .model import ModelBackend
        except ImportError as exc:
            raise BackendUnavailable(
                f"the Model backend is not available in this build ({exc}); the kernel was "
                "compiled to Ascend C (set ASC_DUMP_PATH to keep the source)") from None
        model = ModelBackend(plat.name)  # (its record is read when a launch needs more than its memories)
        if which is not backend:  # ASC_FORCE_BACKEND runs an NPU script: its tensors are torch_npu's
            from .model.launch import LAUNCH_NPU_SCRIPT
            model.launch_flags |= LAUNCH_NPU_SCRIPT
        return model
    try:
        from .npu import NPUBackend
    except ImportError as exc:
        raise BackendUnavailable(f"the NPU backend is not available: {exc}") from None
    return NPUBackend(plat.value, _stream.get_device())


def _selected_npu() -> Optional[KernelBackend]:
    """The NPU backend instance when it is the selected backend (stream.py asks)."""
    return current_backend() if effective_backend() is Backend.NPU else None


_stream.selected_npu = _selected_npu


def __getattr__(name: str):
    if name == "device_id":  # the current device lives in runtime.stream
        return _stream.get_device()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
