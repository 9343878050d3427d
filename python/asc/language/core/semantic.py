"""The semantics of runtime scalars: PlainValue, GlobalAddress and their arithmetic.

`PlainValue` is a runtime scalar with a DataType and Python operators that
build `arith` ops, so kernel code like `offset = asc.get_block_idx() * block_length`
traces naturally. `GlobalAddress` is a GM pointer (a kernel's array argument):
`x + n` offsets it and `x.dtype` is its element type.

Scalar arithmetic follows Ascend C's (C++'s) promotion rules. Compile-time
operands (Python ints, floats, bools, numpy scalars) are folded by Python
itself before they get here; this module handles expressions where at least
one side is a runtime `PlainValue`. Integer `//` and `%` on runtime values
follow C++ (truncation toward zero), as the emitted Ascend C does; on
compile-time values they follow Python.

This is the language's own layer (like Triton's `semantic`): the API modules
and the code generator (asc.codegen) build on it; it imports neither.
"""

from __future__ import annotations

import numbers

from ..._lazy import lazy_module

from . import dtype as dt
from .constexpr import ConstExpr, RuntimeValue
from .context import builder

np = lazy_module("numpy", globals(), "np")  # imported at first use (asc/_lazy.py)


class PlainValue(RuntimeValue):
    """A runtime scalar (`RuntimeInt`, `RuntimeFloat`, `RuntimeBool` in pyasc)."""

    __slots__ = ("dtype",)

    def __init__(self, handle, dtype: dt.DataType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self):
        return f"<runtime {self.dtype.name}>"

    # Arithmetic and comparison build arith ops (binary() below).
    def _bin(self, op, other, reverse=False):
        return binary(op, other, self) if reverse else binary(op, self, other)

    def __add__(self, o): return self._bin("+", o)
    def __radd__(self, o): return self._bin("+", o, True)
    def __sub__(self, o): return self._bin("-", o)
    def __rsub__(self, o): return self._bin("-", o, True)
    def __mul__(self, o): return self._bin("*", o)
    def __rmul__(self, o): return self._bin("*", o, True)
    def __truediv__(self, o): return self._bin("/", o)
    def __rtruediv__(self, o): return self._bin("/", o, True)
    def __floordiv__(self, o): return self._bin("//", o)
    def __rfloordiv__(self, o): return self._bin("//", o, True)
    def __mod__(self, o): return self._bin("%", o)
    def __rmod__(self, o): return self._bin("%", o, True)
    def __lshift__(self, o): return self._bin("<<", o)
    def __rlshift__(self, o): return self._bin("<<", o, True)
    def __rshift__(self, o): return self._bin(">>", o)
    def __rrshift__(self, o): return self._bin(">>", o, True)
    def __and__(self, o): return self._bin("&", o)
    def __rand__(self, o): return self._bin("&", o, True)
    def __or__(self, o): return self._bin("|", o)
    def __ror__(self, o): return self._bin("|", o, True)
    def __xor__(self, o): return self._bin("^", o)
    def __rxor__(self, o): return self._bin("^", o, True)
    def __lt__(self, o): return self._bin("<", o)
    def __le__(self, o): return self._bin("<=", o)
    def __gt__(self, o): return self._bin(">", o)
    def __ge__(self, o): return self._bin(">=", o)
    def __eq__(self, o): return self._bin("==", o)
    def __ne__(self, o): return self._bin("!=", o)
    __hash__ = RuntimeValue.__hash__

    def ceildiv(self, o):
        """`(self + o - 1) // o` (pyasc's RuntimeInt.ceildiv)."""
        if not self.dtype.is_int():
            raise TypeError(f"ceildiv is defined on integers, not on {self.dtype.name}")
        return binary("//", binary("-", binary("+", self, o), 1), o)

    def __neg__(self):
        return binary("-", 0, self)

    def __pos__(self):
        return self

    def __invert__(self):
        return binary("^", self, -1)


class GlobalAddress(RuntimeValue):
    """A pointer into global memory (`__gm__ T*`): a kernel's array argument."""

    __slots__ = ("dtype",)

    def __init__(self, handle, dtype: dt.DataType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self):
        return f"<GlobalAddress {self.dtype.name}>"

    def __add__(self, offset):
        b = builder()
        off = as_value(offset, dt.int32)
        return GlobalAddress(b.create_asc_GMPtrOffsetOp(self.handle.get_type(), self.handle, off.handle),
                             self.dtype)

    __radd__ = __add__


_INT_OPS = {"+": "arith.addi", "-": "arith.subi", "*": "arith.muli", "//": "arith.divsi",
            "%": "arith.remsi", "<<": "arith.shli", ">>": "arith.shrsi", "&": "arith.andi",
            "|": "arith.ori", "^": "arith.xori"}
_UINT_OPS = dict(_INT_OPS, **{"//": "arith.divui", "%": "arith.remui", ">>": "arith.shrui"})
_FLOAT_OPS = {"+": "arith.addf", "-": "arith.subf", "*": "arith.mulf", "/": "arith.divf",
              "%": "arith.remf"}
_CMPI = {"<": "slt", "<=": "sle", ">": "sgt", ">=": "sge", "==": "eq", "!=": "ne"}
_CMPU = {"<": "ult", "<=": "ule", ">": "ugt", ">=": "uge", "==": "eq", "!=": "ne"}
_CMPF = {"<": "olt", "<=": "ole", ">": "ogt", ">=": "oge", "==": "oeq", "!=": "une"}


def dtype_of_constant(value) -> dt.DataType:
    """The DataType a Python or numpy constant takes (pyasc: bool→int8, int→int32, float→float32)."""
    if isinstance(value, np.generic):
        return dt.from_numpy(value.dtype)
    if isinstance(value, bool):
        return dt.int8
    if isinstance(value, numbers.Integral):
        return dt.int32 if -2**31 <= value < 2**31 else dt.int64
    if isinstance(value, numbers.Real):
        return dt.float32
    raise TypeError(f"expected a number, got {type(value).__name__}")


def ir_type(dtype: dt.DataType, b=None):
    """The MLIR type of a runtime scalar of `dtype`: signless for every integer
    kind (arith needs signless integers; the signedness lives in PlainValue.dtype)."""
    b = b or builder()
    if dtype.kind in ("int", "uint"):
        return b.get_int_type(dtype.bits, True)
    return dtype.to_ir(b)


def from_result(handle) -> PlainValue:
    """A PlainValue for an op result. An unsigned result (ui16 from GetMrgSortResult,
    ui32 from GetSortLen) is reinterpreted as signless by `ascendc.sign_cast`
    (`static_cast<int32_t>(x)` in C++); its dtype stays unsigned, so that later
    `//`, `%`, `>>` and comparisons use the unsigned arith ops."""
    dtype = dt.from_ir(handle.get_type())
    if dtype.kind == "uint":
        b = builder()
        handle = b.create_asc_SignCastOp(ir_type(dtype, b), handle)
    return PlainValue(handle, dtype)


def as_element(x, dtype: dt.DataType):
    """The handle of `x` converted to `dtype` with exactly the MLIR type of a tensor
    element of that dtype (ui32 for uint32: an `ascendc.sign_cast` of the signless value),
    for ops that take a scalar of the tensor's element type (SetValue, Duplicate, Adds...)."""
    v = as_value(x, dtype)
    if dtype.kind == "uint":
        b = builder()
        return b.create_asc_SignCastOp(dtype.to_ir(b), v.handle)
    return v.handle


def constant(value, dtype: dt.DataType) -> PlainValue:
    b = builder()
    t = ir_type(dtype, b)
    if dtype.kind == "uint" and int(value) >= 2**(dtype.bits - 1):
        value = int(value) - 2**dtype.bits  # the bit pattern, as a signless constant
    if dtype.is_float():
        return PlainValue(b.get_float(float(value), t), dtype)
    if dtype == dt.bool_:
        return PlainValue(b.get_bool(bool(value)), dtype)
    return PlainValue(b.get_int(int(value), t), dtype)


def cast(value: PlainValue, to: dt.DataType) -> PlainValue:
    """Converts a runtime scalar to another DataType (static_cast in the emitted code)."""
    src = value.dtype
    if src == to or (src.is_int() and to.is_int() and src.bits == to.bits and src.kind != "bool"
                     and to.kind != "bool"):
        return value if src == to else PlainValue(value.handle, to)
    b = builder()
    t = ir_type(to, b)
    if to == dt.bool_:
        return binary("!=", value, 0)
    if src.is_float() and to.is_float():
        op = "arith.extf" if to.bits > src.bits else "arith.truncf"
    elif src.is_float():
        op = "arith.fptoui" if to.kind == "uint" else "arith.fptosi"
    elif to.is_float():
        op = "arith.uitofp" if src.kind in ("uint", "bool") else "arith.sitofp"
    elif to.bits > src.bits:
        op = "arith.extui" if src.kind in ("uint", "bool") else "arith.extsi"
    else:
        op = "arith.trunci"
    return PlainValue(b.create_cast(op, value.handle, t), to)


def as_value(x, dtype: dt.DataType = None) -> PlainValue:
    """A runtime scalar for `x`: constants materialised, runtime values cast to `dtype`."""
    x = ConstExpr.unwrap(x)
    if isinstance(x, PlainValue):
        return x if dtype is None else cast(x, dtype)
    if hasattr(x, "__index__") and not isinstance(x, (bool, np.bool_, float)):
        x = int(x) if not isinstance(x, np.generic) else x
    if dtype is None:
        dtype = dtype_of_constant(x)
    if not isinstance(x, (numbers.Number, np.generic)):
        raise TypeError(f"expected a number or a runtime scalar, got {type(x).__name__}")
    return constant(x, dtype)


def binary(op: str, lhs, rhs):
    """lhs <op> rhs where at least one side is a PlainValue."""
    ltype = lhs.dtype if isinstance(lhs, PlainValue) else dtype_of_constant(lhs)
    rtype = rhs.dtype if isinstance(rhs, PlainValue) else dtype_of_constant(rhs)
    # A Python constant takes the runtime side's type when it fits, so that
    # `n * 4` stays int32 and `x * 0.5` on a half stays half, as in C++ literals.
    if not isinstance(lhs, PlainValue) and isinstance(rhs, PlainValue):
        ltype = _literal_type(lhs, rtype)
    if not isinstance(rhs, PlainValue) and isinstance(lhs, PlainValue):
        rtype = _literal_type(rhs, ltype)
    if ltype == rtype == dt.bool_ and op in ("&", "|", "^", "==", "!="):
        common = dt.bool_  # logical and/or/not stay i1
    elif op in ("<<", ">>"):
        common = dt.promote(ltype, ltype)
    else:
        common = dt.promote(ltype, rtype)
    if op == "/" and not common.is_float():
        common = dt.float32  # Python's true division
    a = as_value(lhs, common)
    c = as_value(rhs, common)
    b = builder()
    if op in _CMPI:
        if common.is_float():
            return PlainValue(b.create_cmpf(_CMPF[op], a.handle, c.handle), dt.bool_)
        table = _CMPU if common.kind in ("uint", "bool") else _CMPI
        return PlainValue(b.create_cmpi(table[op], a.handle, c.handle), dt.bool_)
    if common.is_float():
        name = _FLOAT_OPS.get(op)
        if name is None:
            raise TypeError(f"operator {op} is not defined on floating-point values "
                            f"({ltype.name} {op} {rtype.name})")
    else:
        name = (_UINT_OPS if common.kind in ("uint", "bool") else _INT_OPS).get(op)
        if name is None:
            raise TypeError(f"operator {op} is not defined on integers")
    return PlainValue(b.create_binary(name, a.handle, c.handle), common)


def _literal_type(value, other: dt.DataType) -> dt.DataType:
    if isinstance(value, np.generic):
        return dt.from_numpy(value.dtype)
    if isinstance(value, bool):
        return other if other.is_int() else dt.int8
    if isinstance(value, numbers.Integral):
        if other.is_float():
            return other
        lo, hi = (0, 2**other.bits) if other.kind == "uint" else (-2**(other.bits - 1), 2**(other.bits - 1))
        return other if lo <= value < hi and other.bits >= 32 else dt.int32 if -2**31 <= value < 2**31 else dt.int64
    if isinstance(value, numbers.Real):
        return other if other.is_float() else dt.float32
    raise TypeError(f"unsupported operand {value!r}")


def to_bool(value) -> PlainValue:
    """A runtime condition (i1) from any runtime scalar."""
    if isinstance(value, PlainValue) and value.dtype == dt.bool_:
        return value
    return binary("!=", value, 0)


def logical_not(value) -> PlainValue:
    return binary("^", to_bool(value), True)


def logical(op: str, lhs, rhs) -> PlainValue:
    return binary("&" if op == "and" else "|", to_bool(lhs), to_bool(rhs))


def is_scalar(value) -> bool:
    """A scalar: a runtime PlainValue, or a Python / numpy number (not complex).
    Scalars are what runtime ifs and loops carry, and what device functions
    take as runtime parameters."""
    value = ConstExpr.unwrap(value)
    if isinstance(value, PlainValue):
        return True
    return isinstance(value, (numbers.Number, np.generic)) and not isinstance(value, complex)
