"""The work a launch did, counted from the Model's instrumentation stream, and
the platform's roofline for it.

Counts (per launch, every core together):
  cube_macs        multiply-accumulates of the cube: sum of m*n*k of every Mmad call
                   (the Model reports m*n*k as the call's element count)
  vector_elems     elements the vector pipe (PIPE_V) processed: one per element of
                   every vector instruction (an Add of n elements counts n)
  gm_read_bytes    bytes the kernel read from / wrote to global memory (every GM
  gm_write_bytes   access of the stream; what the kernel asked for)
  unique_read_bytes   of those, each byte counted once (the union of the accessed
  unique_write_bytes  ranges per argument): the traffic the HBM must carry at least
  hbm_read_bytes   what reached HBM in the cycle model (L2 misses, write-backs,
  hbm_write_bytes  bypassing writes; an L2 granule counts the first access's bytes)

FLOPs = 2 * cube_macs + vector_elems; bytes = unique_read_bytes + unique_write_bytes
(a matmul that re-reads its operands from the L2 moves its inputs once).

Peaks (the platform's parameter file, asc.profiler.params):
  cube    16 x 16 output elements x (cube_k_bytes_per_cycle / input itemsize) of K per
          cycle per AI Cube core (4096 fp16 MACs), x aic_cores x clock
  vector  vec_bytes_per_repeat / itemsize elements per cycle per AI Vector core,
          x aiv_cores x clock
  memory  hbm_bytes_per_s for what must cross the HBM, l2_bytes_per_s for all traffic
The memory floor follows the timed Model's memory system: every input byte comes
from HBM once; written bytes land in the L2 (write-allocate) and reach HBM only
beyond its capacity (l2_bytes); the L2 carries reads and writes together:
    memory_s = max((unique_read + max(0, unique_write - l2_bytes)) / hbm_bytes_per_s,
                   (unique_read + unique_write) / l2_bytes_per_s)
A launch is memory-bound when memory_s exceeds its cube and vector work at their
peaks (compute_s), compute-bound otherwise; the roofline fraction is
max(compute_s, memory_s) over the time the launch took (launch overhead included).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Optional

COUNT_KEYS = ("cube_macs", "vector_elems", "gm_read_bytes", "gm_write_bytes", "unique_read_bytes",
              "unique_write_bytes", "hbm_read_bytes", "hbm_write_bytes")


@dataclass
class Work:
    cube_macs: int = 0
    vector_elems: int = 0
    gm_read_bytes: int = 0
    gm_write_bytes: int = 0
    unique_read_bytes: int = 0
    unique_write_bytes: int = 0
    hbm_read_bytes: int = 0
    hbm_write_bytes: int = 0

    @property
    def flops(self) -> int:
        return 2 * self.cube_macs + self.vector_elems

    @property
    def bytes(self) -> int:
        return self.unique_read_bytes + self.unique_write_bytes

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: Optional[dict]) -> Optional["Work"]:
        if d is None:
            return None
        return cls(**{k: int(d.get(k, 0)) for k in COUNT_KEYS})


def count(lp) -> Work:
    """The work of one profiled launch (an asc.profiler LaunchProfile)."""
    from ..profiler.cycle import KIND_CODE, PIPE_M, PIPE_V

    ev = lp.recording.events
    api = ev["kind"] == KIND_CODE["api"]
    names = lp.recording.strings
    cube = api & (ev["pipe"] == PIPE_M)
    macs = 0
    if cube.any():
        mmad = {i for i, s in enumerate(names) if s.startswith("Mmad")}
        sel = cube & _isin(ev["api"], mmad)
        macs = int(ev["elems"][sel].sum())
    vec = int(ev["elems"][api & (ev["pipe"] == PIPE_V)].sum())
    reads, writes = unique_gm_bytes(lp.recording.accesses)
    return Work(cube_macs=macs, vector_elems=vec, gm_read_bytes=int(lp.gm_read_bytes),
                gm_write_bytes=int(lp.gm_write_bytes), unique_read_bytes=reads, unique_write_bytes=writes,
                hbm_read_bytes=int(round(lp.hbm_read_bytes)),
                hbm_write_bytes=int(round(lp.hbm_write_bytes)))


def unique_gm_bytes(accesses) -> tuple:
    """(read, written) bytes of GM, each byte once: the union of the access ranges per argument."""
    import numpy as np

    from ..profiler.cycle import MEM_CODE

    out = []
    gm = accesses[accesses["mem"] == MEM_CODE["GM"]]
    for write in (0, 1):
        a = gm[(gm["write"] != 0) == bool(write)]
        total = 0
        for region in np.unique(a["region"]):
            r = a[a["region"] == region]
            # a record of `rows` strided rows (cycle.ACCESS) is that many ranges
            rows = np.maximum(r["rows"].astype(np.int64), 1) if "rows" in r.dtype.names else np.ones(len(r), np.int64)
            first = np.repeat(np.cumsum(rows) - rows, rows)
            k = np.arange(int(rows.sum())) - first
            rep = np.repeat(np.arange(len(r)), rows)
            stride = r["stride"].astype(np.int64)[rep] if "stride" in r.dtype.names else 0
            start = r["offset"].astype(np.int64)[rep] + k * stride
            end = start + (r["bytes"].astype(np.int64) // rows)[rep]
            order = np.argsort(start, kind="stable")
            start, end = start[order], end[order]
            reach = np.maximum.accumulate(end)
            # a range starts a new run when it begins after everything before it ended
            new = np.r_[True, start[1:] > reach[:-1]]
            idx = np.flatnonzero(new)
            run_end = np.r_[reach[idx[1:] - 1], reach[-1]] if len(idx) else reach[:0]
            total += int((run_end - start[idx]).sum())
        out.append(total)
    return out[0], out[1]


def _isin(values, wanted):
    import numpy as np

    return np.isin(values, np.array(sorted(wanted), dtype=values.dtype))


@dataclass
class Peaks:
    cube_flops: float   # FLOP/s of all AI Cube cores (2 per MAC)
    vector_elems: float  # elements/s of all AI Vector cores
    hbm_bytes: float    # bytes/s
    l2_bytes: float = float("inf")       # bytes/s of the L2
    l2_capacity: float = 0.0             # bytes


def peaks(platform: str, itemsize: int = 2) -> Peaks:
    """The platform's peaks for operands of `itemsize` bytes (from its parameter file)."""
    from ..profiler.platform import timing_params

    p = timing_params(platform)
    hz = p.clock_ghz * 1e9
    size = max(1, int(itemsize))
    macs_per_cycle = 16 * 16 * (p.cube_k_bytes_per_cycle / size)
    return Peaks(cube_flops=2 * macs_per_cycle * p.aic_cores * hz,
                 vector_elems=p.vec_bytes_per_repeat / size * p.aiv_cores * hz,
                 hbm_bytes=float(p.hbm_bytes_per_s), l2_bytes=float(p.l2_bytes_per_s),
                 l2_capacity=float(p.l2_bytes))


@dataclass
class Roofline:
    bound: str          # "compute" or "memory"
    compute_s: float    # the cube and vector work at their peaks
    memory_s: float     # the bytes at the HBM peak
    fraction: float     # max(compute_s, memory_s) / time

    @property
    def unit(self) -> str:
        return "GFLOPS" if self.bound == "compute" else "GB/s"


def roofline(work: Work, seconds: float, peak: Peaks) -> Roofline:
    compute_s = 2 * work.cube_macs / peak.cube_flops + work.vector_elems / peak.vector_elems
    hbm = work.unique_read_bytes + max(0.0, work.unique_write_bytes - peak.l2_capacity)
    memory_s = max(hbm / peak.hbm_bytes, work.bytes / peak.l2_bytes)
    bound = "compute" if compute_s >= memory_s else "memory"
    fraction = max(compute_s, memory_s) / seconds if seconds > 0 else 0.0
    return Roofline(bound, compute_s, memory_s, fraction)


def throughput(work: Work, seconds: float, bound: str) -> float:
    """GFLOPS (compute-bound) or GB/s (memory-bound) of `work` done in `seconds`."""
    if seconds <= 0:
        return 0.0
    amount = work.flops if bound == "compute" else work.bytes
    return amount / seconds / 1e9
