"""--precision-trace across cores and through scalars: every block keeps its
own shadows (calls summed per line), and a value read back with get_value and
broadcast with duplicate carries its error on."""

from __future__ import annotations

import numpy as np

from precision_helpers import marker_line, run_case

from test_precision_trace import _ranked_lines


def test_blocks_keep_their_own_shadows(tmp_path):
    traced, out, _ = run_case(tmp_path, "blocks", {"ASC_DEBUG_PRECISION": "trace"})
    x = np.random.default_rng(0).standard_normal(1024).astype(np.float32)
    np.testing.assert_array_equal(out["y"], x.astype(np.float16).astype(np.float32))
    lossy = [t for t in traced.stderr.splitlines() if f"precision_kernels.py:{marker_line('BLOCKS-LOSSY')} " in t]
    assert len(lossy) == 1 and "4 calls, 1024 elements" in lossy[0], traced.stderr  # one call per core, summed
    assert _ranked_lines(traced.stderr)[0][0] == marker_line("BLOCKS-LOSSY")
    # The cast back to fp32 is exact; the copy out keeps fp16's digits, on every core.
    assert "output written at precision_kernels.py" in traced.stderr


def test_shadows_go_through_get_value_and_duplicate(tmp_path):
    """normalise: the row sum rounded through fp16 is read back (get_value) and
    broadcast (duplicate): its error reaches the division and the output, where
    it is measured, instead of the scalar restarting exact."""
    traced, out, _ = run_case(tmp_path, "normalise", {"ASC_DEBUG_PRECISION": "trace"})
    rows = {}
    for text in traced.stderr.splitlines():
        text = text.strip()
        if text.startswith("precision_kernels.py:") and " loses " in text:
            line = int(text.split(":")[1].split()[0])
            digits_in, digits_out = text.split(" digits (")[1].split(" on average")[0].split(" -> ")
            rows[line] = (float(digits_in), float(digits_out))
    assert _ranked_lines(traced.stderr)[0][:2] == (marker_line("SUM-HALF"), "asc.cast")
    dup_in, dup_out = rows[marker_line("DUP")]
    div_in, div_out = rows[marker_line("DIV")]
    assert 3.0 < dup_in < 5.0 and abs(dup_out - dup_in) < 0.05  # fp16's digits, carried, not 7.2
    assert 3.0 < div_in < 5.0 and div_out < 5.0
    x = np.abs(np.random.default_rng(0).standard_normal(1024).astype(np.float32)) + np.float32(0.1)
    np.testing.assert_allclose(out["y"], x / x.sum(dtype=np.float64), rtol=2e-3)


def test_axpy_reads_its_destination_and_carries_the_error(tmp_path):
    traced, out, _ = run_case(tmp_path, "axpy", {"ASC_DEBUG_PRECISION": "trace"})
    x = np.random.default_rng(0).standard_normal(1024).astype(np.float32)
    np.testing.assert_allclose(out["y"], 2 * x.astype(np.float16).astype(np.float32) + x, rtol=1e-6)
    rows = {r[0]: r for r in _ranked_lines(traced.stderr)}
    assert rows[marker_line("AXPY-CAST")][1] == "asc.cast" and rows[marker_line("AXPY-CAST")][2] > 3.5
    axpy = [t for t in traced.stderr.splitlines() if f":{marker_line('AXPY')} (asc.axpy)" in t]
    assert len(axpy) == 1, traced.stderr
    digits_in, digits_out = (float(v) for v in axpy[0].split(" digits (")[1].split(" on average")[0].split(" -> "))
    # fp16's error comes in through the source and leaves diluted by the exact destination (2h + x).
    assert 3.3 < digits_in < 4.2 and digits_in <= digits_out < 4.5
