"""asc.array, asc.property and LocalMemAllocator."""

import pytest

import asc
from emit_check import check, compile_source


@asc.jit
def k_array(n: int, i: int):
    a = asc.array(asc.int32, [1, 2, n])
    z = asc.array(asc.float32, 4, 1.0)
    e = asc.array(asc.int32, 3)
    a[0] = n + 5
    s = a[0] + a[1] + a[-1]
    r = a[i]
    a[i] = 7
    asc.printf("%d %d %d %d %f %d\n", s, r, a[2], len(a), z[3], e[1])


def test_array():
    src = compile_source(k_array, 3, 1)
    # a[i] reads through a select chain; a[i] = 7 rewrites each element as a select;
    # len(a), z[3] and e[1] are compile-time
    check(src, "n + 5", "? ", "? ", "v6 = v5 ? 7 : n;",
          'AscendC::printf("%d %d %d %d %f %d\\n", s, r, v6, 3, 1.000000000e+00f, 0);')


@asc.jit
def k_array_oob():
    a = asc.array(asc.int32, [1, 2])
    asc.printf("%d\n", a[2])


def test_array_out_of_range():
    with pytest.raises(asc.CompileError, match="index 2 out of range for length 2"):
        compile_source(k_array_oob)


@asc.jit
def k_property():
    b = asc.property(asc.Property.BLOCK_IDX)
    c = asc.property(asc.Property.SUB_BLOCK_NUM)
    d = asc.property(asc.Property.ONE_BLK_SIZE)
    asc.printf("%d %d %d\n", b, c, d)


def test_property():
    src = compile_source(k_property)
    check(src, "b = AscendC::GetBlockIdx();", "c = AscendC::GetSubBlockNum();",
          'AscendC::printf("%d %d %d\\n", b, c, 32);')


@asc.jit
def k_alloc(n: int):
    ub = asc.LocalMemAllocator()
    t1 = ub.alloc(asc.TPosition.VECIN, asc.float16, 100)     # 200 B -> next at 224
    t2 = ub.alloc(asc.TPosition.VECOUT, asc.float32, 16)     # 64 B at 224 -> 288
    t3 = ub.alloc(asc.TPosition.VECCALC, asc.int8, n)        # runtime size at 288
    t4 = ub.alloc(asc.TPosition.VECCALC, asc.int8, 32)       # runtime address
    l1 = asc.LocalMemAllocator(asc.Hardware.L1)
    a1 = l1.alloc(asc.TPosition.A1, asc.float16, 512)
    b1 = l1.alloc(asc.TPosition.B1, asc.float16, 512)
    asc.data_copy(t2, t2, 16)
    asc.data_copy(t4, t4, 32)
    asc.data_copy(b1, a1, 512)
    asc.printf("%d\n", ub.get_cur_addr())


def test_local_mem_allocator():
    src = compile_source(k_alloc, 64)
    check(src, "t1(AscendC::TPosition::VECIN, 0, 100);", "t2(AscendC::TPosition::VECOUT, 224, 16);",
          "t3(AscendC::TPosition::VECCALC, 288, n);", "t4(AscendC::TPosition::VECCALC,",
          "a1(AscendC::TPosition::A1, 0, 512);", "b1(AscendC::TPosition::B1, 1024, 512);")


@asc.jit
def k_alloc_overflow():
    ub = asc.LocalMemAllocator()
    ub.alloc(asc.TPosition.VECIN, asc.float32, 60000)


@asc.jit
def k_alloc_wrong_pos():
    ub = asc.LocalMemAllocator(asc.Hardware.UB)
    ub.alloc(asc.TPosition.A1, asc.float32, 16)


def test_local_mem_allocator_errors():
    with pytest.raises(asc.CompileError, match="beyond the 196608 bytes of UB"):
        compile_source(k_alloc_overflow)
    with pytest.raises(asc.CompileError, match="TPosition.A1 is in L1"):
        compile_source(k_alloc_wrong_pos)
