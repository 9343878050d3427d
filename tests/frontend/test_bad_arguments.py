"""Bad launch arguments become clear Python errors before the launch (issue 8, items
2, 3, 7, 9, 13): read-only arrays, big-endian arrays, out-of-range core_num,
ConstExpr values that are lists / tuples / arrays, and kernels whose source
Python did not keep."""

import ctypes
import linecache
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import asc
from asc.errors import CompileError
from asc.runtime.backend import ParamSpec
from asc.runtime.model.launch import Marshaller, RegionDesc



@asc.jit
def copy(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    offset = asc.get_block_idx() * n
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, n)


N = 64


def _x(blocks=1):
    return np.arange(N * blocks, dtype=np.float32)


# ---- item 2: read-only arrays, bytes and other buffers ---------------------------------------

def test_read_only_array_output_is_a_type_error_and_untouched():
    y = np.zeros(N, np.float32)
    y.flags.writeable = False
    with pytest.raises(TypeError, match=r"argument 'y'.*read-only"):
        copy[1](_x(), y, N)
    assert not y.any()  # nothing was written


def test_read_only_array_input_is_a_type_error_too():
    # The Model cannot know which GM arguments a kernel writes: every one must be writeable.
    x = _x()
    x.flags.writeable = False
    with pytest.raises(TypeError, match=r"argument 'x'.*read-only"):
        copy[1](x, np.zeros(N, np.float32), N)


def test_frombuffer_of_bytes_is_rejected_not_written():
    data = bytes(4 * N)
    y = np.frombuffer(data, dtype=np.float32)  # read-only: bytes are immutable
    with pytest.raises(TypeError, match=r"argument 'y'.*read-only"):
        copy[1](_x(), y, N)
    assert data == bytes(4 * N)


@pytest.mark.parametrize("buf", [bytes(4 * N), bytearray(4 * N), memoryview(bytearray(4 * N))],
                         ids=["bytes", "bytearray", "memoryview"])
def test_raw_buffers_are_a_type_error_naming_the_argument(buf):
    with pytest.raises(TypeError, match=rf"argument 'y'.*{type(buf).__name__}.*numpy array or CPU torch tensor"):
        copy[1](_x(), buf, N)
    assert not any(bytes(buf))


def test_backend_rejects_raw_buffers_and_read_only_arrays_directly():
    m = Marshaller([ParamSpec("x", "gm", "float32", "GM_ADDR"), ParamSpec("n", "scalar", "int32", "int32_t")])
    for buf in (bytes(16), bytearray(16), memoryview(bytearray(16))):
        with pytest.raises(TypeError, match=r"argument 'x'.*numpy array or CPU torch tensor"):
            m([buf, 4])
    ro = np.zeros(4, np.float32)
    ro.flags.writeable = False
    with pytest.raises(TypeError, match=r"argument 'x'.*read-only"):
        m([ro, 4])
    m([np.zeros(4, np.float32), 4])
    m([np.zeros(0, np.float32), 0])  # an empty array has no bytes to export, still fine


def test_npu_backend_shares_the_checks():
    from asc.runtime.npu import launch as npu_launch
    params = [ParamSpec("x", "gm", "float32", "GM_ADDR")]
    ro = np.zeros(4, np.float32)
    ro.flags.writeable = False
    with pytest.raises(TypeError, match=r"argument 'x'.*read-only"):
        npu_launch.host_view(ro, params[0])
    with pytest.raises(TypeError, match=r"argument 'x'.*big-endian"):
        npu_launch.host_view(np.zeros(4, ">f4"), params[0])
    for bad in (0, 65536, 2 ** 32 + 8):  # checked before ACL is touched
        with pytest.raises(ValueError, match=rf"block_dim must be positive.*{bad}.*1\.\.65535"):
            npu_launch.run(None, None, params, bad, 0, [np.zeros(4, np.float32)])


def test_read_only_memmap_output_does_not_crash_the_host(tmp_path):
    # Before: the Model wrote into the PROT_READ mapping (SIGSEGV: a dead host or a fault after the launch).
    path = tmp_path / "y.bin"
    np.zeros(N, np.float32).tofile(path)
    script = textwrap.dedent(f"""
        import sys
        import numpy as np
        sys.path.insert(0, {os.path.dirname(os.path.abspath(__file__))!r})
        from test_bad_arguments import copy, N
        y = np.memmap({str(path)!r}, dtype=np.float32, mode="r", shape=(N,))
        try:
            copy[1](np.arange(N, dtype=np.float32), y, N)
        except TypeError as exc:
            print("TypeError:", exc)
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, ASC_CACHE_DIR=str(tmp_path / "cache")))
    assert proc.returncode == 0, proc.stderr
    assert "TypeError: argument 'y'" in proc.stdout and "read-only" in proc.stdout
    assert not np.fromfile(path, dtype=np.float32).any()


def test_writeable_memmap_is_fine(tmp_path):
    path = tmp_path / "y.bin"
    np.zeros(N, np.float32).tofile(path)
    y = np.memmap(path, dtype=np.float32, mode="r+", shape=(N,))
    copy[1](_x(), y, N)
    y.flush()
    np.testing.assert_array_equal(np.fromfile(path, dtype=np.float32), _x() * 2)


# ---- item 3: byte order ---------------------------------------------------------------------

def test_big_endian_input_is_a_type_error():
    x = _x().astype(">f4")
    y = np.zeros(N, np.float32)
    with pytest.raises(TypeError, match=r"argument 'x'.*big-endian.*astype"):
        copy[1](x, y, N)
    assert not y.any()


def test_big_endian_output_is_a_type_error_after_a_native_compile():
    copy[1](_x(), np.zeros(N, np.float32), N)  # compiled and cached for native float32
    y = np.zeros(N, ">f4")
    with pytest.raises(TypeError, match=r"argument 'y'.*big-endian"):
        copy[1](_x(), y, N)
    assert not y.any()


def test_big_endian_is_not_compiled_as_float32():
    with pytest.raises(TypeError, match=r"argument 'x'.*big-endian"):
        copy.warmup(_x().astype(">f4"), np.zeros(N, np.float32), N)


def test_backend_rejects_big_endian_directly():
    m = Marshaller([ParamSpec("x", "gm", "float32", "GM_ADDR")])
    with pytest.raises(TypeError, match=r"argument 'x'.*big-endian"):
        m([np.zeros(4, ">f4")])
    with pytest.raises(TypeError, match=r"argument 'x'.*float64"):
        m([np.zeros(4, np.float64)])
    m([np.zeros(4, "<f4")])
    m([np.zeros(4, "=f4")])


def test_explicit_little_endian_and_single_byte_dtypes_are_fine():
    y = np.zeros(N, "<f4")
    copy[1](_x().astype("<f4"), y, N)
    np.testing.assert_array_equal(y, _x() * 2)


# ---- item 7: core_num -----------------------------------------------------------------------

@pytest.mark.parametrize("core_num", [2 ** 32 + 8, 2 ** 31, 2 ** 16, 0, -1, -(2 ** 32) + 8])
def test_core_num_out_of_range_is_a_value_error(core_num):
    y = np.zeros(8 * N, np.float32)
    with pytest.raises(ValueError, match=rf"core_num.*{core_num}.*1\.\.65535"):
        copy[core_num](_x(8), y, N)
    assert not y.any()


def test_core_num_beyond_the_model_is_a_value_error_naming_the_range():
    y = np.zeros(N, np.float32)
    with pytest.raises(ValueError, match=r"5000.*1\.\.4096"):
        copy[5000](_x(), y, N)
    assert not y.any()


@pytest.mark.parametrize("core_num", [True, 8.0, "8", None, (8,) * 3])
def test_core_num_of_another_type_is_a_type_error(core_num):
    with pytest.raises(TypeError, match="core_num"):
        copy[core_num]


def test_core_num_numpy_int_and_tuple_with_stream():
    x, y = _x(2), np.zeros(2 * N, np.float32)
    copy[np.int64(2)](x, y, N)
    np.testing.assert_array_equal(y, x * 2)
    y[:] = 0
    copy[2, None](x, y, N)
    np.testing.assert_array_equal(y, x * 2)
    with pytest.raises(ValueError, match=r"core_num"):
        copy[np.uint64(2 ** 32 + 2), None]


def test_model_launcher_rejects_out_of_range_block_dim():
    kernel = copy.warmup(_x(), np.zeros(N, np.float32), N)
    launcher = asc.runtime.config.current_backend().load(kernel)
    y = np.zeros(N, np.float32)
    for bad in (0, 4097, 2 ** 32 + 1):
        with pytest.raises(ValueError, match=rf"block_dim must be positive.*{bad}"):
            launcher(bad, None, [_x(), y, N])
    assert not y.any()


# ---- item 9: ConstExpr of tuples and lists ---------------------------------------------------

@asc.jit
def k_shape(x: asc.GlobalAddress, shape: asc.ConstExpr[tuple]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 8)
    for i in asc.static_range(len(shape)):
        g.set_value(i, shape[i])
    total = 1
    for d in shape:
        total = total * d
    g.set_value(7, total)


@pytest.mark.parametrize("shape", [(3, 4, 5), [3, 4, 5], asc.ConstExpr((3, 4, 5)), asc.ConstExpr([3, 4, 5])])
def test_constexpr_tuple_and_list_run(shape):
    x = np.zeros(8, np.int32)
    k_shape[1](x, shape)
    np.testing.assert_array_equal(x, [3, 4, 5, 0, 0, 0, 0, 60])


def test_constexpr_list_and_tuple_share_one_kernel_and_values_key_it():
    x = np.zeros(8, np.int32)
    k_shape._kernels.clear()
    k_shape[1](x, (2, 3))
    k_shape[1](x, [2, 3])
    assert len(k_shape._kernels) == 1
    k_shape[1](x, (2, 4))
    np.testing.assert_array_equal(x, [2, 4, 0, 0, 0, 0, 0, 8])
    assert len(k_shape._kernels) == 2
    src = k_shape.warmup(x, (6, 7)).source
    assert "42" in src


def test_constexpr_tuple_of_floats_is_not_the_int_kernel():
    x = np.zeros(8, np.int32)
    k_shape._kernels.clear()
    k_shape[1](x, (2, 3))
    k_shape.warmup(x, (2.0, 3.0))
    assert len(k_shape._kernels) == 2  # (2, 3) == (2.0, 3.0), but they compile differently


def test_constexpr_nested_lists_become_tuples():
    @asc.jit
    def k_nested(x: asc.GlobalAddress, rows: asc.ConstExpr[tuple]):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 8)
        g.set_value(0, rows[1][0])
        g.set_value(1, len(rows))

    x = np.zeros(8, np.int32)
    k_nested[1](x, [[1, 2], [7, 8]])
    assert list(x[:2]) == [7, 2]


@pytest.mark.parametrize("bad, what", [
    (np.array([3, 4, 5]), "ndarray"),
    ({"a": 1}, "dict"),
    ({3, 4}, "set"),
    ((3, np.array([4])), "ndarray"),
    ([3, [4, {}]], "dict"),
])
def test_constexpr_of_other_objects_is_a_type_error_naming_the_parameter(bad, what):
    with pytest.raises(TypeError, match=rf"ConstExpr parameter 'shape'.*{what}.*tuple"):
        k_shape[1](np.zeros(8, np.int32), bad)


# ---- item 13: kernels without source ---------------------------------------------------------

KERNEL_SRC = """\
import asc

@asc.jit
def k_cell(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    g.set_value(1, 41 + n)
"""


def test_notebook_cell_kernel_compiles_and_runs():
    name = "<ipython-input-7-0123456789ab>"  # how IPython names a cell in linecache
    linecache.cache[name] = (len(KERNEL_SRC), None, KERNEL_SRC.splitlines(True), name)
    try:
        ns = {"__name__": "__main__"}
        exec(compile(KERNEL_SRC, name, "exec"), ns)
        x = np.zeros(4, np.int32)
        ns["k_cell"][1](x, 1)
        assert x[1] == 42
        assert name in ns["k_cell"].warmup(x, 1).source  # #line directives name the cell
    finally:
        linecache.cache.pop(name, None)


def test_kernel_without_source_is_one_clear_error():
    name = "<no-such-source>"
    ns = {"__name__": "__main__"}
    exec(compile(KERNEL_SRC, name, "exec"), ns)
    with pytest.raises(CompileError, match=r"@asc\.jit needs the source.*k_cell.*<no-such-source>.*"
                                           r"file.*notebook") as info:
        ns["k_cell"][1](np.zeros(4, np.int32), 1)
    assert info.value.__cause__ is None and info.value.__suppress_context__


def test_python_dash_c_kernel_is_one_clear_error(tmp_path):
    code = KERNEL_SRC + "import numpy as np\nk_cell[1](np.zeros(4, np.int32), 1)\n"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, ASC_CACHE_DIR=str(tmp_path / "cache")))
    assert proc.returncode != 0
    err = proc.stderr
    assert "CompileError: @asc.jit needs the source" in err, err
    assert "OSError" not in err and "could not get source" not in err and "inspect.py" not in err, err
    assert err.count("Traceback") == 1, err


def _cells(ptrs, n):
    """The n addresses of the packed void* array a launch stub unpacks."""
    return list((ctypes.c_void_p * n).from_address(ptrs))


def test_marshaller_packs_each_value_where_the_stub_reads_it():
    params = [ParamSpec("x", "gm", "float32", "GM_ADDR"), ParamSpec("n", "scalar", "int32", "int32_t"),
              ParamSpec("u", "scalar", "uint64", "uint64_t"), ParamSpec("f", "scalar", "float32", "float"),
              ParamSpec("h", "scalar", "float16", "half"), ParamSpec("b", "scalar", "bool", "bool"),
              ParamSpec("d", "scalar", "float64", "double"), ParamSpec("y", "gm", "float32", "GM_ADDR")]
    x, y = np.zeros(4, np.float32), np.zeros(8, np.float32)
    ptrs, regions, nreg, keep = Marshaller(params)([x, -7, 2 ** 64 - 1, 0.1, 1.5, True, 1e300, y])
    cells = _cells(ptrs, len(params))
    assert all(c % 8 == 0 for c in cells)  # each value aligned for its type
    assert ctypes.c_void_p.from_address(cells[0]).value == x.ctypes.data
    assert ctypes.c_int32.from_address(cells[1]).value == -7
    assert ctypes.c_uint64.from_address(cells[2]).value == 2 ** 64 - 1
    assert ctypes.c_float.from_address(cells[3]).value == np.float32(0.1)
    assert ctypes.c_uint16.from_address(cells[4]).value == np.float16(1.5).view(np.uint16)
    assert ctypes.c_bool.from_address(cells[5]).value is True
    assert ctypes.c_double.from_address(cells[6]).value == 1e300
    assert ctypes.c_void_p.from_address(cells[7]).value == y.ctypes.data
    assert nreg == 2
    got = [(r.base, r.nbytes, r.name) for r in (RegionDesc * 2).from_address(regions)]
    assert got == [(x.ctypes.data, 16, b"x"), (y.ctypes.data, 32, b"y")]


@pytest.mark.parametrize("ctype,value", [("int32_t", 2 ** 31), ("int32_t", -2 ** 31 - 1), ("uint32_t", -1),
                                         ("int8_t", 128), ("uint64_t", 2 ** 64), ("int64_t", -2 ** 63 - 1)])
def test_an_integer_outside_its_type_is_an_overflow_error_naming_the_argument(ctype, value):
    m = Marshaller([ParamSpec("x", "gm", "float32", "GM_ADDR"), ParamSpec("n", "scalar", "", ctype)])
    with pytest.raises(OverflowError, match=rf"argument 'n': {value} does not fit in {ctype}"):
        m([np.zeros(4, np.float32), value])


def test_a_float_beyond_float_range_becomes_inf_as_in_c():
    m = Marshaller([ParamSpec("f", "scalar", "float32", "float"), ParamSpec("g", "scalar", "float32", "float")])
    ptrs, _, _, keep = m([1e300, -1e300])
    f, g = (ctypes.c_float.from_address(c).value for c in _cells(ptrs, 2))
    assert f == np.inf and g == -np.inf
