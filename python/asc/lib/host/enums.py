"""The enums of the host tiling API (matmul_tiling:: in CANN; pyasc's asc.lib.host).

They are the host library's own (TPosition here has LCM/SPM/SHM/TSCM, DataType is
the graph engine's ge::DataType numbering), not the kernel language's enums.
"""

from __future__ import annotations

import enum


class TPosition(enum.IntEnum):
    GM = 0
    A1 = 1
    A2 = 2
    B1 = 3
    B2 = 4
    C1 = 5
    C2 = 6
    CO1 = 7
    CO2 = 8
    VECIN = 9
    VECOUT = 10
    VECCALC = 11
    LCM = 11  # the vendor's alias of VECCALC
    SPM = 12
    SHM = 12  # alias of SPM
    TSCM = 13
    MAX = 14


class CubeFormat(enum.IntEnum):
    ND = 0
    NZ = 1
    ZN = 2
    ZZ = 3
    NN = 4
    ND_ALIGN = 5
    SCALAR = 6
    VECTOR = 7
    ROW_MAJOR = 0  # alias of ND
    COLUMN_MAJOR = 8


class DataType(enum.IntEnum):
    DT_FLOAT = 0
    DT_FLOAT16 = 1
    DT_INT8 = 2
    DT_INT32 = 3
    DT_UINT8 = 4
    DT_INT16 = 6
    DT_UINT16 = 7
    DT_UINT32 = 8
    DT_INT64 = 9
    DT_UINT64 = 10
    DT_DOUBLE = 11
    DT_BOOL = 12
    DT_BF16 = 27
    DT_BFLOAT16 = 27  # alias of DT_BF16
    DT_INT4 = 29


# Bytes per element (DT_INT4: half a byte, kept as a fraction).
DTYPE_BYTES = {DataType.DT_FLOAT: 4, DataType.DT_FLOAT16: 2, DataType.DT_INT8: 1, DataType.DT_INT32: 4,
               DataType.DT_UINT8: 1, DataType.DT_INT16: 2, DataType.DT_UINT16: 2, DataType.DT_UINT32: 4,
               DataType.DT_INT64: 8, DataType.DT_UINT64: 8, DataType.DT_DOUBLE: 8, DataType.DT_BOOL: 1,
               DataType.DT_BF16: 2, DataType.DT_INT4: 0.5}


class MatrixTraverse(enum.IntEnum):
    NOSET = 0
    FIRSTM = 1
    FIRSTN = 2


class MatrixMadType(enum.IntEnum):
    NORMAL = 0
    HF32 = 1


class DequantType(enum.IntEnum):
    SCALAR = 0
    TENSOR = 1


class ScheduleType(enum.IntEnum):
    INNER_PRODUCT = 0
    OUTER_PRODUCT = 1
    N_BUFFER_33 = 2  # NBuffer33MatmulPolicy's tiling (MatmulApiTiling._nbuffer33)


__all__ = ["TPosition", "CubeFormat", "DataType", "MatrixTraverse", "MatrixMadType", "DequantType",
           "ScheduleType"]
