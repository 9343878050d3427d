"""basic/sys_var: the core's identity and counters."""

from .. import docs
from ..core.api import api
from ..core.lowering import build
from ..core.tensor import wrap_scalar

docs.SUMMARIES.update({
    "get_block_idx": "The index of this core among the launch's core_num cores (0-based).",
    "get_block_num": "The number of cores the kernel was launched on (core_num).",
})


@api("GetBlockIdx", "sys_var", "")
def get_block_idx(form, a):
    return wrap_scalar(build("GetBlockIdxOp"))


@api("GetBlockNum", "sys_var", "")
def get_block_num(form, a):
    return wrap_scalar(build("GetBlockNumOp"))


__all__ = ["get_block_idx", "get_block_num"]
