"""asc.language.adv.matmul_api_tiling against the vendor's GetMatmulApiTiling.

The expected tilings are the vendor's: one C++ program includes asc-devkit's
include/adv_api/matmul/constant_tiling.h (the pinned snapshot, unpacked as
`./dev vendor-check` unpacks it), evaluates GetMatmulApiTiling for every case as a
constexpr (as a kernel's template argument is) and prints the fields; one g++ run on the
host compiles it for Atlas A2. Without g++ or the snapshot those tests are skipped. The
other tests need no compiler.
"""

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from asc.language.adv import matmul_api_tiling as mat
from asc.language.adv.matmul_api_tiling import Side, static_tiling
from asc.language.adv.matmul_types import _VENDOR_BASES, _VENDOR_ONLY_MEMBERS
from asc.language.core.enums import MatmulConfigMode

# GetNormalConfig() / GetMDLConfig() with their default arguments: the front end's tables of the
# vendor's predefined configs (asc.adv's factories start from them; checked against the vendor
# in test_default_configs_are_the_vendors).
NORM = {**_VENDOR_BASES[MatmulConfigMode.CONFIG_NORM], **_VENDOR_ONLY_MEMBERS}
MDL = {**_VENDOR_BASES[MatmulConfigMode.CONFIG_MDL], **_VENDOR_ONLY_MEMBERS}


def cfg(base=NORM, shape=(0, 0, 0), basic=(0, 0, 0), **members):
    """A config: `base` with the single-core shape (M, N, K), the basic block and other members."""
    out = dict(base, **members)
    out.update(zip(("singleCoreM", "singleCoreN", "singleCoreK"), shape))
    out.update(zip(("basicM", "basicN", "basicK"), basic))
    return out


H, BF, F, I8, I32 = "half", "bfloat16_t", "float", "int8_t", "int32_t"
C_F = Side(F)
L1 = mat.L1_SIZE

# name -> (cfg, l1Size, A, B, C, BIAS)
CASES = {
    "half_fits": (cfg(shape=(128, 256, 512), basic=(128, 256, 64)), L1, Side(H), Side(H), C_F, Side(F)),
    "half_large_neither": (cfg(shape=(1024, 1024, 4096), basic=(128, 256, 64)), L1, Side(H), Side(H), C_F, Side(F)),
    "half_mdl_large": (cfg(MDL, (2048, 1536, 8192), (256, 128, 64)), L1, Side(H), Side(H), C_F, Side(F)),
    "half_mdl_a_full": (cfg(MDL, (128, 4096, 1024), (128, 256, 64)), L1, Side(H), Side(H), C_F, Side(F)),
    "half_b_full": (cfg(shape=(4096, 128, 1024), basic=(256, 128, 64)), L1, Side(H), Side(H), C_F, Side(F)),
    "bf16_a_trans_no_bias": (cfg(shape=(512, 512, 2048), basic=(128, 128, 64), enableSetBias=False), L1,
                             Side(BF, is_trans=True), Side(BF), C_F, None),
    "bf16_b_trans_m_gt_n": (cfg(shape=(1024, 512, 4096), basic=(256, 128, 64)), L1,
                            Side(BF), Side(BF, is_trans=True), Side(BF), Side(F)),
    "half_b_trans_m_le_n": (cfg(shape=(1024, 2048, 4096), basic=(128, 256, 64)), L1,
                            Side(H), Side(H, is_trans=True), C_F, Side(F)),
    "half_both_trans": (cfg(shape=(2048, 2048, 8192), basic=(128, 128, 128)), L1,
                        Side(H, is_trans=True), Side(H, is_trans=True), C_F, Side(H)),
    "float_b_trans": (cfg(shape=(256, 256, 1024), basic=(128, 128, 32)), L1,
                      Side(F), Side(F, is_trans=True), C_F, Side(F)),
    "float_nz_path": (cfg(shape=(2048, 2048, 4096), basic=(128, 128, 32)), L1,
                      Side(F, is_trans=True), Side(F), C_F, Side(F)),
    "float_nz_path_small_l1": (cfg(shape=(2048, 2048, 4096), basic=(128, 128, 32)), 96 * 1024,
                               Side(F, is_trans=True), Side(F), C_F, Side(F)),
    # (the one case whose float A takes the vendor's K-minus-one correction of the shared K)
    "float_nz_path_l1_1k": (cfg(shape=(1024, 256, 1024), basic=(128, 256, 32), enableSetBias=False), 1024,
                            Side(F, is_trans=True), Side(F), C_F, None),
    "bf16_nz_path_short_k": (cfg(shape=(4096, 4096, 512), basic=(128, 128, 64)), L1,
                             Side(BF, is_trans=True), Side(BF), C_F, Side(F)),
    "int8_b_trans": (cfg(shape=(512, 1024, 2048), basic=(128, 256, 128)), L1,
                     Side(I8), Side(I8, is_trans=True), Side(I32), Side(I32)),
    "int8_a_trans_nz_path": (cfg(shape=(4096, 4096, 8192), basic=(256, 256, 128), enableQuantVector=False), L1,
                             Side(I8, is_trans=True), Side(I8), Side(I32), Side(I32)),
    "half_int8_weights": (cfg(MDL, (256, 1024, 2048), (128, 256, 64)), L1, Side(H), Side(I8), C_F, Side(F)),
    # int4b_t: 4 bits an element (GetBitSize), 64 per fractal row (GetReduceC0Size)
    "int4_b_trans": (cfg(shape=(512, 1024, 2048), basic=(128, 256, 128)), L1,
                     Side("int4b_t"), Side("int4b_t", is_trans=True), Side(I32), Side(I32)),
    "small_l1": (cfg(shape=(512, 512, 1024), basic=(128, 128, 64)), 64 * 1024, Side(H), Side(H), C_F, Side(F)),
    "tiny_l1": (cfg(shape=(1024, 1024, 4096), basic=(128, 256, 64)), 32 * 1024, Side(H), Side(H), C_F, Side(F)),
    "tiny_block_a_whole": (cfg(shape=(16, 16, 256), basic=(16, 16, 64)), L1, Side(H), Side(H), C_F, Side(F)),
    "tiny_block_long_k": (cfg(shape=(16, 16, 65536), basic=(16, 16, 256), enableSetBias=False), L1,
                          Side(H), Side(H), C_F, None),
    "outer_product_order_m": (cfg(MDL, (1024, 1024, 4096), (128, 128, 64), scheduleType=mat.OUTER_PRODUCT,
                                  iterateOrder=mat.ORDER_M), L1, Side(H), Side(H), C_F, Side(F)),
    "outer_product_order_n": (cfg(shape=(1024, 1024, 4096), basic=(128, 128, 64),
                                  scheduleType=mat.OUTER_PRODUCT, iterateOrder=mat.ORDER_N), L1,
                              Side(H), Side(H), C_F, Side(F)),
    "a_in_ub_c_in_ub": (cfg(shape=(64, 256, 256), basic=(64, 128, 64)), L1,
                        Side(H, "VECCALC"), Side(H), Side(F, "VECIN"), Side(F)),
    "b_in_ub_nz_c": (cfg(shape=(256, 64, 512), basic=(128, 64, 64)), L1,
                     Side(H), Side(H, "VECIN"), Side(F, "VECOUT", "NZ"), Side(F)),
    "a_in_l1": (cfg(shape=(256, 1024, 1024), basic=(128, 256, 64)), L1,
                Side(H, "TSCM"), Side(H), C_F, Side(F, "VECIN")),
    "b_in_l1": (cfg(MDL, (1024, 256, 2048), (128, 128, 64)), L1, Side(H), Side(H, "TSCM"), C_F, Side(F)),
    "a_and_b_in_l1": (cfg(shape=(128, 128, 256), basic=(64, 64, 64)), L1,
                      Side(H, "TSCM"), Side(H, "TSCM"), C_F, Side(F, "TSCM")),
    "a_nz": (cfg(shape=(512, 512, 8192), basic=(128, 128, 64)), L1, Side(H, format="NZ"), Side(H), C_F, Side(F)),
    "batch_layout": (cfg(shape=(256, 256, 512), basic=(128, 128, 64), scheduleType=mat.OUTER_PRODUCT,
                         iterateOrder=mat.ORDER_M), L1, Side(H, layout="NORMAL"), Side(H, layout="NORMAL"),
                     Side(F, layout="NORMAL"), Side(F)),
    "sizes_missing_with_basic": (cfg(basic=(128, 256, 64)), L1, Side(H), Side(H), C_F, Side(F)),
    "sizes_missing_big_basic": (cfg(MDL, (0, 512, 512), (256, 256, 128), enableSetBias=False), L1,
                                Side(F), Side(F), C_F, None),
    "sizes_missing_no_basic": (cfg(), L1, Side(H), Side(H), C_F, Side(F)),
    "l1_1k": (cfg(shape=(256, 256, 1024), basic=(128, 128, 64)), 1024, Side(H), Side(H), C_F, Side(F)),
    "shape_without_basic": (cfg(shape=(128, 128, 128)), L1, Side(H), Side(H), C_F, Side(F)),
    "shape_without_basic_n": (cfg(shape=(256, 256, 1024), basic=(64, 0, 64)), L1, Side(H), Side(H), C_F, Side(F)),
}

# ---- the vendor's values
_CPP_TYPES = {"half": "half", "bfloat16_t": "bfloat16_t", "float": "float", "int8_t": "int8_t",
              "int32_t": "int32_t", "int16_t": "int16_t", "uint8_t": "uint8_t", "int4b_t": "int4b_t"}
# The vendor's debug-dump headers overload on address spaces, which g++ (no address spaces)
# takes for redefinitions: their include guards, defined up front, leave them out. Nothing
# of the tiling is in them.
_SKIPPED_HEADERS = ("IMPL_UTILS_DEBUG_ASC_AICORE_DUMP_IMPL_H", "ASCENDC_MODULE_OPERATOR_DUMP_TENSOR_IMPL_H")


def _matmul_type(side: Side) -> str:
    return (f"MatmulType<TPosition::{side.position}, CubeFormat::{side.format}, {_CPP_TYPES[side.dtype]}, "
            f"{'true' if side.is_trans else 'false'}, LayoutMode::{side.layout}>")


def _config_expr(c: dict) -> str:
    sets = " ".join(f"c.{k} = static_cast<decltype(c.{k})>({int(v)});" for k, v in c.items())
    return f"[] {{ MatmulConfig c{{}}; {sets} return c; }}()"


def _program(cases: dict) -> str:
    lines = ['#include "asc_bisheng_builtins.h"', '#include "include/adv_api/matmul/constant_tiling.h"',
             "#include <cstdio>", "using namespace AscendC;"]
    fields = ", ".join(f"t.{f}" for f in mat.TILING_FIELDS)
    lines.append("static void dump(const char* name, const MatmulApiStaticTiling& t) { std::printf(\"T %s"
                 + " %d" * len(mat.TILING_FIELDS) + f"\\n\", name, {fields}); }}")
    members = ", ".join(f"(long long)c.{m}" for m in mat.MATMUL_CONFIG_MEMBERS)
    lines.append("static void dump_cfg(const char* name, const MatmulConfig& c) { std::printf(\"C %s"
                 + " %lld" * len(mat.MATMUL_CONFIG_MEMBERS) + f"\\n\", name, {members}); }}")
    body = ['dump_cfg("NORM", GetNormalConfig());', 'dump_cfg("MDL", GetMDLConfig());']
    for i, (name, (c, l1, a, b, cc, bias)) in enumerate(cases.items()):
        types = ", ".join(_matmul_type(s) for s in (a, b, cc, bias if bias is not None else cc))
        lines.append(f"constexpr MatmulConfig CFG{i} = {_config_expr(c)};")
        lines.append(f"constexpr MatmulApiStaticTiling T{i} = GetMatmulApiTiling<{types}>(CFG{i}, {l1});")
        body.append(f'dump("{name}", T{i});')
    lines.append("int main() { " + " ".join(body) + " return 0; }")
    return "\n".join(lines) + "\n"


@pytest.fixture(scope="session")
def devkit(tmp_path_factory):
    """The pinned asc-devkit snapshot, unpacked (asc.tools.vendor_check's way)."""
    from asc.tools import vendor_check as tools_vc
    tarball = tools_vc.find_snapshot()
    if tarball is None:
        pytest.skip(f"no asc-devkit snapshot (../{tools_vc.SNAPSHOT} beside the checkout)")
    return tools_vc.unpack_snapshot(tarball, tmp_path_factory.mktemp("devkit"))


@pytest.fixture(scope="session")
def vendor(devkit, tmp_path_factory):
    """Case name -> the vendor's fields; "NORM" / "MDL" -> the vendor's default configs."""
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.skip("no host g++ to evaluate the vendor's GetMatmulApiTiling")
    from asc.runtime.npu import vendor_check as vc
    tmp = tmp_path_factory.mktemp("vendor_tiling")
    vc.prepare_tree(devkit, tmp / "work")  # the generated kernel_tiling.h the headers include
    src = tmp / "tiling.cpp"
    src.write_text(_program(CASES))
    defines = vc.ARCHS["a2-cube"].defines + vc.COMMON_DEFINES + _SKIPPED_HEADERS
    cmd = [gxx, "-std=c++17", "-w", *[f"-D{d}" for d in defines], *vc.include_flags(devkit, tmp / "work"),
           str(src), "-o", str(tmp / "tiling")]
    res = subprocess.run(cmd, capture_output=True, text=True)
    assert res.returncode == 0, f"the vendor's tiling did not compile:\n{res.stderr[-6000:]}"
    out = subprocess.run([str(tmp / "tiling")], capture_output=True, text=True, check=True).stdout
    values = {}
    for line in out.splitlines():
        kind, name, *nums = line.split()
        keys = mat.TILING_FIELDS if kind == "T" else mat.MATMUL_CONFIG_MEMBERS
        values[name] = dict(zip(keys, map(int, nums)))
    return values


def _model_program(cases: dict) -> str:
    """The same cases through the Model's C++ GetMatmulApiTiling (asc_model/adv_matmul_api_tiling.h),
    evaluated as constexpr, and the fields printed the same way."""
    body = _program(cases).split("\n")
    head = ['#include "kernel_operator.h"', '#include "lib/matmul_intf.h"', "#include <cstdio>", "using namespace AscendC;"]
    return "\n".join(head + body[4:])


MODEL_INC = Path(__file__).resolve().parents[2] / "cpp" / "model" / "include"


@pytest.fixture(scope="session")
def model(tmp_path_factory):
    """Case name -> the Model's fields (its C++ constexpr tiling, compiled with g++)."""
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.skip("no host g++ to compile the Model's GetMatmulApiTiling")
    tmp = tmp_path_factory.mktemp("model_tiling")
    src = tmp / "tiling.cpp"
    src.write_text(_model_program(CASES))
    res = subprocess.run([gxx, "-std=c++17", "-w", f"-I{MODEL_INC}", str(src), "-o", str(tmp / "tiling"), "-lpthread"],
                         capture_output=True, text=True)
    assert res.returncode == 0, f"the Model's tiling did not compile:\n{res.stderr[-6000:]}"
    out = subprocess.run([str(tmp / "tiling")], capture_output=True, text=True, check=True).stdout
    values = {}
    for line in out.splitlines():
        kind, name, *nums = line.split()
        keys = mat.TILING_FIELDS if kind == "T" else mat.MATMUL_CONFIG_MEMBERS
        values[name] = dict(zip(keys, map(int, nums)))
    return values


@pytest.mark.parametrize("name", list(CASES))
def test_model_cpp_matches_vendor(vendor, model, name):
    """The Model's C++ GetMatmulApiTiling, field by field, against the vendor's on the same case."""
    assert model[name] == vendor[name]


@pytest.mark.parametrize("name", list(CASES))
def test_model_cpp_matches_python(model, name):
    """(no vendor snapshot needed) The Model's C++ and asc's Python tiling agree."""
    got = static_tiling(*CASES[name])
    got.pop("cfg")
    assert model[name] == got


def test_model_cpp_default_configs(model):
    assert model["NORM"] == {k: int(x) for k, x in NORM.items()}
    assert model["MDL"] == {k: int(x) for k, x in MDL.items()}


@pytest.mark.parametrize("shape,basic,what", [
    ((256, 256, 1024), (0, 64, 64), "division by zero"),
    ((1 << 20, 1 << 20, 1 << 20), (256, 256, 64), "overflow"),
])
def test_model_cpp_rejects_what_the_vendor_cannot_compile(tmp_path, shape, basic, what):
    """A constant evaluation the vendor's compiler rejects is a compile error with the Model too."""
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.skip("no host g++")
    case = {"bad": (cfg(shape=shape, basic=basic), L1, Side(H), Side(H), C_F, Side(F))}
    src = tmp_path / "bad.cpp"
    src.write_text(_model_program(case))
    res = subprocess.run([gxx, "-std=c++17", "-w", f"-I{MODEL_INC}", "-fsyntax-only", str(src)],
                         capture_output=True, text=True)
    assert res.returncode != 0
    assert "call to non-‘constexpr’ function" in res.stderr or "non-constexpr" in res.stderr
    assert "static_tiling_error" in res.stderr
    assert re.search(r"static_tiling_error\(\"[^\"]*" + what, res.stderr)


@pytest.mark.parametrize("name", list(CASES))
def test_matches_vendor(vendor, name):
    c, l1, a, b, cc, bias = CASES[name]
    got = static_tiling(c, l1, a, b, cc, bias)
    assert got.pop("cfg") == c
    assert got == vendor[name]


def _route(case) -> str:
    """Which of the vendor's branches a case's tiling comes from."""
    c, l1, a, b, cc, bias = case
    calc = mat._Tiling(c, a, b, cc, bias or cc)
    if 0 in (calc.sm, calc.sn, calc.sk):
        return "sizes missing, basic block" if 0 not in (calc.bm, calc.bn, calc.bk) else "sizes missing"
    st = calc.l1_factor(l1)
    for kind in ("both_full_load", "a_full_load", "b_full_load"):
        if getattr(calc, kind)(l1) == st:
            return kind
    axis = calc.k_first_axis()
    if axis:
        return f"neither, K of {'A1' if axis == 1 else 'B1'} first"
    st = calc.neither_buffers(l1)
    st.k_bl1 = calc.k_c0()
    return "neither, NZ, B1 holds K" if calc.l1_total(st) <= l1 else "neither, NZ, shared K"


def test_cases_reach_every_branch():
    routes = {name: _route(case) for name, case in CASES.items()}
    assert set(routes.values()) == {
        "sizes missing", "sizes missing, basic block", "both_full_load", "a_full_load", "b_full_load",
        "neither, K of A1 first", "neither, K of B1 first", "neither, NZ, B1 holds K", "neither, NZ, shared K"}
    assert routes["half_fits"] == "both_full_load" and routes["half_mdl_a_full"] == "a_full_load"
    assert routes["half_b_full"] == "b_full_load" and routes["float_nz_path"] == "neither, NZ, shared K"
    # the small single-core block whose A1 holds all of A (CalcAL1FullLoadTiling)
    t = static_tiling(*CASES["tiny_block_a_whole"])
    assert t["stepKa"] == t["depthA1"] == 256 // 64 and t["depthB1"] == 2 * t["stepKb"]


def test_default_configs_are_the_vendors(vendor):
    assert vendor["NORM"] == {k: int(x) for k, x in NORM.items()}
    assert vendor["MDL"] == {k: int(x) for k, x in MDL.items()}


def test_field_lists_are_the_vendors(devkit):
    """TILING_FIELDS / MATMUL_CONFIG_MEMBERS are the vendor structs' members, in order."""
    def member_names(path, struct):
        text = (devkit / path).read_text()
        body = re.search(r"^struct %s \{(.*?)^\};" % struct, text, re.S | re.M).group(1)
        return tuple(re.findall(r"^\s+[\w:]+\s+(\w+)\s*(?:=|\{|;)", body, re.M))
    fields = member_names("include/adv_api/matmul/tiling.h", "MatmulApiStaticTiling")
    members = member_names("include/adv_api/matmul/matmul_config.h", "MatmulConfig")
    assert fields == mat.TILING_FIELDS + ("cfg",)
    assert members == mat.MATMUL_CONFIG_MEMBERS


# ---- no compiler needed
def test_sizes_missing_leaves_defaults():
    t = static_tiling(cfg(), L1, Side(H), Side(H), C_F, None)
    assert t.pop("cfg") == cfg()
    assert set(t) == set(mat.TILING_FIELDS) and set(t.values()) == {-1}
    # one missing single-core size is enough; the basic block still fixes base, L0 buffers and bias
    t = static_tiling(cfg(shape=(128, 0, 256), basic=(256, 128, 128), enableSetBias=False), L1,
                      Side(F), Side(H), C_F, None)
    assert (t["baseM"], t["baseN"], t["baseK"], t["dbL0A"], t["dbL0B"], t["isBias"]) == (256, 128, 128, 1, 2, 0)
    assert t["singleCoreM"] == t["stepM"] == -1


def test_aliases_and_validation():
    assert Side("float16") == Side("half") and Side("int4").dtype == "int4b_t"
    assert Side("half", "LCM").position == "VECCALC" and Side("half", format="ROW_MAJOR").format == "ND"
    for bad in (dict(dtype="double"), dict(dtype="half", position="UB"), dict(dtype="half", format="XY"),
                dict(dtype="half", layout="BSH")):
        with pytest.raises(ValueError):
            Side(**bad)
    with pytest.raises(ValueError, match="basic_m"):
        static_tiling(dict(NORM, basic_m=16), L1, Side(H), Side(H), C_F, None)
    partial = {k: x for k, x in NORM.items() if k != "basicK"}
    with pytest.raises(KeyError, match="basicK"):
        static_tiling(partial, L1, Side(H), Side(H), C_F, None)
    # members the algorithm does not read may be left out
    read = {k: NORM[k] for k in mat._READ_MEMBERS}
    assert static_tiling(dict(read, singleCoreM=64, singleCoreN=64, singleCoreK=64, basicM=64, basicN=64,
                                   basicK=64), L1, Side(H), Side(H), C_F, None)["stepM"] == 1


def test_what_the_vendor_cannot_compile_raises():
    # (checked by hand: g++ rejects both of these constexpr evaluations of the vendor's)
    # no basic M: a zero-sized A1 block divides the L1 budget
    with pytest.raises(mat.StaticTilingError, match="division by zero"):
        static_tiling(cfg(shape=(256, 256, 1024), basic=(0, 64, 64)), L1, Side(H), Side(H), C_F, Side(F))
    # a single-core block past int32 bytes
    with pytest.raises(mat.StaticTilingError, match="overflow"):
        static_tiling(cfg(shape=(1 << 20, 1 << 20, 1 << 20), basic=(256, 256, 64)), L1, Side(H), Side(H), C_F,
                      Side(F))


def test_c_arithmetic_helpers():
    assert mat._div(-7, 2) == -3 and mat._mod(-7, 2) == -1
    assert mat._udiv(-1, 2) == 0x7FFFFFFF           # a negative budget over an unsigned size
    assert mat._to_i32(0xFFFFFFFF) == -1 and mat._to_i32(1 << 32) == 0
    assert mat._ceil(5, 0) == 0 and mat._align(5, 0) == 0 and mat._align(5, 4) == 8
    with pytest.raises(mat.StaticTilingError, match="overflow"):
        mat._i32(1 << 31)
    assert [mat._nearest_factor(12, f) for f in (5, 12, 100, 0, -3)] == [4, 12, 12, 0, -3]
    assert mat._nearest_factor(-2, 3) == -2


def test_small_l1_unsigned_budget():
    """An L1 budget that goes negative is divided by an unsigned size: a huge K depth, cut to
    all of K. The vendor's tiling then asks for more L1 than it was given (as the vendor's
    does: the tiny_l1 case is compared with it above)."""
    t = static_tiling(*CASES["tiny_l1"])
    assert t["stepKa"] * 64 == 4096 and t["depthA1"] == t["stepKa"]
    assert t["shareL1Size"] > 32 * 1024


def test_bias_in_l1_takes_no_l1():
    base = cfg(shape=(256, 1024, 1024), basic=(128, 256, 64))
    gm = static_tiling(base, L1, Side(H), Side(H), C_F, Side(F))
    l1 = static_tiling(base, L1, Side(H), Side(H), C_F, Side(F, "TSCM"))
    assert gm["shareL1Size"] - l1["shareL1Size"] == 256 * 4
    no_bias = static_tiling(dict(base, enableSetBias=False), L1, Side(H), Side(H), C_F, Side(F))
    assert no_bias["isBias"] == 0 and no_bias["shareL1Size"] <= gm["shareL1Size"] - 256 * 4


def test_module_imports_only_the_standard_library():
    src = open(mat.__file__).read()
    imported = set(re.findall(r"^(?:from|import)\s+([\w.]+)", src, re.M))
    assert imported <= {"__future__", "dataclasses", "typing"}
