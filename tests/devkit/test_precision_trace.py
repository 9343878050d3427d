"""asc-debug --precision-trace: the shadow build finds the line that loses the
digits (an fp16 round trip; exp of large values in half), ranks it first, and
leaves the kernel's outputs exactly as a plain run computes them."""

from __future__ import annotations

import time

import numpy as np

from precision_helpers import marker_line, run_case

from asc.debug.precision_trace import LineRecord, Trace, parse_report


def _ranked_lines(stderr: str):
    """The (line, api, digits lost) rows of the trace report, in report order."""
    rows = []
    for text in stderr.splitlines():
        text = text.strip()
        if text.startswith("precision_kernels.py:") and " loses " in text:
            where, rest = text.split(" (", 1)
            rows.append((int(where.split(":")[1]), rest.split(")")[0], float(rest.split(" loses ")[1].split()[0])))
    return rows


def test_the_fp16_round_trip_is_ranked_first(tmp_path):
    t0 = time.perf_counter()
    plain, plain_out, _ = run_case(tmp_path, "round_trip", {})
    t1 = time.perf_counter()
    traced, traced_out, findings = run_case(tmp_path, "round_trip", {"ASC_DEBUG_PRECISION": "trace"})
    t2 = time.perf_counter()
    rows = _ranked_lines(traced.stderr)
    assert rows, traced.stderr
    line, api, lost = rows[0]
    assert (line, api) == (marker_line("LOSSY"), "asc.cast")
    assert 3.5 < lost < 4.2  # float32 (7.2 digits) -> fp16 (3.3)
    assert all(r[2] < 0.5 for r in rows[1:])  # the rest lose (almost) nothing
    # The shadow build computes the very same outputs.
    np.testing.assert_array_equal(traced_out["y"], plain_out["y"])
    assert "output written at precision_kernels.py" in traced.stderr
    # One warning finding, its first location the lossy line.
    (f,) = findings
    assert (f["tool"], f["kind"], f["severity"]) == ("precision", "trace", "warning")
    assert f["locations"][0]["line"] == marker_line("LOSSY")
    print(f"plain run {t1 - t0:.1f} s, traced run {t2 - t1:.1f} s (both include compiles unless cached)")


def test_exp_overflowing_half_is_the_culprit(tmp_path):
    traced, out, findings = run_case(tmp_path, "exp_half", {"ASC_DEBUG_PRECISION": "trace"})
    rows = _ranked_lines(traced.stderr)
    assert rows[0][:2] == (marker_line("EXP"), "asc.exp"), traced.stderr
    assert rows[0][2] > 3.0  # all of half's 3.3 digits: exp(x) overflows to inf above 11.09
    x = (np.random.default_rng(1).standard_normal(1024) * 4.0).astype(np.float16)
    overflowed = int(np.count_nonzero(np.exp(x.astype(np.float64) + 0.5) > 65504))
    assert overflowed and np.count_nonzero(np.isinf(out["y"])) == overflowed  # (the real output overflowed)
    assert f"{overflowed} became Inf/NaN" in traced.stderr
    assert findings and findings[0]["locations"][0]["line"] == marker_line("EXP")


def test_a_kernel_that_keeps_its_digits_is_only_info(tmp_path):
    traced, _, findings = run_case(tmp_path, "scale", {"ASC_DEBUG_PRECISION": "trace"})
    assert "[INFO] Precision trace: 1 launch of scale" in traced.stderr
    rows = _ranked_lines(traced.stderr)
    assert rows and all(abs(r[2]) < 0.1 for r in rows)
    assert [f for f in findings if f["kind"] == "trace"] == []


def test_report_parsing_and_ranking():
    text = ("k.py\t10\tExp\t2\t64\t6.0\t3.3\t6.6\t0.6\t0\t5\n"
            "k.py\t9\tMuls\t1\t32\t0.1\t0.1\t7.2\t7.1\t7.1\t0\n"
            "k.py\t12\tDataCopy to GM\t1\t32\t0\t0\t3.0\t3.0\t3.0\t0\n"
            "garbage line\n")
    recs = parse_report(text)
    assert [r.line for r in recs] == [10, 9, 12]
    t = Trace()
    t.add("k", recs)
    t.add("k", [LineRecord("k.py", 10, "Exp", 1, 64, 1.0, 1.0, 3.3, 2.3, 2.3)])
    assert [r.line for r in t.ranked()][:2] == [10, 9]
    exp = t.lines[("k.py", 10, "Exp")]
    assert (exp.calls, exp.elems, exp.max_loss, exp.min_out, exp.nonfinite) == (3, 128, 3.3, 0.0, 5)
    assert exp.mean_loss == 7.0 / 3
    assert [r.line for r in t.outputs()] == [12]
    text = "\n".join(t.report_lines())
    assert "k.py:10 (asc.exp) loses 3.3 digits" in text and "output written at k.py:12: 3.0 correct digits" in text


def test_normal_builds_carry_no_shadow_code(tmp_path):
    """The hooks in the Model's headers vanish unless ASC_MODEL_PRECISION is
    defined: a plain kernel compiles exactly the code it did before."""
    import subprocess

    from asc import settings
    from asc.runtime.model import build

    src = tmp_path / "probe.cpp"
    src.write_text('#include "asc_model/call.h"\nASC_PRECISION_ONLY(int shadow_marker_xyz;)\n')

    def preprocess(*defs):
        return subprocess.run([build.cxx(), "-std=c++17", "-E", "-P", *defs, "-I", str(settings.model_include.get()),
                               str(src)], capture_output=True, text=True, check=True).stdout

    # The runtime object's Call and burst_copy reach the shadow code through
    # precision_hooks, which only a shadow build fills in (when its library loads).
    installs = "precision_hooks = PrecisionHooks{&on_call, &on_range, &on_copy}"
    plain = preprocess()
    assert "shadow_marker_xyz" not in plain and "precision::" not in plain and "Tracker" not in plain
    assert installs not in plain
    shadow = preprocess("-DASC_MODEL_PRECISION=1")
    assert "shadow_marker_xyz" in shadow and installs in shadow


def test_api_names_read_as_the_kernel_language():
    from asc.debug.precision_trace import python_name

    assert [python_name(a) for a in ("Exp", "ReduceSum", "DataCopy", "FusedMulAddRelu")] == [
        "asc.exp", "asc.reduce_sum", "asc.data_copy", "asc.fused_mul_add_relu"]
    import asc

    assert all(hasattr(asc, python_name(a)[4:]) for a in ("Exp", "ReduceSum", "DataCopy", "Cast", "Muls"))
