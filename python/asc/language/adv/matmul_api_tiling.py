"""GetMatmulApiTiling, the vendor's compile-time Matmul tiling, evaluated in Python.

`static_tiling(cfg, l1_size, a, b, c, bias)` returns what
`AscendC::GetMatmulApiTiling<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE>(mmCFG, l1Size)` (the overload
without shape tuples, include/adv_api/matmul/constant_tiling.h of asc-devkit) computes when
bisheng compiles for Atlas A2 (__NPU_ARCH__ 2201): a MatmulApiStaticTiling as a dict keyed by
the vendor's field names (-1 where the vendor leaves its default), plus "cfg" (the config, as
the vendor copies it into the struct).

The arithmetic follows C++'s: the config's sizes are uint32_t and a product or quotient that
involves one is unsigned (a negative L1 budget divided by an unsigned size is a huge quotient,
which the vendor's code relies on when L1 is small), the results are int32_t. What fails the
vendor's constexpr evaluation (a signed overflow, a division by zero) raises StaticTilingError.

Only the standard library is imported: asc's Matmul front end calls this at trace time.
tests/frontend/test_matmul_api_tiling.py checks it against the vendor's C++ run on the host.
"""

from __future__ import annotations

import dataclasses
from typing import Dict, Optional

__all__ = ["Side", "static_tiling", "StaticTilingError", "TILING_FIELDS", "MATMUL_CONFIG_MEMBERS", "L1_SIZE",
           "ORDER_M", "ORDER_N", "UNDEF", "INNER_PRODUCT", "OUTER_PRODUCT"]

# ---- the A2 constants the algorithm reads
L1_SIZE = 512 * 1024          # the default l1Size (Impl::L1_SIZE for 2201)
TOTAL_L0A_SIZE = 64 * 1024
TOTAL_L0B_SIZE = 64 * 1024
C0_BYTES = 32                 # one fractal row: 32 bytes
HW_C0 = 16                    # M / N granule of a fractal
DB_ON, DB_OFF = 2, 1
MIN_MTE1_LOAD = 32
OUTER_STEP = 2                # the step an OUTER_PRODUCT schedule forces on the outer axis
BIAS_TABLE_BYTES = 1024 // 8  # Impl::BT_SIZE / BITS_PER_BYTE: what the AL1-full-load tiling keeps for the bias
MIN_MN_SIZE = 16
INT32_MIN, INT32_MAX = -(1 << 31), (1 << 31) - 1

# IterateOrder, ScheduleType (the config's ints)
ORDER_M, ORDER_N, UNDEF = 0, 1, 2
INNER_PRODUCT, OUTER_PRODUCT = 0, 1

# MatmulApiStaticTiling's int32 fields, in the vendor's order (its last member, cfg, is separate).
TILING_FIELDS = (
    "usedCoreNum", "M", "N", "Ka", "Kb", "singleCoreM", "singleCoreN", "singleCoreK", "baseM", "baseN", "baseK",
    "depthA1", "depthB1", "stepM", "stepN", "isBias", "transLength", "iterateOrder", "shareMode", "shareL1Size",
    "shareL0CSize", "shareUbSize", "stepKa", "stepKb", "depthAL1CacheUB", "depthBL1CacheUB", "dbL0A", "dbL0B",
    "dbL0C", "ALayoutInfoB", "ALayoutInfoS", "ALayoutInfoN", "ALayoutInfoG", "ALayoutInfoD", "BLayoutInfoB",
    "BLayoutInfoS", "BLayoutInfoN", "BLayoutInfoG", "BLayoutInfoD", "CLayoutInfoB", "CLayoutInfoS1",
    "CLayoutInfoN", "CLayoutInfoG", "CLayoutInfoS2", "BatchNum", "mxTypePara")

# MatmulConfig's members, in the vendor's order: the names `cfg` may use.
MATMUL_CONFIG_MEMBERS = (
    "doNorm", "doBasicBlock", "doMultiDataLoad", "basicM", "basicN", "basicK", "intrinsicsCheck", "isNBatch",
    "enVecND2NZ", "doSpecialBasicBlock", "doMTE2Preload", "singleCoreM", "singleCoreN", "singleCoreK", "stepM",
    "stepN", "baseMN", "singleCoreMN", "enUnitFlag", "isPerTensor", "hasAntiQuantOffset", "doIBShareNorm",
    "doSpecialMDL", "enableInit", "batchMode", "enableEnd", "enableGetTensorC", "enableSetOrgShape",
    "enableSetBias", "enableSetTail", "enableQuantVector", "enableSetDefineData", "iterateMode", "enableReuse",
    "enableUBReuse", "enableL1CacheUB", "intraBlockPartSum", "iterateOrder", "scheduleType", "enableDoubleCache",
    "isBiasBatch", "enableStaticPadZeros", "isPartialOutput", "enableMixDualMaster", "isA2B2Shared",
    "isEnableChannelSplit", "enableKdimReorderLoad", "isCO1Shared", "sharedCO1BufferSize", "bmmOutMode",
    "enableL1BankConflictOptimise", "enableRelu", "decompMode")
# The members the algorithm reads (the others may be absent).
_READ_MEMBERS = ("singleCoreM", "singleCoreN", "singleCoreK", "basicM", "basicN", "basicK", "enableSetBias",
                 "enableQuantVector", "doNorm", "doMultiDataLoad", "scheduleType", "iterateOrder")


class StaticTilingError(ValueError):
    """The vendor's constexpr evaluation would fail here (int32 overflow, division by zero):
    the C++ does not compile."""


# ---- element types: what the algorithm reads of a matrix's T
@dataclasses.dataclass(frozen=True)
class _TypeTraits:
    bit_size: int    # GetBitSize<T>: 4 for int4b_t, else sizeof * 8 (16 for half / bfloat16_t)
    type_size: int   # GetTypeSize<T>: sizeof(T) for a C++ arithmetic type, else 1
    sizeof: int      # sizeof(T): 4 selects the float-style K alignment (float and int32_t alike)
    is_float: bool   # T is float itself (not int32_t)
    is_b8_b4: bool   # IsSupportB8 / IsSupportB4 on A2: int8_t or int4b_t


# half and bfloat16_t are not arithmetic types to the C++ library (bisheng's clang, as g++ in
# C++17, does not count _Float16 / __bf16 in std::is_arithmetic): GetTypeSize gives 1 for them.
_TYPES: Dict[str, _TypeTraits] = {
    "half": _TypeTraits(16, 1, 2, False, False),
    "bfloat16_t": _TypeTraits(16, 1, 2, False, False),
    "float": _TypeTraits(32, 4, 4, True, False),
    "int32_t": _TypeTraits(32, 4, 4, False, False),
    "int16_t": _TypeTraits(16, 2, 2, False, False),
    "int8_t": _TypeTraits(8, 1, 1, False, True),
    "uint8_t": _TypeTraits(8, 1, 1, False, False),
    "int4b_t": _TypeTraits(4, 1, 1, False, True),
}
_TYPE_ALIASES = {"float16": "half", "bfloat16": "bfloat16_t", "float32": "float", "int32": "int32_t",
                 "int16": "int16_t", "int8": "int8_t", "uint8": "uint8_t", "int4": "int4b_t", "int4b": "int4b_t"}
# TPosition (LCM is VECCALC, SHM is SPM: the same enumerators)
_POSITIONS = ("GM", "A1", "A2", "B1", "B2", "C1", "C2", "CO1", "CO2", "VECIN", "VECOUT", "VECCALC", "SPM", "TSCM",
              "C2PIPE2GM", "C2PIPE2LOCAL")
_POSITION_ALIASES = {"LCM": "VECCALC", "SHM": "SPM"}
_FORMATS = ("ND", "NZ", "ZN", "ZZ", "NN", "ND_ALIGN", "SCALAR", "VECTOR", "COLUMN_MAJOR")
_FORMAT_ALIASES = {"ROW_MAJOR": "ND"}
_LAYOUTS = ("NONE", "BSNGD", "SBNGD", "BNGS1S2", "NORMAL")

# Where a position is physically, on 2201 (PhyPosIsL1 / PhyPosIsUB / PhyPosIsGM).
_IN_L1 = frozenset({"A1", "B1", "SPM", "TSCM", "C1"})
_NOT_IN_UB = frozenset({"GM", "A1", "A2", "B1", "B2", "CO1", "SPM", "TSCM", "C1", "C2", "CO2", "C2PIPE2GM"})
_IN_GM = frozenset({"GM", "CO2"})
_VECTOR_POSITIONS = frozenset({"VECIN", "VECCALC", "VECOUT"})


@dataclasses.dataclass(frozen=True)
class Side:
    """One matrix's MatmulType<POSITION, FORMAT, TYPE, ISTRANS, LAYOUT> as the tiling reads it.

    dtype: the element type, by the vendor's C++ name ("half", "bfloat16_t", "float",
        "int8_t", "int4b_t", "int32_t", "int16_t", "uint8_t") or asc's ("float16", "bfloat16",
        "float32", "int8", "int4", ...). The tiling reads its bit size, its GetTypeSize, its
        sizeof, whether it is float itself and whether it is int8_t / int4b_t (_TYPES).
    position: the TPosition name ("GM", "VECIN", "VECCALC", "TSCM", "A1", ...): whether the
        matrix is in GM, UB or L1 (an L1 matrix takes no L1 of the tiling's; a UB one takes all
        of its single-core block), and for A / B / C the exact VECIN / VECCALC / VECOUT / GM
        tests of the UB transfer length.
    format: the CubeFormat name; only "ND" versus the rest matters.
    is_trans: ISTRANS (the K alignment of float inputs, which axis of L1 gets K first).
    layout: the LayoutMode name; only "NONE" versus the rest matters (for A).
    """

    dtype: str
    position: str = "GM"
    format: str = "ND"
    is_trans: bool = False
    layout: str = "NONE"

    def __post_init__(self):
        dtype = _TYPE_ALIASES.get(self.dtype, self.dtype)
        if dtype not in _TYPES:
            raise ValueError(f"Side: unknown dtype {self.dtype!r} (one of {', '.join(_TYPES)})")
        position = _POSITION_ALIASES.get(self.position, self.position)
        if position not in _POSITIONS:
            raise ValueError(f"Side: unknown position {self.position!r} (one of {', '.join(_POSITIONS)})")
        fmt = _FORMAT_ALIASES.get(self.format, self.format)
        if fmt not in _FORMATS:
            raise ValueError(f"Side: unknown format {self.format!r} (one of {', '.join(_FORMATS)})")
        if self.layout not in _LAYOUTS:
            raise ValueError(f"Side: unknown layout {self.layout!r} (one of {', '.join(_LAYOUTS)})")
        object.__setattr__(self, "dtype", dtype)
        object.__setattr__(self, "position", position)
        object.__setattr__(self, "format", fmt)
        object.__setattr__(self, "is_trans", bool(self.is_trans))

    @property
    def traits(self) -> _TypeTraits:
        return _TYPES[self.dtype]

    @property
    def bits(self) -> int:
        return _TYPES[self.dtype].bit_size

    @property
    def in_l1(self) -> bool:
        return self.position in _IN_L1

    @property
    def in_ub(self) -> bool:
        return self.position not in _NOT_IN_UB

    @property
    def in_gm(self) -> bool:
        return self.position in _IN_GM

    @property
    def reduce_c0(self) -> int:
        """GetReduceC0Size: elements of T in one 32-byte fractal row."""
        return C0_BYTES // self.bits * 8


# ---- C++ integer semantics
def _i32(x: int) -> int:
    """A result that C++ computes as a signed int32: out of range is undefined behaviour, which
    constexpr evaluation rejects."""
    if not INT32_MIN <= x <= INT32_MAX:
        raise StaticTilingError(f"int32 overflow ({x}): the vendor's constexpr tiling does not compile")
    return x


def _u32(x: int) -> int:
    """A value converted to (or computed as) uint32_t: modulo 2**32."""
    return x & 0xFFFFFFFF


def _to_i32(x: int) -> int:
    """An unsigned (or wider) value stored into an int32_t: its low 32 bits, two's complement."""
    x &= 0xFFFFFFFF
    return x - (1 << 32) if x > INT32_MAX else x


def _div(a: int, b: int) -> int:
    """int32 `/`: truncates toward zero."""
    if b == 0:
        raise StaticTilingError("division by zero: the vendor's constexpr tiling does not compile")
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def _mod(a: int, b: int) -> int:
    """int32 `%`: the sign of the dividend."""
    return a - _div(a, b) * b


def _udiv(a: int, b: int) -> int:
    """uint32 `/`: both operands taken modulo 2**32 (a negative dividend is huge)."""
    if _u32(b) == 0:
        raise StaticTilingError("division by zero: the vendor's constexpr tiling does not compile")
    return _u32(a) // _u32(b)


def _ceil(a: int, b: int) -> int:
    """CeilNoLog<int32_t>: 0 for a zero divisor."""
    if b == 0:
        return 0
    return _div(_i32(a + b - 1), b)


def _align(a: int, b: int) -> int:
    """Align<int32_t>: 0 for a zero alignment."""
    if b == 0:
        return 0
    return _i32(_div(_i32(a + b - 1), b) * b)


def _align_u(a: int, b: int) -> int:
    """Align<uint32_t>."""
    if _u32(b) == 0:
        return 0
    return _u32(_udiv(a + b - 1, b) * _u32(b))


def _nearest_factor(base: int, factor: int) -> int:
    """GetNearestFactor: the largest divisor of base at most factor (factor itself when <= 0).
    The vendor steps down from factor one at a time; with block counts in the millions that
    loop can exceed the compiler's constexpr step limit, which this shortcut does not mirror."""
    res = min(factor, base)
    while res > 0 and _mod(base, res) != 0:
        res -= 1
    return res


@dataclasses.dataclass
class _L1Status:
    """L1Status: K (in fractal columns) and M / N (in base blocks) cached in A1 / B1, their
    double-buffer depths, and the load cost the candidates are ranked by."""

    k_al1: int
    k_bl1: int
    m_al1: int
    n_bl1: int
    db_al1: int
    db_bl1: int
    load_size: int


def _no_status() -> _L1Status:
    return _L1Status(0, 0, 0, 0, 0, 0, INT32_MAX)


# CalcL1MaxLen's four questions
_KAL1, _KBL1, _M_AL1, _N_BL1 = range(4)


class _Tiling:
    """One evaluation: the config's values and the four matrices; methods named after the
    vendor's helpers they stand for."""

    def __init__(self, cfg: dict, a: Side, b: Side, c: Side, bias: Side):
        self.a, self.b, self.c, self.bias = a, b, c, bias
        # uint32_t members, kept as their unsigned values
        self.sm, self.sn, self.sk = (_u32(int(cfg[k])) for k in ("singleCoreM", "singleCoreN", "singleCoreK"))
        self.bm, self.bn, self.bk = (_u32(int(cfg[k])) for k in ("basicM", "basicN", "basicK"))
        self.set_bias = bool(cfg["enableSetBias"])
        self.quant_vector = bool(cfg["enableQuantVector"])
        # an OUTER_PRODUCT schedule of the norm (non-batch layout) or MDL template steps 2 on the outer axis
        self.outer_product = (((bool(cfg["doNorm"]) and a.layout == "NONE") or bool(cfg["doMultiDataLoad"]))
                              and int(cfg["scheduleType"]) == OUTER_PRODUCT)
        self.order = int(cfg["iterateOrder"])

    # -- sizes in fractals and base blocks
    def k_c0(self) -> int:
        """singleCoreK in fractal columns of A's type."""
        return _ceil(_to_i32(self.sk), self.a.reduce_c0)

    def m_c0(self) -> int:
        return _ceil(_to_i32(self.sm), HW_C0)

    def n_c0(self) -> int:
        return _ceil(_to_i32(self.sn), HW_C0)

    def ml0(self) -> int:
        return _ceil(_to_i32(self.bm), HW_C0)

    def nl0(self) -> int:
        return _ceil(_to_i32(self.bn), HW_C0)

    def kl0(self, side: Optional[Side] = None) -> int:
        """basicK in fractal columns (of A's type unless told)."""
        return _ceil(_to_i32(self.bk), (side or self.a).reduce_c0)

    def m_repeat(self) -> int:
        return _ceil(_to_i32(self.sm), _to_i32(self.bm))

    def n_repeat(self) -> int:
        return _ceil(_to_i32(self.sn), _to_i32(self.bn))

    def mte1_loop(self) -> int:
        nl0, ml0, kl0 = self.nl0(), self.ml0(), self.kl0()
        return _div(MIN_MTE1_LOAD, _i32((1 if nl0 == 1 else kl0) + (1 if kl0 == 1 else ml0)))

    def max_m_al1(self) -> int:
        return _ceil(self.m_c0(), self.ml0())

    def max_n_bl1(self) -> int:
        return _ceil(self.n_c0(), self.nl0())

    def max_k_al1(self) -> int:
        ml0, kl0 = self.ml0(), self.kl0()
        return max(_div(_i32(_div(_i32(MIN_MTE1_LOAD + ml0 - 1), ml0) + kl0 - 1), kl0), self.mte1_loop())

    def max_k_bl1(self) -> int:
        nl0, kl0 = self.nl0(), self.kl0()
        return max(_div(_i32(_div(_i32(MIN_MTE1_LOAD + nl0 - 1), nl0) + kl0 - 1), kl0), self.mte1_loop())

    def ka_align(self) -> int:
        # a 4-byte A stored transposed needs an even K (in fractal columns)
        return (2 if self.a.is_trans else 1) if self.a.traits.sizeof == 4 else 1

    def kb_align(self) -> int:
        return (2 if not self.b.is_trans else 1) if self.b.traits.sizeof == 4 else 1

    def channel_wise(self) -> int:
        if not self.set_bias:
            return 0
        return 2 if self.bias.traits.sizeof == 4 else 1

    # -- L1 bytes of a status
    def bias_l1(self, st: _L1Status) -> int:
        if not self.set_bias or self.bias.in_l1:
            return 0
        per_channel = _i32(_i32(self.channel_wise() * st.db_bl1) * self.bias.traits.type_size)
        return _to_i32(st.n_bl1 * self.bn * per_channel)

    def dequant_l1(self, st: _L1Status) -> int:
        # one uint64 scale per output column of the N block
        return _to_i32(st.n_bl1 * self.bn * 8) if self.quant_vector else 0

    def a_l1(self, st: _L1Status) -> int:
        a = self.a
        if a.in_l1:
            return 0
        if a.in_ub:  # the whole single-core block comes over
            return _to_i32(_u32(self.sm * self.sk * a.bits) // 8)
        k_blocks = _ceil(st.k_al1, self.kl0())
        k_bytes = _align_u(self.bk, _u32(self.ka_align() * a.reduce_c0))
        return _to_i32(_u32(_i32(st.db_al1 * st.m_al1) * self.bm * k_blocks * k_bytes * a.bits) // 8)

    def b_l1(self, st: _L1Status) -> int:
        b = self.b
        if b.in_l1:
            return 0
        if b.in_ub:
            return _to_i32(_u32(self.sk * self.sn * b.bits) // 8)
        k_blocks = _ceil(st.k_bl1, self.kl0())  # in A's fractal columns, as the vendor counts
        k_bytes = _align_u(self.bk, _u32(self.kb_align() * b.reduce_c0))
        return _to_i32(_u32(_i32(st.db_bl1 * st.n_bl1) * self.bn * k_blocks * k_bytes * b.bits) // 8)

    def l1_total(self, st: _L1Status) -> int:
        # (the MX scale buffers of a type with a scale position are 3510-only: not on A2)
        return _i32(_i32(_i32(self.a_l1(st) + self.b_l1(st)) + self.bias_l1(st)) + self.dequant_l1(st))

    def l1_max_len(self, budget: int, st: _L1Status, align: int, what: int) -> int:
        """CalcL1MaxLen: how many K fractal columns / M or N blocks fit `budget` bytes. The
        divisors are unsigned: a negative budget gives a huge count."""
        bm, bn, bk = self.bm, self.bn, self.bk
        if what == _KAL1:
            a = self.a
            per = _u32(_i32(st.db_al1 * st.m_al1) * bm * _align_u(bk, _u32(align * a.reduce_c0)) * a.bits) // 8
            return _to_i32(_udiv(budget, per) * self.kl0(a))
        if what == _KBL1:
            b = self.b
            per = _u32(_i32(st.db_bl1 * st.n_bl1) * bn * _align_u(bk, _u32(align * b.reduce_c0)) * b.bits) // 8
            return _to_i32(_udiv(budget, per) * self.kl0(b))
        if what == _M_AL1:
            return _to_i32(_udiv(budget, _align(st.k_al1, align) * bm * st.db_al1 * C0_BYTES))
        per = _u32(_align(st.k_bl1, align) * bn * st.db_bl1 * C0_BYTES) + _u32(self.channel_wise() * bn * C0_BYTES)
        return _to_i32(_udiv(budget, per))

    # -- the candidates
    def both_full_load(self, l1: int) -> _L1Status:
        k = self.k_c0()
        k_l1 = _align(k, self.kl0())
        if self.a.in_l1 and self.b.in_l1:
            return _L1Status(k_l1, k_l1, 1, 1, 1, 1, 0)
        st = _L1Status(k_l1, k_l1, self.max_m_al1(), self.max_n_bl1(), 1, 1, INT32_MAX)
        if self.l1_total(st) <= l1:
            st.load_size = _i32((0 if self.a.in_l1 else self.m_c0()) + (0 if self.b.in_l1 else self.n_c0()))
            return st
        return _no_status()

    def a_full_load(self, l1: int) -> _L1Status:
        """All of A's K and M in A1; as much of B's K (then N) as the rest holds."""
        a = self.a
        k, kl0 = self.k_c0(), self.kl0()
        max_m = self.max_m_al1()
        st = _L1Status(_align(k, kl0), kl0, max_m, 1, 1, 1, 0)
        if self.outer_product and self.order == ORDER_M:
            st.n_bl1 = OUTER_STEP
        if self.l1_total(st) > l1:
            return _no_status()
        # A1 as the buffer is initialised
        a_rows = max(_to_i32(max_m * self.bm), _i32(self.m_c0() * HW_C0))
        a_bytes = _to_i32(_u32(_i32(a_rows * _ceil(k, kl0)) * _align_u(self.bk, _u32(self.ka_align() * a.reduce_c0))
                               * a.bits) // 8)
        b_budget = l1 if a.in_l1 else _i32(l1 - a_bytes)
        st.db_bl1 = DB_ON
        if self.l1_total(st) > l1:
            st.db_bl1 = DB_OFF
        bias, dequant = self.bias_l1(st), self.dequant_l1(st)
        kb_align = self.kb_align()
        st.k_bl1 = min(self.l1_max_len(_i32(_i32(b_budget - bias) - dequant), st, kb_align, _KBL1), k)
        b_times = min(_div(st.k_bl1, kl0), self.max_k_bl1())
        b_times = _nearest_factor(_ceil(k, kl0), b_times)
        st.k_bl1 = _i32(b_times * kl0)
        if st.k_bl1 == k:
            st.n_bl1 = min(self.l1_max_len(b_budget, st, kb_align, _N_BL1), self.max_n_bl1())
            st.n_bl1 = _nearest_factor(self.n_repeat(), st.n_bl1)
            if _u32(st.n_bl1 * self.bn) == self.sn:  # B is loaded once: no second buffer
                st.db_bl1 = DB_OFF
        invalid = st.n_bl1 == 0 or st.k_bl1 == 0
        b_reloads = 1 if st.k_bl1 == k else self.m_repeat()
        st.load_size = INT32_MAX if invalid else _i32((0 if a.in_l1 else self.m_c0())
                                                      + _i32(b_reloads * self.n_c0()))
        return st

    def b_full_load(self, l1: int) -> _L1Status:
        """All of B's K and N in B1; as much of A's K (then M) as the rest holds."""
        a, b = self.a, self.b
        k, kl0 = self.k_c0(), self.kl0()
        max_n = self.max_n_bl1()
        st = _L1Status(kl0, _align(k, kl0), 1, max_n, 1, 1, 0)
        if self.outer_product and self.order == ORDER_N:
            st.m_al1 = OUTER_STEP
        if self.l1_total(st) > l1:
            return _no_status()
        b_cols = max(_to_i32(max_n * self.bn), _i32(self.n_c0() * HW_C0))
        # (the K alignment uses A's fractal width here, as the vendor's does)
        b_bytes = _to_i32(_u32(_i32(b_cols * _ceil(k, kl0)) * _align_u(self.bk, _u32(self.kb_align() * a.reduce_c0))
                               * b.bits) // 8)
        a_budget = l1 if b.in_l1 else _i32(l1 - b_bytes)
        st.db_al1 = DB_ON
        if self.l1_total(st) > l1:
            st.db_al1 = DB_OFF
        bias, dequant = self.bias_l1(st), self.dequant_l1(st)
        ka_align = self.ka_align()
        st.k_al1 = min(self.l1_max_len(_i32(_i32(a_budget - bias) - dequant), st, ka_align, _KAL1), k)
        a_times = min(_div(st.k_al1, kl0), self.max_k_al1())
        a_times = _nearest_factor(_ceil(k, kl0), a_times)
        st.k_al1 = _i32(a_times * kl0)
        if st.k_al1 == k:
            st.m_al1 = min(self.l1_max_len(_i32(a_budget - bias), st, ka_align, _M_AL1), self.max_m_al1())
            st.m_al1 = _nearest_factor(self.m_repeat(), st.m_al1)
            if _u32(st.m_al1 * self.bm) == self.sm:
                st.db_al1 = DB_OFF
        invalid = st.m_al1 == 0 or st.k_al1 == 0
        a_reloads = 1 if st.k_al1 == k else self.n_repeat()
        st.load_size = INT32_MAX if invalid else _i32((0 if b.in_l1 else self.n_c0())
                                                      + _i32(a_reloads * self.m_c0()))
        return st

    def neither_buffers(self, l1: int) -> _L1Status:
        """GetL1DbNeitherFullLoad: one base block of each, double-buffered while that fits."""
        kl0 = self.kl0()
        st = _L1Status(kl0, DB_ON, 1, 1, DB_ON, DB_ON, 0)  # (k_bl1 = 2 is the vendor's starting value)
        if self.outer_product:
            if self.order == ORDER_M:
                st.n_bl1 = OUTER_STEP
            elif self.order == ORDER_N:
                st.m_al1 = OUTER_STEP
        if self.l1_total(st) > l1:
            st.db_bl1 = DB_OFF
            if self.l1_total(st) > l1:
                st.db_al1 = DB_OFF
        st.k_bl1 = self.k_c0()
        both_double = (self.m_c0() != self.ml0() and self.sk > self.bk and self.l1_total(st) > l1)
        st.k_bl1 = kl0
        if both_double:
            st.db_al1 = st.db_bl1 = DB_ON
            if self.l1_total(st) > l1:
                st.db_bl1 = DB_OFF
                if self.l1_total(st) > l1:
                    st.db_al1 = DB_OFF
        return st

    def neither_k_nz(self, st0: _L1Status, l1: int, bias: int, dequant: int) -> _L1Status:
        """GetKL1NeitherFullLoadForNZ (A transposed, B not): K of A1 after B's, or one K for both."""
        a, b = self.a, self.b
        st = dataclasses.replace(st0)
        k, kl0 = self.k_c0(), self.kl0()
        a_times = _ceil(k, kl0)
        if self.l1_total(st) <= l1:
            a_budget = _i32(l1 - self.b_l1(st))
            st.k_al1 = min(self.l1_max_len(_i32(_i32(a_budget - bias) - dequant), st, self.ka_align(), _KAL1), k)
            # (bounded by the M block count, as the vendor's is)
            a_times = max(min(_div(st.k_al1, kl0), self.max_m_al1()), 1)
            a_times = _nearest_factor(_ceil(k, kl0), a_times)
            st.k_al1 = _i32(a_times * kl0)
        else:
            per_k_bytes = _u32(self.bm * C0_BYTES * st.db_al1) + _u32(self.bn * C0_BYTES * st.db_bl1)
            per_k = _udiv(_udiv(_i32(_i32(l1 - bias) - dequant), per_k_bytes), kl0) * _u32(kl0)
            per_k = min(_to_i32(per_k), k)
            a_bytes = _to_i32(st.m_al1 * self.bm * _align(per_k, self.ka_align()) * st.db_al1 * a.traits.type_size)
            b_bytes = _to_i32(st.n_bl1 * self.bn * _align(per_k, self.kb_align()) * st.db_bl1 * b.traits.type_size)
            if a.traits.is_float and _i32(_i32(_i32(a_bytes + b_bytes) + dequant) + bias) > l1:
                per_k -= 1
            per_times = min(_div(per_k, kl0), max(self.max_k_al1(), self.max_k_bl1()))
            per_times = _nearest_factor(a_times, per_times)
            per_times = min(per_times, a_times)
            st.k_al1 = st.k_bl1 = _i32(per_times * kl0)
        return st

    def k_first_axis(self) -> int:
        """GetKMaxAxis: 0 for A transposed and B not (the NZ case), 1 to size A1's K first, 2 B1's."""
        a_t, b_t = self.a.is_trans, self.b.is_trans
        if not a_t and not b_t:
            return 1
        if a_t and b_t:
            return 2
        if not a_t and b_t:
            return 1 if self.bm > self.bn else 2
        return 0

    def neither_k(self, st0: _L1Status, l1: int, bias: int, dequant: int) -> _L1Status:
        """GetKL1NeitherFullLoad: the K depths of A1 and B1."""
        a, b = self.a, self.b
        st = dataclasses.replace(st0)
        k, kl0 = self.k_c0(), self.kl0()
        k_steps = _ceil(k, kl0)
        axis = self.k_first_axis()
        if axis == 0:
            st.k_bl1 = k
            return self.neither_k_nz(st, l1, bias, dequant)
        if axis == 1:
            st.k_bl1 = kl0
            a_budget = _i32(l1 - self.b_l1(st))
            per_k = _u32(_i32(st.m_al1) * self.bm * st.db_al1 * C0_BYTES)
            st.k_al1 = min(_to_i32(_udiv(_i32(_i32(a_budget - bias) - dequant), per_k)), k)
            a_times = _nearest_factor(k_steps, max(_div(st.k_al1, kl0), 1))
            st.k_al1 = _i32(a_times * kl0)
            a_bytes = _to_i32(_i32(st.k_al1 * st.m_al1) * self.bm * C0_BYTES * st.db_al1)
            b_budget = _i32(l1 - a_bytes)
            per_k = _u32(_i32(st.n_bl1) * self.bn * st.db_bl1 * self.bk * kl0 * b.bits) // 8
            st.k_bl1 = min(_to_i32(_udiv(_i32(_i32(b_budget - dequant) - bias), per_k)), k)
            b_times = max(min(_div(st.k_bl1, kl0), self.max_k_bl1()), 1)
            st.k_bl1 = _i32(_nearest_factor(k_steps, b_times) * kl0)
        elif axis == 2:
            st.k_al1 = kl0
            b_budget = _i32(l1 - self.a_l1(st))
            per_k = _u32(_i32(st.n_bl1) * self.bn * st.db_bl1 * C0_BYTES)
            st.k_bl1 = min(_to_i32(_udiv(_i32(_i32(b_budget - bias) - dequant), per_k)), k)
            b_times = _nearest_factor(k_steps, max(_div(st.k_bl1, kl0), 1))
            st.k_bl1 = _i32(b_times * kl0)
            b_bytes = _to_i32(_i32(st.k_bl1 * st.n_bl1) * self.bn * C0_BYTES * st.db_bl1)
            a_budget = _i32(l1 - b_bytes)
            per_k = _u32(_i32(st.m_al1) * self.bm * st.db_al1 * self.bk * kl0 * a.bits) // 8
            st.k_al1 = min(_to_i32(_udiv(_i32(_i32(a_budget - dequant) - bias), per_k)), k)
            a_times = max(min(_div(st.k_al1, kl0), self.max_k_al1()), 1)
            st.k_al1 = _i32(_nearest_factor(k_steps, a_times) * kl0)
        return st

    def m_first(self, st0: _L1Status, l1: int) -> _L1Status:
        """GetL1StatusMFirst: the M block count first, N from what is left."""
        st = dataclasses.replace(st0)
        m_rep, n_rep = self.m_repeat(), self.n_repeat()
        bias, dequant = self.bias_l1(st), self.dequant_l1(st)
        a_budget = _i32(l1 - self.b_l1(st))
        fit = self.l1_max_len(_i32(_i32(a_budget - bias) - dequant), st, self.ka_align(), _M_AL1)
        st.m_al1 = _nearest_factor(m_rep, max(min(fit, self.max_m_al1(), m_rep), 1))
        b_budget = _i32(l1 - self.a_l1(st))
        fit = self.l1_max_len(_i32(_i32(b_budget - bias) - dequant), st, self.kb_align(), _N_BL1)
        # (a factor of the M repeat, as the vendor's is)
        st.n_bl1 = _nearest_factor(m_rep, max(min(fit, self.max_n_bl1(), n_rep), 1))
        m = self.m_c0()
        st.load_size = _i32(m + _i32(self.n_c0() * _ceil(m, _i32(st.m_al1 * self.ml0()))))
        return st

    def n_first(self, st0: _L1Status, l1: int) -> _L1Status:
        """GetL1StatusNFirst: the N block count first, M from what is left."""
        st = dataclasses.replace(st0)
        m_rep, n_rep = self.m_repeat(), self.n_repeat()
        bias, dequant = self.bias_l1(st), self.dequant_l1(st)
        b_budget = _i32(l1 - self.a_l1(st))
        fit = self.l1_max_len(_i32(_i32(b_budget - bias) - dequant), st0, self.kb_align(), _N_BL1)
        st.n_bl1 = _nearest_factor(n_rep, max(min(fit, self.max_n_bl1(), n_rep), 1))
        a_budget = _i32(l1 - self.b_l1(st))
        fit = self.l1_max_len(_i32(_i32(a_budget - bias) - dequant), st, self.ka_align(), _M_AL1)
        st.m_al1 = _nearest_factor(m_rep, max(min(fit, self.max_m_al1(), m_rep), 1))
        st.n_bl1 = _nearest_factor(m_rep, st.n_bl1)  # (again against the M repeat, as the vendor's)
        n = self.n_c0()
        st.load_size = _i32(n + _i32(self.m_c0() * _ceil(n, _i32(st.n_bl1 * self.nl0()))))
        return st

    def neither_full_load(self, l1: int) -> _L1Status:
        k = self.k_c0()
        st = self.neither_buffers(l1)
        st = self.neither_k(st, l1, self.bias_l1(st), self.dequant_l1(st))
        # make the larger K depth a multiple of the smaller, and a divisor of K unless they match
        if st.k_al1 > st.k_bl1 and _mod(st.k_al1, st.k_bl1) != 0:
            while _mod(st.k_al1, st.k_bl1) != 0 or (st.k_al1 != st.k_bl1 and _mod(k, st.k_al1) != 0):
                st.k_al1 -= 1
        if st.k_al1 < st.k_bl1 and _mod(st.k_bl1, st.k_al1) != 0:
            while _mod(st.k_bl1, st.k_al1) != 0 or (st.k_al1 != st.k_bl1 and _mod(k, st.k_bl1) != 0):
                st.k_bl1 -= 1
        m_first, n_first = self.m_first(st, l1), self.n_first(st, l1)
        if st.k_al1 >= k and st.k_bl1 >= k:
            st = m_first if n_first.load_size > m_first.load_size else n_first
        if st.k_al1 >= k and st.k_bl1 < k:
            st.n_bl1 = 1
        if st.k_al1 < k and st.k_bl1 >= k:
            st.m_al1 = 1
        if st.k_al1 < k and st.k_bl1 < k:
            st.m_al1 = st.n_bl1 = 1
            m, n, nl0 = self.m_c0(), self.n_c0(), self.nl0()
            # (M is counted in N's base blocks too, as the vendor's is)
            st.load_size = _i32(_i32(m * _ceil(n, nl0)) + _i32(n * _ceil(m, nl0)))
        return st

    def l1_factor(self, l1: int) -> _L1Status:
        """GetL1Factor: both matrices whole in L1, else A whole, else B whole, else neither."""
        a, b = self.a, self.b
        both_nd = a.format == "ND" and b.format == "ND"
        k = self.k_c0()
        st = self.both_full_load(l1)
        ka_parts = _ceil(k, st.k_al1) if st.k_al1 > 0 else 1
        kb_parts = _ceil(k, st.k_bl1) if st.k_bl1 > 0 else 1
        # an ND matrix counts as whole only with all of K in one piece
        fits = st.load_size != INT32_MAX
        if (fits and ka_parts == 1 and kb_parts == 1) if both_nd else fits:
            return st
        # every candidate is evaluated, as the vendor's constexpr code does (its errors are ours)
        a_full = _no_status() if b.in_l1 else self.a_full_load(l1)
        b_full = _no_status() if a.in_l1 else self.b_full_load(l1)
        neither = self.neither_full_load(l1) if not a.in_l1 and not b.in_l1 else _no_status()
        fits = a_full.load_size != INT32_MAX
        ka_parts = _ceil(k, a_full.k_al1) if fits else 1
        if (fits and ka_parts == 1) if both_nd else fits:
            return a_full
        fits = b_full.load_size != INT32_MAX
        kb_parts = _ceil(k, b_full.k_bl1) if fits else 1
        if (fits and kb_parts == 1) if both_nd else fits:
            return b_full
        return neither

    # -- the tiling fields
    def a_whole_in_l1(self, l1: int, t: dict) -> bool:
        """CalcAL1FullLoadTiling: a single-core block of at most 16 x 16 whose A fits L1 whole
        beside two B blocks: depths and K steps from the block sizes. False leaves t as it was."""
        if t["singleCoreM"] > MIN_MN_SIZE or t["singleCoreN"] > MIN_MN_SIZE:
            return False
        a, b = self.a, self.b
        if t["isBias"]:
            l1 = _i32(l1 - BIAS_TABLE_BYTES)
        base_m, base_n, base_k = t["baseM"], t["baseN"], t["baseK"]
        sm, sn, sk = t["singleCoreM"], t["singleCoreN"], t["singleCoreK"]
        base_ka = _align(base_k, _i32(self.ka_align() * a.reduce_c0))
        base_kb = _align(base_k, _i32(self.kb_align() * b.reduce_c0))
        a_block = _div(_i32(_i32(base_m * base_ka) * a.bits), 8)
        b_block = _div(_i32(_i32(base_n * base_kb) * b.bits), 8)
        depth_a1 = _div(_i32(l1 - _i32(DB_ON * b_block)), a_block)
        if _i32(_i32(depth_a1 * base_m) * base_ka) < _i32(sm * sk):
            return False
        depth_a1 = _div(_div(_i32(max(sm, base_m) * max(sk, base_ka)), base_m), base_ka)
        t["depthA1"] = t["stepKa"] = depth_a1
        step_kb = _div(_div(_i32(l1 - _i32(depth_a1 * a_block)), b_block), DB_ON)
        if _i32(_i32(step_kb * DB_ON) * b_block) > _i32(sk * sn):
            step_kb = _div(_div(_div(_i32(max(sk, base_kb) * max(sn, base_n)), base_n), base_kb), DB_ON)
        if step_kb < 1:
            t["depthB1"] = t["stepKb"] = 1
            return True
        while _mod(depth_a1, step_kb) != 0 and _mod(step_kb, depth_a1) != 0 and step_kb > 1:
            step_kb -= 1
        t["depthB1"] = _i32(step_kb * DB_ON)
        t["stepKb"] = step_kb
        return True

    def iterate_order(self, st: _L1Status) -> int:
        """GetIterateOrder: N first when only A1 holds all of K, or when both do and moving
        along N reloads less."""
        rc = self.a.reduce_c0
        full_ka = _to_i32(self.sk) <= _i32(st.k_al1 * rc)
        full_kb = _to_i32(self.sk) <= _i32(st.k_bl1 * rc)
        if full_ka != full_kb:
            return ORDER_N if full_ka else ORDER_M
        if not full_ka:
            return ORDER_M
        m_loop = _ceil(_to_i32(self.sm), _to_i32(st.m_al1 * self.bm))
        n_loop = _ceil(_to_i32(self.sn), _to_i32(st.n_bl1 * self.bn))
        a_loads = _to_i32(self.sm + self.sn * m_loop)
        b_loads = _to_i32(self.sn + self.sm * n_loop)
        return ORDER_N if a_loads < b_loads else ORDER_M

    def l0_double_buffer(self, side: Side, rows: int, l0_bytes: int) -> int:
        """GetL0ADb / GetL0BDb: two base blocks when two fit L0A / L0B."""
        return DB_OFF if _u32(rows * self.bk * side.bits) // 8 > l0_bytes // DB_ON else DB_ON

    def trans_length(self, st: _L1Status) -> int:
        """GetTransLength: the UB scratch of an ND matrix in UB (its ND2NZ), of C, and of bias."""
        a, b, c = self.a, self.b, self.c
        a_len = b_len = c_len = 0
        if a.format == "ND" and a.position in _VECTOR_POSITIONS:
            a_len = _to_i32(_u32(self.sm * self.sk * a.bits) // 8)
        if b.format == "ND" and b.position in _VECTOR_POSITIONS:
            b_len = _to_i32(_u32(self.sk * self.sn * a.bits) // 8)  # B is converted to A's type in L1
        if c.format == "ND" or c.position == "GM":
            c_len = _to_i32(_u32(self.bm * self.bn * c.bits) // 8)
        return max(a_len, b_len, c_len, self.bias_l1(st))

    def l1_used(self, st: _L1Status, depth_a1: int, depth_b1: int) -> int:
        """GetL1UsedSize (shareL1Size): the A1 / B1 blocks, bias and dequant scales."""
        a, b = self.a, self.b
        used = 0
        if not a.in_l1:
            used = _to_i32(used + _u32(depth_a1 * self.bm * self.bk * a.bits) // 8)
        if not b.in_l1:  # B is held in A's type (same bits when the types match)
            used = _to_i32(used + _u32(depth_b1 * self.bn * self.bk * a.bits) // 8)
        if self.set_bias and not self.bias.in_l1:
            used = _to_i32(used + _u32(self.bn * self.bias.bits) // 8)
        return _i32(used + self.dequant_l1(st))


def _check_cfg(cfg: dict) -> None:
    unknown = sorted(set(cfg) - set(MATMUL_CONFIG_MEMBERS))
    if unknown:
        raise ValueError(f"static_tiling: not MatmulConfig members: {', '.join(unknown)}")
    missing = [m for m in _READ_MEMBERS if m not in cfg]
    if missing:
        raise KeyError(f"static_tiling: the config lacks {', '.join(missing)}")


def static_tiling(cfg: dict, l1_size: int, a: Side, b: Side, c: Side, bias: Optional[Side]) -> dict:
    """GetMatmulApiTiling<A, B, C, BIAS>(cfg, l1_size) on Atlas A2.

    cfg: MatmulConfig member name -> value (enums as their ints: iterateOrder ORDER_M=0 /
    ORDER_N=1 / UNDEF=2, scheduleType INNER_PRODUCT=0 / OUTER_PRODUCT=1, batchMode NONE=0 /
    BATCH_LESS_THAN_L1=1 / ...); only vendor names are accepted. l1_size: the L1 bytes the
    tiling may use (the vendor's default is L1_SIZE). bias None is the vendor's default
    BIAS_TYPE, C's type. Returns every MatmulApiStaticTiling field by its vendor name (-1 where
    the vendor leaves the default) and "cfg", a copy of cfg.
    """
    _check_cfg(cfg)
    if not INT32_MIN <= int(l1_size) <= INT32_MAX:
        raise ValueError(f"static_tiling: l1_size {l1_size} is not an int32")
    l1 = int(l1_size)
    calc = _Tiling(cfg, a, b, c, bias if bias is not None else c)
    t: dict = {f: -1 for f in TILING_FIELDS}
    t["cfg"] = dict(cfg)
    if calc.sm == 0 or calc.sn == 0 or calc.sk == 0:
        # no single-core shape: the runtime tiling decides, except what the base block fixes
        if calc.bm != 0 and calc.bn != 0 and calc.bk != 0:
            t["baseM"], t["baseN"], t["baseK"] = _to_i32(calc.bm), _to_i32(calc.bn), _to_i32(calc.bk)
            t["dbL0A"] = calc.l0_double_buffer(a, calc.bm, TOTAL_L0A_SIZE)
            t["dbL0B"] = calc.l0_double_buffer(b, calc.bn, TOTAL_L0B_SIZE)
            t["isBias"] = int(calc.set_bias)
        return t

    st = calc.l1_factor(l1)
    # the original shape is the single-core one (a constant tiling's user sets the real one)
    t["M"] = t["singleCoreM"] = _to_i32(calc.sm)
    t["N"] = t["singleCoreN"] = _to_i32(calc.sn)
    t["Ka"] = t["Kb"] = t["singleCoreK"] = _to_i32(calc.sk)
    t["baseM"], t["baseN"], t["baseK"] = _to_i32(calc.bm), _to_i32(calc.bn), _to_i32(calc.bk)
    t["isBias"] = int(calc.set_bias)
    t["stepM"], t["stepN"] = st.m_al1, st.n_bl1
    if not calc.a_whole_in_l1(l1, t):
        kl0 = calc.kl0()
        t["stepKa"] = _ceil(st.k_al1, kl0)
        t["stepKb"] = _ceil(st.k_bl1, kl0)
        t["depthA1"] = _i32(_i32(_ceil(st.k_al1, kl0) * st.m_al1) * st.db_al1)
        t["depthB1"] = _i32(_i32(_ceil(st.k_bl1, kl0) * st.n_bl1) * st.db_bl1)
    t["iterateOrder"] = calc.iterate_order(st)
    t["dbL0A"] = calc.l0_double_buffer(a, calc.bm, TOTAL_L0A_SIZE)
    t["dbL0B"] = calc.l0_double_buffer(b, calc.bn, TOTAL_L0B_SIZE)
    # GetMxMatmulApiTiling (the MX scale factors, mxTypePara) acts on 3510 only: nothing on A2.
    t["dbL0C"] = 1  # fixed, as the runtime tiling has it
    t["transLength"] = calc.trans_length(st)
    t["shareMode"] = 0
    t["shareL1Size"] = calc.l1_used(st, t["depthA1"], t["depthB1"])
    t["shareL0CSize"] = _to_i32(_u32(calc.bm * calc.bn * 32) // 8)  # float accumulators
    t["shareUbSize"] = 0  # no UB share on A2 (the constant tiling has none for 310P either)
    return t
