import numpy as np
import asc

BUFFER_NUM = 2
TILE_NUM = 8

@asc.jit
def copy_in(i: int, x_gm: asc.GlobalTensor, y_gm: asc.GlobalTensor, in_x: asc.TQue, in_y: asc.TQue, tile: int):
    x_local = in_x.alloc_tensor(x_gm.dtype)
    y_local = in_y.alloc_tensor(y_gm.dtype)
    asc.data_copy(x_local, x_gm[i * tile:], tile)
    asc.data_copy(y_local, y_gm[i * tile:], tile)
    in_x.enque(x_local)
    in_y.enque(y_local)

@asc.jit
def compute(in_x: asc.TQue, in_y: asc.TQue, out_z: asc.TQue, dtype: asc.ConstExpr, tile: int):
    x_local = in_x.deque(dtype)
    y_local = in_y.deque(dtype)
    z_local = out_z.alloc_tensor(dtype)
    asc.add(z_local, x_local, y_local, tile)
    out_z.enque(z_local)
    in_x.free_tensor(x_local)
    in_y.free_tensor(y_local)

@asc.jit
def copy_out(i: int, z_gm: asc.GlobalTensor, out_z: asc.TQue, tile: int):
    z_local = out_z.deque(z_gm.dtype)
    asc.data_copy(z_gm[i * tile:], z_local, tile)
    out_z.free_tensor(z_local)

@asc.jit
def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor(); y_gm = asc.GlobalTensor(); z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    tile = block_length // TILE_NUM // BUFFER_NUM
    pipe.init_buffer(in_x, BUFFER_NUM, tile * x.dtype.sizeof())
    pipe.init_buffer(in_y, BUFFER_NUM, tile * x.dtype.sizeof())
    pipe.init_buffer(out_z, BUFFER_NUM, tile * x.dtype.sizeof())
    for i in range(TILE_NUM * BUFFER_NUM):
        copy_in(i, x_gm, y_gm, in_x, in_y, tile)
        compute(in_x, in_y, out_z, x.dtype, tile)
        copy_out(i, z_gm, out_z, tile)

