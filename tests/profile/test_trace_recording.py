"""ModelBackend(trace=True): the launch's stream as dicts, read from the same packed
recording the profiler simulates (one format of the stream, runtime/model/recording.py),
alone or with a profile recording the same launch."""
import numpy as np

import asc
from asc.profiler import simulate, timing_params
from asc.runtime import config
import kernels


def _launch():
    n = 2 * 4096
    x = np.ones(n, np.float16)
    z = np.zeros_like(x)
    kernels.vadd_q[2](x, x.copy(), z, 4096, 2048, 2)
    assert (z == 2).all()


def _traced(fn):
    be = config.current_backend()
    be.trace = True
    try:
        fn()
        return be.last_trace
    finally:
        be.trace = False


def test_trace_alone_is_the_recorded_stream():
    trace = _traced(_launch)
    assert {e["block"] for e in trace} == {0, 1}
    adds = [e for e in trace if e["api"] == "Add"]
    assert len(adds) == 2 * 2 and all(e["elems"] == 2048 and e["pipe"] == 1 for e in adds)
    copies_in = [e for e in trace if e["api"] == "DataCopy" and e["pipe"] == 4]
    assert len(copies_in) == 2 * 2 * 2  # two inputs per tile, two tiles, two blocks


def test_trace_and_profile_share_one_recording():
    with asc.profile() as prof:
        trace = _traced(_launch)
    lp = prof.launches[-1]
    assert len(trace) == len(lp.recording) and trace == lp.recording.dicts()
    assert simulate(trace, timing_params("Ascend910B1")).cycles == lp.sim.cycles
