"""Each reference kernel of asc.bench.baselines reaches its stated share of the
platform roofline (baselines.ROOFLINE, docs/asc-bench.md) at its stated shape,
timing-only on the timed Model."""

import numpy as np
import pytest

import asc
from asc.bench import baselines
from asc.bench.work import count, peaks, roofline


def _arrays(name, shape, dtype):
    dims = [int(d) for d in shape.split("x")]
    if name in ("add", "mul"):
        return [{"name": v, "shape": dims, "dtype": dtype} for v in "xyz"]
    if name == "softmax":
        return [{"name": v, "shape": dims, "dtype": dtype} for v in "xy"]
    if name == "rmsnorm":
        return [{"name": "x", "shape": dims, "dtype": dtype}, {"name": "g", "shape": dims[1:], "dtype": dtype},
                {"name": "y", "shape": dims, "dtype": dtype}]
    m, k, n = dims
    return [{"name": "a", "shape": [m, k], "dtype": "float16"}, {"name": "b", "shape": [k, n], "dtype": "float16"},
            {"name": "c", "shape": [m, n], "dtype": "float32"}]


@pytest.mark.parametrize("name", sorted(baselines.ROOFLINE))
def test_reaches_the_stated_share_of_the_roofline(name):
    shape, margin, bound = baselines.ROOFLINE[name]
    dims, dtype = shape.split()
    w = baselines.RECOGNIZE[name](_arrays(name, dims, dtype))
    assert w is not None and w.shape == dims
    with asc.profile(compute=False) as prof:
        w.make(baselines.cores_for("Ascend910B1", w.operator))
    lp = prof.launches[-1]
    work = count(lp)
    itemsize = 2 if name == "matmul" else np.dtype(dtype).itemsize
    rf = roofline(work, lp.total_us * 1e-6, peaks("Ascend910B1", itemsize))
    assert rf.bound == bound
    assert margin <= rf.fraction <= 1.0, f"{name} at {shape}: {rf.fraction:.1%} of the roofline"
