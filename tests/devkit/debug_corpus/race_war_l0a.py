"""WAR on L0A: the second load_data (MTE1) overwrites a_l0 while the first
Mmad (PIPE_M) may still be reading it (no M_MTE1 flag between them)."""
# expect: racecheck WAR L0A exit=1
import asc
from _cube import K, M, N, run_cube
from _run import script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, M * K)
    b_gm.set_global_buffer(b, K * N)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, M * K * 2, K * N)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * K)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, K * N)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * N)
    asc.data_copy(a_l1, a_gm, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))
    asc.data_copy(b_l1, b_gm, asc.Nd2NzParams(1, K, N, 0, N, K, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(b_l0, b_l1, asc.LoadData2DParams(0, (K // 16) * (N // 16), 1, 0, 0, True, 0))
    for _ in asc.static_range(2):
        asc.load_data(a_l0, a_l1, asc.LoadData2DParams(0, K // 16, 1, 0, 0, False, 0))  # @2
        asc.set_flag(asc.HardEvent.MTE1_M, 0)
        asc.wait_flag(asc.HardEvent.MTE1_M, 0)
        asc.mmad(c_l0, a_l0, b_l0, asc.MmadParams(M, N, K, 0, False, True))  # @1


run = script(__name__, run_cube, kernel)
