"""Host tiling of the adv softmax and rmsnorm APIs (asc.lib.host).

CANN computes these tilings in its closed host library (SoftMaxTilingFunc,
GetSoftMaxMaxTmpSize, GetRmsNormTilingInfo, ...); these are asc's own
versions with the same job and snake_case names:

    tiling = asc.adv.SoftmaxTiling()
    host.softmax_tiling_func([rows, width], 4, tmp_bytes, tiling)   # fills it
    kernel[cores](x, y, tiling)                                      # by value

A tiling splits the rows of the [m, k] (softmax) or [b*s, h] (rmsnorm) input
into blocks whose float working copy fits the temporary space the caller
gives; the values are self-consistent (range_m * split_m + tail_m == src_m,
loop_round * main_bs_length + tail_bs_length == b * s). The Model computes
softmax / rmsnorm from the shape fields (src_m/src_k; b/s/h_length,
original_h_length, reciprocal_of_h_length) and does not depend on the split.

The struct passed in is filled field by field (setattr), so any object with
these attributes works, not only the kernel struct classes.
"""

from __future__ import annotations

from typing import Sequence, Tuple

BLOCK = 32            # bytes: the sum/max outputs and reductions are one block per row
FLOAT = 4             # the APIs compute in float


def _mk(shape: Sequence[int]) -> Tuple[int, int]:
    dims = [int(d) for d in shape]
    if not dims or any(d <= 0 for d in dims):
        raise ValueError(f"softmax tiling: the shape must have positive dimensions, got {list(shape)}")
    m = 1
    for d in dims[:-1]:
        m *= d
    return m, dims[-1]


def _row_bytes(k: int) -> int:
    # one row in float plus its two reduction blocks (max and sum)
    return k * FLOAT + 2 * BLOCK


def get_softmax_min_tmp_size(src_shape: Sequence[int], data_type_size: int, is_reuse_source: bool = False) -> int:
    """Bytes of temporary space softmax needs at least (one row at a time)."""
    _check_type_size(data_type_size)
    _, k = _mk(src_shape)
    return _row_bytes(k)


def get_softmax_max_tmp_size(src_shape: Sequence[int], data_type_size: int, is_reuse_source: bool = False) -> int:
    """Bytes of temporary space with which softmax handles every row at once."""
    _check_type_size(data_type_size)
    m, k = _mk(src_shape)
    return m * _row_bytes(k)


def softmax_tiling_func(src_shape: Sequence[int], data_type_size: int, local_work_space_size: int,
                        softmax_tiling) -> bool:
    """Fills `softmax_tiling` (an asc.adv.SoftmaxTiling) for a [.., k] input of `data_type_size`-byte
    elements and `local_work_space_size` bytes of temporary space. False (tiling untouched) when
    the space does not hold one row, or k does not fill whole 32-byte blocks."""
    _check_type_size(data_type_size)
    m, k = _mk(src_shape)
    if k * data_type_size % BLOCK != 0 or local_work_space_size < _row_bytes(k):
        return False
    split_m = min(m, local_work_space_size // _row_bytes(k))
    out_k = BLOCK // data_type_size     # sum/max: one 32-byte block per row, in the data type
    reduce_k = BLOCK // FLOAT           # the float reduction block
    tail_m = m % split_m
    values = dict(src_m=m, src_k=k, src_size=m * k, out_max_m=m, out_max_k=out_k, out_max_size=m * out_k,
                  split_m=split_m, split_k=k, split_size=split_m * k, reduce_m=split_m, reduce_k=reduce_k,
                  reduce_size=split_m * reduce_k, range_m=m // split_m, tail_m=tail_m,
                  tail_split_size=tail_m * k, tail_reduce_size=tail_m * reduce_k)
    _fill(softmax_tiling, values)
    return True


def get_rms_norm_max_min_tmp_size(src_shape: Sequence[int], type_size: int,
                                  is_basic_block: bool = False) -> Tuple[int, int]:
    """(max, min) bytes of temporary space rmsnorm can use for a [b, s, h] input: all rows at
    once, or one block of 8 rows (the basic block's row count)."""
    _check_type_size(type_size)
    b, s, h = _bsh(src_shape)
    row = h * FLOAT + BLOCK
    return b * s * row, min(b * s, 8) * row


def get_rms_norm_tiling_info(src_shape: Sequence[int], origin_src_shape: Sequence[int], stack_buffer_byte_size: int,
                             type_size: int, rms_norm_tiling, is_basic_block: bool = False) -> bool:
    """Fills `rms_norm_tiling` (an asc.adv.RmsNormTiling) for a [b, s, h] input (h padded to whole
    32-byte blocks) whose unpadded shape is `origin_src_shape`. False (untouched) when the
    temporary space does not hold one row, h is not block-aligned or the basic block's conditions
    (h a multiple of 64 and at most 2048) fail."""
    _check_type_size(type_size)
    b, s, h = _bsh(src_shape)
    original_h = int(origin_src_shape[-1])
    if h * type_size % BLOCK != 0 or not 0 < original_h <= h:
        return False
    if is_basic_block and (h % 64 != 0 or h > 2048):
        return False
    rows = b * s
    row = h * FLOAT + BLOCK
    fit = stack_buffer_byte_size // row
    if fit == 0:
        return False
    main = min(rows, fit)
    if main >= 8:
        main -= main % 8  # whole blocks of 8 rows, the basic block's unit
    loop = rows // main
    tail = rows - loop * main
    values = dict(b_length=b, s_length=s, h_length=h, original_h_length=original_h,
                  reciprocal_of_h_length=1.0 / original_h, main_bsh_length=main * h, main_bs_length=main,
                  main_bs_length_align=(main + 7) // 8 * 8, loop_round=loop, input_tail_pos=loop * main * h,
                  tail_bsh_length=tail * h, tail_bs_length=tail)
    _fill(rms_norm_tiling, values)
    return True


def _fill(tiling, values) -> None:
    for name, value in values.items():
        try:
            setattr(tiling, name, value)
        except AttributeError:
            # a kernel struct class whose instances keep their values in `fields`
            # (asc.language.core.types.ParamStruct, when it takes no attribute assignment)
            tiling.fields[name] = value


def _bsh(shape: Sequence[int]) -> Tuple[int, int, int]:
    dims = [int(d) for d in shape]
    if len(dims) == 2:
        dims = [1] + dims
    if len(dims) != 3 or any(d <= 0 for d in dims):
        raise ValueError(f"rmsnorm tiling: the shape is [b, s, h] (or [b*s, h]) of positive sizes, got {list(shape)}")
    return dims[0], dims[1], dims[2]


def _check_type_size(size: int) -> None:
    if size not in (2, 4):
        raise ValueError(f"the data type size is 2 (half) or 4 (float) bytes, got {size}")


__all__ = ["get_softmax_min_tmp_size", "get_softmax_max_tmp_size", "softmax_tiling_func",
           "get_rms_norm_max_min_tmp_size", "get_rms_norm_tiling_info"]
