"""Vector element-wise ops on the Model vs a numpy oracle of the hardware
addressing: level 2 (count), level 0 count mask and bit mask, non-default
strides, partial masks (masked-off dst elements must stay untouched), the mask
register (isSetMask=false, counter mode). One kernel per dtype."""

import numpy as np
import pytest

from conftest import gm
from asc.runtime.model import ModelFault

N = 512          # elements per operand tensor
COUNT = 200      # level-2 count (the tail of dst stays untouched)
MASK_CNT = 50    # level-0 count mask
BITS = (0xF0F0F0F0F0F0F00F, 0x0123456789ABCDEF)
NP = {"float": np.float32, "half": np.float16, "int16_t": np.int16, "int32_t": np.int32}


# ---- numpy oracle of the level-0 addressing ---------------------------------
def active(mask, epr):
    if isinstance(mask, tuple):
        bits = [(mask[0] >> i) & 1 for i in range(64)] + [(mask[1] >> i) & 1 for i in range(64)]
        return [e for e in range(min(epr, 128)) if bits[e]]
    return list(range(mask))


def idx(r, e, esz, blk, rep):
    epb = 32 // esz
    return (r * rep * 32 + (e // epb) * blk * 32) // esz + e % epb


def l0(dst, srcs, dstride, mask, repeat, fn, esz):
    """srcs: [(array, blk, rep)], dstride: (blk, rep); fn(d, *s) on float arrays."""
    epr = 256 // esz
    act = active(mask, epr)
    d = dst.copy()
    di = np.array([idx(r, e, esz, *dstride) for r in range(repeat) for e in act])
    sv = [a[np.array([idx(r, e, esz, b, rp) for r in range(repeat) for e in act])] for a, b, rp in srcs]
    d[di] = cast(fn(wide(d[di]), *[wide(s) for s in sv]), d.dtype)
    return d


def l2(dst, srcs, count, fn):
    d = dst.copy()
    d[:count] = cast(fn(wide(d[:count]), *[wide(s[:count]) for s in srcs]), d.dtype)
    return d


def wide(a):
    return a.astype(np.float32) if a.dtype == np.float16 else a


def cast(v, dt):
    with np.errstate(all="ignore"):
        return np.asarray(v).astype(dt)


# ---- op table ---------------------------------------------------------------
relu = lambda v: np.maximum(v, 0)
BIN = {
    "Add": lambda d, a, b: a + b, "Sub": lambda d, a, b: a - b, "Mul": lambda d, a, b: a * b,
    "Div": lambda d, a, b: a / b, "Max": lambda d, a, b: np.maximum(a, b), "Min": lambda d, a, b: np.minimum(a, b),
    "AddRelu": lambda d, a, b: relu(a + b), "SubRelu": lambda d, a, b: relu(a - b),
    "FusedMulAdd": lambda d, a, b: a * d + b, "FusedMulAddRelu": lambda d, a, b: relu(a * d + b),
    "MulAddDst": lambda d, a, b: a * b + d,
}
INT_BIN = {
    "Add": lambda d, a, b: a + b, "Sub": lambda d, a, b: a - b, "Mul": lambda d, a, b: a * b,
    "Max": lambda d, a, b: np.maximum(a, b), "Min": lambda d, a, b: np.minimum(a, b),
    "And": lambda d, a, b: a & b, "Or": lambda d, a, b: a | b,
}
# unary ops read y (positive) so that Ln / Sqrt / ... are defined; Abs / Relu read x.
UN = {
    "Exp": (lambda d, a: np.exp(a), "x"), "Ln": (lambda d, a: np.log(a), "y"),
    "Abs": (lambda d, a: np.abs(a), "x"), "Relu": (lambda d, a: relu(a), "x"),
    "Sqrt": (lambda d, a: np.sqrt(a), "y"), "Rsqrt": (lambda d, a: 1 / np.sqrt(a), "y"),
    "Reciprocal": (lambda d, a: 1 / a, "y"),
}
INT_UN = {"Abs": (lambda d, a: np.abs(a), "x"), "Not": (lambda d, a: ~a, "x")}
SC = {
    "Adds": (lambda a, s: a + s, 1.5), "Muls": (lambda a, s: a * s, -0.75), "Maxs": (lambda a, s: np.maximum(a, s), 0.25),
    "Mins": (lambda a, s: np.minimum(a, s), 0.25), "LeakyRelu": (lambda a, s: np.where(a >= 0, a, a * s), 0.125),
}
INT_SC = {
    "Adds": (lambda a, s: a + s, 7), "Muls": (lambda a, s: a * s, -3), "Maxs": (lambda a, s: np.maximum(a, s), 5),
    "Mins": (lambda a, s: np.minimum(a, s), 5), "ShiftLeft": (lambda a, s: a << s, 3),
    "ShiftRight": (lambda a, s: a >> s, 2),
}
TRANSCENDENTAL = {"Exp", "Ln", "Sqrt", "Rsqrt", "Reciprocal", "Div"}

BP = "2, 1, 2, 16, 8, 16"   # BinaryRepeatParams: dst blk 2 rep 16, src0 1/8, src1 2/16
UP = "2, 1, 16, 8"          # UnaryRepeatParams: dst blk 2 rep 16, src 1/8
BSTR = {"dst": (2, 16), "src0": (1, 8), "src1": (2, 16)}


def build(T, int_mode):
    """Returns (kernel source, list of (label, expect_fn(x, y, z) -> dst))."""
    esz = np.dtype(NP[T]).itemsize
    ops, calls = [], []
    bits = f"uint64_t m[2] = {{0x{BITS[0]:X}ULL, 0x{BITS[1]:X}ULL}};"

    def add(label, call, expect):
        ops.append((label, expect))
        calls.append(call)

    for name, fn in (INT_BIN if int_mode else BIN).items():
        if name != "Add":
            add(f"{name} l2", f"AscendC::{name}(dl, xl, yl, {COUNT});",
                lambda x, y, z, fn=fn: l2(z, [x, y], COUNT, fn))
        srcs = lambda x, y: [(x, *BSTR["src0"]), (y, *BSTR["src1"])]
        targs = f"{T}, {T}, true" if name == "MulAddDst" else f"{T}, true"  # MulAddDst<dst, src, isSetMask>
        add(f"{name} l0 count", f"{{ AscendC::BinaryRepeatParams p{{{BP}}}; "
            f"AscendC::{name}<{targs}>(dl, xl, yl, (uint64_t){MASK_CNT}, 2, p); }}",
            lambda x, y, z, fn=fn: l0(z, srcs(x, y), BSTR["dst"], MASK_CNT, 2, fn, esz))
        add(f"{name} l0 bits", f"{{ {bits} AscendC::BinaryRepeatParams p{{1, 1, 1, 8, 8, 8}}; "
            f"AscendC::{name}<{targs}>(dl, xl, yl, m, 2, p); }}",
            lambda x, y, z, fn=fn: l0(z, [(x, 1, 8), (y, 1, 8)], (1, 8), BITS, 2, fn, esz))
    for name, (fn, src) in (INT_UN if int_mode else UN).items():
        sl = src + "l"
        pick = (lambda x, y, s=src: x if s == "x" else y)
        add(f"{name} l2", f"AscendC::{name}(dl, {sl}, {COUNT});",
            lambda x, y, z, fn=fn, pick=pick: l2(z, [pick(x, y)], COUNT, fn))
        add(f"{name} l0 count", f"{{ AscendC::UnaryRepeatParams p{{{UP}}}; "
            f"AscendC::{name}<{T}, true>(dl, {sl}, (uint64_t){MASK_CNT}, 2, p); }}",
            lambda x, y, z, fn=fn, pick=pick: l0(z, [(pick(x, y), 1, 8)], (2, 16), MASK_CNT, 2, fn, esz))
        add(f"{name} l0 bits", f"{{ {bits} AscendC::UnaryRepeatParams p{{1, 1, 8, 8}}; "
            f"AscendC::{name}<{T}, true>(dl, {sl}, m, 2, p); }}",
            lambda x, y, z, fn=fn, pick=pick: l0(z, [(pick(x, y), 1, 8)], (1, 8), BITS, 2, fn, esz))
    for name, (fn, s) in (INT_SC if int_mode else SC).items():
        f2 = lambda d, a, fn=fn, s=s: fn(a, s)
        add(f"{name} l2", f"AscendC::{name}<{T}, true>(dl, xl, ({T}){s}, {COUNT});",
            lambda x, y, z, f2=f2: l2(z, [x], COUNT, f2))
        add(f"{name} l0 count", f"{{ AscendC::UnaryRepeatParams p{{{UP}}}; "
            f"AscendC::{name}<{T}, true>(dl, xl, ({T}){s}, (uint64_t){MASK_CNT}, 2, p); }}",
            lambda x, y, z, f2=f2: l0(z, [(x, 1, 8)], (2, 16), MASK_CNT, 2, f2, esz))
        add(f"{name} l0 bits", f"{{ {bits} AscendC::UnaryRepeatParams p{{1, 1, 8, 8}}; "
            f"AscendC::{name}<{T}, true>(dl, xl, ({T}){s}, m, 2, p); }}",
            lambda x, y, z, f2=f2: l0(z, [(x, 1, 8)], (1, 8), BITS, 2, f2, esz))
    dup = lambda d: np.full_like(d, 3)
    add("Duplicate l2", f"AscendC::Duplicate<{T}>(dl, ({T})3, {COUNT});",
        lambda x, y, z: l2(z, [], COUNT, dup))
    add("Duplicate l0 count", f"AscendC::Duplicate<{T}, true>(dl, ({T})3, (uint64_t){MASK_CNT}, 2, 2, 16);",
        lambda x, y, z: l0(z, [], (2, 16), MASK_CNT, 2, dup, esz))
    add("Duplicate l0 bits", f"{{ {bits} AscendC::Duplicate<{T}, true>(dl, ({T})3, m, 2, 1, 8); }}",
        lambda x, y, z: l0(z, [], (1, 8), BITS, 2, dup, esz))
    # The mask register: norm mode with isSetMask=false, then counter mode.
    add("mask register norm", f"{{ AscendC::SetVectorMask<{T}>(0x0ULL, 0xFF00FFULL); "
        f"AscendC::BinaryRepeatParams p{{1, 1, 1, 8, 8, 8}}; "
        f"AscendC::Sub<{T}, false>(dl, xl, yl, (uint64_t)0, 2, p); AscendC::ResetMask(); }}",
        lambda x, y, z: l0(z, [(x, 1, 8), (y, 1, 8)], (1, 8), (0xFF00FF, 0), 2, lambda d, a, b: a - b, esz))
    add("mask register counter", f"{{ AscendC::SetMaskCount(); "
        f"AscendC::SetVectorMask<{T}, AscendC::MaskMode::COUNTER>(0, 300); "
        f"AscendC::BinaryRepeatParams p{{1, 1, 1, 8, 8, 8}}; "
        f"AscendC::Sub<{T}, false>(dl, xl, yl, (uint64_t)0, 1, p); AscendC::SetMaskNorm(); AscendC::ResetMask(); }}",
        lambda x, y, z: l2(z, [x, y], 300, lambda d, a, b: a - b))
    add("counter mode isSetMask", f"{{ AscendC::SetMaskCount(); AscendC::BinaryRepeatParams p{{1, 1, 1, 8, 8, 8}}; "
        f"AscendC::Mul<{T}, true>(dl, xl, yl, (uint64_t)333, 1, p); AscendC::SetMaskNorm(); AscendC::ResetMask(); }}",
        lambda x, y, z: l2(z, [x, y], 333, lambda d, a, b: a * b))
    add("in place l0 (dst is src0)", f"{{ AscendC::BinaryRepeatParams p{{1, 1, 1, 8, 8, 8}}; "
        f"AscendC::Max<{T}, true>(dl, dl, xl, (uint64_t){MASK_CNT}, 3, p); }}",
        lambda x, y, z: l0(z, [(z, 1, 8), (x, 1, 8)], (1, 8), MASK_CNT, 3, lambda d, a, b: np.maximum(a, b), esz))

    body = []
    for k, c in enumerate(calls):
        body.append(f"  AscendC::DataCopy(dl, zg, {N});\n  {c}\n  AscendC::DataCopy(og[{k * N}], dl, {N});")
    src = f"""#include "kernel_operator.h"

extern "C" __global__ __aicore__ void velem_{T}(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR out) {{
  AscendC::GlobalTensor<{T}> xg, yg, zg, og;
  xg.SetGlobalBuffer((__gm__ {T}*)x, {N});
  yg.SetGlobalBuffer((__gm__ {T}*)y, {N});
  zg.SetGlobalBuffer((__gm__ {T}*)z, {N});
  og.SetGlobalBuffer((__gm__ {T}*)out, {N * len(calls)});
  AscendC::LocalTensor<{T}> xl(AscendC::TPosition::VECIN, 0, {N});
  AscendC::LocalTensor<{T}> yl(AscendC::TPosition::VECIN, {N * esz}, {N});
  AscendC::LocalTensor<{T}> dl(AscendC::TPosition::VECOUT, {2 * N * esz}, {N});
  AscendC::DataCopy(xl, xg, {N});
  AscendC::DataCopy(yl, yg, {N});
{chr(10).join(body)}
}}
"""
    return src, ops


def inputs(T, int_mode):
    rng = np.random.default_rng(7)
    dt = NP[T]
    if int_mode:
        x = rng.integers(-100, 100, N).astype(dt)
        y = rng.integers(1, 60, N).astype(dt)
        z = rng.integers(-1000, 1000, N).astype(dt)
    else:
        x = rng.uniform(-4, 4, N).astype(dt)
        y = rng.uniform(0.25, 4, N).astype(dt)
        z = rng.uniform(-4, 4, N).astype(dt)
    return x, y, z


@pytest.mark.parametrize("T", ["float", "half", "int16_t"])
def test_vector_elementwise(run, T):
    int_mode = T.startswith("int")
    src, ops = build(T, int_mode)
    x, y, z = inputs(T, int_mode)
    out = np.zeros(N * len(ops), NP[T])
    dt = np.dtype(NP[T]).name
    run(f"velem_{T}", src, [gm("x", dt), gm("y", dt), gm("z", dt), gm("out", dt)], 1, [x, y, z, out])
    bad = []
    for k, (label, expect) in enumerate(ops):
        got = out[k * N:(k + 1) * N]
        want = expect(x, y, z)
        name = label.split()[0]
        assert not np.array_equal(want, z), label  # the oracle changes something
        if int_mode or name not in TRANSCENDENTAL:
            ok = np.array_equal(got, want)
        elif T == "half":  # one rounding in float vs numpy's float32 libm: allow 1 ulp
            ok = np.all(np.abs(got.view(np.int16).astype(int) - want.view(np.int16).astype(int)) <= 1)
        else:
            ok = np.allclose(got, want, rtol=2e-7, atol=0)
        if not ok:
            diff = np.nonzero(got != want)[0]
            bad.append(f"{label}: {len(diff)} diffs, first at {diff[:5]}: got {got[diff[:3]]} want {want[diff[:3]]}")
    assert not bad, "\n".join(bad)


DIV0 = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void div0(GM_ADDR x, GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> xg, og;
  xg.SetGlobalBuffer((__gm__ int32_t*)x, 64);
  og.SetGlobalBuffer((__gm__ int32_t*)out, 64);
  AscendC::LocalTensor<int32_t> xl(AscendC::TPosition::VECIN, 0, 64);
  AscendC::LocalTensor<int32_t> dl(AscendC::TPosition::VECOUT, 256, 64);
  AscendC::DataCopy(xl, xg, 64);
  AscendC::DataCopy(dl, xg, 64);
#line 42 "kernel.py"
  AscendC::Div(dl, xl, xl, 64);
  AscendC::DataCopy(og, dl, 64);
}
"""


def test_vector_int_div_by_zero_faults(run):
    x = np.arange(64, dtype=np.int32)  # x[0] == 0
    out = np.full(64, -1, np.int32)
    with pytest.raises(ModelFault, match=r"kernel.py:42: block 0: Div: integer division by zero"):
        run("div0", DIV0, [gm("x", "int32"), gm("out", "int32")], 1, [x, out])
    assert (out == -1).all()
