"""Overlapping GM writes by different cores of the same values: every core
fills the first 64 elements of z with 1.0 (a warning: the result does not
depend on which core writes last; race_cross_core_waw_gm.py writes different
values, an error)."""
# expect: memcheck overlapping-writes GM exit=0
import asc
from _run import run_kernel, script


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    ones = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 64)
    asc.duplicate(ones, 1.0, 64)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, ones, 64)  # @1 @2


run = script(__name__, run_kernel, kernel, cores=3)
