"""fwk/tpipe: get_tpipe_ptr (GetTPipePtr): the kernel's TPipe, as an asc.TPipe.

The dialect's `ascendc.get_tpipe_ptr` binds a reference,
`AscendC::TPipe& pipe = *AscendC::GetTPipePtr();`, so the result is used like
the asc.TPipe() object itself (init_buffer, ...).
"""

from .. import docs
from ..core.api import api

docs.SUMMARIES["get_tpipe_ptr"] = "The kernel's global TPipe (AscendC::GetTPipePtr)."


@api("GetTPipePtr", "tpipe", "")
def get_tpipe_ptr(form, a):
    from ...codegen import context
    from .tpipe import TPipe
    return TPipe._from_handle(context.builder().create_asc_GetTPipePtrOp())


__all__ = ["get_tpipe_ptr"]
