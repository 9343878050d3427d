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

The fused kernel is the vendor's __mix__(1, 2) kernel (680): `mmad_vector_custom`
is an asc.KernelType.MIX_AIC_1_2 kernel launched on numBlocks = 24 groups
(main() 705), each group's AIC core running the `asc.ascend_is_aic()` paths
(InitAicSyncFlags, ProcessLoopAic, WaitAicSyncFlags: 95-114) beside its two
AIV cores running the `asc.ascend_is_aiv()` path (ProcessLoopAiv -> GeluFromGM),
InitComputeParams' logical core as the vendor's (321-325: GetBlockIdx() on
the AIC, GetBlockIdx() / 2 on an AIV), the sub-block from GetSubBlockIdx() % 2
(576); the AIC raises CrossCoreSetFlag<0x2, PIPE_FIX>(0x8) after each
Fixpipe (563) and each AIV waits CrossCoreWaitFlag(0x8) (570; the vendor's
defaults, mode 0 and PIPE_S, which on A2 waits on the core's own flag).

The AIC raises flag 0x8 once per baseM x baseN block (96 per core) and the
vendor relies on its AIVs keeping up. A flag holds at most 15 pending sets; the
Model makes a set to a full flag wait for room (docs/model-internals.md), in
the functional run and in the cycle model, so the kernel runs as written.

The AIC's Fixpipes carry unitFlag 3 after Mmads with unitFlag 2/3: the cycle
model orders such a Fixpipe after the Mmads before it (the unit-flag
handshake), so the AIVs' GELUs of a block start once its matmul is written.

The README's two standalone A2 rows (292-295) run the same body (`mode`):
- MATMUL ("Matmul Computation", AI_CORE, 24 blocks): `matmul_alone`, an
  AIC_ONLY launch of 24 blocks, the AIC path alone without the cross-core set;
- GELU ("Gelu Computation", AI_VECTOR_CORE, 48 blocks): `gelu_alone`, an
  AIV_ONLY launch of 48 blocks, the AIV path alone without the cross-core
  wait; an AIV-only block is sub-block 0 of 1, so block b takes the half
  b % 2 of logical core b // 2, as the fused kernel's AIVs do.
The README publishes the two standalone rows but not how they were built: we
assume they are the fused kernel's two paths launched alone (the only
"approx" left in these cases; fidelity.py says so).

Differences of form, not of behaviour: the class members become locals passed
to the helpers; the ping/pong LocalTensor references become slices at the
computed offset; the AIV's LocalTensors (Init 61-62) and the AIC's (Process
83-93) are constructed on every core, as the vendor's are.
"""

import asc

from fidelity_kernels.matmul_basic_api_high_performance import (  # the AIC side's shared code
    CUBE_BLOCK, HALF, L0_PINGPONG_BYTES, L1_PINGPONG_BYTES, compute, data_copy_in_a, data_copy_in_b, data_load_a,
    data_load_b, div_ceil)

MATMUL, GELU, FUSED = 0, 1, 2  # the launch: the AIC path alone, the AIV path alone, the mixed kernel
COEFF_A = 0.044715    # mmad_gelu.asc 39
COEFF_B = -1.595769   # mmad_gelu.asc 40


@asc.jit
def copy_out_aic(c_gm: asc.GlobalTensor, c_local: asc.LocalTensor, m_block_idx: int, n_block_idx: int,
                 base_m_count: int, base_n_count: int, tail_m: int, tail_n: int, tail_m_align: int,
                 n: asc.ConstExpr, base_m: asc.ConstExpr, base_n: asc.ConstExpr, notify: asc.ConstExpr):
    """CopyOutAic (mmad_gelu.asc 519-564), 2201 branch: Fixpipe L0C -> GM, fp32
    row-major (CFG_ROW_MAJOR_GM 44), unitFlag 3; then (`notify`: the fused
    kernel) CrossCoreSetFlag<0x2, PIPE_FIX>(0x8) to the group's AIVs (563)."""
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
    if notify:
        asc.cross_core_set_flag(0x8, 0x2, asc.PipeID.PIPE_FIX)   # 563


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
                 n: asc.ConstExpr, base_m: asc.ConstExpr, base_n: asc.ConstExpr, wait: asc.ConstExpr):
    """GeluFromGM (mmad_gelu.asc 567-612): (`wait`: the fused kernel) CrossCoreWaitFlag(0x8)
    (570), DataCopyPad GM -> xUB of this sub-block's half of the baseM x baseN block,
    GELU, DataCopyPad geluOutUB -> GM in place. `local_sub_idx` is the caller's (576)."""
    if wait:
        asc.cross_core_wait_flag(0x8, 0, asc.PipeID.PIPE_S)     # 570: the template defaults <0, PIPE_S>
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


@asc.jit(kernel_type=asc.KernelType.MIX_AIC_1_2)
def mmad_vector_custom(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                       mode: asc.ConstExpr, m: asc.ConstExpr, k: asc.ConstExpr, n: asc.ConstExpr,
                       base_m: asc.ConstExpr, base_k: asc.ConstExpr, base_n: asc.ConstExpr,
                       single_core_m: asc.ConstExpr, single_core_k: asc.ConstExpr, single_core_n: asc.ConstExpr,
                       step_ka: asc.ConstExpr, step_kb: asc.ConstExpr):
    """mmad_vector_custom (mmad_gelu.asc 680-688, __mix__(1, 2)) with Init (53-69),
    Process (71-115), InitComputeParams (315-352), ProcessLoopAic (145-233),
    ProcessLoopAiv (236-249), then PipeBarrier<PIPE_ALL> (687). `mode` FUSED is
    the vendor's kernel; MATMUL / GELU the standalone launches (module docstring)."""
    a_gm_ori = asc.GlobalTensor()
    b_gm_ori = asc.GlobalTensor()
    c_gm_ori = asc.GlobalTensor()
    a_gm_ori.set_global_buffer(a, m * k)        # 55-57
    b_gm_ori.set_global_buffer(b, k * n)
    c_gm_ori.set_global_buffer(c, m * n)
    # Init (61-62): xUB at 0, geluOutUB at baseM / 2 * baseN floats (671)
    x_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, base_m // 2 * base_n)
    gelu_out_ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, base_m // 2 * base_n * 4, base_m // 2 * base_n)
    # InitComputeParams (321-325): the logical core
    logic_core_id = asc.get_block_idx()
    if asc.ascend_is_aiv():
        logic_core_id = asc.get_block_idx() // 2
    # GeluFromGM (576): the AIV's half of a block; an AIV-only launch (GELU) has sub-block 0 of 1
    local_sub_idx = asc.get_sub_block_idx() % 2
    if mode == GELU:
        local_sub_idx = asc.get_block_idx() % 2
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
    if asc.ascend_is_aic():                           # 95-97: InitAicSyncFlags (118-129)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 0)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 1)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 2)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 3)
        asc.set_flag(asc.HardEvent.M_MTE1, 0)
        asc.set_flag(asc.HardEvent.M_MTE1, 1)
    for n_block_idx in range(n_loop_count):          # 99
        for m_block_idx in range(m_loop_count):      # 100
            if asc.ascend_is_aic():                   # 101-105: ProcessLoopAic (145-233)
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
                             tail_m_align, n, base_m, base_n, mode == FUSED)         # 232
            if asc.ascend_is_aiv():                   # 106-108: ProcessLoopAiv (236-249) -> GeluFromGM
                gelu_from_gm(c_gm, x_ub, gelu_out_ub, m_block_idx, n_block_idx, base_m_count, base_n_count,
                             tail_m, tail_n, local_sub_idx, n, base_m, base_n, mode == FUSED)
    if asc.ascend_is_aic():                           # 112-114: WaitAicSyncFlags (131-142)
        asc.wait_flag(asc.HardEvent.M_MTE1, 0)
        asc.wait_flag(asc.HardEvent.M_MTE1, 1)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 1)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 3)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


# main() (690-712), NPU_ARCH 2201: M = K = N = 8192, baseM 128, baseK 64, baseN 256, singleCoreK 8192,
# stepKb 4, stepKa 8, singleCoreN 1536, singleCoreM 2048, numBlocks 24 (groups of 1 AIC + 2 AIV).
SHAPE = (8192, 8192, 8192, 128, 64, 256, 2048, 8192, 1536, 8, 4)
NUM_BLOCKS = 24

# The README's standalone rows (module docstring): the AIC path on 24 AIC cores, the AIV path on 48 AIV cores.
matmul_alone = asc.jit(kernel_type=asc.KernelType.AIC_ONLY)(mmad_vector_custom.fn)
gelu_alone = asc.jit(kernel_type=asc.KernelType.AIV_ONLY)(mmad_vector_custom.fn)
KERNELS = {FUSED: (mmad_vector_custom, NUM_BLOCKS), MATMUL: (matmul_alone, NUM_BLOCKS),
           GELU: (gelu_alone, 2 * NUM_BLOCKS)}
