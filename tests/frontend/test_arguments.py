"""How launch arguments are typed: arrays, Python scalars, numpy scalars, ConstExpr."""

import numpy as np
import pytest

import asc
from emit_check import check, compile_source


@asc.jit
def scaled(x: asc.GlobalAddress, a, b, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, g, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, a, n)
    asc.muls(t, t, b, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(g, t, n)


X = np.arange(128, dtype=np.float16)


@pytest.mark.parametrize("a, b, ctypes", [
    (1, 2.0, ("int32_t a", "float b")),                     # int -> int32, float -> float32
    (True, 2 ** 40, ("int8_t a", "int64_t b")),             # bool -> int8, big int -> int64
    (np.float16(1.5), np.int64(2), ("half a", "int64_t b")),  # numpy scalars keep their dtype
    (np.uint8(3), np.float32(0.5), ("uint8_t a", "float b")),
])
def test_scalar_argument_types(a, b, ctypes):
    src = compile_source(scaled, X, a, b, 128)
    check(src, 'extern "C" __global__ __aicore__ void scaled(GM_ADDR x, ' + ", ".join(ctypes)
          + ", int32_t n)")


def test_numpy_scalars_run_on_the_model():
    x = X.copy()
    scaled[1](x, np.float16(1.5), np.float16(2), 128)
    np.testing.assert_array_equal(x, (X + np.float16(1.5)) * np.float16(2))


def test_unsupported_argument_is_a_clear_error():
    with pytest.raises(TypeError, match="cannot be a list"):
        scaled[1](X.copy(), [1], 2.0, 128)


@asc.jit
def unsigned_math(x: asc.GlobalAddress, u, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    g.set_value(0, u // 2 + u % 3)


def test_unsigned_scalar_argument_arithmetic_on_the_model():
    x = np.zeros(8, np.int32)
    unsigned_math[1](x, np.uint32(4_000_000_001), 8)  # above INT32_MAX: unsigned division
    assert x[0] == np.int32(np.uint32(4_000_000_001 // 2 + 4_000_000_001 % 3))
