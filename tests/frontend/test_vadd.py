"""The two vector-add kernels of the API doc compile to the expected Ascend C."""

import numpy as np

from emit_check import check, check_next, check_not, compile_source
from kernels import vadd_flags, vadd_queue


def _args(dtype):
    x = np.ones(8 * 2048, dtype)
    return x, x.copy(), x.copy(), x.size // 8


def test_vadd_manual_flags():
    src = compile_source(vadd_flags.vadd, *_args(np.float32))
    check(src,
          '#include "kernel_operator.h"',
          'extern "C" __global__ __aicore__ void vadd_(GM_ADDR x, GM_ADDR y, GM_ADDR z, int32_t block_length) {',
          "AscendC::GetBlockIdx();",
          "AscendC::GlobalTensor<float> x_gm;",
          "x_gm.SetGlobalBuffer(",
          "y_gm.SetGlobalBuffer(",
          "z_gm.SetGlobalBuffer(",
          "AscendC::LocalTensor<float> x_ub(AscendC::TPosition::VECIN, 0,",
          "AscendC::LocalTensor<float> y_ub(AscendC::TPosition::VECIN, size,",
          "AscendC::LocalTensor<float> z_ub(AscendC::TPosition::VECOUT,",
          "for (int32_t i = 0; i < 16; i += 1) {",
          "int32_t b = i % 2;",
          "AscendC::MetricsProfStart();",
          "AscendC::DataCopy(",
          "AscendC::DataCopy(",
          "AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(b);",
          "AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(b);",
          "AscendC::Add(",
          "AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(b);",
          "AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(b);",
          "AscendC::DataCopy(",
          "AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(b);",
          "AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(b);",
          "AscendC::MetricsProfStop();",
          "}",
          "return;")
    check_next(src, "AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(b);",
               "AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(b);")
    check_next(src, "AscendC::GlobalTensor<float> x_gm;", "x_gm.SetGlobalBuffer(")
    # Constants folded at compile time: TILE_NUM * BUFFER_NUM and sizeof(float).
    check(src, "int32_t size = tile * 8;")
    check_not(src, "TILE_NUM")


def test_vadd_manual_flags_line_directives():
    src = compile_source(vadd_flags.vadd, *_args(np.float32))
    path = vadd_flags._example.__file__
    lines = open(path).read().splitlines()
    offset_line = next(i + 1 for i, l in enumerate(lines) if "offset = asc.get_block_idx()" in l)
    add_line = next(i + 1 for i, l in enumerate(lines) if "asc.add(z_ub" in l)
    # each statement's C++ is preceded by a #line naming the kernel's own file and line
    raw = [line.strip() for line in src.splitlines()]
    for line_no, first_cpp in ((offset_line, "AscendC::GetBlockIdx();"), (add_line, "z_ub[")):
        i = raw.index(f'#line {line_no} "{path}"')
        assert first_cpp in raw[i + 1], raw[i:i + 3]


def test_vadd_queue():
    src = compile_source(vadd_queue.vadd, *_args(np.float16))
    tq_in = "AscendC::TQue<AscendC::TPosition::VECIN, 2>&"
    tq_out = "AscendC::TQue<AscendC::TPosition::VECOUT, 2>&"
    check(src,
          f"__aicore__ inline void copy_in(int32_t i, AscendC::GlobalTensor<half>& x_gm, "
          f"AscendC::GlobalTensor<half>& y_gm, {tq_in} in_x, {tq_in} in_y, int32_t tile) {{",
          "AscendC::LocalTensor<half> x_local = in_x.AllocTensor<half>();",
          "AscendC::LocalTensor<half> y_local = in_y.AllocTensor<half>();",
          "AscendC::DataCopy(x_local,",
          "AscendC::DataCopy(y_local,",
          "in_x.EnQue(x_local);",
          "in_y.EnQue(y_local);",
          f"__aicore__ inline void compute({tq_in} in_x, {tq_in} in_y, {tq_out} out_z, int32_t tile) {{",
          "AscendC::LocalTensor<half> x_local = in_x.DeQue<half>();",
          "AscendC::LocalTensor<half> z_local = out_z.AllocTensor<half>();",
          "AscendC::Add(z_local, x_local, y_local, tile);",
          "out_z.EnQue(z_local);",
          "in_x.FreeTensor(x_local);",
          f"__aicore__ inline void copy_out(int32_t i, AscendC::GlobalTensor<half>& z_gm, {tq_out} out_z, int32_t tile) {{",
          "AscendC::LocalTensor<half> z_local = out_z.DeQue<half>();",
          "AscendC::DataCopy(",
          "out_z.FreeTensor(z_local);",
          'extern "C" __global__ __aicore__ void vadd_(GM_ADDR x, GM_ADDR y, GM_ADDR z, int32_t block_length) {',
          "AscendC::TPipe pipe;",
          "AscendC::TQue<AscendC::TPosition::VECIN, 2> in_x;",
          "AscendC::TQue<AscendC::TPosition::VECIN, 2> in_y;",
          "AscendC::TQue<AscendC::TPosition::VECOUT, 2> out_z;",
          "pipe.InitBuffer(in_x, 2,",
          "pipe.InitBuffer(in_y, 2,",
          "pipe.InitBuffer(out_z, 2,")
    check_next(src,
               "for (int32_t i = 0; i < 16; i += 1) {",
               "ASC_LOOP_CHECK();",
               "copy_in(i, x_gm, y_gm, in_x, in_y, tile);",
               "compute(in_x, in_y, out_z, tile);",
               "copy_out(i, z_gm, out_z, tile);",
               "}")
    # One instance of each device function.
    assert src.count("__aicore__ inline void copy_in(") == 1


def test_vadd_queue_float32_specializes():
    src16 = compile_source(vadd_queue.vadd, *_args(np.float16))
    src32 = compile_source(vadd_queue.vadd, *_args(np.float32))
    check(src32, "AscendC::GlobalTensor<float>& x_gm", "in_x.DeQue<float>();")
    assert src16 != src32


def test_params():
    k = vadd_flags.vadd.warmup(*_args(np.float32))
    assert [(p.name, p.kind, p.dtype, p.ctype) for p in k.params] == [
        ("x", "gm", "float32", "GM_ADDR"), ("y", "gm", "float32", "GM_ADDR"),
        ("z", "gm", "float32", "GM_ADDR"), ("block_length", "scalar", "int32", "int32_t")]
    assert k.name == "vadd_"  # vadd is a bisheng intrinsic: the emitted symbol is mangled (docs/npu-backend.md)
