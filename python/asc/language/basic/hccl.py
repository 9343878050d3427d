"""adv_api/hccl: collective communication from kernel code (Ascend C's Hccl client).

    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.all_reduce(x, y, n, asc.float32, asc.HcclReduceOp.HCCL_REDUCE_SUM)
    hccl.commit(h)
    hccl.wait(h)
    hccl.finalize()

Each method emits one member call of `AscendC::Hccl<HCCL_SERVER_TYPE_AICPU>`.
`dtype` is an asc dtype (asc.float32) or an HcclDataType; `op` an HcclReduceOp
or one of "sum", "prod", "max", "min". On the Model the kernel runs as the ranks
of `asc.distributed.launch` (docs/distributed.md).
"""

from __future__ import annotations

from .. import docs
from ..core import api, context
from ..core import dtype as dt
from ..core.enums import HcclDataType, HcclReduceOp
from ..core.ir_value import GlobalAddress, PlainValue, RuntimeValue
from ..core.lowering import i64
from ..core.tensor import wrap_scalar

docs.SUMMARIES.update({
    "get_rank_id": "This device's rank in the communication domain of the kernel's Hccl object.",
    "get_rank_dim": "The number of ranks in the communication domain of the kernel's Hccl object.",
})
docs.PARAMS.setdefault("hccl", "the Hccl object to ask (default: the last one the kernel created)")

_DTYPES = {
    "int8": HcclDataType.HCCL_DATA_TYPE_INT8, "int16": HcclDataType.HCCL_DATA_TYPE_INT16,
    "int32": HcclDataType.HCCL_DATA_TYPE_INT32, "float16": HcclDataType.HCCL_DATA_TYPE_FP16,
    "float32": HcclDataType.HCCL_DATA_TYPE_FP32, "int64": HcclDataType.HCCL_DATA_TYPE_INT64,
    "uint64": HcclDataType.HCCL_DATA_TYPE_UINT64, "uint8": HcclDataType.HCCL_DATA_TYPE_UINT8,
    "uint16": HcclDataType.HCCL_DATA_TYPE_UINT16, "uint32": HcclDataType.HCCL_DATA_TYPE_UINT32,
    "float64": HcclDataType.HCCL_DATA_TYPE_FP64, "bfloat16": HcclDataType.HCCL_DATA_TYPE_BFP16,
}
_OPS = {"sum": HcclReduceOp.HCCL_REDUCE_SUM, "prod": HcclReduceOp.HCCL_REDUCE_PROD,
        "max": HcclReduceOp.HCCL_REDUCE_MAX, "min": HcclReduceOp.HCCL_REDUCE_MIN}


def _hccl_dtype(dtype, send: GlobalAddress) -> int:
    if dtype is None:
        dtype = send.dtype
    if isinstance(dtype, HcclDataType):
        return int(dtype)
    if isinstance(dtype, dt.DataType) and dtype.name in _DTYPES:
        return int(_DTYPES[dtype.name])
    raise TypeError(f"dtype must be an asc dtype ({', '.join(_DTYPES)}) or an asc.HcclDataType, got {dtype!r}")


def _reduce_op(op) -> int:
    if isinstance(op, HcclReduceOp):
        return int(op)
    if isinstance(op, str) and op.lower() in _OPS:
        return int(_OPS[op.lower()])
    raise TypeError(f"op must be an asc.HcclReduceOp or one of {', '.join(map(repr, _OPS))}, got {op!r}")


def _gm(x, what: str):
    """`x` as a `__gm__ uint8_t*` (GM_ADDR), the type the Hccl calls take."""
    if not isinstance(x, GlobalAddress):
        raise TypeError(f"{what} must be a GM address (a kernel's array argument, or one plus an offset), "
                        f"got {type(x).__name__}")
    if x.dtype == dt.uint8:
        return x.handle
    b = context.builder()
    return b.create_asc_GMPtrCastOp(b.get_gm_ptr_type(dt.uint8.to_ir(b)), x.handle)


def _handle(h):
    if isinstance(h, PlainValue):
        return h.handle
    if isinstance(h, int):
        return i64(h)
    raise TypeError(f"a collective's handle must be the value all_reduce/all_gather/... returned, got {h!r}")


class Hccl(RuntimeValue):
    """AscendC::Hccl<HcclServerType::HCCL_SERVER_TYPE_AICPU>: the kernel's client of the
    collective communication server. Create it once per kernel, then `init` it with
    `asc.get_hccl_context(0)`."""

    __slots__ = ()

    def __init__(self):
        session = context.current()
        super().__init__(context.builder().create_asc_HcclOp())
        session.asc_last_hccl = self  # asc.get_rank_id() without an argument asks it

    @api.builtin
    def init(self, context_addr) -> None:
        """Binds the client to the communication context (asc.get_hccl_context(0))."""
        context.builder().create_asc_HcclInitOp(self.handle, _gm(context_addr, "context"))

    @api.builtin
    def all_reduce(self, send, recv, count, dtype=None, op=HcclReduceOp.HCCL_REDUCE_SUM, commit=False) -> PlainValue:
        """Every rank's `recv` gets the element-wise `op` of all ranks' `count` elements of `send`."""
        return wrap_scalar(context.builder().create_asc_HcclAllReduceOp(
            self.handle, _gm(send, "send"), _gm(recv, "recv"), i64(count), _hccl_dtype(dtype, send),
            _reduce_op(op), bool(commit)))

    @api.builtin
    def all_gather(self, send, recv, send_count, dtype=None, stride_count=0, commit=False) -> PlainValue:
        """Rank i's `send_count` elements land at recv + i * (stride_count or send_count) on every rank."""
        return wrap_scalar(context.builder().create_asc_HcclAllGatherOp(
            self.handle, _gm(send, "send"), _gm(recv, "recv"), i64(send_count), _hccl_dtype(dtype, send),
            i64(stride_count), bool(commit)))

    @api.builtin
    def reduce_scatter(self, send, recv, recv_count, dtype=None, op=HcclReduceOp.HCCL_REDUCE_SUM, stride_count=0,
                       commit=False) -> PlainValue:
        """Rank i's `recv` gets the `op` of every rank's chunk i (at send + i * (stride_count or recv_count))."""
        return wrap_scalar(context.builder().create_asc_HcclReduceScatterOp(
            self.handle, _gm(send, "send"), _gm(recv, "recv"), i64(recv_count), _hccl_dtype(dtype, send),
            _reduce_op(op), i64(stride_count), bool(commit)))

    @api.builtin
    def all_to_all(self, send, recv, data_count, dtype=None, stride_count=0, commit=False) -> PlainValue:
        """Chunk j of rank i's `send` lands as chunk i of rank j's `recv` (chunks of `data_count`)."""
        return wrap_scalar(context.builder().create_asc_HcclAlltoAllOp(
            self.handle, _gm(send, "send"), _gm(recv, "recv"), i64(data_count), _hccl_dtype(dtype, send),
            i64(stride_count), bool(commit)))

    @api.builtin
    def commit(self, handle) -> None:
        """The server may run the prepared collective `handle` now."""
        context.builder().create_asc_HcclCommitOp(self.handle, _handle(handle))

    @api.builtin
    def wait(self, handle) -> PlainValue:
        """Blocks until the committed collective `handle` has run on every rank."""
        return wrap_scalar(context.builder().create_asc_HcclWaitOp(self.handle, _handle(handle)))

    @api.builtin
    def finalize(self) -> None:
        """No collectives follow; waits for the committed ones."""
        context.builder().create_asc_HcclFinalizeOp(self.handle)

    @api.builtin
    def get_rank_id(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_HcclGetRankIdOp(self.handle))

    @api.builtin
    def get_rank_dim(self) -> PlainValue:
        return wrap_scalar(context.builder().create_asc_HcclGetRankDimOp(self.handle))


api.register_class(Hccl)


def _kernel_hccl(hccl, fn: str) -> Hccl:
    if hccl is not None:
        return hccl
    last = getattr(context.current(), "asc_last_hccl", None)
    if last is None:
        raise TypeError(f"asc.{fn}() asks the kernel's Hccl object: create one (hccl = asc.Hccl(); "
                        f"hccl.init(asc.get_hccl_context(0))) before calling it, or pass it")
    return last


@api.api("GetRankId", "hccl", "hccl: Hccl = None")
def get_rank_id(form, a):
    return _kernel_hccl(a.hccl, "get_rank_id").get_rank_id()


@api.api("GetRankDim", "hccl", "hccl: Hccl = None")
def get_rank_dim(form, a):
    return _kernel_hccl(a.hccl, "get_rank_dim").get_rank_dim()


__all__ = ["Hccl", "get_rank_id", "get_rank_dim"]
