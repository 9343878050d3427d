"""asc-profile --auto-tune --ray against a real Ray cluster: a head node started as
docs/asc-profile.md says (`ray start --head --num-cpus 2`), reached by its address.
Same results (hence the same winner) as the local process pool; a config whose worker
process is killed is retried, or reported with its config when it dies again, by the
Ray runner and the process pool alike (never a hang).

Ray is a development requirement (requirements-dev.txt): this test runs, it never skips."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

import pytest
import ray  # noqa: F401  (a development requirement: a missing Ray fails here)

from asc.profiler import cli as tool
from asc.profiler import tune
from asc.profiler import store



def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def cluster():
    """A one-node Ray cluster with 2 CPUs, as a user starts one; its address. Ray keeps its
    sockets under RAY_TMPDIR (a short path: Bazel's temp dirs are too long for a socket name);
    no token authentication (a test cluster on this machine only; the token file in the home
    directory is not shared with other runs); the head and every process it started are
    stopped (its process group) after the module."""
    tmp = tempfile.mkdtemp(prefix="asc-ray-", dir="/tmp")
    port = _free_port()
    ray_env = {"RAY_TMPDIR": tmp, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}
    # a busy machine starts the node's processes slower than Ray waits for them by default
    env = dict(os.environ, RAY_agent_register_timeout_ms="180000", RAY_raylet_start_wait_time_s="180",
               **ray_env)
    head = subprocess.Popen([sys.executable, "-m", "ray.scripts.scripts", "start", "--head", "--block",
                             f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
                             "--node-ip-address=127.0.0.1"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    out = []
    deadline = time.time() + 180
    while time.time() < deadline:
        line = head.stdout.readline()
        if not line:
            break
        out.append(line)
        if "Ray runtime started" in line:
            break
    if not any("Ray runtime started" in line for line in out):
        os.killpg(head.pid, signal.SIGKILL)
        head.wait()
        pytest.fail("ray start --head did not start:\n" + "".join(out[-40:]))
    old = {k: os.environ.get(k) for k in ray_env}
    os.environ.update(ray_env)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        ray.shutdown()
        os.killpg(head.pid, signal.SIGTERM)
        try:
            # On SIGTERM the GCS server and the raylet drain for ~30 s before the head exits
            # (Ray 2.60, measured), a Bazel slot held idle: the cluster is this test's alone and
            # its files go with `tmp`, so after a short grace period the group is killed.
            head.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait()
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
        shutil.rmtree(tmp, ignore_errors=True)


def _cli(capsys, *argv):
    rc = tool.run([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_ray_cluster_gives_the_process_pools_results(prof_path, cluster, capsys):
    rc, out, err = _cli(capsys, prof_path, "--auto-tune", "--ray", cluster, "--json", "--top", "1")
    assert rc == 0, err
    via_ray = json.loads(out)["tune"][0]
    assert via_ray["runner"] == f"ray ({cluster})"
    rc, out, err = _cli(capsys, prof_path, "--auto-tune", "--jobs", "2", "--json", "--top", "1")
    assert rc == 0, err
    pool = json.loads(out)["tune"][0]
    assert pool["runner"] == "2 local processes"
    assert [(r["config"], r["us"], r["error"]) for r in via_ray["results"]] == \
        [(r["config"], r["us"], r["error"]) for r in pool["results"]]
    assert via_ray["best"]["config"] == pool["best"]["config"] and via_ray["best"]["us"] is not None
    assert len([r for r in pool["results"] if r["us"] is not None]) == 4  # one config does not fit


# A module defining the kernel that kills the process loading it, `times` times in all
# (one file in `deaths` per kill, claimed with O_EXCL: two workers loading it at once
# never take the same one): a worker killed mid-task.
KILLER = '''
import os, sys
deaths = {deaths!r}
n = len(os.listdir(deaths))
while n < {times}:
    try:
        os.close(os.open(os.path.join(deaths, str(n)), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        n += 1
        continue
    os.kill(os.getpid(), 9)
sys.path.insert(0, {tiled_dir!r})
from tiled_add import tiled_add  # noqa: E402
'''


def _killer_tasks(prof_path, tmp_path, times, n=2):
    """Tasks of `n` configs of the profiled launch, whose kernel module kills its process `times` times."""
    deaths = tmp_path / "deaths"
    deaths.mkdir()
    spec = dict(store.load(prof_path).launches[0].spec)
    assert spec["qualname"] == "tiled_add" and spec["autotune"]["configs"]
    mod = tmp_path / "killer_kernel.py"
    mod.write_text(KILLER.format(deaths=str(deaths), times=times,
                                 tiled_dir=os.path.dirname(spec["file"])))
    spec.update(file=str(mod), module=None)
    configs = spec["autotune"]["configs"][:n]
    return [{"index": i, "config": c, "spec": spec} for i, c in enumerate(configs)], deaths


def _run(runner, tasks, cluster, done):
    """The tasks timed by the Ray runner (on the cluster) or the process pool (2 workers)."""
    t0 = time.time()
    got = tune.run_ray(tasks, cluster, done) if runner == "ray" else tune.run_local(tasks, 2, done)
    assert time.time() - t0 < 240  # a dead worker is never waited for
    return got


@pytest.mark.parametrize("runner", ["ray", "pool"])
def test_a_killed_worker_is_retried(prof_path, cluster, tmp_path, runner):
    tasks, deaths = _killer_tasks(prof_path, tmp_path, times=1)
    seen = []
    results = _run(runner, tasks, cluster, seen.append)
    assert len(os.listdir(deaths)) == 1  # one worker was killed...
    assert [r["config"] for r in results] == [t["config"] for t in tasks]
    assert all(r["error"] is None and r["us"] > 0 for r in results), results  # ...and its config retried
    assert sorted(r["index"] for r in seen) == [0, 1]


@pytest.mark.parametrize("runner", ["ray", "pool"])
def test_a_worker_that_dies_again_is_reported_with_its_config(prof_path, cluster, tmp_path, runner):
    tasks, deaths = _killer_tasks(prof_path, tmp_path, times=1000)
    seen = []
    results = _run(runner, tasks, cluster, seen.append)
    if runner == "ray":  # each task runs, and its worker dies, 1 + RAY_RETRIES times
        why = "the Ray worker timing this config died (WorkerCrashedError"
        tries = (1 + tune.RAY_RETRIES) * len(tasks)
    else:  # one dead worker breaks the pool (>= 1 death), then each config is retried alone
        why = "the worker process timing this config died (killed or crashed)"
        tries = 1 + len(tasks)
    assert [r["config"] for r in results] == [t["config"] for t in tasks]
    for r in results:
        assert r["us"] is None and r["error"].startswith(why), r
    assert len(os.listdir(deaths)) >= tries  # every config was tried again after its worker died
    assert sorted(r["index"] for r in seen) == [0, 1]
