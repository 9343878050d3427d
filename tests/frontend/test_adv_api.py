"""asc.adv (all but Matmul): every API and form emits its Ascend C adv call, and bad
arguments are compile errors naming the user's line. Emission only; the numerics are
checked on the Model in tests/model/test_adv_*.py."""

import inspect

import numpy as np
import pytest

import asc
from emit_check import check, compile_source

UNARY = ["acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "digamma", "erf", "erfc",
         "floor", "frac", "lgamma", "log", "round", "sign", "sin", "sinh", "tan", "tanh", "trunc"]


def _line_of(fn, text):
    lines, first = inspect.getsourcelines(fn)
    return first + next(i for i, line in enumerate(lines) if text in line)


@asc.jit
def k_math(n: int):
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)
    s = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 256)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 2048, 256)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 1024)
    i = asc.LocalTensor(asc.int16, asc.TPosition.VECIN, 8192, 256)
    w = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 9216, 256)
    asc.adv.acos(d, s)
    asc.adv.acosh(d, s, n)
    asc.adv.asin(d, s, n, t)
    asc.adv.asinh(d, s, temp_buffer=t)
    asc.adv.atan(h, h, is_reuse_source=True)
    asc.adv.atanh(d, s, count=128)
    asc.adv.ceil(d, s, n, t)
    asc.adv.cos(d, s, n, t)
    asc.adv.cosh(d, s, n, t)
    asc.adv.digamma(d, s, n, t)
    asc.adv.erf(d, s, n, t)
    asc.adv.erfc(d, s, n, t)
    asc.adv.floor(d, s, n, t)
    asc.adv.frac(d, s, n, t)
    asc.adv.lgamma(d, s, n, t)
    asc.adv.log(d, s, n, t)
    asc.adv.round(d, s, n, t)
    asc.adv.sign(d, s, n, t)
    asc.adv.sin(d, s, n, t)
    asc.adv.sinh(d, s, n, t)
    asc.adv.tan(d, s, n, t)
    asc.adv.tanh(d, s, n, t)
    asc.adv.trunc(d, s, n, t)
    asc.adv.exp(d, s, n, 0)
    asc.adv.exp(h, h, 64, taylor_expand_level=10, temp_buffer=t, is_reuse_source=True)
    asc.adv.power(d, s, s, n, t)
    asc.adv.power(w, w, w)
    asc.adv.xor(i, i, i, n, t)
    asc.adv.axpy(d, h, 2.0, n, t)
    asc.adv.axpy(d, s, 0.5, n, t)


def test_math_family_emits_each_form():
    src = compile_source(k_math, 256)
    # ceil .. trunc: the (tmp, count) form; Log has no tmp form in Ascend C (the temp buffer is not passed)
    unary_checks = [f"AscendC::{u.capitalize()}<float, false>(d, s, {'' if u == 'log' else 't, '}n);"
                    for u in UNARY[6:]]
    check(src,
          "AscendC::Acos<float, false>(d, s);",
          "AscendC::Acosh<float, false>(d, s, n);",
          "AscendC::Asin<float, false>(d, s, t, n);",
          "AscendC::Asinh<float, false>(d, s, t);",
          "AscendC::Atan<half, true>(h, h);",
          "AscendC::Atanh<float, false>(d, s, 128);",
          *unary_checks,
          "AscendC::Exp<float, 0, false>(d, s, n);",
          "AscendC::Exp<half, 10, true>(h, h, t, 64);",
          "AscendC::Power<float, false>(d, s, s, t, n);",
          "AscendC::Power<int32_t, false>(w, w, w);",
          "AscendC::Xor<int16_t, false>(i, i, i, t, n);",
          "AscendC::Axpy<float, half, false>(d, h, (half)2.00000e+00f, t, n);",
          "AscendC::Axpy<float, float, false>(d, s, 5.000000000e-01f, t, n);")


@asc.jit
def k_counted_math(n: int):
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)
    s = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 256)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 2048, 1024)
    asc.adv.ceil(d, s)
    asc.adv.floor(d, s, temp_buffer=t)
    asc.adv.lgamma(d, s, n)


def test_math_without_count_passes_the_size_where_ascend_c_requires_a_count():
    """Ceil, Floor, Round, Lgamma and Digamma have only calCount forms in Ascend C
    (adv_api/math/*.h): pyasc's count-less call passes src.GetSize(), the elements the
    count-less form of the other functions covers."""
    src = compile_source(k_counted_math, 256)
    check(src, "AscendC::Ceil<float, false>(d, s, ", "AscendC::Floor<float, false>(d, s, t, ",
          "AscendC::Lgamma<float, false>(d, s, n);")
    assert "s.GetSize()" in src and "AscendC::Ceil<float, false>(d, s);" not in src


@asc.jit
def k_norm(n: int, eps: float):
    x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
    y = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 2048, 512)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 4096, 512)
    sm = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 6144, 64)
    mx = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 6400, 64)
    g = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 6656, 64)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 4096)
    q = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 12288, 512)
    tiling = asc.adv.SoftmaxTiling(src_m=8, src_k=64, src_size=512)
    asc.adv.softmax(y, sm, mx, x, tiling)
    asc.adv.softmax(h, sm, mx, h, tiling, t, basic_block=True)
    rt = asc.adv.RmsNormTiling(b_length=1, s_length=8, h_length=64, original_h_length=64,
                               reciprocal_of_h_length=1.0 / 64)
    asc.adv.rmsnorm(y, x, g, eps, rt)
    asc.adv.rmsnorm(y, x, g, 1e-5, rt, t, basic_block=True)
    asc.adv.quant(q, x, 2.0, 0.9, n, t)
    asc.adv.quant(q, h, 0.5, 0, reuse_source=True)
    asc.adv.quant(q, x, 2.0, 0.9, 32, t, config=asc.adv.QuantConfig(32, 0, 0, 512))


def test_softmax_rmsnorm_quant_emit():
    src = compile_source(k_norm, 512, 1e-6)
    check(src,
          "AscendC::tiling::SoftMaxTiling v0{8, 64, static_cast<decltype(AscendC::tiling::SoftMaxTiling::srcSize)>(512), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};",
          "AscendC::SoftMax<float, false, false, false>(y, sm, mx, x, v0);",
          "AscendC::SoftMax<half, false, true, false>(h, sm, mx, h, t, v0);",
          "AscendC::tiling::RmsNormTiling v1{1, 8, 64, 64, 1.562500000e-02f, 0, 0, 0, 0, 0, 0, 0};",
          "AscendC::RmsNorm<float, false>(y, x, g, eps, v1);",
          "AscendC::RmsNorm<float, true>(y, x, g, t, 9.999999740e-06f, v1);",
          "AscendC::AscendQuant<float, false>(q, x, t, 2.000000000e+00f, 8.999999760e-01f, n);",
          "AscendC::AscendQuant<half, true>(q, h, 5.000000000e-01f, 0.0e+00f);",
          "{ static constexpr AscendC::AscendQuantConfig asc_quant_config{32, 0, 0, 512}; "
          "AscendC::AscendQuant<float, false, asc_quant_config>(q, x, t, 2.000000000e+00f, 8.999999760e-01f, 32); };")


@asc.jit
def k_sort(n: int):
    x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    c = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 256)
    v = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 64)
    i = asc.LocalTensor(asc.uint32, asc.TPosition.VECOUT, 4352, 64)
    asc.adv.concat(c, x, t, n)
    asc.adv.extract(v, i, c, 2)


def test_concat_extract_emit():
    check(compile_source(k_sort, 2), "AscendC::Concat(c, x, t, n);", "AscendC::Extract(v, i, c, 2);")


def test_names_and_docs():
    # adv.exp and asc.exp are different APIs; both keep their documentation.
    assert asc.adv.exp is not asc.exp and asc.adv.axpy is not asc.axpy
    assert "Taylor" in asc.adv.exp.__doc__ and "AscendC::Exp" in asc.adv.exp.__doc__
    assert "AscendC::SoftMax" in asc.adv.softmax.__doc__
    assert asc.adv.SoftmaxTiling is asc.SoftMaxTiling  # pyasc spells it SoftmaxTiling
    for name in UNARY + ["exp", "power", "xor", "axpy", "softmax", "rmsnorm", "quant", "concat", "extract",
                         "SoftmaxTiling", "RmsNormTiling", "QuantConfig"]:
        assert hasattr(asc.adv, name), name


# ---- bad arguments: compile errors at the user's line -------------------------------------------

@asc.jit
def k_bad_tmp():
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
    asc.adv.sin(d, d, 256, t)


@asc.jit
def k_bad_reuse(flag: int):
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)
    asc.adv.cos(d, d, 256, is_reuse_source=flag > 0)


@asc.jit
def k_bad_taylor(level: int):
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)
    asc.adv.exp(d, d, 256, level)


@asc.jit
def k_bad_dtype():
    d = asc.LocalTensor(asc.int32, asc.TPosition.VECOUT, 0, 256)
    asc.adv.tanh(d, d)


@asc.jit
def k_bad_quant_config(n: int):
    q = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 0, 256)
    x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 256)
    asc.adv.quant(q, x, 2.0, 0.9, 256, config=asc.adv.QuantConfig(n, 0, 0, 512))


@asc.jit
def k_bad_softmax_sum():
    x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
    s = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 4096, 128)
    asc.adv.softmax(x, s, s, x, asc.adv.SoftmaxTiling())


@asc.jit
def k_bad_tiling():
    x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
    asc.adv.softmax(x, x, x, x, asc.adv.RmsNormTiling())


@pytest.mark.parametrize("kernel,args,call,message", [
    (k_bad_tmp, (), "asc.adv.sin", "temp_buffer must be a LocalTensor of uint8"),
    (k_bad_reuse, (1,), "asc.adv.cos", "is_reuse_source is a template argument"),
    (k_bad_taylor, (3,), "asc.adv.exp", "taylor_expand_level is a template argument"),
    (k_bad_dtype, (), "asc.adv.tanh", "dst must be a LocalTensor of float16, float32, got int32"),
    (k_bad_quant_config, (32,), "asc.adv.quant", "config.calc_count is a template argument"),
    (k_bad_softmax_sum, (), "asc.adv.softmax", "a float src needs float sum and max"),
    (k_bad_tiling, (), "asc.adv.softmax", "no form of asc.adv.softmax"),
])
def test_bad_arguments_name_the_line(kernel, args, call, message):
    with pytest.raises(asc.CompileError) as info:
        compile_source(kernel, *args)
    err = str(info.value)
    assert message in err
    assert f"{__file__}:{_line_of(kernel, call)}:" in err


@asc.jit
def k_math_op_impl(n: int):
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)
    t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 1024, 1024)
    asc.adv.math_op_impl((d, d), n, t, False, "create_asc_SinOp")
    asc.adv.math_op_impl((d, d, d), None, None, True, "create_asc_PowerOp")


@asc.jit
def k_math_op_impl_bad():
    d = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)
    asc.adv.math_op_impl((d, d), None, None, False, "create_asc_NoSuchOp")


def test_math_op_impl_dispatches_by_builder_name():
    check(compile_source(k_math_op_impl, 256), "AscendC::Sin<float, false>(d, d, t, n);",
          "AscendC::Power<float, true>(d, d, d);")
    with pytest.raises(asc.CompileError, match="no math API has the builder 'create_asc_NoSuchOp'"):
        compile_source(k_math_op_impl_bad)


# pyasc's signatures of the adv names (ascendc-api.md, adv/* but Matmul): parameter names in order.
_MATH_TAIL = ["count", "temp_buffer", "is_reuse_source"]
PYASC_SIGNATURES = {
    **{u: ["dst", "src"] + _MATH_TAIL for u in UNARY},
    "math_op_impl": ["tensors", "count", "temp_buffer", "is_reuse_source", "build_method"],
    "exp": ["dst", "src", "count", "taylor_expand_level", "temp_buffer", "is_reuse_source"],
    "power": ["dst", "src0", "src1"] + _MATH_TAIL,
    "xor": ["dst", "src0", "src1"] + _MATH_TAIL,
    "axpy": ["dst", "src", "scalar"] + _MATH_TAIL,
    "softmax": ["dst", "sum", "max", "src", "tiling", "temp_buffer", "reuse_source", "basic_block",
                "data_format_nz"],
    "rmsnorm": ["dst", "src", "gamma", "epsilon", "tiling", "temp_buffer", "basic_block"],
    "quant": ["dst", "src", "scale", "offset", "count", "temp_buffer", "reuse_source", "config"],
    "concat": ["dst", "src", "tmp", "repeat_time"],
    "extract": ["dst_value", "dst_index", "src", "repeat_time"],
}


@pytest.mark.parametrize("name", sorted(PYASC_SIGNATURES))
def test_pyasc_signature(name):
    fn = getattr(asc.adv, name)
    assert [[p.name for p in f.params] for f in fn.forms] == [PYASC_SIGNATURES[name]]


def test_tiling_struct_fields_and_quant_config():
    assert asc.adv.SoftmaxTiling._cpp_fields == [
        "src_m", "src_k", "src_size", "out_max_m", "out_max_k", "out_max_size", "split_m", "split_k",
        "split_size", "reduce_m", "reduce_k", "reduce_size", "range_m", "tail_m", "tail_split_size",
        "tail_reduce_size"]
    assert asc.adv.RmsNormTiling._cpp_fields == [
        "b_length", "s_length", "h_length", "original_h_length", "reciprocal_of_h_length", "main_bsh_length",
        "main_bs_length", "main_bs_length_align", "loop_round", "input_tail_pos", "tail_bsh_length",
        "tail_bs_length"]
    t = asc.adv.SoftmaxTiling(src_m=1, src_k=1, src_size=64)   # pyasc's own test builds it so
    assert (t.src_m, t.src_size, t.tail_m) == (1, 64, 0)
    c = asc.adv.QuantConfig(32, 0, 0, 512)
    assert (c.calc_count, c.offset_count, c.scale_count, c.work_local_size) == (32, 0, 0, 512)


# pyasc's own adv tests (LocalTensor(dtype=...) without a position, an int epsilon).
@asc.jit
def k_pyasc_softmax() -> None:
    dst = asc.LocalTensor(dtype=asc.float16)
    sum_local = asc.LocalTensor(dtype=asc.float16)
    max_local = asc.LocalTensor(dtype=asc.float16)
    src = asc.LocalTensor(dtype=asc.float16)
    tiling = asc.adv.SoftmaxTiling(src_m=1, src_k=1, src_size=64)
    asc.adv.softmax(dst, sum_local, max_local, src, tiling)


@asc.jit
def k_pyasc_rmsnorm() -> None:
    dst = asc.LocalTensor(dtype=asc.float16)
    gamma_local = asc.LocalTensor(dtype=asc.float16)
    src = asc.LocalTensor(dtype=asc.float16)
    tiling = asc.adv.RmsNormTiling()
    epsilon = 1
    asc.adv.rmsnorm(dst, src, gamma_local, epsilon, tiling)


def test_pyasc_adv_tests_compile():
    check(compile_source(k_pyasc_softmax),
          "AscendC::tiling::SoftMaxTiling v0{1, 1, 64, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};",
          "AscendC::SoftMax<half, false, false, false>(dst, sum_local, max_local, src, v0);")
    check(compile_source(k_pyasc_rmsnorm),
          "AscendC::tiling::RmsNormTiling v0{0, 0, 0, 0, 0.0e+00f, 0, 0, 0, 0, 0, 0, 0};",
          "AscendC::RmsNorm<half, false>(dst, src, gamma_local, (half)1.00000e+00f, v0);")
