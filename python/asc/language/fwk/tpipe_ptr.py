"""fwk/tpipe: get_tpipe_ptr (GetTPipePtr): the kernel's TPipe, as an asc.TPipe.

The dialect's `ascendc.get_tpipe_ptr` binds a reference,
`AscendC::TPipe& pipe = *GetTPipePtr();`, so the result is used like
the asc.TPipe() object itself (init_buffer, ...).
"""

import weakref

from .. import docs
from ..core import context
from ..core.api import api, register_class

docs.SUMMARIES["get_tpipe_ptr"] = "The kernel's global TPipe (GetTPipePtr, a global function)."


@api("GetTPipePtr", "tpipe", "")
def get_tpipe_ptr(form, a):
    from .tpipe import TPipe
    return TPipe._from_handle(context.builder().create_asc_GetTPipePtrOp())


class TPipeManager:
    """The kernel's current TPipe, at trace time.

    `TPipeManager.get()` is the pipe recorded by `TPipeManager.set(pipe)` in the kernel
    being traced (the same asc.TPipe object: no code is emitted), or, when none is
    recorded, `GetTPipePtr()` (`get_tpipe_ptr`: the kernel's global TPipe, the
    first one constructed on the core). `set(pipe)` records `pipe` for the rest of the
    trace; `reset()` forgets it. set/reset emit nothing and act only at trace time: the
    recording follows the Python order of the calls, not the kernel's runtime control
    flow, and is per traced kernel."""

    _recorded = weakref.WeakKeyDictionary()

    def __init__(self):
        raise TypeError("asc.TPipeManager is used through its static methods get(), set(pipe), reset()")

    @staticmethod
    def get():
        """The recorded pipe, else the kernel's global TPipe (GetTPipePtr)."""
        pipe = TPipeManager._recorded.get(context.current())
        return pipe if pipe is not None else get_tpipe_ptr()

    @staticmethod
    def set(pipe) -> None:
        """Record `pipe` (an asc.TPipe) as the kernel's pipe for the following get() calls."""
        from .tpipe import TPipe
        if not isinstance(pipe, TPipe):
            raise TypeError(f"asc.TPipeManager.set takes an asc.TPipe, got {type(pipe).__name__}")
        TPipeManager._recorded[context.current()] = pipe

    @staticmethod
    def reset() -> None:
        """Forget the recorded pipe: get() returns GetTPipePtr() again."""
        TPipeManager._recorded.pop(context.current(), None)


register_class(TPipeManager)

__all__ = ["get_tpipe_ptr", "TPipeManager"]
