"""RAW on UB: the vector add reads x_ub while MTE2 may still be writing it
(the MTE2_V set_flag/wait_flag pair after the copy is missing)."""
# expect: racecheck RAW UB exit=1
import asc
from _run import run_kernel, script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * n, n)
    z_gm.set_global_buffer(z + asc.get_block_idx() * n, n)
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    z_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 256)
    asc.data_copy(x_ub, x_gm, 256)  # @1
    asc.adds(z_ub, x_ub, 1.0, 256)  # @2
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, z_ub, 256)


run = script(__name__, run_kernel, kernel, cores=2)
