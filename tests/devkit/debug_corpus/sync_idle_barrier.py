"""A barrier that orders nothing: pipe_barrier(PIPE_MTE3) before any MTE3 work."""
# expect: synccheck idle-barrier - exit=0
import asc
from _run import run_kernel, script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, n)
    asc.pipe_barrier(asc.PipeID.PIPE_MTE3)  # @1
    asc.duplicate(t, 2.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, t, n)


run = script(__name__, run_kernel, kernel)
