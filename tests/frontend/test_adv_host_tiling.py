"""asc.lib.host's softmax / rmsnorm tiling helpers: temporary-space sizes, self-consistent
splits, and the cases they refuse."""

import pytest

import asc
from asc.lib import host


def test_softmax_tmp_sizes():
    # one float row plus two 32-byte reduction blocks per row
    assert host.get_softmax_min_tmp_size([16, 128], 2) == 128 * 4 + 64
    assert host.get_softmax_max_tmp_size([4, 16, 128], 4) == 64 * (128 * 4 + 64)
    with pytest.raises(ValueError, match="data type size"):
        host.get_softmax_min_tmp_size([16, 128], 8)
    with pytest.raises(ValueError, match="positive"):
        host.get_softmax_max_tmp_size([0, 128], 4)


@pytest.mark.parametrize("shape,size,space", [([64, 256], 4, 5000), ([3, 7, 64], 2, 100000), ([9, 32], 4, 200)])
def test_softmax_tiling_is_consistent(shape, size, space):
    t = asc.adv.SoftmaxTiling()
    assert host.softmax_tiling_func(shape, size, space, t)
    m = 1
    for d in shape[:-1]:
        m *= d
    k = shape[-1]
    assert (t.src_m, t.src_k, t.src_size) == (m, k, m * k)
    assert t.range_m * t.split_m + t.tail_m == m
    assert t.split_m * (k * 4 + 64) <= space
    assert t.out_max_k * size == 32 and t.out_max_size == m * t.out_max_k
    assert t.tail_split_size == t.tail_m * k and t.split_size == t.split_m * k


def test_softmax_tiling_refuses():
    t = asc.adv.SoftmaxTiling()
    assert not host.softmax_tiling_func([8, 100], 4, 10**6, t)   # 400 bytes: not whole blocks
    assert not host.softmax_tiling_func([8, 128], 4, 100, t)     # not even one row
    assert t.src_m == 0  # untouched


def test_rmsnorm_tiling():
    mx, mn = host.get_rms_norm_max_min_tmp_size([2, 10, 64], 4)
    assert (mx, mn) == (20 * (64 * 4 + 32), 8 * (64 * 4 + 32))
    t = asc.adv.RmsNormTiling()
    assert host.get_rms_norm_tiling_info([2, 10, 64], [2, 10, 60], mn, 4, t)
    assert (t.b_length, t.s_length, t.h_length, t.original_h_length) == (2, 10, 64, 60)
    assert t.reciprocal_of_h_length == pytest.approx(1 / 60)
    assert (t.main_bs_length, t.loop_round, t.tail_bs_length) == (8, 2, 4)
    assert t.main_bsh_length == 8 * 64 and t.input_tail_pos == 16 * 64 and t.tail_bsh_length == 4 * 64
    assert t.main_bs_length_align == 8


def test_rmsnorm_tiling_refuses():
    t = asc.adv.RmsNormTiling()
    assert not host.get_rms_norm_tiling_info([1, 8, 100], [1, 8, 100], 10**6, 4, t)   # h not aligned
    assert not host.get_rms_norm_tiling_info([1, 8, 96], [1, 8, 97], 10**6, 4, t)     # original > h
    assert not host.get_rms_norm_tiling_info([1, 8, 96], [1, 8, 96], 10**6, 4, t, is_basic_block=True)
    assert not host.get_rms_norm_tiling_info([1, 8, 64], [1, 8, 64], 100, 4, t)       # no room for a row
    assert t.b_length == 0
