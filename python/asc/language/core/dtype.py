"""Element types of kernel values and tensors.

A `DataType` names one Ascend C scalar type. It knows its size, its numpy
counterpart (for host arguments) and how to spell itself as an MLIR type (for
the builder). bfloat16 has no numpy dtype; host arrays of it come from
ml_dtypes or torch when those are installed.
"""

from __future__ import annotations

from typing import Optional

from ..._lazy import lazy_module

np = lazy_module("numpy", globals(), "np")  # imported at first use (asc/_lazy.py)


class DataType:
    """One scalar type: `asc.float16`, `asc.int32`, ..."""

    __slots__ = ("name", "bits", "kind", "np_name")

    def __init__(self, name: str, bits: int = 0, kind: str = "void", np_name: Optional[str] = None):
        # pyasc's `asc.DataType("int32")`: a type by its name is that known type
        known = globals().get("_BY_NAME", {}).get(name) if (bits, kind) == (0, "void") else None
        if known is not None:
            name, bits, kind, np_name = known.name, known.bits, known.kind, known.np_name
        self.name = name
        self.bits = bits
        self.kind = kind  # "int", "uint", "float", "bool" or "void"
        self.np_name = np_name

    def is_int(self) -> bool:
        return self.kind in ("int", "uint", "bool")

    def is_float(self) -> bool:
        return self.kind == "float"

    def is_numeric(self) -> bool:
        return self.kind in ("int", "uint", "float", "bool")

    def is_signed(self) -> bool:
        return self.kind in ("int", "float")

    def is_unsigned(self) -> bool:
        return self.kind in ("uint", "bool")

    def is_void(self) -> bool:
        return self.kind == "void"

    def sizeof(self) -> int:
        """Size in bytes (`sizeof(T)` in Ascend C)."""
        return self.bits // 8

    def to_ir(self, builder):
        """The MLIR type of this scalar type, in the builder's context."""
        if self.kind == "float":
            if self.bits == 16:
                return builder.get_bf16_type() if self.name == "bfloat16" else builder.get_f16_type()
            return builder.get_f32_type() if self.bits == 32 else builder.get_f64_type()
        if self.kind == "bool":
            return builder.get_i1_type()
        if self.kind in ("int", "uint"):
            return builder.get_int_type(self.bits, self.kind == "int")
        raise TypeError("void has no IR type")

    def __repr__(self) -> str:
        return f"asc.{self.name}"

    def __eq__(self, other) -> bool:
        # the types are module constants: most comparisons meet the same object (~140 per trace)
        return other is self or (isinstance(other, DataType) and other.name == self.name)

    def __hash__(self) -> int:
        return hash(self.name)

    def __reduce__(self):
        return (by_name, (self.name,))


int8 = DataType("int8", 8, "int", "int8")
int16 = DataType("int16", 16, "int", "int16")
int32 = DataType("int32", 32, "int", "int32")
int64 = DataType("int64", 64, "int", "int64")
uint8 = DataType("uint8", 8, "uint", "uint8")
uint16 = DataType("uint16", 16, "uint", "uint16")
uint32 = DataType("uint32", 32, "uint", "uint32")
uint64 = DataType("uint64", 64, "uint", "uint64")
float16 = DataType("float16", 16, "float", "float16")
bfloat16 = DataType("bfloat16", 16, "float", "bfloat16")
float32 = DataType("float32", 32, "float", "float32")
float64 = DataType("float64", 64, "float", "float64")
bool_ = DataType("bool", 8, "bool", "bool")
void = DataType("void")

# pyasc spellings
half = float16
float_ = float32
double = float64


class KnownTypes:
    """Namespace of every DataType (pyasc's `KnownTypes`, often imported as KT)."""

    int8, int16, int32, int64 = int8, int16, int32, int64
    uint8, uint16, uint32, uint64 = uint8, uint16, uint32, uint64
    float16, bfloat16, float32, float64 = float16, bfloat16, float32, float64
    half, float_, double, bool_, void = half, float_, double, bool_, void


_ALL = [int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16, bfloat16, float32,
        float64, bool_, void]
_BY_NAME = {t.name: t for t in _ALL}
_BY_NAME.update({"half": float16, "float": float32, "double": float64, "bool_": bool_})


def by_name(name: str) -> DataType:
    return _BY_NAME[name]


def from_numpy(dtype) -> DataType:
    """The DataType of a numpy dtype (or anything np.dtype accepts, incl. torch names)."""
    name = np.dtype(dtype).name if not isinstance(dtype, str) else dtype
    try:
        return _BY_NAME[name]
    except KeyError:
        raise TypeError(f"arrays of dtype {name} cannot be passed to a kernel") from None


def from_ir(ir_type) -> DataType:
    """The DataType of an MLIR scalar type (its printed form)."""
    text = str(ir_type)
    table = {"f16": float16, "bf16": bfloat16, "f32": float32, "f64": float64, "i1": bool_,
             "i8": int8, "i16": int16, "i32": int32, "i64": int64, "ui8": uint8, "ui16": uint16,
             "ui32": uint32, "ui64": uint64, "si8": int8, "si16": int16, "si32": int32, "si64": int64}
    return table[text]


def promote(a: DataType, b: DataType) -> DataType:
    """C++'s usual arithmetic conversions, as Ascend C scalar code applies them."""
    if a == b and a not in (int8, int16, uint8, uint16, bool_):
        return a
    if a.is_float() or b.is_float():
        if not b.is_float():
            return a
        if not a.is_float():
            return b
        if a.bits != b.bits:
            return a if a.bits > b.bits else b
        # half with bfloat16 meets in float, as their C++ classes do.
        return a if a == b else float32
    # integer promotion: anything narrower than int becomes int
    def widen(t):
        return int32 if t.bits < 32 else t
    a, b = widen(a), widen(b)
    if a == b:
        return a
    if a.bits != b.bits:
        return a if a.bits > b.bits else b
    return a if a.kind == "uint" else b
