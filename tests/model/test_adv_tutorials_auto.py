"""pyasc's quant and softmax tutorials as written: LocalTensorAuto tensors, no queue and no
flag, synchronised by the compiler (insert_sync=True, docs/auto-sync.md), checked against
the tutorials' own numpy references on the Model."""

import numpy as np

import asc
import asc.lib.runtime as rt
from asc.runtime import config


@asc.jit(kernel_type=config.KernelType.AIV_ONLY, insert_sync=True)
def quant_kernel(src_gm: asc.GlobalAddress, dst_gm: asc.GlobalAddress, size: asc.ConstExpr[int],
                 tmp_min_bytes: asc.ConstExpr[int]):
    src_global = asc.GlobalTensor()
    dst_global = asc.GlobalTensor()
    src_global.set_global_buffer(src_gm)
    dst_global.set_global_buffer(dst_gm)
    src_local = asc.LocalTensorAuto(src_global.dtype, size)
    asc.data_copy(src_local, src_global, count=size)
    dst_local = asc.LocalTensorAuto(asc.int8, size)
    tmp_local = asc.LocalTensorAuto(asc.uint8, tmp_min_bytes)
    scale = 2.0
    offset = 0.9
    asc.adv.quant(dst_local, src_local, scale, offset, size, tmp_local)
    asc.data_copy(dst_global, dst_local, count=size)


def get_min_max_tmp_size(input_size: int):
    repeat_times, one_repeat_bytes, memory_calc, blk_size = 2, 256, 2, 32
    tmp1 = input_size * memory_calc
    tmp2 = repeat_times * one_repeat_bytes
    return repeat_times * one_repeat_bytes, (max(tmp1, tmp2) + blk_size - 1) // blk_size * blk_size


def test_quant_tutorial():
    rng = np.random.default_rng(seed=2025)
    size = 1024
    src = (rng.random(size) * 8.0 - 4.0).astype(np.float32)
    dst = np.zeros_like(src, dtype=np.int8)
    tmp_min_bytes, _ = get_min_max_tmp_size(src.size)
    quant_kernel[1, rt.current_stream()](src, dst, src.size, tmp_min_bytes)
    # the vendor's A2 arithmetic (ascend_quant_common_impl.h): float cast to half, Muls and Adds in half
    v = (src.astype(np.float16) * np.float16(2.0)).astype(np.float16) + np.float16(0.9)
    np.testing.assert_array_equal(dst, np.round(v.astype(np.float16).astype(np.float32)).astype(np.int8))
    # the compiler ordered the copies around the call
    source = quant_kernel.warmup(src, dst, src.size, tmp_min_bytes).source
    assert "AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>" in source
    assert "AscendC::SetFlag<AscendC::HardEvent::V_MTE3>" in source


@asc.jit(kernel_type=config.KernelType.AIV_ONLY, insert_sync=True)
def softmax_kernel(src: asc.GlobalAddress, dst: asc.GlobalAddress, height: asc.ConstExpr[int],
                   width: asc.ConstExpr[int], tile_num: asc.ConstExpr[int], block_num: asc.ConstExpr[int]):
    total_length = height * width
    block_length = total_length // block_num
    tile_length = block_length // tile_num
    count = tile_length // width
    src_global = asc.GlobalTensor()
    dst_global = asc.GlobalTensor()
    src_global.set_global_buffer(src)
    dst_global.set_global_buffer(dst)
    for i in asc.range(tile_num):
        offset = asc.get_block_idx() * block_length + i * tile_length
        src_local = asc.LocalTensorAuto(src.dtype, tile_length)
        sum_local = asc.LocalTensorAuto(src.dtype, (height // block_num // tile_num) * count)
        max_local = asc.LocalTensorAuto(src.dtype, (height // block_num // tile_num) * count)
        dst_local = asc.LocalTensorAuto(dst.dtype, tile_length)
        asc.data_copy(src_local, src_global[offset:], count=tile_length)
        shape = asc.ShapeInfo(asc.array(asc.int32, (height // block_num // tile_num, width)))
        src_local.set_shape_info(shape)
        dst_local.set_shape_info(shape)
        shape = asc.ShapeInfo(asc.array(asc.int32, (height // block_num // tile_num, count)))
        sum_local.set_shape_info(shape)
        max_local.set_shape_info(shape)
        tiling = asc.adv.SoftmaxTiling()
        asc.adv.softmax(src_local, sum_local, max_local, src_local, tiling)
        asc.data_copy(dst_local, src_local, count=tile_length)
        asc.data_copy(dst_global[offset:], dst_local, count=tile_length)


def softmax_numpy(tensor: np.ndarray) -> np.ndarray:
    tensor = tensor - np.max(tensor)
    return np.transpose(np.exp(np.transpose(tensor)) / sum(np.exp(np.transpose(tensor))))


def test_softmax_tutorial():
    rng = np.random.default_rng(seed=2025)
    # the tutorial's 1024 x 1024 with narrower rows (test time); its sum/max tensors hold
    # rows-per-tile x rows-per-tile elements, one 32-byte block per row only with 8 rows per tile
    height, width = 1024, 64
    src = rng.random((height, width), dtype=np.float32) * 5.0
    dst = np.zeros_like(src)
    softmax_kernel[16, rt.current_stream()](src, dst, height, width, tile_num=8, block_num=16)
    np.testing.assert_allclose(dst, softmax_numpy(src), atol=1 / src.size)
