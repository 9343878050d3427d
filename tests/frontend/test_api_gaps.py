"""SliceInfo / slice-list data_copy, TensorDesc / ListTensorDesc, TensorShape /
LocalTensorAuto, TBufHandle / TPipeManager: the emitted Ascend C of each form,
and its numerics on the Model against numpy."""

import numpy as np
import pytest

import asc
from emit_check import check, check_next, compile_source

F16 = asc.float16


# ------------------------------------------------------------ slice-list data_copy
@asc.jit
def k_slices(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 3 * 87)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, 96)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 4 * 64)
    ub = asc.LocalTensor(F16, asc.TPosition.VECIN, 0, 96)
    # src: a 3 x 87 array; rows 0 and 2 (stride 1 row), columns 16..63 (one burst of 3 blocks)
    src_sl = [asc.SliceInfo(16, 70, 7, 3, 87), asc.SliceInfo(0, 2, 1, 1, 3)]
    ub_sl = [asc.SliceInfo(0, 47, 0, 3, 48), asc.SliceInfo(0, 1, 0, 1, 2)]
    asc.data_copy(ub, x_gm, ub_sl, src_sl, 2)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(y_gm, ub, 96)
    # back out into rows 1 and 3, columns 8..55 of a 4 x 64 array
    out_sl = [asc.SliceInfo(start_index=8, end_index=55, burst_len=3, shape_value=64),
              asc.SliceInfo(1, 3, 1, 1, 4)]
    asc.data_copy(z_gm, ub, out_sl, ub_sl, 2)


def test_slice_info_fields():
    s = asc.SliceInfo()
    assert s[0] == 0 and s["end_index"] == 31 and s[3] == 32 and s[-1] == 0 and len(s) == 5
    s = asc.SliceInfo(1, 2, 3, 4, 5)
    assert s[1:3] == [2, 3] and s["shape_value"] == 5
    with pytest.raises(KeyError):
        s["nope"]
    assert "SliceInfo" in asc.SliceInfo.__doc__


def test_slice_copy_emitted():
    text = compile_source(k_slices, np.zeros(3 * 87, np.float16), np.zeros(96, np.float16),
                          np.zeros(256, np.float16))
    check(text, "AscendC::SliceInfo", "{16, 70, 7, 3, 87}")
    check_next(text, "AscendC::SliceInfo ", "AscendC::SliceInfo ")
    check(text, "[2] = {", "[2] = {", "AscendC::DataCopy(", ", 2);")
    assert text.count("AscendC::DataCopy(") == 3
    check(text, "{8, 55, 0, 3, 64}")


def test_slice_copy_numerics():
    x = (np.arange(3 * 87) % 1000).astype(np.float16)
    y = np.zeros(96, np.float16)
    z = np.full(256, -1, np.float16)
    k_slices[1](x, y, z)
    ref = x.reshape(3, 87)[[0, 2], 16:64]
    np.testing.assert_array_equal(y.reshape(2, 48), ref)
    zr = np.full((4, 64), -1, np.float16)
    zr[[1, 3], 8:56] = ref
    np.testing.assert_array_equal(z.reshape(4, 64), zr)


@asc.jit
def k_slice_bad(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    ub = asc.LocalTensor(F16, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(ub, x_gm, [asc.SliceInfo(0, 47, 0, 3, 48)], [asc.SliceInfo(0, 31, 0, 2, 256)], 1)


def test_slice_copy_burst_mismatch_faults():
    from asc.runtime.model import ModelFault
    with pytest.raises(ModelFault, match="burstLen"):
        k_slice_bad[1](np.zeros(256, np.float16))


# ------------------------------------------------------------ ListTensorDesc / TensorDesc
F32 = asc.float32


def make_list_blob(arrays):
    """The descriptor blob ListTensorDesc reads (layout of asc_model/api/list_tensor.h):
    word 0 = byte offset of the pointer table; per tensor a dim word, then its shape;
    then one GM address per tensor."""
    shape_area = []
    for a in arrays:
        shape_area.append(a.ndim)
        shape_area.extend(a.shape)
    offset = 8 * (1 + len(shape_area))
    ptrs = [a.__array_interface__["data"][0] for a in arrays]
    return np.array([offset] + shape_area + ptrs, dtype=np.uint64)


@asc.jit
def k_list(blob: asc.GlobalAddress, a: asc.GlobalAddress, b: asc.GlobalAddress, out: asc.GlobalAddress,
           info: asc.GlobalAddress, nbytes: int):
    lst = asc.ListTensorDesc(blob)
    desc = asc.TensorDesc(F32)
    lst.get_desc(desc, 1)
    g = desc.get_data_obj()
    ub = asc.LocalTensor(F32, asc.TPosition.VECIN, 0, 32)
    asc.data_copy(ub, g, 16)
    lst2 = asc.ListTensorDesc()
    lst2.init(blob, nbytes, 2)
    g2 = asc.GlobalTensor()
    g2.set_global_buffer(lst2.get_data_ptr(0, F32), 16)
    asc.data_copy(ub[16:], g2, 16)
    d2 = asc.TensorDesc()
    d2.set_shape_addr(blob + 1)  # tensor 0's dim word
    g3 = asc.GlobalTensor()
    g3.set_global_buffer(desc.get_data_ptr(), 16)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out, 32)
    asc.data_copy(o_gm, ub, 32)
    i_gm = asc.GlobalTensor()
    i_gm.set_global_buffer(info, 8)
    i_gm.set_value(0, lst.get_size())
    i_gm.set_value(1, desc.get_dim())
    i_gm.set_value(2, desc.get_shape(0))
    i_gm.set_value(3, desc.get_shape(1))
    i_gm.set_value(4, desc.get_index())
    i_gm.set_value(5, d2.get_dim())
    i_gm.set_value(6, d2.get_shape(2))
    i_gm.set_value(7, g3.get_value(5))


def _list_args():
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4) + 100
    b = np.arange(16, dtype=np.float32).reshape(4, 4) * -1
    return a, b, make_list_blob([a, b])


def test_list_tensor_desc_emitted():
    a, b, blob = _list_args()
    text = compile_source(k_list, blob, a, b, np.zeros(32, np.float32), np.zeros(8, np.int64), blob.nbytes)
    check(text, "AscendC::ListTensorDesc lst((__gm__ uint64_t*)blob, -1, -1);", "AscendC::TensorDesc<float> desc;",
          "lst.GetDesc(desc, 1", "desc.GetDataObj();", "AscendC::ListTensorDesc lst2;",
          "lst2.Init((__gm__ uint64_t*)blob, nbytes, 2);", "lst2.GetDataPtr<float>(0", "d2.SetShapeAddr(", "desc.GetDataPtr()",
          "lst.GetSize()", "desc.GetDim()", "desc.GetShape(0", "desc.GetShape(1", "desc.GetIndex()")


def test_list_tensor_desc_numerics():
    a, b, blob = _list_args()
    out = np.zeros(32, np.float32)
    info = np.zeros(8, np.int64)
    k_list[1](blob, a, b, out, info, blob.nbytes)
    np.testing.assert_array_equal(out[:16], b.ravel())
    np.testing.assert_array_equal(out[16:], a.ravel()[:16])
    assert list(info) == [2, 2, 4, 4, 1, 3, 4, -5.0]


def test_list_tensor_desc_bad_index_faults():
    from asc.runtime.model import ModelFault

    @asc.jit
    def k_bad(blob: asc.GlobalAddress, a: asc.GlobalAddress, out: asc.GlobalAddress):
        lst = asc.ListTensorDesc(blob)
        o = asc.GlobalTensor()
        o.set_global_buffer(out, 8)
        g = asc.GlobalTensor()
        g.set_global_buffer(lst.get_data_ptr(3, F32), 8)
        o.set_value(0, g.get_value(0))

    a = np.ones(8, np.float32)
    with pytest.raises(ModelFault, match="index 3: the list has 1 tensors"):
        k_bad[1](make_list_blob([a]), a, np.zeros(8, np.float32))


# ------------------------------------------------------------ TensorShape / LocalTensorAuto
def test_tensor_shape():
    s = asc.TensorShape(2, 3, 4)
    assert s == (2, 3, 4) and s.size() == 24 and asc.TensorShape((5,)) == (5,)
    assert asc.TensorShape.new_impl((7, 8)) == asc.TensorShape(7, 8)
    assert isinstance(asc.TensorShape.new_impl([1]), asc.TensorShape)
    assert asc.TensorShape.as_int(np.int64(6)) == 6 and type(asc.TensorShape.as_int(3)) is int
    with pytest.raises(ValueError):
        asc.TensorShape(0, 2)
    assert "TensorShape" in asc.TensorShape.__doc__ and "automatic UB allocator" in asc.LocalTensorAuto.__doc__


@asc.jit
def k_auto(x: asc.GlobalAddress, y: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 48)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, 48)
    a = asc.LocalTensorAuto(F32, asc.TensorShape(6, 8))
    b = asc.LocalTensorAuto(F16, (3,))          # 6 bytes, rounded up to 32
    c = asc.LocalTensorAuto(F32, asc.TensorShape(48))
    asc.data_copy(a, x_gm, 48)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.add(c, a, a, a.shape.size())
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, c, 48)


def test_local_tensor_auto_emitted():
    text = compile_source(k_auto, np.zeros(48, np.float32), np.zeros(48, np.float32))
    check(text, "AscendC::LocalTensor<float> a(AscendC::TPosition::VECCALC, 0, 48);",
          "AscendC::LocalTensor<half> b(AscendC::TPosition::VECCALC, 192, 3);",
          "AscendC::LocalTensor<float> c(AscendC::TPosition::VECCALC, 224, 48);",
          "AscendC::Add(c, a, a, 48);")


def test_local_tensor_auto_numerics():
    x = np.arange(48, dtype=np.float32) - 7
    y = np.zeros(48, np.float32)
    k_auto[1](x, y)
    np.testing.assert_array_equal(y, 2 * x)


@asc.jit
def k_auto_big():
    asc.LocalTensorAuto(F32, asc.TensorShape(256, 256))


def test_local_tensor_auto_overflow_is_compile_error():
    with pytest.raises(asc.CompileError, match="beyond the"):
        compile_source(k_auto_big)


@asc.jit
def k_tbuf_shape(x: asc.GlobalAddress):
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    t = buf.get(F32, shape=asc.TensorShape(4, 16))
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 64)
    asc.data_copy(t, g, 64)


def test_tbuf_get_shape_emitted():
    text = compile_source(k_tbuf_shape, np.zeros(64, np.float32))
    check(text, "buf.Get<float>(64)")


# ------------------------------------------------------------ TPipeManager
@asc.jit
def k_pipe_mgr(x: asc.GlobalAddress, out: asc.GlobalAddress, mode: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out, 64)
    pipe = asc.TPipe()
    if mode == 1:
        asc.TPipeManager.set(pipe)
    if mode == 2:
        asc.TPipeManager.set(pipe)
        asc.TPipeManager.reset()
    p = asc.TPipeManager.get()
    b = asc.TBuf(asc.TPosition.VECCALC)
    p.init_buffer(b, 256)
    t = b.get(F32)
    asc.data_copy(t, x_gm, 64)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(o_gm, t, 64)


@pytest.mark.parametrize("mode", [0, 1, 2])
def test_tpipe_manager(mode):
    text = compile_source(k_pipe_mgr, np.zeros(64, np.float32), np.zeros(64, np.float32), mode)
    if mode == 1:
        check(text, "AscendC::TPipe pipe;", "pipe.InitBuffer(b, 256);")
        assert "GetTPipePtr" not in text
    else:
        check(text, "AscendC::TPipe pipe;", "AscendC::TPipe& p = *GetTPipePtr();", "p.InitBuffer(b, 256);")
    x = np.arange(64, dtype=np.float32)
    out = np.zeros(64, np.float32)
    k_pipe_mgr[1](x, out, mode)
    np.testing.assert_array_equal(out, x)


def test_tpipe_manager_errors():
    with pytest.raises(TypeError):
        asc.TPipeManager()

    @asc.jit
    def k_bad():
        asc.TPipeManager.set(3)

    with pytest.raises(asc.CompileError, match="takes an asc.TPipe"):
        compile_source(k_bad)
