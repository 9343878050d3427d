"""asc.debug: what asc-debug finds, as a Python API.

`findings` is the one record every check reports through (memcheck,
racecheck, initcheck, synccheck, precision): printed to stderr as it is found
and, under asc-debug, appended to the findings file the CLI summarises.
`checks` switches memcheck / racecheck / initcheck / synccheck on for the
launches of a `with` block (docs/asc-debug.md). `check_precision` compares a
kernel output with a reference (docs/precision.md).
"""

from .findings import Finding, report  # noqa: F401
from .engine import checks  # noqa: F401  (memcheck, racecheck, initcheck, synccheck on the launches of a block)
from . import verify_sync as _verify_sync

_verify_sync.install()  # @asc.jit(verify_sync=True): racecheck and synccheck on each launch of the kernel

# check_precision's module (its result dataclass; numpy at use) loads at first use (PEP 562):
# `import asc` imports this package for the checks' launch hook, not for check_precision.
_LAZY = {"PrecisionResult": "precision", "check_precision": "precision"}


def __getattr__(name):
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
