"""Each class of compile error names the user's line (file:line:col, source, caret),
is an asc.CompileError, and hides the front end's frames from the traceback."""

import os
import traceback

import numpy as np
import pytest

import asc

X = np.ones(64, np.float32)
THIS = os.path.abspath(__file__)


def _line(marker):
    with open(THIS) as f:
        for n, line in enumerate(f, 1):
            if line.rstrip().endswith("# " + marker):
                return n, line.strip()
    raise AssertionError(marker)


def _expect(call, marker, *words, cls=asc.CompileError):
    with pytest.raises(asc.CompileError) as info:
        call()
    exc = info.value
    assert isinstance(exc, cls)
    msg = str(exc)
    lineno, code = _line(marker)
    assert f"{THIS}:{lineno}:" in msg, msg
    lines = msg.splitlines()
    # the offending source line, then a caret line
    i = next(k for k, l in enumerate(lines) if l.strip() == code)
    assert lines[i + 1].strip() == "^", msg
    for w in words:
        assert w in msg, (w, msg)
    frames = traceback.extract_tb(exc.__traceback__)
    bad = [f for f in frames if os.sep + os.path.join("asc", "codegen") + os.sep in f.filename]
    assert not bad, "front-end frames in traceback: " + "".join(traceback.format_list(bad))
    return exc


@asc.jit
def e_undef(x: asc.GlobalAddress, n: int):
    y = undefined_thing + 1  # E:undef


def test_undefined_name():
    _expect(lambda: e_undef.warmup(X, 4), "E:undef", "name 'undefined_thing' is not defined")


@asc.jit
def e_listcomp(x: asc.GlobalAddress, n: int):
    a = [i for i in range(3)]  # E:listcomp


@asc.jit
def e_with(x: asc.GlobalAddress, n: int):
    with n:  # E:with
        pass


@asc.jit
def e_try(x: asc.GlobalAddress, n: int):
    try:  # E:try
        pass
    except Exception:
        pass


@pytest.mark.parametrize("kernel,marker,word", [
    (e_listcomp, "E:listcomp", "list comprehension"),
    (e_with, "E:with", "with statement"),
    (e_try, "E:try", "try statement"),
])
def test_unsupported_syntax(kernel, marker, word):
    _expect(lambda: kernel.warmup(X, 4), marker, "unsupported Python syntax", word,
            cls=asc.UnsupportedSyntaxError)


@asc.jit
def e_args(x: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, 64)
    asc.add(t, t)  # E:args


def test_api_wrong_arguments_lists_forms():
    exc = _expect(lambda: e_args.warmup(X, 4), "E:args", "no form of asc.add takes",
                  "(LocalTensor[float32], LocalTensor[float32])", "the forms are:")
    assert str(exc).count("asc.add(dst: LocalTensor") == 3


@asc.jit
def e_static(x: asc.GlobalAddress, n: int):
    for i in asc.static_range(n):  # E:static
        pass


@asc.jit
def e_depth(x: asc.GlobalAddress, n: int):
    q = asc.TQue(asc.TPosition.VECIN, n)  # E:depth


def test_runtime_value_where_constant_required():
    _expect(lambda: e_static.warmup(X, 4), "E:static", "static_range", "compile-time")
    _expect(lambda: e_depth.warmup(X, 4), "E:depth", "'depth'", "compile-time constant", "runtime value")


@asc.jit
def e_dtype(x: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 64)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.add(a, a, b, 64)  # E:dtype


def test_mismatched_dtypes():
    _expect(lambda: e_dtype.warmup(X, 4), "E:dtype", "mismatched dtypes", "float16", "float32")


@asc.jit
def e_flag(x: asc.GlobalAddress, n: int):
    asc.set_flag(asc.HardEvent.MTE2_V, 9)  # E:flag


@asc.jit
def e_barrier(x: asc.GlobalAddress, n: int):
    asc.pipe_barrier(asc.PipeID.PIPE_S)  # E:barrier


def test_verifier_rejection():
    _expect(lambda: e_flag.warmup(X, 4), "E:flag", "rejected", "event id 9", "0..7")
    _expect(lambda: e_barrier.warmup(X, 4), "E:barrier", "rejected", "PIPE_S")


def test_api_outside_kernel():
    def call():
        asc.add(1, 2, 3, 4)  # E:outside
    exc = _expect(call, "E:outside", "asc.add", "inside an @asc.jit kernel")
    assert isinstance(exc, RuntimeError)  # NotInKernelError stays a RuntimeError too


@asc.jit
def e_break(x: asc.GlobalAddress, n: int):
    for i in asc.static_range(4):
        if n > i:
            break  # E:break


def test_break_under_runtime_condition_in_unrolled_loop():
    _expect(lambda: e_break.warmup(X, 4), "E:break", "break", "runtime condition",
            "unrolled", cls=asc.UnsupportedSyntaxError)


def test_error_through_launch_hides_frames():
    # a launch compiles first: the error is the same, the traceback ends at the launch
    _expect(lambda: e_break[1](X, 4), "E:break", "break")
