"""User-defined kernel structs (pyasc's asc.language.core.struct: Struct, Field, StructField).

A struct argument travels as its leaf fields, one scalar parameter each; the
kernel reads them through the parameter's attributes (nested structs nest).
"""

import numpy as np
import pytest

import asc
from asc.language.core.dtype import KnownTypes as KT
from asc.language.core.struct import Field, Struct, StructField


class BlockConfig(Struct):
    block_length = Field(dtype=KT.int32, default=0)


class TileConfig(Struct):
    tile_length = Field(dtype=KT.int32, default=0)
    tile_num = Field(dtype=KT.int32, default=0)
    scale = Field(dtype=KT.float32, default=1.0)


class KernelConfig(Struct):
    block = StructField(BlockConfig)
    tile = StructField(TileConfig)


@asc.jit
def scaled_copy(x: asc.GlobalAddress, y: asc.GlobalAddress, cfg: KernelConfig):
    offset = asc.get_block_idx() * cfg.block.block_length
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset)
    y_gm.set_global_buffer(y + offset)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    for i in range(cfg.tile.tile_num):
        asc.data_copy(t, x_gm[i * cfg.tile.tile_length:], cfg.tile.tile_length)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.muls(t, t, cfg.tile.scale, cfg.tile.tile_length)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.V_MTE3, 0)
        asc.data_copy(y_gm[i * cfg.tile.tile_length:], t, cfg.tile.tile_length)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)


def test_nested_struct_argument_runs_with_the_hosts_values():
    x = np.arange(4 * 512, dtype=np.float32)
    y = np.zeros_like(x)
    cfg = KernelConfig(tile=TileConfig(tile_length=64, tile_num=0))
    cfg.tile.tile_num = 8  # set after construction, as pyasc's test_vadd_tiling does
    cfg.tile.scale = 0.5
    cfg.block = BlockConfig(block_length=512)
    scaled_copy[4](x, y, cfg)
    np.testing.assert_array_equal(y, x * 0.5)
    # another instance of the class: the same kernel, the new values
    cfg2 = KernelConfig(block=BlockConfig(block_length=256), tile=TileConfig(tile_length=128, tile_num=2, scale=2.0))
    y2 = np.zeros_like(x)
    scaled_copy[8](x, y2, cfg2)
    np.testing.assert_array_equal(y2, x * 2.0)


def test_struct_leaves_are_scalar_parameters_of_the_kernel():
    cfg = KernelConfig(block=BlockConfig(block_length=512), tile=TileConfig(tile_length=64, tile_num=8))
    src = scaled_copy.warmup(np.zeros(8, np.float32), np.zeros(8, np.float32), cfg).source
    assert "int32_t cfg_block_block_length" in src and "float cfg_tile_scale" in src, src


def test_unknown_field_and_missing_default_are_errors():
    with pytest.raises(RuntimeError, match="does not have a field 'tile_len'"):
        TileConfig(tile_len=3)

    class NoDefault(Struct):
        n = Field(dtype=KT.int32)

    with pytest.raises(RuntimeError, match="does not have a default value for 'n'"):
        NoDefault()
    with pytest.raises(RuntimeError, match="must have at least one field"):
        class Empty(Struct):
            pass


@asc.jit
def assigns_a_field(x: asc.GlobalAddress, cfg: TileConfig):
    cfg.tile_num = 3


def test_assigning_a_field_in_the_kernel_is_a_located_error():
    with pytest.raises(asc.CompileError, match=r"test_user_struct.py:\d+.*assigning to attributes"):
        assigns_a_field[1](np.zeros(8, np.float32), TileConfig())
