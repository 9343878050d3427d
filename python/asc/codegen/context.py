"""The code generator that is tracing a kernel right now, if any.

Language functions (asc.add, asc.LocalTensor(...), ...) run at trace time and
need the active IR builder. They get it from `current()`, which raises a clear
error when called outside an @asc.jit kernel.
"""

from __future__ import annotations

_active = []


class NotInKernelError(RuntimeError):
    """A kernel API was called from ordinary Python code."""


def current():
    """The active CodeGenerator; raises NotInKernelError outside a kernel."""
    if not _active:
        raise NotInKernelError(
            "this asc API can only be called inside an @asc.jit kernel (it emits Ascend C; "
            "call the kernel as kernel[core_num](args...) instead)")
    return _active[-1]


def builder():
    return current().builder


def in_kernel() -> bool:
    return bool(_active)


def push(generator) -> None:
    _active.append(generator)


def pop() -> None:
    _active.pop()
