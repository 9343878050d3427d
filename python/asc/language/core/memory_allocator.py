"""core/memory_allocator: LocalMemAllocator, bump allocation of LocalTensors by address.

The dialect has no allocator op, so this is done while tracing: an allocator
owns one Hardware buffer (UB by default), starts at address 0 and hands out
consecutive regions, each aligned to 32 bytes, as
`asc.LocalTensor(dtype, pos, addr, tile_size)`. With compile-time tile sizes
the addresses are constants and exceeding the buffer's capacity is a
compile-time error; a runtime tile size makes the following addresses runtime
values (computed with the same 32-byte rounding). The position must live in
the allocator's hardware (VECIN/VECOUT/VECCALC in UB, A1/B1/C1 in L1, A2 in
L0A, B2 in L0B, CO1 in L0C, C2 in BIAS).
"""

from __future__ import annotations

from typing import Union

from . import context, semantic
from . import dtype as dt
from .constexpr import ConstExpr
from .enums import Hardware, TPosition
from .ir_value import PlainValue
from .tensor import LocalTensor

ALIGN = 32

# bytes of each local buffer (Atlas A2 training / 910B)
CAPACITY = {Hardware.UB: 192 * 1024, Hardware.L1: 512 * 1024, Hardware.L0A: 64 * 1024,
            Hardware.L0B: 64 * 1024, Hardware.L0C: 128 * 1024, Hardware.BIAS: 1024,
            Hardware.FIXBUF: 7 * 1024}

POSITION_HARDWARE = {
    TPosition.VECIN: Hardware.UB, TPosition.VECOUT: Hardware.UB, TPosition.VECCALC: Hardware.UB,
    TPosition.A1: Hardware.L1, TPosition.B1: Hardware.L1, TPosition.C1: Hardware.L1,
    TPosition.A2: Hardware.L0A, TPosition.B2: Hardware.L0B, TPosition.CO1: Hardware.L0C,
    TPosition.C2: Hardware.BIAS,
}


class LocalMemAllocator:
    """Hands out 32-byte-aligned LocalTensors of one local buffer, in order."""

    def __init__(self, hard: Hardware = Hardware.UB) -> None:
        context.current()
        hard = Hardware(int(hard))
        if hard not in CAPACITY:
            raise ValueError(f"LocalMemAllocator: {hard.name} is not a local buffer")
        self.hard = hard
        self.capacity = CAPACITY[hard]
        self._addr: Union[int, PlainValue] = 0

    def get_cur_addr(self) -> Union[int, PlainValue]:
        """The address the next allocation starts at (bytes from the buffer's start)."""
        return self._addr

    def alloc(self, pos: TPosition, data_type: dt.DataType, tile_size) -> LocalTensor:
        """A LocalTensor of `tile_size` elements of `data_type` at the current address."""
        context.current()
        if not isinstance(data_type, dt.DataType):
            raise TypeError(f"LocalMemAllocator.alloc: data_type must be an asc dtype, "
                            f"got {type(data_type).__name__}")
        pos = TPosition(int(pos))
        where = POSITION_HARDWARE.get(pos)
        if where is not None and where != self.hard:
            raise ValueError(f"LocalMemAllocator.alloc: TPosition.{pos.name} is in {where.name}, "
                             f"this allocator allocates {self.hard.name}")
        tile_size = ConstExpr.unwrap(tile_size)
        addr = self._addr
        if isinstance(tile_size, PlainValue) or isinstance(addr, PlainValue):
            nbytes = semantic.binary("*", tile_size, data_type.sizeof())
            end = semantic.binary("+", addr, nbytes)
            self._addr = semantic.binary("*", semantic.binary("//", semantic.binary("+", end, ALIGN - 1),
                                                          ALIGN), ALIGN)
        else:
            tile_size = int(tile_size)
            if tile_size <= 0:
                raise ValueError(f"LocalMemAllocator.alloc: tile_size must be positive, got {tile_size}")
            end = addr + tile_size * data_type.sizeof()
            if end > self.capacity:
                raise ValueError(f"LocalMemAllocator.alloc: {tile_size} x {data_type.name} at address "
                                 f"{addr} ends at byte {end}, beyond the {self.capacity} bytes of "
                                 f"{self.hard.name}")
            self._addr = (end + ALIGN - 1) // ALIGN * ALIGN
        return LocalTensor(data_type, pos, addr, tile_size)


__all__ = ["LocalMemAllocator"]
