"""core/array: asc.array, a fixed-length array of scalars living in the kernel's trace.

An Array is a compile-time list of elements of one dtype; each element is a
compile-time number or a runtime scalar (converted to the dtype). Indexing by a
compile-time int reads or replaces one element at no cost. Indexing by a
runtime int is supported too: a read becomes a chain of selects over the
elements (`i == 0 ? a0 : i == 1 ? a1 : ...`) and a write replaces every element
by `i == k ? value : a_k`, so the cost grows with the length — meant for the
short arrays kernels use (shapes, offsets, tiling constants). A runtime index
outside 0..length-1 reads the last element and writes nothing.
"""

from __future__ import annotations

import numbers
from typing import List

from ..._lazy import lazy_module

from . import context, semantic
from .. import docs
from . import dtype as dt
from .api import api, register_class
from .ir_value import PlainValue

np = lazy_module("numpy", globals(), "np")  # imported at first use (asc/_lazy.py)

docs.SUMMARIES["array"] = (
    "A fixed-length array of `dtype` scalars (compile-time or runtime elements): `length` "
    "elements set to `fill_value` (0 when None), or the given `values`. Indexable by "
    "compile-time ints (free) and by runtime ints (a select chain).")
docs.PARAMS.setdefault("length", "number of elements")
docs.PARAMS.setdefault("fill_value", "initial value of every element (None: 0)")
docs.PARAMS.setdefault("values", "the elements")


def _convert(value, dtype: dt.DataType):
    """An element converted to the array's dtype: a Python number or a PlainValue."""
    if isinstance(value, PlainValue):
        return value if value.dtype == dtype else semantic.cast(value, dtype)
    if isinstance(value, np.generic):
        value = value.item()
    if not isinstance(value, numbers.Real):
        raise TypeError(f"asc.array elements are numbers, got {type(value).__name__}")
    if dtype.is_float():
        return float(value)
    if dtype == dt.bool_:
        return bool(value)
    if isinstance(value, float) and not value.is_integer():
        raise TypeError(f"asc.array of {dtype.name}: {value} is not an integer")
    return int(value)


class Array:
    """The result of asc.array: `len(a)`, `a[i]`, `a[i] = v`, iteration."""

    __slots__ = ("dtype", "_items")

    def __init__(self, dtype: dt.DataType, items: List):
        self.dtype = dtype
        self._items = items

    def __len__(self):
        return len(self._items)

    def __iter__(self):
        return iter(list(self._items))

    def __repr__(self):
        return f"asc.Array[{self.dtype.name}]({self._items!r})"

    def _static_index(self, index) -> int:
        i = int(index)
        n = len(self._items)
        if not -n <= i < n:
            raise IndexError(f"asc.array index {i} out of range for length {n}")
        return i % n

    def __getitem__(self, index):
        if isinstance(index, slice):
            return Array(self.dtype, self._items[index])
        if isinstance(index, PlainValue):
            return self._runtime_get(index)
        return self._items[self._static_index(index)]

    def __setitem__(self, index, value):
        value = _convert(value, self.dtype)
        if isinstance(index, PlainValue):
            self._runtime_set(index, value)
            return
        self._items[self._static_index(index)] = value

    def _check_index(self, index: PlainValue):
        if not index.dtype.is_int():
            raise TypeError(f"asc.array index must be an integer, got a runtime {index.dtype.name}")
        if not self._items:
            raise IndexError("indexing an empty asc.array")

    def _runtime_get(self, index: PlainValue) -> PlainValue:
        self._check_index(index)
        b = context.builder()
        result = semantic.as_value(self._items[-1], self.dtype)
        for k in range(len(self._items) - 2, -1, -1):
            cond = semantic.binary("==", index, k)
            elem = semantic.as_value(self._items[k], self.dtype)
            result = PlainValue(b.create_select(cond.handle, elem.handle, result.handle), self.dtype)
        return result

    def _runtime_set(self, index: PlainValue, value) -> None:
        self._check_index(index)
        b = context.builder()
        new = semantic.as_value(value, self.dtype)
        for k, old in enumerate(self._items):
            cond = semantic.binary("==", index, k)
            old_v = semantic.as_value(old, self.dtype)
            self._items[k] = PlainValue(b.create_select(cond.handle, new.handle, old_v.handle), self.dtype)


register_class(Array)


@api("<compile-time array>", "array",
     "dtype: DataType, length: int, fill_value: Optional[Union[int, float]] = None",
     "dtype: DataType, values: list")
def array(form, a):
    dtype = a.dtype
    if form == 0:
        if isinstance(a.length, PlainValue):
            raise TypeError("asc.array: the length must be a compile-time int")
        length = int(a.length)
        if length < 0:
            raise ValueError(f"asc.array: negative length {length}")
        fill = _convert(0 if a.fill_value is None else a.fill_value, dtype)
        return Array(dtype, [fill] * length)
    return Array(dtype, [_convert(v, dtype) for v in a["values"]])


__all__ = ["array", "Array"]
