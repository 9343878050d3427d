"""asc._C: the IR builder, diagnostics as exceptions, passes and emission."""

import os

import pytest

from asc._C import ir

HERE = os.path.dirname(os.path.abspath(__file__))


@pytest.fixture
def builder():
    ctx = ir.Context()
    return ir.Builder(ctx)


def _kernel(b, name="k"):
    module = b.create_module()
    b.set_loc(b.get_file_loc("kernel.py", 3, 5))
    f32 = b.get_f32_type()
    i32 = b.get_i32_type()
    func = b.create_function(module, name, [b.get_gm_ptr_type(f32), i32], [], kernel=True)
    func.set_arg_name(0, "x")
    func.set_arg_name(1, "n")
    b.set_insertion_point_to_end(func.block())
    return module, func


def test_every_op_has_a_builder_method():
    with open(os.path.join(HERE, "ascendc_ops.tsv")) as f:
        classes = [line.split("\t")[1] for line in f.read().splitlines() if line]
    missing = [c for c in classes if not hasattr(ir.Builder, "create_asc_" + c)]
    assert not missing


def test_build_and_emit(builder):
    b = builder
    module, func = _kernel(b)
    i32 = b.get_i32_type()
    b.create_asc_MetricsProfStartOp()
    zero = b.get_int(0, i32)
    b.set_loc(b.get_name_loc("block", b.get_file_loc("kernel.py", 4, 5)))
    b.create_asc_GetBlockIdxOp()
    b.set_loc(b.get_file_loc("kernel.py", 5, 5))
    loop = b.create_for(zero, func.block().arg(1), b.get_int(1, i32))
    b.set_insertion_point_to_start(loop.block())
    b.set_loc(b.get_file_loc("kernel.py", 6, 9))
    b.create_asc_SetFlagOp(4, zero)  # HardEvent.MTE2_V
    b.create_asc_WaitFlagOp(4, zero)  # a loop without iter_args has its yield already
    b.set_insertion_point_after(loop)
    b.create_asc_MetricsProfStopOp()
    b.create_return()
    text = ir.ir_to_ascendc(module)
    assert text.splitlines() == [
        '#include "kernel_operator.h"',
        "#ifndef ASC_LOOP_CHECK",
        "#define ASC_LOOP_CHECK()",
        "#endif",
        "",
        'extern "C" __global__ __aicore__ void k(GM_ADDR x, int32_t n) {',
        "  AscendC::MetricsProfStart();",
        "  int64_t block = AscendC::GetBlockIdx();",
        "  for (int32_t v0 = 0; v0 < n; v0 += 1) {",
        "    ASC_LOOP_CHECK();",
        "    AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);",
        "    AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);",
        "  }",
        "  AscendC::MetricsProfStop();",
        "  return;",
        "}",
    ]


def test_line_directives_name_the_python_source(builder):
    b = builder
    module, _ = _kernel(b)
    b.set_loc(b.get_file_loc("kernel.py", 7, 5))
    b.create_asc_PipeBarrierOp(1)  # PIPE_V
    b.create_return()
    text = ir.ir_to_ascendc(module, line_directives=True)
    assert '#line 7 "kernel.py"\n  AscendC::PipeBarrier<PIPE_V>();' in text


def test_verifier_error_is_an_exception_with_the_python_location(builder):
    b = builder
    module, _ = _kernel(b)
    b.set_loc(b.get_file_loc("kernel.py", 12, 9))
    b.create_asc_SetFlagOp(4, b.get_int(8, b.get_i32_type()))
    b.create_return()
    with pytest.raises(ir.MLIRError) as info:
        module.verify()
    assert str(info.value) == "kernel.py:12:9: error: 'ascendc.set_flag' op event id 8 is outside 0..7"
    with pytest.raises(ir.MLIRError, match="kernel.py:12:9"):
        ir.ir_to_ascendc(module)


def test_barrier_on_scalar_pipe_is_rejected(builder):
    b = builder
    module, _ = _kernel(b)
    b.set_loc(b.get_file_loc("kernel.py", 20, 1))
    b.create_asc_PipeBarrierOp(0)  # PIPE_S
    b.create_return()
    with pytest.raises(ir.MLIRError, match=r"kernel.py:20:1: .*PIPE_S is illegal"):
        module.verify()


def test_invalid_enum_value_is_a_value_error(builder):
    b = builder
    _kernel(b)
    with pytest.raises(ValueError, match="not a valid HardEvent"):
        b.create_asc_SetFlagOp(1000, b.get_int(0, b.get_i32_type()))


def test_wrong_argument_type_is_a_type_error(builder):
    b = builder
    _kernel(b)
    with pytest.raises(TypeError):
        b.create_asc_SetFlagOp(4, 0)  # a Python int is not an IR value
    with pytest.raises(TypeError):
        b.create_asc_SetFlagOp(4, None)


def test_no_insertion_point(builder):
    with pytest.raises(ValueError, match="no insertion point"):
        builder.create_asc_MetricsProfStartOp()


def test_parse_error_carries_location():
    ctx = ir.Context()
    with pytest.raises(ir.MLIRError, match=r"^-:1:18: error: custom op 'ascendc.nope' is unknown"):
        ir.parse_module(ctx, "func.func @f() { ascendc.nope }")


def test_parse_and_emit_round_trip():
    ctx = ir.Context()
    module = ir.parse_module(
        ctx, "func.func @emit_metrics_prof_start() {\n  ascendc.metrics_prof_start\n  return\n}\n"
    )
    assert "AscendC::MetricsProfStart();" in ir.ir_to_ascendc(module)


def test_passes_cse_merges_pure_ops(builder):
    b = builder
    module, _ = _kernel(b)
    b.create_asc_GetBlockIdxOp()
    b.create_asc_GetBlockIdxOp()
    b.create_return()
    assert str(module).count("ascendc.get_block_idx") == 2
    module.run_passes("builtin.module(canonicalize,cse)")
    # Both results were unused: canonicalize removes pure ops without uses.
    assert str(module).count("ascendc.get_block_idx") == 0


def test_invalid_pass_pipeline(builder):
    module, _ = _kernel(builder)
    builder.create_return()
    with pytest.raises(ir.MLIRError, match="invalid pass pipeline"):
        module.run_passes("builtin.module(no-such-pass)")


def test_type_parsing_errors(builder):
    assert str(builder.parse_type("!ascendc.local_tensor<f16>")) == "!ascendc.local_tensor<f16>"
    with pytest.raises(ir.MLIRError):
        builder.parse_type("!ascendc.local_tensor<tensor<4xf32>>")
    with pytest.raises(ValueError):
        builder.get_queue_type(99, 2)


def test_emitter_rejects_unknown_ops_with_location():
    ctx = ir.Context()
    module = ir.parse_module(
        ctx,
        'func.func @f(%a: i32, %b: i32) -> i32 {\n'
        '  %r = arith.maxui %a, %b : i32 loc("user.py":4:2)\n'
        "  return %r : i32\n}\n",
    )
    with pytest.raises(ir.MLIRError, match=r"user.py:4:2: error: 'arith.maxui' op has no Ascend C form"):
        ir.ir_to_ascendc(module)
