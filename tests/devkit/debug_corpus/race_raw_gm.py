"""RAW on GM inside one core: MTE2 reads back z while MTE3's copy into it
may still be in flight (no MTE3_MTE2 flag)."""
# expect: racecheck RAW GM exit=1
import asc
from _run import run_kernel, script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm.set_global_buffer(z, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4 * n, n)
    asc.data_copy(a, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, a, n)  # @1
    asc.data_copy(b, z_gm, n)  # @2


run = script(__name__, run_kernel, kernel)
