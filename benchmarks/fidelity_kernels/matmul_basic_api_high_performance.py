"""The vendor's fp16 matmul on the basic cube API (asc-devkit examples/
01_simd_cpp_api/05_best_practices/01_matrix_compute/matmul_basic_api_high_performance/
mmad.asc), rendered statement for statement as @asc.jit for benchmarks/fidelity.py.
Each function names the lines of mmad.asc it renders; names follow the vendor's
(snake_case). Rendered, not copied: the C++ is the vendor's, this Python is ours.
Only the __NPU_ARCH__ == 2201 (Atlas A2) branches are rendered.

Differences of form, not of behaviour:
- the class members (aGM/bGM/cGM at the core's offset, the loop counts, the
  tails, mte1DBFlag) become locals of the kernel, passed to the helpers;
- the ping/pong LocalTensor references (`(idx == 0) ? ping : pong`) become
  slices at the computed ping-or-pong offset, the event ids (`(idx == 0) ?
  EVENT_ID0 : EVENT_ID1`) the computed id;
- Process (48-82) and ProcessL2Cache (87-139) share one body: Process is the
  one-round case of ProcessL2Cache's outer loop (mIterPerRound = mIter, one
  round), which computes the same mIterIdx/nIterIdx as InitComputeParams
  (261-289); `continue` (125-126) becomes an `if` around the round's body;
- the template parameters and main()'s constants (564-601, 631-632) become the
  arguments fidelity.py passes.
The tail branches (mBlockIdx == baseMCount ...) are rendered as written; at
the published shapes no block has a tail in M (2048 and 1024 rows are whole
baseM blocks) and N (1536 and the last core's 512 columns are whole baseN
blocks).
"""

import asc

CUBE_BLOCK = 16                 # mmad.asc 27
L0_PINGPONG_BYTES = 32 * 1024   # mmad.asc 29
L1_PINGPONG_BYTES = 256 * 1024  # mmad.asc 30
HALF = 2


def div_ceil(a, b):
    return (a + b - 1) // b


@asc.jit
def data_copy_in_a(a1_local: asc.LocalTensor, a_gm: asc.GlobalTensor, k_chunk_idx: int, m_block_idx: int,
                   base_m_count: int, tail_m: int, k: asc.ConstExpr, base_m: asc.ConstExpr,
                   base_k: asc.ConstExpr, step_ka: asc.ConstExpr):
    """DataCopyInA (mmad.asc 348-362): one stepKa-deep panel of A, GM -> L1 (Nd2Nz)."""
    cur_m = base_m
    if m_block_idx == base_m_count:
        cur_m = tail_m
    asc.data_copy(a1_local, a_gm[k_chunk_idx * base_k + m_block_idx * k * base_m:],
                  asc.Nd2NzParams(1, cur_m, base_k * step_ka, 0, k, base_m, 1, 0))


@asc.jit
def data_copy_in_b(b1_local: asc.LocalTensor, b_gm: asc.GlobalTensor, k_chunk_idx: int, n_block_idx: int,
                   base_n_count: int, tail_n: int, k: asc.ConstExpr, base_n: asc.ConstExpr,
                   base_k: asc.ConstExpr, step_kb: asc.ConstExpr):
    """DataCopyInB (mmad.asc 367-395), IS_B_TRANSPOSE (31) branch (384-394):
    one stepKb-deep panel of B ([N, K] in GM), GM -> L1 (Nd2Nz)."""
    cur_n = base_n
    if n_block_idx == base_n_count:
        cur_n = tail_n
    asc.data_copy(b1_local, b_gm[k_chunk_idx * base_k + n_block_idx * base_n * k:],
                  asc.Nd2NzParams(1, cur_n, base_k * step_kb, 0, k, base_n, 1, 0))


@asc.jit
def data_load_a(a1_local: asc.LocalTensor, a2_local: asc.LocalTensor, m_block_idx: int, k_offset_in_chunk_a: int,
                base_m_count: int, tail_m_align: int, base_m: asc.ConstExpr, base_k: asc.ConstExpr):
    """DataLoadA (mmad.asc 400-429), the 2201 branch (407-416): one LoadData3D
    (LoadData3DParamsV2) of a baseM x baseK slice, L1 -> L0A."""
    src_addr = k_offset_in_chunk_a * base_k * base_m
    cur_m_align = base_m
    if m_block_idx == base_m_count:
        cur_m_align = tail_m_align
    asc.load_data(a2_local, a1_local[src_addr:],
                  asc.LoadData3DParamsV2(l1_h=1, l1_w=base_m, channel_size=base_k, k_extension=base_k,
                                         m_extension=cur_m_align, m_start_pt=0, k_start_pt=0))


@asc.jit
def data_load_b(b1_local: asc.LocalTensor, b2_local: asc.LocalTensor, n_block_idx: int, k_offset_in_chunk_b: int,
                base_n_count: int, tail_n_align: int, base_n: asc.ConstExpr, base_k: asc.ConstExpr):
    """DataLoadB (mmad.asc 434-501), the 2201 IS_B_TRANSPOSE branch (463-475):
    baseK / 16 LoadData2D of baseN / 16 fractals each, L1 -> L0B."""
    src_addr = k_offset_in_chunk_b * base_k * base_n
    cur_n_align = base_n
    if n_block_idx == base_n_count:
        cur_n_align = tail_n_align
    dst_offset = cur_n_align * CUBE_BLOCK
    src_offset = base_n * CUBE_BLOCK
    for i in range(div_ceil(base_k, CUBE_BLOCK)):
        asc.load_data(b2_local[i * dst_offset:], b1_local[src_addr + i * src_offset:],
                      asc.LoadData2DParams(0, div_ceil(cur_n_align, CUBE_BLOCK), 1, 0, 0, False, 0))


@asc.jit
def compute(c_local: asc.LocalTensor, a2_local: asc.LocalTensor, b2_local: asc.LocalTensor, k_block_idx: int,
            m_block_idx: int, n_block_idx: int, k_loop_count: int, base_m_count: int, base_n_count: int,
            tail_m: int, tail_n: int, mte1_db_flag: int, base_m: asc.ConstExpr, base_n: asc.ConstExpr,
            base_k: asc.ConstExpr):
    """Compute (mmad.asc 506-526): MTE1_M flag, one Mmad with unitFlag 2 (3 on
    the last K block), M_MTE1 flag. The caller toggles mte1DBFlag (525)."""
    asc.set_flag(asc.HardEvent.MTE1_M, mte1_db_flag)
    asc.wait_flag(asc.HardEvent.MTE1_M, mte1_db_flag)
    cur_m = base_m
    if m_block_idx == base_m_count:
        cur_m = tail_m
    cur_n = base_n
    if n_block_idx == base_n_count:
        cur_n = tail_n
    unit_flag = 2
    if k_block_idx == k_loop_count - 1:
        unit_flag = 3
    asc.mmad(c_local, a2_local, b2_local,
             asc.MmadParams(cur_m, cur_n, base_k, unit_flag, False, k_block_idx == 0))
    asc.set_flag(asc.HardEvent.M_MTE1, mte1_db_flag)


@asc.jit
def copy_out(c_gm: asc.GlobalTensor, c_local: asc.LocalTensor, m_block_idx: int, n_block_idx: int,
             base_m_count: int, base_n_count: int, tail_m: int, tail_n: int, tail_m_align: int,
             n: asc.ConstExpr, base_m: asc.ConstExpr, base_n: asc.ConstExpr):
    """CopyOut (mmad.asc 530-547): Fixpipe L0C -> GM, fp32 -> fp16 (F322F16), unitFlag 3."""
    cur_m_align = base_m
    cur_m = base_m
    if m_block_idx == base_m_count:
        cur_m_align = tail_m_align
        cur_m = tail_m
    cur_n = base_n
    if n_block_idx == base_n_count:
        cur_n = tail_n
    asc.fixpipe(c_gm[m_block_idx * base_m * n + n_block_idx * base_n:], c_local,
                asc.FixpipeParamsV220(cur_n, cur_m, cur_m_align, n, quant_pre=asc.QuantModes.F322F16, nd_num=1,
                                      src_nd_stride=0, dst_nd_stride=0, unit_flag=3),
                asc.FixpipeConfig.cfg_row_major)


@asc.jit(kernel_type=asc.KernelType.AIC_ONLY)
def mmad_custom(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, l2_cache: asc.ConstExpr,
                m: asc.ConstExpr, k: asc.ConstExpr, n: asc.ConstExpr, base_m: asc.ConstExpr, base_k: asc.ConstExpr,
                base_n: asc.ConstExpr, single_core_m: asc.ConstExpr, single_core_k: asc.ConstExpr,
                single_core_n: asc.ConstExpr, step_ka: asc.ConstExpr, step_kb: asc.ConstExpr):
    """mmad_custom (mmad.asc 564-578, a __cube__ kernel) with Init (41-46) and,
    `l2_cache` false, Process (48-82: SCENARIO_NUM 1), true, ProcessL2Cache
    (87-139: SCENARIO_NUM 2); each round InitComputeParams(L2Cache) (261-346)
    and ProcessLoop (143-276); then PipeBarrier<PIPE_ALL> (577)."""
    a_gm_ori = asc.GlobalTensor()
    b_gm_ori = asc.GlobalTensor()
    c_gm_ori = asc.GlobalTensor()
    a_gm_ori.set_global_buffer(a, m * k)
    b_gm_ori.set_global_buffer(b, k * n)
    c_gm_ori.set_global_buffer(c, m * n)
    # buffers (57-77 / 90-105): L1 A ping/pong from 0, B ping/pong from 256 KB; L0 ping at 0, pong at 32 KB
    a1_pingpong_size = base_m * base_k * step_ka
    b1_pingpong_size = base_k * base_n * step_kb
    a2_pingpong_size = base_m * base_k
    b2_pingpong_size = base_k * base_n
    a1_local = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 2 * a1_pingpong_size)
    a2_local = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, L0_PINGPONG_BYTES // HALF + a2_pingpong_size)
    b1_local = asc.LocalTensor(asc.float16, asc.TPosition.B1, L1_PINGPONG_BYTES, 2 * b1_pingpong_size)
    b2_local = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, L0_PINGPONG_BYTES // HALF + b2_pingpong_size)
    c_local = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, base_m * base_n)
    l0_pong = L0_PINGPONG_BYTES // HALF  # elements
    # 109-114: Process is one round over all mIter = DivCeil(M, singleCoreM) blocks of M (261-263)
    m_iter_total = div_ceil(m, single_core_m)
    n_iter_total = div_ceil(n, single_core_n)
    m_iter_per_round = m_iter_total
    if l2_cache:
        m_iter_per_round = div_ceil(m, single_core_m * 2)
    outer_m_loop_count = div_ceil(m_iter_total, m_iter_per_round)
    mte1_db_flag = 0
    for outer_m_idx in range(outer_m_loop_count):
        m_iter_idx = asc.get_block_idx() % m_iter_per_round + outer_m_idx * m_iter_per_round
        n_iter_idx = asc.get_block_idx() // m_iter_per_round
        if m_iter_idx < m_iter_total and n_iter_idx < n_iter_total:
            # InitComputeParams (261-289) / InitComputeParamsL2Cache (294-346), IS_B_TRANSPOSE
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

            # ProcessLoop (143-276)
            asc.set_flag(asc.HardEvent.MTE1_MTE2, 0)  # 164-170: reverse flags preset
            asc.set_flag(asc.HardEvent.MTE1_MTE2, 1)
            asc.set_flag(asc.HardEvent.MTE1_MTE2, 2)
            asc.set_flag(asc.HardEvent.MTE1_MTE2, 3)
            asc.set_flag(asc.HardEvent.M_MTE1, 0)
            asc.set_flag(asc.HardEvent.M_MTE1, 1)
            for n_block_idx in range(n_loop_count):          # 175
                for m_block_idx in range(m_loop_count):      # 176
                    a1_next_k_chunk_idx = 0                  # 178-181
                    b1_next_k_chunk_idx = 0
                    a1_copy_in_idx = 0
                    b1_copy_in_idx = 0
                    asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)  # 184-188: first A panel into A1 ping
                    data_copy_in_a(a1_local, a_gm, a1_next_k_chunk_idx, m_block_idx, base_m_count, tail_m,
                                   k, base_m, base_k, step_ka)
                    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
                    a1_next_k_chunk_idx += step_ka
                    a1_copy_in_idx ^= 1
                    asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)  # 190-194: first B panel into B1 ping
                    data_copy_in_b(b1_local, b_gm, b1_next_k_chunk_idx, n_block_idx, base_n_count, tail_n,
                                   k, base_n, base_k, step_kb)
                    asc.set_flag(asc.HardEvent.MTE2_MTE1, 2)
                    b1_next_k_chunk_idx += step_kb
                    b1_copy_in_idx ^= 1
                    for k_block_idx in range(k_loop_count):  # 197-261
                        a1_read_idx = (k_block_idx // step_ka) % 2
                        b1_read_idx = (k_block_idx // step_kb) % 2
                        k_offset_in_chunk_a = k_block_idx % step_ka
                        k_offset_in_chunk_b = k_block_idx % step_kb
                        a1_read_buf = a1_local[a1_read_idx * a1_pingpong_size:]
                        b1_read_buf = b1_local[b1_read_idx * b1_pingpong_size:]
                        a1_read_event = a1_read_idx
                        b1_read_event = 2 + b1_read_idx
                        a2_buf = a2_local[mte1_db_flag * l0_pong:]
                        b2_buf = b2_local[mte1_db_flag * l0_pong:]
                        asc.wait_flag(asc.HardEvent.M_MTE1, mte1_db_flag)        # 213
                        if k_offset_in_chunk_a == 0:                               # 216-221
                            asc.wait_flag(asc.HardEvent.MTE2_MTE1, a1_read_event)
                        if k_offset_in_chunk_b == 0:
                            asc.wait_flag(asc.HardEvent.MTE2_MTE1, b1_read_event)
                        data_load_a(a1_read_buf, a2_buf, m_block_idx, k_offset_in_chunk_a, base_m_count,
                                    tail_m_align, base_m, base_k)                  # 224
                        data_load_b(b1_read_buf, b2_buf, n_block_idx, k_offset_in_chunk_b, base_n_count,
                                    tail_n_align, base_n, base_k)                  # 225
                        if k_offset_in_chunk_a + 1 == step_ka:                     # 228-233
                            asc.set_flag(asc.HardEvent.MTE1_MTE2, a1_read_event)
                        if k_offset_in_chunk_b + 1 == step_kb:
                            asc.set_flag(asc.HardEvent.MTE1_MTE2, b1_read_event)
                        compute(c_local, a2_buf, b2_buf, k_block_idx,  # 237
                                m_block_idx, n_block_idx, k_loop_count,
                                base_m_count, base_n_count, tail_m, tail_n, mte1_db_flag, base_m, base_n, base_k)
                        mte1_db_flag ^= 1                                          # 525
                        if (k_block_idx == 0 or k_offset_in_chunk_b + 1 == step_kb) and \
                                b1_next_k_chunk_idx < k_loop_count:                # 243-251: B first
                            b1_write_event = 2 + b1_copy_in_idx
                            asc.wait_flag(asc.HardEvent.MTE1_MTE2, b1_write_event)
                            data_copy_in_b(b1_local[b1_copy_in_idx * b1_pingpong_size:], b_gm, b1_next_k_chunk_idx,
                                           n_block_idx, base_n_count, tail_n, k, base_n, base_k, step_kb)
                            asc.set_flag(asc.HardEvent.MTE2_MTE1, b1_write_event)
                            b1_next_k_chunk_idx += step_kb
                            b1_copy_in_idx ^= 1
                        if (k_block_idx == 0 or k_offset_in_chunk_a + 1 == step_ka) and \
                                a1_next_k_chunk_idx < k_loop_count:                # 252-260: then A
                            a1_write_event = a1_copy_in_idx
                            asc.wait_flag(asc.HardEvent.MTE1_MTE2, a1_write_event)
                            data_copy_in_a(a1_local[a1_copy_in_idx * a1_pingpong_size:], a_gm, a1_next_k_chunk_idx,
                                           m_block_idx, base_m_count, tail_m, k, base_m, base_k, step_ka)
                            asc.set_flag(asc.HardEvent.MTE2_MTE1, a1_write_event)
                            a1_next_k_chunk_idx += step_ka
                            a1_copy_in_idx ^= 1
                    copy_out(c_gm, c_local, m_block_idx, n_block_idx, base_m_count, base_n_count, tail_m, tail_n,
                             tail_m_align, n, base_m, base_n)                      # 263
            asc.wait_flag(asc.HardEvent.M_MTE1, 0)  # 270-275
            asc.wait_flag(asc.HardEvent.M_MTE1, 1)
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, 1)
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, 3)
        mte1_db_flag = 0  # 137
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


# main() (580-601), NPU_ARCH 2201: M = K = N = 8192, baseM 128, baseK 64, baseN 256,
# singleCoreK 8192, stepKa 8, stepKb 4, singleCoreN 1536, 24 blocks;
# singleCoreM 2048 (SCENARIO_NUM 1) or 1024 (2).
SHAPE = dict(m=8192, k=8192, n=8192, base_m=128, base_k=64, base_n=256, single_core_k=8192, single_core_n=1536,
             step_ka=8, step_kb=4)
NUM_BLOCKS = 24


def scenario_args(scenario: int):
    """mmad_custom's ConstExpr arguments after (a, b, c) for SCENARIO_NUM 1 or 2."""
    s = SHAPE
    return (scenario == 2, s["m"], s["k"], s["n"], s["base_m"], s["base_k"], s["base_n"],
            2048 if scenario == 1 else 1024, s["single_core_k"], s["single_core_n"], s["step_ka"], s["step_kb"])
