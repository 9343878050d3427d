"""Runtime values of a kernel: things that exist only on the device.

`RuntimeValue` wraps an MLIR value handle. `PlainValue` is a runtime scalar
with a DataType and Python operators that build `arith` ops, so kernel code
like `offset = asc.get_block_idx() * block_length` traces naturally.
`GlobalAddress` is a GM pointer (a kernel's array argument): `x + n` offsets
it and `x.dtype` is its element type.
"""

from __future__ import annotations

from . import dtype as dt


_scalar = None


def _scalar_ops():
    """codegen.scalar (imported on first use: it imports this module)."""
    global _scalar
    if _scalar is None:
        from ...codegen import scalar
        _scalar = scalar
    return _scalar


class RuntimeValue:
    """Anything backed by an MLIR value."""

    __slots__ = ("handle",)

    def __init__(self, handle):
        self.handle = handle

    def __bool__(self):
        raise TypeError(
            "a runtime value has no truth value at compile time; use it in an `if`/`while` "
            "condition directly inside the kernel")


class PlainValue(RuntimeValue):
    """A runtime scalar (`RuntimeInt`, `RuntimeFloat`, `RuntimeBool` in pyasc)."""

    __slots__ = ("dtype",)

    def __init__(self, handle, dtype: dt.DataType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self):
        return f"<runtime {self.dtype.name}>"

    # Arithmetic and comparison are built by codegen.scalar.
    def _bin(self, op, other, reverse=False):
        scalar = _scalar_ops()
        return scalar.binary(op, other, self) if reverse else scalar.binary(op, self, other)

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

    def __neg__(self):
        from ...codegen import scalar
        return scalar.binary("-", 0, self)

    def __pos__(self):
        return self

    def __invert__(self):
        from ...codegen import scalar
        return scalar.binary("^", self, -1)


class GlobalAddress(RuntimeValue):
    """A pointer into global memory (`__gm__ T*`): a kernel's array argument."""

    __slots__ = ("dtype",)

    def __init__(self, handle, dtype: dt.DataType):
        super().__init__(handle)
        self.dtype = dtype

    def __repr__(self):
        return f"<GlobalAddress {self.dtype.name}>"

    def __add__(self, offset):
        from ...codegen import scalar
        from ...codegen.context import builder
        b = builder()
        off = scalar.as_value(offset, dt.int32)
        return GlobalAddress(b.create_asc_GMPtrOffsetOp(self.handle.get_type(), self.handle, off.handle),
                             self.dtype)

    __radd__ = __add__
