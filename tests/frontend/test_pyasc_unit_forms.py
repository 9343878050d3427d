"""The forms pyasc's own unit tests (python/test/unit) use, as asc provides them.

pyasc's tests launch kernels with `MockTensor`/`MockValue` arguments and
`Launcher.run` patched: the kernel is traced and compiled to Ascend C for
arguments of that type, and never run. Each test here compiles a kernel in
one of those forms and checks the Ascend C it becomes (or the error).
"""

from unittest import mock

import numpy as np
import pytest

import asc
from asc.codegen.errors import CodegenError
from asc.errors import CompileError
from asc.runtime.jit import JITFunction, MockTensor, MockValue

from emit_check import check, compile_source


@asc.jit
def scale(x: asc.GlobalAddress, n: int, k: float):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(t, x_gm, n)
    asc.muls(t, t, k, n)
    asc.data_copy(x_gm, t, n)


def test_mock_arguments_compile_as_their_dtype():
    src = compile_source(scale, MockTensor(asc.float16), MockValue(asc.int32), MockValue(asc.float32))
    check(src, "void scale(GM_ADDR x, int32_t n, float k)",
          "AscendC::GlobalTensor<half>", "AscendC::Muls")
    # the same kernel for a real array of that dtype is the same specialization
    assert scale.warmup(np.zeros(4, np.float16), 4, 1.0).source == src


@asc.jit
def peek(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    v = x_gm.get_value(3)


def test_mock_tensor_of_another_dtype_is_another_kernel():
    check(compile_source(peek, MockTensor(asc.float32)), "AscendC::GlobalTensor<float>")
    check(compile_source(peek, MockTensor(asc.int8)), "AscendC::GlobalTensor<int8_t>")


def test_a_mocked_launch_with_mock_arguments_calls_run_once_and_runs_nothing():
    with mock.patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
        scale[1](MockTensor(asc.float16), 16, 2.0)
    assert run.call_count == 1
    kernel, name, args = run.call_args.args
    assert name == "scale" and isinstance(args[0], MockTensor)


def test_patching_run_launcher_stops_the_launch_too():
    with mock.patch("asc.runtime.jit.JITFunction._run_launcher", return_value=None) as rl, \
         mock.patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
        scale[1](MockTensor(asc.float16), 16, 2.0)
    assert rl.call_count == 1 and run.call_count == 0
    assert isinstance(scale, JITFunction)


def test_running_a_kernel_on_mock_arguments_is_refused_naming_the_argument():
    with pytest.raises(TypeError, match=r"argument 'x' is a mock \(gm of float16\)"):
        scale[1](MockTensor(asc.float16), 16, 2.0)


def test_mock_needs_an_asc_dtype():
    with pytest.raises(TypeError, match="asc dtype"):
        MockTensor(np.float16)
    assert MockTensor("float32").dtype is asc.float32


def test_unsupported_argument_type_message():
    @asc.jit
    def takes(name):
        pass

    with pytest.raises(TypeError, match="Argument type in JIT function is not supported: str"):
        takes[1]("text")


def test_a_failing_compile_time_assert_is_a_codegen_error_naming_assertion_error():
    @asc.jit
    def asserts(num):
        assert 1 < 0, f"assert failed {num}"

    assert CodegenError is CompileError
    with pytest.raises(CodegenError, match="AssertionError.*assert failed") as e:
        asserts[1](100)
    assert e.value.lineno is not None


def test_a_compile_time_assert_message_is_evaluated_when_it_can_be():
    @asc.jit
    def asserts2(n: asc.ConstExpr[int]):
        assert n < 0, "n was " + str(n)

    with pytest.raises(CodegenError, match="AssertionError.*n was 3"):
        asserts2[1](3)


def test_print_in_kernel_code_is_a_name_error_pointing_at_printf():
    @asc.jit
    def prints(age):
        print(age)

    with pytest.raises(CodegenError, match="NameError: print is not defined.*asc.printf"):
        prints[1](100)


def test_patched_compile_and_launch_steps_still_trace_the_kernel():
    @asc.jit
    def traced_only(n: int):
        v = n + 1

    @asc.jit
    def bad(n: int):
        print(n)

    with mock.patch("asc.runtime.jit.JITFunction._run_launcher", return_value=None) as rl, \
         mock.patch("asc.runtime.jit.JITFunction._run_compiler", return_value=None) as rc:
        traced_only[1](3)
        traced_only[1](3)  # a patched compile is not cached: the kernel is built again
        with pytest.raises(CodegenError, match="NameError"):
            bad[1](3)
    assert rc.call_count == 2 and rl.call_count == 2
    assert rl.call_args.args[0] is None
    # unpatched, the same kernel compiles to a real kernel
    assert "traced_only" in traced_only.warmup(3).source


# ---------------------------------------------------------------- API forms

def _compiled(body):
    """Compiles `body(x_gm, t16, u8, h16)` in a kernel (x_gm float32 GM, locals of 512)."""
    @asc.jit
    def k(x: asc.GlobalAddress):
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x)
        t16 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
        h16 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=1024, tile_size=512)
        body(x_gm, t16, h16)

    return compile_source(k, MockTensor(asc.float32))


def test_tensor_call_reads_an_element_like_get_value():
    # The reads are used: an unused GetValue only reads (its memory effects),
    # so canonicalize drops it, as the device compiler would.
    src = _compiled(lambda g, t, h: (g.set_value(0, g(128)), h.set_value(0, t(7))))
    check(src, "x_gm.GetValue(128)", "t16.GetValue(7)")


def test_an_unused_read_is_dropped_and_a_write_kept():
    src = _compiled(lambda g, t, h: (g(128), t.set_value(3, t(7))))
    assert "GetValue(128)" not in src
    check(src, "t16.GetValue(7)", "t16.SetValue(3,")


@asc.jit
def call_reads(x: asc.GlobalAddress, y: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y)
    y_gm.set_value(0, x_gm(3) + x_gm(5))


def test_tensor_call_on_the_model():
    x = np.arange(8, dtype=np.float32)
    y = np.zeros(1, np.float32)
    call_reads[1](x, y)
    assert y[0] == 8.0


def test_set_load_data_padding_value_int_and_float():
    src = _compiled(lambda g, t, h: (asc.set_load_data_padding_value(10),
                                     asc.set_load_data_padding_value(2.0)))
    check(src, "AscendC::SetLoadDataPaddingValue(10)", "AscendC::SetLoadDataPaddingValue(")
    assert "float" in [ln for ln in src.splitlines() if "SetLoadDataPaddingValue" in ln][1] or \
        "2.0" in [ln for ln in src.splitlines() if "SetLoadDataPaddingValue" in ln][1]


def test_copy_takes_is_set_mask():
    params = None

    def body(g, t, h):
        p = asc.CopyRepeatParams(1, 1, 8, 8)
        asc.copy(dst=h, src=t, mask=64, repeat_time=4, repeat_params=p, is_set_mask=False)
        asc.copy(dst=h, src=t, mask=[2**64 - 1, 2**64 - 1], repeat_time=1, repeat_params=p, is_set_mask=True)
        asc.copy(h, t, 64, 1, p)

    src = _compiled(body)
    check(src, "AscendC::Copy<half, false>(h16, t16, 64, 4,", "AscendC::Copy<half, true>(h16, t16,",
          "AscendC::Copy<half, true>(h16, t16, 64, 1,")


def test_copy_is_set_mask_must_be_compile_time():
    @asc.jit
    def k(flag: int):
        t = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
        asc.copy(t, t, 64, 1, asc.CopyRepeatParams(1, 1, 8, 8), is_set_mask=flag > 0)

    with pytest.raises(CompileError, match="is_set_mask.*compile-time"):
        k.warmup(1)


def test_gather_mask_pyasc_form_with_rsvd_cnt():
    def body(g, t, h):
        p = asc.GatherMaskParams(src0_block_stride=1, repeat_times=1, src0_repeat_stride=0, src1_repeat_stride=0)
        asc.gather_mask(h, t, 2, False, 0, p, 0, asc.GatherMaskMode.DEFAULT)   # pyasc: rsvd_cnt, mode
        asc.gather_mask(h, t, 3, False, 0, p, 0)                              # pyasc: rsvd_cnt only
        asc.gather_mask(h, t, 4, False, 0, p, asc.GatherMaskMode.DEFAULT)      # asc: mode 7th
        asc.gather_mask(h, t, 5, False, 0, p, rsvd_cnt=0)

    src = _compiled(body)
    lines = [ln.strip() for ln in src.splitlines() if "GatherMask(" in ln]
    assert [ln.split("(h16, t16, ")[1][0] for ln in lines] == ["2", "3", "4", "5"], lines


def test_tque_bind_enque_deque_with_user_positions():
    from asc.language.fwk.tpipe import TQueBind

    def body(g, t, h):
        que = TQueBind(src=asc.TPosition.VECIN, dst=asc.TPosition.VECOUT, depth=1)
        pipe = asc.TPipe()
        pipe.init_buffer(que=que, num=1, len=512)
        x = que.alloc_tensor(asc.float16)
        que.enque(x, asc.TPosition.VECIN, asc.TPosition.GM)
        y = que.deque(asc.float16, asc.TPosition.GM, asc.TPosition.VECIN)
        que.free_tensor(y)

    src = _compiled(body)
    check(src, ".EnQue<AscendC::TPosition::VECIN, AscendC::TPosition::GM>(",
          ".DeQue<AscendC::TPosition::GM, AscendC::TPosition::VECIN, half>()")


@pytest.mark.parametrize("call, message", [
    (lambda q, x: q.enque(x, asc.TPosition.VECIN), "both src_user_pos and dst_user_pos"),
    (lambda q, x: q.deque(x, asc.TPosition.GM, asc.TPosition.VECIN), "takes no user positions"),
])
def test_tque_bind_user_position_errors(call, message):
    from asc.language.fwk.tpipe import TQueBind

    @asc.jit
    def k():
        que = TQueBind(src=asc.TPosition.VECIN, dst=asc.TPosition.VECOUT, depth=1)
        pipe = asc.TPipe()
        pipe.init_buffer(que=que, num=1, len=512)
        x = que.alloc_tensor(asc.float16)
        call(que, x)

    with pytest.raises(CompileError, match=message):
        k.warmup()


@asc.jit
def user_pos_roundtrip(x: asc.GlobalAddress, y: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 64)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, 64)
    pipe = asc.TPipe()
    que = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(que=que, num=1, len=256)
    t = que.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, 64)
    que.enque(t, asc.TPosition.GM, asc.TPosition.VECIN)
    u = que.deque(asc.float32, asc.TPosition.GM, asc.TPosition.VECIN)
    asc.data_copy(y_gm, u, 64)
    que.free_tensor(u)


def test_user_position_queue_moves_the_tensor_on_the_model():
    x = np.arange(64, dtype=np.float32) * 0.5
    y = np.zeros_like(x)
    user_pos_roundtrip[1](x, y)
    np.testing.assert_array_equal(y, x)


# ------------------------------------------------- deterministic compute (new APIs)

def test_determine_compute_emission():
    @asc.jit
    def k(ws: asc.GlobalAddress):
        gm = asc.GlobalTensor()
        gm.set_global_buffer(ws)
        ub = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=64)
        asc.init_determine_compute_workspace(gm, ub)
        asc.wait_pre_block(gm, ub)
        asc.notify_next_block(gm_workspace=gm, ub_workspace=ub)

    check(compile_source(k, MockTensor(asc.int32)), "AscendC::InitDetermineComputeWorkspace(gm, ub);",
          "AscendC::WaitPreBlock(gm, ub);", "AscendC::NotifyNextBlock(gm, ub);")


def test_determine_compute_needs_int32_workspaces():
    @asc.jit
    def k(ws: asc.GlobalAddress):
        gm = asc.GlobalTensor()
        gm.set_global_buffer(ws)
        ub = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=64)
        asc.wait_pre_block(gm, ub)

    with pytest.raises(CompileError, match="gm_workspace must have element type 'i32'"):
        k.warmup(MockTensor(asc.float32))


@asc.jit
def take_turns(ws: asc.GlobalAddress, y: asc.GlobalAddress, rounds: int):
    gm = asc.GlobalTensor()
    gm.set_global_buffer(ws)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y)
    ub = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
    asc.init_determine_compute_workspace(gm, ub)
    for r in range(rounds):
        asc.wait_pre_block(gm, ub)
        # y = y * 10 + block: the digits record the order the turns were taken in
        y_gm.set_value(0, y_gm.get_value(0) * 10 + asc.get_block_idx())
        asc.data_cache_clean_and_invalid(entire_type=asc.CacheLine.SINGLE_CACHE_LINE,
                                         dcci_dst=asc.DcciDst.CACHELINE_OUT, dst=y_gm)
        asc.notify_next_block(gm, ub)


@pytest.mark.parametrize("blocks, rounds", [(4, 1), (4, 2), (3, 3), (1, 3)])
def test_blocks_take_turns_in_block_order_on_the_model(blocks, rounds):
    ws = np.zeros(blocks * 8, np.int32)
    y = np.zeros(1, np.int32)
    take_turns[blocks](ws, y, rounds)
    expected = int("".join(str(b) for _ in range(rounds) for b in range(blocks)))
    assert y[0] == expected


# ------------------------------------------------------- launch-time options

def test_launch_takes_codegen_and_compile_options_as_keywords():
    seen = []

    @asc.jit
    def k(x: asc.GlobalAddress, n: int):
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x, n)
        x_gm.set_value(0, n)

    with mock.patch("asc.runtime.launcher.Launcher.run",
                    side_effect=lambda kernel, name, args: seen.append(kernel)) as run:
        k[1](MockTensor(asc.int32), 4, always_compile=True)        # pyasc: kernel[1](..., always_compile=True)
        k[1](MockTensor(asc.int32), 4, strip_loc=True)
        k[1](MockTensor(asc.int32), n=4, strip_loc=True)           # a parameter by keyword too
        k[1](MockTensor(asc.int32), 4)
    assert run.call_count == 4
    assert "#line" in seen[0].source and "#line" not in seen[1].source
    assert seen[1] is seen[2]  # the same options: the same compiled kernel
    assert "#line" in seen[3].source  # the kernel's own options are unchanged
    assert seen[0].options.always_compile and not seen[3].options.always_compile


def test_unknown_launch_keyword_is_still_an_argument_error():
    @asc.jit
    def k(n: int):
        v = n + 1

    with pytest.raises(TypeError, match="unexpected keyword argument 'nn'"):
        k[1](1, nn=2)


# ----------------------------------------------------- TensorDesc.set_shape_addr(0)

def test_set_shape_addr_zero_is_a_null_pointer():
    @asc.jit
    def k():
        d = asc.TensorDesc()
        d.set_shape_addr(0)

    check(compile_source(k), "= nullptr;", "d.SetShapeAddr(")


def test_set_shape_addr_other_integers_are_errors():
    @asc.jit
    def k():
        d = asc.TensorDesc()
        d.set_shape_addr(64)

    with pytest.raises(CompileError, match="must be 0 \\(a null pointer\\)"):
        k.warmup()


@asc.jit
def null_shape_dim(y: asc.GlobalAddress):
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y)
    d = asc.TensorDesc()
    d.set_shape_addr(0)
    y_gm.set_value(0, d.get_dim())


def test_reading_a_null_shape_is_a_model_fault():
    from asc.runtime.model import ModelFault
    with pytest.raises(ModelFault, match="no shape address"):
        null_shape_dim[1](np.zeros(1, np.uint64))
