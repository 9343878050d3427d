"""GlobalTensor and LocalTensor: the tensors kernel code reads and writes.

Both are trace-time handles on an MLIR value with an element DataType.
`t[off:]` is a view starting at element `off` (`t[off]` in Ascend C). `t[i]`
with an integer is that view too, on both tensors, as Ascend C's
`operator[]` and pyasc (kernels pass `x_gm[offset]` to data_copy, and
`z_local[offset]` into TransDataTo5HD's tensor lists or to `get_phy_addr`);
elements are read with `t.get_value(i)`. `t[i] = v` writes one element
(`SetValue`) on both.
"""

from __future__ import annotations

from typing import Optional

from . import context, semantic
from . import api
from . import dtype as dt
from .enums import CacheMode, CacheRwMode, TPosition
from .ir_value import GlobalAddress, PlainValue, RuntimeValue


def wrap_scalar(handle) -> PlainValue:
    """A PlainValue for an op result, typed by its MLIR type (unsigned results are
    made signless, keeping an unsigned dtype: scalar.from_result)."""
    return semantic.from_result(handle)


def _i32(x):
    return semantic.as_value(x, dt.int32).handle


class BaseTensor(RuntimeValue):
    __slots__ = ("dtype", "name_hint")

    def __init__(self, dtype: dt.DataType = None):
        super().__init__(None)
        self.dtype = dtype
        self.name_hint = None

    def _view(self, op_type, offset):
        b = context.builder()
        result = type(self).__new__(type(self))
        BaseTensor.__init__(result, self.dtype)
        result.handle = b.create_asc_SubIndexOp(op_type(b), self._value(), _i32(offset))
        return result

    def _value(self):
        if self.handle is None:
            raise TypeError(f"this {type(self).__name__} has no buffer yet "
                            "(call set_global_buffer first)")
        return self.handle

    def __getitem__(self, index):
        if isinstance(index, slice):
            if index.stop is not None or index.step not in (None, 1):
                raise TypeError("tensor slices take a start only: t[offset:]")
            return self._view(self._ir_type, 0 if index.start is None else index.start)
        # Ascend C's operator[] (pyasc's too): the tensor `index` elements
        # further; elements are read with get_value
        return self._view(self._ir_type, index)

    def __setitem__(self, index, value):
        self.set_value(index, value)

    @api.builtin
    def __call__(self, offset) -> PlainValue:
        """Ascend C's `tensor(offset)` (operator()): the element at `offset`, read as get_value."""
        return self.get_value(offset)

    @api.builtin
    def get_value(self, offset) -> PlainValue:
        b = context.builder()
        return semantic.from_result(b.create_asc_GetValueOp(self.dtype.to_ir(b), self._value(), _i32(offset)))

    @api.builtin
    def set_value(self, offset, value) -> None:
        b = context.builder()
        b.create_asc_SetValueOp(self._value(), _i32(offset), semantic.as_element(value, self.dtype))

    @api.builtin
    def get_size(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_GetSizeOp(self._value()))

    @api.builtin
    def get_shape_info(self):
        """`tensor.GetShapeInfo()`: the tensor's ShapeInfo (a runtime value)."""
        shape_info = api.registered_class("ShapeInfo")  # types.py: it imports this module
        return shape_info._from_handle(context.builder().create_asc_GetShapeInfoOp(self._value()))

    @api.builtin
    def set_shape_info(self, shape_info):
        """`tensor.SetShapeInfo(shape_info)`."""
        if not isinstance(shape_info, api.registered_class("ShapeInfo")):
            raise TypeError(f"set_shape_info takes an asc.ShapeInfo, got {type(shape_info).__name__}")
        context.builder().create_asc_SetShapeInfoOp(self._value(), shape_info.materialize())


class GlobalTensor(BaseTensor):
    """AscendC::GlobalTensor<T>: a view of global memory. Its dtype comes from
    the buffer given to `set_global_buffer` (or from `GlobalTensor(dtype)`)."""

    __slots__ = ()

    def __init__(self, dtype: Optional[dt.DataType] = None):
        context.current()
        super().__init__(dtype)

    def _ir_type(self, b):
        return b.get_global_tensor_type(self.dtype.to_ir(b))

    def _create(self, dtype):
        b = context.builder()
        if self.handle is not None:
            return
        self.dtype = dtype
        saved = b.get_loc()
        if self.name_hint:
            b.set_loc(b.get_name_loc(self.name_hint, saved))
        self.handle = b.create_asc_GlobalTensorOp(self._ir_type(b))
        b.set_loc(saved)

    @api.builtin
    def set_global_buffer(self, buffer: GlobalAddress = None, buffer_size=None) -> None:
        if not isinstance(buffer, GlobalAddress):
            raise TypeError("set_global_buffer takes a GlobalAddress (a kernel's array argument, "
                            f"possibly offset), got {type(buffer).__name__}")
        if self.dtype is not None and self.dtype != buffer.dtype:
            raise TypeError(f"GlobalTensor of {self.dtype.name} given a buffer of {buffer.dtype.name}")
        self._create(buffer.dtype)
        b = context.builder()
        if buffer_size is None:
            b.create_asc_SetGlobalBufferOp(self.handle, buffer.handle)
        else:
            b.create_asc_SetGlobalBufferSizeOp(self.handle, buffer.handle, _i32(buffer_size))

    @api.builtin
    def get_phy_addr(self, offset=None) -> GlobalAddress:
        b = context.builder()
        t = b.get_gm_ptr_type(self.dtype.to_ir(b))
        if offset is None:
            return GlobalAddress(b.create_asc_GlobalGetPhyAddrOp(t, self._value()), self.dtype)
        return GlobalAddress(b.create_asc_GlobalGetPhyAddrOffsetOp(t, self._value(), _i32(offset)),
                             self.dtype)

    @api.builtin
    def set_l2_cache_hint(self, mode=CacheMode.CACHE_MODE_NORMAL, rw_mode=CacheRwMode.RW) -> None:
        context.builder().create_asc_SetL2CacheHintOp(self._value(), int(mode), int(rw_mode))


class LocalTensor(BaseTensor):
    """AscendC::LocalTensor<T>: a tensor in a core-local buffer (UB, L1, L0A/B/C)."""

    __slots__ = ()

    def __init__(self, dtype: Optional[dt.DataType] = None, pos=None, addr=None, tile_size=None,
                 *, _handle=None):
        context.current()
        super().__init__(dtype)
        if _handle is not None:
            self.handle = _handle
            return
        if dtype is None:
            raise TypeError("asc.LocalTensor() needs a dtype: asc.LocalTensor(dtype[, pos, addr, tile_size])")
        if not isinstance(dtype, dt.DataType):
            raise TypeError(f"asc.LocalTensor: the first argument is a dtype, got {type(dtype).__name__}")
        b = context.builder()
        t = self._ir_type(b)
        if pos is None and addr is None and tile_size is None:
            self.handle = b.create_asc_LocalTensorOp(t)
        elif addr is None and tile_size is None and not isinstance(pos, TPosition):
            # LocalTensor(dtype, addr)
            self.handle = b.create_asc_LocalTensorAddrOp(t, _i32(pos))
        else:
            pos = TPosition.VECIN if pos is None else pos
            self.handle = b.create_asc_LocalTensorPosOp(t, int(pos), _i32(0 if addr is None else addr),
                                                        _i32(0 if tile_size is None else tile_size))

    def _ir_type(self, b):
        return b.get_local_tensor_type(self.dtype.to_ir(b))

    @api.builtin
    def get_length(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_GetLengthOp(self._value()))

    @api.builtin
    def get_phy_addr(self, offset=None) -> PlainValue:
        b = context.builder()
        if offset is None:
            return wrap_scalar(b.create_asc_LocalGetPhyAddrOp(self._value()))
        return wrap_scalar(b.create_asc_LocalGetPhyAddrOffsetOp(self._value(), _i32(offset)))

    @api.builtin
    def get_position(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_GetPositionOp(self._value()))

    @api.builtin
    def get_user_tag(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_GetUserTagOp(self._value()))

    @api.builtin
    def set_user_tag(self, tag=0) -> None:
        context.builder().create_asc_SetUserTagOp(self._value(), _i32(tag))

    @api.builtin
    def reinterpret_cast(self, dtype: dt.DataType) -> "LocalTensor":
        b = context.builder()
        handle = b.create_asc_ReinterpretCastOp(b.get_local_tensor_type(dtype.to_ir(b)), self._value())
        return LocalTensor(dtype, _handle=handle)

    @api.builtin
    def set_addr_with_offset(self, src: "LocalTensor", offset) -> None:
        context.builder().create_asc_SetAddrWithOffsetOp(self._value(), src._value(), _i32(offset))

    @api.builtin
    def set_buffer_len(self, data_len) -> None:
        context.builder().create_asc_SetBufferLenOp(self._value(), _i32(data_len))

    @api.builtin
    def set_size(self, size=0) -> None:
        context.builder().create_asc_SetSizeOp(self._value(), _i32(size))

    @api.builtin
    def print(self, data_len=None) -> None:
        b = context.builder()
        b.create_asc_PrintOp(self._value(), _i32(data_len if data_len is not None else 0))

    @api.builtin
    def to_file(self, file_name: str) -> None:
        context.builder().create_asc_ToFileOp(self._value(), file_name)


api.register_class(BaseTensor)
api.register_class(GlobalTensor)
api.register_class(LocalTensor)
