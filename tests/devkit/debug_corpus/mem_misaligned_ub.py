"""A misaligned UB access: the vector op starts 4 bytes into a 32-byte block."""
# expect: memcheck misaligned UB exit=1
import asc
from _run import run_kernel, script


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 128)
    asc.duplicate(t, 0.0, 128)
    asc.adds(t[1:], t, 1.0, 64)  # @1


run = script(__name__, run_kernel, kernel)
