"""ASC_FORCE_BACKEND=Model: every launch runs on the Model whatever backend the script selected."""

import numpy as np
import pytest

import asc
import asc.runtime.config as config
from asc import settings


@asc.jit
def add_one(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    y_gm.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, 1.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, n)


@pytest.fixture
def npu_selected(monkeypatch):
    """The script selects the NPU (there is none here) with the knob set."""
    monkeypatch.setenv("ASC_FORCE_BACKEND", "Model")
    monkeypatch.setattr(config, "_forced_announced", False)
    was = config.backend
    config.set_platform(config.Backend.NPU)
    yield
    monkeypatch.delenv("ASC_FORCE_BACKEND")
    config.set_platform(was)


def test_npu_selection_runs_on_the_model_and_says_so_once(capsys, npu_selected):
    x = np.arange(64, dtype=np.float32)
    for _ in range(3):
        y = np.zeros_like(x)
        add_one[1](x, y, 64)
        np.testing.assert_array_equal(y, x + 1)
    err = capsys.readouterr().err
    assert err.count("ASC_FORCE_BACKEND=Model") == 1, err
    assert "selected Backend.NPU" in err
    assert config.current_backend().name == "model"


def test_without_the_knob_the_npu_selection_stands(monkeypatch):
    monkeypatch.delenv("ASC_FORCE_BACKEND", raising=False)
    assert config.forced_note() is None
    was = config.backend
    try:
        config.backend = config.Backend.NPU  # (no set_platform: that would try to load ACL)
        assert config.effective_backend() is config.Backend.NPU
    finally:
        config.backend = was


def test_a_value_other_than_model_is_refused(monkeypatch):
    monkeypatch.setenv("ASC_FORCE_BACKEND", "NPU")
    with pytest.raises(ValueError, match="ASC_FORCE_BACKEND='NPU'.*only backend that can be forced is Model"):
        settings.force_backend.get()


def test_profiles_and_findings_record_it(npu_selected):
    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    with asc.profile() as prof:
        add_one[1](x, y, 64)
    assert "ASC_FORCE_BACKEND=Model" in prof.launches[-1].spec["forced_backend"]
    with asc.debug.checks("memcheck") as run:
        add_one[1](x, y, 72)  # 288 bytes from 256-byte arguments: inside the padding, a warning
    assert run.findings and all("ASC_FORCE_BACKEND=Model" in f.extra["forced_backend"] for f in run.findings)
