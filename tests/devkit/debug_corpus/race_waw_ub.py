"""WAW on UB: the vector unit fills buf with a constant while MTE2 may still
be copying into it; which write lands last is not defined."""
# expect: racecheck WAW UB exit=1
import asc
from _run import run_kernel, script


@asc.jit(auto_sync=False)  # written without the compiler's flags
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    src = asc.GlobalTensor()
    dst = asc.GlobalTensor()
    src.set_global_buffer(x, n)
    dst.set_global_buffer(z, n)
    buf = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, n)
    asc.data_copy(buf, src, n)  # @1
    asc.duplicate(buf, 3.0, n)  # @2
    asc.set_flag(asc.HardEvent.V_MTE3, 1)
    asc.wait_flag(asc.HardEvent.V_MTE3, 1)
    asc.data_copy(dst, buf, n)


run = script(__name__, run_kernel, kernel)
