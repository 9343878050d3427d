"""fwk/tpipe: get_tpipe_ptr (GetTPipePtr), declared but unsupported: the dialect has no op."""

from .. import docs
from ..core.api import api

docs.SUMMARIES["get_tpipe_ptr"] = "The kernel's global TPipe (AscendC::GetTPipePtr)."


@api("GetTPipePtr", "tpipe", "")
def get_tpipe_ptr(form, a):
    raise NotImplementedError("asc.get_tpipe_ptr is not supported: the ascendc dialect has no "
                              "GetTPipePtr op; pass the asc.TPipe() object to the device functions "
                              "that need it instead")


__all__ = ["get_tpipe_ptr"]
