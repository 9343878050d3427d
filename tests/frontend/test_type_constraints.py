"""Element types an Ascend C API does not accept (the per-family constraints of
ops/Vector.td) are CompileErrors at the kernel's line that list the accepted types."""

import os

import numpy as np
import pytest

import asc

THIS = os.path.abspath(__file__)
X = np.zeros(256, np.float32)


def _line(marker):
    with open(THIS) as f:
        for n, line in enumerate(f, 1):
            if line.rstrip().endswith("# " + marker):
                return n, line.strip()
    raise AssertionError(marker)


def _expect(kernel, marker, *words):
    with pytest.raises(asc.CompileError) as info:
        kernel.warmup(X, 256)
    msg = str(info.value)
    lineno, code = _line(marker)
    assert f"{THIS}:{lineno}:" in msg, msg
    lines = msg.splitlines()
    i = next(k for k, l in enumerate(lines) if l.strip() == code)
    assert lines[i + 1].strip() == "^", msg
    for w in words:
        assert w in msg, (w, msg)
    return msg


@asc.jit
def exp_int32(x: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.int32, asc.TPosition.VECOUT, 1024, 256)
    asc.exp(b, a, n)  # E:exp


def test_exp_on_int32_is_rejected_with_the_accepted_types():
    msg = _expect(exp_int32, "E:exp", "ascendc.exp_l2", "must be LocalTensor of f16 or f32",
                  "!ascendc.local_tensor<i32>")
    assert "error:" in msg


@asc.jit
def sqrt_int16_level0(x: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.int16, asc.TPosition.VECIN, 0, 256)
    asc.sqrt(a, a, 128, 2, asc.UnaryRepeatParams())  # E:sqrt


def test_level0_form_is_rejected_too():
    _expect(sqrt_int16_level0, "E:sqrt", "ascendc.sqrt_l1", "must be LocalTensor of f16 or f32",
            "!ascendc.local_tensor<i16>")


@asc.jit
def and_float(x: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 256)
    asc.bitwise_and(b, a, a, n)  # E:and


def test_bitwise_on_float_is_rejected():
    _expect(and_float, "E:and", "ascendc.bitwise_and_l2",
            "must be LocalTensor of i16, ui16, i32 or ui32", "!ascendc.local_tensor<f32>")


@asc.jit
def reduce_int32(x: asc.GlobalAddress, n: int):
    a = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 256)
    w = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 1024, 256)
    asc.reduce_sum(a, a, w, n)  # E:reduce


def test_reduction_on_int32_is_rejected():
    _expect(reduce_int32, "E:reduce", "ascendc.reduce_sum_l2", "must be LocalTensor of f16 or f32")


@asc.jit
def accepted(x: asc.GlobalAddress, n: int):
    f = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    s = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 1024, 256)
    i = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 2048, 256)
    asc.exp(f, f, n)
    asc.relu(i, i, n)
    asc.add(i, i, i, n)
    asc.bitwise_and(s, s, s, n)
    asc.bitwise_not(s, s, n)
    asc.shift_left(i, i, 2, n)


def test_accepted_types_compile():
    src = accepted.warmup(X, 256).source
    for call in ("AscendC::Exp(", "AscendC::Relu(", "AscendC::Add(", "AscendC::And(",
                 "AscendC::Not(", "AscendC::ShiftLeft<int32_t"):
        assert call in src, call
