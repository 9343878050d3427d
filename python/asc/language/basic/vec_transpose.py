"""basic/vec_transpose: 16x16 transposes and the NCHW -> NC1HWC0 (5HD) layout change."""

from .. import docs
from ..core import api as _api
from ..core import dtype as dt
from ..core.api import api
from ..core.lowering import build, builder, same_dtype, struct, tensor
from ..core.tensor import BaseTensor
from ..core.types import TransDataTo5HDParams, TransposeParamsExt

# The list forms of trans_data_to_5hd name pyasc's TensorList / AddrList; the dialect has no
# op for them, so they are declared (for matching and the error) but not lowered.
if "TensorList" not in _api._TYPE_CHECKS:
    _api.register_type("TensorList", lambda v: isinstance(v, (list, tuple)) and all(
        isinstance(t, BaseTensor) for t in v))
if "AddrList" not in _api._TYPE_CHECKS:
    _api.register_type("AddrList", lambda v: isinstance(v, (list, tuple)) and not any(
        isinstance(t, BaseTensor) for t in v))

docs.SUMMARIES.update({
    "transpose": "Transposes a 16x16 matrix of 2-byte elements (or, with params, an ND/NZ "
                 "tensor as TransposeParamsExt describes).",
    "trans_data_to_5hd": "Converts NCHW data to the NC1HWC0 (5HD) layout, 16 rows per repeat.",
})


@api("Transpose", "vec_transpose", "dst: LocalTensor, src: LocalTensor",
     "dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor, params: TransposeParamsExt")
def transpose(form, a):
    same_dtype(("dst", a.dst), ("src", a.src))
    if form == 0:
        return build("TransposeOp", tensor(a.dst), tensor(a.src))
    return build("TransposeExtOp", tensor(a.dst), tensor(a.src), tensor(a.shared_tmp_buffer),
                 struct(a.params, TransposeParamsExt))


@api("TransDataTo5HD", "vec_transpose",
     "dst_list: TensorList, src_list: TensorList, params: TransDataTo5HDParams",
     "dst_list: AddrList, src_list: AddrList, params: TransDataTo5HDParams",
     "dst: LocalTensor, src: LocalTensor, params: TransDataTo5HDParams")
def trans_data_to_5hd(form, a):
    if form < 2:
        raise NotImplementedError(
            "asc.trans_data_to_5hd with a TensorList or AddrList is not supported: the ascendc "
            "dialect has no op for the list forms; pass the dst and src LocalTensors instead")
    # dst and src are uint64 tensors of UB addresses (16 each); the form names no data type,
    # so the data is taken to be half, as in pyasc's examples.
    return build("TransDataTo5HDOp", tensor(a.dst), tensor(a.src),
                 struct(a.params, TransDataTo5HDParams), dt.float16.to_ir(builder()))


__all__ = ["transpose", "trans_data_to_5hd"]
