"""asc.lib.host: the matmul tiling fills a TCubeTiling that fits the platform (L0A/L0B with
double buffering, L0C, L1 with its depths and steps, the bias table), splits the shape
over set_dim cores, returns -1 when nothing fits; and on the timed Model the chosen
(vendor's) tiling is within 1.25x of the best of a grid of fixed base blocks, on four shapes."""

import itertools

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.runtime.config as config

from adv_matmul_kernels import host_tiling, matmul_cube_kernel


@pytest.fixture(autouse=True)
def _model():
    config.set_platform(config.Backend.Model)


def _tiler(m, n, k, dim=1, a_dtype=host.DataType.DT_FLOAT16, a_pos=host.TPosition.GM, bias=False):
    t = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    t.set_a_type(a_pos, host.CubeFormat.ND, a_dtype, False)
    t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    t.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    t.set_dim(dim)
    t.set_org_shape(m, n, k)
    t.set_shape(m, n, k)
    t.enable_bias(bias)
    t.set_buffer_space(-1, -1, -1)
    return t


@pytest.mark.parametrize("m,n,k,dim,bias", [(512, 1024, 512, 48, False), (128, 30720, 64, 24, True),
                                             (100, 37, 50, 4, False), (2048, 2048, 4096, 24, True),
                                             (16, 16, 16, 1, False)])
def test_tiling_fits_the_platform(m, n, k, dim, bias):
    tiler = _tiler(m, n, k, dim, bias=bias)
    t = asc.adv.TCubeTiling()
    assert tiler.get_tiling(t) == 0
    spec = host.get_ascendc_platform().spec
    assert (t.m, t.n, t.k_a, t.k_b, t.is_bias) == (m, n, k, k, int(bias))
    assert 1 <= t.used_core_num <= dim
    # the single-core shapes cover the problem with used_core_num cores
    assert -(-m // t.single_core_m) * -(-n // t.single_core_n) == t.used_core_num and t.single_core_k == k
    # fractal alignment, L0 with double buffers, L0C, L1, bias table
    assert t.base_m % 16 == 0 and t.base_n % 16 == 0 and t.base_k % 16 == 0
    assert t.db_l0a * t.base_m * t.base_k * 2 <= spec.l0a and t.db_l0b * t.base_n * t.base_k * 2 <= spec.l0b
    assert t.db_l0c * t.base_m * t.base_n * 4 <= spec.l0c
    l1 = (t.depth_a1 * t.base_m + t.depth_b1 * t.base_n) * t.base_k * 2 + (t.base_n * 4 if bias else 0)
    assert l1 <= spec.l1 and t.share_l1_size == l1
    assert t.depth_a1 % t.step_k_a == 0 and t.step_k_a >= 1
    if bias:
        assert t.base_n * 4 <= spec.bt
    assert (tiler.get_base_m(), tiler.get_base_n(), tiler.get_base_k()) == (t.base_m, t.base_n, t.base_k)
    assert tiler.get_single_shape() == (t.single_core_m, t.single_core_n, t.single_core_k)


def test_fixed_split_and_traverse_are_kept():
    tiler = _tiler(1024, 640, 256, 2, bias=True)
    tiler.set_fix_split(256, 128, -1)
    tiler.set_traverse(host.MatrixTraverse.FIRSTN)
    t = asc.adv.TCubeTiling()
    assert tiler.get_tiling(t) == 0
    assert (t.base_m, t.base_n, t.iterate_order) == (256, 128, 1)
    # with a fixed base the cores get whole base blocks
    assert t.single_core_m % 256 == 0 and t.single_core_n % 128 == 0


@pytest.mark.parametrize("why,tiler", [
    ("no shape", _tiler(0, 16, 16)),
    ("float32 inputs (the fractal sizes assume 16-bit)", _tiler(64, 64, 64, a_dtype=host.DataType.DT_FLOAT)),
    ("A not in GM", _tiler(64, 64, 64, a_pos=host.TPosition.VECCALC)),
])
def test_nothing_fits_is_minus_one(why, tiler):
    t = asc.adv.TCubeTiling()
    assert tiler.get_tiling(t) == -1, why
    assert t.base_m == 0  # the struct is left as it was


def test_fixed_split_too_big_is_minus_one():
    tiler = _tiler(1024, 1024, 1024)
    tiler.set_fix_split(512, 512, 64)  # 512 x 512 fp32 is 1 MiB of L0C
    assert tiler.get_tiling(asc.adv.TCubeTiling()) == -1
    small_l1 = _tiler(64, 64, 64)
    small_l1.set_buffer_space(l1_size=512)  # less than one 16 x 16 x 16 chunk of A and B
    assert small_l1.get_tiling(asc.adv.TCubeTiling()) == -1


def test_platform_follows_set_platform():
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B3)
    try:
        p = host.get_ascendc_platform()
        assert p.get_soc_version() == "Ascend910B3"
        assert (p.get_core_num_aic(), p.get_core_num_aiv()) == (20, 40)
        assert p.get_core_mem_size(host.CoreMemType.L0_C) == 128 * 1024
        assert host.PlatformAscendCManager.get_instance().get_soc_version() == "Ascend910B3"
    finally:
        config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)


def test_enum_values():
    assert (host.TPosition.GM, host.TPosition.VECCALC, host.TPosition.LCM, host.TPosition.TSCM) == (0, 11, 11, 13)
    assert (host.DataType.DT_FLOAT, host.DataType.DT_FLOAT16, host.DataType.DT_BF16) == (0, 1, 27)
    assert host.DataType.DT_BFLOAT16 is host.DataType.DT_BF16
    assert (host.MatrixTraverse.NOSET, host.MatrixTraverse.FIRSTM, host.MatrixTraverse.FIRSTN) == (0, 1, 2)


# ---- the timed Model: the vendor's tiling vs a grid of fixed base blocks -------------------
# The tiling is the vendor's algorithm (test_host_tiling_vendor.py checks it field for field),
# not a search over this Model's cost: on the timed Model it is 1.04x - 1.15x the grid's best
# (measured: 256x256x512 1.15, 512x128x256 1.04, 128x512x1024 1.08, 384x384x256 1.15; the
# vendor's fixed 128 x 256 x 64 block against 128 x 128 x 128 and the like). This test keeps
# it sane there (within 1.25x of the best, the worst grid point over 1.5x slower) - it no longer
# asks for grid optimality, which the vendor's tiling does not have on this cost model.
@pytest.mark.parametrize("m,n,k,cores", [(256, 256, 512, 2), (512, 128, 256, 2), (128, 512, 1024, 2),
                                         (384, 384, 256, 4)])
def test_vendor_tiling_near_the_grid_best(m, n, k, cores):
    a, b = np.zeros((m, k), np.float16), np.zeros((k, n), np.float16)
    c, bias = np.zeros((m, n), np.float32), np.zeros((1, n), np.float32)
    ws = np.zeros(1 << 20, np.uint8)

    def timed(t):
        # the cube-only kernel: each core its own AIC (in a mixed kernel two vector cores
        # share one, which the tiling's estimate does not count)
        with asc.profile(compute=False) as prof:
            matmul_cube_kernel[t.used_core_num](a, b, c, bias, t, ws)
        return prof.launches[-1].total_us

    chosen = timed(host_tiling(m, n, k, cores))
    grid = []
    for bm, bn, bk in itertools.product((32, 64, 128, 256), (32, 64, 128, 256), (32, 64, 128)):
        tiler = _tiler(m, n, k, cores)
        tiler.set_fix_split(bm, bn, bk)
        t = asc.adv.TCubeTiling()
        if tiler.get_tiling(t) == 0:
            grid.append((timed(t), (bm, bn, bk)))
    assert len(grid) >= 20  # fixed baseM / baseN (the vendor picks baseK) that fit
    best, worst = min(grid), max(grid)
    assert worst[0] > 1.5 * best[0]  # the search space matters: a bad tiling is much slower (1.9x - 2.3x)
    assert chosen <= 1.25 * best[0], f"chosen {chosen:.2f} us, best {best[0]:.2f} us at {best[1]}"


def test_cost_terms_are_the_timed_models():
    """The tiling's cost terms are the platform's target record, not copies: for every
    platform they follow its cycle-model parameters (the clock included)."""
    from asc.lib.host.platform import PlatformAscendC
    from asc.runtime.platforms import PLATFORMS
    pairs = {"gm_head": "gm_head_cycles", "cube_fixed": "cube_fixed_cycles", "cube_k_bpc": "cube_k_bytes_per_cycle",
             "mte1_fixed": "mte1_fixed_cycles", "mte1_l0a_bpc": "mte1_l0a_bytes_per_cycle",
             "mte1_l0b_bpc": "mte1_l0b_bytes_per_cycle", "fix_bpc": "fixpipe_bytes_per_cycle",
             "l2_write_bpc": "core_l2_write_bytes_per_cycle", "burst_overhead": "burst_overhead_bytes",
             "outstanding": "mte_outstanding_transfers", "scalar_api": "scalar_api_cycles",
             "sync_api": "sync_api_cycles"}
    for name, record in PLATFORMS.items():
        costs = asc.lib.host.MatmulApiTiling(PlatformAscendC(name)).costs
        p = record.timing
        for term, param in pairs.items():
            assert getattr(costs, term) == float(getattr(p, param)), (name, term)
        assert costs.hbm_bpc == p.hbm_bytes_per_s / (record.clock_ghz * 1e9)


def test_a_single_shape_with_more_blocks_than_cores_uses_every_core():
    # CANN's UpdateTiling: with SetSingleShape, usedCoreNum = blockDim whatever the number of
    # single-core blocks; matmul_high_performance case 6 sets 1024 x 1536 blocks of an
    # 8192 x 8192 C (8 x 6 of them) on 24 cores and gives each core two along M itself.
    t = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    t.set_dim(24)
    t.set_single_shape(1024, 1536, 8192)
    t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, True)
    t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    t.set_org_shape(8192, 8192, 8192)
    t.set_shape(8192, 8192, 8192)
    t.set_buffer_space(-1, -1, -1)
    t.set_fix_split(128, 256, 64)
    tiling = asc.adv.TCubeTiling()
    assert t.get_tiling(tiling) == 0
    assert (tiling.used_core_num, tiling.single_core_m, tiling.single_core_n, tiling.single_core_k) == \
        (24, 1024, 1536, 8192)
    assert (tiling.base_m, tiling.base_n, tiling.base_k) == (128, 256, 64)
