"""RAW on L0A and L0B: Mmad (PIPE_M) reads a_l0 / b_l0 while the loads
(MTE1) may still be writing them (no MTE1_M flag); WAR on L0A: the second
round's load overwrites a_l0 while the first Mmad may still read it (no
M_MTE1 flag); RAW on L0C: Fixpipe reads c_l0 before Mmad's result is waited
for (no M_FIX flag)."""
# expect: racecheck RAW L0A exit=1
# expect: racecheck RAW L0B exit=1
# expect: racecheck RAW L0C exit=1
# expect: racecheck WAR L0A exit=1
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
    asc.load_data(b_l0, b_l1, asc.LoadData2DParams(0, (K // 16) * (N // 16), 1, 0, 0, True, 0))  # @1 L0B
    for _ in asc.static_range(2):
        asc.load_data(a_l0, a_l1, asc.LoadData2DParams(0, K // 16, 1, 0, 0, False, 0))  # @1 RAW/L0A @2 WAR/L0A
        asc.mmad(c_l0, a_l0, b_l0, asc.MmadParams(M, N, K, 0, False, True))  # @2 RAW/L0A @1 WAR/L0A @2 L0B @1 L0C
    asc.fixpipe(c_gm, c_l0, asc.FixpipeParamsV220(N, M, M, N), asc.FixpipeConfig.cfg_row_major)  # @2 L0C


run = script(__name__, run_cube, kernel)
