"""asc.runtime.compiler (pyasc's compile driver names): a kernel's device binary built
per AI Core type with bisheng and linked with ld.lld — the exact command lines, checked
against the fake bisheng (fakes/fake_bisheng.py, standing in for ld.lld too); the retry
without machine LICM; errors. No CANN needed; what a real bisheng makes of these
commands is not verified here."""

import numpy as np
import pytest

import asc
from asc.lib.runtime import CoreType
from asc.runtime import config
from asc.runtime.compiler import CompileOptions, Compiler, option_problems
from conftest import write_fake_bisheng

_COMMON = ["-std=c++17", "--cce-disable-kernel-global-attr-check", "-mllvm", "-cce-aicore-stack-size=0x8000",
           "-mllvm", "-cce-aicore-function-stack-size=0x8000", "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false",
           "-DASCENDC_DUMP=0", "--cce-auto-sync", "-mllvm", "-api-deps-filter"]
_TAIL = ["-D__NPU_TILING__", "-DTILING_KEY_VAR=0"]


@pytest.fixture
def toolchain(cann, tmp_path, monkeypatch):
    """The fake CANN root with an ld.lld beside bisheng (both the fake), logging to one file."""
    linker = write_fake_bisheng(cann.root / "compiler" / "ccec_compiler" / "bin" / "ld.lld")
    monkeypatch.delenv("FAKE_BISHENG_COPY")  # the link writes a recognisable dummy image
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1, check=False)
    return cann, linker


def _includes(root):
    tik = root / "compiler" / "tikcpp" / "tikcfw"
    return ["-I", str(tik), "-I", str(tik / "impl"), "-I", str(tik / "interface")]


def _compile(root, arch, work, obj, opt=3, mix=()):
    return [str(root / "compiler" / "ccec_compiler" / "bin" / "bisheng"), "-c", "-x", "cce", f"-O{opt}",
            f"{work}/input.cce", f"--cce-aicore-arch={arch}", "--cce-aicore-only", "-o", f"{work}/{obj}",
            *_includes(root), *_COMMON, *mix, *_TAIL]


def _link(linker, work, objs):
    return [str(linker), "-m", "aicorelinux", "-Ttext=0", *(f"{work}/{o}" for o in objs), "-static", "-o",
            f"{work}/output.o"]


@pytest.mark.parametrize("kernel_type,core_type,steps", [
    (config.KernelType.AIV_ONLY, CoreType.VectorCore, [("dav-c220-vec", "output_kernel.o")]),
    (config.KernelType.MIX_AIV_HARD_SYNC, CoreType.VectorCore, [("dav-c220-vec", "output_kernel.o")]),
    (config.KernelType.AIC_ONLY, CoreType.CubeCore, [("dav-c220-cube", "output_kernel.o")]),
    (config.KernelType.MIX_AIC_1_2, CoreType.AiCore, [("dav-c220-cube", "output_cube.o"),
                                                      ("dav-c220-vec", "output_vec.o")]),
])
def test_each_kernel_type_builds_its_cores_and_links(toolchain, kernel_type, core_type, steps):
    cann, linker = toolchain
    out = Compiler(CompileOptions(kernel_type=kernel_type)).run("// kernel\n", "k")
    assert out.core_type == core_type and out.binary == b"not a real library\n"
    calls = cann.bisheng_log.calls()
    work = calls[0][calls[0].index("-o") + 1].rsplit("/", 1)[0]
    mix = ["-cce-enable-mix", "-D__MIX_CORE_MACRO__=1"] if core_type == CoreType.AiCore else []
    assert calls == [*(_compile(cann.root, arch, work, obj, mix=mix) for arch, obj in steps),
                     _link(linker, work, [obj for _, obj in steps])]


def test_mix_1_1_marks_the_core_ratio_and_options_reach_the_command(toolchain):
    cann, _ = toolchain
    opts = CompileOptions(kernel_type=config.KernelType.MIX_AIC_1_1, opt_level=2, debug=True,
                          bisheng_options=("-DMY_FLAG=1",), auto_sync=False)
    assert Compiler(opts).run("// kernel\n").core_type == CoreType.AiCore
    cube, vec, link = cann.bisheng_log.calls()
    for cmd in (cube, vec):
        assert "-O2" in cmd and "-DMY_FLAG=1" in cmd and cmd[-5:] == ["-cce-enable-mix", "-D__MIX_CORE_MACRO__=1",
                                                                      "-D__MIX_CORE_AIC_RATION__=1", *_TAIL]
        assert cmd.index("-DMY_FLAG=1") < cmd.index("-std=c++17")  # the user's flags come first
        assert "-g" in cmd and "--cce-auto-sync" not in cmd
    assert link[1:4] == ["-m", "aicorelinux", "-Ttext=0"]


def test_a_compiled_asc_kernel_gives_its_source_and_kernel_type(toolchain):
    cann, _ = toolchain

    @asc.jit
    def scale(x: asc.GlobalAddress, n: int):
        gx = asc.GlobalTensor()
        gx.set_global_buffer(x)

    kernel = scale.warmup(np.zeros(8, np.float32), 8)
    out = Compiler().run(kernel, "scale")
    assert out.core_type == CoreType.VectorCore  # the front end's AIV_ONLY
    compile_cmd = cann.bisheng_log.calls()[0]
    assert "--cce-aicore-arch=dav-c220-vec" in compile_cmd


def test_a_failed_compile_is_retried_without_machine_licm(toolchain, monkeypatch):
    cann, _ = toolchain
    monkeypatch.setenv("FAKE_BISHENG_FAIL", "LICM crashed")
    monkeypatch.setenv("FAKE_BISHENG_FAIL_IF", "--cce-aicore-only")
    monkeypatch.setenv("FAKE_BISHENG_FAIL_UNLESS", "-disable-machine-licm")
    Compiler().run("// kernel\n")
    first, retry, link = cann.bisheng_log.calls()
    assert retry == first[:4] + ["-mllvm", "-disable-machine-licm"] + first[4:]
    assert link[1] == "-m"


def test_a_compile_that_fails_twice_names_the_command(toolchain, monkeypatch):
    cann, _ = toolchain
    monkeypatch.setenv("FAKE_BISHENG_FAIL", "error: no member named 'Foo'")
    with pytest.raises(RuntimeError) as err:
        Compiler().run("// kernel\n")
    text = str(err.value)
    assert text.startswith("compile failed (exit code 1):\nerror: no member named 'Foo'\nPlease rerun: ")
    assert "--cce-aicore-arch=dav-c220-vec" in text and len(cann.bisheng_log.calls()) == 2


@pytest.mark.parametrize("options,message", [
    (CompileOptions(opt_level=0), "opt_level must be 1, 2 or 3, got 0"),
    (CompileOptions(kernel_type="AIV_ONLY"), "kernel_type must be an asc.runtime.config.KernelType"),
])
def test_bad_options_are_refused(toolchain, options, message):
    with pytest.raises(RuntimeError, match=f"^Please check input compile option: {message}"):
        Compiler(options)


def test_a_platform_without_device_binaries_is_refused():
    # every platform asc.runtime.config selects is an A2/A3 part; pyasc's driver builds for no other
    assert option_problems(CompileOptions(), "Ascend310P3") == [
        "the platform Ascend310P3 is not an Atlas A2/A3 part (Ascend910B*, Ascend910_93*)"]
    assert all(not option_problems(CompileOptions(), p.value) for p in config.Platform)


def test_missing_tools_are_named(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RuntimeError, match="Compiler executable is not found.*ASC_BISHENG / PYASC_COMPILER"):
        Compiler()
    monkeypatch.setenv("PYASC_COMPILER", str(write_fake_bisheng(tmp_path / "bisheng")))
    with pytest.raises(RuntimeError, match="Linker executable is not found.*ASC_LINKER / PYASC_LINKER"):
        Compiler()
    monkeypatch.setenv("PYASC_LINKER", str(write_fake_bisheng(tmp_path / "ld.lld")))
    assert Compiler().linker == str(tmp_path / "ld.lld")


def test_core_type_has_pyasc_values():
    assert [c.value for c in CoreType] == ["AiCore", "VectorCore", "CubeCore", "AiCpu"]
