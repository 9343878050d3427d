"""The framework classes: TPipe, TQue, TQueBind, TBuf, TBufPool.

They allocate core-local buffers and move tensors between pipeline stages
(`alloc_tensor` → `enque` → `deque` → `free_tensor`), emitting the Ascend C
member calls one to one.
"""

from __future__ import annotations

from ..core import context, semantic
from ..core import api
from ..core import dtype as dt
from ..core.constexpr import require_constexpr
from ..core.enums import HardEvent, TPosition
from ..core.ir_value import PlainValue, RuntimeValue
from ..core.tensor import LocalTensor, wrap_scalar


def _i32(x):
    return semantic.as_value(x, dt.int32).handle


class TPipe(RuntimeValue):
    """AscendC::TPipe: owns the buffers of a kernel's queues and TBufs."""

    __slots__ = ()

    def __init__(self):
        context.current()
        super().__init__(context.builder().create_asc_TPipeOp())

    @classmethod
    def _from_handle(cls, handle):
        """A TPipe for an existing !ascendc.pipe value (get_tpipe_ptr)."""
        obj = cls.__new__(cls)
        RuntimeValue.__init__(obj, handle)
        return obj

    @api.builtin
    def init_buffer(self, que=None, num=0, len=0, buf=None) -> None:  # noqa: A002 - pyasc's name
        """`InitBuffer(que, num, len)` for a TQue / TQueBind (num buffers of len bytes);
        `init_buffer(buf=tbuf, num=bytes)` (or positionally) for a TBuf of num bytes."""
        b = context.builder()
        if buf is not None:
            if que is not None:
                raise TypeError("init_buffer takes either que or buf, not both")
            if not isinstance(buf, TBuf):
                raise TypeError(f"init_buffer(buf=...) takes a TBuf, got {type(buf).__name__}")
            que = buf
        if que is None:
            raise TypeError("init_buffer needs the TQue, TQueBind or TBuf to initialise (que= or buf=)")
        if isinstance(que, TBuf):
            b.create_asc_InitBufferTBufOp(self.handle, que.handle, _i32(num))
        elif isinstance(que, (TQue, TQueBind)):
            b.create_asc_InitBufferOp(self.handle, que.handle, _i32(num), _i32(len))
        else:
            raise TypeError(f"init_buffer takes a TQue, TQueBind or TBuf, got {type(que).__name__}")

    @api.builtin
    def init_buf_pool(self, buf_pool, len=0, share_buf=None) -> None:  # noqa: A002
        b = context.builder()
        if share_buf is None:
            b.create_asc_InitBufPoolOp(self.handle, buf_pool.handle, _i32(len))
        else:
            b.create_asc_InitBufPoolShareOp(self.handle, buf_pool.handle, _i32(len), share_buf.handle)

    @api.builtin
    def init(self) -> None:
        context.builder().create_asc_PipeInitOp(self.handle)

    @api.builtin
    def destroy(self) -> None:
        context.builder().create_asc_PipeDestroyOp(self.handle)

    @api.builtin
    def reset(self) -> None:
        context.builder().create_asc_ResetOp(self.handle)

    @api.builtin
    def alloc_event_id(self, event=HardEvent.V_S) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_AllocEventIdOp(self.handle, int(event)))

    @api.builtin
    def fetch_event_id(self, event=HardEvent.V_S) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_FetchEventIdOp(self.handle, int(event)))

    @api.builtin
    def release_event_id(self, id, event=HardEvent.V_S) -> None:  # noqa: A002
        context.builder().create_asc_ReleaseEventIdOp(self.handle, int(event), _i32(id))


class _QueueBase(RuntimeValue):
    __slots__ = ()

    @api.builtin
    def alloc_tensor(self, dtype) -> LocalTensor:
        b = context.builder()
        if isinstance(dtype, LocalTensor):
            b.create_asc_AllocTensorInPlaceOp(self.handle, dtype.handle)
            return None
        t = b.get_local_tensor_type(dtype.to_ir(b))
        return LocalTensor(dtype, _handle=b.create_asc_AllocTensorOp(t, self.handle))

    @api.builtin
    def enque(self, tensor: LocalTensor, src_user_pos=None, dst_user_pos=None) -> None:
        b = context.builder()
        if src_user_pos is None and dst_user_pos is None:
            b.create_asc_EnQueOp(self.handle, tensor.handle)
            return
        src, dst = _user_positions("enque", src_user_pos, dst_user_pos)
        b.create_asc_EnQueUserPosOp(self.handle, tensor.handle, src, dst)

    @api.builtin
    def deque(self, dtype, src_user_pos=None, dst_user_pos=None) -> LocalTensor:
        b = context.builder()
        if isinstance(dtype, LocalTensor):
            if src_user_pos is not None or dst_user_pos is not None:
                raise TypeError("deque(tensor) takes no user positions (Ascend C's DeQue<T>(tensor)); "
                                "use deque(dtype, src_user_pos, dst_user_pos)")
            b.create_asc_DeQueInPlaceOp(self.handle, dtype.handle)
            return None
        t = b.get_local_tensor_type(dtype.to_ir(b))
        if src_user_pos is None and dst_user_pos is None:
            return LocalTensor(dtype, _handle=b.create_asc_DeQueOp(t, self.handle))
        src, dst = _user_positions("deque", src_user_pos, dst_user_pos)
        return LocalTensor(dtype, _handle=b.create_asc_DeQueUserPosOp(t, self.handle, src, dst))

    @api.builtin
    def free_tensor(self, tensor: LocalTensor) -> None:
        context.builder().create_asc_FreeTensorOp(self.handle, tensor.handle)

    @api.builtin
    def free_all_event(self) -> None:
        context.builder().create_asc_FreeAllEventOp(self.handle)

    @api.builtin
    def get_tensor_count_in_que(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_GetTensorCountInQueOp(self.handle))

    @api.builtin
    def has_idle_buffer(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_HasIdleBufferOp(self.handle))

    @api.builtin
    def has_tensor_in_que(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_HasTensorInQueOp(self.handle))

    @api.builtin
    def vacant_in_que(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_VacantInQueOp(self.handle))


def _user_positions(api_name, src, dst):
    """EnQue/DeQue's srcUserPos and dstUserPos: both, compile-time TPositions."""
    if src is None or dst is None:
        raise TypeError(f"{api_name} takes both src_user_pos and dst_user_pos, or neither")
    for name, v in (("src_user_pos", src), ("dst_user_pos", dst)):
        require_constexpr(v, TPosition, int, arg_name=name)
    return int(TPosition(int(src))), int(TPosition(int(dst)))


class TQue(_QueueBase):
    """AscendC::TQue<pos, depth>: a queue of tensors between two pipeline stages."""

    __slots__ = ("pos", "depth")

    def __init__(self, pos=TPosition.VECIN, depth=1):
        context.current()
        require_constexpr(depth, int, arg_name="depth")
        self.pos, self.depth = TPosition(int(pos)), int(depth)
        b = context.builder()
        super().__init__(b.create_asc_TQueOp(b.get_queue_type(int(pos), int(depth))))


class TQueBind(_QueueBase):
    """AscendC::TQueBind<src, dst, depth>: a queue binding two positions."""

    __slots__ = ("src", "dst", "depth")

    def __init__(self, src=TPosition.VECIN, dst=TPosition.VECIN, depth=0, mask=0):
        context.current()
        self.src, self.dst, self.depth = TPosition(int(src)), TPosition(int(dst)), int(depth)
        b = context.builder()
        super().__init__(b.create_asc_TQueBindOp(b.get_queue_bind_type(int(src), int(dst), int(depth), int(mask))))


class TBuf(RuntimeValue):
    """AscendC::TBuf<pos>: a scratch buffer (no queue semantics)."""

    __slots__ = ("pos",)

    def __init__(self, pos=TPosition.VECCALC):
        context.current()
        self.pos = TPosition(int(pos))
        b = context.builder()
        super().__init__(b.create_asc_TBufOp(b.get_tbuf_type(int(pos))))

    @api.builtin
    def get(self, dtype, len=None, shape=None) -> LocalTensor:  # noqa: A002
        b = context.builder()
        t = b.get_local_tensor_type(dtype.to_ir(b))
        if len is None and shape is not None:  # a TensorShape (or tuple): its element count
            from ..core.tensor_shape import TensorShape
            len = (shape if isinstance(shape, TensorShape) else TensorShape(tuple(shape))).size()  # noqa: A001
        if len is None:
            return LocalTensor(dtype, _handle=b.create_asc_TBufGetOp(t, self.handle))
        return LocalTensor(dtype, _handle=b.create_asc_TBufGetLenOp(t, self.handle, _i32(len)))

    @api.builtin
    def alloc_tensor(self, dtype) -> LocalTensor:
        """pyasc's TBuf is a TQueBind: `alloc_tensor(dtype)` is the whole buffer, as
        `get(dtype)` (`buf.Get<T>()`): a TBuf has one buffer and no queue events."""
        return self.get(dtype)

    @api.builtin
    def free_tensor(self, tensor: LocalTensor) -> None:
        """Gives back a tensor from `alloc_tensor`. A TBuf keeps its one buffer for the
        kernel's lifetime, so nothing is emitted; the argument is checked."""
        if not isinstance(tensor, LocalTensor):
            raise TypeError(f"TBuf.free_tensor takes a LocalTensor, got {type(tensor).__name__}")

    @api.builtin
    def get_with_offset(self, size, buf_offset, dtype) -> LocalTensor:
        b = context.builder()
        t = b.get_local_tensor_type(dtype.to_ir(b))
        return LocalTensor(dtype, _handle=b.create_asc_TBufGetWithOffsetOp(t, self.handle, _i32(size),
                                                                          _i32(buf_offset)))


class TBufPool(RuntimeValue):
    """AscendC::TBufPool<pos, bufIDSize>: a sub-pool of a TPipe's buffers."""

    __slots__ = ("pos", "buf_id_size")

    def __init__(self, pos=TPosition.VECCALC, buf_id_size=4):
        context.current()
        self.pos, self.buf_id_size = TPosition(int(pos)), int(buf_id_size)
        b = context.builder()
        super().__init__(b.create_asc_TBufPoolOp(b.get_tbuf_pool_type(int(pos), int(buf_id_size))))

    init_buffer = TPipe.init_buffer
    init_buf_pool = TPipe.init_buf_pool
    reset = TPipe.reset


for _cls in (TPipe, TQue, TQueBind, TBuf, TBufPool):
    api.register_class(_cls)

__all__ = ["TPipe", "TQue", "TQueBind", "TBuf", "TBufPool"]
