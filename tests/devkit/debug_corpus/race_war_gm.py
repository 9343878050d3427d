"""WAR on GM inside one core: MTE3 overwrites x (in place) while MTE2 may still
be reading it (no MTE2_MTE3 flag after the copy in)."""
# expect: racecheck WAR GM exit=1
import asc
from _run import run_kernel, script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    dst = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4 * n, n)
    asc.duplicate(dst, 0.5, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(src, x_gm, n)  # @1
    asc.data_copy(x_gm, dst, n)  # @2


run = script(__name__, run_kernel, kernel)
