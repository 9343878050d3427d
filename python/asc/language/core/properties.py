"""core/properties: asc.property(Property.X), the core's identity and hardware constants.

The mapping (pyasc leaves it to the implementation):

    Property.BLOCK_IDX        -> AscendC::GetBlockIdx()             (runtime)
    Property.BLOCK_NUM        -> AscendC::GetBlockNum()             (runtime)
    Property.SUB_BLOCK_IDX    -> AscendC::GetSubBlockIdx()          (runtime)
    Property.SUB_BLOCK_NUM    -> AscendC::GetSubBlockNum()          (runtime)
    Property.TASK_RATIO       -> AscendC::GetTaskRatio()            (runtime)
    Property.DATA_BLOCK_SIZE  -> AscendC::GetDataBlockSizeInBytes() (runtime)
    Property.SYSTEM_CYCLE     -> AscendC::GetSystemCycle()          (runtime)
    Property.PROGRAM_COUNTER  -> AscendC::GetProgramCounter()       (runtime)
    Property.ONE_BLK_SIZE          -> 32   (bytes of a data block; constant)
    Property.ONE_REPEAT_BYTE_SIZE  -> 256  (bytes of a vector repeat; constant)
    Property.DEFAULT_BLK_NUM       -> 8    (blocks per repeat; constant)
    Property.MAX_REPEAT_TIMES      -> 255  (constant)

Runtime properties emit the sys-var op; constant ones give an int32 constant.
"""

from __future__ import annotations

import enum

from . import semantic
from .. import docs
from . import dtype as dt
from .api import api, register_class
from .lowering import build
from .tensor import wrap_scalar


class Property(enum.Enum):
    BLOCK_IDX = "GetBlockIdxOp"
    BLOCK_NUM = "GetBlockNumOp"
    SUB_BLOCK_IDX = "GetSubBlockIdxOp"
    SUB_BLOCK_NUM = "GetSubBlockNumOp"
    TASK_RATIO = "GetTaskRatioOp"
    DATA_BLOCK_SIZE = "GetDataBlockSizeInBytesOp"
    SYSTEM_CYCLE = "GetSystemCycleOp"
    PROGRAM_COUNTER = "GetProgramCounterOp"
    ONE_BLK_SIZE = 32
    ONE_REPEAT_BYTE_SIZE = 256
    DEFAULT_BLK_NUM = 8
    MAX_REPEAT_TIMES = 255


register_class(Property)
docs.SUMMARIES["property"] = ("The value of a core property: a sys-var query (BLOCK_IDX, BLOCK_NUM, "
                              "SUB_BLOCK_IDX, ...) or a hardware constant (ONE_BLK_SIZE, ...).")
docs.PARAMS.setdefault("prop", "the property (asc.Property member)")


@api("<sys var or constant>", "properties", "prop: Property", "prop: int")
def property(form, a):  # noqa: A001 (pyasc's name)
    if form == 1:  # a top-level constant (asc.property(asc.DEFAULT_C0_SIZE)): its value
        return semantic.constant(int(a.prop), dt.int32)
    value = a.prop.value
    if isinstance(value, str):
        return wrap_scalar(build(value))
    return semantic.constant(value, dt.int32)


# pyasc's top-level constants (asc.ONE_BLK_SIZE ...): Ascend C's constants of
# the same names for Atlas A2 (__CCE_AICORE__ == 220), the platform the Model
# runs. pyasc emits them as `::AscendC::NAME`; here they are compile-time ints,
# so they fold into shapes, tile sizes and template arguments.
DEFAULT_C0_SIZE = 32                  # bytes of the C0 dimension of a fractal
ONE_BLK_SIZE = 32                     # bytes of a data block
TOTAL_L1_SIZE = 512 * 1024 - 128      # L1 bytes a kernel may use (KFC_L1_RESERVER_SIZE kept back)
TOTAL_L0C_SIZE = 128 * 1024           # L0C bytes

__all__ = ["property", "Property", "DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L1_SIZE", "TOTAL_L0C_SIZE"]
