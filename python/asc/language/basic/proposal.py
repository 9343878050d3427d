"""basic/proposal: region-proposal sorting (Sort, Sort32, RpSort16, ProposalConcat/Extract),
merge sort (MrgSort, MrgSort4, GetMrgSortResult).

mrg_sort's first form (element_count_list, sorted_num, valid_bit, repeat_time,
is_exhausted_suspension) is built as the MrgSort4Info form (the same merge);
`sorted_num` is not written back: read the counts with get_mrg_sort_result().
"""

from .. import docs
from ..core import context
from ..core import dtype as dt
from ..core.api import api
from ..core.lowering import build, i32, struct, tensor
from ..core.tensor import wrap_scalar
from ..core.types import MrgSort4Info, MrgSortSrcList
from ._args import const_bool

docs.SUMMARIES.update({
    "get_sort_len": "The number of float elements occupied by `elem_count` sorted (score, index) "
                    "pairs.",
    "get_sort_offset": "The offset, in float elements, of sorted element `elem_offset`.",
    "get_mrg_sort_result": "The numbers of elements merged from each list by the last mrg_sort.",
    "mrg_sort": "Merges up to four sorted lists into `dst`.",
    "mrg_sort4": "Merges up to four sorted proposal lists into `dst`.",
    "proposal_concat": "Writes `src` into field `mode_number` of the proposals in `dst` "
                       "(16 proposals per repeat).",
    "proposal_extract": "Reads field `mode_number` of the proposals in `src` into `dst` "
                        "(16 proposals per repeat).",
    "rp_sort16": "Sorts each group of 16 proposals of `src` by score, descending.",
    "sort": "Sorts the scores `concat` with their indices `index` into `dst`, descending "
            "(is_full_sort: sort all repeats together, using `tmp`).",
    "sort32": "Sorts each group of 32 scores of `src0` with indices `src1` into `dst`, descending.",
})
for _k, _v in {
    "elem_count": "number of elements",
    "elem_offset": "element index",
    "mode_number": "the proposal field (0..5)",
    "concat": "the scores to sort",
    "tmp": "scratch tensor",
    "repeat_time": "number of repeats",
    "is_full_sort": "sort all repeats together (compile-time; False: each 32-element group)",
    "sort_list": "the lists to merge",
    "element_count_list": "the length of each list",
    "sorted_num": "pyasc's out-list of merged counts; not written (use get_mrg_sort_result())",
    "valid_bit": "which lists take part (a bit mask)",
    "is_exhausted_suspension": "stop when one list is exhausted",
}.items():
    docs.PARAMS.setdefault(_k, _v)


@api("GetSortLen<float>", "proposal", "elem_count: int", "elem_count: RuntimeInt")
def get_sort_len(form, a):
    return wrap_scalar(build("GetSortLenOp", i32(a.elem_count), dt.float32.to_ir(context.builder())))


@api("GetSortOffset<float>", "proposal", "elem_offset: int", "elem_offset: RuntimeInt")
def get_sort_offset(form, a):
    return wrap_scalar(build("GetSortOffsetOp", i32(a.elem_offset), dt.float32.to_ir(context.builder())))


@api("GetMrgSortResult", "proposal", "")
def get_mrg_sort_result(form, a):
    results = context.builder().create_asc_GetMrgSortResultOp()
    return tuple(wrap_scalar(r) for r in results)


def _same_list_dtype(dst, sort_list, what):
    if sort_list.fields["dtype"] != dst.dtype:
        raise TypeError(f"{what}: dst is a LocalTensor of {dst.dtype.name}, the MrgSortSrcList "
                        f"holds {sort_list.fields['dtype'].name}")


@api("MrgSort", "proposal",
     "dst: LocalTensor, sort_list: MrgSortSrcList, element_count_list: List[int], sorted_num: List[int], "
     "valid_bit: int, repeat_time: int, is_exhausted_suspension: bool = False",
     "dst: LocalTensor, sort_list: MrgSortSrcList, params: MrgSort4Info")
def mrg_sort(form, a):
    if form == 0:
        params = MrgSort4Info(list(a.element_count_list), a.is_exhausted_suspension, a.valid_bit,
                              a.repeat_time)
    else:
        params = a.params
    _same_list_dtype(a.dst, a.sort_list, "mrg_sort")
    return build("MrgSortOp", tensor(a.dst, "dst"), struct(a.sort_list, MrgSortSrcList, "sort_list"),
                 struct(params, MrgSort4Info))


@api("MrgSort4", "proposal", "dst: LocalTensor, src: MrgSortSrcList, params: MrgSort4Info")
def mrg_sort4(form, a):
    _same_list_dtype(a.dst, a.src, "mrg_sort4")
    return build("MrgSort4Op", tensor(a.dst, "dst"), struct(a.src, MrgSortSrcList, "src"),
                 struct(a.params, MrgSort4Info))


@api("ProposalConcat", "proposal", "dst: LocalTensor, src: LocalTensor, repeat_time: int, mode_number: int")
def proposal_concat(form, a):
    return build("ProposalConcatOp", tensor(a.dst, "dst"), tensor(a.src, "src"), i32(a.repeat_time),
                 i32(a.mode_number))


@api("ProposalExtract", "proposal", "dst: LocalTensor, src: LocalTensor, repeat_time: int, mode_number: int")
def proposal_extract(form, a):
    return build("ProposalExtractOp", tensor(a.dst, "dst"), tensor(a.src, "src"), i32(a.repeat_time),
                 i32(a.mode_number))


@api("RpSort16", "proposal", "dst: LocalTensor, src: LocalTensor, repeat_time: int")
def rp_sort16(form, a):
    return build("RpSort16Op", tensor(a.dst, "dst"), tensor(a.src, "src"), i32(a.repeat_time))


@api("Sort", "proposal",
     "dst: LocalTensor, concat: LocalTensor, index: LocalTensor, tmp: LocalTensor, repeat_time: int, "
     "is_full_sort: bool = False")
def sort(form, a):
    return build("SortOp", tensor(a.dst, "dst"), tensor(a.concat, "concat"), tensor(a.index, "index"),
                 tensor(a.tmp, "tmp"), i32(a.repeat_time), const_bool(a.is_full_sort, "is_full_sort"))


@api("Sort32", "proposal", "dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, repeat_time: int")
def sort32(form, a):
    return build("Sort32Op", tensor(a.dst, "dst"), tensor(a.src0, "src0"), tensor(a.src1, "src1"),
                 i32(a.repeat_time))


__all__ = ["get_sort_len", "get_sort_offset", "get_mrg_sort_result", "mrg_sort", "mrg_sort4",
           "proposal_concat", "proposal_extract", "rp_sort16", "sort", "sort32"]
