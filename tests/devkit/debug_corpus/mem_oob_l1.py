"""Out of bounds in L1: the copy into a_l1 writes past the end of the tensor."""
# expect: memcheck out-of-bounds L1 exit=1
import asc
from _cube import K, M, run_cube
from _run import script


@asc.jit
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, M * K)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K // 2)
    asc.data_copy(a_l1, a_gm, M * K)  # @1


run = script(__name__, run_cube, kernel)
