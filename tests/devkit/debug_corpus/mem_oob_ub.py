"""Out of bounds in UB, both directions: the vector op reads 8 elements past
the end of a_tile and writes 8 past the end of b_tile. asc-debug reports both
and the run goes on."""
# expect: memcheck out-of-bounds UB exit=1
import asc
from _run import run_kernel, script


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    a_tile = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    b_tile = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 512, 64)
    asc.duplicate(a_tile, 1.0, 64)
    asc.adds(b_tile, a_tile, 1.0, 72)  # @1


run = script(__name__, run_kernel, kernel)
