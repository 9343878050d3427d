"""initcheck and DataCopy's 32-byte blocks: a result shorter than a block (a
reduction's scalar, as the vendor's reduce_computation copies out) goes to GM with
the rest of its block; those unwritten bytes are the copy's padding, not a read of
uninitialised data. A block with nothing written in it is still reported."""
import numpy as np
import pytest

import asc
from asc.debug import findings


@asc.jit
def one_value_out(z: asc.GlobalAddress, blocks: asc.ConstExpr[int]):
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, 16)
    y_local = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 16)
    asc.duplicate(y_local, 3.0, 1)  # one float of the first 32-byte block
    asc.data_copy(z_gm, y_local, 8 * blocks)


def _initcheck(launch, monkeypatch, tmp_path):
    """(tool, kind, lines) of what initcheck found in `launch()`."""
    out = tmp_path / "found.jsonl"
    monkeypatch.setenv("ASC_DEBUG", "initcheck")
    monkeypatch.setenv(findings.FINDINGS_ENV, str(out))
    launch()
    return [(f.tool, f.kind, " ".join(f.lines)) for f in findings.load(str(out))]


def _run(blocks, monkeypatch, tmp_path):
    z = np.zeros(16, np.float32)
    found = _initcheck(lambda: one_value_out[1](z, blocks), monkeypatch, tmp_path)
    assert z[0] == 3.0
    return found


def test_the_rest_of_a_written_block_is_padding(monkeypatch, tmp_path):
    assert _run(1, monkeypatch, tmp_path) == []


def test_a_block_nothing_wrote_is_reported(monkeypatch, tmp_path):
    found = _run(2, monkeypatch, tmp_path)
    assert [(tool, kind) for tool, kind, _ in found] == [("initcheck", "uninitialized")], found
    assert "first unwritten byte 32" in found[0][2], found


@asc.jit
def tail_rows_to_l0a(a: asc.GlobalAddress, z: asc.GlobalAddress, fractals: asc.ConstExpr[int]):
    # 8 rows of 16 halves into L1 as NZ: half of one 16 x 16 fractal (512 B) is written;
    # LoadData moves whole fractals into L0A
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 8 * 16)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 512)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 512)
    asc.data_copy(a_l1, a_gm, asc.Nd2NzParams(1, 8, 16, 0, 16, 16, 1, 0))
    asc.load_data(a_l0, a_l1, asc.LoadData2DParams(0, fractals, 1, 0, 0, False, 0))


def _load(fractals, monkeypatch, tmp_path):
    return _initcheck(lambda: tail_rows_to_l0a[1](np.ones((8, 16), np.float16), np.zeros(1, np.float32), fractals),
                      monkeypatch, tmp_path)


def test_a_fractal_partly_written_loads_as_a_whole(monkeypatch, tmp_path):
    assert _load(1, monkeypatch, tmp_path) == []


def test_a_fractal_nothing_wrote_is_reported(monkeypatch, tmp_path):
    found = _load(2, monkeypatch, tmp_path)
    assert [(tool, kind) for tool, kind, _ in found] == [("initcheck", "uninitialized")], found
    assert "first unwritten byte 512" in found[0][2], found
