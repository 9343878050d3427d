"""The vendor's multi-core decisions of the matmul host tiling (CANN's MatmulTilingAlgorithm),
ported so that MultiCoreMatmulTiling.get_tiling gives the vendor's answer (docs/host-tiling.md).

What is ported (the functions named are the vendor's, in impl/adv_api/tiling/matmul):
- the multi-core scenario (GetMultiCoreScenario): SPLIT_MN, SPLIT_SMALL_MN or OTHERS;
- SPLIT_MN / SPLIT_SMALL_MN (DoMultiCoreSplitMNTiling): the core split by compute intensity
  (CalcMultiCoreDims, CalcMultiCoreDimsSmallShape), the fixed base block
  (GetMultiCoreBasicBlock, UpdateBaseBlock), the L1 depths and K steps (CalcL1Tiling,
  UpdateStepK) and the rest of the struct (UpdateTiling: GetIteratorOrder, UpdateDepthB1,
  AdjustFloatL1Factor, GetUsedSize): every field is the vendor's;
- OTHERS (GetDims): the core split by load size (NonFactorMap, PreProcessMiniShape,
  GenDimsMapFactors, GetDimsHelper, CalcLoadSize, FindBestSingleCore, UpdateMultiCore) and
  the single-core shape (GetSingleShape). The base blocks of this path (the vendor's
  GetL0Factors / GetL1Factors) are not ported: matmul_tiling.py's own search picks them for
  the vendor's single-core shape.

The vendor sorts its candidates with std::sort and a comparator that ties often (equal
intensities); which tied candidate comes first is the library's sort order, so `std_sort`
reproduces libstdc++'s introsort, and the scores are float32 as in the vendor's code.
"""

from __future__ import annotations

import math
from typing import Callable, List, Optional, Tuple

from . import matmul_tiling_vendor_l0l1 as _l0l1
# the vendor's float scores, fractal sizes and integer helpers (math_util), shared with the L0/L1 searches
from .matmul_tiling_vendor_l0l1 import C0, C0_BYTES, F32, align, align_down, cdiv  # noqa: F401
from .enums import DataType, ScheduleType, TPosition

DB_ON, DB_OFF = 2, 1
L0_SIZE = 64 * 1024  # the vendor's fixed L0A/L0B size for the small-shape baseK
DATA_COPY_ALIGN = 256  # bytes a single-core shape is aligned to for full GM bursts
MN_LIMIT, M_LIMIT = 26214, 128  # 128 * 256 * 0.8 elements per core: the SPLIT_MN threshold
MAX_BIAS_N = 16 * C0  # the bias table's limit on baseN
BAND_WIDTH_TAB = {128: F32(2), 192: F32(2.7), 256: F32(1), 320: F32(2), 384: F32(1.5), 448: F32(1.7),
                  512: F32(1)}  # (columns, GM bandwidth ratio) of the small-shape cost
MAX_BAND_WIDTH_RATIO = F32(4)
BAND_LIMIT_MAX_CORENUM = 20
MATMUL_EPSILON = F32(1.0e-4)
MEMORY_EPSILON = F32(0.05)

SPLIT_MN, SPLIT_SMALL_MN, OTHERS = "SPLIT_MN", "SPLIT_SMALL_MN", "OTHERS"

_BITS = {DataType.DT_FLOAT: 32, DataType.DT_FLOAT16: 16, DataType.DT_BF16: 16, DataType.DT_INT8: 8,
         DataType.DT_UINT8: 8, DataType.DT_INT16: 16, DataType.DT_UINT16: 16, DataType.DT_INT32: 32,
         DataType.DT_UINT32: 32, DataType.DT_INT64: 64, DataType.DT_UINT64: 64, DataType.DT_INT4: 4}


def bits(dtype) -> int:
    return _BITS[DataType(int(dtype))]


# ---- math_util ---------------------------------------------------------------------
def map_shape(shape: int, round_up: bool = True) -> int:
    """MapShape: a count of fractals onto a power of two (16 .. 1024): the largest seed with
    seed < shape <= 2 * seed, doubled when rounding up; below 16 the shape itself."""
    seed = 16
    if shape < seed:
        return shape
    while seed < 1024:
        if seed < shape <= seed * 2:
            break
        seed *= 2
    return seed * 2 if round_up else seed


def factor_cnt(shape: int, start: int, end: int) -> int:
    n = 0
    for i in range(start, end + 1):
        if shape < i:
            break
        if shape % i == 0:
            n += 1
    return n


def factor_layer_cnt(shape: int, start: int, end: int) -> int:
    best = 0
    for f in range(end, start - 1, -1):
        if shape % f == 0:
            best = max(best, factor_cnt(f, 1, f + 1))
    return best


def check_factor_num_satisfy(dim: int) -> bool:
    if dim <= 8:
        return True
    l0 = factor_layer_cnt(dim, 1, 64)
    l1 = factor_layer_cnt(dim, 65, 128) if dim > 128 else 0
    return not (l0 <= 2 or (dim > 128 and l0 + l1 <= 4))


def find_best_single_core(ori: int, mapped: int, cores: int, is_k: bool) -> int:
    """FindBestSingleCore: a core's share of `ori` fractals, moved towards the mapped shape's
    share until it has enough factors for the L0/L1 splits."""
    if is_k:
        return cdiv(ori if ori % cores == 0 else mapped, cores)
    if cores == 1 and check_factor_num_satisfy(ori):
        return ori
    best, target = cdiv(ori, cores), cdiv(mapped, cores)
    while best != target:
        if check_factor_num_satisfy(best):
            return best
        best += 1 if best < target else -1
    return best


def factor_pairs(n: int) -> List[Tuple[int, int]]:
    return [(i, n // i) for i in range(1, n + 1) if n % i == 0]


# ---- libstdc++'s std::sort (introsort + final insertion sort) -------------------------
def std_sort(a: list, less: Callable) -> None:
    """Sorts `a` in place in the exact order libstdc++'s std::sort gives, ties included."""
    n = len(a)
    if n < 2:
        return
    _introsort(a, 0, n, 2 * (n.bit_length() - 1), less)
    if n > 16:
        _insertion(a, 0, 16, less)
        for i in range(16, n):
            _linear_insert(a, i, less)
    else:
        _insertion(a, 0, n, less)


def _introsort(a, first, last, depth, less):
    while last - first > 16:
        if depth == 0:
            _heap_sort(a, first, last, less)
            return
        depth -= 1
        mid = first + (last - first) // 2
        _median_to_first(a, first, first + 1, mid, last - 1, less)
        cut = _partition(a, first + 1, last, first, less)
        _introsort(a, cut, last, depth, less)
        last = cut


def _median_to_first(a, result, x, y, z, less):
    if less(a[x], a[y]):
        if less(a[y], a[z]):
            pick = y
        elif less(a[x], a[z]):
            pick = z
        else:
            pick = x
    elif less(a[x], a[z]):
        pick = x
    elif less(a[y], a[z]):
        pick = z
    else:
        pick = y
    a[result], a[pick] = a[pick], a[result]


def _partition(a, first, last, pivot, less):
    while True:
        while less(a[first], a[pivot]):
            first += 1
        last -= 1
        while less(a[pivot], a[last]):
            last -= 1
        if not first < last:
            return first
        a[first], a[last] = a[last], a[first]
        first += 1


def _insertion(a, first, last, less):
    for i in range(first + 1, last):
        if less(a[i], a[first]):
            v = a[i]
            a[first + 1:i + 1] = a[first:i]
            a[first] = v
        else:
            _linear_insert(a, i, less)


def _linear_insert(a, i, less):
    v = a[i]
    while less(v, a[i - 1]):
        a[i] = a[i - 1]
        i -= 1
    a[i] = v


def _heap_sort(a, first, last, less):
    """std::partial_sort(first, last, last): make_heap then sort_heap (libstdc++'s sift)."""
    n = last - first

    def adjust(hole, length, value):
        top = hole
        child = hole
        while child < (length - 1) // 2:
            child = 2 * (child + 1)
            if less(a[first + child], a[first + child - 1]):
                child -= 1
            a[first + hole] = a[first + child]
            hole = child
        if length % 2 == 0 and child == (length - 2) // 2:
            child = 2 * (child + 1)
            a[first + hole] = a[first + child - 1]
            hole = child - 1
        parent = (hole - 1) // 2
        while hole > top and less(a[first + parent], value):
            a[first + hole] = a[first + parent]
            hole = parent
            parent = (hole - 1) // 2
        a[first + hole] = value

    for parent in range((n - 2) // 2, -1, -1):
        adjust(parent, n, a[first + parent])
    for end in range(n - 1, 0, -1):
        v = a[first + end]
        a[first + end] = a[first]
        adjust(0, end, v)


# ---- the candidates' scores ----------------------------------------------------------
class _Intensity:
    """ComputeIntensity / ComputeIntensitySmallShape: a (mDim, nDim) candidate's score."""
    __slots__ = ("dims", "cycle", "intensity", "band", "memory", "block")

    def __init__(self, dims, cycle, intensity, band, memory=F32(0), block=None):
        self.dims, self.cycle, self.intensity, self.band = dims, cycle, intensity, band
        self.memory, self.block = memory, block


def _less_split_mn(x: _Intensity, y: _Intensity) -> bool:
    # higher intensity first; within 1 % of the cycles the higher band ratio; else fewer cycles
    if abs(F32(x.intensity - y.intensity)) > MATMUL_EPSILON:
        return bool(x.intensity > y.intensity)
    if abs(F32(x.cycle - y.cycle)) < F32(F32(0.01) * y.cycle):
        return bool(x.band > y.band)
    return bool(x.cycle < y.cycle)


def _less_small(x: _Intensity, y: _Intensity) -> bool:
    # less GM traffic first (beyond 5 %); then as above, the intensity deciding last
    if abs(F32(y.memory - x.memory)) > F32(MEMORY_EPSILON * x.memory):
        return bool(x.memory < y.memory)
    if abs(F32(x.cycle - y.cycle)) < F32(F32(0.01) * y.cycle):
        return bool(x.band > y.band)
    return bool(x.intensity > y.intensity)


class VendorTiling:
    """The vendor's algorithm over the settings of a MultiCoreMatmulTiling `t` (read only)."""

    def __init__(self, t):
        self.t = t
        self.a_bits, self.b_bits = bits(t.a.dtype), bits(t.b.dtype)
        self.c_bytes = max(1, bits(t.c.dtype) // 8)
        self.bias_bits = bits(t.bias_type.dtype)
        self.a_trans, self.b_trans = t.a.trans, t.b.trans
        self.single_m, self.single_n, self.single_k = t.shape_set
        if min(t.org_m, t.org_n, t.org_ka) <= 0:  # SetShape alone gives the original shape too
            self.org_m, self.org_n, self.org_ka, self.org_kb = t.m, t.n, t.k, t.k
        else:
            self.org_m, self.org_n, self.org_ka, self.org_kb = t.org_m, t.org_n, t.org_ka, t.org_kb
        self.blocks = t.dim  # numOfBlock_
        self.base_m, self.base_n, self.base_k = t.fix_m, t.fix_n, t.fix_k
        self.l1, self.l0a, self.l0b, self.l0c = t.l1_size, t.l0a_size, t.l0b_size, t.l0c_size
        self.bias = t.bias
        self.a2 = t.platform.spec.family == "A2"  # the vendor's ASCEND910B family
        self.split_k = getattr(t, "split_k", False)
        self.reduce = C0_BYTES * 8 // self.a_bits  # K elements per fractal
        # FillParam: the problem in fractals (16 rows; K in reduce blocks) and its mapping
        self.m32 = cdiv(self.get_single_m(), C0)
        self.n32 = cdiv(self.get_single_n(), C0)
        self.k32 = cdiv(self.get_single_k(), self.reduce)
        self.m_mapped, self.n_mapped = map_shape(self.m32, True), map_shape(self.n32, True)
        self.k_mapped = map_shape(self.k32, True)

    def get_single_m(self):
        return self.single_m if self.single_m != -1 else self.org_m

    def get_single_n(self):
        return self.single_n if self.single_n != -1 else self.org_n

    def get_single_k(self):
        return self.single_k if self.single_k != -1 else self.org_ka

    def c0_size(self) -> int:  # GetC0Size: K elements of a fractal by A's type
        dt = DataType(int(self.t.a.dtype))
        return {DataType.DT_FLOAT: 8, DataType.DT_INT8: 32, DataType.DT_INT4: 64}.get(dt, 16)

    # ---- checks before the algorithm (CheckSetParam, CheckBaseMN) -------------------
    def params_ok(self) -> bool:
        bm, bn, bk = self.base_m, self.base_n, self.base_k
        if bm != -1 and bk != -1 and bm * bk * self.a_bits // 8 > self.l0a:
            return False
        if bk != -1 and bn != -1 and bk * bn * self.b_bits // 8 > self.l0b:
            return False
        if bm != -1 and bn != -1 and bm * bn * 4 > self.l0c:
            return False
        if self.bias and bn > MAX_BIAS_N and self.a2:
            return False  # the bias table holds 256 columns
        if bm != -1 and bn != -1:
            return bm * bn * 4 <= self.l0c and bm * C0_BYTES <= self.l0a and bn * C0_BYTES <= self.l0b
        if bm != -1:
            return bm * C0 * 4 <= self.l0c and bm * C0_BYTES <= self.l0a
        if bn != -1:
            return bn * C0 * 4 <= self.l0c and bn * C0_BYTES <= self.l0b
        return True

    def scenario(self) -> str:
        if not self.a2 or self.split_k or self.single_m != -1 or self.single_n != -1:
            return OTHERS  # set_shape's M or N makes it OTHERS (the vendor's condition)
        if self.org_m >= M_LIMIT and self.org_m * self.org_n > MN_LIMIT * self.blocks:
            return SPLIT_MN
        if self.org_m * self.org_n < MN_LIMIT * self.blocks:
            return SPLIT_SMALL_MN
        return OTHERS

    # ---- SPLIT_MN / SPLIT_SMALL_MN ---------------------------------------------------
    def _align_single(self, need: bool, org: int, factor: int, unit: int) -> Tuple[bool, int]:
        """AlignSingleShape: a core's share of `org`, aligned up to `unit` when that still
        leaves work for every core; (aligned or not needed, share)."""
        share = cdiv(org, factor)
        if not need or unit == 0 or factor <= 1:
            return True, share
        aligned = align(share, unit)
        if aligned >= cdiv(org, factor - 1):
            return False, share
        return True, aligned

    def _basic_block(self):
        """GetMultiCoreBasicBlock: 128 (256 with a 256 KiB L0C) x 256 x 128 bytes of K; the fixed
        split's baseM / baseN replace it (its baseK does not)."""
        bm = 256 if self.l0c == 262144 else 128
        block = [bm, 256, 128 * 8 // self.a_bits]
        if self.base_m != -1:
            block[0] = self.base_m
        if self.base_n != -1:
            block[1] = self.base_n
        if self.a_trans and self.b_trans:
            block[0] = block[0] if self.base_m != -1 else 256
            block[1] = block[1] if self.base_n != -1 else 128
        return block

    def _block_cycles(self, bm, bn, bk):
        return F32(F32(bm * bn * bk) / F32(C0 * C0 * (C0_BYTES * 8 // self.a_bits)))

    def _traffic(self, bm, bn, bk, ra=F32(1), rb=F32(1)):
        a = F32(F32(F32(F32(ra * F32(bm)) * F32(bk)) * F32(self.a_bits)) / F32(8))
        b = F32(F32(F32(F32(rb * F32(bn)) * F32(bk)) * F32(self.b_bits)) / F32(8))
        return F32(a + b)

    def _total(self, sm, sn, block, ratio, ra=F32(1), rb=F32(1)):
        """CalcTotalCycleMemory summed: the main blocks and the M / N tails."""
        bm, bn, bk = block
        main_m, tail_m = divmod(sm, bm) if bm else (0, 0)
        main_n, tail_n = divmod(sn, bn) if bn else (0, 0)
        parts = []
        if main_m > 0 and main_n > 0:
            parts.append((bm, bn, main_m * main_n))
        if main_m > 0 and tail_n > 0:
            parts.append((bm, tail_n, main_m))
        if tail_m > 0 and main_n > 0:
            parts.append((tail_m, bn, main_n))
        if tail_m > 0 and tail_n > 0:
            parts.append((tail_m, tail_n, 1))
        cycles = memory = F32(0)
        for pm, pn, cnt in parts:
            cycles = F32(cycles + F32(self._block_cycles(pm, pn, bk) * F32(cnt)))
            memory = F32(memory + F32(F32(F32(ratio) * self._traffic(pm, pn, bk, ra, rb)) * F32(cnt)))
        return cycles, memory

    def _band_ratio(self, md, nd, block):
        n = self.blocks
        return F32(F32((n - md) * block[0] + (n - nd) * block[1]) / F32((block[0] + block[1]) * n))

    def _units(self):
        return DATA_COPY_ALIGN * 8 // self.a_bits, DATA_COPY_ALIGN * 8 // self.b_bits

    def _intensity(self, block, dims) -> _Intensity:
        """CalcComputeIntensity (SPLIT_MN)."""
        md, nd = dims
        a_unit, b_unit = self._units()
        ok_a, sm = self._align_single(self.a_trans and self.org_m % a_unit == 0, self.org_m, md, a_unit)
        ok_b, sn = self._align_single(not self.b_trans and self.org_n % b_unit == 0, self.org_n, nd, b_unit)
        cycles, memory = self._total(sm, sn, block, 1 if ok_a and ok_b else 2)
        inten = F32(cycles / memory) if memory > 0 else F32(0)
        return _Intensity(dims, cycles, inten, self._band_ratio(md, nd, block))

    def _update_base_block(self, sm, sn, block):
        """UpdateBaseBlock (small shapes): baseM up to 128, baseN up to 256 (384 for thin K x M)."""
        block[2] = min(block[2], align(self.org_ka, 32))
        block[0] = 128 if sm >= 128 else align(sm, 16)
        max_n = 384 if block[2] <= 32 and block[0] <= 64 else 256
        block[1] = max_n if sn >= max_n else align(sn, 16)

    @staticmethod
    def _small_aligned(org, unit):  # IsOrgShapeAlign(isSmallShape): a multiple of a table width
        return unit != 0 and any(org % w == 0 for w in BAND_WIDTH_TAB)

    def _intensity_small(self, block, dims) -> _Intensity:
        """CalcComputeIntensitySmallShape: updates `block` (the vendor passes it by reference)."""
        md, nd = dims
        a_unit, b_unit = self._units()
        ok_a, sm = self._align_single(self.a_trans and self._small_aligned(self.org_m, a_unit), self.org_m, md,
                                      a_unit)
        ok_b, sn = self._align_single(not self.b_trans and self._small_aligned(self.org_n, b_unit), self.org_n,
                                      nd, b_unit)
        self._update_base_block(sm, sn, block)
        ra = F32(1) if ok_a else BAND_WIDTH_TAB.get(sm, MAX_BAND_WIDTH_RATIO)
        rb = F32(1) if ok_b else BAND_WIDTH_TAB.get(sn, MAX_BAND_WIDTH_RATIO)
        rate = md * nd
        if sm < 32 and sn < 32 and rate > BAND_LIMIT_MAX_CORENUM:
            rate = BAND_LIMIT_MAX_CORENUM
        rate = rate or 1
        ratio = F32(F32(md * nd) / F32(rate))
        band = self._band_ratio(md, nd, block)
        cycles, memory = self._total(sm, sn, block, ratio, ra, rb)
        inten = F32(cycles / memory) if memory > 0 else F32(0)
        return _Intensity(dims, cycles, inten, band, memory, list(block))

    def _dims_split_mn(self, block):
        res = [self._intensity(block, f) for f in factor_pairs(self.blocks)]
        std_sort(res, _less_split_mn)
        return res[0].dims

    def _dims_small(self, block):
        n = self.blocks
        if self.org_m <= 128 and self.org_n >= 128 * n:
            dims = (1, n)
            self._update_base_block(self.org_m, self.org_n // n, block)
        elif self.org_n <= 256 and self.org_m >= 128 * n:
            dims = (n, 1)
            self._update_base_block(self.org_m // n, self.org_n, block)
        else:
            res = []
            for i in range(n, 0, -1):
                for f in factor_pairs(i):
                    res.append(self._intensity_small(block, f))
            std_sort(res, _less_small)
            dims = res[0].dims
            block[:] = res[0].block
        elements = L0_SIZE // DB_ON * 8 // self.a_bits
        k = min(elements // block[0], elements // block[1])
        block[2] = min(align_down(k, self.c0_size()), align(self.org_ka, self.c0_size()))
        return dims

    # A's and B's L1 tile shapes (GetA/BBaseHeight/WidthAlign): float and 8/4-bit types pad
    def _a_h(self, h):
        dt = DataType(int(self.t.a.dtype))
        if dt == DataType.DT_FLOAT:
            return align(h, C0)
        if self.a_bits in (8, 4) and self.a_trans:
            return align(h, C0_BYTES * 8 // self.a_bits)
        return h

    def _a_w(self, w):
        dt = DataType(int(self.t.a.dtype))
        if dt == DataType.DT_FLOAT and self.a_trans:
            return align(w, C0)
        if dt == DataType.DT_FLOAT or self.a_bits in (8, 4):
            return align(w, C0_BYTES * 8 // self.a_bits)
        return w

    def _b_h(self, h):
        dt = DataType(int(self.t.b.dtype))
        if dt == DataType.DT_FLOAT and not self.b_trans:
            return align(h, C0)
        if self.b_bits in (8, 4):
            return align(h, C0_BYTES * 8 // self.b_bits)
        return h

    def _b_w(self, w):
        dt = DataType(int(self.t.b.dtype))
        if dt == DataType.DT_FLOAT or (self.b_bits in (8, 4) and not self.b_trans):
            return align(w, C0_BYTES * 8 // self.b_bits)
        return w

    def _update_step_k(self, block, step):
        """UpdateStepK: a K step under the single-core K is cut to whole 512 (or 256) bytes."""
        bk = block[2]
        if step * bk >= self.get_single_k():
            return step
        row = bk * self.a_bits // 8
        for limit in (512, 256):
            if step * row > limit:
                if (step * row) % limit != 0 and limit % row == 0:
                    while (step * row) % limit != 0 and step > 1:
                        step -= 1
                return step
        return step

    def _l1_tiling(self, block):
        """CalcL1Tiling: half of L1 for each of A and B (B with 256 bytes more), halved again on
        the smaller side when both do not fit with the bias; double-buffered K steps."""
        bm, bn, bk = block
        da = (self.l1 // DB_ON // bm // bk) * 8 // self.a_bits
        db = ((self.l1 + 256) // DB_ON // bn // bk) * 8 // self.b_bits
        bt = bn * self.bias_bits // 8 if self.bias else 0
        a_bytes = self._a_h(bm) * self._a_w(bk) * self.a_bits // 8
        b_bytes = self._b_h(bk) * self._b_w(bn) * self.b_bits // 8
        if da * a_bytes + db * b_bytes > self.l1 - bt:
            if self._a_h(bm) <= self._b_w(bn):
                da //= DB_ON
            else:
                db //= DB_ON
        ska, skb = self._update_step_k(block, da // DB_ON), self._update_step_k(block, db // DB_ON)
        if ska >= skb and skb != 0:
            ska = ska // skb * skb
        elif ska != 0:
            skb = skb // ska * ska
        return ska * DB_ON, skb * DB_ON, ska, skb

    def single_shape(self, m_dim: int, n_dim: int, scen: str) -> Tuple[int, int, int]:
        """GetSingleShape: each core's M, N, K; over several cores N (B not transposed, or the
        output large) and M (A transposed) are aligned to 256 bytes in the SPLIT scenarios."""
        sm, sn, sk = cdiv(self.get_single_m(), m_dim), cdiv(self.get_single_n(), n_dim), self.get_single_k()
        if self.blocks > 1:
            a_unit, b_unit = self._units()
            need = scen in (SPLIT_MN, SPLIT_SMALL_MN) or self.t.a.fmt == 1 or self.t.b.fmt == 1
            out_align = (sm * sn * 2 * self.c_bytes * 8) > (sn * sk * self.a_bits + sm * sk * self.b_bits)
            nz_c = self.t.c.fmt == 1
            sn = self._align_single((need and (not self.b_trans or out_align)) or nz_c, self.n32 * C0, n_dim,
                                    b_unit)[1]
            sm = self._align_single((need and self.a_trans) or nz_c, self.m32 * C0, m_dim, a_unit)[1]
        return sm, sn, sk

    def split_mn(self, scen: str) -> dict:
        """DoMultiCoreSplitMNTiling: the fixed base block, its L1 depths, the core split."""
        block = self._basic_block()
        m_dim, n_dim = self._dims_split_mn(block) if scen == SPLIT_MN else self._dims_small(block)
        bm, bn, bk = block
        depth_a1, depth_b1, ska, skb = self._l1_tiling(block)
        kl0 = bk // self.reduce
        l0 = (bm // C0, bn // C0, kl0, DB_ON, DB_ON, DB_OFF)  # GetL0CoreStatus (L0C single: the config)
        l1 = dict(k_a=kl0 * ska, k_b=kl0 * skb, m_a=1, n_b=1,  # GetL1CoreStatus
                  db_a=DB_ON if depth_a1 >= ska * DB_ON else DB_OFF, db_b=DB_ON if depth_b1 >= skb * DB_ON else DB_OFF)
        return self._update_tiling(m_dim, n_dim, scen, l0, l1)

    def solve(self) -> Optional[dict]:
        """Process: the whole struct, or None where the vendor's GetTiling returns -1."""
        if not self.params_ok():
            return None
        scen = self.scenario() if self.blocks != 1 else OTHERS
        if self.blocks != 1 and scen != OTHERS:
            return self.split_mn(scen)
        if self.blocks != 1:
            m_dim, n_dim, cm, cn = self.get_dims()
            cs = dict(m=cm, n=cn, k=self.k32)
        else:  # one core: the shape's fractals moved to counts with enough factors
            m_dim = n_dim = 1
            cs = dict(m=find_best_single_core(self.m32, self.m_mapped, 1, False),
                      n=find_best_single_core(self.n32, self.n_mapped, 1, False),
                      k=find_best_single_core(self.k32, self.k_mapped, 1, False))
        search = _l0l1.Search(self)
        found = search.l0_factors(cs)
        if found is None:
            return None
        l0 = found + (search.db_a, search.db_b, DB_OFF)
        l1 = search.l1_factors(cs, found, cdiv(self.get_single_k(), self.reduce))
        r = self._update_tiling(m_dim, n_dim, scen, l0, l1)
        # CheckFinalParams: steps within the depths, the buffers within the memories
        if min(r["step_m"], r["step_n"], r["depth_a1"], r["depth_b1"]) <= 0 or r["step_m"] > r["depth_a1"] or \
                r["step_n"] > r["depth_b1"] or r["share_l1_size"] > self.l1 or r["share_l0c_size"] > self.l0c:
            return None
        return r

    def _update_tiling(self, m_dim, n_dim, scen, l0, l1) -> dict:
        """UpdateTiling: the struct from the core split and the L0 / L1 statuses."""
        m_l0, n_l0, k_l0, db_l0a, db_l0b, db_l0c = l0
        sm, sn, sk = self.single_shape(m_dim, n_dim, scen)
        base_m, base_n, base_k = m_l0 * C0, n_l0 * C0, k_l0 * self.reduce  # SetBaseMNK
        order = self._iterate_order(sm, sn, sk, l1, base_m, base_n)
        step_ka, step_kb = cdiv(l1["k_a"], k_l0), cdiv(l1["k_b"], k_l0)
        depth_a1 = step_ka * l1["m_a"] * l1["db_a"]
        depth_b1 = self._depth_b1(step_kb * l1["n_b"] * l1["db_b"], depth_a1, base_m, base_n, base_k)
        step_n = min(l1["n_b"], depth_b1)
        if DataType(int(self.t.b.dtype)) == DataType.DT_FLOAT and base_k == 8:  # AdjustFloatL1Factor
            step_kb, depth_b1 = 1, step_n * l1["db_b"]
        l1_used = 0  # GetUsedSize
        if self.t.a.pos != TPosition.TSCM:
            l1_used += depth_a1 * base_m * base_k * self.a_bits // 8
        if self.t.b.pos != TPosition.TSCM:
            l1_used += depth_b1 * base_n * base_k * self.b_bits // 8
        if self.bias and self.a2 and self.t.bias_type.pos != TPosition.TSCM:
            l1_used += base_n * max(1, self.bias_bits // 8)
        return dict(used=m_dim * n_dim, m_dim=m_dim, n_dim=n_dim, single_m=sm, single_n=sn, single_k=sk,
                    base_m=base_m, base_n=base_n, base_k=base_k, depth_a1=depth_a1, depth_b1=depth_b1,
                    step_m=l1["m_a"], step_n=step_n, step_ka=step_ka, step_kb=step_kb, iterate_order=order,
                    db_l0a=db_l0a, db_l0b=db_l0b, db_l0c=db_l0c, share_l1_size=l1_used,
                    share_l0c_size=base_m * base_n * 4, share_ub_size=0, trans_length=0, vendor=scen)

    def _iterate_order(self, sm, sn, sk, l1, base_m, base_n) -> int:
        """GetIteratorOrder: the set traverse; else M first unless only A's K is whole in L1, or
        both are and re-reading A costs less."""
        if int(self.t.traverse) != 0:
            return int(self.t.traverse) - 1
        full_a = sk / (l1["k_a"] * self.reduce) <= 1.0
        full_b = sk / (l1["k_b"] * self.reduce) <= 1.0
        if not full_a:
            return 0
        if not full_b:
            return 1
        m_loop, n_loop = cdiv(sm, l1["m_a"] * base_m), cdiv(sn, l1["n_b"] * base_n)
        return 1 if sm + sn * m_loop < sn + sm * n_loop else 0

    def _depth_b1(self, depth_b1, depth_a1, base_m, base_n, base_k) -> int:
        """UpdateDepthB1: float B on the A2 family pads baseK to 16; when A and B then overflow
        L1 the depth of B shrinks (the vendor's 16-bit arithmetic kept)."""
        if DataType(int(self.t.b.dtype)) != DataType.DT_FLOAT or not self.a2:
            return depth_b1
        ak = (cdiv(base_k, 16) * 16) & 0xFFFF
        kn = (ak * base_n) & 0xFFFF
        km = (base_k * base_m) & 0xFFFF
        if self.a_trans and DataType(int(self.t.a.dtype)) == DataType.DT_FLOAT:
            km = (ak * base_m) & 0xFFFF
        if (depth_a1 * km + kn * depth_b1) * 4 > self.l1:
            depth_b1 = max(1, base_n * base_k * depth_b1 // kn) if kn else 1
        return depth_b1

    # ---- OTHERS: GetDims ---------------------------------------------------------------
    def get_dims(self) -> Tuple[int, int, int, int]:
        """(mDim, nDim, a core's M, N in fractals) of the vendor's GetDims (no batch, K not split)."""
        cores = self.blocks
        m32, n32, k32 = self.m32, self.n32, self.k32
        # NonFactorMap (K not split): M and N mapped to powers of two (rounded up, the default)
        m_mapped, n_mapped = map_shape(m32), map_shape(n32)
        # PreProcessMiniShape: a tiny problem takes one core per 32 fractals
        l0c_th = self.l0c // (C0 * C0) // 4
        l0ab_th = self.l0a // (C0 * C0_BYTES)
        if n32 * m32 <= cores and m32 * k32 <= l0ab_th and n32 * k32 <= l0ab_th and m32 * n32 <= l0c_th:
            nd = 1 if n32 <= 32 else n_mapped // 32
            md = 1 if m32 <= 32 else m_mapped // 32
            cn = n32 if nd == 1 else cdiv(n_mapped, nd)
            cm = m32 if md == 1 else cdiv(m_mapped, md)
            return cdiv(m32, cm), cdiv(n32, cn), cm, cn
        # GenDimsMapFactors: factors of the shape, its mapping or the core count; the optimum
        m_factors = [i for i in range(1, min(cores, m32) + 1) if m32 % i == 0 or m_mapped % i == 0 or cores % i == 0]
        n_factors = [i for i in range(1, min(cores, n32) + 1) if n32 % i == 0 or n_mapped % i == 0 or cores % i == 0]
        if cores > 1:
            opt = float(F32(math.sqrt(float(F32(F32(m32 + 0.0) / F32(n32) * F32(cores))))))
            md = int(math.ceil(opt))
            nd = int(math.ceil(float(F32(F32(cores) / F32(opt)))))
            m_factors = sorted(set(m_factors) | {md, cores // nd if nd else 1})
            n_factors = sorted(set(n_factors) | {nd, cores // md if md else 1})
        st = dict(min_load=2 ** 31 - 1, n=1, m=1, core_use=1, loop=2 ** 31 - 1, big=False)
        for nf in n_factors:
            if nf > cores or nf <= 0:
                continue
            for mf in m_factors:
                if nf * mf > cores or mf <= 0:
                    continue
                self._dims_helper(mf, nf, st)
        # FindBestSingleCore on the chosen factors, then UpdateMultiCore
        cm, cn = cdiv(m32, st["m"]), cdiv(n32, st["n"])
        n = find_best_single_core(n32, n_mapped, st["n"], False)
        m = find_best_single_core(m32, m_mapped, st["m"], False)
        if 0 < cdiv(n32, n) * cdiv(m32, m) <= cores:
            cm, cn = m, n
        return min(cdiv(m32, cm), cores), min(cdiv(n32, cn), cores), cm, cn

    def _dims_helper(self, mf: int, nf: int, st: dict) -> None:
        """GetDimsHelper: keeps a (mDim, nDim) that needs fewer L0 loops, or as many loops on
        more cores, or the same cores with less GM load, or equal load with more N cores."""
        m32, n32, k32 = self.m32, self.n32, self.k32
        k_bytes = k32 * C0 * 16 * 2  # the vendor counts K bytes as 16-bit elements
        cm, cn, ck = cdiv(m32, mf), cdiv(n32, nf), k32
        load = self._load_size(mf, nf, cm, cn, ck, k_bytes)
        flag = True
        if not self.b_trans and n32 >= 16 and cn < 16:
            flag = False
        if self.a_trans and m32 >= 16 and cm < 16:
            flag = False
        if self.b_trans and not self.a_trans:
            bp = 0
        elif not st["big"]:
            bp = 2 if flag else 0
        else:
            bp = 1 if not flag else 0
        loop = self._loops(cm, cn, ck)
        use = mf * nf
        core_used = bp == 0 and (loop < st["loop"] or (use > st["core_use"] and loop == st["loop"]))
        load_better = not core_used and use == st["core_use"] and load < st["min_load"]
        more_n = (not core_used and use == st["core_use"] and load == st["min_load"]) and \
            (st["n"] * st["m"] < mf * nf)
        if (bp == 2 or core_used or load_better or more_n) and bp != 1:
            st.update(min_load=load, n=nf, m=mf, core_use=use, loop=loop,
                      big=(cn >= 16 if not self.b_trans else True) and (cm >= 16 if self.a_trans else True)
                      and nf * mf > 1)

    @staticmethod
    def _loops(cm, cn, ck) -> int:
        """LoopNumFromSingleCoreToL0: the single core's loops in 128-fractal L0 blocks."""
        n0 = min(16, cn, 64)
        m0 = min(cm, 128 // n0, 64) if n0 else 0
        n0 = min(cn, 128 // m0, 64) if m0 else 0
        m0 = min(cm, 128 // n0, 64) if n0 else 0
        k0 = min(64 // m0, 64 // n0, ck) if m0 and n0 else ck
        return cdiv(cm, m0) * cdiv(cn, n0) * cdiv(ck, k0)

    def _load_size(self, mf, nf, cm, cn, ck, k_bytes) -> int:
        """CalcLoadSize: the GM -> L1 traffic (in fractal rows) of a split, by how much of A and
        B one core's L1 holds."""
        l1 = self.l1
        ori_a, ori_b = self.m32, self.n32
        a_size, b_size = cm, cn
        n0 = min(16, cn)
        m0 = min(16, min(cm, 128 // n0)) if n0 else 0
        k0 = min(64 // m0, 64 // n0, ck) if m0 and n0 else ck
        frac = C0 * C0_BYTES
        total = 2 ** 31 - 1
        if (a_size + n0 * 2) * k_bytes <= l1 or (b_size + m0 * 2) * k_bytes <= l1 or \
                (a_size + b_size) * k_bytes <= l1:
            return ori_a * nf + ori_b * mf
        if (n0 * k_bytes + m0 * k0 * frac) * 2 > l1 and (m0 * k_bytes + n0 * k0 * frac) * 2 > l1:
            return ori_a * cdiv(self.n32, n0) + ori_b * cdiv(self.m32, m0)
        if (m0 + n0) * k_bytes * 2 <= l1:
            m1 = cdiv(l1 - n0 * k_bytes * 2, k_bytes * 2 * m0) * m0
            n1 = cdiv(l1 - m0 * k_bytes * 2, k_bytes * 2 * n0) * n0
            m_first = ori_a * nf + ori_b * cdiv(self.m32, m1)
            n_first = ori_b * mf + ori_a * cdiv(self.n32, n1)
            if m_first < n_first:
                return ori_a * nf + ori_b * cdiv(self.m32, m1)
            return ori_a * cdiv(self.n32, n1) + ori_b * mf
        if a_size * k_bytes + n0 * k0 * frac * 2 <= l1 or m0 * k_bytes * 2 + n0 * k0 * frac * 2 <= l1:
            tmp_a, tmp_b = ori_a * nf, ori_b * cdiv(self.m32, m0)
            if total > tmp_a + tmp_b:  # UpdateDimCalculator also takes these as A's and B's sizes
                total, a_size, b_size = tmp_a + tmp_b, tmp_a, tmp_b
        if b_size * k_bytes + m0 * k0 * frac * 2 <= l1 or n0 * k_bytes * 2 + m0 * k0 * frac * 2 <= l1:
            total = min(total, ori_b * mf + ori_a * cdiv(self.n32, n0))
        return total


# The vendor's split loops run over every divisor pair of every count up to set_dim (its
# small-shape search is quadratic in it): beyond this many cores (no chip has them) the
# vendor's own GetTiling would not return, and this module's bounded search answers.
VENDOR_MAX_DIM = 1024


def applies(t) -> bool:
    """The vendor path covers a tiling with A and B in GM (ND or NZ), no set_single_shape, no K split, no NBuffer33 schedule and no batch layout."""
    p = getattr(t, "config_params", None)
    if p is not None and int(p.schedule_type) != int(ScheduleType.INNER_PRODUCT):
        return False
    return (t.dim <= VENDOR_MAX_DIM and t.a.pos == TPosition.GM and t.b.pos == TPosition.GM and max(getattr(t, "single", (-1,))) <= 0
            and not getattr(t, "split_k", False) and not t.layouts and t.batch_num <= 1
            and t.a.dtype in _BITS and t.b.dtype in _BITS)


__all__ = ["VendorTiling", "applies", "std_sort", "map_shape", "find_best_single_core", "SPLIT_MN",
           "SPLIT_SMALL_MN", "OTHERS"]
