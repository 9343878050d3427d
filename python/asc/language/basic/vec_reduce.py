"""basic/vec_reduce: reductions per block, per pair, per repeat, and over a whole tensor."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i32, same_dtype, tensor
from .vec_binary import level, mask_of

docs.SUMMARIES.update({
    "block_reduce_sum": "Sums each 32-byte block of src into one dst element.",
    "block_reduce_max": "The maximum of each 32-byte block of src, into one dst element.",
    "block_reduce_min": "The minimum of each 32-byte block of src, into one dst element.",
    "pair_reduce_sum": "Sums adjacent pairs of src elements into dst.",
    "repeat_reduce_sum": "Sums the elements of each repeat of src into one dst element.",
    "whole_reduce_max": "The maximum (and/or its index, per order) of each repeat of src, into dst.",
    "whole_reduce_min": "The minimum (and/or its index, per order) of each repeat of src, into dst.",
    "whole_reduce_sum": "Sums the elements of each repeat of src into one dst element.",
    "reduce_max": "The maximum of all of src (and its index if cal_index) into dst[0] (dst[1]).",
    "reduce_min": "The minimum of all of src (and its index if cal_index) into dst[0] (dst[1]).",
    "reduce_sum": "The sum of all of src into dst[0].",
})

_STRIDES = "dst_rep_stride: int, src_blk_stride: int, src_rep_stride: int"


def _strided(op: str, a, *strides):
    """<op>L{0,1}Op(dst, src, repeat_times, mask, *strides) for the block/pair reductions."""
    same_dtype(("dst", a.dst), ("src", a.src))
    repeat = a["repeat"] if "repeat" in a else a.repeat_time
    return build(f"{op}{level(a)}Op", tensor(a.dst), tensor(a.src), i32(repeat), mask_of(a),
                 *(i32(s) for s in strides), is_set_mask=a.get("is_set_mask", True))


def _block_reduce(name: str, op: str):
    head = "dst: LocalTensor, src: LocalTensor, repeat: int, mask: {}, " + _STRIDES

    def impl(form, a):
        return _strided(op, a, a.dst_rep_stride, a.src_blk_stride, a.src_rep_stride)

    impl.__name__ = name
    return api(op, "vec_reduce", head.format("int"), head.format("List[int]"), name=name)(impl)


block_reduce_sum = _block_reduce("block_reduce_sum", "BlockReduceSum")
block_reduce_max = _block_reduce("block_reduce_max", "BlockReduceMax")
block_reduce_min = _block_reduce("block_reduce_min", "BlockReduceMin")

_PAIR = ("dst: LocalTensor, src: LocalTensor, repeat_time: int, mask: {}, " + _STRIDES
         + ", is_set_mask: bool = True")


@api("PairReduceSum", "vec_reduce", _PAIR.format("int"), _PAIR.format("List[int]"))
def pair_reduce_sum(form, a):
    return _strided("PairReduceSum", a, a.dst_rep_stride, a.src_blk_stride, a.src_rep_stride)


@api("RepeatReduceSum", "vec_reduce",
     "dst: LocalTensor, src: LocalTensor, repeat_time: int, mask: int, dst_blk_stride: int, "
     "src_blk_stride: int, dst_rep_stride: int, src_rep_stride: int, is_set_mask: bool = True")
def repeat_reduce_sum(form, a):
    return _strided("RepeatReduceSum", a, a.dst_blk_stride, a.src_blk_stride, a.dst_rep_stride,
                    a.src_rep_stride)


_WHOLE = "dst: LocalTensor, src: LocalTensor, mask: {}, repeat_time: int, " + _STRIDES
_ORDER = ", order: Optional[ReduceOrder] = ReduceOrder.ORDER_VALUE_INDEX"
_SET = ", is_set_mask: bool = True"


def _whole(op: str, a, **kwargs):
    same_dtype(("dst", a.dst), ("src", a.src))
    return build(f"{op}{level(a)}Op", tensor(a.dst), tensor(a.src), mask_of(a), i32(a.repeat_time),
                 i32(a.dst_rep_stride), i32(a.src_blk_stride), i32(a.src_rep_stride),
                 is_set_mask=a.is_set_mask, **kwargs)


def _whole_reduce(name: str, op: str):
    def impl(form, a):
        return _whole(op, a, order=int(a.order if a.order is not None else 0))

    impl.__name__ = name
    forms = (_WHOLE.format("List[int]") + _ORDER + _SET, _WHOLE.format("int") + _ORDER + _SET)
    return api(op, "vec_reduce", *forms, name=name)(impl)


whole_reduce_max = _whole_reduce("whole_reduce_max", "WholeReduceMax")
whole_reduce_min = _whole_reduce("whole_reduce_min", "WholeReduceMin")


@api("WholeReduceSum", "vec_reduce", _WHOLE.format("int") + _SET, _WHOLE.format("List[int]") + _SET)
def whole_reduce_sum(form, a):
    return _whole("WholeReduceSum", a)


_RED = "dst: LocalTensor, src: LocalTensor, shared_tmp_buffer: LocalTensor, "
_RED_L0 = "repeat_time: int, src_rep_stride: int"


def _reduce(name: str, op: str, cal_index: bool):
    tail = ", cal_index: bool = False" if cal_index else ""
    forms = (_RED + "mask: int, " + _RED_L0 + tail, _RED + "mask: List[int], " + _RED_L0 + tail,
             _RED + "count: int" + tail)

    def impl(form, a):
        same_dtype(("dst", a.dst), ("src", a.src))
        head = (tensor(a.dst), tensor(a.src), tensor(a.shared_tmp_buffer))
        kwargs = {"cal_index": bool(a.cal_index)} if cal_index else {}
        if level(a) == "L2":
            return build(f"{op}L2Op", *head, i32(a.count), **kwargs)
        return build(f"{op}{level(a)}Op", *head, mask_of(a), i32(a.repeat_time),
                     i32(a.src_rep_stride), **kwargs)

    impl.__name__ = name
    return api(op, "vec_reduce", *forms, name=name)(impl)


reduce_max = _reduce("reduce_max", "ReduceMax", True)
reduce_min = _reduce("reduce_min", "ReduceMin", True)
reduce_sum = _reduce("reduce_sum", "ReduceSum", False)

__all__ = ["block_reduce_sum", "block_reduce_max", "block_reduce_min", "pair_reduce_sum",
           "repeat_reduce_sum", "whole_reduce_max", "whole_reduce_min", "whole_reduce_sum",
           "reduce_max", "reduce_min", "reduce_sum"]
