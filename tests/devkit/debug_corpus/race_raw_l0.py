"""RAW on L0A and L0B: Mmad (PIPE_M) reads a_l0 / b_l0 while the loads
(MTE1) may still be writing them (no MTE1_M flag), and RAW on L0C: Fixpipe
reads c_l0 before Mmad's result is waited for (no M_FIX flag)."""
# expect: racecheck RAW L0A exit=1
# expect: racecheck RAW L0B exit=1
# expect: racecheck RAW L0C exit=1
import asc
from _cube import K, M, N, run_cube
from _run import script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, M * K)
    b_gm.set_global_buffer(b, K * N)
    c_gm.set_global_buffer(c, M * N)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, M * K * 2, K * N)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * K)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, K * N)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * N)
    asc.data_copy(a_l1, a_gm, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))
    asc.data_copy(b_l1, b_gm, asc.Nd2NzParams(1, K, N, 0, N, K, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a_l0, a_l1, asc.LoadData2DParams(0, K // 16, 1, 0, 0, False, 0))  # @1 L0A
    asc.load_data(b_l0, b_l1, asc.LoadData2DParams(0, (K // 16) * (N // 16), 1, 0, 0, True, 0))  # @1 L0B
    asc.mmad(c_l0, a_l0, b_l0, asc.MmadParams(M, N, K, 0, False, True))  # @2 L0A @2 L0B @1 L0C
    asc.fixpipe(c_gm, c_l0, asc.FixpipeParamsV220(N, M, M, N), asc.FixpipeConfig.cfg_row_major)  # @2 L0C


run = script(__name__, run_cube, kernel)
