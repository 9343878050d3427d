"""The vector API families: every function in every overload form emits its Ascend C call;
bad calls are CompileErrors that list the forms / name the tensors and point at this file."""

import numpy as np
import pytest

import asc
from emit_check import check, code_lines, compile_source

B = asc.BinaryRepeatParams
U = asc.UnaryRepeatParams
BITS = [0xFFFF, 0]  # a level-0 bit mask


class T:
    """The kernel's tensors, by dtype: h* half, f* float, s* int16, b* int8, u8/u16/u32."""

    def __init__(self, h0, h1, h2, f0, f1, s0, s1, b0, u8, u16, u32, a0, a1):
        self.a0, self.a1 = a0, a1  # uint64 address tensors
        self.h0, self.h1, self.h2, self.f0, self.f1 = h0, h1, h2, f0, f1
        self.s0, self.s1, self.b0, self.u8, self.u16, self.u32 = s0, s1, b0, u8, u16, u32


def kernel_calling(call):
    """A kernel that sets up one tensor of each kind and runs call(T)."""

    @asc.jit
    def k(x: asc.GlobalAddress):
        h0 = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        h1 = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 512, 256)
        h2 = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 1024, 256)
        f0 = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 2048, 256)
        f1 = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 3072, 256)
        s0 = asc.LocalTensor(asc.int16, asc.TPosition.VECIN, 4096, 256)
        s1 = asc.LocalTensor(asc.int16, asc.TPosition.VECOUT, 4608, 256)
        b0 = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 5120, 256)
        u8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 5632, 256)
        u16 = asc.LocalTensor(asc.uint16, asc.TPosition.VECCALC, 6144, 256)
        u32 = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 7168, 256)
        a0 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 8192, 16)
        a1 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 8320, 16)
        call(T(h0, h1, h2, f0, f1, s0, s1, b0, u8, u16, u32, a0, a1))

    return k


def emit(call) -> str:
    return compile_source(kernel_calling(call), np.zeros(256, np.float16))


def _three(name, cpp, head, l0_tail, tmpl="<half, true>", l2_tmpl=""):
    """Cases for the count / int mask / bit mask forms: head(t) gives the leading arguments."""
    return [
        (f"{name}-count", lambda t: getattr(asc, name)(*head(t), 256),
         [f"AscendC::{cpp}{l2_tmpl}(", ", 256);"]),
        (f"{name}-mask", lambda t: getattr(asc, name)(*head(t), 128, *l0_tail()),
         [f"AscendC::{cpp}{tmpl}(", ", 128, 2,"]),
        (f"{name}-bits", lambda t: getattr(asc, name)(*head(t), BITS, *l0_tail()),
         ["static_cast<uint64_t>(65535)", f"AscendC::{cpp}{tmpl}(", ", 2,"]),
    ]


def _bin_tail():
    return (2, B())


def _un_tail():
    return (2, U())


CASES = []
# basic/vec_binary: bilinear_interpolation (the rest is tested with the family's worked example)
CASES += [
    ("bilinear_interpolation-mask",
     lambda t: asc.bilinear_interpolation(t.h1, t.h0, t.u32, t.h2, 64, 1, True, 1, 1, 1, t.u8),
     ["AscendC::BilinearInterpolation(h1, h0, u32, h2, 64, 1, true, 1, 1, 1, u8);"]),
    ("bilinear_interpolation-bits",
     lambda t: asc.bilinear_interpolation(t.h1, t.h0, t.u32, t.h2, BITS, 1, False, 1, 1, 1, t.u8),
     ["AscendC::BilinearInterpolation(h1, h0, u32, h2, v"]),
]
# basic/vec_binary_scalar
for _n, _c in [("adds", "Adds"), ("muls", "Muls"), ("maxs", "Maxs"), ("mins", "Mins"),
               ("leaky_relu", "LeakyRelu")]:
    CASES += _three(_n, _c, lambda t: (t.h1, t.h0, 2.0), _un_tail, l2_tmpl="<half, true>")
for _n, _c in [("shift_left", "ShiftLeft"), ("shift_right", "ShiftRight")]:
    CASES += _three(_n, _c, lambda t: (t.s1, t.s0, 3), _un_tail, "<int16_t, true>",
                    "<int16_t, true>")
# basic/vec_unary
for _n, _c in [("abs", "Abs"), ("exp", "Exp"), ("ln", "Ln"), ("reciprocal", "Reciprocal"),
               ("relu", "Relu"), ("rsqrt", "Rsqrt"), ("sqrt", "Sqrt")]:
    CASES += _three(_n, _c, lambda t: (t.h1, t.h0), _un_tail)
CASES += _three("bitwise_not", "Not", lambda t: (t.s1, t.s0), _un_tail, "<int16_t, true>")
# basic/vec_ternary_scalar
CASES += _three("axpy", "Axpy", lambda t: (t.f1, t.h0, 2.0), _un_tail, "<float, half, true>",
                "<float, half>")
# basic/vec_vconv
CASES += _three("add_relu_cast", "AddReluCast", lambda t: (t.b0, t.h0, t.h1), _bin_tail,
                "<int8_t, half, true>")
CASES += _three("sub_relu_cast", "SubReluCast", lambda t: (t.b0, t.h0, t.h1), _bin_tail,
                "<int8_t, half, true>")
CASES += _three("cast", "Cast", lambda t: (t.f1, t.h0, asc.RoundMode.CAST_NONE), _un_tail,
                "<float, half, true>")
CASES += _three("cast_deq", "CastDeq", lambda t: (t.b0, t.s0), _un_tail,
                "<int8_t, int16_t, true, true, true>", "<int8_t, int16_t, true, true>")
CASES += [
    ("cast_deq-kwargs", lambda t: asc.cast_deq(t.b0, t.s0, 256, is_vec_deq=False, half_block=False),
     ["AscendC::CastDeq<int8_t, int16_t, false, false>(b0, s0, 256);"]),
    ("cast-count-round", lambda t: asc.cast(t.h1, t.f0, asc.RoundMode.CAST_RINT, 256),
     ["AscendC::Cast(h1, f0, AscendC::RoundMode::CAST_RINT, 256);"]),
    ("set_deq_scale", lambda t: asc.set_deq_scale(0.5), ["AscendC::SetDeqScale("]),
    ("set_deq_scale-offset", lambda t: asc.set_deq_scale(0.5, 3, True),
     ["AscendC::SetDeqScale(", ", true);"]),
]
# basic/vec_brcb, vec_duplicate
CASES += [
    ("brcb", lambda t: asc.brcb(t.h1, t.h0, 2, asc.BrcbRepeatParams()),
     ["AscendC::BrcbRepeatParams", "AscendC::Brcb(h1, h0, 2, v"]),
    ("duplicate-count", lambda t: asc.duplicate(t.h1, 1.5, 256),
     ["AscendC::Duplicate<half>(h1, ", ", 256);"]),
    ("duplicate-mask", lambda t: asc.duplicate(t.h1, 1.5, 128, 2, 1, 8),
     ["AscendC::Duplicate<half, true>(h1, ", ", 128, 2, 1, 8);"]),
    ("duplicate-bits", lambda t: asc.duplicate(t.f1, 2, BITS, 2, 1, 8, is_set_mask=False),
     ["AscendC::Duplicate<float, false>(f1, ", ", 2, 1, 8);"]),
]
# basic/vec_cmpsel
CASES += _three("compare", "Compare", lambda t: (t.u8, t.h0, t.h1, asc.CMPMODE.LT), _bin_tail,
                "<half, uint8_t, true>")
CASES += _three("compare_scalar", "CompareScalar", lambda t: (t.u8, t.h0, 1.0, asc.CMPMODE.GE),
                _un_tail, "<half, uint8_t, true>", "<half, uint8_t>")
CASES += [
    ("compare-reg-bits", lambda t: asc.compare(t.h0, t.h1, asc.CMPMODE.EQ, BITS, B()),
     ["AscendC::Compare<half, true>(h0, h1, AscendC::CMPMODE::EQ, v"]),
    ("compare-reg-mask", lambda t: asc.compare(t.h0, t.h1, asc.CMPMODE.NE, 128, B(), False),
     ["AscendC::Compare<half, false>(h0, h1, AscendC::CMPMODE::NE, 128, v"]),
    ("get_cmp_mask", lambda t: asc.get_cmp_mask(t.h0), ["AscendC::GetCmpMask(h0);"]),
    ("set_cmp_mask", lambda t: asc.set_cmp_mask(t.h0), ["AscendC::SetCmpMask(h0);"]),
]
_TS, _TT = asc.SelMode.VSEL_TENSOR_SCALAR_MODE, asc.SelMode.VSEL_TENSOR_TENSOR_MODE
CASES += [
    ("select-scalar-count", lambda t: asc.select(t.h2, t.u8, t.h0, 1.0, _TS, 256),
     ["AscendC::Select<half, uint8_t>(h2, u8, h0, ", "VSEL_TENSOR_SCALAR_MODE, 256);"]),
    ("select-tensor-count", lambda t: asc.select(t.h2, t.u8, t.h0, t.h1, _TT, 256),
     ["AscendC::Select(h2, u8, h0, h1, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, 256);"]),
    ("select-scalar-bits", lambda t: asc.select(t.h2, t.u8, t.h0, 1.0, _TS, BITS, 2, B()),
     ["AscendC::Select<half, uint8_t, true>(h2, u8, h0, "]),
    ("select-scalar-mask", lambda t: asc.select(t.h2, t.u8, t.h0, 1.0, _TS, 128, 2, B()),
     ["AscendC::Select<half, uint8_t, true>(h2, u8, h0, ", ", 128, 2, v"]),
    ("select-sel-mask", lambda t: asc.select(t.h2, t.u8, t.h0, 2, B()),
     ["AscendC::Select<half, uint8_t>(h2, u8, h0, 2, v"]),
    ("select-tensor-bits", lambda t: asc.select(t.h2, t.u8, t.h0, t.h1, _TT, BITS, 2, B()),
     ["AscendC::Select<half, uint8_t, true>(h2, u8, h0, h1, "]),
    ("select-tensor-mask", lambda t: asc.select(t.h2, t.u8, t.h0, t.h1, _TT, 128, 2, B(), False),
     ["AscendC::Select<half, uint8_t, false>(h2, u8, h0, h1, ", ", 128, 2, v"]),
    ("select-reg", lambda t: asc.select(t.h2, t.h0, t.h1, 2, B(), asc.SelMode.VSEL_CMPMASK_SPR),
     ["AscendC::Select<half, AscendC::SELMODE::VSEL_CMPMASK_SPR>(h2, h0, h1, 2, v"]),
]
# basic/vec_gather, vec_scatter, vec_gather_mask
CASES += [
    ("gatherb", lambda t: asc.gatherb(t.u16, t.u16, t.u32, 2, asc.GatherRepeatParams()),
     ["AscendC::Gatherb(u16, u16, u32, 2, v"]),
    ("gather-mask", lambda t: asc.gather(t.h1, t.h0, t.u32, 0, 128, 2, 8),
     ["AscendC::Gather(h1, h0, u32, 0, 128, 2, 8);"]),
    ("gather-bits", lambda t: asc.gather(t.h1, t.h0, t.u32, 0, BITS, 2, 8),
     ["AscendC::Gather(h1, h0, u32, 0, v", ", 2, 8);"]),
    ("gather-count", lambda t: asc.gather(t.h1, t.h0, t.u32, 0, 256),
     ["AscendC::Gather(h1, h0, u32, 0, 256);"]),
    ("scatter-mask", lambda t: asc.scatter(t.h1, t.h0, t.u32, 0, 128, 2, 8),
     ["AscendC::Scatter(h1, h0, u32, 0, 128, 2, 8);"]),
    ("scatter-bits", lambda t: asc.scatter(t.h1, t.h0, t.u32, 0, BITS, 2, 8),
     ["AscendC::Scatter(h1, h0, u32, 0, v", ", 2, 8);"]),
    ("scatter-count", lambda t: asc.scatter(t.h1, t.h0, t.u32, 0, 256),
     ["AscendC::Scatter(h1, h0, u32, 0, 256);"]),
    ("gather_mask-tensor",
     lambda t: asc.gather_mask(t.h1, t.h0, t.u16, True, 128, asc.GatherMaskParams()),
     ["AscendC::GatherMask(h1, h0, u16, true, 128, v"]),
    ("gather_mask-pattern",
     lambda t: asc.gather_mask(t.h1, t.h0, 3, False, 0, asc.GatherMaskParams(),
                               asc.GatherMaskMode.DEFAULT),
     ["AscendC::GatherMask(h1, h0, 3, false, 0, v"]),
    ("get_gather_mask_remain_count", lambda t: asc.get_gather_mask_remain_count(),
     ["AscendC::GetGatherMaskRemainCount()"]),
]
# basic/vec_reduce
for _n, _c in [("block_reduce_sum", "BlockReduceSum"), ("block_reduce_max", "BlockReduceMax"),
               ("block_reduce_min", "BlockReduceMin")]:
    CASES += [
        (f"{_n}-mask", lambda t, n=_n: getattr(asc, n)(t.h1, t.h0, 2, 128, 1, 1, 8),
         [f"AscendC::{_c}<half, true>(h1, h0, 2, 128, 1, 1, 8);"]),
        (f"{_n}-bits", lambda t, n=_n: getattr(asc, n)(t.h1, t.h0, 2, BITS, 1, 1, 8),
         [f"AscendC::{_c}<half, true>(h1, h0, 2, v", ", 1, 1, 8);"]),
    ]
CASES += [
    ("pair_reduce_sum-mask", lambda t: asc.pair_reduce_sum(t.h1, t.h0, 2, 128, 1, 1, 8),
     ["AscendC::PairReduceSum<half, true>(h1, h0, 2, 128, 1, 1, 8);"]),
    ("pair_reduce_sum-bits",
     lambda t: asc.pair_reduce_sum(t.h1, t.h0, 2, BITS, 1, 1, 8, is_set_mask=False),
     ["AscendC::PairReduceSum<half, false>(h1, h0, 2, v", ", 1, 1, 8);"]),
    ("repeat_reduce_sum", lambda t: asc.repeat_reduce_sum(t.h1, t.h0, 2, 128, 0, 1, 1, 8),
     ["AscendC::RepeatReduceSum<half, true>(h1, h0, 2, 128, 0, 1, 1, 8);"]),
    ("whole_reduce_max-bits", lambda t: asc.whole_reduce_max(t.h1, t.h0, BITS, 2, 1, 1, 8),
     ["AscendC::WholeReduceMax<half, true>(h1, h0, v", ", 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_VALUE_INDEX);"]),
    ("whole_reduce_max-mask",
     lambda t: asc.whole_reduce_max(t.h1, t.h0, 128, 2, 1, 1, 8, asc.ReduceOrder.ORDER_ONLY_VALUE),
     ["AscendC::WholeReduceMax<half, true>(h1, h0, 128, 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_ONLY_VALUE);"]),
    ("whole_reduce_min-bits", lambda t: asc.whole_reduce_min(t.h1, t.h0, BITS, 2, 1, 1, 8, None),
     ["AscendC::WholeReduceMin<half, true>(h1, h0, v", "ORDER_VALUE_INDEX);"]),
    ("whole_reduce_min-mask",
     lambda t: asc.whole_reduce_min(t.h1, t.h0, 128, 2, 1, 1, 8, order=asc.ReduceOrder.ORDER_INDEX_VALUE,
                                    is_set_mask=False),
     ["AscendC::WholeReduceMin<half, false>(h1, h0, 128, 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_INDEX_VALUE);"]),
    ("whole_reduce_sum-mask", lambda t: asc.whole_reduce_sum(t.h1, t.h0, 128, 2, 1, 1, 8),
     ["AscendC::WholeReduceSum<half, true>(h1, h0, 128, 2, 1, 1, 8);"]),
    ("whole_reduce_sum-bits", lambda t: asc.whole_reduce_sum(t.h1, t.h0, BITS, 2, 1, 1, 8),
     ["AscendC::WholeReduceSum<half, true>(h1, h0, v", ", 2, 1, 1, 8);"]),
]
for _n, _c, _idx in [("reduce_max", "ReduceMax", True), ("reduce_min", "ReduceMin", True),
                     ("reduce_sum", "ReduceSum", False)]:
    _end = ", false);" if _idx else ");"
    CASES += [
        (f"{_n}-mask", lambda t, n=_n: getattr(asc, n)(t.h1, t.h0, t.h2, 128, 2, 8),
         [f"AscendC::{_c}<half>(h1, h0, h2, 128, 2, 8{_end}"]),
        (f"{_n}-bits", lambda t, n=_n: getattr(asc, n)(t.h1, t.h0, t.h2, BITS, 2, 8),
         [f"AscendC::{_c}<half>(h1, h0, h2, v", f", 2, 8{_end}"]),
        (f"{_n}-count", lambda t, n=_n: getattr(asc, n)(t.h1, t.h0, t.h2, 256),
         [f"AscendC::{_c}<half", f"(h1, h0, h2, 256{_end}"]),
    ]
CASES += [
    ("reduce_max-cal_index", lambda t: asc.reduce_max(t.h1, t.h0, t.h2, 256, cal_index=True),
     ["AscendC::ReduceMax<half>(h1, h0, h2, 256, true);"]),
]
# basic/vec_transpose
CASES += [
    ("transpose", lambda t: asc.transpose(t.h1, t.h0), ["AscendC::Transpose(h1, h0);"]),
    ("transpose-ext", lambda t: asc.transpose(t.h1, t.h0, t.u8, asc.TransposeParamsExt(1, 16, 16, 16)),
     ["AscendC::TransposeParamsExt", "AscendC::Transpose(h1, h0, u8, v"]),
    ("trans_data_to_5hd", lambda t: asc.trans_data_to_5hd(t.a1, t.a0, asc.TransDataTo5HDParams()),
     ["AscendC::TransDataTo5HD<half>(a1, a0, v"]),
]


@pytest.mark.parametrize("call, patterns", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_form(call, patterns):
    check_in_order(emit(call), *patterns)


def check_in_order(text, *patterns):
    """Like check, but consecutive patterns may also lie on the same line (after each other)."""
    lines, line, col = code_lines(text), 0, 0
    for pattern in patterns:
        while line < len(lines) and pattern not in lines[line][col:]:
            line, col = line + 1, 0
        assert line < len(lines), f"expected {pattern!r} in order in:\n{text}"
        col = lines[line].index(pattern, col) + len(pattern)


VECTOR_FAMILIES = ("vec_binary", "vec_binary_scalar", "vec_brcb", "vec_cmpsel", "vec_duplicate",
                   "vec_gather", "vec_gather_mask", "vec_reduce", "vec_scatter",
                   "vec_ternary_scalar", "vec_transpose", "vec_unary", "vec_vconv")
SKIPPED = {"add", "sub", "mul", "div", "max", "min", "bitwise_and", "bitwise_or", "add_relu",
           "sub_relu", "add_deq_relu", "fused_mul_add", "fused_mul_add_relu", "mul_add_dst",
           "mul_cast"}  # vec_binary's worked example, tested in test_vec_binary_forms


def test_every_vector_api_is_exported_documented_and_tested():
    from asc.language.core.api import REGISTRY
    names = {n for n, f in REGISTRY.items() if f.family in VECTOR_FAMILIES}
    tested = {c[0].split("-")[0] for c in CASES}
    assert names - SKIPPED <= tested, sorted(names - SKIPPED - tested)
    from asc.language import docs
    for n in names:
        assert getattr(asc, n) is REGISTRY[n]
        assert n in docs.SUMMARIES, n
        for form in REGISTRY[n].forms:
            for p in form.params:
                assert p.name in docs.PARAMS, (n, p.name)


@pytest.mark.parametrize("name", sorted(SKIPPED - {"mul_cast", "add_deq_relu", "mul_add_dst"}))
def test_vec_binary_forms(name):
    fn = getattr(asc, name)
    # And / Or take int16_t or uint16_t tensors; the others half.
    bitwise = name.startswith("bitwise_")
    names, elem = (("s1", "s0", "s0"), "int16_t") if bitwise else (("h2", "h0", "h1"), "half")

    def call(t):
        d, a, b = (getattr(t, n) for n in names)
        return fn(d, a, b, 256), fn(d, a, b, 128, 2, B()), fn(d, a, b, BITS, 2, B(), False)

    src = emit(call)
    cpp, ops = fn.cpp_name, ", ".join(names)
    check(src, f"AscendC::{cpp}({ops}, 256);", f"AscendC::{cpp}<{elem}, true>({ops}, 128, 2,",
          f"AscendC::{cpp}<{elem}, false>({ops}, v")


@asc.jit
def abs_kernel(x: asc.GlobalAddress):
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 512, 256)
    asc.abs(b, a, 256)
    asc.adds(b, a, 2, 128, 2, asc.UnaryRepeatParams(), is_set_mask=False)


def test_direct_kernel():
    src = compile_source(abs_kernel, np.zeros(256, np.float16))
    check(src, "AscendC::Abs(b, a, 256);", "AscendC::Adds<half, false>(b, a, ")


# ------------------------------------------------------------------ bad input
def _compile_error(call):
    with pytest.raises(asc.CompileError) as info:
        emit(call)
    return str(info.value)


@pytest.mark.parametrize("call, fn", [
    (lambda t: asc.abs(t.h1, t.h0), "abs"),
    (lambda t: asc.adds(t.h1, t.h0, t.h2, 256), "adds"),
    (lambda t: asc.select(t.h2, t.u8, t.h0, t.h1, 256), "select"),
    (lambda t: asc.whole_reduce_sum(t.h1, t.h0, 128, 2, 1, 1), "whole_reduce_sum"),
    (lambda t: asc.compare(t.u8, t.h0, t.h1, asc.CMPMODE.LT, 128, 2, U()), "compare"),
    (lambda t: asc.duplicate(t.h1, 1.0, 256, bogus=1), "duplicate"),
    (lambda t: asc.cast(t.f1, t.h0, 256), "cast"),
])
def test_wrong_arguments_list_the_forms(call, fn):
    text = _compile_error(call)
    assert f"no form of asc.{fn} takes" in text
    assert f"    asc.{fn}(dst: LocalTensor" in text or f"    asc.{fn}(src0" in text
    assert "test_api_vector.py" in text


@pytest.mark.parametrize("call, names", [
    (lambda t: asc.exp(t.f1, t.h0, 256), ("dst is float32", "src is float16")),
    (lambda t: asc.adds(t.h1, t.s0, 1, 256), ("dst is float16", "src is int16")),
    (lambda t: asc.compare(t.u8, t.h0, t.f0, asc.CMPMODE.LT, 256), ("src0 is float16", "src1 is float32")),
    (lambda t: asc.select(t.f1, t.u8, t.h0, t.h1, _TT, 256), ("dst is float32", "src0 is float16")),
    (lambda t: asc.reduce_sum(t.h1, t.f0, t.h2, 256), ("dst is float16", "src is float32")),
    (lambda t: asc.whole_reduce_max(t.h1, t.s0, 128, 2, 1, 1, 8), ("dst is float16", "src is int16")),
])
def test_mismatched_dtypes_name_the_tensors(call, names):
    text = _compile_error(call)
    assert "mismatched dtypes" in text
    for n in names:
        assert n in text
    assert "test_api_vector.py" in text


@pytest.mark.parametrize("call, what", [
    (lambda t: asc.trans_data_to_5hd([t.h1], [t.h0], asc.TransDataTo5HDParams()), "dst_list must hold 16 tensors, got 1"),
    (lambda t: asc.trans_data_to_5hd([0], [512], asc.TransDataTo5HDParams()), "dst_list must hold 16 addresses, got 1"),
    (lambda t: asc.trans_data_to_5hd([t.h1] * 16, [t.f0] * 16, asc.TransDataTo5HDParams()), "mismatched dtypes"),
])
def test_list_forms_take_sixteen_of_one_kind(call, what):
    assert what in _compile_error(call)


def test_list_forms_declare_their_arrays():
    src = emit(lambda t: asc.trans_data_to_5hd([t.h1] * 16, [t.h0] * 16, asc.TransDataTo5HDParams()))
    check_in_order(src, "AscendC::LocalTensor<half> dst_list[16] = {h1, h1,", "AscendC::LocalTensor<half> src_list[16] = {h0,",
                   "AscendC::TransDataTo5HD<half>(dst_list, src_list, v")
    src = emit(lambda t: asc.trans_data_to_5hd([t.h1.get_phy_addr()] * 16, [0] * 16, asc.TransDataTo5HDParams()))
    check_in_order(src, "uint64_t dst_list[16] = {", "uint64_t src_list[16] = {", "AscendC::TransDataTo5HD<half>(dst_list, src_list, v")


def test_gather_mask_returns_the_count():
    src = emit(lambda t: t.a0.set_value(
        0, asc.gather_mask(t.h1, t.h0, 7, False, 0, asc.GatherMaskParams())))
    check(src, "AscendC::GatherMask(h1, h0, 7, false, 0, v", "a0.SetValue(0,")
