"""asc.profile(): the record's shape, the files, bad input."""

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.runtime.model import ModelBackend, ModelFault
import kernels

ROOT = Path(__file__).resolve().parents[2]


def _args(cores=4, per_core=4096):
    n = cores * per_core
    x = np.arange(n, dtype=np.float16) % 7
    y = np.ones(n, np.float16)
    return x, y, np.zeros_like(x), per_core


def test_record_shape_and_no_cost_outside():
    x, y, z, pc = _args()
    orig = ModelBackend._launch
    with asc.profile() as prof:
        kernels.vadd_q[4](x, y, z, pc, 1024, 2)
        kernels.vadd_q[4](x, y, z, pc, 1024, 1)
    assert np.array_equal(z, x + y)
    assert ModelBackend._launch is orig  # nothing hooked once the block is left
    assert not asc.runtime.config.current_backend().trace
    assert len(prof.launches) == 2
    lp = prof.launches[-1]
    assert isinstance(lp.total_us, float) and lp.total_us > 0
    assert set(lp.pipes) == {"vec", "mte2", "mte3", "scalar", "cube", "mte1", "fixpipe"}
    assert lp.pipes["mte2"] > 0 and lp.pipes["vec"] > 0 and lp.pipes["cube"] == 0
    assert set(lp.breakdown) == {"compute_cube", "compute_vector", "hbm_read", "hbm_write", "sync_wait", "scalar"}
    assert abs(sum(lp.breakdown.values()) - 1) < 1e-9
    assert lp.lines and all(isinstance(f, str) and isinstance(l, int) for f, l, _, _ in lp.lines)
    cyc = [c for _, _, c, _ in lp.lines]
    assert cyc == sorted(cyc, reverse=True)
    f, line, _, calls = lp.lines[0]
    assert f.endswith("kernels.py") and calls > 0
    assert "data_copy" in Path(f).read_text().splitlines()[line - 1]  # the hottest line is a copy
    # a launch outside the block is not recorded
    kernels.vadd_q[4](x, y, z, pc, 1024, 2)
    assert len(prof.launches) == 2


def test_files(tmp_path):
    x, y, z, pc = _args()
    with asc.profile(output=tmp_path / "p") as prof:
        kernels.vadd_q[4](x, y, z, pc, 1024, 2)
    (d,) = sorted((tmp_path / "p").iterdir())
    assert d.name == "0001_vadd_q"
    out = Path(prof.launches[-1].save(tmp_path / "again"))
    for folder in (d, out):
        names = {p.name for p in folder.iterdir()}
        assert {"OpBasicInfo.csv", "PipeUtilization.csv", "Memory.csv", "trace.json",
                "core0.veccore0", "core3.veccore0"} <= names
        assert not [n for n in os.listdir(folder.parent) if n.startswith(".")]  # no temporary left
    rows = list(csv.DictReader(open(out / "PipeUtilization.csv")))
    assert [r["block_id"] for r in rows] == ["0", "1", "2", "3"]
    for col in ("sub_block_id", "aiv_time(us)", "aiv_vec_time(us)", "aiv_vec_ratio", "aiv_mte2_time(us)",
                "aiv_mte2_ratio", "aiv_mte3_ratio", "aiv_scalar_ratio", "aic_cube_ratio"):
        assert col in rows[0]
    assert 0 < float(rows[0]["aiv_mte2_ratio"]) <= 1
    info = list(csv.DictReader(open(out / "OpBasicInfo.csv")))[0]
    assert float(info["Task Duration(us)"]) == pytest.approx(prof.launches[-1].total_us, rel=1e-3)
    assert info["Block Dim"] == "4"
    code = list(csv.DictReader(open(out / "core0.veccore0" / "core0_code_exe.csv")))
    assert code[0]["code"].split(":")[0].endswith("kernels.py") and "data_copy" in code[0]["source"]
    tr = json.load(open(out / "trace.json"))["traceEvents"]
    procs = {e["pid"] for e in tr if e["ph"] == "M" and e["name"] == "process_name"}
    assert procs == {0, 1, 2, 3}
    tracks = {e["args"]["name"] for e in tr if e["ph"] == "M" and e["name"] == "thread_name"}
    assert {"VEC", "MTE2", "MTE3", "SCALAR"} <= tracks
    slices = [e for e in tr if e["ph"] == "X"]
    assert {"DataCopy", "Add"} <= {e["name"] for e in slices}
    assert all("kernels.py:" in e["args"]["line"] for e in slices)
    starts = {e["id"] for e in tr if e["ph"] == "s"}
    ends = {e["id"] for e in tr if e["ph"] == "f"}
    assert starts and starts == ends


def test_fault_still_raised():
    x = np.zeros(64, np.float32)
    with pytest.raises(ModelFault, match=r"kernels.py:\d+"):
        with asc.profile() as prof:
            kernels.oob[1](x, 64)
    assert prof.launches == []


def test_bad_output_and_platform(tmp_path):
    f = tmp_path / "file"
    f.write_text("x")
    with pytest.raises(NotADirectoryError, match="is a file"):
        asc.profile(output=f)
    with pytest.raises(ValueError, match="no cycle-model parameters for platform 'Nope'"):
        asc.profiler.timing_params("Nope")


SCRIPT = """
import sys; sys.path.insert(0, {tests!r}); sys.path.insert(0, {py!r})
import numpy as np, kernels
x = np.ones(2048, np.float16); y = x.copy(); z = np.zeros_like(x)
kernels.vadd_q[2](x, y, z, 1024, 512, 2)
assert (z == 2).all()
"""


def _run_script(tmp_path, env_value):
    script = tmp_path / "s.py"
    script.write_text(SCRIPT.format(tests=str(Path(__file__).parent), py=str(ROOT / "python")))
    env = dict(os.environ, ASC_PROFILE=str(env_value))
    return subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=120)


def test_env_profile_dir(tmp_path):
    r = _run_script(tmp_path, tmp_path / "profs")
    assert r.returncode == 0, r.stderr
    (d,) = (tmp_path / "profs").iterdir()
    assert d.name == "0001_vadd_q"
    assert json.load(open(d / "trace.json"))["otherData"]["block_dim"] == 2


def test_env_profile_file_is_one_error(tmp_path):
    f = tmp_path / "afile"
    f.write_text("")
    r = _run_script(tmp_path, f)
    assert r.returncode != 0
    lines = [l for l in r.stderr.splitlines() if l.strip()]
    assert len(lines) == 1 and "ASC_PROFILE" in lines[0] and "not a directory" in lines[0], r.stderr
