"""Kernel arguments as the backends pass them: shared by the Model and NPU launchers.

A launch stub receives `void** args`, each entry pointing at one argument's
value: GM parameters as a pointer, scalars in their C++ type (16-bit floats
as their bit patterns).
"""

from __future__ import annotations

import ctypes
import struct
from typing import Any, List, Sequence, Tuple

from .._lazy import lazy_module

from .backend import ParamSpec

np = lazy_module("numpy", globals(), "np")  # imported at first use (asc/_lazy.py)

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


# numpy dtype name -> the dtype a GM parameter of that type takes (native byte
# order); None where numpy has no such dtype (bfloat16: any 2-byte dtype).
_EXPECTED: dict = {}


def expected_dtype(name: str):
    """The numpy dtype an array argument for a parameter of dtype `name` must have
    (None: no exact numpy dtype; checked by `check_dtype`)."""
    try:
        return _EXPECTED[name]
    except KeyError:
        pass
    try:
        dtype = np.dtype(name) if name and name != "bfloat16" else None
    except TypeError:
        dtype = None
    _EXPECTED[name] = dtype
    return dtype


def check_dtype(dtype: np.dtype, p: ParamSpec) -> None:
    """Raises TypeError unless an array of `dtype` can be passed for parameter `p`
    (the slow path: the fast path is `dtype is expected_dtype(p.dtype)`)."""
    if not dtype.isnative:
        order = "big-endian" if dtype.byteorder == ">" else "little-endian"
        native = dtype.newbyteorder("=")
        raise TypeError(f"argument {p.name!r}: array dtype {dtype.str!r} is {order}, not in the host's "
                        f"byte order; the kernel would read wrong numbers: pass x.astype({native.str!r}) "
                        f"or np.ascontiguousarray(x, dtype=np.{native.name})")
    if not p.dtype:
        return
    expected = expected_dtype(p.dtype)
    if expected is not None:
        if dtype == expected:
            return
    elif p.dtype == "bfloat16" and dtype.itemsize == 2:
        return  # numpy has no bfloat16: its bit patterns in any 2-byte dtype
    raise TypeError(f"argument {p.name!r}: array dtype {dtype.name} but the kernel was "
                    f"compiled for {p.dtype}")


def array_view(obj: Any, p: ParamSpec, backend: str, expected: Any = False) -> Tuple[int, int]:
    """(address, nbytes) of an array argument (numpy or CPU torch), used in place.

    Every GM argument must be writeable: a backend cannot tell which ones the
    kernel writes (the Model writes in place, the NPU backend copies every GM
    buffer back), so a read-only array (writeable=False, a mode='r' np.memmap,
    np.frombuffer of bytes) is a TypeError rather than a crash or a silent
    write. `expected` is expected_dtype(p.dtype) when the caller has it.
    """
    if isinstance(obj, np.ndarray):
        if expected is False:
            expected = expected_dtype(p.dtype)
        dtype = obj.dtype
        if dtype is not expected:
            check_dtype(dtype, p)
        flags = obj.flags
        if not flags.c_contiguous:
            raise ValueError(f"argument {p.name!r}: the {backend} needs a C-contiguous array "
                             "(use np.ascontiguousarray)")
        if not flags.writeable:
            what = "a read-only np.memmap (mode='r')" if isinstance(obj, np.memmap) else "read-only"
            raise TypeError(f"argument {p.name!r}: the array is {what}, but the kernel may write any "
                            "GM argument: pass a writeable array (e.g. a copy: np.array(x))")
        nbytes = obj.nbytes
        if nbytes:
            try:
                # several times cheaper than obj.__array_interface__ or obj.ctypes.data
                return _addressof(_c_char.from_buffer(obj)), nbytes
            except (ValueError, TypeError, BufferError):
                pass  # a dtype numpy cannot export as a buffer (e.g. a user dtype)
        return obj.__array_interface__["data"][0], nbytes
    if type(obj).__module__.startswith("torch"):
        if obj.device.type != "cpu":
            raise ValueError(f"argument {p.name!r}: the {backend} takes CPU tensors, got {obj.device}")
        if not obj.is_contiguous():
            raise ValueError(f"argument {p.name!r}: the {backend} needs a contiguous tensor "
                             "(use .contiguous())")
        return obj.data_ptr(), obj.numel() * obj.element_size()
    raise TypeError(f"argument {p.name!r}: expected a numpy array or CPU torch tensor, "
                    f"got {type(obj).__name__}")


_addressof = ctypes.addressof
_c_char = ctypes.c_char


def struct_fields(p: ParamSpec) -> List[Tuple[str, str, bool]]:
    """(C++ member, Python field, is floating point) of a by-value struct
    parameter, from its ParamSpec.dtype (kernel_struct.layout)."""
    out = []
    for item in p.dtype.split(","):
        cpp, rest = item.split("=", 1)
        py, _, kind = rest.partition(":")
        out.append((cpp, py, kind == "f"))
    return out


def struct_values(p: ParamSpec, obj: Any) -> List[float]:
    """The field values of a struct argument, one double each (the stub converts)."""
    fields = getattr(obj, "fields", None)
    if fields is None:
        raise TypeError(f"argument {p.name!r}: expected a {p.ctype} struct, got {type(obj).__name__}")
    out = []
    for _cpp, py, is_float in struct_fields(p):
        v = fields.get(py)
        if v is None:
            v = type(obj)._default(py) if hasattr(type(obj), "_default") else 0
        f = float(v)
        # An integer field is an int32 in the kernel (kernel_struct): the stub's cast would wrap
        # 2**32 + 16 to 16 without a word, so a value outside int32 is refused like a scalar's.
        if not is_float and not (f == f and -2.0 ** 31 <= f <= 2.0 ** 31 - 1):
            raise OverflowError(f"argument {p.name!r}: field {py} = {v!r} does not fit in int32")
        out.append(f)
    return out


def struct_arg_expr(p: ParamSpec, cell: str) -> str:
    """A C++ expression building the struct parameter `p` member by member from
    the doubles at `cell` (no byte layout is shared with Python)."""
    lines = [f"{p.ctype} s{{}}", f"const double* v = static_cast<const double*>({cell})"]
    for k, (cpp, _py, is_float) in enumerate(struct_fields(p)):
        value = f"v[{k}]" if is_float else f"static_cast<long long>(v[{k}])"
        lines.append(f"s.{cpp} = static_cast<decltype(s.{cpp})>({value})")
    return "[&] { " + "; ".join(lines) + "; return s; }()"


def stub_call_args(params: Sequence[ParamSpec], array: str) -> List[str]:
    """The typed arguments of the kernel call in a launch stub, read from `array[i]`."""
    args = []
    for i, p in enumerate(params):
        if p.kind == "struct":
            args.append(struct_arg_expr(p, f"{array}[{i}]"))
            continue
        ctype = "GM_ADDR" if p.kind == "gm" else p.ctype
        if p.kind != "gm" and ctype not in SCALAR_CTYPES:
            raise TypeError(f"parameter {p.name!r}: unsupported scalar type {ctype!r}")
        args.append(f"*reinterpret_cast<{ctype}*>({array}[{i}])")
    return args
