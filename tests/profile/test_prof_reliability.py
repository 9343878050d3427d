"""The .prof file under abuse (issue 25): a writer killed mid-commit, several writers at once,
odd paths, damaged data read lazily, launches that do no work, every selectable platform.
Each case is answered by a result or one [ERROR] line, never a traceback, a hang or a lost launch."""

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

import asc
import kernels
from asc.profiler import store

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHILD = HERE / "prof_child.py"


def _env(**extra):
    env = {k: v for k, v in os.environ.items() if k not in ("ASC_PROFILE", "ASC_PROFILE_RUN")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "python")] + sys.path)
    env.update(extra)
    return env


def _py(*args, cwd=None, timeout=240, **env):
    return subprocess.run([sys.executable, *map(str, args)], env=_env(**env), cwd=cwd, capture_output=True,
                          text=True, timeout=timeout)


def _tool(*args, cwd=None, timeout=240):
    return _py("-m", "asc.profiler.cli", *args, cwd=cwd, timeout=timeout)


def _errors(text):
    return [l for l in text.splitlines() if l.startswith("[ERROR]")]


def _one_error(proc):
    assert proc.returncode != 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    (line,) = _errors(proc.stderr)
    return line


def _launches(path):
    prof = store.load(path)
    try:
        return len(prof.launches)
    finally:
        prof.close()


@pytest.fixture(scope="module")
def small_prof(tmp_path_factory):
    """A .prof of two launches, written by this process."""
    path = tmp_path_factory.mktemp("small") / "small.prof"
    with asc.profile(prof=path, keep=False):
        kernels_launch()
        kernels_launch()
    return path


def kernels_launch():
    n = 2 * 1024
    x = np.ones(n, np.float16)
    z = np.zeros(n, np.float16)
    kernels.vadd_q[2](x, x, z, 1024, 256, 2)


def _copy(src, dst):
    dst.write_bytes(Path(src).read_bytes())
    return dst


# ------------------------------------------------------------------------------------- data loss

def test_hot_journal_of_a_killed_writer_is_rolled_back(small_prof, tmp_path):
    path = _copy(small_prof, tmp_path / "killed.prof")
    # A writer killed in the middle of a big commit: the file holds pages of the unfinished
    # transaction (a small page cache spills them) and its -journal is hot.
    code = textwrap.dedent(f"""
        import os, sqlite3
        db = sqlite3.connect({str(path)!r})
        db.execute("PRAGMA cache_size=1")
        db.execute("BEGIN")
        for i in range(400):
            db.execute("INSERT INTO arrays VALUES (?, ?, ?)", (9999, "x%d" % i, os.urandom(4000)))
        db.execute("UPDATE launches SET summary = 'garbage'")
        os.kill(os.getpid(), 9)
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True)
    assert r.returncode == -signal.SIGKILL
    assert Path(str(path) + "-journal").exists()
    assert _launches(path) == 2  # every committed launch, none of the unfinished commit
    r = _tool(str(path), "--json")
    assert r.returncode == 0, r.stderr
    assert len(json.loads(r.stdout)["launches"]) == 2


def test_asc_profile_run_keeps_every_process_of_a_shell_command(tmp_path):
    out = tmp_path / "both.prof"
    cmd = f"{sys.executable} {CHILD} 2 && {sys.executable} {CHILD} 3"
    r = _tool("run", "-o", str(out), "--", "sh", "-c", cmd, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert _launches(out) == 5


def test_a_script_running_a_profiled_child_keeps_both(tmp_path):
    child = f"{sys.executable} {CHILD} 2"
    r = _py(CHILD, 2, "--then", child, cwd=tmp_path, ASC_PROFILE="1")
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    assert _launches(tmp_path / "prof_child.prof") == 4


def test_concurrent_runs_into_one_file_lose_nothing(tmp_path):
    """Several independent ASC_PROFILE runs writing one .prof at once: every launch kept."""
    path = tmp_path / "shared.prof"
    n, m = 3, 3
    # After its first launch (its writer open) each run waits until all n have got that far, so
    # the runs overlap however the machine schedules them: a run that starts after another
    # ended replaces the file by design (ProfWriter), which is not what this test is about.
    barrier = (f"touch ready.$$; i=0; while [ $(ls ready.* | wc -l) -lt {n} ] && [ $i -lt 1200 ]; "
               f"do sleep 0.05; i=$((i+1)); done")
    procs = [subprocess.Popen([sys.executable, str(CHILD), str(m), "--then", barrier],
                              env=_env(ASC_PROFILE=str(path)), cwd=tmp_path, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
             for _ in range(n)]
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err
    assert _launches(path) == n * m


# ------------------------------------------------------------------------------------- odd paths

def test_fifo_is_refused_not_blocking(tmp_path):
    fifo = tmp_path / "pipe.prof"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    line = _one_error(_tool(str(fifo), timeout=60))
    assert time.monotonic() - t0 < 60
    assert "not a regular file" in line


def test_run_into_an_existing_directory_blames_o(tmp_path):
    (tmp_path / "out.prof").mkdir()
    line = _one_error(_tool("run", "-o", str(tmp_path / "out.prof"), "--", "python", str(CHILD), "1"))
    assert line.startswith("[ERROR] -o ") and "is a directory" in line


def test_export_into_an_existing_file_blames_o(small_prof, tmp_path):
    (tmp_path / "file").write_text("x")
    line = _one_error(_tool("export", str(small_prof), "-o", str(tmp_path / "file")))
    assert line.startswith("[ERROR] -o ") and "not a directory" in line


def test_asc_profile_unusable_path_names_the_variable(tmp_path):
    (tmp_path / "afile").write_text("x")
    r = _py(CHILD, 1, cwd=tmp_path, ASC_PROFILE=str(tmp_path / "afile" / "x.prof"))
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "ASC_PROFILE=" in r.stderr and "cannot write" in r.stderr


# ------------------------------------------------------------------------------------- damaged data

def _damage_arrays(path):
    db = sqlite3.connect(str(path))
    db.execute("UPDATE arrays SET data = zeroblob(40) WHERE name = 'events'")
    db.commit()
    db.close()


@pytest.mark.parametrize("args", [("export", "{p}", "-o", "{d}/out"), ("{p}", "--plot", "{d}/t.png"),
                                  ("{p}", "--html", "{d}/r.html")])
def test_damaged_arrays_read_lazily_are_one_error(small_prof, tmp_path, args):
    path = _copy(small_prof, tmp_path / "bad.prof")
    _damage_arrays(path)
    argv = [a.format(p=path, d=tmp_path) for a in args]
    line = _one_error(_tool(*argv))
    assert "damaged" in line and "bad.prof" in line


def test_damaged_schema_is_one_error(small_prof, tmp_path):
    path = _copy(small_prof, tmp_path / "schema.prof")
    db = sqlite3.connect(str(path))
    db.execute("ALTER TABLE launches RENAME COLUMN summary TO s2")
    db.commit()
    db.close()
    line = _one_error(_tool(str(path)))
    assert line.startswith("[ERROR] Failed to load profile data:")


def test_damaged_rows_are_skipped_and_said_in_one_line(small_prof, tmp_path):
    path = _copy(small_prof, tmp_path / "rows.prof")
    db = sqlite3.connect(str(path))
    db.execute("UPDATE launches SET summary = '{\"platform\": 3}' WHERE id = 1")
    db.commit()
    db.close()
    r = _tool(str(path), "--json")
    assert r.returncode == 0, r.stderr
    assert [d["id"] for d in json.loads(r.stdout)["launches"]] == [2]
    (warn,) = [l for l in r.stderr.splitlines() if l.startswith("[WARNING]")]
    assert "skipped 1 damaged launch(es)" in warn


# ------------------------------------------------------------------------------------- launches

def test_launch_whose_ops_all_have_count_zero_times_as_zero_work(tmp_path):
    r = _py(CHILD, "zero", cwd=tmp_path, ASC_PROFILE="1")
    assert r.returncode == 0, r.stderr
    prof = store.load(tmp_path / "prof_child.prof")
    (sl,) = prof.launches
    # no byte moved or computed: only the instructions' fixed issue costs remain
    assert sl.summary["gm_read_bytes"] == sl.summary["gm_write_bytes"] == 0
    assert sl.summary["launch_overhead_us"] <= sl.total_us < sl.summary["launch_overhead_us"] + 5
    sl.profile().save(tmp_path / "files")  # the files of a launch without work
    prof.close()


@pytest.mark.parametrize("platform", ["Ascend910B2C", "Ascend910B4_1"])
def test_every_selectable_platform_profiles(platform):
    from asc.runtime import config as rt
    from asc.runtime.platforms import PLATFORMS
    from asc.profiler import known_platforms

    assert set(PLATFORMS) <= set(known_platforms())  # every platform one can select has parameters
    was = rt.platform
    rt.set_platform(rt.Backend.Model, rt.Platform[platform])
    try:
        with asc.profile() as prof:
            kernels_launch()
    finally:
        rt.set_platform(rt.Backend.Model, was)
    (lp,) = prof.launches
    assert lp.platform == platform and lp.total_us > 0


def test_auto_tune_refuses_a_kernel_edited_since_the_profile(tmp_path):
    src = (ROOT / "examples" / "06_autotune" / "tiled_add.py").read_text()
    (tmp_path / "tiled_add.py").write_text(src)
    (tmp_path / "example_args.py").write_text((ROOT / "examples" / "example_args.py").read_text())
    (tmp_path / "tune_me.py").write_text(textwrap.dedent("""
        import numpy as np
        import asc
        from tiled_add import tiled_add
        tuned = asc.autotune(configs=[asc.Config(tile=256, buffers=1), asc.Config(tile=512, buffers=2)],
                             key=["block_length"])(tiled_add)
        x = np.ones(2048, np.float32)
        z = np.zeros_like(x)
        tuned.using(asc.Config(tile=256, buffers=1))[2](x, x, z, 1024)
    """))
    r = _py("tune_me.py", cwd=tmp_path, ASC_PROFILE="1")
    assert r.returncode == 0, r.stderr
    r = _tool("tune_me.prof", "--auto-tune", "--jobs", "1", cwd=tmp_path)
    assert r.returncode == 0, r.stderr  # unedited: the tuning runs
    (tmp_path / "tiled_add.py").write_text(src.replace("@asc.jit", "# edited\n@asc.jit", 1))
    line = _one_error(_tool("tune_me.prof", "--auto-tune", "--jobs", "1", cwd=tmp_path))
    assert "was edited since it was profiled" in line
