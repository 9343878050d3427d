"""APPROX rendering of the vendor's per-token quantised grouped matmul (asc-devkit
examples/01_simd_cpp_api/05_best_practices/03_fusion_compute/
quant_group_matmul_high_performance/quant_group_matmul_custom.asc) for
benchmarks/fidelity.py: the A2 Scenarios 0-2 (README_en.md 384-388; x int8
[8192, 1024], weight int8 NZ [8, 1024, 8192], 8 groups of 1024 rows, y fp16).
Rendered, not copied; only the 2201 (Atlas A2) constants (main() 611-630:
BASE_M = SINGLE_M 128, BASE_N 256, BASE_K 128, SINGLE_N 1024, CORE_NUM 24).

Rendered as written: Process's cross-group polling with preCount (258-289),
MMCompute's Iterate loop with the workspace ring of PIPELINE_DEPTH slots and
its waits (297-331), VectorCompute (337-398: per Iterate the scale copy, the
AIC->AIV wait, 24-row chunks split between the AIVs by vecCount % taskRation,
DataCopyPad2D in/out, the AIV->AIC set), ComputeDequantAndActivate (425-454),
DataCopyScale (463-474), DataCopyPerTokenScaleAndBrcb (484-503), PostCompute
(406-416), the TQue double buffers and the tmpBuff partition (228-249).

What differs (why "approx"):
- the cube side uses the high-level Matmul API (MDL, constant tiling, unit
  flag; 110-127, 315-329), which asc cannot run here as the vendor does
  (asc.adv.Matmul's Model computes 16-bit A/B only, and its REGIST_MATMUL_OBJ
  on a running AIC core is the KFC server's return unless ASCENDC_CUBE_ONLY,
  where the vendor's AIC drives the object itself): it is rendered with
  the raw cube API in the MDL schedule of its tiling (stepKa 8 = all of K: A's
  128 x 1024 panel loaded on a block's first Iterate and kept in L1 for its
  four, as the vendor's MDL scheduler keeps an A whose K is loaded whole
  (impl/adv_api/detail/matmul/scheduler/base/scheduler_mdl_base.h
  MoveOnIterateOrderM/N free A only when its M loop ends; copy_cube_in_mdl_base.h
  LoadData reuses a cached buffer); stepKb 4: B in two 512-deep NZ
  panels, double-buffered; eight 128 x 256 x 128 int8 Mmads; Fixpipe int32 to
  the workspace slot, unitFlag), one LoadData2D per operand and K step;
- AscendDequant, BroadCast and FasterGelu (advanced APIs asc's Python layer
  does not have) are rendered as the basic instructions of the vendor's
  implementations: Cast int32->float + per-column Mul (level 0, one repeat a
  row: impl/adv_api/detail/quantization/dequant/ascend_dequant_common_impl.h
  260-300), Brcb + one level-0 copy per 64 columns (BroadCast), Muls/Exp/Adds/
  Div (impl/adv_api/detail/activation/gelu/gelu_impl.h 135-165);
- groupList's values (1024 each, README 189) are constants: GetValue reads 0
  in a timing-only launch;
- REGIST_MATMUL_OBJ (527-530) has nothing to register (no Matmul object);
  InitUbBuffer's early return on the AIC (228-230) is an `if
  asc.ascend_is_aiv():` around its InitBuffer calls, and its tmpBuff
  partitions (241-244) are taken at the top of each VectorCompute on the AIV
  (an @asc.jit kernel cannot return from inside a branch on the core type,
  nor use after the branch a tensor assigned under it): four GetWithOffset
  descriptor calls per VectorCompute instead of once.

Rendered as the vendor launches it: `quant_group_matmul_custom` is the
__mix__(1, 2) kernel of Scenarios 1-2 (asc.KernelType.MIX_AIC_1_2) and
`quant_group_matmul_custom_1_1` the __mix__(1, 1) of Scenario 0 (509-513;
MIX_AIC_1_1), both launched on numBlocks = CORE_NUM = 24 groups; each group's
AIC core runs the `asc.ascend_is_aic()` paths (MMCompute 314-330, PostCompute
408-415) beside its AIV core(s) running the `asc.ascend_is_aiv()` path
(VectorCompute 341-343); coreIdx is GetBlockIdx() on the AIC and GetBlockIdx()
/ GetTaskRation() on an AIV (210-214), the AIV work split by GetSubBlockIdx()
(378); the cross-core flags are the vendor's: CrossCoreSetFlag<2, PIPE_FIX>
(SYNC_AIC_TO_AIV = 5) after each GetTensorC (327), CrossCoreWaitFlag(5) on the
AIV per offsetN (372), CrossCoreSetFlag<2, PIPE_MTE2>(SYNC_AIV_TO_AIC = 3) at
the end of each offsetN (395), CrossCoreWaitFlag(3) on the AIC once
PIPELINE_DEPTH slots are in flight (322-324) and PostCompute's drain (411-413)
(the waits with the template defaults <0, PIPE_S>). The GetTensorC Fixpipe
(unitFlag 3) waits for the Iterate's Mmads in the cycle model (7ed76a7).
"""

import asc

M, N, K = 8192, 8192, 1024
BASE_M, BASE_N, BASE_K = 128, 256, 128
SINGLE_M, SINGLE_N = 128, 1024
GROUP_NUM, GROUP_M = 8, 1024
CORE_NUM = 24
SYNC_AIC_TO_AIV = 5                # 42
SYNC_AIV_TO_AIC = 3                # 43
UB_CAL_SIZE = 24 * BASE_N          # 92
UB_REST_BYTES = 118784             # 94
BUFFER_NUM = 2                     # 45
STEP_KB = 4                        # 107
C0 = 32                            # int8 fractal: 16 x 32


def ceil(a, b):
    return (a + b - 1) // b


@asc.jit
def mm_iterate(x_gm: asc.GlobalTensor, w_gm: asc.GlobalTensor, ws_gm: asc.GlobalTensor, a1: asc.LocalTensor,
               b1: asc.LocalTensor, a2: asc.LocalTensor, b2: asc.LocalTensor, c_l0: asc.LocalTensor, x_offset: int,
               w_offset: int, n_off: int, ws_offset: int, wait_slot: int, first: int, last: int):
    """One Iterate of the MDL Matmul (raw cube API, approx: module docstring), then the
    slot hand-over (321-328): the wait for a free slot, GetTensorC, the set to the AIVs.
    A's panel holds all of K (stepKa * baseK >= K), so the MDL scheduler keeps it in L1
    for the block's Iterates and frees it once the block ends (first / last)."""
    if first:
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)
        asc.data_copy(a1, x_gm[x_offset:], asc.Nd2NzParams(1, BASE_M, K, 0, K, BASE_M, 1, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    for kb in range(K // BASE_K // STEP_KB):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2 + kb)
        # B: 8 NZ column blocks of 32, rows kb * 512 .. +512: 16 KB each, K * 32 bytes apart
        asc.data_copy(b1[kb * STEP_KB * BASE_K * BASE_N:], w_gm[w_offset + n_off * K + kb * STEP_KB * BASE_K * C0:],
                      asc.DataCopyParams(BASE_N // C0, STEP_KB * BASE_K * C0 // 32, (K - STEP_KB * BASE_K) * C0 // 32, 0))
        asc.set_flag(asc.HardEvent.MTE2_MTE1, 2 + kb)
    for kk in range(K // BASE_K):
        kb = kk // STEP_KB
        p = kk % 2
        if kk % STEP_KB == 0:
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, 2 + kb)
        asc.wait_flag(asc.HardEvent.M_MTE1, p)
        asc.load_data(a2[p * BASE_M * BASE_K:], a1[kk * BASE_M * BASE_K:],
                      asc.LoadData2DParams(0, BASE_M * BASE_K // 512, 1, 0, 0, False, 0))
        asc.load_data(b2[p * BASE_K * BASE_N:], b1[kk * BASE_K * BASE_N:],
                      asc.LoadData2DParams(0, BASE_K * BASE_N // 512, 1, 0, 0, False, 0))
        if kk % STEP_KB == STEP_KB - 1:
            asc.set_flag(asc.HardEvent.MTE1_MTE2, 2 + kb)
        if kk == K // BASE_K - 1 and last:
            asc.set_flag(asc.HardEvent.MTE1_MTE2, 0)
        asc.set_flag(asc.HardEvent.MTE1_M, p)
        asc.wait_flag(asc.HardEvent.MTE1_M, p)
        unit_flag = 2
        if kk == K // BASE_K - 1:
            unit_flag = 3
        asc.mmad(c_l0, a2[p * BASE_M * BASE_K:], b2[p * BASE_K * BASE_N:],
                 asc.MmadParams(BASE_M, BASE_N, BASE_K, unit_flag, False, kk == 0))
        asc.set_flag(asc.HardEvent.M_MTE1, p)
    if wait_slot:                                      # 322-324: a slot of the ring must be free
        asc.cross_core_wait_flag(SYNC_AIV_TO_AIC, 0, asc.PipeID.PIPE_S)
    asc.fixpipe(ws_gm[ws_offset:], c_l0, asc.FixpipeParamsV220(BASE_N, BASE_M, BASE_M, BASE_N, unit_flag=3),
                asc.FixpipeConfig.cfg_row_major)       # 326: GetTensorC(mmOutGlobal[workSpaceOffset], 0, true)
    asc.cross_core_set_flag(SYNC_AIC_TO_AIV, 2, asc.PipeID.PIPE_FIX)   # 327


@asc.jit(kernel_type=asc.KernelType.MIX_AIC_1_2)
def quant_group_matmul_custom(x: asc.GlobalAddress, weight: asc.GlobalAddress, scale: asc.GlobalAddress,
                              per_token_scale: asc.GlobalAddress, y: asc.GlobalAddress, workspace: asc.GlobalAddress,
                              pipeline_depth: asc.ConstExpr):
    """quant_group_matmul_custom (509-535) with Init (194-217), InitUbBuffer (226-249),
    Process (255-289), MMCompute (297-331), VectorCompute (337-398), PostCompute (406-416)."""
    sub_block_idx = asc.get_sub_block_idx()            # 210-214
    core_idx = asc.get_block_idx()
    if asc.ascend_is_aiv():
        core_idx = asc.get_block_idx() // asc.get_task_ratio()
    x_gm = asc.GlobalTensor()
    w_gm = asc.GlobalTensor()
    ws_gm = asc.GlobalTensor()
    scale_gm = asc.GlobalTensor()
    pts_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, M * K)
    w_gm.set_global_buffer(weight, GROUP_NUM * K * N)
    ws_gm.set_global_buffer(workspace, pipeline_depth * BASE_M * BASE_N * CORE_NUM)
    scale_gm.set_global_buffer(scale, GROUP_NUM * N)
    pts_gm.set_global_buffer(per_token_scale, M)
    y_gm.set_global_buffer(y, M * N)
    # the AIC's buffers: A panel, two B panels (L1); L0A/L0B ping-pong; L0C
    a1 = asc.LocalTensor(asc.int8, asc.TPosition.A1, 0, BASE_M * K)
    b1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, BASE_M * K, K * BASE_N)
    a2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, 2 * BASE_M * BASE_K)
    b2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, 2 * BASE_K * BASE_N)
    c_l0 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, BASE_M * BASE_N)
    # InitUbBuffer (226-249)
    pipe = asc.TPipe()
    vec_in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    vec_out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    scale_in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    pts_in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    tmp_buff = asc.TBuf(asc.TPosition.VECCALC)
    if asc.ascend_is_aiv():                            # 228-230: the AIC returns
        pipe.init_buffer(scale_in_queue, BUFFER_NUM, BASE_N * 4)
        pipe.init_buffer(pts_in_queue, BUFFER_NUM, BASE_M * 4)
        pipe.init_buffer(vec_in_queue, BUFFER_NUM, UB_CAL_SIZE * 4)
        pipe.init_buffer(vec_out_queue, BUFFER_NUM, UB_CAL_SIZE * 2)
        pipe.init_buffer(tmp_buff, UB_REST_BYTES)
    if asc.ascend_is_aic():                            # the raw-cube Matmul's flags (approx: module docstring)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 0)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 2)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 3)
        asc.set_flag(asc.HardEvent.M_MTE1, 0)
        asc.set_flag(asc.HardEvent.M_MTE1, 1)
    num_blocks_n = ceil(N, SINGLE_N)                   # 260
    cube_task_idx = 0
    vec_task_idx = 0
    pre_count = 0
    global_row_offset = 0
    for group_idx in range(GROUP_NUM):                 # 263-286
        group_m = GROUP_M
        num_blocks_m = ceil(group_m, SINGLE_M)
        cur_count = pre_count + num_blocks_n * num_blocks_m
        cur_block_idx = core_idx
        if core_idx < pre_count:
            cur_block_idx = core_idx + CORE_NUM
        while cur_block_idx < cur_count:
            m_idx = (cur_block_idx - pre_count) // num_blocks_n
            n_idx = (cur_block_idx - pre_count) % num_blocks_n
            cur_offset_n = n_idx * SINGLE_N            # MMCompute (297-331)
            cur_offset_m = m_idx * SINGLE_M
            x_offset = (global_row_offset + cur_offset_m) * K
            w_offset = group_idx * N * K + cur_offset_n * K
            if asc.ascend_is_aic():                    # MMCompute 314-330
                for it in range(SINGLE_N // BASE_N):   # 321: while (matmulObj.Iterate())
                    ws_offset = BASE_N * BASE_M * (core_idx + (cube_task_idx % pipeline_depth) * CORE_NUM)  # 325
                    mm_iterate(x_gm, w_gm, ws_gm, a1, b1, a2, b2, c_l0, x_offset, w_offset, it * BASE_N, ws_offset,
                               cube_task_idx >= pipeline_depth, it == 0, it == SINGLE_N // BASE_N - 1)
                    cube_task_idx += 1
            if asc.ascend_is_aiv():                    # VectorCompute (337-398; 341-343: the AIC returns)
                ub_cal_bytes = UB_CAL_SIZE * 4         # InitUbBuffer's tmpBuff partitions (238-244), taken here
                dequant_middle = tmp_buff.get_with_offset(UB_CAL_SIZE, 0, asc.float32)
                pertoken_brcb = tmp_buff.get_with_offset(UB_CAL_SIZE, ub_cal_bytes, asc.float32)
                muls_result = tmp_buff.get_with_offset(UB_CAL_SIZE, 2 * ub_cal_bytes, asc.float32)
                act_result = tmp_buff.get_with_offset(UB_CAL_SIZE, 3 * ub_cal_bytes, asc.float32)
                cur_cube_n = SINGLE_N
                cur_cube_m = SINGLE_M
                vec_base_m = UB_CAL_SIZE // BASE_N
                scale_offset = group_idx * N + n_idx * SINGLE_N
                out_offset = (global_row_offset + m_idx * SINGLE_M) * N + n_idx * SINGLE_N
                task_ration = asc.get_task_ratio()     # 359
                vec_count = 0
                for offset_n in range(0, cur_cube_n, BASE_N):
                    cur_vec_base_n = BASE_N
                    align_base_n = BASE_N
                    scale_local = scale_in_queue.alloc_tensor(asc.float32)      # DataCopyScale (463-474)
                    asc.data_copy_pad(scale_local, scale_gm[scale_offset + offset_n:],
                                      asc.DataCopyExtParams(1, cur_vec_base_n * 4, 1, 1, 0),
                                      asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0))
                    scale_in_queue.enque(scale_local)
                    scale_in_ub = scale_in_queue.deque(asc.float32)
                    mm_out_offset = BASE_N * BASE_M * (core_idx + (vec_task_idx % pipeline_depth) * CORE_NUM)
                    asc.cross_core_wait_flag(SYNC_AIC_TO_AIV, 0, asc.PipeID.PIPE_S)     # 372
                    for offset_m in range(0, cur_cube_m, vec_base_m):
                        vec_count += 1
                        if vec_count % task_ration == sub_block_idx:           # 378-380
                            cur_vec_base_m = vec_base_m
                            if offset_m + vec_base_m >= cur_cube_m:
                                cur_vec_base_m = cur_cube_m - offset_m
                            mm_out_local = vec_in_queue.alloc_tensor(asc.int32)  # 383-386: DataCopyPad2D in
                            asc.data_copy_pad(mm_out_local, ws_gm[mm_out_offset + offset_m * cur_vec_base_n:],
                                              asc.DataCopyExtParams(cur_vec_base_m, cur_vec_base_n * 4, 0, 0, 0),
                                              asc.DataCopyPadExtParams(asc.int32, True, 0, 0, 0))
                            vec_in_queue.enque(mm_out_local)
                            # ComputeDequantAndActivate (425-454); DataCopyPerTokenScaleAndBrcb (484-503)
                            pts_local = pts_in_queue.alloc_tensor(asc.float32)
                            asc.data_copy_pad(pts_local, pts_gm[global_row_offset + m_idx * SINGLE_M + offset_m:],
                                              asc.DataCopyExtParams(1, cur_vec_base_m * 4, 0, 0, 0),
                                              asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0))
                            pts_in_queue.enque(pts_local)
                            pts_in_ub = pts_in_queue.deque(asc.float32)
                            # BroadCast<float, 2, 1> [m, 1] -> [m, 256]: Brcb, then one level-0 copy per 64 columns
                            asc.brcb(act_result, pts_in_ub, 3, asc.BrcbRepeatParams(1, 8))
                            asc.pipe_barrier(asc.PipeID.PIPE_V)
                            for j in range(BASE_N // 64):
                                asc.adds(pertoken_brcb[j * 64:], act_result, 0.0, 64, cur_vec_base_m,
                                         asc.UnaryRepeatParams(1, 0, align_base_n // 8, 1))
                            pts_in_queue.free_tensor(pts_in_ub)
                            mm_out_in_ub = vec_in_queue.deque(asc.int32)
                            # AscendDequant: Cast int32 -> float, then per-column scale, one repeat a row
                            asc.cast(dequant_middle, mm_out_in_ub, asc.RoundMode.CAST_NONE,
                                     cur_vec_base_m * align_base_n)
                            asc.pipe_barrier(asc.PipeID.PIPE_V)
                            for j in range(BASE_N // 64):
                                asc.mul(dequant_middle[j * 64:], dequant_middle[j * 64:], scale_in_ub[j * 64:], 64,
                                        cur_vec_base_m,
                                        asc.BinaryRepeatParams(1, 1, 1, align_base_n // 8, align_base_n // 8, 0))
                            asc.pipe_barrier(asc.PipeID.PIPE_V)   # 435
                            vec_in_queue.free_tensor(mm_out_in_ub)
                            compute_size = cur_vec_base_m * align_base_n
                            asc.mul(muls_result, dequant_middle, pertoken_brcb, compute_size)  # 440
                            asc.pipe_barrier(asc.PipeID.PIPE_V)
                            # FasterGelu (446): x / (1 + e^(-1.702 x)), tmp in dequantMiddleResult's space
                            asc.muls(dequant_middle, muls_result, -1.702, compute_size)
                            asc.pipe_barrier(asc.PipeID.PIPE_V)
                            asc.exp(dequant_middle, dequant_middle, compute_size)
                            asc.pipe_barrier(asc.PipeID.PIPE_V)
                            asc.adds(dequant_middle, dequant_middle, 1.0, compute_size)
                            asc.pipe_barrier(asc.PipeID.PIPE_V)
                            asc.div(act_result, muls_result, dequant_middle, compute_size)
                            asc.pipe_barrier(asc.PipeID.PIPE_V)
                            y_local_in_ub = vec_out_queue.alloc_tensor(asc.float16)   # 450-453
                            asc.cast(y_local_in_ub, act_result, asc.RoundMode.CAST_NONE, compute_size)
                            asc.pipe_barrier(asc.PipeID.PIPE_V)
                            vec_out_queue.enque(y_local_in_ub)
                            y_local = vec_out_queue.deque(asc.float16)               # 390-392: DataCopyPad2D out
                            asc.data_copy_pad(y_gm[out_offset + offset_m * N + offset_n:], y_local,
                                              asc.DataCopyExtParams(cur_vec_base_m, cur_vec_base_n * 2,
                                                                    (align_base_n - cur_vec_base_n) * 2 // 32,
                                                                    (N - cur_vec_base_n) * 2, 0))
                            vec_out_queue.free_tensor(y_local)
                    scale_in_queue.free_tensor(scale_in_ub)                          # 394
                    asc.cross_core_set_flag(SYNC_AIV_TO_AIC, 2, asc.PipeID.PIPE_MTE2)  # 395
                    vec_task_idx += 1
            cur_block_idx += CORE_NUM
        pre_count = cur_count % CORE_NUM               # 284-285
        global_row_offset += group_m
    if asc.ascend_is_aic():                            # PostCompute (406-416)
        if cube_task_idx > 0:
            loop = pipeline_depth
            if cube_task_idx < pipeline_depth:
                loop = cube_task_idx
            for idx in range(loop):
                asc.cross_core_wait_flag(SYNC_AIV_TO_AIC, 0, asc.PipeID.PIPE_S)   # 412
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 0)      # the raw-cube Matmul's flags
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 3)
        asc.wait_flag(asc.HardEvent.M_MTE1, 0)
        asc.wait_flag(asc.HardEvent.M_MTE1, 1)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


# Scenario 0's __mix__(1, 1) (509-510): one AIV per AIC.
quant_group_matmul_custom_1_1 = asc.jit(kernel_type=asc.KernelType.MIX_AIC_1_1)(quant_group_matmul_custom.fn)

# SCENARIO_NUM -> (the kernel: __mix__(1, 1) or __mix__(1, 2), PIPELINE_DEPTH) (README 80-84; .asc 509-513, 620)
SCENARIOS = {0: (quant_group_matmul_custom_1_1, 1), 1: (quant_group_matmul_custom, 1),
             2: (quant_group_matmul_custom, 4)}
NUM_BLOCKS = CORE_NUM  # numBlocks: 24 groups (the README's Block Num 24; Mix Block Num 24 / 48 AIV)
