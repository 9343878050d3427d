"""Out of bounds in L1, both directions: the copy into a_l1 writes past the
end of the tensor, and load_data reads past it. (The bad copy was stepped
over, so what load_data reads inside the tensor was never written either.)"""
# expect: memcheck out-of-bounds L1 exit=1
# expect: initcheck uninitialized L1 exit=1
import asc
from _cube import K, M, run_cube
from _run import script


@asc.jit
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, M * K)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K // 2)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * K)
    asc.data_copy(a_l1, a_gm, M * K)  # @1 out-of-bounds
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a_l0, a_l1, asc.LoadData2DParams(0, K // 16, 1, 0, 0, False, 0))  # @1 out-of-bounds @1 uninitialized


run = script(__name__, run_cube, kernel)
