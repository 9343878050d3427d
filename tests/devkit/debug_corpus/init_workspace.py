"""Uninitialised workspace GM: the kernel reads back its workspace, which no
core wrote in this launch (the first half is written, the read takes all of it)."""
# expect: initcheck uninitialized GM exit=1
import numpy as np

import asc
from _run import script


@asc.jit
def kernel(x: asc.GlobalAddress, workspace: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    ws_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    ws_gm.set_global_buffer(workspace, 2 * n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(ws_gm, t, n)
    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.data_copy(t, ws_gm, 2 * n)  # @1


def launch():
    kernel[1](np.ones(64, np.float32), np.zeros(128, np.float32), 64)


run = script(__name__, launch)
