"""Forms pyasc kernels rely on (issue 11 item 3), each compiled, checked in the
emitted Ascend C and run on the Model against numpy:

- tiling structs as by-value kernel parameters, their fields read in the
  kernel and in device functions, and passed on to APIs;
- `x.ceildiv(y)` on runtime integers and struct fields;
- device functions returning tuples;
- top-level constants asc.ONE_BLK_SIZE, DEFAULT_C0_SIZE, TOTAL_L1_SIZE, TOTAL_L0C_SIZE;
- TPipe.init_buffer(buf=..., num=...), TBuf.alloc_tensor / free_tensor;
- GlobalTensor[int] and LocalTensor[int] as offset views (Ascend C's operator[]), get_value
  for elements; asc.DataType(name);
- LocalTensorAuto with runtime shape dimensions.
"""

import numpy as np
import pytest

import asc
from emit_check import check, compile_source


# ------------------------------------------------------- tiling struct parameter

@asc.jit
def tile_bounds(t: asc.DataCopyParams, i):
    """A device function taking the struct and returning a tuple."""
    start = i * t.block_len
    tiles = t.block_count.ceildiv(2)
    return start, tiles, t.src_stride + t.dst_stride


@asc.jit
def struct_kernel(x: asc.GlobalAddress, out: asc.GlobalAddress, t: asc.DataCopyParams):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out)
    start, tiles, strides = tile_bounds(t, 2)
    o_gm.set_value(0, t.block_count)
    o_gm.set_value(1, t.block_len)
    o_gm.set_value(2, start)
    o_gm.set_value(3, tiles)
    o_gm.set_value(4, strides)
    # the parameter itself is the DataCopyParams of a data_copy: block_count
    # blocks of block_len 32-byte blocks
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 1024)
    asc.data_copy(ub, x_gm, t)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(o_gm[8:], ub, t)


def test_struct_parameter_fields_ceildiv_and_tuple_return():
    t = asc.DataCopyParams(3, 1, 0, 0)
    t.block_len = 2  # host code fills a struct field by field
    x = np.arange(64, dtype=np.int32)
    out = np.full(8 + 48, -1, np.int32)
    struct_kernel[1](x, out, t)
    assert out[:5].tolist() == [3, 2, 4, 2, 0]  # start = 2 * 2, tiles = ceil(3 / 2)
    # 3 blocks of 2 x 32 bytes = 48 int32
    np.testing.assert_array_equal(out[8:], x[:48])
    src = compile_source(struct_kernel, x, out, t)
    check(src, "void struct_kernel(GM_ADDR x, GM_ADDR out, AscendC::DataCopyParams t)",
          "tile_bounds_result", "t.blockCount")


def test_struct_parameter_specializes_on_class_not_values():
    x = np.arange(64, dtype=np.int32)
    out = np.zeros(56, np.int32)
    struct_kernel[1](x, out, asc.DataCopyParams(1, 1, 0, 0))
    struct_kernel[1](x, out, asc.DataCopyParams(2, 1, 0, 0))
    assert out[0] == 2
    np.testing.assert_array_equal(out[8:24], x[:16])


def test_struct_parameter_unknown_field_names_the_line():
    @asc.jit
    def bad(out: asc.GlobalAddress, t: asc.DataCopyParams):
        o = asc.GlobalTensor()
        o.set_global_buffer(out)
        o.set_value(0, t.block_size)

    with pytest.raises(asc.CompileError, match=r"test_forms.py:\d+:\d+: error: DataCopyParams has no attribute 'block_size'"):
        bad[1](np.zeros(4, np.int32), asc.DataCopyParams())


@asc.jit
def bump_count(t: asc.DataCopyParams):
    """Assigns a field of its own copy: the caller's struct keeps its value."""
    t.block_count = 7
    return t.block_len * 100 + t.block_count


@asc.jit
def field_assign_kernel(x: asc.GlobalAddress, out: asc.GlobalAddress, t: asc.DataCopyParams, n: int):
    # pyasc's matmul kernels set fields of their tiling parameter
    # (`tiling.share_l1_size = asc.property(asc.TOTAL_L1_SIZE)`) before using it
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    o_gm = asc.GlobalTensor()
    o_gm.set_global_buffer(out)
    t.block_len = n // 2
    t.block_count = asc.ONE_BLK_SIZE // 16
    o_gm.set_value(0, t.block_len)
    o_gm.set_value(1, t.block_count)
    o_gm.set_value(2, bump_count(t))
    o_gm.set_value(3, t.block_count)
    # the API gets the modified struct: 2 blocks of n // 2 x 32 bytes
    ub = asc.LocalTensor(asc.int32, asc.TPosition.VECIN, 0, 1024)
    asc.data_copy(ub, x_gm, t)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(o_gm[8:], ub, t)


def test_struct_parameter_field_assignment_changes_the_kernels_copy():
    x = np.arange(64, dtype=np.int32)
    out = np.full(8 + 48, -1, np.int32)
    t = asc.DataCopyParams(1, 1, 0, 0)
    field_assign_kernel[1](x, out, t, 6)
    # block_len = 3, block_count = 2; the callee sees both and sets its own count to 7
    assert out[:4].tolist() == [3, 2, 307, 2]
    np.testing.assert_array_equal(out[8:], x[:48])  # 2 blocks x 3 x 8 int32
    assert (t.block_count, t.block_len) == (1, 1)  # the host's struct is unchanged
    src = compile_source(field_assign_kernel, x, out, t, 6)
    # the modified copy is built from the parameter's other fields
    check(src, "t.srcStride", "AscendC::DataCopy(")


@asc.jit
def split(t: asc.DataCopyParams):
    """ceildiv on the fields, then a field assignment that stays in the callee."""
    tiles = t.block_len.ceildiv(t.block_count)
    t.block_count = 1
    return tiles, t.block_count


@asc.jit
def kernel_built_struct(out: asc.GlobalAddress, n: int, k: asc.ConstExpr[int]):
    # pyasc's test_matmul_torch builds its TCubeTiling in the kernel (from
    # ConstExpr sizes) and hands it to a device function that calls ceildiv
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    rt = asc.DataCopyParams(block_count=3, block_len=n)   # a runtime field
    a, b = split(rt)
    ct = asc.DataCopyParams(block_count=4, block_len=k)   # compile-time fields
    c, d = split(ct)
    o.set_value(0, a)
    o.set_value(1, b)
    o.set_value(2, c)
    o.set_value(3, d)
    o.set_value(4, rt.block_count)
    o.set_value(5, ct.block_count)
    o.set_value(6, ct.block_len.ceildiv(3))               # folded: ceil(10 / 3)


def test_kernel_built_struct_to_device_function_and_const_ceildiv():
    out = np.full(8, -1, np.int32)
    kernel_built_struct[1](out, 10, 10)
    # ceil(10/3), callee's own count, ceil(10/4), callee's own count, the caller's counts kept
    assert out[:7].tolist() == [4, 1, 3, 1, 3, 4, 4]


def test_struct_field_assignment_errors_name_the_line():
    @asc.jit
    def under_if(out: asc.GlobalAddress, t: asc.DataCopyParams, n: int):
        if n > 2:
            t.block_len = 4

    with pytest.raises(asc.CompileError, match=r"test_forms.py:\d+:\d+: error: assigning the field "
                                               r"'block_len' under a runtime if/loop"):
        under_if[1](np.zeros(4, np.int32), asc.DataCopyParams(), 3)

    @asc.jit
    def unknown(out: asc.GlobalAddress, t: asc.DataCopyParams):
        t.block_size = 4

    with pytest.raises(asc.CompileError, match=r"test_forms.py:\d+:\d+: error: asc.DataCopyParams has no "
                                               r"field 'block_size'"):
        unknown[1](np.zeros(4, np.int32), asc.DataCopyParams())

    @asc.jit
    def not_a_struct(out: asc.GlobalAddress):
        o = asc.GlobalTensor()
        o.set_global_buffer(out)
        o.size = 4

    with pytest.raises(asc.CompileError, match=r"test_forms.py:\d+:\d+: error: assigning to attributes is "
                                               r"supported on parameter structs"):
        not_a_struct[1](np.zeros(4, np.int32))


@asc.jit
def pair(n):
    return n * 2, 7


@asc.jit
def scalars_kernel(out: asc.GlobalAddress, n: int, d: int):
    o = asc.GlobalTensor()
    o.set_global_buffer(out)
    a, b = pair(n)                       # a tuple of a runtime value and a constant
    o.set_value(0, a)
    o.set_value(1, b)
    o.set_value(2, n.ceildiv(d))         # runtime ints
    o.set_value(3, n.ceildiv(4))
    o.set_value(4, asc.ceildiv(n, d))
    o.set_value(5, asc.ONE_BLK_SIZE // 4)
    o.set_value(6, asc.TOTAL_L0C_SIZE // asc.DEFAULT_C0_SIZE)


def test_tuple_return_ceildiv_and_constants():
    assert (asc.ONE_BLK_SIZE, asc.DEFAULT_C0_SIZE) == (32, 32)
    assert asc.TOTAL_L0C_SIZE == 128 * 1024
    assert asc.TOTAL_L1_SIZE == 512 * 1024 - 128
    out = np.zeros(7, np.int32)
    scalars_kernel[1](out, 10, 3)
    assert out.tolist() == [20, 7, 4, 3, 4, 8, 4096]
    src = compile_source(scalars_kernel, out, 10, 3)
    check(src, "struct pair_result { int32_t v0; int32_t v1; };", "return {",
          "pair_result pair_result = pair(n);", "= pair_result.v0;", "= pair_result.v1;")


# ------------------------------------------------------------- GlobalTensor[int]

@asc.jit
def offset_view(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    ub = asc.LocalTensorAuto(asc.float32, asc.TensorShape(8))
    asc.data_copy(ub, x_gm[n], 8)        # Ascend C's x_gm[n]: the view from element n
    asc.data_copy(z_gm[8], ub, 8)
    z_gm[0] = x_gm.get_value(n + 1)       # an element: get_value


def test_global_tensor_index_is_an_offset_view():
    x = np.arange(32, dtype=np.float32)
    z = np.zeros(16, np.float32)
    offset_view[1](x, z, 8)
    np.testing.assert_array_equal(z[8:], x[8:16])
    assert z[0] == 9.0
    src = compile_source(offset_view, x, z, 8)
    check(src, "x_gm[n]", "z_gm[8]", "x_gm.GetValue(")


@asc.jit
def local_offset_view(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    ub = asc.LocalTensorAuto(asc.DataType("float32"), asc.TensorShape(64))  # a dtype by its name
    out = asc.LocalTensorAuto(asc.float32, asc.TensorShape(64))
    asc.data_copy(ub, x_gm, 64)
    asc.duplicate(out, 0.0, 64)
    # pyasc / Ascend C: local[i] is the tensor from element i, as on a GlobalTensor
    asc.adds(out[8], ub[n], 100.0, 8)
    out.set_value(0, ub[n].get_value(1))   # element n + 1 of ub
    asc.data_copy(z_gm, out, 64)


def test_local_tensor_index_is_an_offset_view():
    x = np.arange(64, dtype=np.float32)
    z = np.full(64, -1, np.float32)
    local_offset_view[1](x, z, 16)
    expected = np.zeros(64, np.float32)
    expected[8:16] = x[16:24] + 100
    expected[0] = 17
    np.testing.assert_array_equal(z, expected)
    src = compile_source(local_offset_view, x, z, 16)
    check(src, "out[8]", "ub[n]")
    assert asc.DataType("int32") == asc.int32 and asc.DataType("int32").kind == "int"
    assert asc.DataType("half").bits == 16


@asc.jit
def nchw_to_5hd(x: asc.GlobalAddress, z: asc.GlobalAddress, c: asc.ConstExpr[int], hw: asc.ConstExpr[int]):
    # pyasc's TransDataTo5HD address form: dst_local[offset].get_phy_addr() per row
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    src = asc.LocalTensorAuto(asc.float16, asc.TensorShape(c * hw))
    dst = asc.LocalTensorAuto(asc.float16, asc.TensorShape(c * hw))
    dst_addr = asc.LocalTensorAuto(asc.uint64, asc.TensorShape(16))
    src_addr = asc.LocalTensorAuto(asc.uint64, asc.TensorShape(16))
    asc.data_copy(src, x_gm, c * hw)
    for i in range(16):
        dst_addr.set_value(i, dst[16 * i].get_phy_addr())
        src_addr.set_value(i, src[hw * i].get_phy_addr())
    params = asc.TransDataTo5HDParams(False, False, hw // 16, 16, 1)
    asc.trans_data_to_5hd(dst_addr, src_addr, params)
    asc.data_copy(z_gm, dst, c * hw)


def test_trans_data_to_5hd_address_form_with_local_views():
    c, h, w = 16, 4, 16
    x = np.random.default_rng(1).integers(-50, 50, (c, h, w)).astype(np.float16)
    z = np.zeros(c * h * w, np.float16)
    nchw_to_5hd[1](x, z, c, h * w)
    # NCHW (one C1 of 16 channels) -> C1HWC0: each (h, w) holds its 16 channels
    np.testing.assert_array_equal(z.reshape(h, w, c), x.transpose(1, 2, 0))


# --------------------------------------------------------- TPipe / TBuf forms

@asc.jit
def tbuf_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=buf, num=64 * 4)
    t = buf.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 64)
    asc.adds(t, t, 1.0, 64)
    asc.data_copy(z_gm, t, 64)
    buf.free_tensor(t)


def test_init_buffer_keywords_and_tbuf_alloc_free():
    x = np.arange(64, dtype=np.float32)
    z = np.zeros(64, np.float32)
    tbuf_kernel[1](x, z)
    np.testing.assert_array_equal(z, x + 1)
    check(compile_source(tbuf_kernel, x, z), "pipe.InitBuffer(buf, 256)", "buf.Get<float>()")


def test_init_buffer_rejects_two_targets():
    @asc.jit
    def k():
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 256, buf=buf)

    with pytest.raises(asc.CompileError, match="either que or buf"):
        k[1]()


# ------------------------------------------------- LocalTensorAuto runtime shape

@asc.jit
def auto_runtime(x: asc.GlobalAddress, z: asc.GlobalAddress, rows: int, cols: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    a = asc.LocalTensorAuto(asc.float32, asc.TensorShape(rows, cols))
    b = asc.LocalTensorAuto(asc.float32, asc.TensorShape(rows, cols))
    n = rows * cols
    asc.data_copy(a, x_gm, n)
    asc.muls(b, a, 3.0, n)
    asc.add(b, b, a, n)
    asc.data_copy(z_gm, b, n)


def test_local_tensor_auto_with_runtime_dimensions():
    x = np.arange(4 * 16, dtype=np.float32)
    z = np.zeros_like(x)
    auto_runtime[1](x, z, 4, 16)
    np.testing.assert_array_equal(z, 4 * x)
    src = compile_source(auto_runtime, x, z, 4, 16)
    check(src, "AscendC::LocalTensor<float> a(AscendC::TPosition::VECCALC, 0,",
          "AscendC::LocalTensor<float> b(AscendC::TPosition::VECCALC,")


def test_struct_argument_cells_model_and_npu():
    """Both launch paths pass a struct as one double per field and build it in
    the stub member by member (the NPU's is the same stub text)."""
    from asc.runtime import kernel_args
    from asc.runtime.backend import ParamSpec
    from asc.runtime.npu.launch import scalar_cell
    p = ParamSpec("t", "struct", "blockCount=block_count,blockLen=block_len,srcStride=src_stride,"
                  "dstStride=dst_stride", "AscendC::DataCopyParams")
    assert list(scalar_cell(p, asc.DataCopyParams(3, 2, 0, 1))) == [3.0, 2.0, 0.0, 1.0]
    assert list(scalar_cell(p, asc.DataCopyParams(block_len=5))) == [1.0, 5.0, 0.0, 0.0]  # defaults
    expr = kernel_args.stub_call_args([p], "args")[0]
    assert "AscendC::DataCopyParams s{}" in expr
    assert "s.blockLen = static_cast<decltype(s.blockLen)>(static_cast<long long>(v[1]))" in expr
    with pytest.raises(TypeError, match="expected a AscendC::DataCopyParams struct"):
        scalar_cell(p, 3)


def test_struct_with_array_fields_is_not_a_kernel_argument():
    @asc.jit
    def k(out: asc.GlobalAddress, info):
        pass

    with pytest.raises(TypeError, match=r"argument 'info': asc.ShapeInfo cannot be passed to a kernel by value"):
        k[1](np.zeros(4, np.int32), asc.ShapeInfo())
