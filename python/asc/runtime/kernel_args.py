"""Kernel arguments as the backends pass them: shared by the Model and NPU launchers.

A launch stub receives `void** args`, each entry pointing at one argument's
value: GM parameters as a pointer, scalars in their C++ type (16-bit floats
as their bit patterns).
"""

from __future__ import annotations

import ctypes
import struct
from typing import Any, List, Sequence, Tuple

import numpy as np

from .backend import ParamSpec

# The C++ scalar type of a parameter -> the ctypes type holding its value.
SCALAR_CTYPES = {
    "bool": ctypes.c_bool,
    "int8_t": ctypes.c_int8, "uint8_t": ctypes.c_uint8,
    "int16_t": ctypes.c_int16, "uint16_t": ctypes.c_uint16,
    "int32_t": ctypes.c_int32, "uint32_t": ctypes.c_uint32,
    "int64_t": ctypes.c_int64, "uint64_t": ctypes.c_uint64,
    "float": ctypes.c_float, "double": ctypes.c_double,
    "half": ctypes.c_uint16, "bfloat16_t": ctypes.c_uint16,
}


def bf16_bits(v: float) -> int:
    """The bfloat16 bit pattern of v, rounded to nearest even (NaN stays NaN)."""
    (u,) = struct.unpack("<I", struct.pack("<f", float(np.float32(v))))
    if (u & 0x7FFFFFFF) > 0x7F800000:
        return ((u >> 16) | 0x40) & 0xFFFF
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF


def scalar_value(p: ParamSpec, a: Any):
    """The value to store in the parameter's ctypes cell."""
    if p.ctype == "half":
        return int(np.array(a, dtype=np.float16).view(np.uint16))
    if p.ctype == "bfloat16_t":
        return bf16_bits(a)
    if p.ctype in ("float", "double"):
        return float(a)
    if p.ctype == "bool":
        return bool(a)
    return int(a)


def array_view(obj: Any, p: ParamSpec, backend: str, writeable: bool = False) -> Tuple[int, int]:
    """(address, nbytes) of an array argument (numpy or CPU torch), used in place."""
    if isinstance(obj, np.ndarray):
        if not obj.flags.c_contiguous:
            raise ValueError(f"argument {p.name!r}: the {backend} needs a C-contiguous array "
                             "(use np.ascontiguousarray)")
        if writeable and not obj.flags.writeable:
            raise ValueError(f"argument {p.name!r}: the array is read-only, but results are copied "
                             "back into it")
        if p.dtype and obj.dtype.name != p.dtype and not (p.dtype == "bfloat16" and obj.dtype.itemsize == 2):
            raise TypeError(f"argument {p.name!r}: array dtype {obj.dtype.name} but the kernel was "
                            f"compiled for {p.dtype}")
        # __array_interface__ is several times cheaper than obj.ctypes.data
        return obj.__array_interface__["data"][0], obj.nbytes
    if type(obj).__module__.startswith("torch"):
        if obj.device.type != "cpu":
            raise ValueError(f"argument {p.name!r}: the {backend} takes CPU tensors, got {obj.device}")
        if not obj.is_contiguous():
            raise ValueError(f"argument {p.name!r}: the {backend} needs a contiguous tensor "
                             "(use .contiguous())")
        return obj.data_ptr(), obj.numel() * obj.element_size()
    raise TypeError(f"argument {p.name!r}: expected a numpy array or CPU torch tensor, "
                    f"got {type(obj).__name__}")


def stub_call_args(params: Sequence[ParamSpec], array: str) -> List[str]:
    """The typed arguments of the kernel call in a launch stub, read from `array[i]`."""
    args = []
    for i, p in enumerate(params):
        ctype = "GM_ADDR" if p.kind == "gm" else p.ctype
        if p.kind != "gm" and ctype not in SCALAR_CTYPES:
            raise TypeError(f"parameter {p.name!r}: unsupported scalar type {ctype!r}")
        args.append(f"*reinterpret_cast<{ctype}*>({array}[{i}])")
    return args
