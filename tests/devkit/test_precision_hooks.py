"""asc-debug --precision-check: numpy comparisons on kernel outputs are
reported (with the script's line), others are not, and the script's own
results (return values, exceptions) are unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from precision_helpers import marker_line, run_case

from asc.debug import compare_hooks, launch_watch


def _reports(stderr: str):
    """{line: headline} of the precision reports in a child's stderr."""
    got = {}
    for text in stderr.splitlines():
        if "Precision check" in text and " at " in text:
            line = int(text.rsplit(":", 2)[-2])
            got[line] = text
    return got


def test_comparisons_on_kernel_outputs_are_reported(tmp_path):
    proc, outputs, findings = run_case(tmp_path, "scale", {"ASC_DEBUG_PRECISION": "check"})
    reports = _reports(proc.stderr)
    for marker in ("CMP-ALLCLOSE", "CMP-VIEW", "CMP-RAISES", "CMP-API"):
        assert marker_line(marker) in reports, (marker, proc.stderr)
    for marker in ("CMP-UNRELATED", "CMP-UNWRITTEN"):  # arrays no kernel wrote
        assert marker_line(marker) not in reports, (marker, proc.stderr)
    assert "passed (output 'y' of kernel scale (launch 0))" in reports[marker_line("CMP-ALLCLOSE")]
    assert "Compared by numpy.allclose() (atol=1e-08, rtol=1e-05)" in proc.stderr
    assert "failed" in reports[marker_line("CMP-RAISES")]
    assert bool(outputs["raised"])  # assert_allclose still raised
    np.testing.assert_array_equal(outputs["y"], np.random.default_rng(0).standard_normal(1024).astype(np.float32) * 2)
    # Only the failing comparison is a finding; it names the script's line.
    assert [(f["kind"], f["severity"], f["locations"][0]["line"]) for f in findings] == [
        ("comparison", "error", marker_line("CMP-RAISES"))]


def test_without_the_variable_nothing_is_reported(tmp_path):
    proc, outputs, findings = run_case(tmp_path, "scale", {})
    assert _reports(proc.stderr) == {marker_line("CMP-API"): proc.stderr.splitlines()[0]}  # the explicit call only
    assert findings == [] and bool(outputs["raised"])


@pytest.fixture
def hooked():
    compare_hooks.install()
    compare_hooks.reported.clear()
    yield
    compare_hooks.uninstall()
    launch_watch.uninstall()
    launch_watch._outputs.clear()


def test_hooks_keep_results_and_see_views(hooked, capsys):
    out = np.linspace(0, 1, 64)
    launch_watch._remember([launch_watch.Output(0, "k", 1, "z", out)])
    original = compare_hooks._originals[("numpy", "allclose")]
    assert np.allclose(out, out + 1e-9) is original(out, out + 1e-9) is True  # the very same result
    assert np.isclose(out[3:9], out[3:9]).shape == (6,)  # a view of the output is reported too
    assert not np.array_equal(out, out + 1)
    with pytest.raises(AssertionError):
        np.testing.assert_array_almost_equal(out, out + 0.1, decimal=3)
    assert not np.allclose(np.zeros(3), np.ones(3))  # unrelated: not reported
    fns = [r["function"] for r in compare_hooks.reported]
    assert fns == ["numpy.allclose", "numpy.isclose", "numpy.array_equal",
                   "numpy.testing.assert_array_almost_equal"]
    assert [r["verdict"] for r in compare_hooks.reported] == ["pass", "pass", "fail", "fail"]
    assert all(r["file"] == __file__ for r in compare_hooks.reported)
    err = capsys.readouterr().err
    assert "atol=0.0015" in err  # decimal=3 -> 1.5e-3, numpy's rule


def test_dead_outputs_are_forgotten(hooked):
    out = np.ones(16)
    launch_watch._remember([launch_watch.Output(0, "k", 0, "z", out)])
    assert launch_watch.output_of(out[2:]) is not None
    del out
    assert all(ref() is None for ref, *_ in launch_watch._outputs)  # the dead array is never matched again
    launch_watch._remember([])
    assert launch_watch._outputs == []


def test_torch_comparisons_are_hooked_when_torch_is_imported(hooked, tmp_path, monkeypatch, capsys):
    """torch is not installed here: a stand-in package shows that the import
    hook wraps torch's comparisons once the script imports torch."""
    import sys

    if "torch" in sys.modules:
        pytest.skip("a real torch is already imported")
    pkg = tmp_path / "torch"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "import numpy as np\nfrom . import testing\n"
        "def allclose(a, b, rtol=1e-05, atol=1e-08):\n    return bool(np.allclose(a, b, rtol, atol))\n"
        "def isclose(a, b, rtol=1e-05, atol=1e-08):\n    return np.isclose(a, b, rtol, atol)\n"
        "def equal(a, b):\n    return bool(np.array_equal(a, b))\n")
    (pkg / "testing.py").write_text(
        "import numpy as np\ndef assert_close(a, b, rtol=None, atol=None):\n"
        "    np.testing.assert_allclose(a, b, rtol or 1.3e-6, atol or 1e-5)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        import torch  # noqa: F401  (the stand-in)

        assert hasattr(torch.allclose, "__asc_precision_hook__")
        out = np.linspace(0, 1, 32)
        launch_watch._remember([launch_watch.Output(3, "k", 0, "y", out)])
        assert torch.allclose(out, out) is True
        with pytest.raises(AssertionError):
            torch.testing.assert_close(out, out + 1)
        assert [r["function"] for r in compare_hooks.reported] == ["torch.allclose", "torch.testing.assert_close"]
        assert [r["verdict"] for r in compare_hooks.reported] == ["pass", "fail"]
    finally:
        for name in ("torch", "torch.testing"):
            sys.modules.pop(name, None)
