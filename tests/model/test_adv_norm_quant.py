"""asc.adv.rmsnorm and asc.adv.quant on the Model against numpy: rmsnorm as pyasc's rmsnorm
example loads gamma (TBuf + set_flag/wait_flag) with a host tiling
(asc.lib.host.get_rms_norm_tiling_info) over rows padded to whole blocks; quant as pyasc's
quant tutorial with explicit queues (float32), and in half."""

import numpy as np
import pytest

import asc
from asc.lib.host.softmax_tiling import get_rms_norm_max_min_tmp_size, get_rms_norm_tiling_info


@asc.jit
def rmsnorm_kernel(x: asc.GlobalAddress, gamma: asc.GlobalAddress, y: asc.GlobalAddress,
                   rows: asc.ConstExpr[int], h: asc.ConstExpr[int], eps: asc.ConstExpr[float],
                   tmp_bytes: asc.ConstExpr[int], fields: asc.ConstExpr[tuple]):
    n = rows * h
    xg = asc.GlobalTensor()
    gg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    gg.set_global_buffer(gamma)
    yg.set_global_buffer(y)
    pipe = asc.TPipe()
    in_que = asc.TQue(asc.TPosition.VECIN, 1)
    out_que = asc.TQue(asc.TPosition.VECOUT, 1)
    gamma_buf = asc.TBuf(asc.TPosition.VECCALC)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=in_que, num=1, len=n * x.dtype.sizeof())
    pipe.init_buffer(que=out_que, num=1, len=n * x.dtype.sizeof())
    pipe.init_buffer(buf=gamma_buf, num=h * x.dtype.sizeof())
    pipe.init_buffer(buf=tmp_buf, num=tmp_bytes)
    gamma_local = gamma_buf.get(x.dtype)
    asc.data_copy(gamma_local, gg, count=h)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    x_local = in_que.alloc_tensor(x.dtype)
    asc.data_copy(x_local, xg, count=n)
    in_que.enque(x_local)
    x_local = in_que.deque(x.dtype)
    y_local = out_que.alloc_tensor(x.dtype)
    tiling = asc.adv.RmsNormTiling(*fields)
    asc.adv.rmsnorm(y_local, x_local, gamma_local, eps, tiling, tmp_buf.get(asc.uint8))
    in_que.free_tensor(x_local)
    out_que.enque(y_local)
    y_local = out_que.deque(x.dtype)
    asc.data_copy(yg, y_local, count=n)
    out_que.free_tensor(y_local)


def _fields(tiling):
    return tuple(getattr(tiling, f) for f in tiling._cpp_fields)


def test_rmsnorm_padded_rows_host_tiling():
    rows, h_orig, h = 20, 100, 104       # float rows padded to whole 32-byte blocks
    eps = 1e-6
    rng = np.random.default_rng(3)
    x = np.zeros((rows, h), np.float32)
    x[:, :h_orig] = rng.standard_normal((rows, h_orig))
    gamma = rng.uniform(0.5, 1.5, h).astype(np.float32)
    _, min_tmp = get_rms_norm_max_min_tmp_size([1, rows, h], 4)
    tiling = asc.adv.RmsNormTiling()
    assert get_rms_norm_tiling_info([1, rows, h], [1, rows, h_orig], min_tmp, 4, tiling)
    assert (tiling.main_bs_length, tiling.loop_round, tiling.tail_bs_length) == (8, 2, 4)
    y = np.zeros_like(x)
    rmsnorm_kernel[1](x, gamma, y, rows, h, eps, min_tmp, _fields(tiling))
    x64 = x.astype(np.float64)
    rms = np.sqrt((x64[:, :h_orig] ** 2).mean(axis=1, keepdims=True) + eps)
    np.testing.assert_allclose(y, x64 / rms * gamma, rtol=2e-6, atol=1e-6)


@asc.jit
def quant_kernel(src_gm: asc.GlobalAddress, dst_gm: asc.GlobalAddress, size: asc.ConstExpr[int],
                 tmp_min_bytes: asc.ConstExpr[int], with_count: asc.ConstExpr[bool],
                 use_config: asc.ConstExpr[bool] = False):
    src_global = asc.GlobalTensor()
    dst_global = asc.GlobalTensor()
    src_global.set_global_buffer(src_gm)
    dst_global.set_global_buffer(dst_gm)
    pipe = asc.TPipe()
    in_que_x = asc.TQue(asc.TPosition.VECIN, 1)
    out_que = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_que_x, num=1, len=size * src_global.dtype.sizeof())
    pipe.init_buffer(que=out_que, num=1, len=size * asc.int8.sizeof())
    src_local = in_que_x.alloc_tensor(src_global.dtype)
    asc.data_copy(src_local, src_global, count=size)
    in_que_x.enque(src_local)
    dst_local = out_que.alloc_tensor(asc.int8)
    src_local = in_que_x.deque(src_global.dtype)
    tmp_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=tmp_buf, num=tmp_min_bytes)
    tmp_local = tmp_buf.get(asc.uint8)
    scale = 2.0
    offset = 0.9
    if use_config:
        # pyasc's quant test with a config: calc_count fixes the element count (here 32)
        asc.adv.quant(dst_local, src_local, scale, offset, size, tmp_local, config=asc.adv.QuantConfig(32, 0, 0, 512))
    elif with_count:
        asc.adv.quant(dst_local, src_local, scale, offset, size, tmp_local)
    else:
        asc.adv.quant(dst_local, src_local, scale, offset)
    out_que.enque(dst_local)
    in_que_x.free_tensor(src_local)
    dst_local = out_que.deque(asc.int8)
    asc.data_copy(dst_global, dst_local, count=size)
    out_que.free_tensor(dst_local)


def test_quant_tutorial_float32():
    rng = np.random.default_rng(seed=2025)
    size = 1024
    src = (rng.random(size) * 160.0 - 80.0).astype(np.float32)  # beyond int8: saturates
    src[:4] = [0.3, -1.7, 1.3, 63.05]                             # * 2 + 0.9: near the ties 1.5, -2.5, 3.5; 127
    dst = np.zeros(size, np.int8)
    quant_kernel[1](src, dst, size, 512, True)
    # the vendor's A2 arithmetic: float cast to half, then Muls and Adds in half, then to int8
    v = (src.astype(np.float16) * np.float16(2.0)).astype(np.float16) + np.float16(0.9)
    ref = np.clip(np.round(v.astype(np.float16).astype(np.float32)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(dst, ref)
    assert (dst == 127).any() and (dst == -128).any()
    # and float arithmetic would have given other values
    assert (dst != np.clip(np.round(src * np.float32(2.0) + np.float32(0.9)), -128, 127).astype(np.int8)).any()


def test_quant_half_without_count_or_tmp():
    rng = np.random.default_rng(seed=9)
    size = 256
    src = (rng.random(size) * 20.0 - 10.0).astype(np.float16)
    dst = np.zeros(size, np.int8)
    quant_kernel[1](src, dst, size, 512, False)
    # half arithmetic: the product and the sum each rounded to half, then to the nearest even int
    v = (src * np.float16(2.0)).astype(np.float16) + np.float16(0.9)
    ref = np.clip(np.round(v.astype(np.float16).astype(np.float32)), -128, 127).astype(np.int8)
    np.testing.assert_array_equal(dst, ref)


def test_rmsnorm_empty_tiling_is_a_fault_at_the_call():
    from asc.runtime.model import ModelFault
    x = np.zeros((8, 64), np.float32)
    with pytest.raises(ModelFault, match="the tiling's b_length, s_length or h_length is 0") as info:
        rmsnorm_kernel[1](x, np.ones(64, np.float32), np.zeros_like(x), 8, 64, 1e-6, 1024, (0,) * 12)
    assert "test_adv_norm_quant.py:" in str(info.value) and "RmsNorm" in str(info.value)


def test_quant_count_beyond_the_tensor_is_a_fault():
    from asc.runtime.model import ModelFault
    # the queue buffers hold `size` elements; a count of 2 * size reads past src
    with pytest.raises(ModelFault, match="AscendQuant"):
        _quant_over[1](np.zeros(64, np.float32), np.zeros(64, np.int8), 64)


@asc.jit
def _quant_over(src_gm: asc.GlobalAddress, dst_gm: asc.GlobalAddress, size: asc.ConstExpr[int]):
    pipe = asc.TPipe()
    b_src = asc.TBuf(asc.TPosition.VECCALC)
    b_dst = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf=b_src, num=size * 4)
    pipe.init_buffer(buf=b_dst, num=size * 2)
    asc.adv.quant(b_dst.get(asc.int8), b_src.get(asc.float32), 1.0, 0.0, 2 * size)


def test_quant_with_config():
    rng = np.random.default_rng(seed=2025)
    size = 32
    src = (rng.random(size) * 8.0 - 4.0).astype(np.float32)
    dst = np.zeros(size, np.int8)
    quant_kernel[1](src, dst, size, 512, True, True)
    np.testing.assert_array_equal(dst, np.round(src * 2.0 + 0.9).astype(np.int8))
