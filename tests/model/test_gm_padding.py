"""GM arguments have the device's padding on the Model (cpp/model/include/asc_model/gm_padding.h).

aclrtMalloc gives n bytes as ALIGN_UP(n, 32) + 32: accesses there proceed on a
zero-filled buffer of the launch (reads see what the padding holds, writes go
to it and never to the user's memory) and memcheck warns naming the line;
past it stays a fault. With ASC_FORCE_BACKEND=Model over a script that chose
the NPU, the padding runs to the end of the 2 MiB page (torch_npu's segments).
"""

import numpy as np
import pytest

import asc
import asc.runtime.config as config
from asc.runtime.model import ModelFault


@asc.jit
def copy_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n_in: int, n_out: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 1024)
    asc.data_copy(t, x_gm, n_in)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(y_gm, t, n_out)


@asc.jit
def write_then_read(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    z_gm.set_global_buffer(z)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 1024)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(y_gm, t, n)  # runs past y's end into its padding
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    u = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4096, 1024)
    asc.data_copy(u, y_gm, n)  # reads the padding back
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)
    asc.data_copy(z_gm, u, n)


def test_read_inside_padding_sees_the_padding():
    # 40 floats = 160 bytes: aclrtMalloc holds 192, so 48 floats may be read
    x = np.arange(1, 41, dtype=np.float32)
    y = np.full(48, -1.0, dtype=np.float32)
    copy_kernel[1](x, y, 48, 48)
    np.testing.assert_array_equal(y[:40], x)
    np.testing.assert_array_equal(y[40:], 0.0)  # the padding holds zeros until written


def test_write_inside_padding_lands_in_the_padding_not_in_user_memory():
    buf = np.full(128, 7.0, dtype=np.float32)
    y = buf[8:48]  # 40 floats; buf[48:] is the user's memory right after y
    x = np.arange(1, 49, dtype=np.float32)
    z = np.zeros(48, dtype=np.float32)
    write_then_read[1](x, y, z, 48)
    np.testing.assert_array_equal(y, x[:40])
    np.testing.assert_array_equal(buf[48:], 7.0)  # never touched
    np.testing.assert_array_equal(buf[:8], 7.0)
    np.testing.assert_array_equal(z, x)  # the padding kept what the kernel wrote


def test_access_beyond_the_padding_faults():
    x = np.arange(1, 41, dtype=np.float32)
    y = np.zeros(64, dtype=np.float32)
    with pytest.raises(ModelFault, match=r"reads GM x\[0, 224\) beyond the 160 bytes of argument 'x'"):
        copy_kernel[1](x, y, 56, 56)  # 224 bytes > 192
    assert (y == 0).all()  # the launch stopped before the copy-out


def test_write_beyond_the_padding_faults_and_writes_nothing():
    buf = np.full(128, 7.0, dtype=np.float32)
    y = buf[8:48]
    x = np.arange(1, 57, dtype=np.float32)
    with pytest.raises(ModelFault, match=r"writes GM y\[0, 224\) beyond the 160 bytes of argument 'y'"):
        copy_kernel[1](x, y, 56, 56)
    np.testing.assert_array_equal(buf, 7.0)


def test_memcheck_warns_naming_the_line():
    x = np.arange(1, 41, dtype=np.float32)
    y = np.zeros(48, dtype=np.float32)
    with asc.debug.checks("memcheck") as run:
        copy_kernel[1](x, y, 48, 48)
    pad = [f for f in run.findings if f.kind == "gm-padding"]
    assert pad and all(f.severity == "warning" for f in pad), run.findings
    assert not [f for f in run.findings if f.severity == "error"], run.findings
    text = "\n".join(pad[0].lines)
    line = next(i for i, l in enumerate(open(__file__), 1) if "asc.data_copy(t, x_gm, n_in)" in l)
    assert f"test_gm_padding.py:{line}" in text and "argument 'x'" in text, text
    np.testing.assert_array_equal(y[:40], x)


def test_forced_npu_script_gets_2mib_pages(monkeypatch, capsys):
    x = np.arange(1, 41, dtype=np.float32)
    y = np.zeros(1024, dtype=np.float32)
    monkeypatch.setenv("ASC_FORCE_BACKEND", "Model")
    was = config.backend
    config.set_platform(config.Backend.NPU)  # the script's choice; the knob runs it on the Model
    try:
        copy_kernel[1](x, y, 1024, 1024)  # 4 KiB from a 160-byte argument: inside its 2 MiB page
        assert "ASC_FORCE_BACKEND=Model" in capsys.readouterr().err
    finally:
        monkeypatch.delenv("ASC_FORCE_BACKEND")
        config.set_platform(was)
    np.testing.assert_array_equal(y[:40], x)
    np.testing.assert_array_equal(y[40:], 0.0)
    with pytest.raises(ModelFault, match="beyond the 160 bytes"):  # the knob is off again: 64 bytes of padding
        copy_kernel[1](x, y, 1024, 1024)


@asc.jit
def copy_count(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm.set_global_buffer(y)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 16)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(y_gm, t, n)


def test_forced_npu_script_rounds_data_copy_counts_down_to_blocks(monkeypatch):
    x = np.arange(1, 17, dtype=np.float32)
    y = np.zeros(16, dtype=np.float32)
    with pytest.raises(ModelFault, match="not a whole number of 32-byte blocks"):
        copy_count[1](x, y, 12)  # the Model's own check, without the knob
    monkeypatch.setenv("ASC_FORCE_BACKEND", "Model")
    was = config.backend
    config.set_platform(config.Backend.NPU)
    try:
        copy_count[1](x, y, 12)  # 48 bytes: the device copies one 32-byte block and drops the rest
        np.testing.assert_array_equal(y[:8], x[:8])
        np.testing.assert_array_equal(y[8:], 0.0)
        copy_count[1](x, y, 24)  # 96 bytes into a 64-byte tile: on the device, the next bytes of the UB
        np.testing.assert_array_equal(y, x[:16])
    finally:
        monkeypatch.delenv("ASC_FORCE_BACKEND")
        config.set_platform(was)
