"""The kernel being traced right now, if any: the state the language runs against.

Language functions (asc.add, asc.LocalTensor(...), ...) run at trace time and
need the active IR builder. They get it from `builder()` / `current()`, which
raise a clear error when called outside an @asc.jit kernel. The code generator
(asc.codegen) pushes its compilation session here while it traces a kernel;
the language never imports the code generator.
"""

from __future__ import annotations

import os
import sys

from ...errors import CompileError

_active = []
# python/asc: frames of the package are skipped when an error names the user's line
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class NotInKernelError(CompileError, RuntimeError):
    """A kernel API was called from ordinary Python code."""


def not_in_kernel(api: str = None) -> NotInKernelError:
    """The error for a kernel API called outside a kernel, located at the user's call."""
    what = api or "this asc API"
    frame = sys._getframe(1)
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(_PACKAGE_DIR + os.sep):
        frame = frame.f_back
    filename, lineno = (frame.f_code.co_filename, frame.f_lineno) if frame is not None else (None, None)
    return NotInKernelError(
        f"{what} can only be called inside an @asc.jit kernel (it emits Ascend C; "
        "call the kernel as kernel[core_num](args...) instead)", filename, lineno)


def current():
    """The active compilation session (its `.builder` is the IR builder); raises
    NotInKernelError outside a kernel."""
    if not _active:
        raise not_in_kernel()
    return _active[-1]


def builder():
    return current().builder


def in_kernel() -> bool:
    return bool(_active)


def push(session) -> None:
    _active.append(session)


def pop() -> None:
    _active.pop()
