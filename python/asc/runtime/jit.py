"""pyasc's `asc.runtime.jit` names: the JIT function class and the mock arguments.

`MockTensor(dtype)` and `MockValue(dtype)` stand for a kernel argument whose
data never exists: a global-memory array of `dtype` and a scalar of `dtype`.
A kernel launched with them is traced, specialized and compiled to Ascend C
as it would be for real arguments of that type, which is what pyasc's unit
tests do with `Launcher.run` patched out (or with DRY_RUN=1). Running such a
kernel for real is refused with a TypeError naming the argument: there is
no data to run it on.

`JITFunction` and `jit` are asc.jit's; `JITFunction._run_launcher` is the
step a launch takes when `Launcher.run` is replaced, so patching either one
stops the run.
"""

from __future__ import annotations

from ..language.core import dtype as _dt


class _Mock:
    __slots__ = ("dtype",)
    kind = ""

    def __init__(self, dtype):
        if isinstance(dtype, str):
            dtype = _dt.by_name(dtype)
        if not isinstance(dtype, _dt.DataType):
            raise TypeError(f"{type(self).__name__} takes an asc dtype (asc.float16, ...), "
                            f"got {dtype!r}")
        self.dtype = dtype

    def __repr__(self):
        return f"{type(self).__name__}({self.dtype})"


class MockTensor(_Mock):
    """A global-memory argument of `dtype` with no data (compile-only launches)."""
    kind = "gm"


class MockValue(_Mock):
    """A scalar argument of `dtype` with no value (compile-only launches)."""
    kind = "scalar"


def __getattr__(name):
    # asc.jit imports this module for the mock classes; its own names come lazily.
    if name in ("JITFunction", "jit"):
        import importlib
        return getattr(importlib.import_module("asc.jit"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
