"""The vendor's single-core block search of the matmul host tiling (CANN's
MatmulTilingAlgorithm::GetL0Factors and GetL1Factors), used by matmul_tiling_vendor for
the OTHERS scenario and for one core.

Units: M and N in fractals of 16 rows, K in reduce blocks (32 bytes of A's type).
`cs` is the core status (m, n, k); the L0 status is (m, n, k, db_a, db_b, db_c) and the L1
status a dict of the vendor's L1StatusPack fields (one dict changed stage by stage, as
the vendor's one struct is).

Covered: A and B in GM, ND (or NZ) formats, float / 16-bit / 8-bit / 4-bit inputs, bias.
Not covered (the caller does not come here): A or B in L1 (TSCM), MX and sparse
matmuls, the UB ND2NZ path of the 310P, dequant tensors.
"""

from __future__ import annotations

from typing import List, Optional

import struct

from .enums import CubeFormat, DataType



def F32(x) -> float:
    """x rounded to float32: the vendor's scores are float arithmetic (one rounding per
    operation, which double arithmetic then rounding reproduces exactly)."""
    return struct.unpack("f", struct.pack("f", float(x)))[0]


C0, C0_BYTES = 16, 32
FRACTAL = C0 * C0_BYTES  # bytes of one 16 x 32-byte fractal
INT_MAX = 2 ** 31 - 1
BEST_VALUES = (1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096)
MIN_MTE1_LOAD = 32


def _div(a: int, b: int) -> int:
    """C++ integer division (truncates towards zero)."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def cdiv(a: int, b: int) -> int:
    return -(-a // b) if b else 0


def align(a: int, b: int) -> int:
    return cdiv(a, b) * b if b else 0


def align_down(a: int, b: int) -> int:
    return _div(a, b) * b if b else 0


def two_factors(base: int, dim: int, max_num: int) -> List[int]:
    """GetTwoFactors: the first factor of `dim` above `base` (up to max_num), then the factors
    at or below `base`, two in all."""
    if dim == 1:
        return [1, 1]
    res = []
    for up in range(base + 1, min(max_num, dim) + 1):
        if dim % up == 0:
            res.append(up)
            break
    for down in range(base, 0, -1):
        if dim % down == 0:
            res.append(down)
            if len(res) == 2:
                break
    return (res + [0, 0])[:2]


def best_value(base: int) -> int:
    """GetBestValue: the largest power of two not above `base` (1 below 2)."""
    for i in range(1, len(BEST_VALUES)):
        if BEST_VALUES[i] > base:
            return BEST_VALUES[i - 1]
    return BEST_VALUES[-1]


def nearest_factor(base: int, factor: int, cap: Optional[int] = None) -> int:
    """GetNearestFactor: the largest factor of `base` not above `factor` (and `cap`)."""
    cap = base if cap is None else cap
    while factor > cap or (factor > 0 and base % factor != 0):
        factor -= 1
    return factor


class Search:
    """The single-core search over the settings read by a VendorTiling `v`."""

    def __init__(self, v):
        t = v.t
        self.v = v
        self.a_dt, self.b_dt = DataType(int(t.a.dtype)), DataType(int(t.b.dtype))
        self.a_bits, self.b_bits = v.a_bits, v.b_bits
        self.a_trans, self.b_trans = v.a_trans, v.b_trans
        self.a_nz, self.b_nz = int(t.a.fmt) == int(CubeFormat.NZ), int(t.b.fmt) == int(CubeFormat.NZ)
        self.both_nd = int(t.a.fmt) == int(CubeFormat.ND) and int(t.b.fmt) == int(CubeFormat.ND)
        self.l1, self.l0a, self.l0b, self.l0c = v.l1, v.l0a, v.l0b, v.l0c
        self.bt = t.bt_size if v.a2 else 0
        self.bias = v.bias
        self.bias_bytes = max(1, v.bias_bits // 8)
        self.fix_m, self.fix_n = v.base_m, v.base_n
        self.a2 = v.a2
        # PreprocessL0DB: a fixed base too big for two buffers turns L0A / L0B double buffering off
        self.db_a = 1 if self.fix_m != -1 and self.fix_m * C0_BYTES > self.l0a // 2 else 2
        self.db_b = 1 if self.fix_n != -1 and self.fix_n * C0_BYTES > self.l0b // 2 else 2
        self.dtype_bias = self.bias_bytes if self.bias else 0
        self.float_in = self.a_dt == DataType.DT_FLOAT or self.b_dt == DataType.DT_FLOAT
        # GetABL1KAlignValue: float K in pairs of 8 where the fractal needs 16
        self.ka, self.kb = 1, 1
        if self.float_in:
            self.ka = 2 if self.a_trans else 1
            self.kb = 2 if (self.a_trans or not self.b_trans) else 1

    # ---- L0 -----------------------------------------------------------------------------
    def l0_factors(self, cs) -> Optional[tuple]:
        """GetL0Factors with L0C single-buffered (the vendor's template config): (mL0, nL0, kL0),
        from the N-major pass when it finds one, else the M-major pass."""
        mn_max = self.l0c // (C0 * C0) // 4
        max_n = self.bt // C0 // 4 if self.a2 else 64
        bias_bt = self.bias
        max_mk = min(self.l1, self.l0a // self.db_a) // C0 // C0_BYTES
        max_nk = min(self.l1, self.l0b // self.db_b) // C0 // C0_BYTES
        result = None
        for axis in (0, 1):
            combo = dict(max_mk=max_mk, max_nk=max_nk, max_mn=mn_max, axis=axis, axis_num=64,
                         axis_pnt=min(11, 64), max_n=max_n if bias_bt else 64)
            found = self._cand(cs, combo)
            if found is not None:
                result = found
        return result

    def _cand(self, cs, c) -> Optional[tuple]:
        """GetL0FactorsCand: the factors of the major axis, then of the minor one, then of K."""
        l0b_align = 2 if self.b_bits in (8, 4) else 1
        axis = c["axis"]
        major, minor = cs["m"], align(cs["n"], l0b_align)
        major_k, minor_k = c["max_mk"], c["max_nk"]
        max_n = c["max_n"]
        if axis != 0:
            major, minor = align(cs["n"], l0b_align), cs["m"]
            major_k, minor_k = c["max_nk"], c["max_mk"]
        st = dict(final=None, load=INT_MAX, l0c_use=F32(0), mul=0, mte1_loop=INT_MAX, mte1_cycles=0,
                  using_mte1=False)
        bias_bt = self.bias
        if self.fix_n != -1 and axis != 0:
            majors = [cdiv(self.fix_n, C0), 0, 0, 0]
        elif self.fix_m != -1 and axis == 0:
            majors = [cdiv(self.fix_m, C0), 0, 0, 0]
        else:
            if axis != 0 and bias_bt:
                lo = two_factors(min(c["axis_pnt"], max_n), major, min(c["axis_num"], max_n))
                hi = two_factors(min(c["axis_pnt"], max_n), best_value(major), min(c["axis_num"], max_n))
            else:
                lo = two_factors(c["axis_pnt"], major, c["axis_num"])
                hi = two_factors(c["axis_pnt"], best_value(major), c["axis_num"])
            majors = lo + hi
            if axis != 0 and l0b_align == 2:
                majors = [align(x, 2) for x in majors]
        for mj in sorted(set(majors), reverse=True):
            if mj == 0 or mj > c["max_mn"] or mj > major_k or mj > major:
                continue
            minor_max = min(c["max_mn"] // mj, minor_k)
            if self.fix_n != -1 and axis == 0:
                minors = [cdiv(self.fix_n, C0), 0, 0, 0]
            elif self.fix_m != -1 and axis != 0:
                minors = [cdiv(self.fix_m, C0), 0, 0, 0]
            else:
                if axis == 0 and bias_bt:
                    lo = two_factors(min(minor_max, max_n), minor, min(minor_max, max_n))
                    hi = two_factors(min(minor_max, max_n), best_value(minor), min(minor_max, max_n))
                else:
                    lo = two_factors(minor_max, minor, minor_max)
                    hi = two_factors(minor_max, best_value(minor), minor_max)
                minors = lo + hi
                if axis == 0 and l0b_align == 2:
                    minors = [align(x, 2) for x in minors]
            for mn in sorted(set(minors), reverse=True):
                if mn == 0 or mn * mj > c["max_mn"] or mn > minor_k or mn > minor or mn > major_k:
                    continue
                if self.a2:  # the bias table's columns per L0C buffer (one buffer here)
                    max_n = self.bt // C0 // 4 // 1
                if bias_bt and ((axis != 0 and mj > 64) or (axis == 0 and mn > 64)):
                    continue
                k0_max = min(major_k // mj, minor_k // mn)
                ks = two_factors(k0_max, cs["k"], k0_max) + two_factors(k0_max, best_value(cs["k"]), c["axis_num"])
                for k0 in sorted(set(ks), reverse=True):
                    if k0 == 0 or mn * k0 > minor_k or mj * k0 > major_k:
                        continue
                    if ((self.a_dt == DataType.DT_FLOAT and self.a_nz and self.a_trans) or
                            (self.b_dt == DataType.DT_FLOAT and self.b_nz and not self.b_trans)) and k0 == 1:
                        k0 = 2
                    m_l0, n_l0 = (mj, mn) if axis == 0 else (mn, mj)
                    if self.a_dt == DataType.DT_FLOAT:
                        la = (align(k0, 2) if self.a_trans else k0) * C0_BYTES * m_l0 * C0 * 2
                        lb = (align(k0, 2) if (self.a_trans or not self.b_trans) else k0) * C0_BYTES * n_l0 * C0 * 2
                        if la > self.l0a or lb > self.l0b:
                            continue
                    elif self.a_bits in (8, 4):
                        la = k0 * C0_BYTES * (align(m_l0, 2) if self.a_trans else m_l0) * C0 * 2
                        lb = k0 * C0_BYTES * (n_l0 if self.b_trans else align(n_l0, 2)) * C0 * 2
                        if la > self.l0a or lb > self.l0b:
                            continue
                    self._final_mkn(st, cs, m_l0, n_l0, k0)
        return st["final"]

    def _load_size(self, cs, m_l0, n_l0, k_l0) -> int:
        """GetLoadSize: fractal rows read into L0 for the whole core."""
        m, n, k = cs["m"], cs["n"], cs["k"]
        if m * k * FRACTAL <= self.l0a or n * k * FRACTAL <= self.l0b:
            return m + n
        if k_l0 >= k:
            return min(n + cdiv(n, n_l0) * m, m + cdiv(m, m_l0) * n)
        return cdiv(m, m_l0) * n + cdiv(n, n_l0) * m

    def _final_mkn(self, st, cs, m_l0, n_l0, k_l0) -> None:
        """GetFinalMkn: keeps a block with less L0 load, or MTE1 faster than the cube, or as much
        load with more cube work per L0C use, or fewer MTE1 calls."""
        l0c_use = F32(m_l0 * n_l0 * 1 * C0 * C0 * 4 * 1.0 / self.l0c)
        mte1 = max(6, m_l0 * k_l0 * FRACTAL // 256) + max(6, k_l0 * n_l0 * FRACTAL // 128)
        mad = m_l0 * k_l0 * n_l0
        load = self._load_size(cs, m_l0, n_l0, k_l0)
        mte1_loop = (k_l0 if n_l0 != 1 else 1) + (m_l0 if k_l0 != 1 else 1)
        c1 = st["final"] is None
        c2 = load < st["load"] or (mte1 < mad and not st["using_mte1"])
        c3 = load == st["load"] and mad > st["mul"] and F32(F32(mad) * l0c_use) >= F32(F32(st["mul"]) * st["l0c_use"])
        c4 = mad == st["mul"] and load == st["load"] and mte1_loop < st["mte1_loop"]
        c5 = (mte1 < mad and st["using_mte1"]) or not st["using_mte1"]
        a1 = m_l0 * k_l0 * FRACTAL
        b1 = n_l0 * k_l0 * FRACTAL
        bias = n_l0 * C0 * self.bias_bytes if (self.a2 and self.bias) else 0
        c6 = a1 + b1 + bias <= self.l1  # CheckBaseMNKL1Size
        last = 8 if self.float_in else 16
        c7 = self.fix_n != -1 or not (cs["n"] >= last and n_l0 < last)
        c8 = k_l0 % 2 == 0 if ((self.a_dt == DataType.DT_FLOAT and self.a_nz and self.a_trans) or
                                (self.b_dt == DataType.DT_FLOAT and self.b_nz and not self.b_trans)) else True
        if (c1 or c2 or c3 or c4) and c5 and c6 and c7 and c8:
            st.update(final=(m_l0, n_l0, k_l0), load=load, l0c_use=l0c_use, mul=mad, mte1_cycles=mte1,
                      mte1_loop=mte1_loop, using_mte1=st["using_mte1"] or mte1 < mad)

    # ---- L1 -----------------------------------------------------------------------------
    def _need_align(self, is_a: bool) -> bool:
        if is_a:
            return self.a_dt == DataType.DT_FLOAT or (self.a_dt == DataType.DT_INT8 and self.a_trans)
        return self.b_dt == DataType.DT_FLOAT or (self.b_dt == DataType.DT_INT8 and not self.b_trans)

    def _l1_size(self, s, l0) -> int:
        """GetL1Size: the L1 bytes of an L1 status (0 when a factor is not positive)."""
        m_l0, n_l0, _ = l0
        a_const = FRACTAL * s["db_a"] * (2 if self._need_align(True) else 1)
        b_const = FRACTAL * s["db_b"] * (2 if self._need_align(False) else 1)
        cw_const = s["cw"] * C0 * s["db_b"] * self.dtype_bias
        fa = (s["m_a"], m_l0, a_const, align(s["k_a"], self.ka))
        fb = (s["n_b"], n_l0, b_const, align(s["k_b"], self.kb))
        if min(fa) <= 0 or min(fb) <= 0:
            return 0
        total = fa[0] * fa[1] * fa[2] * fa[3] + fb[0] * fb[1] * fb[2] * fb[3]
        if s["cw"] > 0:
            if min(s["n_b"], n_l0, cw_const) <= 0:
                return 0
            total += s["n_b"] * n_l0 * cw_const
        return min(total, INT_MAX)

    @staticmethod
    def _max_len(res, s, l0, al, axis) -> int:
        """CalL1MaxLen: how many K blocks (KA / KB) or L0 blocks (M / N) fit `res` bytes."""
        m_l0, n_l0, _ = l0
        out = 1
        if axis == "ka":
            out = _div(res, s["m_a"] * m_l0 * s["db_a"] * FRACTAL)
        if axis == "kb":
            out = _div(res, s["n_b"] * n_l0 * s["db_b"] * FRACTAL)
        out = align_down(out, al)
        if axis == "m":
            out = _div(res, align(s["k_a"], al) * m_l0 * s["db_a"] * FRACTAL)
        if axis == "n":
            out = _div(res, align(s["k_b"], al) * n_l0 * s["db_b"] * FRACTAL + s["cw"] * n_l0 * C0 * C0_BYTES)
        return out

    @staticmethod
    def _set(s, k_a, k_b, m_a, n_b, db_a, db_b):
        s.update(k_a=k_a, k_b=k_b, m_a=m_a, n_b=n_b, db_a=db_a, db_b=db_b)

    @staticmethod
    def _row(s):
        return [s["k_a"], s["m_a"], s["db_a"], s["k_b"], s["n_b"], s["db_b"], s["load"]]

    def l1_factors(self, cs, l0, single_k_blocks: int) -> dict:
        """GetL1Factors: both A and B whole in L1, A whole, B whole, or neither; the least load
        wins (ties to the larger steps)."""
        m_l0, n_l0, k_l0 = l0
        m, n, k = cs["m"], cs["n"], cs["k"]
        s = dict(k_a=1, k_b=1, m_a=1, n_b=1, db_a=1, db_b=1, a_size=0, b_size=0, load=0, cw=0,
                 both=False, a_full=False, b_full=False)
        mte1_loop = MIN_MTE1_LOAD // ((1 if n_l0 == 1 else k_l0) + (1 if k_l0 == 1 else m_l0))
        s["all"] = cdiv(k, k_l0)
        s["max_m"], s["max_n"] = cdiv(m, m_l0), cdiv(n, n_l0)
        s["max_ka"] = max(mte1_loop, ((MIN_MTE1_LOAD + m_l0 - 1) // m_l0 + k_l0 - 1) // k_l0)
        s["max_kb"] = max(mte1_loop, ((MIN_MTE1_LOAD + n_l0 - 1) // n_l0 + k_l0 - 1) // k_l0)
        if self.bias:
            s["cw"] += 1
        res = [[0] * 7 for _ in range(4)]
        self._set(s, k, k, s["max_m"], s["max_n"], 1, 1)
        self._both_full(cs, l0, s, res)
        self._set(s, k, k_l0, s["max_m"], 1, 1, 1)
        self._a_full(cs, l0, s, res)
        self._set(s, k_l0, k, 1, s["max_n"], 1, 1)
        self._b_full(cs, l0, s, res)
        res[3][6] = INT_MAX
        self._set(s, k_l0, k_l0, 1, 1, 2, 2)
        self._neither(cs, l0, s, res)
        pick = res[3]
        load = pick[6]

        def k_factor(k_blocks):
            return cdiv(single_k_blocks, k_blocks) if k_blocks > 0 else 1

        a_full = s["a_full"] and (k_factor(res[1][0]) == 1 if self.both_nd else True)
        b_full = s["b_full"] and (k_factor(res[2][3]) == 1 if self.both_nd else True)
        both = s["both"] and ((k_factor(res[0][0]) == 1 and k_factor(res[0][3]) == 1) if self.both_nd else True)
        for ok, row in ((a_full, res[1]), (b_full, res[2]), (both, res[0])):
            if ok and (row[6] < load or (row[6] == load and row[1] + row[4] >= pick[1] + pick[4])):
                pick = row
                load = pick[6]
        return dict(k_a=pick[0], k_b=pick[3], m_a=pick[1], n_b=pick[4], db_a=pick[2], db_b=pick[5])

    def _both_full(self, cs, l0, s, res):
        k_l0 = l0[2]
        s["k_a"] = cdiv(s["k_a"], k_l0) * k_l0
        s["k_b"] = cdiv(s["k_b"], k_l0) * k_l0
        cur = self._l1_size(s, l0)
        if 0 < cur <= self.l1:
            s["both"] = True
            s["load"] = cs["m"] + cs["n"]
            res[0] = self._row(s)

    def _a_full(self, cs, l0, s, res):
        m_l0, n_l0, k_l0 = l0
        m, n, k = cs["m"], cs["n"], cs["k"]
        m_rep, n_rep = cdiv(m, m_l0), cdiv(n, n_l0)
        s["k_a"] = cdiv(s["k_a"], k_l0) * k_l0
        cur = self._l1_size(s, l0)
        if not 0 < cur <= self.l1:
            return
        s["a_full"] = True
        s["a_size"] = max(align(k, self.ka), align(s["k_a"], self.ka)) * max(s["m_a"] * m_l0, m) * FRACTAL
        s["b_size"] = self.l1 - s["a_size"]
        s["db_b"] = 2
        if self._l1_size(s, l0) > self.l1:
            s["db_b"] = 1
        bias = s["cw"] * s["n_b"] * n_l0 * C0 * self.dtype_bias * s["db_b"]
        s["k_b"] = min(self._max_len(s["b_size"] - bias, s, l0, self.kb, "kb"), k)
        times = nearest_factor(s["all"], min(_div(s["k_b"], k_l0), s["max_kb"]))
        s["k_b"] = times * k_l0
        if s["k_b"] == k:
            s["n_b"] = nearest_factor(n_rep, min(self._max_len(s["b_size"], s, l0, self.kb, "n"), s["max_n"]))
        invalid = s["n_b"] == 0 or s["k_b"] == 0
        s["load"] = INT_MAX if invalid else m + (1 if s["k_b"] == k else m_rep) * n
        if s["k_b"] == k and s["n_b"] * n_l0 == n:
            s["db_b"] = 1
        res[1] = self._row(s)

    def _b_full(self, cs, l0, s, res):
        m_l0, n_l0, k_l0 = l0
        m, n, k = cs["m"], cs["n"], cs["k"]
        m_rep, n_rep = cdiv(m, m_l0), cdiv(n, n_l0)
        s["k_b"] = cdiv(s["k_b"], k_l0) * k_l0
        cur = self._l1_size(s, l0)
        if not 0 < cur <= self.l1:
            return
        s["b_full"] = True
        s["b_size"] = max(align(k, self.kb), align(s["k_b"], self.kb)) * max(s["n_b"] * n_l0, n) * FRACTAL
        s["a_size"] = self.l1 - s["b_size"]
        s["db_a"] = 2
        if self._l1_size(s, l0) > self.l1:
            s["db_a"] = 1
        bias = s["cw"] * s["n_b"] * n_l0 * C0 * self.dtype_bias * s["db_b"]
        s["k_a"] = min(self._max_len(s["a_size"] - bias, s, l0, self.ka, "ka"), k)
        times = nearest_factor(s["all"], min(_div(s["k_a"], k_l0), s["max_ka"]))
        s["k_a"] = times * k_l0
        if s["k_a"] == k:
            s["m_a"] = nearest_factor(m_rep, min(self._max_len(s["a_size"] - bias, s, l0, self.ka, "m"), s["max_m"]))
        invalid = s["m_a"] == 0 or s["k_a"] == 0
        s["load"] = INT_MAX if invalid else n + (1 if s["k_a"] == k else n_rep) * m
        if s["k_a"] == k and s["m_a"] * m_l0 >= m:
            s["db_a"] = 1
        res[2] = self._row(s)

    def _neither(self, cs, l0, s, res):
        self._neither_db(cs, l0, s)
        self._neither_k(cs, l0, s)
        self._neither_mn(cs, l0, s)
        res[3] = self._row(s)

    def _neither_db(self, cs, l0, s):
        """NeitherFullLoadDb: double buffers that fit with two K blocks of B, and both on again
        when the whole K of B would not fit."""
        m_l0, _, k_l0 = l0
        keep = s["k_b"]
        s["k_b"] = 2
        if self._l1_size(s, l0) > self.l1:
            s["db_b"] = 1
            if self._l1_size(s, l0) > self.l1:
                s["db_a"] = 1
        s["k_b"] = cs["k"]
        both = cs["m"] != m_l0 and cs["k"] > k_l0 and self._l1_size(s, l0) > self.l1
        s["k_b"] = keep
        if both:
            s["db_a"] = s["db_b"] = 2
            if self._l1_size(s, l0) > self.l1:
                s["db_b"] = 1
                if self._l1_size(s, l0) > self.l1:
                    s["db_a"] = 1

    def _neither_k(self, cs, l0, s):
        m_l0, n_l0, k_l0 = l0
        k = cs["k"]
        if k_l0 == k:
            return
        if not self.a_trans and not self.b_trans:
            axis = 1
        elif self.a_trans and self.b_trans:
            axis = 2
        elif not self.a_trans and self.b_trans:
            axis = 1 if m_l0 > n_l0 else 2
        else:
            axis = 0
        if axis:
            self._neither_k_nd(cs, l0, s, axis)
        else:
            self._neither_k_nz(cs, l0, s)
        if s["k_a"] > s["k_b"] and s["k_a"] % s["k_b"] != 0:
            while s["k_a"] % s["k_b"] != 0 or (s["k_a"] != s["k_b"] and k % s["k_a"] != 0):
                s["k_a"] -= 1
        if s["k_a"] < s["k_b"] and s["k_b"] % s["k_a"] != 0:
            while s["k_b"] % s["k_a"] != 0 or (s["k_a"] != s["k_b"] and k % s["k_b"] != 0):
                s["k_b"] -= 1

    def _neither_k_nd(self, cs, l0, s, axis):
        """NeitherFullLoadKforND: the K of one side as deep as L1 allows, then the other's."""
        m_l0, n_l0, k_l0 = l0
        k = cs["k"]
        bias = s["cw"] * s["n_b"] * n_l0 * C0 * self.dtype_bias * s["db_b"]
        al = {8: 32, 4: 64}.get(self.a_bits, 16)
        reduce = C0_BYTES * 8 // self.a_bits
        align_m = cdiv(s["m_a"] * C0, al) * al
        align_n = cdiv(s["n_b"] * C0, al) * al
        align_k = cdiv(k_l0 * reduce, al) * al * self.a_bits // 8
        b_float_like = self.b_dt == DataType.DT_FLOAT or (self.a_trans and self.a_bits == 8)
        b_small = not self.b_trans and self.b_bits in (8, 4)
        if axis == 1:
            s["k_b"] = k_l0
            if b_float_like:
                s["b_size"] = s["k_b"] * n_l0 * C0 * align_k * s["n_b"] * s["db_b"]
            elif b_small:
                s["b_size"] = s["k_b"] * n_l0 * align_k * align_n * s["db_b"]
            else:
                s["b_size"] = s["k_b"] * s["n_b"] * n_l0 * FRACTAL * s["db_b"]
            s["a_size"] = self.l1 - s["b_size"]
            factor = s["m_a"] * m_l0 * C0 * s["db_a"] * C0_BYTES
            s["k_a"] = k if factor == 0 else min(_div(s["a_size"] - bias, factor), k)
            times = nearest_factor(s["all"], max(_div(s["k_a"], k_l0), 1))
            s["k_a"] = times * k_l0
            s["a_size"] = s["k_a"] * s["m_a"] * m_l0 * FRACTAL * s["db_a"]
            s["b_size"] = self.l1 - s["a_size"]
            if b_float_like:
                s["k_b"] = min(_div(s["b_size"] - bias, s["n_b"] * n_l0 * C0 * s["db_b"] * align_k), k)
            elif b_small:
                s["k_b"] = min(_div(s["b_size"] - bias, align_n * n_l0 * s["db_b"] * align_k), k)
            else:
                s["k_b"] = min(_div(s["b_size"] - bias, s["n_b"] * n_l0 * C0 * s["db_b"] * C0_BYTES), k)
            times = nearest_factor(s["all"], max(min(_div(s["k_b"], k_l0), s["max_kb"]), 1))
            s["k_b"] = times * k_l0
        else:
            s["k_a"] = k_l0
            a_float_like = (self.a_trans and self.a_dt == DataType.DT_FLOAT) or \
                (not self.a_trans and self.a_bits == 8)
            if a_float_like:
                s["a_size"] = s["k_a"] * s["m_a"] * m_l0 * C0 * align_k * s["db_a"]
            elif self.a_trans and self.a_bits == 8:
                s["a_size"] = s["k_a"] * align_m * m_l0 * align_k * s["db_a"]
            else:
                s["a_size"] = s["k_a"] * s["m_a"] * m_l0 * FRACTAL * s["db_a"]
            s["b_size"] = self.l1 - s["a_size"]
            s["k_b"] = min(_div(s["b_size"] - bias, s["n_b"] * n_l0 * C0 * s["db_b"] * C0_BYTES), k)
            times = nearest_factor(s["all"], max(_div(s["k_b"], k_l0), 1))
            s["k_b"] = times * k_l0
            s["b_size"] = s["k_b"] * s["n_b"] * n_l0 * FRACTAL * s["db_b"]
            s["a_size"] = self.l1 - s["b_size"]
            if (self.a_trans and self.a_dt == DataType.DT_FLOAT) or (not self.a_trans and self.a_bits in (8, 4)):
                factor = s["m_a"] * m_l0 * C0 * s["db_a"] * align_k
                s["k_a"] = k if factor == 0 else min(_div(s["a_size"] - bias, factor), k)
            elif self.a_trans and self.a_bits == 8:
                s["k_a"] = min(_div(s["a_size"] - bias, align_m * m_l0 * s["db_a"] * align_k), k)
                s["a_size"] = s["k_a"] * align_m * m_l0 * align_k * s["db_a"]
            else:
                factor = s["m_a"] * m_l0 * C0 * s["db_a"] * C0_BYTES
                s["k_a"] = k if factor == 0 else min(_div(s["a_size"] - bias, factor), k)
            times = nearest_factor(s["all"], max(min(_div(s["k_a"], k_l0), s["max_ka"]), 1))
            s["k_a"] = times * k_l0

    def _neither_k_nz(self, cs, l0, s):
        """NeitherFullLoadKforNZ (A transposed, B not): all of B's K when it fits, else one K
        depth for both."""
        m_l0, n_l0, k_l0 = l0
        k = cs["k"]
        s["k_b"] = k
        bias = s["cw"] * s["n_b"] * n_l0 * C0 * self.dtype_bias * s["db_b"]
        cur = self._l1_size(s, l0)
        if 0 < cur <= self.l1:
            s["b_size"] = align(k, self.kb) * s["n_b"] * n_l0 * FRACTAL * s["db_b"]
            s["a_size"] = self.l1 - s["b_size"]
            s["k_a"] = min(self._max_len(s["a_size"] - bias, s, l0, self.ka, "ka"), k)
            times = nearest_factor(s["all"], max(min(_div(s["k_a"], k_l0), s["max_ka"]), 1))
            s["k_a"] = times * k_l0
            return
        per_k = min(_div(_div(self.l1 - bias, m_l0 * FRACTAL * s["db_a"] + C0 * n_l0 * C0_BYTES * s["db_b"]),
                         k_l0) * k_l0, k)
        bias_factor = s["n_b"] * n_l0 if self.bias else 0
        if self.a_dt == DataType.DT_FLOAT:
            amat = s["m_a"] * m_l0 * align(per_k, self.ka) * s["db_a"]
            bmat = s["n_b"] * n_l0 * align(per_k, self.kb) * s["db_b"]
            if (amat + bmat) * FRACTAL + bias_factor * C0 * self.dtype_bias * s["db_b"] > self.l1:
                per_k -= 1
        times = nearest_factor(s["all"], min(_div(per_k, k_l0), max(s["max_ka"], s["max_kb"])))
        times = min(times, s["all"])
        s["k_a"] = s["k_b"] = times * k_l0

    def _neither_mn(self, cs, l0, s):
        """NeitherFullLoadMN: M steps then N steps (M first) or the reverse (N first); the order
        with less load when both K are whole, else the side whose K is whole."""
        m_l0, n_l0, k_l0 = l0
        m, n, k = cs["m"], cs["n"], cs["k"]
        m_rep, n_rep = cdiv(m, m_l0), cdiv(n, n_l0)
        if self.dtype_bias == 4 and s["cw"] > 0:
            s["cw"] += 1
        bias = s["cw"] * s["n_b"] * n_l0 * C0 * 2 * s["db_b"]
        mf, nf = dict(s), dict(s)
        mf["b_size"] = align(mf["k_b"], self.kb) * n_l0 * FRACTAL * mf["db_b"]
        mf["a_size"] = self.l1 - mf["b_size"]
        mf["m_a"] = max(min(self._max_len(mf["a_size"] - bias, mf, l0, self.ka, "m"), mf["max_m"], m_rep), 1)
        mf["m_a"] = nearest_factor(m_rep, mf["m_a"])
        mf["a_size"] = align(mf["k_a"], self.ka) * mf["m_a"] * m_l0 * FRACTAL * mf["db_a"]
        mf["b_size"] = self.l1 - mf["a_size"]
        mf["n_b"] = max(min(self._max_len(mf["b_size"] - bias, mf, l0, self.kb, "n"), mf["max_n"], n_rep), 1)
        mf["n_b"] = nearest_factor(n_rep, mf["n_b"])
        mf["load"] = m + n * cdiv(m, mf["m_a"] * m_l0)
        nf["a_size"] = align(nf["k_a"], self.ka) * m_l0 * FRACTAL * nf["db_a"]
        nf["b_size"] = self.l1 - nf["a_size"]
        nf["n_b"] = max(min(self._max_len(nf["b_size"] - bias, nf, l0, self.kb, "n"), nf["max_n"], n_rep), 1)
        nf["n_b"] = nearest_factor(n_rep, nf["n_b"])
        nf["b_size"] = align(k, self.kb) * nf["n_b"] * n_l0 * FRACTAL * nf["db_b"]
        nf["a_size"] = self.l1 - nf["b_size"]
        bias = bias * nf["n_b"]
        nf["m_a"] = max(min(self._max_len(nf["a_size"] - bias, nf, l0, self.ka, "m"), nf["max_m"], m_rep), 1)
        nf["m_a"] = nearest_factor(m_rep, nf["m_a"])
        nf["load"] = m * cdiv(n, nf["n_b"] * n_l0) + n
        ka_whole, kb_whole = s["k_a"] >= k, s["k_b"] >= k
        if ka_whole and kb_whole:
            s.update(mf if nf["load"] > mf["load"] else nf)
        elif ka_whole:
            mf["n_b"] = 1
            s.update(mf)
        elif kb_whole:
            nf["m_a"] = 1
            s.update(nf)
        else:
            s["m_a"] = s["n_b"] = 1
            s["load"] = m * cdiv(n, mf["n_b"] * n_l0) + n * cdiv(m, mf["m_a"] * m_l0)


__all__ = ["Search", "two_factors", "best_value", "nearest_factor"]
