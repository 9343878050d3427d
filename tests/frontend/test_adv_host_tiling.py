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


# ---- the matmul tiling classes: the forms pyasc's unit tests call -----------------------------------

def _platform():
    from asc.lib import runtime
    return host.PlatformAscendCManager.get_instance(runtime.get_soc_version().value)


def test_soc_version_is_the_configured_platform():
    from asc.lib import runtime
    from asc.runtime import config
    assert runtime.get_soc_version() is config.platform
    assert _platform().get_soc_version() == config.platform.value


@pytest.mark.parametrize("cls", [host.MatmulApiTiling, host.MultiCoreMatmulTiling, host.BatchMatmulTiling])
def test_layouts_and_batch_num_reach_the_struct(cls):
    mt = cls(_platform())
    mt.set_shape(64, 48, 32)
    assert mt.set_a_layout(2, 64, 3, 1, 32) == 0
    assert mt.set_b_layout(4, 32, 1, 5, 48) == 0
    assert mt.set_c_layout(6, 64, 7, 1, 48) == 0
    assert mt.set_batch_num(5) == 0
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    assert (t.a_layout_info_b, t.a_layout_info_s, t.a_layout_info_n, t.a_layout_info_g, t.a_layout_info_d) == \
        (2, 64, 3, 1, 32)
    assert (t.b_layout_info_b, t.b_layout_info_s, t.b_layout_info_n, t.b_layout_info_g, t.b_layout_info_d) == \
        (4, 32, 1, 5, 48)
    assert (t.c_layout_info_b, t.c_layout_info_s1, t.c_layout_info_n, t.c_layout_info_g, t.c_layout_info_s2) == \
        (6, 64, 7, 1, 48)
    assert t.batch_num == 5


def test_batch_info_for_normal_sets_the_bmnk_layout():
    mt = host.BatchMatmulTiling(_platform())
    assert mt.set_batch_info_for_normal(3, 1, 32, 64, 16) == 0
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    assert (t.m, t.n, t.k_a, t.batch_num) == (32, 64, 16, 3)
    assert (t.a_layout_info_b, t.a_layout_info_s, t.a_layout_info_d) == (3, 32, 16)
    assert (t.b_layout_info_b, t.b_layout_info_s, t.b_layout_info_d) == (1, 16, 64)
    assert (t.c_layout_info_b, t.c_layout_info_s1, t.c_layout_info_s2) == (3, 32, 64)
    assert mt.set_batch_info_for_normal(0, 1, 32, 64, 16) == -1


def test_core_num_tuples():
    mt = host.MultiCoreMatmulTiling(_platform())
    assert mt.get_core_num() is None and mt.get_single_shape() is None  # before get_tiling
    mt.set_shape(512, 512, 64)
    mt.set_dim(4)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    used, m_dim, n_dim = mt.get_core_num()
    assert used == t.used_core_num == m_dim * n_dim and 1 < used <= 4
    assert m_dim == -(-512 // t.single_core_m) and n_dim == -(-512 // t.single_core_n)
    assert mt.get_single_shape() == (t.single_core_m, t.single_core_n, t.single_core_k)
    bt = host.BatchMatmulTiling(_platform())  # one core unless set_dim
    bt.set_shape(512, 512, 64)
    assert bt.get_tiling(asc.adv.TCubeTiling()) == 0
    assert bt.get_core_num() == (1, 1, 1, 1, 1)


def test_single_shape_k_and_org_shape_alone():
    mt = host.MultiCoreMatmulTiling(_platform())
    mt.set_dim(2)  # the vendor's default is one core
    mt.set_shape(64, 64, 64)
    mt.set_single_shape(64, 32, 32)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    assert (t.single_core_m, t.single_core_n, t.single_core_k, t.used_core_num) == (64, 32, 32, 2)
    assert t.base_k <= 32
    only_org = host.MatmulApiTiling(_platform())
    assert only_org.set_org_shape(48, 32, 64, 80) == 0
    t = asc.adv.TCubeTiling()
    assert only_org.get_tiling(t) == 0
    assert (t.m, t.n, t.k_a, t.k_b, t.single_core_k) == (48, 32, 64, 80, 64)


@pytest.mark.parametrize("dtype,unit,size", [(host.DataType.DT_INT8, 32, 1), (host.DataType.DT_FLOAT, 16, 4),
                                             (host.DataType.DT_FLOAT16, 16, 2)])
def test_element_size_sizes_the_blocks(dtype, unit, size):
    p = _platform()
    mt = host.MultiCoreMatmulTiling(p)
    mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, dtype, False)
    mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, dtype, False)
    mt.set_shape(256, 256, 1024)
    mt.set_dim(2)
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0
    assert t.base_k % unit == 0 and t.base_m % 16 == 0 and t.base_n % 16 == 0
    l0a = p.get_core_mem_size(host.CoreMemType.L0_A)
    assert 2 * t.base_m * t.base_k * size <= l0a
    assert t.share_l1_size <= p.get_core_mem_size(host.CoreMemType.L1)
    # the vendor's GetUsedSize: A's and B's L1 depths (they may differ) of base tiles
    assert t.share_l1_size == (t.depth_a1 * t.base_m + t.depth_b1 * t.base_n) * t.base_k * size
    mixed = host.MatmulApiTiling(p)
    mixed.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_INT8)
    mixed.set_shape(32, 32, 32)
    assert mixed.get_tiling(asc.adv.TCubeTiling()) == -1  # A int8, B half: no such matmul


def test_config_params_fixed_split_and_flags():
    mt = host.MatmulApiTiling(_platform())
    mt.set_shape(64, 64, 64)
    assert mt.set_matmul_config_params(1, False, host.ScheduleType.OUTER_PRODUCT, host.MatrixTraverse.FIRSTN) is None
    t = asc.adv.TCubeTiling()
    assert mt.get_tiling(t) == 0 and t.iterate_order == 1
    mt2 = host.MatmulApiTiling(_platform())
    mt2.set_shape(64, 64, 64)
    assert mt2.set_matmul_config_params(host.MatmulConfigParams(traverse=host.MatrixTraverse.FIRSTM)) is None
    assert mt2.set_fix_split(32, 48, 16) == 0
    assert (mt2.get_base_m(), mt2.get_base_n(), mt2.get_base_k()) == (32, 48, 16)  # before get_tiling
    # the vendor's GetTiling keeps the fixed baseM / baseN; baseK is its own (SetFixSplit's is only checked)
    assert mt2.get_tiling(t) == 0 and (t.base_m, t.base_n, t.base_k, t.iterate_order) == (32, 48, 64, 0)
    assert host.MatmulApiTiling(_platform()).get_base_m() == -1
    assert host.MultiCoreMatmulTiling(_platform()).enable_multi_core_split_k(True) is None
    assert mt2.set_sparse(True) == 0 and mt2.sparse


def test_c_in_the_ub_gets_the_gm_tiling():
    p = _platform()
    ub = p.get_core_mem_size(host.CoreMemType.UB)

    def tiling(c_pos, fix=None):
        mt = host.MultiCoreMatmulTiling(p)
        mt.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
        mt.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
        mt.set_c_type(c_pos, host.CubeFormat.ND, host.DataType.DT_FLOAT)
        mt.set_dim(16)
        mt.set_shape(1024, 512, 256)
        if fix:
            mt.set_fix_split(*fix)
        t = asc.adv.TCubeTiling()
        return t if mt.get_tiling(t) == 0 else None

    # the vendor's tiling on the A2 parts does not size C's blocks by the UB (GetUsedSize counts
    # no UB there): C in VECCALC gets GM's tiling, its block over half the UB here
    t = tiling(host.TPosition.VECCALC)
    gm = tiling(host.TPosition.GM)
    assert str(t) == str(gm) and t.share_ub_size == 0
    assert 2 * gm.base_m * gm.base_n * 4 > ub
    # a 256 x 128 base fixed on 16 cores: a core's 128 rows of M (8 x 2 cores) take no 256-row block; the
    # vendor's GetL0Factors then finds no factors and GetTiling is -1 (as CANN's)
    assert tiling(host.TPosition.VECCALC, fix=(256, 128, -1)) is None
    fixed = tiling(host.TPosition.VECCALC, fix=(64, 128, -1))
    assert (fixed.base_m, fixed.base_n) == (64, 128)  # a fixed split is the caller's choice
