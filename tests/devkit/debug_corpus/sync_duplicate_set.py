"""A second set_flag on MTE2_V id 0 before its wait_flag (a fault without
asc-debug; a finding with it), which also leaves one set never waited for."""
# expect: synccheck duplicate-set - exit=1
# expect: synccheck unpaired-set - exit=1
import asc
from _run import run_kernel, script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)  # @1 duplicate-set
    asc.set_flag(asc.HardEvent.MTE2_V, 0)  # @2 duplicate-set @1 unpaired-set
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, 1.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, n)


run = script(__name__, run_kernel, kernel)
