"""core/tensor_shape: TensorShape (a tuple of dimensions, compile-time or runtime ints) and
LocalTensorAuto (a LocalTensor of a shape, placed by a per-kernel allocator).

Both are pyasc helpers with no Ascend C counterpart of their own: a
LocalTensorAuto is emitted as `AscendC::LocalTensor<T> name(TPosition::VECCALC,
addr, n)` with n = the product of the shape, addr handed out by one automatic
LocalMemAllocator over UB per traced kernel (32-byte aligned, consecutive
from address 0, compile-time error past the 192 KB of UB). That allocator
knows nothing of TPipe / TQue / TBuf buffers or explicit LocalTensor
addresses, so a kernel that uses LocalTensorAuto places all its UB tensors
with it (or with LocalMemAllocator regions after them).
"""

from __future__ import annotations

import weakref
from typing import Tuple

from . import context, semantic
from . import api
from . import dtype as dt
from .constexpr import ConstExpr
from .enums import Hardware, TPosition
from .ir_value import PlainValue
from .memory_allocator import LocalMemAllocator
from .tensor import LocalTensor


class TensorShape(tuple):
    """A shape: a tuple of dimensions (ints, or runtime ints), `asc.TensorShape(2, 3)` or
    `asc.TensorShape((2, 3))`. `size()` is the product of the dimensions,
    `TensorShape.as_int(v)` a dimension as an int (or a runtime int32 value),
    `TensorShape.new_impl(t)` the TensorShape of tuple `t`."""

    __slots__ = ()

    def __new__(cls, *dims):
        if len(dims) == 1 and isinstance(dims[0], (tuple, list)):
            dims = tuple(dims[0])
        out = []
        for i, d in enumerate(dims):
            d = ConstExpr.unwrap(d)
            if isinstance(d, PlainValue):
                # A runtime dimension (a kernel argument, a tiling field): the size
                # and the addresses placed after it become runtime values.
                if not d.dtype.is_int():
                    raise TypeError(f"asc.TensorShape: dimension {i} must be an int, got a runtime "
                                    f"{d.dtype.name}")
                out.append(d)
                continue
            if isinstance(d, bool) or not hasattr(d, "__index__"):
                raise TypeError(f"asc.TensorShape: dimension {i} must be an int, got {d!r}")
            if int(d) <= 0:
                raise ValueError(f"asc.TensorShape: dimension {i} is {int(d)}; dimensions are positive")
            out.append(int(d))
        return super().__new__(cls, out)

    @classmethod
    def new_impl(cls, t: Tuple[int, ...]) -> "TensorShape":
        """The TensorShape of the tuple `t`."""
        return cls(tuple(t))

    @staticmethod
    def as_int(value):
        """`value` as an int (compile-time) or a runtime int32 value."""
        value = ConstExpr.unwrap(value)
        if isinstance(value, PlainValue):
            return semantic.as_value(value, dt.int32)
        return int(value)

    def size(self):
        """The number of elements: the product of the dimensions (a runtime
        int32 value when a dimension is one)."""
        n = 1
        for d in self:
            n = semantic.binary("*", n, d) if isinstance(d, PlainValue) or isinstance(n, PlainValue) else n * d
        return n

    def __repr__(self):
        return f"asc.TensorShape{tuple(self)}"


_allocators = weakref.WeakKeyDictionary()


def auto_allocator() -> LocalMemAllocator:
    """The kernel's automatic UB allocator (one per traced kernel)."""
    gen = context.current()
    alloc = _allocators.get(gen)
    if alloc is None:
        alloc = _allocators[gen] = LocalMemAllocator(Hardware.UB)
    return alloc


class LocalTensorAuto(LocalTensor):
    """A LocalTensor of `dtype` holding `shape` (a TensorShape or a tuple of ints):
    its length is the product of the shape; its VECCALC address comes from the
    kernel's automatic UB allocator (32-byte aligned, consecutive). `.shape` is the
    TensorShape."""

    __slots__ = ("shape",)

    def __init__(self, dtype: dt.DataType, shape):
        context.current()
        if not isinstance(dtype, dt.DataType):
            raise TypeError(f"asc.LocalTensorAuto: dtype must be an asc dtype, got {type(dtype).__name__}")
        shape = shape if isinstance(shape, TensorShape) else TensorShape(
            tuple(shape) if isinstance(shape, (tuple, list)) else (shape,))
        alloc = auto_allocator()
        t = alloc.alloc(TPosition.VECCALC, dtype, shape.size())
        # The kernel's one automatic allocator never overlaps its regions:
        # ascendc-insert-sync keeps them apart even at runtime addresses.
        t.handle.set_defining_op_flag("asc.disjoint")
        LocalTensor.__init__(self, dtype, _handle=t.handle)
        self.shape = shape


for _cls in (TensorShape, LocalTensorAuto):
    api.register_class(_cls)

__all__ = ["TensorShape", "LocalTensorAuto"]
