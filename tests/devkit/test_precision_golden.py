"""asc-debug --save-golden / --golden: a script's kernel outputs saved with a
manifest, then compared run to run; a changed output is an error finding."""

from __future__ import annotations

import json

import numpy as np
import pytest

import asc

from precision_helpers import run_case

from asc.debug import launch_watch
from asc.debug.golden import GoldenChecker, GoldenError, GoldenWriter, load_manifest


def test_save_then_compare_catches_a_changed_output(tmp_path):
    gold = tmp_path / "gold"
    _, out, findings = run_case(tmp_path, "golden", {"ASC_DEBUG_GOLDEN_SAVE": str(gold)}, "2.0")
    assert findings == []
    manifest = json.loads((gold / "manifest.json").read_text())
    assert [e["kernel"] for e in manifest["launches"]] == ["scale", "scale"]
    # Only the written argument (y) is an output: x is read, `unrelated` never touched.
    for i, entry in enumerate(manifest["launches"]):
        (o,) = entry["outputs"]
        assert (entry["launch"], o["arg_index"], o["name"], o["shape"], o["dtype"]) == (i, 1, "y", [1024], "float32")
    np.testing.assert_array_equal(np.load(gold / manifest["launches"][1]["outputs"][0]["file"]), out["y2"])

    same, _, findings = run_case(tmp_path, "golden", {"ASC_DEBUG_GOLDEN": str(gold)}, "2.0")
    assert findings == [], findings
    assert "2 outputs of 2 launches compared, 0 mismatches" in same.stderr

    changed, _, findings = run_case(tmp_path, "golden", {"ASC_DEBUG_GOLDEN": str(gold)}, "2.5")
    assert [(f["kind"], f["severity"]) for f in findings] == [("golden", "error")]
    assert "launch 1 output 'y'" in findings[0]["lines"][0]
    assert findings[0]["extra"]["max_abs_error"] > 0.1
    assert "1 mismatch" in changed.stderr


def test_missing_golden_is_an_error_finding(tmp_path):
    proc, _, findings = run_case(tmp_path, "golden", {"ASC_DEBUG_GOLDEN": str(tmp_path / "nowhere")}, "2.0")
    assert [(f["kind"], f["severity"]) for f in findings] == [("golden-missing", "error")]
    assert "does not exist" in proc.stderr


class _Arr:
    pass


def _out(launch, name, arr, idx=2, kernel="k"):
    return launch_watch.Output(launch, kernel, idx, name, arr)


def test_writer_and_checker_in_process(tmp_path, capsys):
    w = GoldenWriter(tmp_path)
    a = np.arange(6, dtype=np.float16).reshape(2, 3)
    w(0, "k", [_out(0, "z", a)])
    w(1, "k", [])
    m = load_manifest(tmp_path)
    assert m[0]["outputs"][0]["shape"] == [2, 3] and m[0]["outputs"][0]["dtype"] == "float16" and m[1]["outputs"] == []
    c = GoldenChecker(tmp_path)
    c(0, "k", [_out(0, "z", a.copy())])
    assert c.mismatches == 0
    c(0, "other", [_out(0, "z", a)])                      # another kernel at that launch
    c(0, "k", [])                                          # the output not written
    c(0, "k", [_out(0, "z", a.astype(np.float32))])        # dtype changed
    c(5, "k", [])                                          # a launch the golden lacks
    assert c.mismatches == 4
    c.finish()
    err = capsys.readouterr().err
    assert "ran kernel other" in err and "was not written" in err and "float32" in err and "not in the golden" in err


def test_manifest_errors(tmp_path):
    with pytest.raises(GoldenError, match="does not exist"):
        load_manifest(tmp_path / "x")
    (tmp_path / "manifest.json").write_text("{not json")
    with pytest.raises(GoldenError, match="not a valid golden manifest"):
        load_manifest(tmp_path)
    (tmp_path / "manifest.json").write_text('{"format": 99, "launches": []}')
    with pytest.raises(GoldenError, match="format 99"):
        load_manifest(tmp_path)


def test_saving_again_replaces_the_old_golden(tmp_path):
    w = GoldenWriter(tmp_path)
    w(0, "k", [_out(0, "z", np.ones(4))])
    assert (tmp_path / "0000_k_z.npy").exists()
    GoldenWriter(tmp_path)
    assert not (tmp_path / "0000_k_z.npy").exists() and load_manifest(tmp_path) == {}


@asc.jit
def _increment(z: asc.GlobalAddress, n: int):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, n * 4)
    t = q.alloc_tensor(asc.float32)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, n)
    asc.data_copy(t, zg, n)
    asc.adds(t, t, 1.0, n)
    asc.data_copy(zg, t, n)
    q.free_tensor(t)


def test_timing_only_launches_are_neither_outputs_nor_counted():
    from asc.runtime.model.launch import LAUNCH_TIMING_ONLY

    assert launch_watch._TIMING_ONLY == LAUNCH_TIMING_ONLY
    seen = []
    listener = lambda i, k, outs: seen.append((i, k, [o.name for o in outs]))  # noqa: E731
    installed = launch_watch._hook is not None
    launch_watch.install()
    launch_watch.add_listener(listener)
    try:
        z = np.zeros(64, np.float32)
        first = launch_watch._launches
        _increment[1](z, 64)
        with asc.profile(compute=False, keep=False):  # autotune's trials: the profiler's hook sets the flag
            _increment[1](z, 64)
        with asc.profile(keep=False):  # a profile that computes: a launch like any other
            _increment[1](z, 64)
        assert seen == [(first, "_increment", ["z"]), (first + 1, "_increment", ["z"])]
        assert z.tolist() == [2.0] * 64
    finally:
        launch_watch._listeners.remove(listener)
        if not installed:
            launch_watch.uninstall()
