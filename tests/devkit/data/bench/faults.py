"""A side whose kernel reads past the end of its argument."""
import numpy as np

import asc


@asc.jit
def oob(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n * 4)
    y_gm.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n * 4)
    asc.data_copy(t, x_gm, n * 4)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(y_gm, t, n)


x = np.ones(64, np.float32)
y = np.zeros(64, np.float32)
oob[1](x, y, 64)
