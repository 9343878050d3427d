"""An unusable $ASC_CACHE_DIR (issue 25): one warning naming the variable, and the kernel
still compiles and runs (in a temporary directory); never a raw OSError.

Cheap: the Model's runtime object and precompiled header come from $ASC_MODEL_PREBUILT,
so only the kernel itself is compiled here.
"""

import logging
import uuid

import numpy as np

import asc
from conftest import SCALE_PARAMS, make_kernel, scale_source
from asc.runtime.model import ModelBackend


def _asc_warnings(caplog):
    return [r.getMessage() for r in caplog.records if r.name == "asc" and r.levelno == logging.WARNING]


def test_a_file_as_cache_dir_is_named_and_the_kernel_still_runs(tmp_path, monkeypatch, caplog):
    not_a_dir = tmp_path / "cache-file"
    not_a_dir.write_text("a file, not a directory")
    monkeypatch.setenv("ASC_CACHE_DIR", str(not_a_dir))
    kernel = make_kernel("scale", scale_source(2.0, tag=uuid.uuid4().hex), SCALE_PARAMS,
                         cache_dir=not_a_dir / "ab" / "entry")
    x = np.arange(4 * 256, dtype=np.float32)
    y = np.full_like(x, -1.0)
    with caplog.at_level(logging.WARNING, logger="asc"):
        ModelBackend(timeout_s=30.0).load(kernel)(4, None, [x, y, 256, 0.5])
    np.testing.assert_allclose(y, x * np.float32(0.5) + np.float32(2.0), rtol=1e-6)
    named = [m for m in _asc_warnings(caplog) if f"ASC_CACHE_DIR={not_a_dir}" in m]
    assert len(named) == 1, _asc_warnings(caplog)
    assert "temporary directory" in named[0]


def test_a_jit_kernel_with_an_unusable_cache_dir(tmp_path, monkeypatch, caplog):
    not_a_dir = tmp_path / "cache-file"
    not_a_dir.write_text("")
    monkeypatch.setenv("ASC_CACHE_DIR", str(not_a_dir))

    @asc.jit
    def double_it(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
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

    x = np.arange(256, dtype=np.float32)
    y = np.zeros_like(x)
    with caplog.at_level(logging.WARNING, logger="asc"):
        double_it[1](x, y, 256)
    np.testing.assert_array_equal(y, 2 * x)
    assert any("ASC_CACHE_DIR" in m for m in _asc_warnings(caplog)), _asc_warnings(caplog)
