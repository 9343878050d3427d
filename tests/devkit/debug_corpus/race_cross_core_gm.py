"""RAW on GM across cores: every core writes its slice of z, then reads its
neighbour's slice, with no SyncAll between (the correct kernels: sync=1 puts
a SyncAll there, sync=2 a mode-0 cross-core flag set after the write and
waited for before the read)."""
# expect: racecheck RAW GM exit=1
import numpy as np

import asc
from _run import script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, sync: asc.ConstExpr[int]):
    me = asc.get_block_idx()
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n * asc.get_block_num())
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n * asc.get_block_num())
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm[me * n:], n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm[me * n:], t, n)  # @1
    if sync == 1:
        asc.sync_all()
    if sync == 2:
        asc.cross_core_set_flag(3, 0, asc.PipeID.PIPE_MTE3)  # flag 3, mode 0
        asc.cross_core_wait_flag(3, 0, asc.PipeID.PIPE_MTE3)
    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.data_copy(t, z_gm[((me + 1) % asc.get_block_num()) * n:], n)  # @2


def launch(sync=0):
    x = np.arange(4 * 64, dtype=np.float32)
    z = np.zeros_like(x)
    kernel[4](x, z, 64, sync)


run = script(__name__, launch)
