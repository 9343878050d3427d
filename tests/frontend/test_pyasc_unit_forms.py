"""The forms pyasc's own unit tests (python/test/unit) use, as asc provides them.

pyasc's tests launch kernels with `MockTensor`/`MockValue` arguments and
`Launcher.run` patched: the kernel is traced and compiled to Ascend C for
arguments of that type, and never run. Each test here compiles a kernel in
one of those forms and checks the Ascend C it becomes (or the error).
"""

from unittest import mock

import numpy as np
import pytest

import asc
from asc.codegen.errors import CodegenError
from asc.errors import CompileError
from asc.runtime.jit import JITFunction, MockTensor, MockValue

from emit_check import check, compile_source


@asc.jit
def scale(x: asc.GlobalAddress, n: int, k: float):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(t, x_gm, n)
    asc.muls(t, t, k, n)
    asc.data_copy(x_gm, t, n)


def test_mock_arguments_compile_as_their_dtype():
    src = compile_source(scale, MockTensor(asc.float16), MockValue(asc.int32), MockValue(asc.float32))
    check(src, "void scale(GM_ADDR x, int32_t n, float k)",
          "AscendC::GlobalTensor<half>", "AscendC::Muls")
    # the same kernel for a real array of that dtype is the same specialization
    assert scale.warmup(np.zeros(4, np.float16), 4, 1.0).source == src


@asc.jit
def peek(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    v = x_gm.get_value(3)


def test_mock_tensor_of_another_dtype_is_another_kernel():
    check(compile_source(peek, MockTensor(asc.float32)), "AscendC::GlobalTensor<float>")
    check(compile_source(peek, MockTensor(asc.int8)), "AscendC::GlobalTensor<int8_t>")


def test_a_mocked_launch_with_mock_arguments_calls_run_once_and_runs_nothing():
    with mock.patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
        scale[1](MockTensor(asc.float16), 16, 2.0)
    assert run.call_count == 1
    kernel, name, args = run.call_args.args
    assert name == "scale" and isinstance(args[0], MockTensor)


def test_patching_run_launcher_stops_the_launch_too():
    with mock.patch("asc.runtime.jit.JITFunction._run_launcher", return_value=None) as rl, \
         mock.patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
        scale[1](MockTensor(asc.float16), 16, 2.0)
    assert rl.call_count == 1 and run.call_count == 0
    assert isinstance(scale, JITFunction)


def test_running_a_kernel_on_mock_arguments_is_refused_naming_the_argument():
    with pytest.raises(TypeError, match=r"argument 'x' is a mock \(gm of float16\)"):
        scale[1](MockTensor(asc.float16), 16, 2.0)


def test_mock_needs_an_asc_dtype():
    with pytest.raises(TypeError, match="asc dtype"):
        MockTensor(np.float16)
    assert MockTensor("float32").dtype is asc.float32


def test_unsupported_argument_type_message():
    @asc.jit
    def takes(name):
        pass

    with pytest.raises(TypeError, match="Argument type in JIT function is not supported: str"):
        takes[1]("text")


def test_a_failing_compile_time_assert_is_a_codegen_error_naming_assertion_error():
    @asc.jit
    def asserts(num):
        assert 1 < 0, f"assert failed {num}"

    assert CodegenError is CompileError
    with pytest.raises(CodegenError, match="AssertionError.*assert failed") as e:
        asserts[1](100)
    assert e.value.lineno is not None


def test_a_compile_time_assert_message_is_evaluated_when_it_can_be():
    @asc.jit
    def asserts2(n: asc.ConstExpr[int]):
        assert n < 0, "n was " + str(n)

    with pytest.raises(CodegenError, match="AssertionError.*n was 3"):
        asserts2[1](3)


def test_print_in_kernel_code_is_a_name_error_pointing_at_printf():
    @asc.jit
    def prints(age):
        print(age)

    with pytest.raises(CodegenError, match="NameError: print is not defined.*asc.printf"):
        prints[1](100)


def test_patched_compile_and_launch_steps_still_trace_the_kernel():
    @asc.jit
    def traced_only(n: int):
        v = n + 1

    @asc.jit
    def bad(n: int):
        print(n)

    with mock.patch("asc.runtime.jit.JITFunction._run_launcher", return_value=None) as rl, \
         mock.patch("asc.runtime.jit.JITFunction._run_compiler", return_value=None) as rc:
        traced_only[1](3)
        traced_only[1](3)  # a patched compile is not cached: the kernel is built again
        with pytest.raises(CodegenError, match="NameError"):
            bad[1](3)
    assert rc.call_count == 2 and rl.call_count == 2
    assert rl.call_args.args[0] is None
    # unpatched, the same kernel compiles to a real kernel
    assert "traced_only" in traced_only.warmup(3).source
