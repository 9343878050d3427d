"""Row-wise softmax of an fp32 matrix from reductions, exp, sub and div.

Each core takes a band of rows; for each row: max (ReduceMax), x - max (Sub
with the max broadcast by Duplicate), exp, sum (ReduceSum), divide by the sum.
Scalars read back from UB need the vector → scalar flags (V_S / S_V).

    python examples/04_softmax/softmax.py [-r Model|NPU] [-v Ascend910B1]
"""

import os
import sys

import numpy as np

import asc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import example_args  # noqa: E402


@asc.jit
def softmax_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, rows_per_core: int,
                   cols: asc.ConstExpr[int]):
    base = asc.get_block_idx() * rows_per_core * cols
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + base, rows_per_core * cols)
    y_gm.set_global_buffer(y + base, rows_per_core * cols)
    row_bytes = cols * 4
    row = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, cols)
    bcast = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, row_bytes, cols)
    work = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2 * row_bytes, cols)
    result = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 3 * row_bytes, 8)
    for r in range(rows_per_core):
        asc.data_copy(row, x_gm[r * cols:], cols)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.reduce_max(result, row, work, cols)
        asc.set_flag(asc.HardEvent.V_S, 0)
        asc.wait_flag(asc.HardEvent.V_S, 0)
        row_max = result.get_value(0)
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.duplicate(bcast, row_max, cols)
        asc.sub(row, row, bcast, cols)
        asc.exp(row, row, cols)
        asc.reduce_sum(result, row, work, cols)
        asc.set_flag(asc.HardEvent.V_S, 0)
        asc.wait_flag(asc.HardEvent.V_S, 0)
        row_sum = result.get_value(0)
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.duplicate(bcast, row_sum, cols)
        asc.div(row, row, bcast, cols)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(y_gm[r * cols:], row, cols)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


def softmax(x: np.ndarray, core_num: int = 8) -> np.ndarray:
    rows, cols = x.shape
    y = np.empty_like(x)
    softmax_kernel[core_num](x, y, rows // core_num, cols)
    return y


def main():
    example_args.parse(__doc__.splitlines()[0])
    core_num, rows, cols = 8, 256, 1024
    x = np.random.default_rng(0).standard_normal((rows, cols)).astype(np.float32)
    y = np.empty_like(x)
    return example_args.report(
        "04_softmax", softmax_kernel, (x, y, rows // core_num, cols),
        run=lambda: softmax_kernel[core_num](x, y, rows // core_num, cols),
        check=lambda: _check(y, x))


def _check(y, x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    want = e / e.sum(axis=1, keepdims=True)
    np.testing.assert_allclose(y, want, rtol=1e-5, atol=1e-7)
    return float(np.max(np.abs(y - want)))


if __name__ == "__main__":
    main()
