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
    out, _ = rewrite.rewrite(MATMUL_KERNEL + launch, cube_only=True)
    assert '"mm_k", 1, 1, 0,' in out
    out, _ = rewrite.rewrite("#define ASCENDC_CUBE_ONLY\n" + MATMUL_KERNEL + launch)
    assert '"mm_k", 1, 1, 0,' in out


@pytest.mark.parametrize("flags, on", [
    (["-DASCENDC_CUBE_ONLY"], True), (["-D", "ASCENDC_CUBE_ONLY"], True), (["-DASCENDC_CUBE_ONLY=1"], True),
    (["-DASCENDC_CUBE_ONLY", "-UASCENDC_CUBE_ONLY"], False), (["-DASCENDC_CUBE_ONLYX", "-I", "x"], False), ([], False),
])
def test_asc_cc_reads_cube_only_from_the_compile_flags(flags, on):
    from asc.cprog.cc import _defines_cube_only
    assert _defines_cube_only(flags) is on


def test_comments_strings_and_shifts_untouched():
    src = '// k<<<1, 0, s>>>(x)\nconst char* t = "a<<<b>>>";\nint v = a << 3 >> 1;\n'
    out, n = rewrite.rewrite(src)
    assert n == 0 and out == src


@pytest.mark.parametrize("bad, why", [
    ("k<<<1, 0, s>>>;", "no argument list"),
    ("k<<<1>>>(x);", "<<<numBlocks, l2ctrl, stream>>>"),
    ("k<<<1, 0, s(x);", "without its closing"),
    ("k<<<1, 0, s>>>(x;", "not closed"),
])
def test_malformed_launch_is_an_error_with_its_line(bad, why):
    with pytest.raises(rewrite.RewriteError) as info:
        rewrite.rewrite("int a;\n\n" + bad + "\n")
    assert info.value.line == 3
    assert why in str(info.value)
