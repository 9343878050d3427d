"""Uninitialised UB: y_local is copied out to GM but nothing ever wrote it."""
# expect: initcheck uninitialized UB exit=1
import asc
from _run import run_kernel, script


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    y_local = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, n)
    asc.data_copy(z_gm, y_local, n)  # @1


run = script(__name__, run_kernel, kernel)
