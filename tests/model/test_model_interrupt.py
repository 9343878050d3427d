"""A runaway kernel never hangs the host: Ctrl-C (SIGINT) stops it at its next
API call, ASC_MODEL_LAUNCH_TIMEOUT bounds a launch, and the process stays
usable for the next launch."""

import os
import signal
import threading
import time

import numpy as np
import pytest

from conftest import gm, make_kernel, scalar
from asc.runtime.model import ModelFault

PARAMS = [gm("x"), scalar("n")]

# Loops "forever" (2^31 iterations of two API calls) on every core.
RUNAWAY = """#include "kernel_operator.h"

#line 1 "spin.py"
extern "C" __global__ __aicore__ void spin(GM_ADDR x, int32_t n) {
  for (int32_t i = 0; i < 2147483647; i += 1) {
#line 3 "spin.py"
    AscendC::SetFlag<AscendC::HardEvent::V_S>(0);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(0);
  }
  return;
}
"""

GOOD = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void good(GM_ADDR x, int32_t n) {
  AscendC::GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)x, n);
  g.SetValue(0, 42.0f);
  return;
}
"""


def _good_launch_still_works(run):
    x = np.zeros(8, np.float32)
    run("good", GOOD, PARAMS, 1, [x, 8])
    assert x[0] == 42.0


def test_ctrl_c_stops_a_runaway_kernel(run, backend, cache):
    launcher = backend.load(make_kernel("spin", RUNAWAY, PARAMS, cache_dir=cache / "kernels"))
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))  # compiled: now "press" Ctrl-C
    timer.start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt, match=r"interrupted: spin\.py:[34]: block \d+: interrupted"):
        launcher(4, None, [np.zeros(8, np.float32), 8])
    timer.join()
    assert time.monotonic() - start < 30
    # Python's own SIGINT handling is back after the launch
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    _good_launch_still_works(run)


def test_launch_time_limit(run, monkeypatch):
    monkeypatch.setenv("ASC_MODEL_LAUNCH_TIMEOUT", "0.5")
    with pytest.raises(ModelFault, match=r"spin\.py:[34]: block \d+: launch: still running after "
                                         r"[\d.]+ s \(ASC_MODEL_LAUNCH_TIMEOUT=0.5\)"):
        run("spin", RUNAWAY, PARAMS, 2, [np.zeros(8, np.float32), 8])
    monkeypatch.delenv("ASC_MODEL_LAUNCH_TIMEOUT")
    _good_launch_still_works(run)
