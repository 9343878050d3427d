"""Collects the kernel language's public names into the `asc` namespace.

Each language module lists its public names in `__all__`; adding a module
here is the only registration step.
"""

import importlib

from .language.core import dtype as _dtype
from .language.core.constexpr import ConstExpr, require_constexpr
from .language.core.ir_value import GlobalAddress, PlainValue
from .language.core.ops import ceildiv, inline, number
from .language.core.range import range, static_range  # noqa: A004
from .language.core.tensor import BaseTensor, GlobalTensor, LocalTensor

_MODULES = [
    "language.core.enums", "language.core.types", "language.fwk.tpipe",
    "language.basic.vec_binary", "language.basic.data_copy", "language.basic.block_sync",
    "language.basic.sys_var", "language.basic.dump_tensor",
    "language.basic.vec_binary_scalar", "language.basic.vec_brcb", "language.basic.vec_cmpsel",
    "language.basic.vec_duplicate", "language.basic.vec_gather", "language.basic.vec_gather_mask",
    "language.basic.vec_reduce", "language.basic.vec_scatter",
    "language.basic.vec_ternary_scalar", "language.basic.vec_transpose",
    "language.basic.vec_unary", "language.basic.vec_vconv",
    "language.basic.cache", "language.basic.common", "language.basic.fixpipe", "language.basic.mm",
    "language.basic.proposal", "language.basic.scalar", "language.basic.set_atomic",
    "language.core.array", "language.core.properties", "language.core.memory_allocator",
    "language.core.tensor_shape",
    "language.fwk.tpipe_ptr", "language.basic.list_tensor", "language.basic.hccl",
]

__all__ = ["ConstExpr", "require_constexpr", "GlobalAddress", "PlainValue", "ceildiv", "inline",
           "number", "range", "static_range", "BaseTensor", "GlobalTensor", "LocalTensor",
           "DataType", "KnownTypes"]

DataType = _dtype.DataType
KnownTypes = _dtype.KnownTypes
for _name in ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
              "bfloat16", "float32", "float64", "half", "float_", "double", "bool_"):
    globals()[_name] = getattr(_dtype, _name)
    __all__.append(_name)

for _mod in _MODULES:
    _m = importlib.import_module("." + _mod, __package__)
    for _name in _m.__all__:
        globals()[_name] = getattr(_m, _name)
        __all__.append(_name)
