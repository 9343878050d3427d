"""Kernels and a driver for the precision-check tests (tests/devkit/test_precision_*.py).

    python precision_kernels.py CASE [OUT.npz]

runs one case (the function `case_<CASE>` below) under whatever asc-debug
precision variables the test set, and saves the kernel outputs to OUT.npz.
Line numbers of the kernels are what the trace tests look for: they find
them by the marker comments (`# LOSSY`, `# EXP`), never by number.
"""

import sys

import numpy as np

import asc

N = 1024


@asc.jit
def scale(x: asc.GlobalAddress, y: asc.GlobalAddress, unrelated: asc.GlobalAddress, factor: float):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    asc.data_copy(a, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(a, a, factor, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, a, N)


@asc.jit
def round_trip_half(x: asc.GlobalAddress, y: asc.GlobalAddress):
    """y = (x * 1.5 rounded to fp16, back to fp32) + 1: the fp16 cast is the lossy line."""
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 4 * N, N)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8 * N, N)
    asc.data_copy(a, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(a, a, 1.5, N)
    asc.cast(h, a, asc.RoundMode.CAST_NONE, N)  # LOSSY
    asc.cast(b, h, asc.RoundMode.CAST_NONE, N)
    asc.adds(b, b, 1.0, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, b, N)


@asc.jit
def exp_half(x: asc.GlobalAddress, y: asc.GlobalAddress, s: asc.GlobalAddress):
    """y = exp(x) / 1024 in fp16 without subtracting the max: exp overflows
    half above 11.09; s = sum of x (a reduction, exact enough)."""
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    s_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    s_gm.set_global_buffer(s, 16)
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, N)
    w = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 2 * N, N)
    r = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 4 * N, 16)
    asc.data_copy(a, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.duplicate(r, 0.0, 16)
    asc.reduce_sum(r, a, w, N)
    asc.adds(a, a, 0.5, N)
    asc.exp(a, a, N)  # EXP
    asc.muls(a, a, 1.0 / 1024, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, a, N)
    asc.data_copy(s_gm, r, 16)


@asc.jit
def round_trip_blocks(x: asc.GlobalAddress, y: asc.GlobalAddress, per_core: asc.ConstExpr[int]):
    """round_trip_half on several cores, each its own slice (shadows are per core)."""
    base = asc.get_block_idx() * per_core
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + base, per_core)
    y_gm.set_global_buffer(y + base, per_core)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, per_core)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 4 * per_core, per_core)
    asc.data_copy(a, x_gm, per_core)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.cast(h, a, asc.RoundMode.CAST_NONE, per_core)  # BLOCKS-LOSSY
    asc.cast(a, h, asc.RoundMode.CAST_NONE, per_core)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, a, per_core)


@asc.jit
def normalise(x: asc.GlobalAddress, y: asc.GlobalAddress):
    """y = x / sum(x) in fp32 with the sum cast through fp16: the sum's lost
    digits reach y through get_value -> duplicate -> div."""
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    w = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4 * N, N)
    r = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 8 * N, 16)
    rh = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 8 * N + 64, 16)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8 * N + 128, N)
    asc.data_copy(a, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.reduce_sum(r, a, w, N)
    asc.cast(rh, r, asc.RoundMode.CAST_NONE, 16)  # SUM-HALF
    asc.cast(r, rh, asc.RoundMode.CAST_NONE, 16)
    asc.set_flag(asc.HardEvent.V_S, 0)
    asc.wait_flag(asc.HardEvent.V_S, 0)
    total = r.get_value(0)
    asc.set_flag(asc.HardEvent.S_V, 0)
    asc.wait_flag(asc.HardEvent.S_V, 0)
    asc.duplicate(b, total, N)  # DUP
    asc.div(b, a, b, N)  # DIV
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, b, N)


@asc.jit
def axpy_half(x: asc.GlobalAddress, y: asc.GlobalAddress):
    """y = 2 * half(x) + x: axpy (a half source into a float destination, which
    is also an input) carries the fp16 cast's error on."""
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 4 * N, N)
    asc.data_copy(a, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.cast(h, a, asc.RoundMode.CAST_NONE, N)  # AXPY-CAST
    asc.axpy(a, h, 2.0, N)  # AXPY
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, a, N)


def inputs(dtype=np.float32, scale_by=1.0, seed=0):
    return (np.random.default_rng(seed).standard_normal(N) * scale_by).astype(dtype)


def case_scale(out):
    x = inputs()
    y = np.zeros_like(x)
    unrelated = np.zeros_like(x)
    scale[1](x, y, unrelated, 2.0)
    other = x * 2
    np.allclose(y, x * 2)                          # CMP-ALLCLOSE
    np.isclose(y[:16], x[:16] * 2)                 # CMP-VIEW
    np.allclose(other, x * 2)                      # CMP-UNRELATED
    np.allclose(unrelated, 0)                      # CMP-UNWRITTEN
    try:
        np.testing.assert_allclose(y, x * 2 + 0.5)  # CMP-RAISES
        raised = False
    except AssertionError:
        raised = True
    asc.debug.check_precision(y, x * 2, name="y")  # CMP-API
    np.savez(out, y=y, raised=raised)


def _x_to_y(out, kernel, x, cores=1, *extra):
    """Launches kernel(x, y, *extra) on a zeroed y and saves y."""
    y = np.zeros_like(x)
    kernel[cores](x, y, *extra)
    np.savez(out, y=y)


def case_round_trip(out):
    _x_to_y(out, round_trip_half, inputs())


def case_exp_half(out):
    x = inputs(np.float16, scale_by=4.0, seed=1)
    y = np.zeros_like(x)
    s = np.zeros(16, np.float16)
    exp_half[1](x, y, s)
    np.savez(out, y=y, s=s)


def case_blocks(out):
    _x_to_y(out, round_trip_blocks, inputs(), 4, N // 4)


def case_normalise(out):
    _x_to_y(out, normalise, np.abs(inputs()) + 0.1)


def case_axpy(out):
    _x_to_y(out, axpy_half, inputs())


def case_golden(out):
    """Two launches; FACTOR (argv[3]) changes the second one's output."""
    factor = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
    x = inputs()
    y1, y2, u = np.zeros_like(x), np.zeros_like(x), np.zeros_like(x)
    scale[1](x, y1, u, 2.0)
    scale[1](x, y2, u, factor)
    np.savez(out, y1=y1, y2=y2)


def case_nan(out):
    """A NaN in the output where the reference has one too: np.allclose (equal_nan=False) says False."""
    x = inputs()
    x[3] = np.nan
    y, u = np.zeros_like(x), np.zeros_like(x)
    scale[1](x, y, u, 2.0)
    same = np.allclose(y, x * 2)                   # CMP-NAN
    np.savez(out, y=y, same=same)


if __name__ == "__main__":
    globals()["case_" + sys.argv[1]](sys.argv[2] if len(sys.argv) > 2 else "/dev/null")
