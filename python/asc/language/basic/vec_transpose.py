"""basic/vec_transpose: 16x16 transposes and the NCHW -> NC1HWC0 (5HD) layout change."""

from .. import docs
from ..core import api as _api
from ..core import dtype as dt
from ..core.api import api
from ..core.lowering import build, builder, same_dtype, struct, tensor, value_of
from ..core.tensor import BaseTensor
from ..core.types import TransDataTo5HDParams, TransposeParamsExt

# The list forms of trans_data_to_5hd (pyasc's TensorList / AddrList): 16 LocalTensors, or 16
# UB byte addresses (ints or runtime uint64 values such as tensor.get_phy_addr()), per list.
if "TensorList" not in _api._TYPE_CHECKS:
    _api.register_type("TensorList", lambda v: isinstance(v, (list, tuple)) and all(
        isinstance(t, BaseTensor) for t in v))
if "AddrList" not in _api._TYPE_CHECKS:
    _api.register_type("AddrList", lambda v: isinstance(v, (list, tuple)) and not any(
        isinstance(t, BaseTensor) for t in v))

LIST_SIZE = 16  # the vendor's NCHW_CONV_ADDR_LIST_SIZE

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
    params = struct(a.params, TransDataTo5HDParams)
    if form < 2:
        lists = {"dst_list": a.dst_list, "src_list": a.src_list}
        for name, values in lists.items():
            if len(values) != LIST_SIZE:
                raise ValueError(f"trans_data_to_5hd: {name} must hold {LIST_SIZE} "
                                 f"{'tensors' if form == 0 else 'addresses'}, got {len(values)}")
        if form == 0:
            same_dtype(*((f"dst_list[{i}]", t) for i, t in enumerate(a.dst_list)),
                       *((f"src_list[{i}]", t) for i, t in enumerate(a.src_list)))
            elem = a.dst_list[0].dtype
            operands = [[tensor(t, f"{name}[{i}]") for i, t in enumerate(values)] for name, values in lists.items()]
        else:
            # addresses name no data type: the data is taken to be half, as in pyasc's examples
            elem = dt.float16
            operands = [[value_of(x, dt.uint64) for x in values] for values in lists.values()]
        return build("TransDataTo5HDListOp", operands[0], operands[1], params, elem.to_ir(builder()))
    # dst and src are uint64 tensors of UB addresses (16 each); the form names no data type,
    # so the data is taken to be half, as in pyasc's examples.
    return build("TransDataTo5HDOp", tensor(a.dst), tensor(a.src), params, dt.float16.to_ir(builder()))


__all__ = ["transpose", "trans_data_to_5hd"]
