"""Reference elementwise add and mul: z = x + y, z = x * y (fp16 or fp32).

Tuned for the HBM: the n elements are cut into tiles of TILE_BYTES (32 KB: a GM
transfer that size runs near the port's peak), dealt round-robin to every AI
Vector core of the platform, and moved through double-buffered queues (TQue,
two buffers each) so that copy-in, compute and copy-out of neighbouring tiles
overlap. The last tile may be short (any n whose bytes are a multiple of 32).
"""

from __future__ import annotations

import numpy as np

import asc

TILE_BYTES = 32 * 1024
BUFFERS = 2


@asc.jit
def _copy_in(t: int, length: int, x_gm: asc.GlobalTensor, y_gm: asc.GlobalTensor, qx: asc.TQue, qy: asc.TQue,
             tile: int):
    x = qx.alloc_tensor(x_gm.dtype)
    y = qy.alloc_tensor(y_gm.dtype)
    asc.data_copy(x, x_gm[t * tile:], length)
    asc.data_copy(y, y_gm[t * tile:], length)
    qx.enque(x)
    qy.enque(y)


@asc.jit
def _compute(length: int, qx: asc.TQue, qy: asc.TQue, qz: asc.TQue, dtype: asc.ConstExpr, op: asc.ConstExpr[str]):
    x = qx.deque(dtype)
    y = qy.deque(dtype)
    z = qz.alloc_tensor(dtype)
    if op == "mul":
        asc.mul(z, x, y, length)
    else:
        asc.add(z, x, y, length)
    qz.enque(z)
    qx.free_tensor(x)
    qy.free_tensor(y)


@asc.jit
def _copy_out(t: int, length: int, z_gm: asc.GlobalTensor, qz: asc.TQue, tile: int):
    z = qz.deque(z_gm.dtype)
    asc.data_copy(z_gm[t * tile:], z, length)
    qz.free_tensor(z)


@asc.jit
def elementwise_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int,
                       tile: asc.ConstExpr[int], op: asc.ConstExpr[str]):
    cores = asc.get_block_num()
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    y_gm.set_global_buffer(y, n)
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    qy = asc.TQue(asc.TPosition.VECIN, BUFFERS)
    qz = asc.TQue(asc.TPosition.VECOUT, BUFFERS)
    pipe.init_buffer(qx, BUFFERS, tile * x.dtype.sizeof())
    pipe.init_buffer(qy, BUFFERS, tile * x.dtype.sizeof())
    pipe.init_buffer(qz, BUFFERS, tile * x.dtype.sizeof())
    tiles = (n + tile - 1) // tile
    for t in range(asc.get_block_idx(), tiles, cores):
        length = tile
        if t == tiles - 1:
            length = n - t * tile
        _copy_in(t, length, x_gm, y_gm, qx, qy, tile)
        _compute(length, qx, qy, qz, x.dtype, op)
        _copy_out(t, length, z_gm, qz, tile)


def supports(n: int, dtype: np.dtype) -> bool:
    return dtype in (np.float16, np.float32) and n > 0 and (n * dtype.itemsize) % 32 == 0


def launch(op: str, x: np.ndarray, y: np.ndarray, z: np.ndarray, cores: int) -> None:
    tile = TILE_BYTES // x.dtype.itemsize
    elementwise_kernel[cores](x.reshape(-1), y.reshape(-1), z.reshape(-1), x.size, tile, op)
