"""Reference row-wise kernels on fp32 matrices: softmax and RMSNorm.

Rows travel in blocks of up to BLOCK_BYTES (32 KB: a GM transfer that size runs
near the port's peak), dealt round-robin to every AI Vector core, through
double-buffered queues (TQue, two buffers); the copy of a core's next block is
issued before the arithmetic of this one, so the two overlap. Per row the
scalars are read back once (max and sum; the broadcasts are Adds/Muls with a
scalar).

  softmax  y = exp(x - max(x)) / sum(exp(x - max(x)))
  rmsnorm  y = x / sqrt(mean(x^2) + eps) * gamma
cols * 4 bytes must be a multiple of 32, and cols <= MAX_COLS (4096).
"""

from __future__ import annotations

import numpy as np

import asc

BUFFERS = 2
BLOCK_BYTES = 32 * 1024
MAX_COLS = 4096  # two queues of two 32 KB blocks + work, gamma, squares of a row fit the 192 KB UB
EPS = 1e-6


@asc.jit
def _block_rows(b: int, rows: int, per: int):
    """Rows in block b (the last block may be short)."""
    n = per
    if b * per + per > rows:
        n = rows - b * per
    return n


@asc.jit
def _load(b: int, rows: int, per: int, cols: int, x_gm: asc.GlobalTensor, qin: asc.TQue):
    n = _block_rows(b, rows, per)
    xin = qin.alloc_tensor(asc.float32)
    asc.data_copy(xin, x_gm[b * per * cols:], n * cols)
    qin.enque(xin)


@asc.jit
def _store(b: int, rows: int, per: int, cols: int, y_gm: asc.GlobalTensor, qout: asc.TQue):
    n = _block_rows(b, rows, per)
    yout = qout.deque(asc.float32)
    asc.data_copy(y_gm[b * per * cols:], yout, n * cols)
    qout.free_tensor(yout)


@asc.jit
def _scalar(result: asc.LocalTensor):
    asc.set_flag(asc.HardEvent.V_S, 0)
    asc.wait_flag(asc.HardEvent.V_S, 0)
    v = result.get_value(0)
    asc.set_flag(asc.HardEvent.S_V, 0)
    asc.wait_flag(asc.HardEvent.S_V, 0)
    return v


@asc.jit
def _softmax_row(xs: asc.LocalTensor, ys: asc.LocalTensor, work: asc.LocalTensor, result: asc.LocalTensor,
                 cols: int):
    asc.reduce_max(result, xs, work, cols)
    row_max = _scalar(result)
    asc.adds(ys, xs, -row_max, cols)
    asc.exp(ys, ys, cols)
    asc.reduce_sum(result, ys, work, cols)
    row_sum = _scalar(result)
    asc.muls(ys, ys, 1.0 / row_sum, cols)


@asc.jit
def _rmsnorm_row(xs: asc.LocalTensor, ys: asc.LocalTensor, g: asc.LocalTensor, sq: asc.LocalTensor,
                 work: asc.LocalTensor, result: asc.LocalTensor, cols: int, eps: float):
    asc.mul(sq, xs, xs, cols)
    asc.reduce_sum(result, sq, work, cols)
    asc.muls(result, result, 1.0 / cols, 8)
    asc.adds(result, result, eps, 8)
    asc.rsqrt(result, result, 8)
    scale = _scalar(result)
    asc.muls(ys, xs, scale, cols)
    asc.mul(ys, ys, g, cols)


@asc.jit
def rows_kernel(x: asc.GlobalAddress, gamma: asc.GlobalAddress, y: asc.GlobalAddress, rows: int,
                cols: asc.ConstExpr[int], per: asc.ConstExpr[int], op: asc.ConstExpr[str], eps: float):
    """op "softmax" (gamma unused) or "rmsnorm"; one row block per step, the next one prefetched."""
    x_gm = asc.GlobalTensor()
    g_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, rows * cols)
    g_gm.set_global_buffer(gamma, cols)
    y_gm.set_global_buffer(y, rows * cols)
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    qout = asc.TQue(asc.TPosition.VECOUT, BUFFERS)
    pipe.init_buffer(qin, BUFFERS, per * cols * 4)
    pipe.init_buffer(qout, BUFFERS, per * cols * 4)
    base = 2 * BUFFERS * per * cols * 4
    work = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base, cols)
    result = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base + cols * 4, 8)
    g = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base + cols * 4 + 32, cols)
    sq = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base + 2 * cols * 4 + 32, cols)
    if op == "rmsnorm":
        asc.data_copy(g, g_gm, cols)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    blocks = (rows + per - 1) // per
    step = asc.get_block_num()
    first = asc.get_block_idx()
    if first < blocks:
        _load(first, rows, per, cols, x_gm, qin)
    for b in range(first, blocks, step):
        if b + step < blocks:
            _load(b + step, rows, per, cols, x_gm, qin)
        xs = qin.deque(asc.float32)
        ys = qout.alloc_tensor(asc.float32)
        for i in range(_block_rows(b, rows, per)):
            if op == "rmsnorm":
                _rmsnorm_row(xs[i * cols:], ys[i * cols:], g, sq, work, result, cols, eps)
            else:
                _softmax_row(xs[i * cols:], ys[i * cols:], work, result, cols)
        qin.free_tensor(xs)
        qout.enque(ys)
        _store(b, rows, per, cols, y_gm, qout)


def supports(rows: int, cols: int) -> bool:
    return rows > 0 and 8 <= cols <= MAX_COLS and (cols * 4) % 32 == 0


def _per(rows: int, cols: int, cores: int) -> int:
    """Rows per block: as many as fit BLOCK_BYTES, but enough blocks to keep every core busy."""
    per = max(1, BLOCK_BYTES // (cols * 4))
    while per > 1 and (rows + per - 1) // per < cores:
        per //= 2
    return per


def softmax(x: np.ndarray, y: np.ndarray, cores: int) -> None:
    rows, cols = x.shape
    rows_kernel[min(cores, rows)](x, x, y, rows, cols, _per(rows, cols, cores), "softmax", 0.0)


def rmsnorm(x: np.ndarray, gamma: np.ndarray, y: np.ndarray, cores: int) -> None:
    rows, cols = x.shape
    rows_kernel[min(cores, rows)](x, gamma, y, rows, cols, _per(rows, cols, cores), "rmsnorm", EPS)
