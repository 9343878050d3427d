"""Kernels exercising every form of the non-vector API families (see test_api_misc.py)."""

import asc

F32 = asc.float32


@asc.jit
def k_sync(y: asc.GlobalAddress, n: int):
    gi = asc.GlobalTensor()
    gi.set_global_buffer(y, n)
    ti = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 1)
    asc.wait_flag(asc.HardEvent.MTE2_V)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_sync_barrier(asc.MemDsbT.ALL)
    asc.ib_set(gi, ti, 1, 2)
    asc.ib_wait(gi, ti, block_idx=1, event_id=2, is_aiv_only=False)
    asc.sync_all()
    asc.sync_all(is_aiv_only=False)
    asc.sync_all(gi, ti, 4)
    asc.sync_all(gi, ti)
    asc.cross_core_set_flag(1, 2, asc.PipeID.PIPE_MTE3)
    asc.cross_core_wait_flag(flag_id=3, mode_id=0, pipe=asc.PipeID.PIPE_V)


@asc.jit
def k_common(x: asc.GlobalAddress, z64: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    gu = asc.GlobalTensor()
    gu.set_global_buffer(z64, n)
    asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, asc.DcciDst.CACHELINE_OUT, g)
    asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, g)
    s = asc.get_icache_preload_status()
    asc.icache_preload(128)
    c = asc.ascend_is_aic()
    v = asc.ascend_is_aiv()
    asc.data_cache_preload(gu, 64)
    h = asc.get_hccl_context(0)
    asc.set_hccl_context(1, h)
    w = asc.get_sys_workspace()
    asc.set_sys_workspace(w)
    p = asc.pop_stack_buffer(asc.float16)
    p2 = asc.pop_stack_buffer(F32, asc.TPosition.VECIN)
    asc.data_copy(p2, p2, 8)
    asc.reset_mask()
    asc.set_mask_count()
    asc.set_mask_norm()
    asc.init_soc_state()
    asc.set_hf32_mode(True)
    asc.set_hf32_trans_mode(False)
    asc.set_mm_layout_transform(True)
    asc.set_vector_mask(128, asc.float16, asc.MaskMode.NORMAL)
    asc.set_vector_mask(0xFF00, 0xFF, F32, asc.MaskMode.COUNTER)
    asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F32, asc.AtomicOp.ATOMIC_SUM)
    asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(1, 0, 1024))
    asc.printf("%d %d %d\n", s, c, v)


@asc.jit
def k_copy(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(F32, asc.TPosition.VECIN, 0, 256)
    u = asc.LocalTensor(F32, asc.TPosition.VECOUT, 1024, 256)
    l1 = asc.LocalTensor(F32, asc.TPosition.A1, 0, 256)
    asc.copy(u, t, 64, 4, asc.CopyRepeatParams(1, 1, 8, 8))
    asc.copy(u, t, [0xFF, 0], 4, asc.CopyRepeatParams(1, 1, 8, 8))
    asc.data_copy_pad(t, g, asc.DataCopyExtParams(1, 100), asc.DataCopyPadExtParams(F32, True, 0, 7, 0))
    asc.data_copy_pad(g, u, asc.DataCopyExtParams(2, 60))
    asc.data_copy_pad(l1, t, asc.DataCopyExtParams(1, 64),
                      asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0))
    asc.data_copy_pad(t, g, asc.DataCopyParams(1, 96), asc.DataCopyPadParams(True, 0, 5, 0))
    asc.data_copy_pad(g, u, asc.DataCopyParams(3, 40))
    asc.data_copy_pad(l1, t, asc.DataCopyParams(1, 32),
                      nd2nz_params=asc.Nd2NzParams(1, 16, 8, 0, 8, 16, 1, 0))
    img = asc.LocalTensor(asc.float16, asc.TPosition.A1, 2048, 256)  # int8_t / half only
    asc.load_image_to_local(img, asc.LoadImageToLocalParams(4, 4))
    asc.set_pad_value(1.5)
    asc.set_pad_value(3, asc.TPosition.VECIN)


@asc.jit
def k_aipp(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    img = asc.GlobalTensor()
    img.set_global_buffer(x, n)
    uv = asc.GlobalTensor()
    uv.set_global_buffer(y, n)
    rgb = asc.AippParams(asc.int8, swap_params=asc.AippSwapParams(is_swap_rb=True),
                         padding_params=asc.AippPaddingParams(padding_mode=0, padding_value_ch3=-3),
                         dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=128))
    asc.set_aipp_functions(img, asc.AippInputFormat.RGB888_U8, rgb)
    yuv = asc.AippParams(dtype=asc.float16,
                         csc_params=asc.AippColorSpaceConvParams(True, 298, 0, 409, 298, -100, -208, 298, 516, 0,
                                                                 16, 128, 128),
                         c_padding_params=asc.AippChannelPaddingParams(1, 0.5),
                         dtc_params=asc.AippDataTypeConvParams(dtc_var_ch1=0.5))
    asc.set_aipp_functions(img, uv, asc.AippInputFormat.YUV420SP_U8, yuv)
    out = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 4096)
    asc.load_image_to_local(out, asc.LoadImageToLocalParams(4, 4, 0, 0, 8))


@asc.jit
def k_dump(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(F32, asc.TPosition.VECIN, 0, 256)
    asc.dump_tensor(t, 5, 32)
    asc.dump_tensor(g, desc=6, dump_size=64, shape_info=None)
    asc.printf("n=%d x=%f\n", n, 1.5)
    asc.printf("plain\n")
    asc.print_time_stamp(11)
    asc.dump_acc_chk_point(t, 1, 0, 32)
    asc.dump_acc_chk_point(g, 2, 8, 16)
    asc.metrics_prof_start()
    asc.metrics_prof_stop()


@asc.jit
def k_cube(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    gh = asc.GlobalTensor()
    gh.set_global_buffer(x, n)
    go = asc.GlobalTensor()
    go.set_global_buffer(y, n)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 2048, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 1024)
    c1 = asc.LocalTensor(F32, asc.TPosition.CO1, 0, 1024)
    bias = asc.LocalTensor(F32, asc.TPosition.C2, 0, 64)
    ws = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 8192, 64)
    idx = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 4096, 256)
    a2i = asc.LocalTensor(asc.int8, asc.TPosition.A2, 0, 1024)
    b1i = asc.LocalTensor(asc.int8, asc.TPosition.B1, 2048, 1024)
    b2i = asc.LocalTensor(asc.int8, asc.TPosition.B2, 0, 1024)
    c1i = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 0, 1024)
    asc.init_const_value(a1, asc.InitConstValueParams(1, 2, 0, 0))
    asc.load_data(a2, a1, asc.LoadData2DParams(0, 4, 1))
    asc.load_data(a1, gh, asc.LoadData2DParams(0, 2))
    asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, 16, 16))
    asc.load_data(a1, gh, asc.LoadData2DParamsV2(0, 0, 16, 32))
    asc.load_data(b2, b1, asc.LoadData3DParamsV2Pro(16))
    asc.load_data_with_sparse(b2i, b1i, idx, asc.LoadData2DParams(0, 1))
    asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(0, 1))
    asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParamsV2(0, 1))
    asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))
    asc.mmad(c1, a2, b2, bias, asc.MmadParams(16, 16, 16))
    asc.mmad_with_sparse(c1i, a2i, b2i, mmad_params=asc.MmadParams(16, 16, 32))
    asc.set_load_data_boundary(1024)
    asc.set_load_data_padding_value(0)
    asc.set_load_data_repeat(asc.LoadDataRepeatParam(1, 0, 0))
    asc.fixpipe(go, c1, asc.FixpipeParamsV220(16, 16, 16, 16))
    asc.fixpipe(go, c1, asc.FixpipeParamsV220(16, 16, 16, 16), asc.FixpipeConfig.cfg_nz)
    asc.fixpipe(go, c1, ws, asc.FixpipeParamsV220(16, 16, 16, 16))
    asc.fixpipe(go, c1, ws, asc.FixpipeParamsV220(16, 16, 16, 16), config=asc.FixpipeConfig.cfg_nz)
    asc.set_fix_pipe_pre_quant_flag(7)


@asc.jit
def k_scalar(n: int):
    t = asc.LocalTensor(F32, asc.TPosition.VECIN, 0, 256)
    u = asc.LocalTensor(F32, asc.TPosition.VECOUT, 1024, 256)
    idx = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 4096, 256)
    f = asc.scalar_cast(1.5, asc.float16, asc.RoundMode.CAST_RINT)
    e1 = asc.scalar_get_sff_value(n, 1)
    e2 = asc.scalar_get_count_of_value(n, 0)
    e3 = asc.scalar_count_leading_zero(n)
    e4 = asc.count_bits_cnt_same_as_sign_bit(n)
    asc.set_atomic_add(F32)
    asc.set_atomic_max(asc.float16)
    asc.set_atomic_min(asc.int32)
    asc.set_atomic_none()
    asc.set_atomic_type(F32)
    l1 = asc.get_sort_len(n)
    l2 = asc.get_sort_offset(4)
    asc.proposal_concat(u, t, 2, 4)
    asc.proposal_extract(u, t, 2, 4)
    asc.rp_sort16(u, t, 2)
    asc.sort(u, t, idx, t, 2)
    asc.sort(u, t, idx, t, 2, True)
    asc.sort32(u, t, idx, 2)
    asc.printf("%f %d %d %d %d %d %d\n", f, e1, e2, e3, e4, l1, l2)


@asc.jit
def k_sys(n: int):
    a = asc.get_arch_version(0)
    b = asc.get_block_idx()
    c = asc.get_block_num()
    d = asc.get_data_block_size_in_bytes()
    e = asc.get_program_counter()
    f = asc.get_sub_block_idx()
    g = asc.get_system_cycle()
    h = asc.get_task_ratio()
    i = asc.get_sub_block_num()
    asc.trap()
    asc.printf("%d %d %d %d %d %d %d %d %d\n", a, b, c, d, e, f, g, h, i)


@asc.jit
def k_load3d(v2: asc.ConstExpr[int]):
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 1024)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 1024)
    if v2:
        asc.load_data(a2, a1, asc.LoadData3DParamsV2(l1_h=4, l1_w=4, channel_size=16))
    else:
        asc.load_data(a2, a1, asc.LoadData3DParamsV1(l1_h=4, l1_w=4))
