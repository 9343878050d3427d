"""An unpaired set_flag: S_MTE3 is set and never waited for by the end of the kernel."""
# expect: synccheck unpaired-set - exit=0
import asc
from _run import run_kernel, script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, n)
    asc.duplicate(t, 1.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, n)
    asc.set_flag(asc.HardEvent.S_MTE3, 2)  # @1


run = script(__name__, run_kernel, kernel)
