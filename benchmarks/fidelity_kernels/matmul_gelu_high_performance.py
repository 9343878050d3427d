"""The vendor's Matmul + GELU CV fusion (asc-devkit examples/01_simd_cpp_api/
05_best_practices/03_fusion_compute/matmul_gelu_high_performance/mmad_gelu.asc),
rendered as @asc.jit for benchmarks/fidelity.py. Only the __NPU_ARCH__ == 2201
(Atlas A2) branches are rendered (SCENARIO_NUM 1, CV fusion through GM). Each
function names the lines of mmad_gelu.asc it renders; names follow the
vendor's (snake_case). Rendered, not copied.

The AIC side (DataCopyInA/B 355-396, DataLoadA/B 399-496, Compute 499-516)
is the same code as matmul_basic_api_high_performance's mmad.asc (348-526),
whose rendering (fidelity_kernels/matmul_basic_api_high_performance.py) it
reuses; CopyOutAic (519-564) differs (fp32 out, no quantisation) and is here.

One kernel, three launches (`mode`), for the README's three A2 rows (292-296):
- MATMUL ("Matmul Computation", AI_CORE, 24 blocks): the AIC path alone
  (Process 71-115 under ASCEND_IS_AIC), without the cross-core set;
- GELU ("Gelu Computation", AI_VECTOR_CORE, 48 blocks): the AIV path alone
  (ProcessLoopAiv -> GeluFromGM 567-612) without the cross-core wait, block b
  the sub-block b % 2 of logical core b // 2 as in the fused kernel;
- FUSED ("Scenario 1", MIX_AIC, 24 AIC + 48 AIV): both.
The README publishes the two standalone rows but not how they were built: we
assume they are the fused kernel's two paths launched alone (marked approx in
fidelity.py).

*Approx, the fused launch.* The Model runs a mixed kernel's body on its AIV
cores only, two per group (ASCEND_IS_AIC is false there and the group's AIC is
only a shared M/MTE1 pipe), so it cannot run the vendor's AIC path beside its
two AIV paths. The FUSED launch is therefore 72 plain blocks, three per
logical core g: block 3g runs the AIC path, 3g+1 and 3g+2 the AIV paths
(sub-blocks 0 and 1); the cube work is on block 3g alone, as on the chip. The
cross-core flag (CrossCoreSetFlag<0x2, PIPE_FIX>(0x8) 563 / CrossCoreWaitFlag
570) becomes the Model's per-block inter-core event: SetFlag/WaitFlag
FIX_MTE3 then IBSet(block 3g, sub-block) on the AIC side (raised once the
Fixpipe has completed, as a PIPE_FIX set is), IBWait(block 3g, sub-block) on
each AIV side: the Model's mode-1/2 cross-core flags are one launch-wide
counter per flag id (limit 15 pending), which 24 groups with no back-pressure
from the AIVs would overflow.
"""

import asc

from fidelity_kernels.matmul_basic_api_high_performance import (  # the AIC side's shared code
    CUBE_BLOCK, HALF, L0_PINGPONG_BYTES, L1_PINGPONG_BYTES, compute, data_copy_in_a, data_copy_in_b, data_load_a,
    data_load_b, div_ceil)

MATMUL, GELU, FUSED = 0, 1, 2
COEFF_A = 0.044715    # mmad_gelu.asc 39
COEFF_B = -1.595769   # mmad_gelu.asc 40


@asc.jit
def copy_out_aic(c_gm: asc.GlobalTensor, c_local: asc.LocalTensor, m_block_idx: int, n_block_idx: int,
                 base_m_count: int, base_n_count: int, tail_m: int, tail_n: int, tail_m_align: int,
                 n: asc.ConstExpr, base_m: asc.ConstExpr, base_n: asc.ConstExpr):
    """CopyOutAic (mmad_gelu.asc 519-537), 2201 branch: Fixpipe L0C -> GM, fp32
    row-major (CFG_ROW_MAJOR_GM 44), unitFlag 3. The cross-core set (563) is the caller's."""
    cur_m_align = base_m
    cur_m = base_m
    if m_block_idx == base_m_count:
        cur_m_align = tail_m_align
        cur_m = tail_m
    cur_n = base_n
    if n_block_idx == base_n_count:
        cur_n = tail_n
    asc.fixpipe(c_gm[m_block_idx * base_m * n + n_block_idx * base_n:], c_local,
                asc.FixpipeParamsV220(cur_n, cur_m, cur_m_align, n, nd_num=1, src_nd_stride=0, dst_nd_stride=0,
                                      unit_flag=3),
                asc.FixpipeConfig.cfg_row_major)


@asc.jit
def gelu_mem_base_compute(x_local: asc.LocalTensor, y_local: asc.LocalTensor, cnt: int):
    """GeluMemBaseCompute (mmad_gelu.asc 253-279): x / (1 + e^(B (x + A x^3)))."""
    asc.mul(y_local, x_local, x_local, cnt)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.mul(y_local, y_local, x_local, cnt)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.muls(y_local, y_local, COEFF_A, cnt)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.add(y_local, x_local, y_local, cnt)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.muls(y_local, y_local, COEFF_B, cnt)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.exp(y_local, y_local, cnt)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.adds(y_local, y_local, 1.0, cnt)
    asc.pipe_barrier(asc.PipeID.PIPE_V)
    asc.div(y_local, x_local, y_local, cnt)


@asc.jit
def gelu_from_gm(c_gm: asc.GlobalTensor, x_ub: asc.LocalTensor, gelu_out_ub: asc.LocalTensor, m_block_idx: int,
                 n_block_idx: int, base_m_count: int, base_n_count: int, tail_m: int, tail_n: int, local_sub_idx: int,
                 n: asc.ConstExpr, base_m: asc.ConstExpr, base_n: asc.ConstExpr):
    """GeluFromGM (mmad_gelu.asc 567-612) after its CrossCoreWaitFlag (570, the caller's):
    DataCopyPad GM -> xUB of this sub-block's half of the baseM x baseN block,
    GELU, DataCopyPad geluOutUB -> GM in place."""
    cur_m = base_m
    if m_block_idx == base_m_count:
        cur_m = tail_m
    cur_n = base_n
    if n_block_idx == base_n_count:
        cur_n = tail_n
    half_m = cur_m // 2
    compute_len = half_m * cur_n
    gm_offset = m_block_idx * base_m * n + n_block_idx * base_n + local_sub_idx * base_m // 2 * n
    asc.data_copy_pad(x_ub, c_gm[gm_offset:], asc.DataCopyExtParams(half_m, cur_n * 4, (n - cur_n) * 4, 0),
                      asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0))
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    gelu_mem_base_compute(x_ub, gelu_out_ub, compute_len)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy_pad(c_gm[gm_offset:], gelu_out_ub, asc.DataCopyParams(half_m, cur_n * 4, 0, (n - cur_n) * 4))


@asc.jit
def mmad_vector_custom(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                       mode: asc.ConstExpr, m: asc.ConstExpr, k: asc.ConstExpr, n: asc.ConstExpr,
                       base_m: asc.ConstExpr, base_k: asc.ConstExpr, base_n: asc.ConstExpr,
                       single_core_m: asc.ConstExpr, single_core_k: asc.ConstExpr, single_core_n: asc.ConstExpr,
                       step_ka: asc.ConstExpr, step_kb: asc.ConstExpr):
    """mmad_vector_custom (mmad_gelu.asc 677-688) with Init (53-69), Process
    (71-115), InitComputeParams (315-352), ProcessLoopAic (145-233), ProcessLoopAiv
    (236-249), then PipeBarrier<PIPE_ALL> (687). The role of a block by `mode`
    (module docstring): is_aic / is_aiv stand for ASCEND_IS_AIC / ASCEND_IS_AIV."""
    block = asc.get_block_idx()
    is_aic = mode == MATMUL
    is_aiv = mode == GELU
    logic_core_id = block
    local_sub_idx = 0
    aic_block = block
    if mode == GELU:
        logic_core_id = block // 2        # 324
        local_sub_idx = block % 2         # 576 (GetSubBlockIdx() % 2)
    if mode == FUSED:
        logic_core_id = block // 3
        is_aic = block % 3 == 0
        is_aiv = block % 3 != 0
        local_sub_idx = block % 3 - 1
        aic_block = logic_core_id * 3
    a_gm_ori = asc.GlobalTensor()
    b_gm_ori = asc.GlobalTensor()
    c_gm_ori = asc.GlobalTensor()
    ws_gm = asc.GlobalTensor()
    a_gm_ori.set_global_buffer(a, m * k)        # 55-57
    b_gm_ori.set_global_buffer(b, k * n)
    c_gm_ori.set_global_buffer(c, m * n)
    ws_gm.set_global_buffer(ws, 8)
    # Init (61-62): xUB at 0, geluOutUB at baseM / 2 * baseN floats (671)
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, base_m // 2 * base_n)
    gelu_out_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base_m // 2 * base_n * 4, base_m // 2 * base_n)
    ws_ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, base_m * base_n * 4, 8)
    # InitComputeParams (315-352)
    m_iter = div_ceil(m, single_core_m)
    m_iter_idx = logic_core_id % m_iter
    n_iter_idx = logic_core_id // m_iter
    a_gm = a_gm_ori[m_iter_idx * single_core_m * k:]
    b_gm = b_gm_ori[n_iter_idx * k * single_core_n:]
    c_gm = c_gm_ori[m_iter_idx * single_core_m * n + n_iter_idx * single_core_n:]
    actual_single_core_m = m - m_iter_idx * single_core_m
    if actual_single_core_m > single_core_m:
        actual_single_core_m = single_core_m
    actual_single_core_n = n - n_iter_idx * single_core_n
    if actual_single_core_n > single_core_n:
        actual_single_core_n = single_core_n
    k_loop_count = div_ceil(single_core_k, base_k)
    m_loop_count = div_ceil(actual_single_core_m, base_m)
    n_loop_count = div_ceil(actual_single_core_n, base_n)
    base_n_count = actual_single_core_n // base_n
    tail_n = actual_single_core_n % base_n
    tail_n_align = div_ceil(tail_n, CUBE_BLOCK) * CUBE_BLOCK
    base_m_count = actual_single_core_m // base_m
    tail_m = actual_single_core_m % base_m
    tail_m_align = div_ceil(tail_m, CUBE_BLOCK) * CUBE_BLOCK
    # Process (78-93): the AIC buffers, as mmad.asc's
    a1_pingpong_size = base_m * base_k * step_ka
    b1_pingpong_size = base_k * base_n * step_kb
    a2_pingpong_size = base_m * base_k
    b2_pingpong_size = base_k * base_n
    l0_pong = L0_PINGPONG_BYTES // HALF
    a1_local = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 2 * a1_pingpong_size)
    a2_local = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, l0_pong + a2_pingpong_size)
    b1_local = asc.LocalTensor(asc.float16, asc.TPosition.B1, L1_PINGPONG_BYTES, 2 * b1_pingpong_size)
    b2_local = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, l0_pong + b2_pingpong_size)
    c_local = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, base_m * base_n)
    mte1_db_flag = 0
    if is_aic:                                        # 95-97: InitAicSyncFlags (118-129)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 0)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 1)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 2)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 3)
        asc.set_flag(asc.HardEvent.M_MTE1, 0)
        asc.set_flag(asc.HardEvent.M_MTE1, 1)
    for n_block_idx in range(n_loop_count):          # 99
        for m_block_idx in range(m_loop_count):      # 100
            if is_aic:                                # 101-105: ProcessLoopAic (145-233)
                a1_next_k_chunk_idx = 0
                b1_next_k_chunk_idx = 0
                a1_copy_in_idx = 0
                b1_copy_in_idx = 0
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)   # 161-171
                data_copy_in_a(a1_local, a_gm, a1_next_k_chunk_idx, m_block_idx, base_m_count, tail_m,
                               k, base_m, base_k, step_ka)
                asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
                a1_next_k_chunk_idx += step_ka
                a1_copy_in_idx ^= 1
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)
                data_copy_in_b(b1_local, b_gm, b1_next_k_chunk_idx, n_block_idx, base_n_count, tail_n,
                               k, base_n, base_k, step_kb)
                asc.set_flag(asc.HardEvent.MTE2_MTE1, 2)
                b1_next_k_chunk_idx += step_kb
                b1_copy_in_idx ^= 1
                for k_block_idx in range(k_loop_count):     # 174-229
                    a1_read_idx = (k_block_idx // step_ka) % 2
                    b1_read_idx = (k_block_idx // step_kb) % 2
                    k_offset_in_chunk_a = k_block_idx % step_ka
                    k_offset_in_chunk_b = k_block_idx % step_kb
                    a1_read_buf = a1_local[a1_read_idx * a1_pingpong_size:]
                    b1_read_buf = b1_local[b1_read_idx * b1_pingpong_size:]
                    a2_buf = a2_local[mte1_db_flag * l0_pong:]
                    b2_buf = b2_local[mte1_db_flag * l0_pong:]
                    asc.wait_flag(asc.HardEvent.M_MTE1, mte1_db_flag)             # 187
                    if k_offset_in_chunk_a == 0:                                    # 190-195
                        asc.wait_flag(asc.HardEvent.MTE2_MTE1, a1_read_idx)
                    if k_offset_in_chunk_b == 0:
                        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 2 + b1_read_idx)
                    data_load_a(a1_read_buf, a2_buf, m_block_idx, k_offset_in_chunk_a, base_m_count,
                                tail_m_align, base_m, base_k)                       # 198
                    data_load_b(b1_read_buf, b2_buf, n_block_idx, k_offset_in_chunk_b, base_n_count,
                                tail_n_align, base_n, base_k)                       # 199
                    if k_offset_in_chunk_a + 1 == step_ka:                          # 202-207
                        asc.set_flag(asc.HardEvent.MTE1_MTE2, a1_read_idx)
                    if k_offset_in_chunk_b + 1 == step_kb:
                        asc.set_flag(asc.HardEvent.MTE1_MTE2, 2 + b1_read_idx)
                    compute(c_local, a2_buf, b2_buf, k_block_idx, m_block_idx, n_block_idx,  # 210
                            k_loop_count, base_m_count, base_n_count, tail_m, tail_n, mte1_db_flag,
                            base_m, base_n, base_k)
                    mte1_db_flag ^= 1                                               # 515
                    if (k_block_idx == 0 or k_offset_in_chunk_b + 1 == step_kb) and \
                            b1_next_k_chunk_idx < k_loop_count:                     # 213-220
                        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2 + b1_copy_in_idx)
                        data_copy_in_b(b1_local[b1_copy_in_idx * b1_pingpong_size:], b_gm, b1_next_k_chunk_idx,
                                       n_block_idx, base_n_count, tail_n, k, base_n, base_k, step_kb)
                        asc.set_flag(asc.HardEvent.MTE2_MTE1, 2 + b1_copy_in_idx)
                        b1_next_k_chunk_idx += step_kb
                        b1_copy_in_idx ^= 1
                    if (k_block_idx == 0 or k_offset_in_chunk_a + 1 == step_ka) and \
                            a1_next_k_chunk_idx < k_loop_count:                     # 221-228
                        asc.wait_flag(asc.HardEvent.MTE1_MTE2, a1_copy_in_idx)
                        data_copy_in_a(a1_local[a1_copy_in_idx * a1_pingpong_size:], a_gm, a1_next_k_chunk_idx,
                                       m_block_idx, base_m_count, tail_m, k, base_m, base_k, step_ka)
                        asc.set_flag(asc.HardEvent.MTE2_MTE1, a1_copy_in_idx)
                        a1_next_k_chunk_idx += step_ka
                        a1_copy_in_idx ^= 1
                copy_out_aic(c_gm, c_local, m_block_idx, n_block_idx, base_m_count, base_n_count, tail_m, tail_n,
                             tail_m_align, n, base_m, base_n)                       # 232
                if mode == FUSED:                     # 563: CrossCoreSetFlag<0x2, PIPE_FIX>(0x8), see the docstring
                    asc.set_flag(asc.HardEvent.FIX_MTE3, 0)
                    asc.wait_flag(asc.HardEvent.FIX_MTE3, 0)
                    asc.ib_set(ws_gm, ws_ub, aic_block, 0)
                    asc.ib_set(ws_gm, ws_ub, aic_block, 1)
            if is_aiv:                                # 106-108: ProcessLoopAiv (236-249) -> GeluFromGM
                if mode == FUSED:                     # 570: CrossCoreWaitFlag(0x8)
                    asc.ib_wait(ws_gm, ws_ub, aic_block, local_sub_idx)
                gelu_from_gm(c_gm, x_ub, gelu_out_ub, m_block_idx, n_block_idx, base_m_count, base_n_count,
                             tail_m, tail_n, local_sub_idx, n, base_m, base_n)
    if is_aic:                                        # 112-114: WaitAicSyncFlags (131-142)
        asc.wait_flag(asc.HardEvent.M_MTE1, 0)
        asc.wait_flag(asc.HardEvent.M_MTE1, 1)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 1)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 3)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


# main() (690-712), NPU_ARCH 2201: M = K = N = 8192, baseM 128, baseK 64, baseN 256, singleCoreK 8192,
# stepKb 4, stepKa 8, singleCoreN 1536, singleCoreM 2048, 24 blocks (logical cores).
SHAPE = (8192, 8192, 8192, 128, 64, 256, 2048, 8192, 1536, 8, 4)
NUM_BLOCKS = 24
BLOCKS = {MATMUL: 24, GELU: 48, FUSED: 72}
