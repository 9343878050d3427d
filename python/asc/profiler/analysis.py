"""Figures derived from a timed launch for asc-profile's report: unit
utilisation, compute/data-movement overlap, the memory-bound ratio, mean
transfer sizes and the roofline point. Computed once when a launch is stored
(store.summarize), so reading a .prof never replays instruction lists.

Definitions (docs/asc-profile.md):
- utilisation of a unit: its busy time over the core's time, mean over the launch's cores;
- overlap: per core, the time the compute units (Vector, Matrix) and the data movers
  (MTE1/2/3, FIX) are busy together, over the shorter of the two busy times, summed over
  cores: 100% means the smaller side is hidden entirely under the other;
- memory-bound ratio: mte2 / max(cube, vec) utilisation (msprof users' rule, > 1 = memory-bound);
- FLOPs: 2*m*n*k per Mmad, one per element per vector instruction; arithmetic intensity
  is FLOPs per byte moved between GM and the core (L2 hits included).
"""

from __future__ import annotations

from typing import Dict, Optional

import numpy as np

from .cycle import KIND_CODE, PIPE_FIX, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_V, RES_SLICES

UNITS = (("cube", "Matrix (cube)"), ("vec", "Vector"), ("mte1", "MTE1 (L1->L0)"), ("mte2", "MTE2 (GM->local)"),
         ("mte3", "MTE3 (local->GM)"), ("fixpipe", "FIX (L0C->GM)"), ("scalar", "Scalar"))
_COMPUTE = (PIPE_V, PIPE_M)
_DATA = (PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_FIX)


def _busy_together(starts_a, ends_a, starts_b, ends_b):
    """(measure of A, measure of B, measure of A and B at once) of two sets of intervals (sweep)."""
    t = np.concatenate([starts_a, ends_a, starts_b, ends_b])
    if not len(t):
        return 0.0, 0.0, 0.0
    na, nb = len(starts_a), len(starts_b)
    da = np.concatenate([np.ones(na), -np.ones(na), np.zeros(2 * nb)])
    db = np.concatenate([np.zeros(2 * na), np.ones(nb), -np.ones(nb)])
    order = np.lexsort((-(da + db), t))  # at equal times, starts before ends (touching spans join)
    t, ca, cb = t[order], np.cumsum(da[order]), np.cumsum(db[order])
    dur = np.diff(t)
    ca, cb = ca[:-1] > 0, cb[:-1] > 0
    return float(dur[ca].sum()), float(dur[cb].sum()), float(dur[ca & cb].sum())


def overlap(lp) -> Optional[float]:
    """Share of the shorter of compute / data-movement busy time spent running together with
    the other (None when the launch has only one of the two)."""
    s = lp.sim.array(RES_SLICES)
    if not len(s):
        return None
    both = shorter = 0.0
    comp_mask = np.isin(s["pipe"], _COMPUTE)
    data_mask = np.isin(s["pipe"], _DATA)
    for core in np.unique(s["core"]):
        mine = s["core"] == core
        a, b = s[mine & comp_mask], s[mine & data_mask]
        ma, mb, mab = _busy_together(a["start"], a["end"], b["start"], b["end"])
        both += mab
        shorter += min(ma, mb)
    return both / shorter if shorter > 0 else None


def utilisation(lp) -> Dict[str, float]:
    """Busy share of each unit, mean over the launch's cores."""
    blocks = [b for b in lp.block_us if lp.block_us[b] > 0]
    if not blocks:
        return {u: 0.0 for u, _ in UNITS}
    return {u: sum(lp.per_block[b][u] / lp.block_us[b] for b in blocks) / len(blocks) for u, _ in UNITS}


def derive(lp) -> dict:
    util = utilisation(lp)
    ev = lp.recording.events
    api = ev["kind"] == KIND_CODE["api"]
    mte2 = api & (ev["pipe"] == PIPE_MTE2)
    mte3 = api & (ev["pipe"] == PIPE_MTE3)
    cube_flops = 2.0 * float(ev["elems"][api & (ev["pipe"] == PIPE_M)].sum())
    vec_flops = float(ev["elems"][api & (ev["pipe"] == PIPE_V)].sum())
    flops = cube_flops + vec_flops
    # The roofline's bytes are what the kernel moves to and from GM (L2 hits included):
    # the author's view of the traffic, independent of what the L2 model keeps resident.
    traffic = lp.gm_read_bytes + lp.gm_write_bytes
    p = lp.params
    clock = p.clock_ghz * 1e9
    cube_kernel = cube_flops > 0
    # Platform peaks: the cube does 16x16x16 MACs per cycle per AIC; a vector unit one
    # 256-byte repeat per cycle (128 fp16 lanes) per AIV.
    peak_flops = (2 * 16 * 16 * 16 * getattr(p, "aic_cores", 1) * clock if cube_kernel else
                  getattr(p, "vec_bytes_per_repeat", 256) / 2 * getattr(p, "aiv_cores", 1) * clock)
    unit_cores = getattr(p, "aic_cores", 1) if cube_kernel else getattr(p, "aiv_cores", 1)
    compute = max(util["cube"], util["vec"])
    seconds = lp.total_us * 1e-6
    return {
        "utilisation": util,
        "overlap": overlap(lp),
        "memory_bound_ratio": (util["mte2"] / compute) if compute > 0 else (float("inf") if util["mte2"] else 0.0),
        "mte2_transfers": int(mte2.sum()), "mte3_transfers": int(mte3.sum()),
        "mean_mte2_bytes": float(ev["bytes"][mte2].mean()) if mte2.any() else 0.0,
        "mean_mte3_bytes": float(ev["bytes"][mte3].mean()) if mte3.any() else 0.0,
        "l2_read_hit_share": (lp.sim.l2_hit_bytes / lp.gm_read_bytes) if lp.gm_read_bytes else 0.0,
        "flops": flops, "cube_flops": cube_flops, "vec_flops": vec_flops, "traffic_bytes": float(traffic),
        "arithmetic_intensity": flops / traffic if traffic else 0.0,
        "achieved_flops": flops / seconds if seconds > 0 else 0.0,
        "achieved_bandwidth": traffic / seconds if seconds > 0 else 0.0,
        "peak_flops": float(peak_flops), "peak_bandwidth": float(getattr(p, "hbm_bytes_per_s", 0.0)),
        # the compute roof of the cores this launch ran on (HBM stays shared by all of them)
        "launch_peak_flops": float(peak_flops * min(1.0, lp.block_dim / max(1, unit_cores))),
        "compute_unit": "cube" if cube_kernel else "vector",
    }
