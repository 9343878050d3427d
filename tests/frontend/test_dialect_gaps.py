"""Merge sort, ShapeInfo, enum-typed struct fields, GetStoreAtomicConfig,
GetTPipePtr and unsigned runtime scalars: the emitted Ascend C of each API
form, and its numerics on the Model against numpy."""

import numpy as np
import pytest

import asc
from emit_check import check, check_next, compile_source

F32 = asc.float32


# ------------------------------------------------------------------ merge sort
@asc.jit
def k_mrg(x: asc.GlobalAddress, ix: asc.GlobalAddress, out: asc.GlobalAddress, cnt: asc.GlobalAddress,
          nlists: asc.ConstExpr[int], susp: asc.ConstExpr[bool], form: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 128)
    i_gm = asc.GlobalTensor()
    i_gm.set_global_buffer(ix, 128)
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out, 256)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(cnt, 8)
    v = asc.LocalTensor(F32, asc.TPosition.VECIN, 0, 128)
    idx = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 1024, 128)
    s = asc.LocalTensor(F32, asc.TPosition.VECCALC, 2048, 256)
    d = asc.LocalTensor(F32, asc.TPosition.VECOUT, 4096, 256)
    asc.data_copy(v, x_gm, 128)
    asc.data_copy(idx, i_gm, 128)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.sort32(s, v, idx, 4)  # four sorted groups of 32 regions (64 floats each)
    asc.duplicate(d, 0.0, 256)
    valid = (1 << nlists) - 1
    if nlists == 2:
        lst = asc.MrgSortSrcList(F32, s, s[64:])
    elif nlists == 3:
        lst = asc.MrgSortSrcList(F32, s, s[64:], s[128:])
    else:
        lst = asc.MrgSortSrcList(F32, s, s[64:], s[128:], s[192:])
    if form == 0:
        asc.mrg_sort(d, lst, asc.MrgSort4Info([32, 32, 32, 32], susp, valid, 1))
    else:
        asc.mrg_sort(d, lst, [32, 32, 32, 32], [0, 0, 0, 0], valid, 1, susp)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(o_gm, d, 256)
    r1, r2, r3, r4 = asc.get_mrg_sort_result()
    c_gm.set_value(0, r1)
    c_gm.set_value(1, r2)
    c_gm.set_value(2, r3)
    c_gm.set_value(3, r4)
    c_gm.set_value(4, r1 + r2 + 1)


def _merge(groups, susp):
    """Reference merge: lists sorted descending, ties from the lower list first."""
    pos = [0] * len(groups)
    out = []
    while True:
        live = [i for i in range(len(groups)) if pos[i] < len(groups[i])]
        if not live or (susp and len(live) < len(groups)):
            break
        best = max(live, key=lambda i: (groups[i][pos[i]][0], -i))
        out.append(groups[best][pos[best]])
        pos[best] += 1
    return out, pos


@pytest.mark.parametrize("nlists,susp,form", [(2, False, 0), (3, False, 1), (4, False, 0), (4, True, 0),
                                              (2, True, 1)])
def test_mrg_sort_numerics(nlists, susp, form):
    rng = np.random.default_rng(nlists * 10 + susp)
    x = rng.permutation(np.arange(128, dtype=np.float32) - 40)
    if susp:
        x[:32] += 200  # list 0 holds the largest values: it runs out first
    ix = np.arange(128, dtype=np.uint32) + 1000
    out = np.zeros(256, np.float32)
    cnt = np.zeros(8, np.int32)
    k_mrg[1](x, ix, out, cnt, nlists, susp, form)
    groups = []
    for g in range(nlists):
        pairs = sorted(zip(x[g * 32:(g + 1) * 32], ix[g * 32:(g + 1) * 32]), key=lambda p: -p[0])
        groups.append(pairs)
    ref, taken = _merge(groups, susp)
    n = len(ref)
    got_v = out[0:2 * n:2]
    got_i = out.view(np.uint32)[1:2 * n:2]
    np.testing.assert_array_equal(got_v, np.array([p[0] for p in ref], np.float32))
    np.testing.assert_array_equal(got_i, np.array([p[1] for p in ref], np.uint32))
    assert np.all(out[2 * n:] == 0)
    assert list(cnt[:nlists]) == taken
    assert cnt[4] == taken[0] + taken[1] + 1


def test_mrg_sort_emitted():
    text = compile_source(k_mrg, np.zeros(128, np.float32), np.zeros(128, np.uint32),
                          np.zeros(256, np.float32), np.zeros(8, np.int32), 2, False, 0)
    check_next(text, "AscendC::MrgSortSrcList<float> v1{static_cast<decltype(AscendC::MrgSortSrcList<float>::src1)>(s), static_cast<decltype(AscendC::MrgSortSrcList<float>::src2)>(v0), static_cast<decltype(AscendC::MrgSortSrcList<float>::src3)>(s), static_cast<decltype(AscendC::MrgSortSrcList<float>::src4)>(s)};",
               "uint16_t v2_elementLengths[4] = {32, 32, 32, 32};",
               "AscendC::MrgSort4Info v2{v2_elementLengths, false, 3, 1};",
               "AscendC::MrgSort<float>(d, v1, v2);")
    check(text,
          "AscendC::GetMrgSortResult(", "int16_t r1 = static_cast<int16_t>(")


@asc.jit
def k_mrg4(p: asc.GlobalAddress, out: asc.GlobalAddress):
    p_gm = asc.GlobalTensor()
    p_gm.set_global_buffer(p, 256)
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out, 256)
    s = asc.LocalTensor(F32, asc.TPosition.VECIN, 0, 256)
    d = asc.LocalTensor(F32, asc.TPosition.VECOUT, 2048, 256)
    asc.data_copy(s, p_gm, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.mrg_sort4(d, asc.MrgSortSrcList(F32, s, s[64:], s[128:], s[192:]),
                  asc.MrgSort4Info([8, 8, 8, 8]))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(o_gm, d, 256)


def test_mrg_sort4_proposals():
    rng = np.random.default_rng(3)
    props = rng.standard_normal((4, 8, 8)).astype(np.float32)  # 4 lists x 8 proposals x 8 fields
    for g in range(4):
        props[g] = props[g][np.argsort(-props[g][:, 4], kind="stable")]
    out = np.zeros(256, np.float32)
    k_mrg4[1](props.reshape(-1), out)
    ref, _ = _merge([[(p[4], tuple(p)) for p in props[g]] for g in range(4)], False)
    np.testing.assert_array_equal(out.reshape(32, 8), np.array([r[1] for r in ref], np.float32))
    text = compile_source(k_mrg4, props.reshape(-1), out)
    check(text, "AscendC::MrgSort4(d, ")


@asc.jit
def k_mrg_bad():
    s = asc.LocalTensor(F32, asc.TPosition.VECIN, 0, 256)
    d = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 256)
    asc.mrg_sort(d, asc.MrgSortSrcList(F32, s, s), asc.MrgSort4Info([1, 1, 0, 0], False, 3))


def test_mrg_sort_dtype_mismatch():
    with pytest.raises(asc.CompileError, match="MrgSortSrcList holds float32"):
        compile_source(k_mrg_bad)


# ------------------------------------------------------------------ ShapeInfo
@asc.jit
def k_shape(x: asc.GlobalAddress, out: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 16)
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out, 8)
    info = asc.ShapeInfo(asc.array(asc.int32, [2, n]), None, asc.DataFormat.ND)
    x_gm.set_shape_info(info)
    got = x_gm.get_shape_info()
    o_gm.set_value(0, got.shape(0))
    o_gm.set_value(1, got.shape(1))
    o_gm.set_value(2, got.original_shape(1))
    o_gm.set_value(3, asc.get_shape_size(got))
    o_gm.set_value(4, asc.get_shape_size(asc.ShapeInfo([2, 3, 2])))
    o_gm.set_value(5, info.shape(1) + 1)
    o_gm.set_value(6, asc.get_shape_size(asc.ShapeInfo()))
    asc.dump_tensor(x_gm, 5, 6, info)


def test_shape_info(capfd):
    x = np.arange(16, dtype=np.float32)
    out = np.zeros(8, np.int32)
    k_shape[1](x, out, 3)
    assert list(out[:7]) == [2, 3, 3, 6, 12, 4, 1]
    text = capfd.readouterr().out
    assert "DumpTensor: desc=5, addr=0, data_type=float, position=GM, dump_size=6, shape=[2, 3]\n" \
           "[[0, 1, 2], [3, 4, 5]]" in text
    src = compile_source(k_shape, x, out, 3)
    check_next(src, "uint32_t v0_shape[8] = {2, static_cast<uint32_t>(n), 0, 0, 0, 0, 0, 0};",
               "uint32_t v0_originalShape[8] = {2, static_cast<uint32_t>(n), 0, 0, 0, 0, 0, 0};",
               "AscendC::ShapeInfo v0{2, v0_shape, 2, v0_originalShape, static_cast<AscendC::DataFormat>(0)};",
               "x_gm.SetShapeInfo(v0);", "AscendC::ShapeInfo v1 = x_gm.GetShapeInfo();",
               "int32_t v2 = v1.shape[0];")
    check(src, "= v1.originalShape[1];", "AscendC::GetShapeSize(v1);",
          "AscendC::DumpTensor(x_gm, 5, 6, v")


# ------------------------------------------------------------------ enum fields
@asc.jit
def k_enum_fields(x: asc.GlobalAddress):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 64)
    t = asc.LocalTensor(F32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(t, g, asc.DataCopyParams(1, 8, 0, 0),
                  asc.DataCopyEnhancedParams(asc.BlockMode.BLOCK_MODE_VECTOR))


def test_enum_fields_are_cast():
    text = compile_source(k_enum_fields, np.zeros(64, np.float32))
    check(text, "AscendC::DataCopyEnhancedParams v1{static_cast<AscendC::BlockMode>(2), "
                "static_cast<AscendC::DeqScale>(0), 0, 0, false, static_cast<pad_t>(0), 0};")


# ------------------------------------------------------------------ atomics, TPipe
@asc.jit
def k_atomic(out: asc.GlobalAddress):
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out, 8)
    t0, p0 = asc.get_store_atomic_config()
    asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F16, asc.AtomicOp.ATOMIC_SUM)
    t1, p1 = asc.get_store_atomic_config()
    asc.set_atomic_add(asc.int32)
    t2, p2 = asc.get_store_atomic_config()
    asc.set_atomic_none()
    o_gm.set_value(0, t0)
    o_gm.set_value(1, p0)
    o_gm.set_value(2, t1)
    o_gm.set_value(3, p1)
    o_gm.set_value(4, t2)
    o_gm.set_value(5, p2)


def test_get_store_atomic_config():
    out = np.full(8, -1, np.int32)
    k_atomic[1](out)
    assert list(out[:6]) == [0, 0, 2, 0, 4, 0]
    text = compile_source(k_atomic, out)
    check_next(text, "uint16_t v", "uint16_t v", "AscendC::GetStoreAtomicConfig(v")
    check(text, "int16_t t0 = static_cast<int16_t>(")


@asc.jit
def k_tpipe(x: asc.GlobalAddress, out: asc.GlobalAddress):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 256)
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out, 64)
    p = asc.get_tpipe_ptr()
    b = asc.TBuf(asc.TPosition.VECCALC)
    p.init_buffer(b, 256)
    t = b.get(F32)
    asc.data_copy(t, x_gm, 64)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(o_gm, t, 64)


def test_get_tpipe_ptr():
    x = np.arange(64, dtype=np.float32)
    out = np.zeros(64, np.float32)
    k_tpipe[1](x, out)
    np.testing.assert_array_equal(out, x)
    text = compile_source(k_tpipe, x, out)
    check(text, "AscendC::TPipe& p = *GetTPipePtr();", "p.InitBuffer(b, 256);")


@asc.jit
def k_tpipe_none():
    p = asc.get_tpipe_ptr()
    b = asc.TBuf(asc.TPosition.VECCALC)
    p.init_buffer(b, 256)


def test_get_tpipe_ptr_without_pipe_faults():
    from asc.runtime.model import ModelFault
    with pytest.raises(ModelFault, match="no TPipe has been constructed"):
        k_tpipe_none[1]()


# ------------------------------------------------------------------ unsigned scalars
@asc.jit
def k_unsigned(out: asc.GlobalAddress, n: int):
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out, 16)
    a = asc.get_sort_len(n) + 1
    b = asc.get_sort_len(n) // 3
    c = asc.get_sort_offset(n) % 5
    u = asc.get_sort_len(n) - 100  # wraps in uint32
    d = u >> 28
    e = u // 7
    f = u > 5                       # compared unsigned
    o_gm.set_value(0, a)
    o_gm.set_value(1, b)
    o_gm.set_value(2, c)
    o_gm.set_value(3, d)
    o_gm.set_value(4, e)
    o_gm.set_value(5, f)
    o_gm.set_value(6, u)            # zero-extended to int64
    o_gm.set_value(7, asc.get_sort_len(n) * 2)


def test_unsigned_scalar_arithmetic():
    out = np.zeros(16, np.int64)
    k_unsigned[1](out, 10)
    n = 10 * 2  # GetSortLen<float>(10)
    u = (n - 100) % 2**32
    assert list(out[:8]) == [n + 1, n // 3, n % 5, u >> 28, u // 7, 1, u, 2 * n]
    text = compile_source(k_unsigned, out, 10)
    check_next(text, "uint32_t v0 = AscendC::GetSortLen<float>(n);", "int32_t v1 = static_cast<int32_t>(v0);",
               "int32_t a = v1 + 1;")
    check(text, " / static_cast<uint32_t>(3)")
    check(text, " >> 28)")
    check(text, "static_cast<int64_t>(static_cast<uint32_t>(u))")


# ------------------------------------------------------------------ VdeqInfo
VDEQ_SCALE = [0.5 * i for i in range(16)]
VDEQ_OFFSET = [i - 8 for i in range(16)]
VDEQ_SIGN = [i % 2 == 0 for i in range(16)]


@asc.jit
def k_vdeq(out: asc.GlobalAddress):
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out, 16)
    vdeq = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 0, 16)
    info = asc.VdeqInfo(VDEQ_SCALE, VDEQ_OFFSET, VDEQ_SIGN)
    asc.set_deq_scale(vdeq, info)
    asc.set_flag(asc.HardEvent.S_MTE3, 0)
    asc.wait_flag(asc.HardEvent.S_MTE3, 0)
    asc.data_copy(o_gm, vdeq, 16)


def test_set_deq_scale_vdeq():
    out = np.zeros(16, np.uint64)
    k_vdeq[1](out)
    scale = np.array([0.5 * i for i in range(16)], np.float32).view(np.uint32).astype(np.uint64)
    offset = np.array([(i - 8) & 0x1FF for i in range(16)], np.uint64)
    sign = np.array([i % 2 == 0 for i in range(16)], np.uint64)
    np.testing.assert_array_equal(out, scale | (offset << np.uint64(37)) | (sign << np.uint64(46)))
    text = compile_source(k_vdeq, out)
    check_next(text, "float v0_vdeqScale[16] = {0.0e+00f, 5.000000000e-01f, 1.000000000e+00f,",
               "int16_t v0_vdeqOffset[16] = {-8, -7,",
               "bool v0_vdeqSignMode[16] = {true, false,",
               "AscendC::VdeqInfo v0{v0_vdeqScale, v0_vdeqOffset, v0_vdeqSignMode};",
               "AscendC::SetDeqScale(vdeq, v0);")


@asc.jit
def k_vdeq_bad():
    vdeq = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 16)
    asc.set_deq_scale(vdeq, asc.VdeqInfo([1.0] * 16, [0] * 16, [False] * 16))


def test_set_deq_scale_vdeq_dtype():
    with pytest.raises(asc.CompileError, match="the vdeq tensor holds uint64, not float32"):
        compile_source(k_vdeq_bad)


# ------------------------------------------------------------------ LoadData3D padList (uint8_t[4])
@pytest.mark.parametrize("v2", [0, 1])
def test_load3d_pad_list(v2):
    import misc_kernels as mk
    text = compile_source(mk.k_load3d, v2)
    name = "LoadData3DParamsV2<half>" if v2 else "LoadData3DParamsV1<half>"  # the vendor's class templates
    check_next(text, "uint8_t v0_padList[4] = {0, 0, 0, 0};", f"AscendC::{name} v0{{v0_padList, 4, 4, ")
