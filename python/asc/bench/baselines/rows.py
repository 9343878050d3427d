"""Reference row-wise kernels on fp32 matrices: softmax and RMSNorm.

Every AI Vector core takes rows round-robin; a row moves GM -> UB -> GM
through double-buffered queues (TQue, two buffers), so the copy of the next row
overlaps the arithmetic of this one. Scalars use the short vector form
(max and sum read back once per row; the broadcasts are Adds/Muls with a scalar).

  softmax  y = exp(x - max(x)) / sum(exp(x - max(x)))
  rmsnorm  y = x / sqrt(mean(x^2) + eps) * gamma
cols * 4 bytes must be a multiple of 32 and a row must fit the UB (cols <= 8192).
"""

from __future__ import annotations

import numpy as np

import asc

BUFFERS = 2
MAX_COLS = 8192
EPS = 1e-6


@asc.jit
def softmax_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, rows: int, cols: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, rows * cols)
    y_gm.set_global_buffer(y, rows * cols)
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    qout = asc.TQue(asc.TPosition.VECOUT, BUFFERS)
    pipe.init_buffer(qin, BUFFERS, cols * 4)
    pipe.init_buffer(qout, BUFFERS, cols * 4)
    work = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4 * BUFFERS * cols * 4, cols)
    result = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, (4 * BUFFERS + 1) * cols * 4, 8)
    for r in range(asc.get_block_idx(), rows, asc.get_block_num()):
        xin = qin.alloc_tensor(asc.float32)
        asc.data_copy(xin, x_gm[r * cols:], cols)
        qin.enque(xin)
        row = qin.deque(asc.float32)
        out = qout.alloc_tensor(asc.float32)
        asc.reduce_max(result, row, work, cols)
        asc.set_flag(asc.HardEvent.V_S, 0)
        asc.wait_flag(asc.HardEvent.V_S, 0)
        row_max = result.get_value(0)
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.adds(out, row, -row_max, cols)
        asc.exp(out, out, cols)
        asc.reduce_sum(result, out, work, cols)
        asc.set_flag(asc.HardEvent.V_S, 0)
        asc.wait_flag(asc.HardEvent.V_S, 0)
        row_sum = result.get_value(0)
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.muls(out, out, 1.0 / row_sum, cols)
        qin.free_tensor(row)
        qout.enque(out)
        yout = qout.deque(asc.float32)
        asc.data_copy(y_gm[r * cols:], yout, cols)
        qout.free_tensor(yout)


@asc.jit
def rmsnorm_kernel(x: asc.GlobalAddress, gamma: asc.GlobalAddress, y: asc.GlobalAddress, rows: int,
                   cols: asc.ConstExpr[int], eps: float):
    x_gm = asc.GlobalTensor()
    g_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, rows * cols)
    g_gm.set_global_buffer(gamma, cols)
    y_gm.set_global_buffer(y, rows * cols)
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    qout = asc.TQue(asc.TPosition.VECOUT, BUFFERS)
    pipe.init_buffer(qin, BUFFERS, cols * 4)
    pipe.init_buffer(qout, BUFFERS, cols * 4)
    base = 4 * BUFFERS * cols * 4
    g = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base, cols)
    sq = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base + cols * 4, cols)
    work = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base + 2 * cols * 4, cols)
    result = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base + 3 * cols * 4, 8)
    asc.data_copy(g, g_gm, cols)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    for r in range(asc.get_block_idx(), rows, asc.get_block_num()):
        xin = qin.alloc_tensor(asc.float32)
        asc.data_copy(xin, x_gm[r * cols:], cols)
        qin.enque(xin)
        row = qin.deque(asc.float32)
        out = qout.alloc_tensor(asc.float32)
        asc.mul(sq, row, row, cols)
        asc.reduce_sum(result, sq, work, cols)
        asc.muls(result, result, 1.0 / cols, 8)
        asc.adds(result, result, eps, 8)
        asc.rsqrt(result, result, 8)
        asc.set_flag(asc.HardEvent.V_S, 0)
        asc.wait_flag(asc.HardEvent.V_S, 0)
        scale = result.get_value(0)
        asc.set_flag(asc.HardEvent.S_V, 0)
        asc.wait_flag(asc.HardEvent.S_V, 0)
        asc.muls(out, row, scale, cols)
        asc.mul(out, out, g, cols)
        qin.free_tensor(row)
        qout.enque(out)
        yout = qout.deque(asc.float32)
        asc.data_copy(y_gm[r * cols:], yout, cols)
        qout.free_tensor(yout)


def supports(rows: int, cols: int) -> bool:
    return rows > 0 and 8 <= cols <= MAX_COLS and (cols * 4) % 32 == 0


def softmax(x: np.ndarray, y: np.ndarray, cores: int) -> None:
    rows, cols = x.shape
    softmax_kernel[min(cores, rows)](x, y, rows, cols)


def rmsnorm(x: np.ndarray, gamma: np.ndarray, y: np.ndarray, cores: int) -> None:
    rows, cols = x.shape
    rmsnorm_kernel[min(cores, rows)](x, gamma, y, rows, cols, EPS)
