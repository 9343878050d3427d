"""The host matmul tiling: MatmulApiTiling, MultiCoreMatmulTiling, BatchMatmulTiling.

`get_tiling(tiling)` fills a TCubeTiling (asc.adv.TCubeTiling, or any object with
its fields as attributes) for the platform's memories (docs/host-tiling.md).

With A and B in GM (no set_single_shape, NBuffer33 / outer-product schedule or batch
layout) the struct is the vendor's: matmul_tiling_vendor ports CANN's
MatmulTilingAlgorithm (scenarios, core split, L0 / L1 factor searches, every field).

The other cases keep this module's own search:

1. Split the problem over the cores (`set_dim`): every (m_cores, n_cores) with
   m_cores * n_cores <= dim; the single-core shape is the share of M and N in
   units of 16 (or of the fixed base block, `set_fix_split`); K is not split.
2. For each split, every base block (base_m, base_n multiples of 16, base_k a
   multiple of 16, of 32 for int8) that fits L0A / L0B with double buffering and L0C
   (double-buffered when two fit), and, when C goes to the UB (VECCALC) and the
   split is not fixed, two blocks of C in the UB; and every K step (step_ka = step_kb: base_k
   tiles per GM -> L1 copy, double-buffered in L1 when two fit): the L1 depths
   and steps must fit L1 (with the bias row).
3. Each candidate gets an estimate of its time per core from the same cost
   terms as the timed Model (the GM head latency and burst efficiency of each
   copy, the cube, L1 -> L0 and fixpipe rates, the scalar issue of each call):
   the pipes overlap, so a core takes about its busiest pipe plus the first
   block's fill. The smallest estimate wins; ties go to fewer cores.
4. Nothing fits (L0 or L1 too small for a 16 x 16 x 16 block, a fixed split
   that does not fit, bad shapes): get_tiling returns -1 and leaves the struct.
"""

from __future__ import annotations

from typing import Iterable, List, Optional, Tuple

from .enums import DTYPE_BYTES, CubeFormat, DataType, MatrixTraverse, ScheduleType, TPosition
from .platform import PlatformAscendC, get_ascendc_platform
from . import matmul_tiling_vendor as _vendor

# The GM -> L1 read rate a core sees for the tiles of a matmul is the L2 port's rate
# divided by this: first touches miss to HBM and the cores share the port; the factor
# was fitted to the timed Model's MTE2 time of the Matmul (five block shapes,
# 512 x 128 x 256 on two cores; docs/host-tiling.md).
GM_READ_SHARE = 1.6


class _Costs:
    """The cost terms of the estimate (cycles; bytes per cycle): the timed Model's own
    parameters, read from the platform's target record (never copied here)."""

    def __init__(self, timing):
        t = timing
        self.gm_head = float(t.gm_head_cycles)
        self.outstanding = float(t.mte_outstanding_transfers)
        self.l2_write_bpc = float(t.core_l2_write_bytes_per_cycle)
        self.burst_overhead = float(t.burst_overhead_bytes)
        self.mte1_fixed = float(t.mte1_fixed_cycles)
        self.mte1_l0a_bpc = float(t.mte1_l0a_bytes_per_cycle)
        self.mte1_l0b_bpc = float(t.mte1_l0b_bytes_per_cycle)
        self.cube_fixed = float(t.cube_fixed_cycles)
        self.cube_k_bpc = float(t.cube_k_bytes_per_cycle)
        self.fix_bpc = float(t.fixpipe_bytes_per_cycle)
        self.scalar_api = float(t.scalar_api_cycles)
        self.sync_api = float(t.sync_api_cycles)
        self.hbm_bpc = float(t.hbm_bytes_per_s) / (float(t.clock_ghz) * 1e9)
        self.gm_read_bpc = float(t.core_l2_read_bytes_per_cycle) / GM_READ_SHARE

    def eff(self, burst: float) -> float:
        return burst / (burst + self.burst_overhead)

    def copy(self, rows: int, row_bytes: int) -> float:
        """One GM -> L1 Nd2Nz copy: its head latency (half hidden by the second transfer in
        flight) and its bytes at the read rate, with the burst overhead paid once per copy."""
        nbytes = rows * row_bytes
        return self.gm_head / self.outstanding + nbytes / (self.gm_read_bpc * self.eff(nbytes))


INT32_MIN, INT32_MAX = -2 ** 31, 2 ** 31 - 1  # the tiling struct's fields (TCubeTiling: int32_t)
_SIM_BLOCKS = 16  # blocks simulated per candidate (more are scaled from these)


def _up(x: int, a: int) -> int:
    return (x + a - 1) // a * a


def _cdiv(a: int, b: int) -> int:
    return (a + b - 1) // b


class _Type:
    __slots__ = ("pos", "fmt", "dtype", "trans")

    def __init__(self, pos=TPosition.GM, fmt=CubeFormat.ND, dtype=DataType.DT_FLOAT16, trans=False):
        self.pos, self.fmt, self.dtype, self.trans = TPosition(int(pos)), CubeFormat(int(fmt)), \
            DataType(int(dtype)), bool(trans)


class MatmulConfigParams:
    def __init__(self, mm_config_type: int = 1, enable_l1_cache_ub: bool = False,
                 schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
                 traverse: MatrixTraverse = MatrixTraverse.NOSET, en_vec_nd2nz: bool = False):
        self.mm_config_type = mm_config_type
        self.enable_l1_cache_ub = enable_l1_cache_ub
        self.schedule_type = schedule_type
        self.traverse = traverse
        self.en_vec_nd2nz = en_vec_nd2nz


class MatmulApiTiling:
    """Single-core tiling (the whole shape on one core); MultiCoreMatmulTiling adds the split."""

    def __init__(self, platform: Optional[PlatformAscendC] = None):
        self.platform = platform if platform is not None else get_ascendc_platform()
        self.a, self.b = _Type(), _Type()
        self.c = _Type(dtype=DataType.DT_FLOAT)
        self.bias_type = _Type(dtype=DataType.DT_FLOAT)
        self.m = self.n = self.k = -1
        self.shape_set = (-1, -1, -1)  # set_shape's M, N, K as given (the vendor's singleM/N/K)
        self.org_m = self.org_n = self.org_ka = self.org_kb = -1
        self.bias = False
        spec = self.platform.spec
        self.costs = _Costs(spec.timing)
        self.l1_size, self.l0a_size, self.l0b_size, self.l0c_size = spec.l1, spec.l0a, spec.l0b, spec.l0c
        self.ub_size, self.bt_size = spec.ub, spec.bt
        self.fix_m = self.fix_n = self.fix_k = -1
        self.range = (-1, -1, -1, -1, -1, -1)
        self.traverse = MatrixTraverse.NOSET
        self.db = (True, True, False, True)
        self.batch_num = 1
        self.layouts = {}
        self.dim = 1
        self.sparse = False
        self.result: Optional[dict] = None

    # ---- types and shapes ----------------------------------------------------------
    def set_a_type(self, pos, type, data_type, is_trans: bool = False) -> int:  # noqa: A002 (pyasc's names)
        self.a = _Type(pos, type, data_type, is_trans)
        return 0

    def set_b_type(self, pos, type, data_type, is_trans: bool = False) -> int:  # noqa: A002
        self.b = _Type(pos, type, data_type, is_trans)
        return 0

    def set_c_type(self, pos, type, data_type) -> int:  # noqa: A002
        self.c = _Type(pos, type, data_type)
        return 0

    def set_bias_type(self, pos, type, data_type) -> int:  # noqa: A002
        self.bias_type = _Type(pos, type, data_type)
        return 0

    def set_shape(self, m: int, n: int, k: int) -> int:
        self.m, self.n, self.k = int(m), int(n), int(k)
        self.shape_set = (self.m, self.n, self.k)
        return 0

    def set_org_shape(self, org_m: int, org_n: int, org_ka: int, org_kb: Optional[int] = None) -> int:
        """The full matrices' shapes (GM strides); also the problem's shape when set_shape is not called."""
        self.org_m, self.org_n, self.org_ka = int(org_m), int(org_n), int(org_ka)
        self.org_kb = int(org_ka if org_kb is None else org_kb)
        return 0

    def enable_bias(self, is_bias: bool = True) -> int:
        self.bias = bool(is_bias)
        return 0

    set_bias = enable_bias  # the name pyasc's docstrings use

    def set_buffer_space(self, l1_size: int = -1, l0_c_size: int = -1, ub_size: int = -1,
                         bt_size: int = -1) -> int:
        spec = self.platform.spec
        self.l1_size = spec.l1 if l1_size < 0 else int(l1_size)
        self.l0c_size = spec.l0c if l0_c_size < 0 else int(l0_c_size)
        self.ub_size = spec.ub if ub_size < 0 else int(ub_size)
        self.bt_size = spec.bt if bt_size < 0 else int(bt_size)
        return 0

    def set_fix_split(self, base_m: int = -1, base_n: int = -1, base_k: int = -1) -> int:
        self.fix_m, self.fix_n, self.fix_k = int(base_m), int(base_n), int(base_k)
        return 0

    def set_split_range(self, max_base_m: int = -1, max_base_n: int = -1, max_base_k: int = -1,
                        min_base_m: int = -1, min_base_n: int = -1, min_base_k: int = -1) -> int:
        self.range = (int(max_base_m), int(max_base_n), int(max_base_k), int(min_base_m), int(min_base_n),
                      int(min_base_k))
        return 0

    def set_traverse(self, traverse: MatrixTraverse) -> int:
        self.traverse = MatrixTraverse(int(traverse))
        return 0

    def set_mad_type(self, mad_type) -> int:
        if int(mad_type) != 0:
            return -1  # HF32 applies to float inputs, which this tiling does not size for
        return 0

    def set_double_buffer(self, a: bool, b: bool, c: bool, bias: bool, trans_nd2nz: bool = True,
                          trans_nz2nd: bool = True) -> int:
        self.db = (bool(a), bool(b), bool(c), bool(bias))
        return 0

    def set_dequant_type(self, dequant_type) -> int:
        return 0

    def set_sparse(self, is_sparse: bool) -> int:
        """Recorded only: no TCubeTiling field depends on it, and the kernel side's sparse
        matmul (set_sparse_index) is not implemented (an error there)."""
        self.sparse = bool(is_sparse)
        return 0

    def set_batch_num(self, batch_num: int) -> int:
        self.batch_num = int(batch_num)
        return 0

    def set_batch_info_for_normal(self, batch_a: int, batch_b: int, m: int, n: int, k: int) -> int:
        """The NORMAL (BMNK) batch layout: batch_a M x K matrices of A, batch_b K x N of B,
        max(batch_a, batch_b) M x N of C, recorded in the layout fields as (B, S, 1, 1, D)."""
        batch_a, batch_b, m, n, k = int(batch_a), int(batch_b), int(m), int(n), int(k)
        if min(batch_a, batch_b, m, n, k) <= 0:
            return -1
        self.layouts["a"] = (batch_a, m, 1, 1, k)
        self.layouts["b"] = (batch_b, k, 1, 1, n)
        self.layouts["c"] = (max(batch_a, batch_b), m, 1, 1, n)
        self.batch_num = max(batch_a, batch_b)
        return self.set_shape(m, n, k)

    def set_a_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        """A's batch layout axes (B, S, N, G, D): S x D is one batch's M x K."""
        self.layouts["a"] = (b, s, n, g, d)
        return 0

    def set_b_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        self.layouts["b"] = (b, s, n, g, d)
        return 0

    def set_c_layout(self, b: int, s1: int, n: int, g: int, s2: int) -> int:
        self.layouts["c"] = (b, s1, n, g, s2)
        return 0

    def set_matmul_config_params(self, params=None, enable_l1_cache_ub: bool = False,
                                 schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
                                 traverse: MatrixTraverse = MatrixTraverse.NOSET, en_vec_nd2nz: bool = False) -> None:
        """A MatmulConfigParams, or its fields (mm_config_type, enable_l1_cache_ub,
        schedule_type, traverse, en_vec_nd2nz) positionally. Returns None (CANN's is void);
        of its fields the traverse order is used."""
        if not isinstance(params, MatmulConfigParams):
            params = MatmulConfigParams(1 if params is None else int(params), enable_l1_cache_ub, schedule_type,
                                        traverse, en_vec_nd2nz)
        if int(params.traverse) != int(MatrixTraverse.NOSET):
            self.traverse = MatrixTraverse(int(params.traverse))
        self.config_params = params

    def get_base_m(self) -> int:
        """The last get_tiling's base_m; before one, the fixed split's (set_fix_split), else -1."""
        return self.result["base_m"] if self.result else self.fix_m

    def get_base_n(self) -> int:
        """The last get_tiling's base_n; before one, the fixed split's (set_fix_split), else -1."""
        return self.result["base_n"] if self.result else self.fix_n

    def get_base_k(self) -> int:
        """The last get_tiling's base_k; before one, the fixed split's (set_fix_split), else -1."""
        return self.result["base_k"] if self.result else self.fix_k

    # ---- the algorithm --------------------------------------------------------------
    def _splits(self) -> Iterable[Tuple[int, int]]:
        yield 1, 1

    def get_tiling(self, tiling) -> int:
        """Fills `tiling` (a TCubeTiling); 0 on success, -1 when no tiling fits."""
        best = self._solve()
        if best is None:
            return -1
        fields = {name: int(value) for name, value in self._fields(best).items()}
        if any(not INT32_MIN <= v <= INT32_MAX for v in fields.values()):
            return -1  # the kernel's struct holds int32 fields: a bigger shape would wrap silently
        self.result = best
        for name, value in fields.items():
            setattr(tiling, name, value)
        return 0

    def _shape_from_org(self) -> None:
        """set_org_shape alone gives the shape too (K: org_ka)."""
        if min(self.m, self.n, self.k) <= 0 and min(self.org_m, self.org_n, self.org_ka) > 0:
            self.m, self.n, self.k = self.org_m, self.org_n, self.org_ka

    def _valid_inputs(self) -> bool:
        self._shape_from_org()
        if min(self.m, self.n, self.k) <= 0:
            return False
        l1 = (TPosition.GM, TPosition.A1, TPosition.B1, TPosition.TSCM)
        if self.a.pos not in l1 or self.b.pos not in l1:
            return False  # the Model's Matmul reads A and B from GM or from the user's L1 (TSCM, A1, B1)
        if DTYPE_BYTES[self.a.dtype] != DTYPE_BYTES[self.b.dtype] or DTYPE_BYTES[self.a.dtype] not in (0.5, 1, 2, 4):
            return False  # int4, int8, 16-bit (half, bfloat16) or float inputs, A and B alike
        self.esize = DTYPE_BYTES[self.a.dtype]  # 0.5 for int4 (two elements per byte)
        self.k_unit = max(16, int(32 // self.esize))  # K in whole fractals: 16 (half, float), 32 (int8), 64 (int4)
        return True

    esize = 2
    k_unit = 16

    def _solve(self) -> Optional[dict]:
        if not self._valid_inputs():
            return None
        if _vendor.applies(self) and not isinstance(self, BatchMatmulTiling):
            # the vendor's algorithm (matmul_tiling_vendor): its struct, field for field
            r = _vendor.VendorTiling(self).solve()
            if r is not None:
                r["m_dim"], r["n_dim"] = _cdiv(self.m, r["single_m"]), _cdiv(self.n, r["single_n"])
            return r
        best = None
        seen = set()
        for mc, nc in self._splits():
            s_m, s_n = self._single(self.m, mc, self.fix_m), self._single(self.n, nc, self.fix_n)
            if (s_m, s_n) in seen:  # another split with the same single-core shape
                continue
            if self._nbuffer33() and (self.m % s_m or self.n % s_n):
                continue  # NBuffer33: M and N split evenly over the cores (_nbuffer33)
            seen.add((s_m, s_n))
            used = _cdiv(self.m, s_m) * _cdiv(self.n, s_n)
            cand = self._best_blocks(s_m, s_n, self.k, used)
            if cand is None:
                continue
            cand.update(single_m=s_m, single_n=s_n, single_k=self.k, used=used,
                        m_dim=_cdiv(self.m, s_m), n_dim=_cdiv(self.n, s_n))
            key = (round(cand["cost"]), used)
            if best is None or key < best[0]:
                best = (key, cand)
        return None if best is None else best[1]

    @staticmethod
    def _single(total: int, parts: int, fixed: int) -> int:
        return total  # one core: the whole shape

    def _choices(self, single: int, fixed: int, lo: int, hi: int, unit: int = 16) -> List[int]:
        if fixed > 0:
            # a fixed split is taken as given when it is whole 32-byte blocks of the smallest
            # type (multiples of 8); the Model refuses base sizes that are not whole fractals
            return [fixed] if fixed % 8 == 0 else []
        top = min(_up(single, unit), hi if hi > 0 else 512)
        vals = {v for v in (16, 32, 64, 96, 128, 192, 256, 384, 512) if v <= top}
        vals.add(top)  # the whole (aligned) extent: no tail block
        return sorted(v for v in vals if v >= max(unit, lo) and v % unit == 0)

    def _nbuffer33(self) -> bool:
        """ScheduleType.N_BUFFER_33 (set_matmul_config_params), NBuffer33MatmulPolicy's tiling:
        a core's A is at most 3 x 3 base blocks (singleCoreM <= 3 baseM, singleCoreK <= 3 baseK,
        the vendor's CalcNBuffer33Dims / AdjustNBuffer33L0Factors), all of it in L1 at once
        (stepM = ceil(singleCoreM / baseM), stepKa = stepKb = ceil(singleCoreK / baseK)); K is
        not split over cores; M and N are split over cores only where they split evenly (the
        vendor's matmul_nbuffer33 example sets no tail)."""
        p = getattr(self, "config_params", None)
        return p is not None and int(p.schedule_type) == int(ScheduleType.N_BUFFER_33)

    def _best_blocks(self, s_m: int, s_n: int, k: int, used: int) -> Optional[dict]:
        max_m, max_n, max_k, min_m, min_n, min_k = self.range
        best = None
        nb33 = self._nbuffer33()
        for bm in self._choices(s_m, self.fix_m, min_m, max_m):
            if nb33 and _cdiv(s_m, bm) > 3:
                continue
            for bn in self._choices(s_n, self.fix_n, min_n, max_n):
                # L0C: the base block in fp32, twice if it fits (dbL0C).
                c_bytes = bm * bn * 4
                if c_bytes > self.l0c_size or (self.bias and _up(bn, 16) * 4 > self.bt_size):
                    continue  # L0C, and the bias row in the bias table
                if self.c.pos != TPosition.GM and 2 * bm * bn * DTYPE_BYTES[self.c.dtype] > self.ub_size \
                        and not (self.fix_m > 0 and self.fix_n > 0):
                    # C fetched to the UB (VECCALC) block by block: two blocks (the double-buffered
                    # queue of pyasc's kernels) must fit it, unless the split was fixed by the caller
                    continue
                db_c = 2 if 2 * c_bytes <= self.l0c_size else 1
                for bk in self._choices(k, self.fix_k, min_k, max_k, self.k_unit):
                    # L0A / L0B: double-buffered base tiles.
                    if 2 * bm * bk * self.esize > self.l0a_size or 2 * bn * bk * self.esize > self.l0b_size:
                        continue
                    k_tiles = _cdiv(k, bk)
                    if nb33 and k_tiles > 3:
                        continue
                    for step in sorted({1, 2, 4, 8, 16, k_tiles}):
                        if step > k_tiles or (nb33 and step != k_tiles):
                            continue
                        fit = self._fit_l1(bm, bn, bk, step)
                        if fit is None:
                            continue
                        depth = fit
                        cost = self._cost(s_m, s_n, k, bm, bn, bk, step, depth, db_c, used,
                                          best["cost"] if best else float("inf"))
                        if best is None or cost < best["cost"]:
                            best = dict(base_m=bm, base_n=bn, base_k=bk, step=step, depth=depth, db_c=db_c,
                                        cost=cost)
                            if nb33:
                                best["step_m"] = _cdiv(s_m, bm)
        return best

    def _fit_l1(self, bm: int, bn: int, bk: int, step: int) -> Optional[int]:
        """The L1 depth (chunks of `step` base_k tiles kept per matrix: 2 = double buffer) that fits."""
        bias = _up(bn, 16) * 4 if self.bias else 0
        chunk = (_up(bm, 16) + _up(bn, 16)) * step * bk * self.esize
        for depth in (2, 1):
            if depth * chunk + bias <= self.l1_size:
                return depth
        return None

    def _chunk_times(self, ml: int, nl: int, kc: int, bk: int):
        """(copy, compute, scalar) cycles of one L1 chunk of a ml x nl block covering kc of K:
        the GM -> L1 copies of A and B; its base_k tiles through MTE1 and the cube, which
        overlap tile by tile (two L0 buffers): the slower plus one tile of the other; the
        scalar unit's issue of its calls and flags."""
        m16, n16 = _up(ml, 16), _up(nl, 16)
        e = self.esize
        c = self.costs
        copy = (c.copy(ml, kc * e) if not self.a.trans else c.copy(kc, ml * e)) + \
               (c.copy(kc, nl * e) if not self.b.trans else c.copy(nl, kc * e))
        tiles = _extents(kc, bk)
        t1 = sum(n * ((m16 // 16) * (c.mte1_fixed + _up(kl, 16) * 16 * e / c.mte1_l0a_bpc)
                      + (n16 // 16) * (c.mte1_fixed + _up(kl, 16) * 16 * e / c.mte1_l0b_bpc)) for kl, n in tiles)
        tc = sum(n * (c.cube_fixed + (m16 * n16 / 256.0) * (kl * e / c.cube_k_bpc)) for kl, n in tiles)
        ntiles = sum(n for _, n in tiles)
        scalar = (2 + ntiles * (m16 // 16 + n16 // 16 + 1)) * c.scalar_api + (4 + 4 * ntiles) * c.sync_api
        return copy, max(t1, tc) + min(t1, tc) / ntiles, scalar

    def _cost(self, s_m, s_n, k, bm, bn, bk, step, depth, db_c, used, limit=float("inf")) -> float:
        """Estimated cycles of one core: a pipeline of its blocks at the granularity of one
        L1 chunk (see the module doc). Per chunk: the copies of A and B (MTE2), then its
        tiles (MTE1 + cube); per block: the fixpipe out. A chunk's copy may start while
        `depth` chunks are in L1, a block's first Mmad once `db_c` L0C buffers allow.
        The identical middle chunks of a block are not stepped one by one: once the
        pipeline is in its steady state each adds its bottleneck time. Returns inf as soon
        as a lower bound exceeds `limit` (a candidate that cannot win)."""
        kinds = [(ml, nl, cm * cn) for ml, cm in _extents(s_m, bm) for nl, cn in _extents(s_n, bn)]
        chunk_k = step * bk
        chunks = _extents(k, chunk_k)
        times = {(ml, nl, kc): self._chunk_times(ml, nl, kc, bk) for ml, nl, _ in kinds for kc, _ in chunks}
        # lower bound: the busier of MTE2 and the cube path, over all blocks
        lower = sum(cnt * sum(c * max(times[(ml, nl, kc)][0], times[(ml, nl, kc)][1]) for kc, c in chunks)
                    for ml, nl, cnt in kinds)
        if lower > limit:
            return float("inf")
        total = sum(cnt for _, _, cnt in kinds)
        scale = max(1.0, total / _SIM_BLOCKS)
        order = []
        for ml, nl, cnt in kinds:
            order += [(ml, nl)] * max(1, round(cnt / scale))
        ub_out = self.c.pos != TPosition.GM
        c = self.costs
        load_free = [0.0] * depth
        fix_free = [0.0] * db_c
        mte2 = comp = fix = scalar = 0.0
        nload = 0
        for bi, (ml, nl) in enumerate(order):
            c_slot = bi % db_c
            first = True
            for kc, cnt in chunks:
                copy, work, sc = times[(ml, nl, kc)]
                scalar += cnt * sc
                stepped = min(cnt, 2 * depth)
                for _ in range(stepped):
                    slot = nload % depth
                    nload += 1
                    mte2 = max(mte2, load_free[slot]) + copy
                    start = max(comp, mte2)
                    if first:
                        start = max(start, fix_free[c_slot])
                        first = False
                    comp = start + work
                    load_free[slot] = comp
                if cnt > stepped:  # steady state: every further chunk adds the bottleneck
                    per = max(copy, work) if depth > 1 else copy + work
                    extra = (cnt - stepped) * per
                    mte2 += extra
                    comp += extra
                    load_free = [t + extra for t in load_free]
            out = ml * nl * 4
            # Fixpipe to GM: one transfer (its head latency) at the L2 write rate
            tf = (c.mte1_fixed + out / c.fix_bpc) if ub_out else c.gm_head + out / c.l2_write_bpc
            fix = max(fix, comp) + tf
            fix_free[c_slot] = fix
        core = max(fix, scalar) * scale
        # The chip's HBM bandwidth shared by all cores (first reads of A and B).
        hbm = (self.m * k + k * self.n) * self.esize / self.costs.hbm_bpc
        return max(core, hbm)

    def _fields(self, r: dict) -> dict:
        if "vendor" in r:
            return self._vendor_fields(r)
        order = {MatrixTraverse.FIRSTN: 1}.get(self.traverse, 0)
        org_ka = self.org_ka if self.org_ka > 0 else self.k
        org_kb = self.org_kb if self.org_kb > 0 else self.k
        return dict(
            used_core_num=r["used"], m=self.org_m if self.org_m > 0 else self.m,
            n=self.org_n if self.org_n > 0 else self.n, k_a=org_ka, k_b=org_kb,
            single_core_m=r["single_m"], single_core_n=r["single_n"], single_core_k=r["single_k"],
            base_m=r["base_m"], base_n=r["base_n"], base_k=r["base_k"],
            depth_a1=r["depth"] * r["step"], depth_b1=r["depth"] * r["step"], step_m=r.get("step_m", 1), step_n=1,
            is_bias=int(self.bias), trans_length=0, iterate_order=order, share_mode=0,
            share_l1_size=r["depth"] * (_up(r["base_m"], 16) + _up(r["base_n"], 16)) * r["step"] * r["base_k"]
            * self.esize + (_up(r["base_n"], 16) * 4 if self.bias else 0),
            share_l0c_size=r["base_m"] * r["base_n"] * 4 * r["db_c"], share_ub_size=0,
            batch_m=1, batch_n=1, single_batch_m=1, single_batch_n=1, step_k_a=r["step"], step_k_b=r["step"],
            depth_a_l1_cache_ub=0, depth_b_l1_cache_ub=0, db_l0a=2, db_l0b=2, db_l0c=r["db_c"],
            batch_num=self.batch_num, **self._layout_fields())

    def _vendor_fields(self, r: dict) -> dict:
        """The struct of the vendor's SPLIT_MN path (matmul_tiling_vendor): its own fields."""
        names = ("single_m", "single_n", "single_k", "base_m", "base_n", "base_k", "depth_a1", "depth_b1", "step_m",
                 "step_n", "step_ka", "step_kb", "iterate_order", "db_l0a", "db_l0b", "db_l0c", "share_l1_size",
                 "share_l0c_size", "share_ub_size", "trans_length")
        out = {("single_core_" + n[len("single_"):] if n.startswith("single_") else n): r[n] for n in names}
        out["step_k_a"], out["step_k_b"] = out.pop("step_ka"), out.pop("step_kb")
        org_ka = self.org_ka if self.org_ka > 0 else self.k
        org_kb = self.org_kb if self.org_kb > 0 else self.k
        out.update(used_core_num=r["used"], m=self.org_m if self.org_m > 0 else self.m,
                   n=self.org_n if self.org_n > 0 else self.n, k_a=org_ka, k_b=org_kb, is_bias=int(self.bias),
                   share_mode=0, batch_m=1, batch_n=1, single_batch_m=1, single_batch_n=1, depth_a_l1_cache_ub=0,
                   depth_b_l1_cache_ub=0, batch_num=self.batch_num, **self._layout_fields())
        return out

    def _layout_fields(self) -> dict:
        """set_a/b/c_layout (or set_batch_info_for_normal): the *_layout_info_* fields, 0 when unset."""
        out = {}
        for side, names in (("a", "bsngd"), ("b", "bsngd"), ("c", ("b", "s1", "n", "g", "s2"))):
            vals = self.layouts.get(side, (0, 0, 0, 0, 0))
            for name, v in zip(names, vals):
                out[f"{side}_layout_info_{name}"] = int(v)
        return out


def _extents(total: int, block: int):
    """(length, count) of the full blocks and the tail of `total` in blocks of `block`."""
    full, tail = divmod(total, block)
    out = []
    if full:
        out.append((block, full))
    if tail:
        out.append((tail, 1))
    return out


class MultiCoreMatmulTiling(MatmulApiTiling):
    """Tiling over `set_dim` cores: the single-core shapes as well as the blocks."""

    def __init__(self, platform: Optional[PlatformAscendC] = None):
        super().__init__(platform)
        self.dim = 1  # the vendor's blockDim before SetDim (its constructor's)
        self.single = (-1, -1, -1)
        self.single_range = None
        self.align = (1, 1, 1)
        self.split_k = False

    def set_dim(self, dim: int) -> int:
        """The cores the tiling may use: 1 .. INT32_MAX (CANN's int32_t; -1 outside)."""
        if not 0 < int(dim) <= INT32_MAX:
            return -1
        self.dim = int(dim)
        return 0

    def get_core_num(self):
        """(cores used, cores along M, cores along N) of the last get_tiling; None before one."""
        if not self.result:
            return None
        return self.result["used"], self.result["m_dim"], self.result["n_dim"]

    def set_single_shape(self, single_m: int = -1, single_n: int = -1, single_k: int = -1) -> int:
        self.single = (int(single_m), int(single_n), int(single_k))
        return 0

    def set_single_range(self, max_m=-1, max_n=-1, max_k=-1, min_m=-1, min_n=-1, min_k=-1) -> int:
        self.single_range = (max_m, max_n, max_k, min_m, min_n, min_k)
        return 0

    def set_align_split(self, align_m: int, align_n: int, align_k: int) -> int:
        self.align = (max(1, int(align_m)), max(1, int(align_n)), max(1, int(align_k)))
        return 0

    def enable_multi_core_split_k(self, flag: bool) -> None:
        """Recorded (CANN's returns nothing); K is never split over cores by this tiling."""
        self.split_k = bool(flag)

    def get_single_shape(self):
        if not self.result:
            return None
        return self.result["single_m"], self.result["single_n"], self.result["single_k"]

    def _splits(self):
        s_m, s_n, _ = self.single
        if s_m > 0 or s_n > 0:  # the caller fixed the single-core shape
            yield (_cdiv(self.m, s_m) if s_m > 0 else 1), (_cdiv(self.n, s_n) if s_n > 0 else 1)
            return
        # An operand in L1 (TSCM, A1, B1) is the kernel's own copy of the whole matrix there
        # (the vendor's matmul_tscm copies all of A): its side (M for A, N for B) is not split.
        a_l1, b_l1 = self.a.pos != TPosition.GM, self.b.pos != TPosition.GM
        if a_l1 or b_l1:
            for parts in range(1, (1 if a_l1 and b_l1 else self.dim) + 1):
                yield (1, parts) if a_l1 else (parts, 1)
            return
        # Using fewer cores than fit is never faster in the estimate (cores run in
        # parallel), so each m_cores takes as many n_cores as the rest allows, and
        # the transposed choice too.
        # Beyond as many M cores as M has 16-row units, a split repeats the single-core M of
        # fewer cores: only the distinct n_cores (dim // mc takes O(sqrt(dim)) values) are
        # new, each first reached at its smallest mc. (A loop over every mc up to a huge
        # set_dim, e.g. 2**32, would take hours and all memory.)
        cap = min(self.dim, max(1, _cdiv(self.m, 16)))
        for mc in range(1, cap + 1):
            yield mc, self.dim // mc
        mc = cap + 1
        while mc <= self.dim:
            q = self.dim // mc
            yield mc, q
            mc = self.dim // q + 1

    def _solve(self):
        s_m, s_n, s_k = self.single
        if s_m > 0 or s_n > 0 or s_k > 0:
            if not self._valid_inputs():
                return None
            sm = s_m if s_m > 0 else self.m
            sn = s_n if s_n > 0 else self.n
            sk = s_k if s_k > 0 else self.k
            # With a single-core shape set, CANN's UpdateTiling takes usedCoreNum = blockDim
            # (set_dim) whatever the blocks number: a kernel may give a core more than one
            # single-core block itself (matmul_high_performance case 6: 8 x 6 blocks of
            # 1024 x 1536 on 24 cores, two each along M).
            used = self.dim
            cand = self._best_blocks(sm, sn, sk, used)
            if cand is None:
                return None
            cand.update(single_m=sm, single_n=sn, single_k=sk, used=used, m_dim=_cdiv(self.m, sm),
                        n_dim=_cdiv(self.n, sn))
            return cand
        return super()._solve()

    @staticmethod
    def _single(total: int, parts: int, fixed: int) -> int:
        unit = fixed if fixed > 0 else 16
        return min(_cdiv(_cdiv(total, unit), parts) * unit, _up(total, unit))


class BatchMatmulTiling(MultiCoreMatmulTiling):
    """Batched matmul (the kernel's iterate_batch): the per-batch blocks of
    MultiCoreMatmulTiling, the layouts and batch_num in the struct. It runs on one core
    unless set_dim says otherwise (each core then takes a share of every batch's M x N)."""

    def __init__(self, platform: Optional[PlatformAscendC] = None):
        super().__init__(platform)
        self.dim = 1

    def get_core_num(self):
        """(cores used, cores along M, cores along N, batch cores along M, along N); the
        batches are not split over cores, so the last two are 1."""
        r = super().get_core_num()
        return None if r is None else r + (1, 1)


__all__ = ["MatmulApiTiling", "MultiCoreMatmulTiling", "BatchMatmulTiling", "MatmulConfigParams"]
