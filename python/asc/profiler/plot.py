"""A per-pipe timeline picture (PNG) drawn from a launch's Chrome trace.

    lp.plot("timeline.png")                      # from a LaunchProfile
    python -m asc.profiler.plot trace.json out.png [--cores N]

The picture is made from the trace events (writers.trace_events / writers.plot_launch, the same data
as trace.json): one band per core, one lane per pipe inside it, a bar per slice
coloured by pipe, metrics_prof_start/stop regions (the METRICS track) shaded behind their core. matplotlib (Agg, no
display needed) is imported only here, when a picture is asked for.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterable, List, Optional

PIPE_COLOURS = {"SCALAR": "#8c8c8c", "VEC": "#2ca02c", "MTE2": "#1f77b4", "MTE3": "#ff7f0e",
                "CUBE": "#d62728", "MTE1": "#9467bd", "FIXPIPE": "#8c564b"}
_LANE_ORDER = ("MTE2", "VEC", "MTE3", "MTE1", "CUBE", "FIXPIPE", "SCALAR")


def _pick_cores(pids: List[int], ends: dict, max_cores: int) -> List[int]:
    """The first cores, and the last-finishing (critical) one if it is not among them."""
    if len(pids) <= max_cores:
        return pids
    crit = max(pids, key=lambda p: (ends.get(p, 0.0), -p))
    shown = pids[:max_cores - 1] if crit not in pids[:max_cores] else pids[:max_cores]
    return sorted(set(shown) | {crit})


def _merged(spans, parts: int = 4000):
    """The spans of one lane with those closer than 1/parts of the lane's extent joined: the
    same picture at any printable width, and a bounded number of rectangles for matplotlib
    (a lane of a million instructions would otherwise need GBs to draw)."""
    if len(spans) <= parts:
        return spans
    spans = sorted(spans)
    lo = spans[0][0]
    hi = max(s + d for s, d in spans)
    gap = (hi - lo) / parts
    out = []
    cur_s, cur_e = spans[0][0], spans[0][0] + spans[0][1]
    for s, d in spans[1:]:
        if s <= cur_e + gap:
            cur_e = max(cur_e, s + d)
        else:
            out.append((cur_s, cur_e - cur_s))
            cur_s, cur_e = s, s + d
    out.append((cur_s, cur_e - cur_s))
    return out


MAX_ARROWS = 600  # beyond this many set->wait arrows the picture is only ink


def plot_trace(trace, path, max_cores: int = 4, title: Optional[str] = None, dpi: int = 110,
               arrows: bool = False) -> str:
    """Draws a trace-event dict (or a trace.json path) as a per-pipe timeline PNG at `path`;
    arrows=True also draws each set_flag -> wait_flag edge of the shown cores (the flow events)."""
    if not isinstance(trace, dict):
        trace = json.loads(Path(trace).read_text())
    import matplotlib
    matplotlib.use("Agg", force=False)
    from matplotlib.figure import Figure
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.patches import Patch

    # One pass over the events (they may be a generator: writers.plot_launch streams them)
    pnames, tnames, bars, ends, flows = {}, {}, {}, {}, []
    for e in trace["traceEvents"]:
        ph = e["ph"]
        if ph == "X":
            key = (e["pid"], e["tid"])
            bars.setdefault(key, []).append((e["ts"], e["dur"]))
            ends[e["pid"]] = max(ends.get(e["pid"], 0.0), e["ts"] + e["dur"])
        elif ph == "M":
            if e["name"] == "process_name":
                pnames[e["pid"]] = e["args"]["name"]
            elif e["name"] == "thread_name":
                tnames[(e["pid"], e["tid"])] = e["args"]["name"]
        elif ph in ("s", "f") and arrows and len(flows) < 4 * MAX_ARROWS:  # (more are never drawn)
            flows.append({k: e[k] for k in ("ph", "id", "pid", "tid", "ts")})
    bars = {(pid, tnames.get((pid, tid), str(tid))): _merged(spans) for (pid, tid), spans in bars.items()}
    marks = {}  # metrics_prof regions: the METRICS track's slices
    for (pid, t), spans in list(bars.items()):
        if t == "METRICS":
            marks[pid] = spans
    if trace.get("cores"):  # the cores were picked already (writers.plot_launch): the events are theirs
        pids = list(trace["cores"])
        shown = sorted(pnames) or sorted({p for p, _ in bars})
    else:
        pids = sorted(pnames) or sorted({p for p, _ in bars})
        shown = _pick_cores(pids, ends, max_cores)
    lanes = []  # (pid, pipe) top to bottom
    for pid in shown:
        used = {t for (p, t) in bars if p == pid}
        lanes += [(pid, t) for t in _LANE_ORDER if t in used]
    other = trace.get("otherData", {})
    total = max(ends.values(), default=0.0)

    fig = Figure(figsize=(10, 0.9 + 0.28 * len(lanes) + 0.15 * len(shown)), dpi=dpi)
    FigureCanvasAgg(fig)
    ax = fig.add_subplot(1, 1, 1)
    y = 0.0
    yticks, ylabels, sep = [], [], []
    prev_pid = None
    for pid, t in lanes:
        if prev_pid is not None and pid != prev_pid:
            sep.append(y + 0.35)
            y += 0.7
        prev_pid = pid
        ax.broken_barh(bars[(pid, t)], (y, 0.8), facecolors=PIPE_COLOURS.get(t, "#444444"), edgecolors="none")
        yticks.append(y + 0.4)
        ylabels.append(f"{pnames.get(pid, pid)}  {t}" if t == next(tt for pp, tt in lanes if pp == pid) else t)
        y += 1.0
    # metrics_prof_start/stop regions: shaded over the core's band
    band = {}
    for (pid, t), yc in zip(lanes, yticks):
        lo, hi = band.get(pid, (yc, yc))
        band[pid] = (min(lo, yc), max(hi, yc))
    for pid in shown:
        if pid in band and marks.get(pid):
            lo, hi = band[pid]
            ax.broken_barh(marks[pid], (lo - 0.5, hi - lo + 1.0), facecolors="#fde9a0", alpha=0.45,
                           edgecolors="#e0c060", linewidth=0.4, zorder=0)
    drawn = _draw_flow_arrows(ax, flows, tnames, dict(zip(lanes, yticks))) if arrows else 0
    for s in sep:
        ax.axhline(s, color="#cccccc", lw=0.8)
    ax.set_yticks(yticks)
    ax.set_yticklabels(ylabels, fontsize=8)
    ax.set_ylim(y + 0.1, -0.3)
    ax.set_xlim(0, total * 1.01 if total else 1)
    ax.set_xlabel("simulated time (µs)")
    ax.grid(axis="x", color="#eeeeee", lw=0.6)
    ax.set_axisbelow(True)
    if title is None:
        title = f"{other.get('kernel', 'kernel')}[{other.get('block_dim', len(pids))}] on " \
                f"{other.get('platform', '?')}: {other.get('total_us', total):.2f} µs predicted"
        if other.get("total_us", total) > total + 0.005:
            title += f" (incl. {other['total_us'] - total:.1f} µs launch overhead)"
        if len(shown) < len(pids):
            title += f"  ({len(shown)} of {len(pids)} cores shown)"
    ax.set_title(title, fontsize=10)
    used = [t for t in _LANE_ORDER if any(tt == t for _, tt in lanes)]
    handles = [Patch(color=PIPE_COLOURS[t], label=t) for t in used]
    if any(marks.get(p) for p in shown):
        handles.append(Patch(color="#fde9a0", label="metrics_prof region"))
    if drawn:
        from matplotlib.lines import Line2D
        handles.append(Line2D([], [], color="#444444", lw=0.8, marker=">", markersize=4, label="set -> wait flag"))
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.005, 1.0), fontsize=8, frameon=False)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="png", bbox_inches="tight", pad_inches=0.08)
    return str(path)


def _draw_flow_arrows(ax, events, tnames, lane_y) -> int:
    """An arrow from each flow start ("s": the set_flag) to its finish ("f": the wait it
    released), between the lanes of the shown cores; returns how many were drawn."""
    starts = {e["id"]: e for e in events if e["ph"] == "s"}
    n = 0
    for e in events:
        if e["ph"] != "f" or e["id"] not in starts or n >= MAX_ARROWS:
            continue
        s0 = starts[e["id"]]
        y0 = lane_y.get((s0["pid"], tnames.get((s0["pid"], s0["tid"]))))
        y1 = lane_y.get((e["pid"], tnames.get((e["pid"], e["tid"]))))
        if y0 is None or y1 is None:
            continue
        ax.annotate("", xy=(e["ts"], y1), xytext=(s0["ts"], y0), zorder=3,
                    arrowprops=dict(arrowstyle="->", color="#444444", lw=0.6, alpha=0.75, shrinkA=0, shrinkB=0))
        n += 1
    return n


def have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def main(argv: Optional[Iterable[str]] = None) -> int:
    import argparse
    ap = argparse.ArgumentParser(prog="python -m asc.profiler.plot",
                                 description="Draw a profile's trace.json as a per-pipe timeline PNG.")
    ap.add_argument("trace", help="a trace.json written by asc.profile / LaunchProfile.save")
    ap.add_argument("png", help="output PNG")
    ap.add_argument("--cores", type=int, default=4, help="at most this many cores (default 4)")
    a = ap.parse_args(None if argv is None else list(argv))
    print(plot_trace(a.trace, a.png, max_cores=a.cores))
    return 0


if __name__ == "__main__":
    sys.exit(main())
