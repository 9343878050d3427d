"""asc-profile's analysis of a .prof: the figures of each launch as a dict
(the --json shape) and the `[INFO]` lines a person reads. Everything here is
computed from the stored summaries (profiler/store.py), never by re-running."""

from __future__ import annotations

import os
from typing import List, Optional

from ..profiler.analysis import UNITS

BREAKDOWN_LABELS = {"compute_cube": "Compute (Matrix Unit)", "compute_vector": "Compute (Vector Unit)",
                    "hbm_read": "HBM Read", "hbm_write": "HBM Write", "sync_wait": "Sync Wait", "scalar": "Scalar"}
_ALWAYS = ("hbm_read", "hbm_write", "sync_wait")
HOT_LINES = 5
NEAR_PEAK_TRANSFER = 16 * 1024  # devkit.md: single GM transfers of 16 KB or more reach near-peak bandwidth


def config_text(config: dict) -> str:
    """A stored config as the kernel author wrote it: Config(tile=1024, buffers=2)."""
    return "Config(" + ", ".join(f"{k}={v!r}" for k, v in config.items()) + ")"


def operator_text(kernel: str, spec: dict) -> str:
    """`matmul (m=1024, n=1024, k=1024, float16)`: the kernel with its scalar and
    compile-time arguments and the dtypes of its arrays."""
    spec = spec or {}
    parts, dtypes = [], []
    for p in spec.get("params", []):
        if p["kind"] == "array":
            if p["dtype"] not in dtypes:
                dtypes.append(p["dtype"])
        else:
            parts.append(f"{p['name']}={p.get('value')}")
    inner = ", ".join(parts + dtypes)
    return f"{kernel} ({inner})" if inner else kernel


def breakdown_rows(summary: dict) -> List[dict]:
    """[{key, label, us, share}] over the launch's total time: the cycle model's breakdown
    (shares of the critical core's time) in µs, plus the launch overhead when there is one."""
    total = summary["total_us"]
    overhead = summary.get("launch_overhead_us", 0.0)
    core_us = max(total - overhead, 0.0)
    bd = summary["breakdown"]
    a = summary.get("analysis", {})
    cube = a.get("compute_unit") == "cube"
    rows = []
    for key, share in bd.items():
        show = (key in _ALWAYS or share >= 0.0005 or (key == "compute_cube" and cube)
                or (key == "compute_vector" and not cube))
        if show:
            us = share * core_us
            rows.append({"key": key, "label": BREAKDOWN_LABELS.get(key, key.replace("_", " ").title()),
                         "us": us, "share": us / total if total else 0.0})
    if overhead > 0:
        rows.append({"key": "launch_overhead", "label": "Launch overhead", "us": overhead,
                     "share": overhead / total if total else 0.0})
    work = [r for r in rows if r["key"] != "launch_overhead"]
    if work:
        max(work, key=lambda r: r["us"])["bottleneck"] = True
    return rows


def diagnosis(summary: dict) -> List[str]:
    """A few sentences from the numbers: memory- or compute-bound, and the steps that typically help."""
    a = summary.get("analysis") or {}
    util = a.get("utilisation", {})
    bd = summary["breakdown"]
    out = []
    unit = "Matrix" if a.get("compute_unit") == "cube" else "Vector"
    compute = max(util.get("cube", 0.0), util.get("vec", 0.0))
    ratio = a.get("memory_bound_ratio", 0.0)
    overlap = a.get("overlap")
    if ratio > 1:
        out.append(f"Memory-bound: MTE2 (GM reads) is busy {util.get('mte2', 0):.0%} of the time, "
                   f"{ratio:.1f}x the {unit} unit's {compute:.0%} (mte2 / max(cube, vec) > 1).")
        mean = a.get("mean_mte2_bytes", 0.0)
        if 0 < mean < NEAR_PEAK_TRANSFER:
            out.append(f"Bigger bursts: GM reads average {mean / 1024:.1f} KB per copy; transfers of 16 KB or "
                       f"more reach near-peak bandwidth, so copy larger tiles.")
        if overlap is not None and overlap < 0.5:
            out.append(f"Double buffering: compute and data movement overlap only {overlap:.0%}; with two "
                       f"buffers MTE2 loads the next tile while the {unit} unit works on this one.")
        if a.get("l2_read_hit_share", 1.0) < 0.1 and summary.get("hbm_read_bytes", 0) > 0:
            out.append(f"L2 bypass: only {a['l2_read_hit_share']:.0%} of the reads hit L2, the data streams "
                       f"through once; copying it with the L2 cache disabled (CACHE_MODE_DISABLE) saves "
                       f"L2 and HBM bandwidth for data that is re-read.")
        if a.get("compute_unit") == "cube":
            out.append(f"Tiling: {a.get('arithmetic_intensity', 0):.1f} FLOP per GM byte; larger tiles of M "
                       f"and N re-use each loaded block of A and B more.")
    elif compute > 0:
        out.append(f"Compute-bound on the {unit} unit: busy {compute:.0%} of the time, MTE2 {util.get('mte2', 0):.0%} "
                   f"(mte2 / max(cube, vec) = {ratio:.2f} <= 1).")
        if unit == "Vector":
            out.append("Fewer, longer vector instructions (bigger tiles, more elements per call) amortise "
                       "each instruction's fixed cost.")
    if bd.get("sync_wait", 0.0) > 0.2:
        out.append(f"Sync wait is {bd['sync_wait']:.0%} of the critical path: pipes stand at wait_flag; "
                   f"double buffering or reordering copies and compute lets them run ahead.")
    if bd.get("scalar", 0.0) > 0.2:
        out.append(f"Scalar work is {bd['scalar']:.0%} of the critical path: move address arithmetic out of "
                   f"inner loops or make loop bounds compile-time (asc.ConstExpr, static_range).")
    if not out:
        out.append("No unit stands out: the launch is short or latency-bound; larger problems per core "
                   "amortise the fixed costs.")
    return out


def pipeline(summary: dict) -> dict:
    a = summary.get("analysis") or {}
    util = a.get("utilisation", {})
    advice = []
    overlap = a.get("overlap")
    if overlap is not None and overlap < 0.5:
        advice.append(f"overlap {overlap:.0%} is below 50%: the pipeline is not overlapping; double buffer "
                      f"(alternate two buffers and event ids) or reorder copies and compute")
    if a.get("compute_unit") == "cube" and util.get("cube", 0.0) < 0.7:
        advice.append(f"Matrix unit busy {util.get('cube', 0.0):.0%} (below 70%): the tiling is off; larger "
                      f"base blocks (tile_m, tile_n, tile_k) keep the cube fed")
    return {"utilisation": {label: util.get(key, 0.0) for key, label in UNITS}, "overlap": overlap,
            "advice": advice}


def line_rows(prof, summary: dict, limit: Optional[int] = None) -> List[dict]:
    lines = summary.get("lines", [])
    total = sum(r[2] for r in lines) or 1.0
    rows = []
    for path, line, cycles, calls in lines[:limit]:
        rows.append({"file": path, "line": line, "cycles": cycles, "calls": calls, "share": cycles / total,
                     "source": prof.source_line(path, line)})
    return rows


def launch_data(prof, launch, want_pipeline: bool, want_lines: bool) -> dict:
    s = launch.summary
    out = {"id": launch.id, "kernel": launch.kernel, "operator": operator_text(launch.kernel, launch.spec),
           "platform": s["platform"], "cores": s["block_dim"], "total_us": s["total_us"],
           "compute": s.get("compute", True), "breakdown": breakdown_rows(s), "diagnosis": diagnosis(s),
           "hot_lines": line_rows(prof, s, HOT_LINES)}
    if want_pipeline:
        out["pipeline"] = pipeline(s)
    if want_lines:
        out["lines"] = line_rows(prof, s)
    return out


def _where(row) -> str:
    return f"{os.path.basename(row['file'])}:{row['line']}"


def text_lines(data: dict) -> List[str]:
    """The `[INFO]` lines of one launch (without the prefix)."""
    out = [f"Operator: {data['operator']} on {data['platform']}, {data['cores']} cores"
           + ("" if data["compute"] else " [timing only]"),
           f"Total time: {data['total_us']:.2f} us", "Breakdown:"]
    width = max(len(r["label"]) for r in data["breakdown"]) + 2
    for r in data["breakdown"]:
        mark = "   <- bottleneck" if r.get("bottleneck") else ""
        out.append(f"  - {r['label'] + ':':<{width}}{r['us']:>7.2f} us ({r['share'] * 100:>4.1f}%){mark}")
    out.append("Diagnosis:")
    out += [f"  - {d}" for d in data["diagnosis"]]
    if data["hot_lines"]:
        # an Ascend C program's hot lines are its .asc lines (asc-cc, docs/ascend-c-programs.md)
        py = all(str(r.get("file", "")).endswith(".py") for r in data["hot_lines"])
        out.append("Hottest Python lines:" if py else "Hottest source lines:")
        for r in data["hot_lines"]:
            out.append(f"  {_where(r):<24} {r['share'] * 100:5.1f}%  {r['source']}")
    if "pipeline" in data:
        p = data["pipeline"]
        out.append("Pipeline report (busy share, mean over cores):")
        for label, v in p["utilisation"].items():
            out.append(f"  - {label + ':':<19}{v * 100:5.1f}%")
        ov = "n/a (only compute or only data movement)" if p["overlap"] is None else f"{p['overlap'] * 100:.1f}%"
        out.append(f"  - Overlap (compute with data movement): {ov}")
        out += [f"  Advice: {a}" for a in p["advice"]]
    if "lines" in data:
        out.append("Per-line table (whole kernel, all cores):")
        out.append(f"  {'line':<24} {'cycles':>12} {'calls':>8} {'share':>6}  source")
        for r in data["lines"]:
            out.append(f"  {_where(r):<24} {r['cycles']:>12.0f} {r['calls']:>8} {r['share'] * 100:5.1f}%  {r['source']}")
    return out
