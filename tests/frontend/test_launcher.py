"""pyasc's launch layer: asc.runtime.launcher.Launcher (its tests mock `run`), DRY_RUN."""

from unittest import mock

import numpy as np
import pytest

import asc
from asc.runtime import launcher as launcher_mod
from asc.runtime.launcher import Launcher, LaunchOptions
from asc.testing import scale  # y = x * factor, the suites' shared kernel


def _args():
    x = np.arange(64, dtype=np.float32)
    return x, np.zeros_like(x), 64, 2.0


def test_a_mocked_run_is_called_once_per_launch_and_nothing_runs():
    x, y, n, f = _args()
    with mock.patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
        scale[1](x, y, n, f)
        scale[1](x, y, n, f)
    assert run.call_count == 2
    kernel, name, user_args = run.call_args.args
    assert name == "scale" and "AscendC" in kernel.source and user_args[2] == n
    assert not y.any()  # compiled, not run
    scale[1](x, y, n, f)  # the patch undone: the fast path runs it
    np.testing.assert_array_equal(y, 2 * x)


def test_a_wrapped_run_still_runs_the_kernel():
    x, y, n, f = _args()
    seen = []
    real = Launcher.run

    def spy(self, kernel, name, args):
        seen.append((self.options.core_num, name))
        return real(self, kernel, name, args)

    with mock.patch.object(Launcher, "run", spy):
        scale[1](x, y, n, f)
    assert seen == [(1, "scale")]
    np.testing.assert_array_equal(y, 2 * x)


def test_dry_run_compiles_without_running(monkeypatch):
    x, y, n, f = _args()
    triple = asc.jit(scale.fn)  # a kernel this process has not launched yet
    monkeypatch.setenv("DRY_RUN", "1")
    triple[1](x, y, n, f)
    assert not y.any()
    monkeypatch.delenv("DRY_RUN")
    triple[1](x, y, n, f)
    np.testing.assert_array_equal(y, 2 * x)


def test_launcher_used_directly():
    x, y, n, f = _args()
    kernel = scale.warmup(x, y, n, f)
    Launcher(LaunchOptions(core_num=1)).run(kernel, "scale", (x, y, n, f))
    np.testing.assert_array_equal(y, 2 * x)
    with pytest.raises(ValueError, match="core_num must be positive"):
        Launcher(LaunchOptions()).run(kernel, "scale", (x, y, n, f))
    assert Launcher.get_core_num() == 24  # Ascend910B1, the default platform: 24 AI Cores
    assert launcher_mod.DEFAULT_RUN is Launcher.run


def test_config_rt_says_whether_the_model_can_run(monkeypatch):
    """pyasc's `config.rt`: the Model's runtime is available where its host compiler is;
    set_platform(Backend.Model, check=True) refuses clearly, naming the SoC, where it is not."""
    from asc.runtime import config
    assert config.rt.is_available()
    monkeypatch.setenv("CXX", "no-such-compiler-for-asc")
    assert not config.rt.is_available()
    was = (config.backend, config.platform)
    try:
        with pytest.raises(RuntimeError, match=r"Backend.Model is not available for Ascend910B3: .*install g\+\+"
                                               r".*simulator/Ascend910B3/lib"):
            config.set_platform(config.Backend.Model, soc_version=config.Platform.Ascend910B3, check=True)
        assert config.rt.soc_version is config.Platform.Ascend910B3
        config.set_platform(config.Backend.Model, soc_version=config.Platform.Ascend910B3, check=False)  # not asked
    finally:
        monkeypatch.delenv("CXX")
        config.set_platform(*was, check=False)


def test_launchers_of_either_contract_get_the_hooks_context_argument():
    """launcher._with_context: a backend's launcher taking ctx is used as is (a plain
    function is told by its code, without inspect.signature); one of the three-argument
    contract, function or bound method, is adapted."""
    calls = []

    def four(block_dim, stream, args, ctx=None):
        calls.append(("four", ctx))

    def three(block_dim, stream, args):
        calls.append(("three",))

    class Backend:
        def launch(self, block_dim, stream, args):  # 4 positional names with self: still 3 parameters
            calls.append(("method",))

        def launch_ctx(self, block_dim, stream, args, ctx=None):
            calls.append(("method ctx", ctx))

    b = Backend()
    assert launcher_mod._with_context(four) is four
    for fn in (four, three, b.launch, b.launch_ctx, lambda block_dim, stream, args: calls.append(("lambda",))):
        launcher_mod._with_context(fn)(1, None, [], "ctx")
    assert calls == [("four", "ctx"), ("three",), ("method",), ("method ctx", "ctx"), ("lambda",)]
