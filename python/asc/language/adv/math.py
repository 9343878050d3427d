"""adv/math: element-wise functions of the high-level API (asc.adv.acos, ..., asc.adv.axpy).

Each becomes one `AscendC::<Name><T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])`
call; which optional arguments are present picks the Ascend C overload, as in C++.
Names are registered as `adv.<name>` (asc.exp and asc.adv.exp are different APIs).
"""

from .. import docs
from ..core import dtype as dt
from ..core.api import api
from ..core.lowering import build, same_dtype, tensor, value_of
from . import _common as c

_FLOAT = (dt.float16, dt.float32)
_TAIL = ("count: Optional[int] = None, temp_buffer: Optional[LocalTensor] = None, "
         "is_reuse_source: bool = False")

docs.PARAMS.setdefault("temp_buffer", "the shared temporary buffer (LocalTensor of uint8); "
                                      "without it the API takes its temporary space itself")
docs.PARAMS.setdefault("is_reuse_source", "whether the API may overwrite src (template argument)")


def _unary(name: str, cpp: str, summary: str, takes_tmp: bool = True, needs_count: bool = False):
    """takes_tmp=False: Ascend C has no sharedTmpBuffer overload (AscendC::Log, adv_api/math/log.h);
    a temp_buffer given is not passed (the API takes its temporary space itself).
    needs_count: Ascend C's overloads all take calCount (Ceil, Floor, Round, Lgamma, Digamma);
    without `count` the call passes src.GetSize(), the elements the count-less form covers."""
    full = "adv." + name
    docs.SUMMARIES[full] = summary

    def impl(form, a):
        same_dtype(("dst", a.dst), ("src", a.src))
        c.dtypes(full, _FLOAT, dst=a.dst)
        tmp = a.temp_buffer if takes_tmp else None
        count = a.src.get_size() if needs_count and a.count is None else a.count
        return build(f"Adv{cpp}Op", tensor(a.dst), tensor(a.src), c.tmp_buffer(full, tmp),
                     c.count(count), c.flag(full, "is_reuse_source", a.is_reuse_source))

    impl.__name__ = name
    return api(cpp, "adv_math", "dst: LocalTensor, src: LocalTensor, " + _TAIL, name=full)(impl)


acos = _unary("acos", "Acos", "dst = arccos(src), element-wise.")
acosh = _unary("acosh", "Acosh", "dst = arcosh(src), element-wise.")
asin = _unary("asin", "Asin", "dst = arcsin(src), element-wise.")
asinh = _unary("asinh", "Asinh", "dst = arsinh(src), element-wise.")
atan = _unary("atan", "Atan", "dst = arctan(src), element-wise.")
atanh = _unary("atanh", "Atanh", "dst = artanh(src), element-wise.")
ceil = _unary("ceil", "Ceil", "dst = the smallest integer >= src, element-wise.", needs_count=True)
cos = _unary("cos", "Cos", "dst = cos(src), element-wise.")
cosh = _unary("cosh", "Cosh", "dst = cosh(src), element-wise.")
digamma = _unary("digamma", "Digamma", "dst = digamma(src) (the derivative of ln|gamma|), element-wise.",
                 needs_count=True)
erf = _unary("erf", "Erf", "dst = erf(src) (the Gauss error function), element-wise.")
erfc = _unary("erfc", "Erfc", "dst = 1 - erf(src), element-wise.")
floor = _unary("floor", "Floor", "dst = the largest integer <= src, element-wise.", needs_count=True)
frac = _unary("frac", "Frac", "dst = src - trunc(src) (the fractional part), element-wise.")
lgamma = _unary("lgamma", "Lgamma", "dst = ln|gamma(src)|, element-wise.", needs_count=True)
log = _unary("log", "Log", "dst = ln(src), element-wise.", takes_tmp=False)
round = _unary("round", "Round", "dst = src rounded to the nearest integer (ties to even), element-wise.",  # noqa: A001
               needs_count=True)
sign = _unary("sign", "Sign", "dst = -1, 0 or 1 by the sign of src, element-wise.")
sin = _unary("sin", "Sin", "dst = sin(src), element-wise.")
sinh = _unary("sinh", "Sinh", "dst = sinh(src), element-wise.")
tan = _unary("tan", "Tan", "dst = tan(src), element-wise.")
tanh = _unary("tanh", "Tanh", "dst = tanh(src), element-wise.")
trunc = _unary("trunc", "Trunc", "dst = src rounded toward zero, element-wise.")

docs.SUMMARIES["adv.exp"] = ("dst = e ** src, element-wise; taylor_expand_level > 0 computes it by "
                             "a Taylor expansion of that many terms around the integer part.")
docs.PARAMS.setdefault("taylor_expand_level", "the number of Taylor terms (0: no expansion); a "
                                              "compile-time int (template argument)")


@api("Exp", "adv_math", "dst: LocalTensor, src: LocalTensor, count: int, taylor_expand_level: int, "
     "temp_buffer: Optional[LocalTensor] = None, is_reuse_source: bool = False", name="adv.exp")
def exp(form, a):
    same_dtype(("dst", a.dst), ("src", a.src))
    c.dtypes("adv.exp", _FLOAT, dst=a.dst)
    level = c.const_int("adv.exp", "taylor_expand_level", a.taylor_expand_level)
    if not 0 <= level <= 255:
        raise ValueError(f"asc.adv.exp: taylor_expand_level is a uint8_t, got {level}")
    return build("AdvExpOp", tensor(a.dst), tensor(a.src), c.tmp_buffer("adv.exp", a.temp_buffer),
                 c.count(a.count), level, c.flag("adv.exp", "is_reuse_source", a.is_reuse_source))


def _binary(name: str, cpp: str, accepted, summary: str):
    full = "adv." + name
    docs.SUMMARIES[full] = summary

    def impl(form, a):
        same_dtype(("dst", a.dst), ("src0", a.src0), ("src1", a.src1))
        c.dtypes(full, accepted, dst=a.dst)
        return build(f"Adv{cpp}Op", tensor(a.dst), tensor(a.src0), tensor(a.src1),
                     c.tmp_buffer(full, a.temp_buffer), c.count(a.count),
                     c.flag(full, "is_reuse_source", a.is_reuse_source))

    impl.__name__ = name
    return api(cpp, "adv_math", "dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, " + _TAIL,
               name=full)(impl)


power = _binary("power", "Power", (dt.int32, dt.float16, dt.float32),
                "dst = src0 ** src1, element-wise.")
xor = _binary("xor", "Xor", (dt.int16, dt.uint16), "dst = src0 ^ src1 (bitwise), element-wise.")

docs.SUMMARIES["adv.axpy"] = ("dst = src * scalar + dst, element-wise; the scalar takes src's type, "
                              "dst may be wider (half src, float dst).")


@api("Axpy", "adv_math", "dst: LocalTensor, src: LocalTensor, scalar: Union[float, int], " + _TAIL,
     name="adv.axpy")
def axpy(form, a):
    c.dtypes("adv.axpy", _FLOAT, dst=a.dst, src=a.src)
    if a.dst.dtype == dt.float16 and a.src.dtype == dt.float32:
        raise TypeError("asc.adv.axpy: a float src needs a float dst (half dst takes half src only)")
    if a.count is None or a.temp_buffer is None:
        raise TypeError("asc.adv.axpy: Ascend C's Axpy takes count and temp_buffer (its only form is "
                        "Axpy(dst, src, scalar, sharedTmpBuffer, calCount))")
    return build("AdvAxpyOp", tensor(a.dst), tensor(a.src), value_of(a.scalar, a.src.dtype),
                 c.tmp_buffer("adv.axpy", a.temp_buffer), c.count(a.count),
                 c.flag("adv.axpy", "is_reuse_source", a.is_reuse_source))


docs.SUMMARIES["adv.math_op_impl"] = (
    "pyasc's shared lowering of the math family: calls the element-wise API named by "
    "`build_method` (\"create_asc_<Name>Op\", e.g. \"create_asc_SinOp\") on `tensors` (dst, src[, src1]).")
docs.PARAMS.setdefault("build_method", "pyasc's builder method name of the API, \"create_asc_<Name>Op\"")
docs.PARAMS.setdefault("tensors", "the tensors of the call, destination first")

_BY_BUILDER = {f"create_asc_{f.cpp_name}Op": f for f in (
    acos, acosh, asin, asinh, atan, atanh, ceil, cos, cosh, digamma, erf, erfc, floor, frac, lgamma, log,
    round, sign, sin, sinh, tan, tanh, trunc, power, xor)}


@api("math_op_impl", "adv_math", "tensors, count: Optional[int], temp_buffer: Optional[LocalTensor], "
     "is_reuse_source: bool, build_method: str", name="adv.math_op_impl")
def math_op_impl(form, a):
    fn = _BY_BUILDER.get(a.build_method)
    if fn is None:
        raise ValueError(f"asc.adv.math_op_impl: no math API has the builder {a.build_method!r}; the "
                         f"known ones are {', '.join(sorted(_BY_BUILDER))}")
    tensors = tuple(a.tensors) if isinstance(a.tensors, (tuple, list)) else (a.tensors,)
    return fn(*tensors, count=a.count, temp_buffer=a.temp_buffer, is_reuse_source=a.is_reuse_source)


__all__ = ["math_op_impl", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "digamma", "erf",
           "erfc", "exp", "floor", "frac", "lgamma", "log", "round", "sign", "sin", "sinh", "tan",
           "tanh", "trunc", "power", "xor", "axpy"]
