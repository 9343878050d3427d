"""asc: write Ascend C kernels in Python.

    import asc

    @asc.jit
    def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int): ...

    vadd[8](x, y, z, n)

The kernel language mirrors Ascend C one to one (pyasc's names); kernels are
traced into the `ascendc` MLIR dialect (`asc._C`), emitted as Ascend C and run
by a backend (the CPU Model by default, or an NPU through CANN).
"""

import sys as _sys

from ._version import __version__  # noqa: F401
from ._exports import *  # noqa: F401,F403
from ._exports import __all__ as _language_names
from .errors import CompileError, UnsupportedSyntaxError
from .jit import JITFunction, jit
from .runtime import jit as _runtime_jit

# pyasc's asc.runtime.jit names (the runtime layer cannot import the launch layer above it;
# the module asc.jit, not the decorator this package exports under that name)
for _name in _runtime_jit.__all__:
    setattr(_runtime_jit, _name, getattr(_sys.modules[__name__ + ".jit"], _name))
from . import settings as _settings

if _settings.profile.raw():  # ASC_PROFILE: the profiler's session starts with the process
    from .profiler import profile  # noqa: F401  (the timed Model, issue 10)
from .autotune import Config, autotune  # noqa: F401  (tiling auto-tune, issue 12)
from .options import CodegenOptions, CompileOptions, LaunchOptions
from . import runtime, lib  # noqa: F401
from .runtime.config import Backend, KernelType, Platform  # noqa: F401

try:  # the default backend, loaded with the package so a first launch pays no import
    from .runtime import model as _model  # noqa: F401
except ImportError:  # pragma: no cover - a build without the Model
    pass
from .debug import engine as _debug_engine  # noqa: E402  ($ASC_DEBUG: asc-debug's checks on Model launches)

_debug_engine.install()

from . import debug  # noqa: F401,E402  (asc.debug.check_precision and asc-debug's checks)
from .debug import precision_session as _precision_session  # noqa: E402

_precision_session.activate()  # asc-debug's precision flags ($ASC_DEBUG_PRECISION, ...); none set: nothing

# Imported on first use (PEP 562): most scripts never touch them, and a new
# process launching one kernel should not pay their ~20 ms of imports. _C (MLIR
# and LLVM linked in, ~7 ms to load) is the compiler's: a process whose kernels
# all come from the disk cache never loads it.
_LAZY_SUBMODULES = ("_C", "adv", "distributed", "profiler")
# Names bound from a submodule on first use: asc.profile (the profiler imports numpy
# and its record types; ASC_PROFILE imports it above).
_LAZY_NAMES = {"profile": "profiler"}


def __getattr__(name):
    if name in _LAZY_SUBMODULES or name in _LAZY_NAMES:
        import importlib
        module = importlib.import_module(f".{_LAZY_NAMES.get(name, name)}", __name__)
        value = getattr(module, name) if name in _LAZY_NAMES else module
        globals()[name] = value
        return value
    raise AttributeError(f"module 'asc' has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY_SUBMODULES) | set(_LAZY_NAMES))


__all__ = list(_language_names) + ["jit", "JITFunction", "CompileError", "UnsupportedSyntaxError",
                                   "CodegenOptions", "CompileOptions", "LaunchOptions", "runtime",
                                   "lib", "_C", "autotune", "Config"]
