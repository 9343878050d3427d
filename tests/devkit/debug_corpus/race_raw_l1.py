"""RAW on L1: load_data (MTE1) reads a_l1 while MTE2 may still be filling it
(no MTE2_MTE1 flag)."""
# expect: racecheck RAW L1 exit=1
import asc
from _cube import K, M, run_cube
from _run import script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, M * K)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * K)
    asc.data_copy(a_l1, a_gm, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))  # @1
    asc.load_data(a_l0, a_l1, asc.LoadData2DParams(0, K // 16, 1, 0, 0, False, 0))  # @2


run = script(__name__, run_cube, kernel)
