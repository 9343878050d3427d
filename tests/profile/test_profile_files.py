"""The files added on top of the first cut: timeline.png, MemoryUB/MemoryL0/
ResourceConflictRatio.csv, per-core trace.json, metrics_prof_start/stop regions."""

import csv
import json
from pathlib import Path

import numpy as np
import pytest

import asc
import kernels


def _args(cores=2, per_core=4096):
    n = cores * per_core
    x = np.arange(n, dtype=np.float16) % 7
    return x, np.ones(n, np.float16), np.zeros(n, np.float16), per_core


def _rows(path):
    return list(csv.DictReader(open(path)))


def _profile(kernel, *args, cores=2):
    with asc.profile() as prof:
        kernel[cores](*args)
    return prof.launches[-1]


def test_timeline_png(tmp_path):
    x, y, z, pc = _args()
    lp = _profile(kernels.vadd_q, x, y, z, pc, 1024, 2)
    out = Path(lp.plot(tmp_path / "t.png"))
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and 5_000 < len(data) < 300_000
    d = Path(lp.save(tmp_path / "prof"))
    assert (d / "timeline.png").read_bytes()[:4] == b"\x89PNG"
    assert not (Path(lp.save(tmp_path / "noplot", plot=False)) / "timeline.png").exists()
    # the picture can be made from a saved trace.json as well
    from asc.profiler.plot import main
    assert main([str(d / "trace.json"), str(tmp_path / "from_trace.png"), "--cores", "1"]) == 0
    assert (tmp_path / "from_trace.png").stat().st_size > 1000


def test_new_csvs_and_core_traces(tmp_path):
    x, y, z, pc = _args()
    lp = _profile(kernels.vadd_q, x, y, z, pc, 1024, 2)
    d = Path(lp.save(tmp_path / "p", plot=False))
    head = ["block_id", "sub_block_id", "aic_time(us)", "aic_total_cycles", "aiv_time(us)", "aiv_total_cycles"]
    ub = _rows(d / "MemoryUB.csv")
    assert [r["block_id"] for r in ub] == ["0", "1"]
    assert list(ub[0])[:6] == head
    assert float(ub[0]["aiv_ub_read_bw_vector(GB/s)"]) > 0 and float(ub[0]["aiv_ub_write_bw_vector(GB/s)"]) > 0
    # the add reads two tiles for each one it writes
    assert float(ub[0]["aiv_ub_read_bw_vector(GB/s)"]) == pytest.approx(
        2 * float(ub[0]["aiv_ub_write_bw_vector(GB/s)"]), rel=1e-3)
    l0 = _rows(d / "MemoryL0.csv")
    assert {"aic_l0a_read_bw(GB/s)", "aic_l0b_write_bw(GB/s)", "aic_l0c_write_bw_cube(GB/s)"} <= set(l0[0])
    assert all(float(l0[0][k]) == 0 for k in list(l0[0])[6:])  # a vector kernel touches no L0
    rc = _rows(d / "ResourceConflictRatio.csv")
    for col in ("aiv_vec_total_cflt_ratio", "aiv_vec_bank_cflt_ratio", "aiv_vec_wait_ratio", "aic_cube_wait_ratio",
                "mte1_wait_ratio", "mte2_wait_ratio", "mte3_wait_ratio"):
        assert col in rc[0]
    # the vector pipe waits for the copies (MTE2 -> V) and MTE3 for the add
    assert 0 < float(rc[0]["aiv_vec_wait_ratio"]) < 1 and 0 < float(rc[0]["mte3_wait_ratio"]) < 1
    merged = json.load(open(d / "trace.json"))
    for b in (0, 1):
        tr = json.load(open(d / f"core{b}.veccore0" / "trace.json"))
        assert {e["pid"] for e in tr["traceEvents"]} == {b}
        assert tr["otherData"]["core"] == b
        n = sum(1 for e in merged["traceEvents"] if e.get("pid") == b)
        assert len(tr["traceEvents"]) == n > 0


def test_metrics_prof_regions(tmp_path):
    x, y, z, pc = _args()
    whole = _profile(kernels.vadd_q, x, y, z, pc, 1024, 2)
    part = _profile(kernels.vadd_region, x, y, z, pc, 1024, 2)
    assert np.array_equal(z, x + y)
    assert not whole.has_regions and whole.regions == {}
    assert part.has_regions and set(part.regions) == {0, 1} and len(part.regions[0]) == 1
    (s, e), = part.regions[0]
    assert 0 <= s < e <= part.block_us[0]
    # same kernel body: the whole-kernel figures agree, the region counts only its part
    assert part.total_us == pytest.approx(whole.total_us, rel=0.05)
    t = part.metric_blocks[0]["time_us"]
    assert t == pytest.approx(e - s) and t < 0.9 * part.block_us[0]
    d = Path(part.save(tmp_path / "p", plot=False))
    info = _rows(d / "OpBasicInfo.csv")[0]
    assert info["Metrics Scope"].startswith("metrics_prof_start/stop")
    assert _rows(Path(whole.save(tmp_path / "w", plot=False)) / "OpBasicInfo.csv")[0]["Metrics Scope"] == \
        "whole kernel"
    pu = _rows(d / "PipeUtilization.csv")
    assert float(pu[0]["aiv_time(us)"]) == pytest.approx(t, abs=2e-3)
    assert float(pu[0]["aiv_vec_time(us)"]) <= t
    # only the region's copies count: one tile in and out of four
    mem_p = _rows(d / "Memory.csv")[0]
    assert float(mem_p["read_main_memory_datas(KB)"]) == pytest.approx(2 * 1024 * 2 / 1024)
    assert float(mem_p["write_main_memory_datas(KB)"]) == pytest.approx(1024 * 2 / 1024)
    code = _rows(d / "core0.veccore0" / "core0_code_exe.csv")
    assert code and all(int(r["call_count"]) == 1 for r in code if "data_copy" in r["source"])
    tr = json.load(open(d / "trace.json"))["traceEvents"]
    reg = [e for e in tr if e["ph"] == "X" and e["name"] == "metrics_prof region"]
    assert len(reg) == 2 and reg[0]["dur"] == pytest.approx(e - s)
    assert any(e["ph"] == "M" and e.get("args", {}).get("name") == "METRICS" for e in tr)
