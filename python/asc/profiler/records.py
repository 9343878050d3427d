"""One record per profiled launch: what `prof.launches[i]` holds."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from .platform import TimingParams
from .sim import ALL_PIPES, PIPE_FIX, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_NAMES, PIPE_S, PIPE_V, SimResult

BREAKDOWN_KEYS = ("compute_cube", "compute_vector", "hbm_read", "hbm_write", "sync_wait", "scalar")
# A moment of the critical core goes to the first category whose pipe is busy.
_PRIORITY = ((PIPE_MTE2, "hbm_read"), (PIPE_MTE3, "hbm_write"), (PIPE_FIX, "hbm_write"), (PIPE_M, "compute_cube"),
             (PIPE_MTE1, "compute_cube"), (PIPE_V, "compute_vector"), (PIPE_S, "scalar"))


class LaunchProfile:
    """Predicted timing of one launch.

    total_us   predicted duration (µs)
    pipes      busy µs per pipe, mean over the launch's cores
    breakdown  share of the critical (last-finishing) core's time per category; sums to 1
    lines      [(file, line, cycles, calls)] hottest first (cycles summed over every core and pipe)
    per_block  {block: {pipe: busy µs}} and block_us {block: finish µs}
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
        return (f"{self.kernel}[{self.block_dim}] on {self.platform}: {self.total_us:.2f} us predicted ({top})")

    def save(self, directory) -> str:
        from .writers import save_launch
        return save_launch(self, directory)

    def __repr__(self):
        return f"<LaunchProfile {self.summary()}>"
