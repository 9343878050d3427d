"""racecheck and the cube's unit flag: a Mmad and a Fixpipe that both set
MmadParams / FixpipeParamsV220::unitFlag hand L0C over in hardware (the vendor's
matmul_basic_api_high_performance has no M_FIX / FIX_M flags around them), so
racecheck reports no L0C hazard for them; the same kernel without the unit flag
has the RAW and WAR hazards on L0C."""
import numpy as np
import pytest

import asc
from asc.debug import findings
from asc.debug.cli import DEFAULT_TOOLS

M, K, N = 16, 32, 16


@asc.jit(auto_sync=False)  # written without the compiler's flags
def mmad_fixpipe(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, unit: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, M * K)
    b_gm.set_global_buffer(b, K * N)
    c_gm.set_global_buffer(c, 2 * M * N)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, M * K)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, M * K * 2, K * N)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, M * K)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, K * N)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, M * N)
    asc.data_copy(a_l1, a_gm, asc.Nd2NzParams(1, M, K, 0, K, M, 1, 0))
    asc.data_copy(b_l1, b_gm, asc.Nd2NzParams(1, K, N, 0, N, K, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.load_data(a_l0, a_l1, asc.LoadData2DParams(0, K // 16, 1, 0, 0, False, 0))
    asc.load_data(b_l0, b_l1, asc.LoadData2DParams(0, (K // 16) * (N // 16), 1, 0, 0, True, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    for i in asc.static_range(2):  # the second Mmad overwrites what the first Fixpipe reads
        asc.mmad(c_l0, a_l0, b_l0, asc.MmadParams(M, N, K, unit, False, True))
        p = asc.FixpipeParamsV220(N, M, M, N)
        p.unit_flag = unit
        asc.fixpipe(c_gm[i * M * N:], c_l0, p, asc.FixpipeConfig.cfg_row_major)


def _run(unit, monkeypatch, tmp_path):
    out = tmp_path / "found.jsonl"
    monkeypatch.setenv("ASC_DEBUG", ",".join(DEFAULT_TOOLS))
    monkeypatch.setenv(findings.FINDINGS_ENV, str(out))
    a = np.ones((M, K), np.float16)
    b = np.ones((K, N), np.float16)
    c = np.zeros((2, M, N), np.float32)
    mmad_fixpipe[1](a, b, c, unit)
    np.testing.assert_array_equal(c, np.full((2, M, N), K, np.float32))
    return [(f.tool, f.kind, " ".join(f.lines)) for f in findings.load(str(out))]


def test_unit_flag_orders_mmad_and_fixpipe(monkeypatch, tmp_path):
    assert _run(3, monkeypatch, tmp_path) == []


def test_without_unit_flag_the_l0c_hazards_are_reported(monkeypatch, tmp_path):
    found = _run(0, monkeypatch, tmp_path)
    l0c = {kind for tool, kind, text in found if tool == "racecheck" and "L0C" in text}
    assert l0c == {"RAW", "WAR"}, found
