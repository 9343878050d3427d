"""Out of bounds in GM, both directions: a read past the end of x and a write
past the end of z (each array holds n floats)."""
# expect: memcheck out-of-bounds GM exit=1
import asc
from _run import run_kernel, script


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm.set_global_buffer(z, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * n)
    asc.data_copy(t, x_gm, 2 * n)  # @1 read
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm[16:], t, n)  # @1 write (past the 32 + 32 bytes of padding)


run = script(__name__, run_kernel, kernel, n=64)
