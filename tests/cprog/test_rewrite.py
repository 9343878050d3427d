"""asc-cc's `<<<...>>>` rewrite (python/asc/cprog/rewrite.py): pure text, no compiler."""

import pytest

from asc.cprog import rewrite

KERNELS = """
template <uint32_t n>
__vector__ __global__ void vec_k(__gm__ float* x) {}
extern "C" __global__ __cube__ void cube_k(GM_ADDR a) {}
__global__ __mix__(1, 2) void mix_k(GM_ADDR a) {}
__global__ __aicore__ void plain_k(GM_ADDR a) {}
"""


def test_kernel_types_from_qualifiers():
    types = rewrite.kernel_types(KERNELS)
    assert types == {"vec_k": "AIV_ONLY", "cube_k": "AIC_ONLY", "mix_k": "MIX_AIC_1_2", "plain_k": "AIV_ONLY"}


def test_launch_keeps_lines_and_passes_cores():
    src = KERNELS + "void f(aclrtStream s) {\n  vec_k<2048><<<8, 0, s>>>(x,\n      y);\n  cube_k<<<2, 0, s>>>(a);\n  mix_k<<<n / 2, 0>>>(a);\n}\n"
    out, n = rewrite.rewrite(src)
    assert n == 3
    assert out.count("\n") == src.count("\n")  # every line keeps its number
    lines = out.splitlines()
    i = next(k for k, l in enumerate(lines) if "vec_k<2048>(" in l)
    assert lines[i].lstrip().startswith('::asc_program::launch(8, 0, s, __FILE__, __LINE__, "vec_k", 0, 1,')
    assert "cube_k" in out and '"cube_k", 1, 1, 0,' in out  # AIC_ONLY: cube cores
    # two AIV cores per block and the block's AIC core (its code is the program's); default stream
    assert '"mix_k", 0, 2, 1,' in out and "n / 2, 0, nullptr" in out


MATMUL_KERNEL = """
__global__ __aicore__ void mm_k(GM_ADDR a, GM_ADDR t) {
  AscendC::TPipe pipe;
  REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
}
__global__ __aicore__ void vec_only(GM_ADDR a) { helper(); }
// REGIST_MATMUL_OBJ in a comment does not count
"""


def test_a_kernel_registering_a_matmul_is_mixed_unless_cube_only():
    # bisheng gives an unqualified kernel the cores it uses: the Matmul's server is the cube's
    assert rewrite.kernel_types(rewrite._blank(MATMUL_KERNEL, rewrite.code_mask(MATMUL_KERNEL))) == {
        "mm_k": "MIX_AIC_1_2", "vec_only": "AIV_ONLY"}
    launch = "void f(void* s) {\n  mm_k<<<4, 0, s>>>(a, t);\n}\n"
    out, _ = rewrite.rewrite(MATMUL_KERNEL + launch)
    assert '"mm_k", 0, 2, 0,' in out  # the AIV cores are the Matmul's clients; no AIC code of its own
    out, _ = rewrite.rewrite(MATMUL_KERNEL + launch, macros={"ASCENDC_CUBE_ONLY": "1"})
    assert '"mm_k", 1, 1, 0,' in out
    out, _ = rewrite.rewrite("#define ASCENDC_CUBE_ONLY\n" + MATMUL_KERNEL + launch)
    assert '"mm_k", 1, 1, 0,' in out


@pytest.mark.parametrize("flags, on", [
    (["-DASCENDC_CUBE_ONLY"], True), (["-D", "ASCENDC_CUBE_ONLY"], True), (["-DASCENDC_CUBE_ONLY=1"], True),
    (["-DASCENDC_CUBE_ONLY", "-UASCENDC_CUBE_ONLY"], False), (["-DASCENDC_CUBE_ONLYX", "-I", "x"], False), ([], False),
])
def test_asc_cc_reads_cube_only_from_the_compile_flags(flags, on):
    from asc.cprog.cc import _macros
    assert ("ASCENDC_CUBE_ONLY" in _macros(flags)) is on


def test_compile_flags_give_the_macros_values():
    from asc.cprog.cc import _macros
    assert _macros(["-DSCENARIO_NUM=2", "-D", "A=x", "-DB", "-I", "inc", "-UB"]) == {"SCENARIO_NUM": "2", "A": "x"}


SCENARIO_GATED = """#if SCENARIO_NUM == 2
#define ASCENDC_CUBE_ONLY
#endif
"""


@pytest.mark.parametrize("src, macros, on", [
    (SCENARIO_GATED, {"SCENARIO_NUM": "1"}, False),      # matmul_ibshareB's scenario 1: mixed
    (SCENARIO_GATED, {"SCENARIO_NUM": "2"}, True),
    (SCENARIO_GATED, {}, False),                         # an undefined macro is 0
    ("#ifdef CUBE\n#define ASCENDC_CUBE_ONLY\n#else\n#define OTHER\n#endif\n", {"CUBE": "1"}, True),
    ("#ifndef CUBE\n#define ASCENDC_CUBE_ONLY\n#endif\n", {"CUBE": "1"}, False),
    ("#if 0\n#define ASCENDC_CUBE_ONLY\n#elif defined(X) && X > 1\n#define ASCENDC_CUBE_ONLY\n#endif\n",
     {"X": "3"}, True),
    ("#if 0\n#if 1\n#define ASCENDC_CUBE_ONLY\n#endif\n#endif\n", {}, False),   # nested under a false #if
    ("#define ASCENDC_CUBE_ONLY\n#undef ASCENDC_CUBE_ONLY\n", {}, False),
    ("#if SOMETHING(1)\n#define ASCENDC_CUBE_ONLY\n#endif\n", {}, False),    # a form it cannot evaluate: false
])
def test_cube_only_follows_the_sources_conditionals(src, macros, on):
    code = rewrite._blank(src, rewrite.code_mask(src))
    assert rewrite.defines_cube_only(code, macros) is on


GATED_KERNEL = """#if SCENARIO_NUM == 2
#define ASCENDC_CUBE_ONLY
extern "C" __global__ __cube__ void k(GM_ADDR a)
#else
extern "C" __global__ __aicore__ void k(GM_ADDR a)
#endif
{
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, &tiling);
}
void f(void* s) {
  k<<<2, 0, s>>>(a);
}
"""


@pytest.mark.parametrize("scenario, launch", [("1", '"k", 0, 2, 0,'), ("2", '"k", 1, 1, 0,')])
def test_a_kernel_declared_under_an_if_takes_the_active_branch(scenario, launch):
    # matmul_ibshareB: scenario 1 is the mixed kernel (two AIV clients a group), 2 the cube-only one
    out, _ = rewrite.rewrite(GATED_KERNEL, macros={"SCENARIO_NUM": scenario})
    assert launch in out
    assert out.count("\n") == GATED_KERNEL.count("\n")
