"""Reference kernels for asc's own tests and benchmarks, and for a first check
that an installation runs kernels (as numpy.testing is numpy's):

    import numpy as np
    from asc.testing import scale
    x = np.arange(8 * 1024, dtype=np.float32); y = np.empty_like(x)
    scale[8](x, y, 1024, 2.0)            # y = 2 x, 1024 elements per block

`scale` is the elementwise kernel the suites share (one tile per block, the
copies and the vector op ordered by explicit flags), so that a change to the
language shows up once, not in eight hand-written copies.
"""

from __future__ import annotations

from . import _exports as asc
from ._exports import GlobalAddress
from .jit import jit

__all__ = ["scale"]


@jit
def scale(x: GlobalAddress, y: GlobalAddress, n: int, factor: float):
    """y[b*n:(b+1)*n] = x[b*n:(b+1)*n] * factor in block b (float32; n * 4 bytes must fit in UB)."""
    offset = asc.get_block_idx() * n
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, factor, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, n)
