"""A leak: the queue buffer x_local is allocated and never freed."""
# expect: memcheck leak - exit=1
import asc
from _run import run_kernel, script


@asc.jit
def kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * n, n)
    pipe = asc.TPipe()
    in_q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(in_q, 1, n * 4)
    x_local = in_q.alloc_tensor(asc.float32)  # @1
    asc.data_copy(x_local, x_gm, n)
    in_q.enque(x_local)
    y_local = in_q.deque(asc.float32)
    asc.adds(y_local, y_local, 1.0, n)


run = script(__name__, run_kernel, kernel, cores=2)
