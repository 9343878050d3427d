"""WAR on UB: MTE2 copies the second tile into x_ub while the vector unit
may still be reading the first one (no V_MTE2 flag between them)."""
# expect: racecheck WAR UB exit=1
import asc
from _run import run_kernel, script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm.set_global_buffer(z, n)
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128)
    z_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 512, 256)
    asc.data_copy(x_ub, x_gm, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(z_ub, x_ub, 2.0, 128)  # @1
    asc.data_copy(x_ub, x_gm[128:], 128)  # @2
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(z_ub[128:], x_ub, 2.0, 128)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, z_ub, 256)


run = script(__name__, run_kernel, kernel)
