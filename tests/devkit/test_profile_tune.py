"""asc.autotune (the decorator, its disk cache, dropped configs, ASC_PRINT_AUTOTUNING)
and asc-profile --auto-tune / --quick-tune / --jobs / --ray on data/tune_kernel.py."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

import asc
from asc import autotune as _autotune_mod  # noqa: F401  (the module: asc.autotune is the decorator)
from asc.profiler import cli as tool
from asc.profiler import tune
from asc.profiler import store

DATA = Path(__file__).resolve().parent / "data"
SCRIPT = DATA / "tune_kernel.py"
AT = sys.modules["asc.autotune"]


@pytest.fixture(scope="module")
def tk():
    sys.path.insert(0, str(DATA))
    try:
        import tune_kernel
    finally:
        sys.path.remove(str(DATA))
    return tune_kernel


@pytest.fixture
def fresh(tk, tmp_path, monkeypatch):
    """A new Autotuner over the same kernel, its disk cache in tmp_path."""
    tuner = asc.autotune(configs=tk.CONFIGS, key=["block_length"])(tk.tiled.fn)
    monkeypatch.setattr(AT.Autotuner, "_disk_path", lambda self, kv, g: str(tmp_path / "choice.json"))
    return tuner


def _timings(tk):
    """Each config's time, from asc.profile(compute=False) directly (or None: does not fit)."""
    x, y, z = tk.inputs()
    out = {}
    for c in tk.CONFIGS:
        try:
            with asc.profile(compute=False) as p:
                tk.tiled.fn[tk.CORES](x, y, z, tk.BLOCK, **c.kwargs)
            out[c] = p.launches[-1].total_us
        except Exception:  # noqa: BLE001
            out[c] = None
    return out


def test_autotune_picks_the_fastest_and_drops_what_does_not_fit(tk, fresh, capsys, monkeypatch):
    monkeypatch.setenv("ASC_PRINT_AUTOTUNING", "1")
    x, y, z = tk.inputs()
    fresh[tk.CORES](x, y, z, tk.BLOCK)
    np.testing.assert_allclose(z, x + y, rtol=1e-6)  # the launch with the winner computed the data
    want = _timings(tk)
    best = min((c for c in want if want[c] is not None), key=lambda c: want[c])
    assert fresh.best[(repr(tk.BLOCK),)] == best
    results = fresh.results[(repr(tk.BLOCK),)]
    assert {r["config"]: r["us"] for r in results} == want
    dropped = [r for r in results if r["us"] is None]
    assert [r["config"] for r in dropped] == [tk.CONFIGS[4]]
    assert "ModelFault" in dropped[0]["error"] and "beyond UB size" in dropped[0]["error"]
    err = capsys.readouterr().err
    assert f"asc.autotune: tiled_add (block_length={tk.BLOCK!r}): best {best}" in err
    assert "dropped Config(tile=16384, buffers=2): ModelFault" in err
    # the tuning launches were timing-only and recorded by no outer profile
    assert want[best] < want[tk.CONFIGS[0]]


def test_choice_is_kept_on_disk(tk, fresh, tmp_path, monkeypatch):
    x, y, z = tk.inputs()
    fresh[tk.CORES](x, y, z, tk.BLOCK)
    stored = json.loads((tmp_path / "choice.json").read_text())
    again = asc.autotune(configs=tk.CONFIGS, key=["block_length"])(tk.tiled.fn)
    monkeypatch.setattr(AT, "time_config", lambda *a, **k: pytest.fail("re-tuned despite the disk cache"))
    again[tk.CORES](x, y, z, tk.BLOCK)
    assert again.best[(repr(tk.BLOCK),)].kwargs == stored["config"]


def test_tuning_is_invisible_to_an_open_profile(tk, fresh):
    x, y, z = tk.inputs()
    with asc.profile() as p:
        fresh[tk.CORES](x, y, z, tk.BLOCK)
    assert len(p.launches) == 1 and p.launches[0].compute  # only the real launch
    assert p.launches[0].spec["autotune"]["config"] == fresh.best[(repr(tk.BLOCK),)].kwargs


def test_no_config_fits(tk, tmp_path, monkeypatch):
    monkeypatch.setattr(AT.Autotuner, "_disk_path", lambda self, kv, g: str(tmp_path / "c.json"))
    bad = asc.autotune(configs=[tk.CONFIGS[4]], key=["block_length"])(tk.tiled.fn)
    x, y, z = tk.inputs()
    with pytest.raises(AT.AutotuneError, match=r"no config of tiled_add could be timed:\n  Config\(tile=16384"):
        bad[tk.CORES](x, y, z, tk.BLOCK)


def test_declaration_errors(tk):
    with pytest.raises(TypeError, match="has no parameter 'tyle'"):
        asc.autotune(configs=[asc.Config(tyle=1)], key=["block_length"])(tk.tiled.fn)
    with pytest.raises(TypeError, match="key=.*no parameter 'm'"):
        asc.autotune(configs=tk.CONFIGS, key=["m"])(tk.tiled.fn)
    with pytest.raises(TypeError, match="above @asc.jit"):
        asc.autotune(configs=tk.CONFIGS, key=["block_length"])(lambda: None)
    with pytest.raises(ValueError, match="at least one parameter"):
        asc.Config()
    x, y, z = tk.inputs()
    with pytest.raises(TypeError, match="tile is chosen by asc.autotune"):
        tk.tiled[tk.CORES](x, y, z, tk.BLOCK, tile=256)


def test_prune_configs_by(tk, tmp_path, monkeypatch):
    monkeypatch.setattr(AT.Autotuner, "_disk_path", lambda self, kv, g: str(tmp_path / "p.json"))
    seen = []
    monkeypatch.setattr(AT, "time_config", lambda fn, g, kw: (seen.append(kw["tile"]) or 1.0 * kw["tile"], None))
    t = asc.autotune(configs=tk.CONFIGS, key=["block_length"], prune_configs_by={
        "early_config_prune": lambda cs, named: [c for c in cs if c.kwargs["buffers"] == 2],
        "perf_model": lambda **kw: -kw["tile"], "top_k": 2})(tk.tiled.fn)
    x, y, z = tk.inputs()
    t[tk.CORES](x, y, z, tk.BLOCK)
    assert sorted(seen) == [1024, 16384]  # buffers=2 only, then the two the model ranks first


# ------------------------------------------------------------------------------------------ the CLI

def _cli(capsys, *argv):
    rc = tool.run([str(a) for a in argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def test_cli_auto_tune_serial_and_parallel_agree(tk, prof_path, capsys):
    want = _timings(tk)
    best = min((c for c in want if want[c] is not None), key=lambda c: want[c])
    rc, out, err = _cli(capsys, prof_path, "--auto-tune", "--jobs", "1", "--json")
    assert rc == 0, err
    t1 = json.loads(out)["tune"]
    assert len(t1) == 1  # the plain kernel declares no tuning space and is left alone
    t1 = t1[0]
    assert {json.dumps(r["config"], sort_keys=True): r["us"] for r in t1["results"]} == \
        {json.dumps(c.kwargs, sort_keys=True): v for c, v in want.items()}
    assert t1["best"]["config"] == best.kwargs and t1["profiled"]["config"] == tk.CONFIGS[0].kwargs
    assert t1["profiled"]["us"] == store.load(prof_path).launches[0].total_us  # timing-only = computed
    page = prof_path.parent / "tune.html"
    rc, out, err = _cli(capsys, prof_path, "--auto-tune", "--jobs", "2", "--html", page)
    assert rc == 0, err
    html = page.read_text()
    assert "Auto-tune: tiled_add" in html and "Config(tile=16384, buffers=2)" in html and "ModelFault" in html
    lines = out.splitlines()
    assert "[INFO] Auto-tune: tiled_add (block_length=4096, tile=256, buffers=1, float32): 5 configs, 2 local processes" in lines
    assert f"[INFO]   Best config:     {best}: {want[best]:.2f} us" in lines
    assert f"[INFO]   Profiled config: {tk.CONFIGS[0]}: {want[tk.CONFIGS[0]]:.2f} us" in lines
    gain = want[tk.CONFIGS[0]] / want[best]
    assert any(line.startswith(f"[INFO]   Gain: {gain:.2f}x faster") for line in lines)
    assert "[INFO]   Dropped 1 config(s):" in lines
    assert "auto-tune" in err and "best" in err  # the progress bar


def test_quick_tune_sampling():
    configs = [{"tile": t, "buffers": b} for t in range(8) for b in range(4)]
    got = tune.choose_configs(configs, configs[5], quick=True)
    assert len(got) == tune.QUICK_TUNE_CONFIGS and configs[5] in got
    assert got == tune.choose_configs(configs, configs[5], quick=True)  # seeded: the same sample each time
    assert got == sorted(got, key=configs.index)
    assert tune.choose_configs(configs[:6], configs[0], quick=True) == configs[:6]
    assert len(tune.choose_configs(configs, None, quick=True)) == tune.QUICK_TUNE_CONFIGS


def test_cli_quick_tune_on_a_small_space_times_all(prof_path, capsys):
    rc, out, err = _cli(capsys, prof_path, "--quick-tune", "--jobs", "1", "--top", "1")
    assert rc == 0, err
    assert "5 configs, serial" in out and "Quick tune:" not in out  # 5 <= 10: nothing to sample


def test_cli_tune_errors(prof_path, capsys, monkeypatch):
    rc, _, err = _cli(capsys, prof_path, "--auto-tune", "--jobs", "0")
    assert rc == 1 and err.startswith("[ERROR] --jobs 0: needs at least 1")
    rc, _, err = _cli(capsys, prof_path, "--ray", "host:1")
    assert rc == 1 and err.startswith("[ERROR] --ray runs the auto-tune")
    monkeypatch.setattr(tune, "ray_module", lambda: None)
    rc, out, err = _cli(capsys, prof_path, "--auto-tune", "--ray")
    assert rc == 1
    assert err.splitlines() == ["[ERROR] --ray needs Ray, which is not installed",
                                '[INFO] install it with: pip install "ray[default]"']


def test_cli_no_tuning_space(tmp_path, capsys):
    # a profile of the plain kernel only
    script = tmp_path / "plain.py"
    script.write_text(f"import sys; sys.path.insert(0, {str(DATA)!r})\n"
                      "import numpy as np, tune_kernel as tk\n"
                      "x = np.ones(4096, np.float32); w = np.zeros_like(x)\n"
                      "tk.vadd[1](x, x, w, 4096)\n")
    rc, _, err = _cli(capsys, "run", "-o", tmp_path / "plain.prof", "--", "python", script)
    assert rc == 0, err
    rc, _, err = _cli(capsys, tmp_path / "plain.prof", "--auto-tune")
    assert rc == 1 and err.startswith("[ERROR] no profiled kernel declares a tuning space (vadd)")
    assert "@asc.autotune" in err


def test_bare_ray_flag_means_a_local_ray():
    assert tool._bare_ray(["x.prof", "--auto-tune", "--ray"]) == ["x.prof", "--auto-tune", "--ray=local"]
    assert tool._bare_ray(["--ray", "x.prof"]) == ["--ray=local", "x.prof"]
    assert tool._bare_ray(["--ray", "--jobs", "2"]) == ["--ray=local", "--jobs", "2"]
    assert tool._bare_ray(["--ray", "10.0.0.1:6379"]) == ["--ray", "10.0.0.1:6379"]


def test_replay_of_a_missing_or_nested_kernel():
    with pytest.raises(tune.ReplayError, match="defined inside a function"):
        tune.load_kernel({"file": __file__, "qualname": "f.<locals>.k"})
    with pytest.raises(tune.ReplayError, match="No such file or directory"):
        tune.load_kernel({"file": "/nonexistent/k.py", "qualname": "k"})
    r = tune.time_task({"index": 0, "config": {}, "spec": {"file": str(SCRIPT), "qualname": "nothing_here",
                                                           "params": [], "grid": 1, "platform": "Ascend910B1"}})
    assert r["us"] is None and "defines no nothing_here" in r["error"]


class _FakeRay:
    """Ray's API as --ray uses it (init, remote, wait, get), run in this process: the
    Ray code path up to the cluster boundary."""

    def __init__(self):
        self.inits = []

    def init(self, address=None, **kw):
        self.inits.append((address, kw))

    def remote(self, num_cpus=1, max_retries=3):
        self.max_retries = max_retries

        def deco(fn):
            return type("Remote", (), {"remote": staticmethod(lambda task: _Ref(fn(task)))})
        return deco

    def wait(self, refs, num_returns=1):
        return refs[-num_returns:], refs[:-num_returns]

    def get(self, ref):
        return ref.value


class _Ref:  # an ObjectRef: hashable, holds the task's result
    def __init__(self, value):
        self.value = value


def test_ray_path_against_a_stand_in(prof_path, capsys, monkeypatch):
    fake = _FakeRay()
    monkeypatch.setattr(tune, "ray_module", lambda: fake)
    rc, out, err = _cli(capsys, prof_path, "--auto-tune", "--ray", "10.0.0.1:6379", "--json", "--top", "1")
    assert rc == 0, err
    via_ray = json.loads(out)["tune"][0]
    assert fake.inits[0][0] == "10.0.0.1:6379" and "PYTHONPATH" in fake.inits[0][1]["runtime_env"]["env_vars"]
    assert via_ray["runner"] == "ray (10.0.0.1:6379)"
    assert fake.max_retries == tune.RAY_RETRIES  # a task whose worker dies is run again
    rc, out, err = _cli(capsys, prof_path, "--auto-tune", "--ray", "--jobs", "2", "--json", "--top", "1")
    assert rc == 0 and fake.inits[1] == (None, {**fake.inits[1][1], "num_cpus": 2})  # a bare --ray: local Ray
    rc, out, err = _cli(capsys, prof_path, "--auto-tune", "--jobs", "1", "--json", "--top", "1")
    local = json.loads(out)["tune"][0]
    assert [(r["config"], r["us"]) for r in via_ray["results"]] == [(r["config"], r["us"]) for r in local["results"]]


# A real Ray cluster: test_profile_tune_ray.py.


def test_replayed_kernel_is_the_scripts_kernel(tk, monkeypatch):
    """Re-executed for re-timing (a script's file, not imported), the module yields a kernel with
    the same digest as when imported: the tuning reuses (and fills) the same cache entries."""
    monkeypatch.setattr(tune, "_modules", {})
    fn = tune.load_kernel({"file": tk.tiled.fn.fn.__code__.co_filename, "qualname": "tiled_add"})
    assert fn is not tk.tiled.fn and fn.source_digest() == tk.tiled.fn.source_digest()
