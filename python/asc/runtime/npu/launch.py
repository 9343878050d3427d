"""One NPU launch: arguments to device memory, the stub call, results back.

GM arguments (numpy arrays, CPU torch tensors) are copied to fresh device
buffers, the kernel runs, the stream is synchronized, and every GM buffer is
copied back into the caller's array (the kernel may write any of them); the
device buffers are freed whatever happens. Scalars go by value.
"""

from __future__ import annotations

import ctypes
import struct
from typing import Any, List, Sequence, Tuple

import numpy as np

from ..backend import ParamSpec
from .acl import AclRuntime

_SCALARS = {
    "bool": ctypes.c_bool,
    "int8_t": ctypes.c_int8, "uint8_t": ctypes.c_uint8,
    "int16_t": ctypes.c_int16, "uint16_t": ctypes.c_uint16,
    "int32_t": ctypes.c_int32, "uint32_t": ctypes.c_uint32,
    "int64_t": ctypes.c_int64, "uint64_t": ctypes.c_uint64,
    "float": ctypes.c_float, "double": ctypes.c_double,
    "half": ctypes.c_uint16, "bfloat16_t": ctypes.c_uint16,
}


def _bf16_bits(v: float) -> int:
    (u,) = struct.unpack("<I", struct.pack("<f", float(np.float32(v))))
    if (u & 0x7FFFFFFF) > 0x7F800000:
        return ((u >> 16) | 0x40) & 0xFFFF
    return ((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF


def scalar_cell(p: ParamSpec, a: Any):
    ct = _SCALARS.get(p.ctype)
    if ct is None:
        raise TypeError(f"parameter {p.name!r}: unsupported scalar type {p.ctype!r}")
    if p.ctype == "half":
        return ct(int(np.array(a, dtype=np.float16).view(np.uint16)))
    if p.ctype == "bfloat16_t":
        return ct(_bf16_bits(a))
    if p.ctype in ("float", "double"):
        return ct(float(a))
    if p.ctype == "bool":
        return ct(bool(a))
    v = int(a)
    cell = ct(v)
    if cell.value != v:
        raise OverflowError(f"argument {p.name!r}: {v} does not fit in {p.ctype}")
    return cell


def host_view(obj: Any, p: ParamSpec) -> Tuple[int, int]:
    """(host address, nbytes) of an array argument."""
    if isinstance(obj, np.ndarray):
        if not obj.flags.c_contiguous:
            raise ValueError(f"argument {p.name!r}: the NPU backend needs a C-contiguous array "
                             "(use np.ascontiguousarray)")
        if not obj.flags.writeable:
            raise ValueError(f"argument {p.name!r}: the array is read-only, but results are copied back into it")
        if p.dtype and obj.dtype.name != p.dtype and not (p.dtype == "bfloat16" and obj.dtype.itemsize == 2):
            raise TypeError(f"argument {p.name!r}: array dtype {obj.dtype.name} but the kernel was "
                            f"compiled for {p.dtype}")
        return obj.ctypes.data, obj.nbytes
    if type(obj).__module__.startswith("torch"):
        if obj.device.type != "cpu":
            raise ValueError(f"argument {p.name!r}: pass CPU tensors (the backend copies them to the NPU), "
                             f"got {obj.device}")
        if not obj.is_contiguous():
            raise ValueError(f"argument {p.name!r}: needs a contiguous tensor (use .contiguous())")
        return obj.data_ptr(), obj.numel() * obj.element_size()
    raise TypeError(f"argument {p.name!r}: expected a numpy array or CPU torch tensor, got {type(obj).__name__}")


def run(acl: AclRuntime, entry, params: Sequence[ParamSpec], block_dim: int, stream: int,
        args: Sequence[Any]) -> None:
    if len(args) != len(params):
        raise TypeError(f"kernel takes {len(params)} arguments ({', '.join(p.name for p in params)}), "
                        f"got {len(args)}")
    if block_dim <= 0:
        raise ValueError(f"block_dim must be positive, got {block_dim}")
    views = [host_view(a, p) if p.kind == "gm" else None for p, a in zip(params, args)]
    cells: List[Any] = [None if p.kind == "gm" else scalar_cell(p, a) for p, a in zip(params, args)]
    ptrs = (ctypes.c_void_p * max(1, len(params)))()
    buffers: List[Tuple[int, int, int]] = []  # (device, host, nbytes)
    done = False
    try:
        for i, (p, view) in enumerate(zip(params, views)):
            if view is not None:
                host, nbytes = view
                dev = acl.malloc(nbytes)
                buffers.append((dev, host, nbytes))
                if nbytes:
                    acl.memcpy_h2d(dev, host, nbytes)
                cells[i] = ctypes.c_void_p(dev)
            ptrs[i] = ctypes.cast(ctypes.pointer(cells[i]), ctypes.c_void_p)
        entry(ctypes.c_uint32(block_dim), ctypes.c_void_p(stream), ptrs)
        acl.synchronize_stream(stream)
        for dev, host, nbytes in buffers:
            if nbytes:
                acl.memcpy_d2h(host, dev, nbytes)
        done = True
    finally:
        errors = []
        for dev, _, _ in buffers:
            try:
                acl.free(dev)
            except Exception as exc:  # keep freeing; report after
                errors.append(exc)
        if errors and done:  # a failure before this already propagates
            raise errors[0]
