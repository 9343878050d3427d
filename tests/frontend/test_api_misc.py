"""Emission tests for the non-vector API families (block_sync, cache, common, data_copy,
dump_tensor, fixpipe, mm, proposal, scalar, set_atomic, sys_var, array, property,
LocalMemAllocator). The kernels are in misc_kernels.py; every form of every API is called
there and checked here."""

import functools
import inspect

import numpy as np
import pytest

import asc
import misc_kernels as mk
from emit_check import check, compile_source

F32 = np.zeros(256, np.float32)
ARGS = {
    "k_sync": (np.zeros(256, np.int32), 256),
    "k_common": (F32, np.zeros(256, np.uint64), 256),
    "k_copy": (F32, 256),
    "k_aipp": (np.zeros(256, np.uint8), np.zeros(256, np.uint8), 256),
    "k_dump": (F32, 256),
    "k_cube": (np.zeros(256, np.float16), F32, 256),
    "k_scalar": (256,),
    "k_sys": (256,),
}


@functools.lru_cache(maxsize=None)
def source(name):
    return compile_source(getattr(mk, name), *ARGS[name])


EXPECTED = {
    "k_sync": [
        "AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(1);",
        "AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);",
        "AscendC::PipeBarrier<PIPE_ALL>();",
        "AscendC::DataSyncBarrier<AscendC::MemDsbT::ALL>();",
        "AscendC::IBSet<true>(gi, ti, 1, 2);",
        "AscendC::IBWait<false>(gi, ti, 1, 2);",
        "AscendC::SyncAll<true>();",
        "AscendC::SyncAll<false>();",
        "AscendC::SyncAll<true>(gi, ti, 4);",
        "AscendC::SyncAll<true>(gi, ti, 0);",
        "AscendC::CrossCoreSetFlag<2, PIPE_MTE3>(1);",
        "AscendC::CrossCoreWaitFlag<0, PIPE_V>(3);",
    ],
    "k_common": [
        "AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::SINGLE_CACHE_LINE, "
        "AscendC::DcciDst::CACHELINE_OUT>(g);",
        "AscendC::DataCacheCleanAndInvalid<float, AscendC::CacheLine::ENTIRE_DATA_CACHE>(g);",
        "s = AscendC::GetICachePreloadStatus();",
        "AscendC::ICachePreLoad(128);",
        "c = (g_coreType == AscendC::AIC);",
        "v = (g_coreType == AscendC::AIV);",
        "AscendC::DataCachePreload(gu, 64);",
        "__gm__ uint8_t* h = AscendC::GetHcclContext<0>();",
        "AscendC::SetHcclContext<1>(h);",
        "__gm__ uint8_t* w = GetSysWorkSpacePtr();",
        "AscendC::SetSysWorkspace(w);",
        "AscendC::PopStackBuffer<float, AscendC::TPosition::VECIN>(p2);",
        "AscendC::ResetMask();",
        "AscendC::SetMaskCount();",
        "AscendC::SetMaskNorm();",
        "AscendC::InitSocState();",
        "AscendC::SetHF32Mode(true);",
        "AscendC::SetHF32TransMode(false);",
        "AscendC::SetMMLayoutTransform(true);",
        "AscendC::SetVectorMask<half, AscendC::MaskMode::NORMAL>(128);",
        "AscendC::SetVectorMask<float, AscendC::MaskMode::COUNTER>(65280, 255);",
        "AscendC::SetStoreAtomicConfig<AscendC::AtomicDtype::ATOMIC_F32, AscendC::AtomicOp::ATOMIC_SUM>();",
        "AscendC::CheckLocalMemoryIAParam v0{1, 0, static_cast<decltype(AscendC::CheckLocalMemoryIAParam::endAddr)>(1024), false",
        "AscendC::CheckLocalMemoryIA(v0);",
    ],
    "k_copy": [
        "AscendC::Copy<float, true>(u, t, 64, 4, v0);",
        "uint64_t v1[2] = {static_cast<uint64_t>(255), static_cast<uint64_t>(0)};",
        "AscendC::Copy<float, true>(u, t, v1, 4, v0);",
        "AscendC::DataCopyPadExtParams<float> v3{true, 0, 7, 0};",
        "AscendC::DataCopyPad(t, g, v2, v3);",
        "AscendC::DataCopyExtParams v4{2, 60, 0, 0, 0};",
        "AscendC::DataCopyPad(g, u, v4);",
        "AscendC::Nd2NzParams v6{1, 16, 16, 0, 16, 16, 1, 0};",
        "AscendC::DataCopyPad(l1, t, v5, v6);",
        "AscendC::DataCopyPadParams v8{true, 0, 5, 0};",
        "AscendC::DataCopyPad(t, g, v7, v8);",
        "AscendC::DataCopyPad(g, u, v9);",
        "AscendC::DataCopyPad(l1, t, v10, v11);",
        "AscendC::LoadImageToLocalParams v12{4, 4, 0, 0, 2, 0, 0, 0, 0};",
        "v12.sid = 0;",
        "AscendC::LoadImageToLocal(img, v12);",
        "AscendC::SetPadValue<float, AscendC::TPosition::MAX>(1.5",
        "AscendC::SetPadValue<int32_t, AscendC::TPosition::VECIN>(3);",
    ],
    "k_aipp": [
        "AscendC::AippPaddingParams<int8_t> v0{0, 0, 0, 0, static_cast<decltype(AscendC::AippPaddingParams<int8_t>::paddingValueCh3)>(-3)};",
        "AscendC::AippSwapParams v1{true, false, false};",
        "AscendC::AippDataTypeConvParams v3{128, 0, 0, 0.0e+00f",
        "AscendC::AippChannelPaddingParams<int8_t> v4{0, 0};",
        "AscendC::AippColorSpaceConvParams v5{false, 0, 0",
        "AscendC::AippParams<int8_t> v6{v0, v1, v2, v3, v4, v5};",
        "AscendC::SetAippFunctions(img, AscendC::AippInputFormat::RGB888_U8, v6);",
        "AscendC::AippPaddingParams<half> v7{0, (half)0.0e+00f",
        "AscendC::AippDataTypeConvParams v9{0, 0, 0, 0.0e+00f, 0.0e+00f, 0.0e+00f, 1.000000000e+00f, 5.000000000e-01f",
        "AscendC::AippChannelPaddingParams<half> v10{1, (half)5.00000e-01f};",
        "AscendC::AippColorSpaceConvParams v11{true, static_cast<decltype(AscendC::AippColorSpaceConvParams::cscMatrixR0C0)>(298), 0",
        "AscendC::AippParams<half> v12{v7, v8, v2, v9, v10, v11};",  # the default single-line struct is shared
        "AscendC::SetAippFunctions(img, uv, AscendC::AippInputFormat::YUV420SP_U8, v12);",
        "AscendC::LoadImageToLocal(out, v13);",
    ],
    "k_dump": [
        "AscendC::DumpTensor(t, 5, 32);",
        "AscendC::DumpTensor(g, 6, 64);",
        'AscendC::printf("n=%d x=%f\\n", n, 1.5',
        'AscendC::printf("plain\\n");',
        "AscendC::PrintTimeStamp(11);",
        "AscendC::DumpAccChkPoint(t, 1, 0, 32);",
        "AscendC::DumpAccChkPoint(g, 2, 8, 16);",
        "AscendC::MetricsProfStart();",
        "AscendC::MetricsProfStop();",
    ],
    "k_cube": [
        "AscendC::InitConstValue(a1, v0);",
        "AscendC::LoadData(a2, a1, v1);",
        "AscendC::LoadData(a1, gh, v2);",
        "AscendC::LoadData2DParamsV2 v3{0, 0, 16, 16, 0, 0, false, 0};",
        "AscendC::LoadData(a2, a1, v3);",
        "AscendC::LoadData(a1, gh, v4);",
        "AscendC::LoadData3DParamsV2Pro v5{16, false, false, false, false, false, 0, static_cast<decltype(AscendC::LoadData3DParamsV2Pro::filterConfig)>(1103823438081LL)};",
        "AscendC::LoadData(b2, b1, v5);",
        "AscendC::LoadDataWithSparse(b2i, b1i, idx, v6);",
        "AscendC::LoadData2dTransposeParams v7{0, 1, 0, 0, 0, 0};",
        "AscendC::LoadDataWithTranspose(b2, b1, v7);",
        "AscendC::LoadData2dTransposeParamsV2 v8{0, 1, 0, 0, 0, 0, 0};",
        "AscendC::LoadDataWithTranspose(b2, b1, v8);",
        "AscendC::Mmad(c1, a2, b2, v9);",
        "AscendC::Mmad(c1, a2, b2, bias, v9);",
        "AscendC::MmadWithSparse(c1i, a2i, b2i, v10);",
        "AscendC::SetLoadDataBoundary(1024);",
        "AscendC::SetLoadDataPaddingValue(0);",
        "AscendC::SetLoadDataRepeat(v11);",
        "AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(go, c1, v12);",
        "AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(go, c1, v12);",
        "AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(go, c1, ws, v12);",
        "AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(go, c1, ws, v12);",
        "AscendC::SetFixpipePreQuantFlag(7);",
    ],
    "k_scalar": [
        "half f = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_RINT>(1.5",
        "e1 = AscendC::ScalarGetSFFValue<1>(",
        "e2 = AscendC::ScalarGetCountOfValue<0>(",
        "e3 = AscendC::ScalarCountLeadingZero(",
        "e4 = AscendC::CountBitsCntSameAsSignBit(",
        "AscendC::SetAtomicAdd<float>();",
        "AscendC::SetAtomicMax<half>();",
        "AscendC::SetAtomicMin<int32_t>();",
        "AscendC::SetAtomicNone();",
        "AscendC::SetAtomicType<float>();",
        "= AscendC::GetSortLen<float>(n);", "l1 = static_cast<int32_t>(v",
        "= AscendC::GetSortOffset<float>(4);", "l2 = static_cast<int32_t>(v",
        "AscendC::ProposalConcat(u, t, 2, 4);",
        "AscendC::ProposalExtract(u, t, 2, 4);",
        "AscendC::RpSort16(u, t, 2);",
        "AscendC::Sort<float, false>(u, t, idx, t, 2);",
        "AscendC::Sort<float, true>(u, t, idx, t, 2);",
        "AscendC::Sort32(u, t, idx, 2);",
    ],
    "k_sys": [
        "; AscendC::GetArchVersion(v", "int32_t a = static_cast<int32_t>(v",
        "b = AscendC::GetBlockIdx();",
        "c = AscendC::GetBlockNum();",
        "d = AscendC::GetDataBlockSizeInBytes();",
        "e = AscendC::GetProgramCounter();",
        "f = AscendC::GetSubBlockIdx();",
        "g = AscendC::GetSystemCycle();",
        "h = AscendC::GetTaskRatio();",
        "i = AscendC::GetSubBlockNum();",
        "AscendC::Trap();",
    ],
}

CASES = [(k, p) for k, pats in EXPECTED.items() for p in pats]


@pytest.mark.parametrize("kernel,pattern", CASES, ids=[f"{k}:{p[:40]}" for k, p in CASES])
def test_emits(kernel, pattern):
    check(source(kernel), pattern)


@pytest.mark.parametrize("kernel", sorted(EXPECTED))
def test_calls_in_order(kernel):
    check(source(kernel), *EXPECTED[kernel])


# ------------------------------------------------------------------ unsupported forms / APIs

def _line_of(fn, text):
    lines, start = inspect.getsourcelines(fn)
    for i, line in enumerate(lines):
        if text in line:
            return start + i
    raise AssertionError(text)


@asc.jit
def k_slice_copy(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(t, g, [1], [2], 1)


def test_slice_copy_needs_slice_infos():
    with pytest.raises(asc.CompileError, match="must be an asc.SliceInfo"):
        compile_source(k_slice_copy, F32, 256)


@asc.jit
def k_aipp_bad(x: asc.GlobalAddress, y: asc.GlobalAddress, which: asc.ConstExpr[int]):
    img = asc.GlobalTensor()
    img.set_global_buffer(x, 64)
    uv = asc.GlobalTensor()
    uv.set_global_buffer(y, 64)
    if which == 0:
        asc.set_aipp_functions(img, asc.AippInputFormat.RGB888_U8, None)
    if which == 1:
        asc.set_aipp_functions(img, asc.AippInputFormat.RGB888_U8, asc.AippParams(asc.float32))
    if which == 2:
        asc.set_aipp_functions(img, uv, asc.AippInputFormat.YUV420SP_U8, asc.AippParams(asc.int8))
    if which == 3:
        asc.set_aipp_functions(img, asc.AippInputFormat.RGB888_U8,
                               asc.AippParams(asc.int8, swap_params=asc.AippSingleLineParams()))


@pytest.mark.parametrize("which,y,message", [
    (0, F32, "no form of asc.set_aipp_functions takes (GlobalTensor[float32], AippInputFormat"),
    (1, F32, "asc.AippParams: dtype must be asc.int8 or asc.float16 (the image's type in L1), got float32"),
    (2, np.zeros(64, np.int8), "src1 is a GlobalTensor of int8, src0 of float32"),
    (3, F32, "asc.AippParams: swap_params must be an asc.AippSwapParams, got AippSingleLineParams"),
])
def test_aipp_bad_configuration_names_the_line(which, y, message):
    with pytest.raises(asc.CompileError) as info:
        compile_source(k_aipp_bad, F32, y, which)
    err = str(info.value)
    assert message in err
    assert f"{__file__}:" in err


# ------------------------------------------------------------------ bad input

@asc.jit
def k_bad_event():
    asc.set_flag(asc.HardEvent.MTE2_V, 9)


@asc.jit
def k_bad_form():
    asc.sync_all(1, 2, 3)


@asc.jit
def k_bad_cross_core(n: int):
    asc.cross_core_set_flag(1, n, asc.PipeID.PIPE_V)


@asc.jit
def k_bad_ib(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 16)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.ib_set(g, t, 0, 1)


@asc.jit
def k_bad_sff(n: int):
    asc.scalar_get_sff_value(n, 2)


@asc.jit
def k_bad_pad_dtype(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 16)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.data_copy_pad(t, g, asc.DataCopyExtParams(1, 32), asc.DataCopyPadExtParams(asc.float16))


def test_verifier_rejection_points_at_the_call():
    with pytest.raises(asc.CompileError) as info:
        compile_source(k_bad_event)
    err = str(info.value)
    assert "event id 9 is outside 0..7" in err
    assert f"{__file__}:{_line_of(k_bad_event, 'set_flag')}:" in err


def test_wrong_form_lists_the_forms():
    with pytest.raises(asc.CompileError) as info:
        compile_source(k_bad_form)
    err = str(info.value)
    assert "no form of asc.sync_all takes (int 1, int 2, int 3)" in err
    assert "asc.sync_all(is_aiv_only: bool = True)" in err
    assert "asc.sync_all(gm_workspace: GlobalTensor, ub_workspace: LocalTensor, used_cores: int = 0" in err
    assert f"{__file__}:{_line_of(k_bad_form, 'sync_all')}:" in err


@asc.jit
def k_bad_preload(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 256)
    asc.data_cache_preload(g, 64)


@pytest.mark.parametrize("kernel,args,message", [
    (k_bad_cross_core, (3,), "mode_id must be a compile-time constant"),
    (k_bad_ib, (F32,), "gm_workspace must have element type 'i32'"),
    (k_bad_sff, (3,), "count_value must be 0 or 1"),
    (k_bad_pad_dtype, (F32,), "DataCopyPadExtParams of float16"),
    (k_bad_preload, (F32,), "src must be a GlobalTensor of uint64 (Ascend C's DataCachePreload takes "
                            "GlobalTensor<uint64_t>), got float32"),
])
def test_bad_arguments(kernel, args, message):
    with pytest.raises(asc.CompileError) as info:
        compile_source(kernel, *args)
    assert message in str(info.value)


def test_fixpipe_config():
    assert int(asc.FixpipeConfig.cfg_row_major) == 0
    assert int(asc.FixpipeConfig.cfg_nz) == 1
    assert asc.FixpipeConfig() == asc.FixpipeConfig.cfg_row_major
    with pytest.raises(ValueError):
        asc.FixpipeConfig(asc.CO2Layout.COLUMN_MAJOR)


def test_docstrings():
    for name in ["sync_all", "data_copy_pad", "fixpipe", "load_data", "array", "property", "printf"]:
        doc = getattr(asc, name).__doc__
        assert "Forms:" in doc and not doc.startswith("asc.")
