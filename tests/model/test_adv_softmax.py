"""asc.adv.softmax on the Model against numpy: pyasc's softmax tutorial with explicit queues
(the tiling default-constructed, the shape from the tensors' ShapeInfo, in place, on several
cores), half data with float sum/max and a host tiling (asc.lib.host.softmax_tiling_func),
and the fault when the shape is unknown."""

import inspect

import numpy as np
import pytest

import asc
from asc.lib.host.softmax_tiling import get_softmax_min_tmp_size, softmax_tiling_func
from asc.runtime.model import ModelFault


@asc.jit
def softmax_tutorial(src: asc.GlobalAddress, dst: asc.GlobalAddress, height: asc.ConstExpr[int],
                     width: asc.ConstExpr[int], tile_num: asc.ConstExpr[int], block_num: asc.ConstExpr[int]):
    block_length = height * width // block_num
    tile_length = block_length // tile_num
    rows = height // block_num // tile_num
    count = 32 // src.dtype.sizeof()         # sum / max: one 32-byte block per row
    src_global = asc.GlobalTensor()
    dst_global = asc.GlobalTensor()
    src_global.set_global_buffer(src)
    dst_global.set_global_buffer(dst)
    pipe = asc.TPipe()
    in_que = asc.TQue(asc.TPosition.VECIN, 2)
    out_que = asc.TQue(asc.TPosition.VECOUT, 2)
    calc = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=in_que, num=2, len=tile_length * src.dtype.sizeof())
    pipe.init_buffer(que=out_que, num=2, len=tile_length * src.dtype.sizeof())
    pipe.init_buffer(buf=calc, num=2 * rows * 32)
    for i in asc.range(tile_num):
        offset = asc.get_block_idx() * block_length + i * tile_length
        src_local = in_que.alloc_tensor(src.dtype)
        asc.data_copy(src_local, src_global[offset:], count=tile_length)
        in_que.enque(src_local)
        src_local = in_que.deque(src.dtype)
        sum_local = calc.get(src.dtype)
        max_local = sum_local[rows * count:]
        shape = asc.ShapeInfo(asc.array(asc.int32, (rows, width)))
        src_local.set_shape_info(shape)
        tiling = asc.adv.SoftmaxTiling()
        asc.adv.softmax(src_local, sum_local, max_local, src_local, tiling)
        dst_local = out_que.alloc_tensor(dst.dtype)
        asc.data_copy(dst_local, src_local, count=tile_length)
        in_que.free_tensor(src_local)
        out_que.enque(dst_local)
        dst_local = out_que.deque(dst.dtype)
        asc.data_copy(dst_global[offset:], dst_local, count=tile_length)
        out_que.free_tensor(dst_local)


def softmax_numpy(x):
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def test_softmax_tutorial_float32():
    rng = np.random.default_rng(2025)
    height, width = 64, 256
    src = rng.random((height, width), dtype=np.float32) * 5.0
    dst = np.zeros_like(src)
    softmax_tutorial[4](src, dst, height, width, tile_num=2, block_num=4)
    np.testing.assert_allclose(dst, softmax_numpy(src.astype(np.float64)), rtol=1e-5, atol=1 / src.size)


@asc.jit
def softmax_host_tiling(src: asc.GlobalAddress, dst: asc.GlobalAddress, sums: asc.GlobalAddress,
                        maxes: asc.GlobalAddress, rows: asc.ConstExpr[int], width: asc.ConstExpr[int],
                        tmp_bytes: asc.ConstExpr[int], fields: asc.ConstExpr[tuple]):
    n = rows * width
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    sg = asc.GlobalTensor()
    mg = asc.GlobalTensor()
    xg.set_global_buffer(src)
    yg.set_global_buffer(dst)
    sg.set_global_buffer(sums)
    mg.set_global_buffer(maxes)
    pipe = asc.TPipe()
    bx = asc.TBuf(asc.TPosition.VECCALC)
    by = asc.TBuf(asc.TPosition.VECCALC)
    bs = asc.TBuf(asc.TPosition.VECCALC)
    bt = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=bx, num=n * 2)
    pipe.init_buffer(buf=by, num=n * 2)
    pipe.init_buffer(buf=bs, num=2 * rows * 32)
    pipe.init_buffer(buf=bt, num=tmp_bytes)
    x = bx.get(asc.float16)
    y = by.get(asc.float16)
    s = bs.get(asc.float32)
    m = s[rows * 8:]
    asc.data_copy(x, xg, count=n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    tiling = asc.adv.SoftmaxTiling(*fields)
    asc.adv.softmax(y, s, m, x, tiling, bt.get(asc.uint8))
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, y, count=n)
    asc.data_copy(sg, s, count=rows * 8)
    asc.data_copy(mg, m, count=rows * 8)


def _fields(tiling):
    return tuple(getattr(tiling, f) for f in tiling._cpp_fields)


def test_softmax_half_with_float_sum_max_and_host_tiling():
    rows, width = 16, 128
    rng = np.random.default_rng(7)
    src = (rng.standard_normal((rows, width)) * 3).astype(np.float16)
    tmp = get_softmax_min_tmp_size([rows, width], 2) * 4
    tiling = asc.adv.SoftmaxTiling()
    assert softmax_tiling_func([rows, width], 2, tmp, tiling)
    dst = np.zeros_like(src)
    sums = np.zeros(rows * 8, np.float32)
    maxes = np.zeros(rows * 8, np.float32)
    softmax_host_tiling[1](src, dst, sums, maxes, rows, width, tmp, _fields(tiling))
    x = src.astype(np.float64)
    np.testing.assert_allclose(dst.astype(np.float64), softmax_numpy(x), rtol=2e-3, atol=1e-4)
    # sum and max: each row's value repeated over one 32-byte block (8 floats)
    np.testing.assert_array_equal(maxes.reshape(rows, 8), np.repeat(x.max(1, keepdims=True), 8, 1))
    ref_sum = np.exp(x - x.max(1, keepdims=True)).sum(1, keepdims=True)
    np.testing.assert_allclose(sums.reshape(rows, 8), np.repeat(ref_sum, 8, 1), rtol=1e-5)


def test_softmax_without_a_shape_is_a_fault_at_the_call():
    # no ShapeInfo on the tensors and an empty tiling: the Model cannot know [m, k]
    rows, width = 16, 128
    src = np.ones((rows, width), np.float16)
    out = [np.zeros_like(src), np.zeros(rows * 8, np.float32), np.zeros(rows * 8, np.float32)]
    with pytest.raises(ModelFault) as info:
        softmax_host_tiling[1](src, *out, rows, width, 1024, (0,) * 16)
    lines, first = inspect.getsourcelines(softmax_host_tiling.fn if hasattr(softmax_host_tiling, "fn")
                                          else softmax_host_tiling)
    line = first + next(i for i, t in enumerate(lines) if "asc.adv.softmax(" in t)
    assert "the shape of src is unknown" in str(info.value)
    assert f":{line}" in str(info.value)
