"""Queue misuse: deque from a queue nothing was enqueued to (the launch stops there)."""
# expect: memcheck queue-misuse - exit=1
import asc
from _run import run_kernel, script


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    t = q.deque(asc.float32)  # @1
    asc.adds(t, t, 1.0, n)


run = script(__name__, run_kernel, kernel)
