"""pyasc's launch layer: asc.runtime.launcher.Launcher (its tests mock `run`), DRY_RUN."""

from unittest import mock

import numpy as np
import pytest

import asc
from asc.runtime import launcher as launcher_mod
from asc.runtime.launcher import Launcher, LaunchOptions


@asc.jit
def double(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, 2.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, n)


def _args():
    x = np.arange(64, dtype=np.float32)
    return x, np.zeros_like(x), 64


def test_a_mocked_run_is_called_once_per_launch_and_nothing_runs():
    x, y, n = _args()
    with mock.patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
        double[1](x, y, n)
        double[1](x, y, n)
    assert run.call_count == 2
    kernel, name, user_args = run.call_args.args
    assert name == "double" and "AscendC" in kernel.source and user_args[2] == n
    assert not y.any()  # compiled, not run
    double[1](x, y, n)  # the patch undone: the fast path runs it
    np.testing.assert_array_equal(y, 2 * x)


def test_a_wrapped_run_still_runs_the_kernel():
    x, y, n = _args()
    seen = []
    real = Launcher.run

    def spy(self, kernel, name, args):
        seen.append((self.options.core_num, name))
        return real(self, kernel, name, args)

    with mock.patch.object(Launcher, "run", spy):
        double[1](x, y, n)
    assert seen == [(1, "double")]
    np.testing.assert_array_equal(y, 2 * x)


def test_dry_run_compiles_without_running(monkeypatch):
    x, y, n = _args()
    triple = asc.jit(double.fn)  # a kernel this process has not launched yet
    monkeypatch.setenv("DRY_RUN", "1")
    triple[1](x, y, n)
    assert not y.any()
    monkeypatch.delenv("DRY_RUN")
    triple[1](x, y, n)
    np.testing.assert_array_equal(y, 2 * x)


def test_launcher_used_directly():
    x, y, n = _args()
    kernel = double.warmup(x, y, n)
    Launcher(LaunchOptions(core_num=1)).run(kernel, "double", (x, y, n))
    np.testing.assert_array_equal(y, 2 * x)
    with pytest.raises(ValueError, match="core_num must be positive"):
        Launcher(LaunchOptions()).run(kernel, "double", (x, y, n))
    assert Launcher.get_core_num() == 24  # Ascend910B1, the default platform: 24 AI Cores
    assert launcher_mod.DEFAULT_RUN is Launcher.run
