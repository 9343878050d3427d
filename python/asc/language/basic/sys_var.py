"""basic/sys_var: the core's identity and counters."""

from .. import docs
from ..core.api import api
from ..core.lowering import build
from ..core.tensor import wrap_scalar

docs.SUMMARIES.update({
    "get_block_idx": "The index of this core among the launch's core_num cores (0-based).",
    "get_block_num": "The number of cores the kernel was launched on (core_num).",
    "get_arch_version": "The architecture version of the core. `core_version` is accepted for "
                        "pyasc compatibility (it is the C++ out-parameter); the version is "
                        "also returned.",
    "get_data_block_size_in_bytes": "The size of a data block (32 bytes on current cores).",
    "get_program_counter": "The current program counter.",
    "get_sub_block_idx": "The index of this vector core within its AIC/AIV group (0 or 1).",
    "get_system_cycle": "The system cycle counter (for timing).",
    "get_task_ratio": "The ratio of vector cores to cube cores of the launch (1 or 2).",
    "trap": "Stops the kernel (a trap instruction).",
    "get_sub_block_num": "The number of vector cores in an AIC/AIV group.",
})
docs.PARAMS.setdefault("core_version", "receives the architecture version (C++ out-parameter)")


@api("GetBlockIdx", "sys_var", "")
def get_block_idx(form, a):
    return wrap_scalar(build("GetBlockIdxOp"))


@api("GetBlockNum", "sys_var", "")
def get_block_num(form, a):
    return wrap_scalar(build("GetBlockNumOp"))


@api("GetArchVersion", "sys_var", "core_version: int = 0")
def get_arch_version(form, a):
    return wrap_scalar(build("GetArchVersionOp"))


def _query(name, cpp):
    def impl(form, a):
        return wrap_scalar(build(cpp + "Op"))
    impl.__name__ = name
    return api(cpp, "sys_var", "", name=name)(impl)


get_data_block_size_in_bytes = _query("get_data_block_size_in_bytes", "GetDataBlockSizeInBytes")
get_program_counter = _query("get_program_counter", "GetProgramCounter")
get_sub_block_idx = _query("get_sub_block_idx", "GetSubBlockIdx")
get_system_cycle = _query("get_system_cycle", "GetSystemCycle")
get_task_ratio = _query("get_task_ratio", "GetTaskRatio")
get_sub_block_num = _query("get_sub_block_num", "GetSubBlockNum")


@api("Trap", "sys_var", "")
def trap(form, a):
    return build("TrapOp")


__all__ = ["get_block_idx", "get_block_num", "get_arch_version", "get_data_block_size_in_bytes",
           "get_program_counter", "get_sub_block_idx", "get_system_cycle", "get_task_ratio", "trap",
           "get_sub_block_num"]
