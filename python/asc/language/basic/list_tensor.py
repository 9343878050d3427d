"""basic/list_tensor: ListTensorDesc and TensorDesc<T>, the descriptor of a list of GM tensors.

A ListTensorDesc reads a descriptor blob in GM (CANN's dynamic inputs): a
header word with the byte offset of the data-pointer table, then per tensor
one word `dim` and `dim` shape words, then the table of GM addresses (layout
documented in cpp/model/include/asc_model/api/list_tensor.h). `get_desc`
fills a TensorDesc(dtype) with the shape and data pointer of one tensor.
"""

from __future__ import annotations

from ..core import context, semantic
from .. import docs
from ..core import api
from ..core import dtype as dt
from ..core.ir_value import GlobalAddress, PlainValue, RuntimeValue
from ..core.tensor import GlobalTensor, wrap_scalar

NO_LIMIT = 0xFFFFFFFF

docs.PARAMS.setdefault("shape_ptr", "a GlobalAddress of uint64 words: the dim word, then the shape")
docs.PARAMS.setdefault("shape_size", "number of tensors in the list (0xFFFFFFFF: walk the shape area)")
docs.PARAMS.setdefault("length", "byte size of the descriptor blob (0xFFFFFFFF: not given)")


def _u32(x):
    x = x if isinstance(x, PlainValue) else int(x)
    if not isinstance(x, PlainValue) and not 0 <= x <= 0xFFFFFFFF:
        raise ValueError(f"{x} does not fit a uint32")
    return semantic.as_value(x, dt.uint32).handle


def _addr(x, what):
    if not isinstance(x, GlobalAddress):
        raise TypeError(f"{what} must be a GlobalAddress (a kernel's array argument), got {type(x).__name__}")
    return x.handle


class TensorDesc(RuntimeValue):
    """AscendC::TensorDesc<T>: one tensor of a ListTensorDesc, filled by
    `ListTensorDesc.get_desc(desc, index)` (or `set_shape_addr`). `get_dim()`,
    `get_index()`, `get_shape(k)` are runtime uint64 values; `get_data_ptr()` is a
    GlobalAddress of `dtype`; `get_data_obj()` a GlobalTensor over the tensor whose
    size is the product of its shape."""

    __slots__ = ("dtype",)

    def __init__(self, dtype=dt.float32):
        context.current()
        if not isinstance(dtype, dt.DataType):
            raise TypeError(f"asc.TensorDesc: dtype must be an asc dtype, got {type(dtype).__name__}")
        self.dtype = dtype
        b = context.builder()
        super().__init__(b.create_asc_TensorDescOp(b.get_tensor_desc_type(dtype.to_ir(b))))

    @api.builtin
    def set_shape_addr(self, shape_ptr) -> None:
        """`SetShapeAddr(shapePtr)`: the dim word and the shape are read from `shape_ptr`."""
        if isinstance(shape_ptr, GlobalAddress) and shape_ptr.dtype not in (dt.uint64, dt.int64):
            raise TypeError(f"asc.TensorDesc.set_shape_addr: shape_ptr points to {shape_ptr.dtype.name}, "
                            "expected uint64 words")
        b = context.builder()
        if isinstance(shape_ptr, int) and not isinstance(shape_ptr, bool):
            # C++'s null pointer constant (pyasc's set_shape_addr(0)): the desc has no shape
            # until GetDesc or another SetShapeAddr (reading it before is a Model fault)
            if shape_ptr != 0:
                raise TypeError(f"asc.TensorDesc.set_shape_addr: an integer address must be 0 (a null "
                                f"pointer), got {shape_ptr}; pass a GlobalAddress")
            ptr = b.create_asc_GMNullPtrOp(b.get_gm_ptr_type(dt.uint64.to_ir(b)))
        else:
            ptr = _addr(shape_ptr, "shape_ptr")
        b.create_asc_TensorDescSetShapeAddrOp(self.handle, ptr)

    @api.builtin
    def get_dim(self) -> PlainValue:
        """`GetDim()`: the number of dimensions."""
        return wrap_scalar(context.builder().create_asc_TensorDescGetDimOp(self.handle))

    @api.builtin
    def get_index(self) -> PlainValue:
        """`GetIndex()`: the index the descriptor was fetched with."""
        return wrap_scalar(context.builder().create_asc_TensorDescGetIndexOp(self.handle))

    @api.builtin
    def get_shape(self, offset) -> PlainValue:
        """`GetShape(offset)`: the size of dimension `offset`."""
        return wrap_scalar(context.builder().create_asc_TensorDescGetShapeOp(
            self.handle, semantic.as_value(offset, dt.uint32).handle))

    @api.builtin
    def get_data_ptr(self) -> GlobalAddress:
        """`GetDataPtr()`: the `__gm__ T*` of the tensor."""
        b = context.builder()
        return GlobalAddress(b.create_asc_TensorDescGetDataPtrOp(b.get_gm_ptr_type(self.dtype.to_ir(b)),
                                                                 self.handle), self.dtype)

    @api.builtin
    def get_data_obj(self) -> GlobalTensor:
        """`GetDataObj()`: a GlobalTensor over the tensor (size = product of the shape)."""
        b = context.builder()
        g = GlobalTensor(self.dtype)
        g.handle = b.create_asc_TensorDescGetDataObjOp(b.get_global_tensor_type(self.dtype.to_ir(b)), self.handle)
        return g


class ListTensorDesc(RuntimeValue):
    """AscendC::ListTensorDesc: `ListTensorDesc()` then `init(data, ...)`, or
    `ListTensorDesc(data, length=0xFFFFFFFF, shape_size=0xFFFFFFFF)`, over the descriptor
    blob at GlobalAddress `data`. `get_size()` is the number of tensors, `get_desc(desc,
    index)` fills a TensorDesc, `get_data_ptr(index, dtype)` is tensor `index`'s address."""

    __slots__ = ()

    def __init__(self, data=None, length=NO_LIMIT, shape_size=NO_LIMIT):
        context.current()
        b = context.builder()
        if data is None:
            handle = b.create_asc_ListTensorDescOp()
        else:
            handle = b.create_asc_ListTensorDescDataOp(_addr(data, "data"), _u32(length), _u32(shape_size))
        super().__init__(handle)

    @api.builtin
    def init(self, data, length=NO_LIMIT, shape_size=NO_LIMIT) -> None:
        """`Init(data, length, shapeSize)`: parse the descriptor blob at `data`."""
        context.builder().create_asc_ListTensorDescInitOp(self.handle, _addr(data, "data"), _u32(length),
                                                          _u32(shape_size))

    @api.builtin
    def get_desc(self, desc, index) -> None:
        """`GetDesc(desc, index)`: fill TensorDesc `desc` with tensor `index`."""
        if not isinstance(desc, TensorDesc):
            raise TypeError(f"asc.ListTensorDesc.get_desc: desc must be an asc.TensorDesc, got {type(desc).__name__}")
        context.builder().create_asc_ListTensorDescGetDescOp(self.handle, desc.handle, _u32(index))

    @api.builtin
    def get_data_ptr(self, index, dtype) -> GlobalAddress:
        """`GetDataPtr<T>(index)`: the `__gm__ T*` of tensor `index`."""
        if not isinstance(dtype, dt.DataType):
            raise TypeError(f"asc.ListTensorDesc.get_data_ptr: dtype must be an asc dtype, got {type(dtype).__name__}")
        b = context.builder()
        return GlobalAddress(b.create_asc_ListTensorDescGetDataPtrOp(b.get_gm_ptr_type(dtype.to_ir(b)), self.handle,
                                                                     _u32(index)), dtype)

    @api.builtin
    def get_size(self) -> PlainValue:
        """`GetSize()`: the number of tensors in the list."""
        return wrap_scalar(context.builder().create_asc_ListTensorDescGetSizeOp(self.handle))


for _cls in (TensorDesc, ListTensorDesc):
    api.register_class(_cls)

__all__ = ["TensorDesc", "ListTensorDesc"]
