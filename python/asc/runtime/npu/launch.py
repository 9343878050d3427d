"""One NPU launch: arguments to device memory, the stub call, results back.

GM arguments (numpy arrays, CPU torch tensors) are copied to fresh device
buffers, the kernel runs, the stream is synchronized, and every GM buffer is
copied back into the caller's array (the kernel may write any of them); the
device buffers are freed whatever happens. Scalars go by value.
"""

from __future__ import annotations

import ctypes
from typing import Any, List, Sequence, Tuple


from ..backend import ParamSpec
from ..kernel_args import SCALAR_CTYPES, array_view, scalar_value, struct_fields, struct_values
from .acl import AclRuntime

_SCALARS = SCALAR_CTYPES

# Ascend C's blockDim range (aclrtLaunchKernel / <<<>>>): 1..65535.
MAX_BLOCK_DIM = 65535


def scalar_cell(p: ParamSpec, a: Any):
    if p.kind == "struct":  # a tiling struct: its fields as doubles (kernel_args.struct_arg_expr)
        return (ctypes.c_double * len(struct_fields(p)))(*struct_values(p, a))
    ct = _SCALARS.get(p.ctype)
    if ct is None:
        raise TypeError(f"parameter {p.name!r}: unsupported scalar type {p.ctype!r}")
    v = scalar_value(p, a)
    if p.ctype in ("half", "bfloat16_t", "float", "double", "bool"):
        return ct(v)
    cell = ct(v)
    if cell.value != v:
        raise OverflowError(f"argument {p.name!r}: {v} does not fit in {p.ctype}")
    return cell


def host_view(obj: Any, p: ParamSpec) -> Tuple[int, int]:
    """(host address, nbytes) of an array argument (copied to the device and back)."""
    return array_view(obj, p, "NPU backend")


def run(acl: AclRuntime, entry, params: Sequence[ParamSpec], block_dim: int, stream: int,
        args: Sequence[Any]) -> None:
    if len(args) != len(params):
        raise TypeError(f"kernel takes {len(params)} arguments ({', '.join(p.name for p in params)}), "
                        f"got {len(args)}")
    if not 0 < block_dim <= MAX_BLOCK_DIM:
        raise ValueError(f"block_dim must be positive and at most {MAX_BLOCK_DIM}: core_num {block_dim} "
                         f"is outside 1..{MAX_BLOCK_DIM}, the NPU's range")
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
