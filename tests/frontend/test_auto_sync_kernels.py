"""Kernels in the style of pyasc's tutorials that carry no synchronisation of
their own (issue 11 acceptance): softmax and quantisation with LocalTensorAuto
(runtime shapes, GlobalTensor[int] views), bilinear interpolation with TPipe /
TBuf (init_buffer(buf=...), alloc_tensor / free_tensor). auto_sync (the
default) gives them their flags; each is checked against numpy on the Model,
and the inserted flags are the ones its data flow needs.
"""

import numpy as np

import asc
from emit_check import check, check_next, code_lines


def _flag_events(source):
    events = set()
    for line in code_lines(source):
        for kind in ("SetFlag<AscendC::HardEvent::", "WaitFlag<AscendC::HardEvent::"):
            if kind in line:
                events.add(line.split(kind)[1].split(">")[0])
    return events


# ----------------------------------------------------------------------- softmax

@asc.jit
def softmax_rows(x: asc.GlobalAddress, z: asc.GlobalAddress, rows: int, cols: int):
    base = asc.get_block_idx() * rows * cols
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + base, rows * cols)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + base, rows * cols)
    row = asc.LocalTensorAuto(asc.float32, asc.TensorShape(cols))
    work = asc.LocalTensorAuto(asc.float32, asc.TensorShape(cols))
    red = asc.LocalTensorAuto(asc.float32, asc.TensorShape(8))
    for r in range(rows):
        asc.data_copy(row, x_gm[r * cols], cols)
        asc.reduce_max(red, row, work, cols)
        m = red.get_value(0)                  # the scalar unit reads a vector result
        asc.adds(row, row, -m, cols)
        asc.exp(row, row, cols)
        asc.reduce_sum(red, row, work, cols)
        s = red.get_value(0)
        asc.muls(row, row, 1.0 / s, cols)
        asc.data_copy(z_gm[r * cols], row, cols)


def test_softmax_with_local_tensor_auto_and_no_manual_sync():
    cores, rows, cols = 2, 4, 64
    rng = np.random.default_rng(1)
    x = rng.standard_normal(cores * rows * cols).astype(np.float32)
    z = np.zeros_like(x)
    softmax_rows[cores](x, z, rows, cols)
    e = np.exp(x.reshape(-1, cols) - x.reshape(-1, cols).max(axis=1, keepdims=True))
    np.testing.assert_allclose(z.reshape(-1, cols), e / e.sum(axis=1, keepdims=True), rtol=2e-5, atol=1e-7)
    src = softmax_rows.warmup(x, z, rows, cols).source
    # copy in -> vector, vector -> scalar (get_value), vector -> copy out, and the
    # row buffer's reuse by the next copy in
    assert {"MTE2_V", "V_S", "V_MTE3", "MTE3_MTE2"} <= _flag_events(src), _flag_events(src)
    check(src, "AscendC::ReduceMax<float>(", "WaitFlag<AscendC::HardEvent::V_S>", ".GetValue(0)")


# -------------------------------------------------------------------------- quant

@asc.jit
def quant(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, scale: float, offset: float):
    base = asc.get_block_idx() * n
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + base, n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + base, n)
    src = asc.LocalTensorAuto(asc.float32, asc.TensorShape(n))
    half = asc.LocalTensorAuto(asc.float16, asc.TensorShape(n))
    dst = asc.LocalTensorAuto(asc.int8, asc.TensorShape(n))
    asc.data_copy(src, x_gm, n)
    asc.muls(src, src, scale, n)
    asc.adds(src, src, offset, n)
    asc.cast(half, src, asc.RoundMode.CAST_NONE, n)
    asc.cast(dst, half, asc.RoundMode.CAST_RINT, n)
    asc.data_copy(y_gm, dst, n)


def test_quant_with_local_tensor_auto_and_no_manual_sync():
    cores, n = 2, 256
    rng = np.random.default_rng(2)
    x = rng.uniform(-3, 3, cores * n).astype(np.float32)
    y = np.zeros(cores * n, np.int8)
    quant[cores](x, y, n, 20.0, 1.5)
    want = np.clip(np.rint((x * np.float32(20.0) + np.float32(1.5)).astype(np.float16).astype(np.float32)),
                   -128, 127).astype(np.int8)
    np.testing.assert_array_equal(y, want)
    assert _flag_events(quant.warmup(x, y, n, 20.0, 1.5).source) == {"MTE2_V", "V_MTE3"}


# ------------------------------------------------------------ bilinear with TBuf

H_REPEAT, V_REPEAT = 2, 2


@asc.jit
def bilinear(s0: asc.GlobalAddress, off: asc.GlobalAddress, w: asc.GlobalAddress, y: asc.GlobalAddress):
    s0_gm = asc.GlobalTensor()
    s0_gm.set_global_buffer(s0, 1024)
    off_gm = asc.GlobalTensor()
    off_gm.set_global_buffer(off, 256)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(w, 256)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    src_buf = asc.TBuf(asc.TPosition.VECCALC)
    off_buf = asc.TBuf(asc.TPosition.VECCALC)
    w_buf = asc.TBuf(asc.TPosition.VECCALC)
    y_buf = asc.TBuf(asc.TPosition.VECCALC)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=src_buf, num=1024 * 2)
    pipe.init_buffer(buf=off_buf, num=256 * 4)
    pipe.init_buffer(buf=w_buf, num=256 * 2)
    pipe.init_buffer(buf=y_buf, num=256 * 2)
    pipe.init_buffer(buf=tmp_buf, num=1024)
    src = src_buf.alloc_tensor(asc.float16)
    offsets = off_buf.alloc_tensor(asc.uint32)
    weights = w_buf.alloc_tensor(asc.float16)
    dst = y_buf.alloc_tensor(asc.float16)
    tmp = tmp_buf.get(asc.uint8)
    asc.data_copy(src, s0_gm, 1024)
    asc.data_copy(offsets, off_gm, 256)
    asc.data_copy(weights, w_gm, 256)
    asc.duplicate(dst, 0.0, 256)
    asc.bilinear_interpolation(dst, src, offsets, weights, 128, H_REPEAT, True, 1, 128, V_REPEAT, tmp)
    asc.data_copy(y_gm, dst, 256)
    for t, buf in ((src, src_buf), (offsets, off_buf), (weights, w_buf), (dst, y_buf)):
        buf.free_tensor(t)


def bilinear_oracle(s0, off, w):
    """Each of 8 blocks of 16 lanes per vertical repeat: the sum over the
    horizontal repeats of source block off/32 times its weight (fp16 steps)."""
    blk = s0.reshape(-1, 16).astype(np.float32)
    y = np.zeros(256, np.float16)
    for vi in range(V_REPEAT):
        acc = np.zeros((8, 16), np.float16)
        for hi in range(H_REPEAT):
            it = vi * H_REPEAT + hi
            for b in range(8):
                prod = (blk[off[it * 8 + b] // 32] * np.float32(w[it * 8 + b])).astype(np.float16)
                acc[b] = prod if hi == 0 else (acc[b].astype(np.float32) + prod.astype(np.float32)).astype(np.float16)
        y[vi * 128:(vi + 1) * 128] = acc.reshape(-1)
    return y


def test_bilinear_interpolation_with_tbuf_and_no_manual_sync():
    rng = np.random.default_rng(3)
    s0 = rng.integers(-8, 8, 1024).astype(np.float16)
    off = (rng.integers(0, 64, 256) * 32).astype(np.uint32)
    w = rng.choice(np.array([0.25, 0.5, 0.75, 1.0, -0.5], np.float16), 256)
    y = np.full(256, 7, np.float16)
    bilinear[1](s0, off, w, y)
    np.testing.assert_array_equal(y, bilinear_oracle(s0, off, w))
    src = bilinear.warmup(s0, off, w, y).source
    check(src, "pipe.InitBuffer(src_buf, 2048)", "src_buf.Get<half>()", "AscendC::DataCopy(",
          "WaitFlag<AscendC::HardEvent::MTE2_V>", "AscendC::BilinearInterpolation(",
          "WaitFlag<AscendC::HardEvent::V_MTE3>", "AscendC::DataCopy(y_gm")


# ------------------------------------------------------- softmax's second output

@asc.jit
def softmax_max_out(src: asc.GlobalAddress, dst: asc.GlobalAddress, mx: asc.GlobalAddress,
                    rows: asc.ConstExpr[int], width: asc.ConstExpr[int]):
    src_global = asc.GlobalTensor()
    dst_global = asc.GlobalTensor()
    max_global = asc.GlobalTensor()
    src_global.set_global_buffer(src)
    dst_global.set_global_buffer(dst)
    max_global.set_global_buffer(mx)
    src_local = asc.LocalTensorAuto(src.dtype, rows * width)
    sum_local = asc.LocalTensorAuto(src.dtype, rows * 8)
    max_local = asc.LocalTensorAuto(src.dtype, rows * 8)
    asc.data_copy(src_local, src_global, count=rows * width)
    src_local.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, (rows, width))))
    sum_local.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, (rows, 8))))
    max_local.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, (rows, 8))))
    asc.adv.softmax(src_local, sum_local, max_local, src_local, asc.adv.SoftmaxTiling())
    asc.data_copy(max_global, max_local, count=rows * 8)   # the second output, first out
    asc.data_copy(dst_global, src_local, count=rows * width)


def test_softmax_max_output_copied_out_waits_for_the_vector_pipe(tmp_path, monkeypatch):
    # SoftMax writes `max` as well as `dst` (its op's ascWrites): the copy-out of
    # max (MTE3) gets its V_MTE3 pair, and the racecheck finds nothing.
    rows, width = 8, 64
    x = np.random.default_rng(3).standard_normal(rows * width).astype(np.float32)
    z = np.zeros_like(x)
    m = np.zeros(rows * 8, np.float32)
    findings = tmp_path / "findings.jsonl"
    monkeypatch.setenv("ASC_DEBUG", "racecheck")
    monkeypatch.setenv("ASC_DEBUG_FINDINGS", str(findings))
    softmax_max_out[1](x, z, m, rows, width)
    monkeypatch.delenv("ASC_DEBUG")
    x2 = x.reshape(rows, width)
    np.testing.assert_array_equal(m.reshape(rows, 8), np.repeat(x2.max(axis=1, keepdims=True), 8, axis=1))
    e = np.exp(x2 - x2.max(axis=1, keepdims=True))
    np.testing.assert_allclose(z.reshape(rows, width), e / e.sum(axis=1, keepdims=True), rtol=2e-5, atol=1e-7)
    races = findings.read_text().splitlines() if findings.exists() else []
    assert [r for r in races if "racecheck" in r] == []
    src = softmax_max_out.warmup(x, z, m, rows, width).source
    check_next(src, "SetFlag<AscendC::HardEvent::V_MTE3>", "WaitFlag<AscendC::HardEvent::V_MTE3>",
               "AscendC::DataCopy(max_global, max_local")


# ------------------------------------------------- GM views at constant offsets

@asc.jit
def gm_views(x: asc.GlobalAddress, n: asc.ConstExpr[int], second: asc.ConstExpr[int]):
    first_gm = asc.GlobalTensor()
    second_gm = asc.GlobalTensor()
    first_gm.set_global_buffer(x, n)
    second_gm.set_global_buffer(x + second, n)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4 * n, n)
    asc.duplicate(b, 1.0, n)
    asc.data_copy(second_gm, b, n)   # MTE3 writes x[second:second + n]
    asc.data_copy(a, first_gm, n)    # MTE2 reads x[0:n]
    asc.adds(a, a, 2.0, n)
    asc.data_copy(first_gm, a, n)    # MTE3 writes x[0:n]


def test_gm_views_at_constant_offsets_are_ordered_only_when_they_overlap(tmp_path, monkeypatch):
    n = 256
    for second, overlap in ((n, False), (n // 2, True)):
        x = np.arange(2 * n, dtype=np.float32)
        want = x.copy()
        want[second:second + n] = 1.0
        want[:n] = want[:n] + 2.0   # the copy-in reads after the copy-out when they overlap
        findings = tmp_path / f"findings{second}.jsonl"
        monkeypatch.setenv("ASC_DEBUG", "racecheck")
        monkeypatch.setenv("ASC_DEBUG_FINDINGS", str(findings))
        gm_views[1](x, n, second)
        monkeypatch.delenv("ASC_DEBUG")
        np.testing.assert_array_equal(x, want)
        races = findings.read_text().splitlines() if findings.exists() else []
        assert [r for r in races if "racecheck" in r] == [], races
        events = _flag_events(gm_views.warmup(x, n, second).source)
        assert ("MTE3_MTE2" in events) == overlap, (second, events)
