"""The roofline picture: launches as points (arithmetic intensity, achieved
FLOP/s) under the platform's roof, min(peak FLOP/s, intensity x peak HBM
bandwidth), and the lower roof of the cores a launch ran on. Figures from
analysis.derive (stored in each launch's summary)."""

from __future__ import annotations

from typing import Sequence


def plot_roofline(points: Sequence[dict], path, title: str = "") -> str:
    """points: [{"label", "analysis", "cores"}] (a launch summary's analysis dict and its core
    count); writes a PNG. A dashed roof shows the compute peak of the cores a launch used."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    roofs = {}
    for p in points:
        a = p["analysis"]
        roofs[(a["compute_unit"], a["peak_flops"], a["peak_bandwidth"])] = True
    xs = [p["analysis"]["arithmetic_intensity"] for p in points if p["analysis"]["arithmetic_intensity"] > 0]
    lo = min(xs + [0.1]) / 4
    hi = max(xs + [1000.0]) * 4
    grid = np.logspace(np.log10(lo), np.log10(hi), 200)
    for unit, peak, bw in roofs:
        if peak > 0 and bw > 0:
            ax.plot(grid, np.minimum(peak, grid * bw), "-", lw=2,
                    label=f"roof ({unit}: {peak / 1e12:.1f} TFLOP/s, HBM {bw / 1e9:.0f} GB/s)")
            ax.axvline(peak / bw, color="grey", ls=":", lw=1)
    launch_roofs = {(a["compute_unit"], a["launch_peak_flops"], a["peak_bandwidth"], p.get("cores"))
                    for p in points for a in [p["analysis"]]
                    if a.get("launch_peak_flops", 0) and a["launch_peak_flops"] < a["peak_flops"]}
    for unit, peak, bw, cores in sorted(launch_roofs, key=lambda r: r[1]):
        ax.plot(grid, np.minimum(peak, grid * bw), "--", lw=1,
                label=f"roof of the {cores or 'launched'} cores used ({peak / 1e12:.2f} TFLOP/s)")
    for p in points:
        a = p["analysis"]
        if a["arithmetic_intensity"] > 0 and a["achieved_flops"] > 0:
            ax.plot([a["arithmetic_intensity"]], [a["achieved_flops"]], "o", ms=7, label=p["label"])
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("arithmetic intensity (FLOP per GM byte)")
    ax.set_ylabel("achieved FLOP/s")
    ax.set_title(title or "roofline (timed Model)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    fig.tight_layout()
    fig.savefig(str(path))
    plt.close(fig)
    return str(path)
