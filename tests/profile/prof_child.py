"""A profiled program for the .prof reliability tests (test_prof_reliability.py).

    python prof_child.py N [--then CMD]   # N launches of kernels.vadd_q; CMD (a shell command) runs
                                          # after the first launch, before the others (os.system)
    python prof_child.py zero             # one launch whose ops all have count 0
"""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import asc  # noqa: E402
import kernels  # noqa: E402


@asc.jit
def zero_ops(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Every op gets count n; with n = 0 the launch does no work at all."""
    x_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    z_gm.set_global_buffer(z, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, n)
    asc.adds(t, t, 1.0, n)
    asc.data_copy(z_gm, t, n)


def vadd_once():
    n = 2 * 1024
    x = np.ones(n, np.float16)
    z = np.zeros(n, np.float16)
    kernels.vadd_q[2](x, x, z, 1024, 256, 2)
    assert (z == 2).all()


if __name__ == "__main__":
    if sys.argv[1] == "zero":
        x = np.ones(256, np.float32)
        z = np.zeros(256, np.float32)
        zero_ops[1](x, z, 0)
        assert not z.any()
        sys.exit(0)
    count = int(sys.argv[1])
    then = sys.argv[sys.argv.index("--then") + 1] if "--then" in sys.argv else None
    for i in range(count):
        vadd_once()
        if i == 0 and then:
            assert os.system(then) == 0, then
    print(f"prof_child: {count} launches")
