"""One record per profiled launch: what `prof.launches[i]` holds."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from .cycle import ALL_PIPES, BREAKDOWN_KEYS, KIND_CODE, PIPE_NAMES, PIPE_S, Recording, SimResult
from .platform import TimingParams

__all__ = ["LaunchProfile", "BREAKDOWN_KEYS"]


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
    cores_simulated  blocks that ran and were timed: block_dim, or k of asc.profile(cores=k)
               (the others assumed identical: their share of HBM/L2 bandwidth and of the
               L2 was taken from the shared figures; byte totals are the simulated cores')
    regions    {block: [(start µs, end µs)]} of metrics_prof_start/stop regions ({} if none);
               the files' metrics count only those regions' code (metric_blocks, metric_slices)
    """

    def __init__(self, kernel: str, block_dim: int, params: TimingParams, recording: Recording, sim: SimResult,
                 compute: bool = True, wall_s: float = 0.0):
        self.kernel = kernel
        self.block_dim = block_dim
        self.platform = params.platform
        self.params = params
        self.recording = recording
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
        self.breakdown = dict(sim.breakdown)  # computed by the cycle model (cycle_model.cpp Model::breakdown)
        self.lines = sim.lines()
        secs = sim.cycles / (params.clock_ghz * 1e9)
        self.hbm_read_bytes = sim.hbm_read_bytes
        self.hbm_write_bytes = sim.hbm_write_bytes
        self.gm_read_bytes = sim.gm_read_bytes
        self.gm_write_bytes = sim.gm_write_bytes
        self.hbm_bandwidth = (sim.hbm_read_bytes + sim.hbm_write_bytes) / secs if secs else 0.0  # bytes/s, mean
        self.peak_hbm_bandwidth = sim.peak_hbm_bytes_per_cycle * params.clock_ghz * 1e9
        self.instructions = sim.instructions
        self.timing_only_note = ""
        self.cores_simulated = block_dim
        self.has_regions = bool((recording.events["kind"] == KIND_CODE["prof_start"]).any())
        self._scoped = False

    @property
    def events(self):
        """The launch's events as dicts (Recording.dicts), built on first use."""
        return self.recording.dicts()

    # What the files' metrics count, computed on first use (_scope): the profiling path never needs it.
    regions = property(lambda self: self._scoped_value("regions"))
    metric_slices = property(lambda self: self._scoped_value("metric_slices"))
    metric_waits = property(lambda self: self._scoped_value("metric_waits"))
    metric_blocks = property(lambda self: self._scoped_value("metric_blocks"))

    def _scoped_value(self, name):
        if not self._scoped:
            self._scoped = True
            self._scope()
        return self.__dict__["_" + name]

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
        sim = self.sim
        us = self.us
        blocks = sorted(sim.busy)
        if not self.has_regions:
            self._regions = {}
            self._metric_slices = sim.slices
            self._metric_waits = sim.waits
            self._metric_blocks = {b: {"time_us": self.block_us[b], "pipes": dict(self.per_block[b])}
                                   for b in blocks}
            return
        ev = self.recording.events
        start, stop = KIND_CODE["prof_start"], KIND_CODE["prof_stop"]
        inside = [False] * len(ev)
        rid = [-1] * len(ev)
        state: Dict[int, list] = {}
        for i, (block, kind) in enumerate(zip(ev["block"].tolist(), ev["kind"].tolist())):
            st = state.setdefault(block, [False, -1])
            if kind == start:
                st[0] = True
                st[1] += 1
            elif kind == stop:
                st[0] = False
            elif st[0]:
                inside[i] = True
                rid[i] = st[1]
        spans: Dict[Tuple[int, int], list] = {}
        self._metric_slices = []
        for sl in sim.slices:
            b, q, s0, e0, i = sl
            if inside[i]:
                self._metric_slices.append(sl)
                sp = spans.setdefault((b, rid[i]), [s0, e0])
                sp[0], sp[1] = min(sp[0], s0), max(sp[1], e0)
        self._metric_waits = [w for w in sim.waits if inside[w[4]]]
        self._regions = {b: [] for b in blocks}
        for (b, _), (s0, e0) in sorted(spans.items()):
            self._regions[b].append((us(s0), us(e0)))
        self._metric_blocks = {}
        for b in blocks:
            union = _union([(s0 * self.clock_ghz * 1e3, e0 * self.clock_ghz * 1e3) for s0, e0 in self._regions[b]])
            pipes = dict.fromkeys(ALL_PIPES, 0.0)
            for (bb, q, s0, e0, i) in self._metric_slices:
                if bb == b and q != PIPE_S:
                    pipes[PIPE_NAMES[q]] += us(e0 - s0)
            pipes["scalar"] = us(sum(_overlap(x, y, union) for x, y in sim.scalar_intervals[b]))
            self._metric_blocks[b] = {"time_us": us(sum(y - x for x, y in union)), "pipes": pipes}

    def summary(self) -> str:
        top = ", ".join(f"{k} {v:.0%}" for k, v in sorted(self.breakdown.items(), key=lambda kv: -kv[1]) if v >= 0.005)
        mode = "" if self.compute else " [timing only: data not computed]"
        if self.cores_simulated < self.block_dim:
            mode += f" [simulated {self.cores_simulated} of {self.block_dim} identical cores]"
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
