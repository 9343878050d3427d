"""One record per profiled launch: what `prof.launches[i]` holds."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from .platform import TimingParams
from .sim import ALL_PIPES, PIPE_FIX, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_NAMES, PIPE_S, PIPE_V, SimResult

BREAKDOWN_KEYS = ("compute_cube", "compute_vector", "hbm_read", "hbm_write", "sync_wait", "scalar")
# A moment of the critical core goes to the first category whose pipe is busy.
_PRIORITY = ((PIPE_MTE2, "hbm_read"), (PIPE_MTE3, "hbm_write"), (PIPE_FIX, "hbm_write"), (PIPE_M, "compute_cube"),
             (PIPE_MTE1, "compute_cube"), (PIPE_V, "compute_vector"), (PIPE_S, "scalar"))


def _union(spans):
    out = []
    for s, e in sorted(spans):
        if out and s <= out[-1][1]:
            out[-1][1] = max(out[-1][1], e)
        else:
            out.append([s, e])
    return out


def _overlap(x, y, union) -> float:
    return sum(max(0.0, min(y, e) - max(x, s)) for s, e in union)


class LaunchProfile:
    """Predicted timing of one launch.

    total_us   predicted duration (µs)
    pipes      busy µs per pipe, mean over the launch's cores
    breakdown  share of the critical (last-finishing) core's time per category; sums to 1
    lines      [(file, line, cycles, calls)] hottest first (cycles summed over every core and pipe)
    per_block  {block: {pipe: busy µs}} and block_us {block: finish µs}
    compute    False: timing-only launch (data not computed; GetValue reads returned 0)
    regions    {block: [(start µs, end µs)]} of metrics_prof_start/stop regions ({} if none);
               the files' metrics count only those regions' code (metric_blocks, metric_slices)
    """

    def __init__(self, kernel: str, block_dim: int, params: TimingParams, events: List[dict], sim: SimResult,
                 compute: bool = True, wall_s: float = 0.0):
        self.kernel = kernel
        self.block_dim = block_dim
        self.platform = params.platform
        self.params = params
        self.events = events
        self.sim = sim
        self.compute = compute
        self.sim_wall_s = wall_s
        self.clock_ghz = params.clock_ghz
        us = self.us = lambda cycles: cycles / (params.clock_ghz * 1e3)
        self.cycles = sim.cycles
        self.total_us = us(sim.cycles) + params.launch_overhead_us
        blocks = sorted(sim.busy)
        self.per_block = {b: {PIPE_NAMES[q]: us(c) for q, c in sim.busy[b].items()} for b in blocks}
        self.block_us = {b: us(sim.core_end[b]) for b in blocks}
        n = max(1, len(blocks))
        self.pipes = {name: sum(self.per_block[b][name] for b in blocks) / n for name in ALL_PIPES}
        self.breakdown = self._breakdown()
        self.lines = self._lines()
        secs = sim.cycles / (params.clock_ghz * 1e9)
        self.hbm_read_bytes = sim.hbm_read_bytes
        self.hbm_write_bytes = sim.hbm_write_bytes
        self.gm_read_bytes = sim.gm_read_bytes
        self.gm_write_bytes = sim.gm_write_bytes
        self.hbm_bandwidth = (sim.hbm_read_bytes + sim.hbm_write_bytes) / secs if secs else 0.0  # bytes/s, mean
        self.peak_hbm_bandwidth = sim.peak_hbm_bytes_per_cycle * params.clock_ghz * 1e9
        self.instructions = sim.instructions
        self.timing_only_note = ""
        self._scope()

    def _scope(self):
        """What the files' metrics count: the code between metrics_prof_start() and
        metrics_prof_stop() (in program order, per core) when the kernel has such
        regions, the whole kernel otherwise.

        regions        {block: [(start_us, end_us)]}: each region from its first instruction's
                       start to its last one's end in simulated time (empty: no regions)
        metric_slices  the sim slices that count; metric_waits likewise (WaitFlag stalls)
        metric_blocks  {block: {"time_us": union of the block's regions (or block_us),
                                "pipes": {pipe: busy µs inside}}}
        """
        sim, ev = self.sim, self.events
        us = self.us
        inside = [False] * len(ev)
        rid = [-1] * len(ev)
        state: Dict[int, list] = {}
        for i, e in enumerate(ev):
            st = state.setdefault(e["block"], [False, -1])
            if e["kind"] == "prof_start":
                st[0] = True
                st[1] += 1
            elif e["kind"] == "prof_stop":
                st[0] = False
            elif st[0]:
                inside[i] = True
                rid[i] = st[1]
        self.has_regions = any(e["kind"] == "prof_start" for e in ev)
        blocks = sorted(sim.busy)
        if not self.has_regions:
            self.regions = {}
            self.metric_slices = sim.slices
            self.metric_waits = sim.waits
            self.metric_blocks = {b: {"time_us": self.block_us[b], "pipes": dict(self.per_block[b])}
                                  for b in blocks}
            return
        spans: Dict[Tuple[int, int], list] = {}
        self.metric_slices = []
        for sl in sim.slices:
            b, q, s0, e0, i = sl
            if inside[i]:
                self.metric_slices.append(sl)
                sp = spans.setdefault((b, rid[i]), [s0, e0])
                sp[0], sp[1] = min(sp[0], s0), max(sp[1], e0)
        self.metric_waits = [w for w in sim.waits if inside[w[4]]]
        self.regions = {b: [] for b in blocks}
        for (b, _), (s0, e0) in sorted(spans.items()):
            self.regions[b].append((us(s0), us(e0)))
        self.metric_blocks = {}
        for b in blocks:
            union = _union([(s0 * self.clock_ghz * 1e3, e0 * self.clock_ghz * 1e3) for s0, e0 in self.regions[b]])
            pipes = dict.fromkeys(ALL_PIPES, 0.0)
            for (bb, q, s0, e0, i) in self.metric_slices:
                if bb == b and q != PIPE_S:
                    pipes[PIPE_NAMES[q]] += us(e0 - s0)
            pipes["scalar"] = us(sum(_overlap(x, y, union) for x, y in sim.scalar_intervals[b]))
            self.metric_blocks[b] = {"time_us": us(sum(y - x for x, y in union)), "pipes": pipes}

    def _breakdown(self) -> Dict[str, float]:
        sim = self.sim
        out = dict.fromkeys(BREAKDOWN_KEYS, 0.0)
        if not sim.core_end:
            return out
        crit = max(sorted(sim.core_end), key=lambda b: sim.core_end[b])
        end = sim.core_end[crit]
        if end <= 0:
            out["scalar"] = 1.0
            return out
        pts = []
        for (b, q, s, e, _) in sim.slices:
            if b == crit and q != PIPE_S and e > s:
                pts.append((s, 1, q))
                pts.append((e, -1, q))
        for s, e in sim.scalar_intervals[crit]:
            if e > s:
                pts.append((s, 1, PIPE_S))
                pts.append((e, -1, PIPE_S))
        pts.sort(key=lambda x: (x[0], x[1]))
        active = {q: 0 for q in PIPE_NAMES}
        t_prev = 0.0
        for t, d, q in pts:
            if t > t_prev:
                cat = next((c for pq, c in _PRIORITY if active[pq] > 0), "sync_wait")
                out[cat] += t - t_prev
                t_prev = t
            active[q] += d
        if end > t_prev:
            out["sync_wait"] += end - t_prev
        total = sum(out.values())
        return {k: v / total for k, v in out.items()}

    def _lines(self) -> List[Tuple[str, int, float, int]]:
        agg: Dict[Tuple[str, int], list] = {}
        ev = self.events
        for (_, _, s, e, i) in self.sim.slices:
            x = ev[i]
            a = agg.setdefault((x["file"], x["line"]), [0.0, 0])
            a[0] += e - s
        for x in ev:
            a = agg.setdefault((x["file"], x["line"]), [0.0, 0])
            a[1] += 1
        rows = [(f, l, c, n) for (f, l), (c, n) in agg.items()]
        rows.sort(key=lambda r: (-r[2], r[0], r[1]))
        return rows

    def summary(self) -> str:
        top = ", ".join(f"{k} {v:.0%}" for k, v in sorted(self.breakdown.items(), key=lambda kv: -kv[1]) if v >= 0.005)
        mode = "" if self.compute else " [timing only: data not computed]"
        return (f"{self.kernel}[{self.block_dim}] on {self.platform}: {self.total_us:.2f} us predicted ({top}){mode}")

    def save(self, directory, plot: bool = True) -> str:
        """Writes the msprof-style files, trace.json and (plot=True, matplotlib installed) timeline.png."""
        from .writers import save_launch
        return save_launch(self, directory, plot=plot)

    def plot(self, path, max_cores: int = 4, **kw) -> str:
        """Draws the per-pipe timeline of the trace as a PNG at `path` (matplotlib, Agg backend)."""
        from .writers import plot_launch
        return plot_launch(self, path, max_cores=max_cores, **kw)

    def __repr__(self):
        return f"<LaunchProfile {self.summary()}>"
