"""Ascend C programs on the Model end to end (docs/ascend-c-programs.md): the
CMake package configures a project in the vendor's layout (tests/cprog/programs),
asc-cc builds it, the programs run on the Model with its checks, and their
launches go through asc-profile's .prof and asc-debug's findings."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from asc.cprog import prefix

ROOT = Path(__file__).resolve().parents[2]
PROGRAMS = Path(__file__).resolve().parent / "programs"
SCALE = PROGRAMS / "scale.asc"

def _cmake_works() -> bool:
    try:
        return subprocess.run(["cmake", "--version"], capture_output=True, timeout=60).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


if shutil.which("cmake") is None or not _cmake_works():  # ./dev setup installs it (APT_PACKAGES)
    pytest.skip("cmake is not on PATH (or does not run): ./dev setup installs it", allow_module_level=True)


def _run(cmd, cwd, env=None, check=True):
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if check and r.returncode != 0:
        raise AssertionError(f"{cmd} failed ({r.returncode}):\n{r.stdout}\n{r.stderr}")
    return r


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """tests/cprog/programs configured and built once, as a user would."""
    out = tmp_path_factory.mktemp("build")
    _run(["cmake", "-S", str(PROGRAMS), "-B", str(out), "-DCMAKE_ASC_RUN_MODE=model",
          "-DCMAKE_BUILD_TYPE=Profile", f"-DCMAKE_PREFIX_PATH={prefix.ensure()}"], out)
    _run(["cmake", "--build", str(out)], out)
    return out


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("ASC_DEBUG", "ASC_PROFILE"))}
    env.update(extra)
    return env


def test_program_runs_every_block_and_passes(build):
    r = _run([str(build / "scale")], build, env=_env())
    assert r.stdout.strip() == "PASS: 0 of 8192 wrong"
    assert r.stderr == ""


def test_static_library_and_plain_cxx_main(build):
    r = _run([str(build / "separate")], build, env=_env())
    assert r.stdout.strip() == "PASS"


def test_host_tiling_data_reaches_the_kernel(build):
    # BEGIN_TILING_DATA_DEF's class saved with SaveToBuffer, read by the kernel as a struct
    r = _run([str(build / "tiling")], build, env=_env())
    assert r.stdout.strip() == "PASS size=24"


def test_kernel_fault_names_asc_line_block_and_api(build):
    r = _run([str(build / "scale"), "too-many-blocks"], build, env=_env(), check=False)
    assert r.returncode == 1
    assert r.stdout == ""  # nothing after the fault ran (the result check prints)
    first = r.stderr.splitlines()[0]
    assert first.startswith("[ERROR] Model fault in scale_kernel (launched at ")
    assert f"{SCALE}:25: block 4: DataCopy: reads GM" in first
    assert "core" not in r.stderr.lower().replace("cores", "")  # no core dump message


@pytest.mark.parametrize("mode, what", [
    ("copy-past-end", "aclrtMemcpy: ACL_MEMCPY_HOST_TO_DEVICE: 32768 bytes to"),
    ("host-pointer", "scale_kernel<<<>>>: argument 1"),
])
def test_memory_misuse_is_a_fault_naming_the_call(build, mode, what):
    r = _run([str(build / "scale"), mode], build, env=_env(), check=False)
    assert r.returncode == 1, r.stdout + r.stderr
    assert what in r.stderr
    assert f"{SCALE}:" in r.stderr
    assert "PASS" not in r.stdout and "FAIL" not in r.stdout


def test_wrong_copy_kind_returns_the_acl_error(build):
    r = _run([str(build / "scale"), "wrong-kind"], build, env=_env())
    assert r.stdout.startswith("rc=107000 msg=scale.asc:57: aclrtMemcpy: ACL_MEMCPY_HOST_TO_DEVICE: the destination")


def test_profile_writes_program_prof_with_asc_lines(build, tmp_path):
    r = _run([str(build / "scale")], tmp_path, env=_env(ASC_PROFILE="1"))
    assert "PASS" in r.stdout
    prof = tmp_path / "scale.prof"
    assert prof.is_file()
    from asc.profiler import store
    launches = store.load(prof).launches
    assert [l.summary["kernel"] for l in launches] == ["scale_kernel"]
    lp = launches[0].profile()
    assert lp.block_dim == 4 and lp.total_us > 0
    assert {f for f, *_ in lp.lines} == {str(SCALE)}  # the hot lines are the .asc's
    rep = _run([sys.executable, "-m", "asc.profiler.cli", str(prof), "--lines"], tmp_path,
               env=_env(PYTHONPATH=str(ROOT / "python")))
    assert "scale.asc:29" in rep.stdout  # AscendC::Muls
    rep = _run([sys.executable, "-m", "asc.profiler.cli", str(prof)], tmp_path,
               env=_env(PYTHONPATH=str(ROOT / "python")))
    assert "[INFO] Operator: scale_kernel on Ascend910B1, 4 cores" in rep.stdout
    assert "Hottest source lines:" in rep.stdout


def test_asc_debug_reports_the_race_and_the_summary(build):
    r = _run([sys.executable, "-m", "asc.debug.cli", "--", str(build / "racy")], build,
             env=_env(PYTHONPATH=str(ROOT / "python")), check=False)
    assert r.returncode == 1
    assert "RAW hazard detected at UB in racy_kernel" in r.stderr
    assert "racy.asc:13" in r.stderr and "racy.asc:14" in r.stderr
    assert r.stderr.rstrip().endswith("ERROR SUMMARY: 1 error, 0 warnings")


def test_asc_debug_clean_program_has_no_findings(build, tmp_path):
    out = tmp_path / "findings.json"
    r = _run([sys.executable, "-m", "asc.debug.cli", "--json", str(out), "--", str(build / "scale")], build,
             env=_env(PYTHONPATH=str(ROOT / "python")))
    assert r.stderr.rstrip().endswith("ERROR SUMMARY: 0 errors, 0 warnings")
    assert json.loads(out.read_text())["findings"] == []


def test_asc_debug_without_the_command_prints_the_summary_at_exit(build):
    r = _run([str(build / "racy")], build, env=_env(ASC_DEBUG="racecheck"))
    assert "RAW hazard" in r.stderr
    assert r.stderr.rstrip().endswith("ERROR SUMMARY: 1 error, 0 warnings")


def test_bad_setting_is_one_error_line(build):
    r = _run([str(build / "scale")], build, env=_env(ASC_DEBUG="racechek"), check=False)
    assert r.returncode == 1
    assert r.stderr.strip() == ("[ERROR] asc: ASC_DEBUG='racechek': unknown flag racechek "
                                "(known: initcheck, racecheck, synccheck, memcheck)")


def test_npu_run_mode_is_a_configure_error(tmp_path):
    r = _run(["cmake", "-S", str(PROGRAMS), "-B", str(tmp_path), "-DCMAKE_ASC_RUN_MODE=npu",
              f"-DCMAKE_PREFIX_PATH={prefix.ensure()}"], tmp_path, check=False)
    assert r.returncode != 0
    assert "-DCMAKE_ASC_RUN_MODE=model" in r.stderr


def test_asc_bench_compares_two_programs(build, tmp_path):
    r = _run([sys.executable, "-m", "asc.bench.cli", "--baseline", str(build / "scale"), str(build / "scale"),
              "--save-history=false", "--json"], tmp_path, env=_env(PYTHONPATH=str(ROOT / "python")))
    rows = json.loads(r.stdout)["results"]
    assert [row["kernel"] for row in rows] == ["scale_kernel"]
    assert rows[0]["baseline_us"] == rows[0]["candidate_us"] > 0
    assert '"ship"' in json.dumps(rows[0])


def test_asc_bench_program_side_that_faults_is_one_line(build, tmp_path):
    r = _run([sys.executable, "-m", "asc.bench.cli", "--baseline", str(build / "racy"),
              str(build / "scale") + " too-many-blocks", "--save-history=false"], tmp_path,
             env=_env(PYTHONPATH=str(ROOT / "python")), check=False)
    assert r.returncode != 0
    assert "[ERROR] the candidate" in r.stderr and "Model fault in scale_kernel" in r.stderr


def test_a_mix_program_runs_its_aic_and_aiv_cores(build):
    # __mix__(1, 2) on 3 groups: 6 AIV cores (GetBlockIdx 0..5, GetBlockNum 3, GetSubBlockNum 2)
    # and 3 AIC cores (GetBlockIdx = the group, GetSubBlockNum 1), paired by mode-2 flags
    r = _run([str(build / "mixed")], build, env=_env())
    lines = r.stdout.strip().splitlines()
    assert lines[0] == "PASS: 0 of 1536 wrong"
    assert lines[1] == "ids: 32 1032 2032 3032 4032 5032 | 31 1031 2031"


def test_profile_of_a_mix_program_times_its_aic_cores(build, tmp_path):
    r = _run([str(build / "mixed")], tmp_path, env=_env(ASC_PROFILE="1"))
    assert r.stdout.startswith("PASS")
    from asc.profiler import store
    launches = store.load(tmp_path / "mixed.prof").launches
    lp = launches[0].profile()
    assert sorted(lp.block_us) == list(range(9))  # 6 AIV cores, then the 3 AIC cores
    # each AIV core's first copy waits for its group's AIC load (the mode-2 flag)
    for b in range(6):
        aic_set = max(e for (blk, q, s, e, i) in lp.sim.slices if blk == 6 + b // 2 and q == 4)  # AIC's MTE2
        first = min(s for (blk, q, s, e, i) in lp.sim.slices if blk == b and q in (1, 4))
        assert first >= aic_set * 0.99


def test_timing_only_profile_times_the_program_without_computing(build, tmp_path):
    # ASC_PROFILE_COMPUTE=0: every call checked and timed, no data moved (the output stays as
    # aclrtMalloc left it), and the same time as the run that computes
    full = _run([str(build / "scale")], tmp_path, env=_env(ASC_PROFILE=str(tmp_path / "full.prof")))
    assert "PASS" in full.stdout
    r = _run([str(build / "scale")], tmp_path, env=_env(ASC_PROFILE=str(tmp_path / "timed.prof"),
                                                        ASC_PROFILE_COMPUTE="0"), check=False)
    assert r.stdout.strip() == "FAIL: 8192 of 8192 wrong" and r.returncode == 1
    from asc.profiler import store
    timed = store.load(tmp_path / "timed.prof").launches[0].summary
    computed = store.load(tmp_path / "full.prof").launches[0].summary
    assert timed["compute"] is False and computed["compute"] is True
    assert timed["total_us"] == pytest.approx(computed["total_us"], rel=1e-9)


def test_profile_params_are_a_what_if_of_the_cycle_model(build, tmp_path):
    base = _run([str(build / "scale")], tmp_path, env=_env(ASC_PROFILE=str(tmp_path / "base.prof")))
    slow = _run([str(build / "scale")], tmp_path, env=_env(ASC_PROFILE=str(tmp_path / "slow.prof"),
                                                           ASC_PROFILE_PARAMS="gm_head_cycles=5000"))
    assert "PASS" in base.stdout and "PASS" in slow.stdout
    from asc.profiler import store
    b = store.load(tmp_path / "base.prof").launches[0].summary
    s = store.load(tmp_path / "slow.prof").launches[0].summary
    assert s["overrides"] == {"gm_head_cycles": 5000.0} and b["overrides"] == {}
    # each block's copies pay the longer head; at least two of them on its critical path
    assert s["total_us"] - b["total_us"] > 2 * 4800 / (b["clock_ghz"] * 1e3)


@pytest.mark.parametrize("value, message", [
    ("no_such_param=1", "asc: ASC_PROFILE_PARAMS: unknown cycle-model parameter no_such_param (the platform "
                        "file's names, e.g. aic_cores, aiv_cores, burst_overhead_bytes)"),
    ("gm_head_cycles", "asc: ASC_PROFILE_PARAMS='gm_head_cycles': 'gm_head_cycles' is not name=number"),
])
def test_bad_profile_params_are_one_error_line(build, tmp_path, value, message):
    # checked at the first launch: one line, nothing after it ran
    r = _run([str(build / "scale")], tmp_path, env=_env(ASC_PROFILE="1", ASC_PROFILE_PARAMS=value), check=False)
    assert r.returncode == 1
    assert r.stderr.strip() == "[ERROR] " + message
    assert r.stdout == ""
