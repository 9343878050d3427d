"""Optimisation advice from the candidate's profile (the timed Model's breakdown,
per-pipe busy time and hottest Python lines)."""

from __future__ import annotations

import os
from typing import List

from .compare import Result

HBM_TARGET_MEMORY = 0.80   # memory-bound: most of the time should be moving bytes
HBM_TARGET_COMPUTE = 0.30  # compute-bound: moving bytes should hide behind the cube/vector
OVERLAP_TARGET = 0.80      # double-buffered kernels run most of their compute under the copies


def advice(r: Result) -> List[str]:
    p = r.profile or {}
    out: List[str] = []
    bd = p.get("breakdown") or {}
    if bd:
        hbm = bd.get("hbm_read", 0.0) + bd.get("hbm_write", 0.0)
        if r.bound == "memory":
            if r.roofline_candidate == r.roofline_candidate:  # not NaN
                out.append(f"Achieved {r.roofline_candidate:.0%} of the memory roofline of {r.platform} "
                           f"(the reference: {r.roofline_baseline:.0%}).")
            ok = hbm >= HBM_TARGET_MEMORY
            out.append(f"HBM share {hbm:.0%} of the critical core's time (target >= {HBM_TARGET_MEMORY:.0%} for a "
                       f"memory-bound kernel): " + ("the time goes to moving the bytes" if ok else
                                                    "time goes elsewhere; overlap compute and scalar work with "
                                                    "the copies (double buffering) and move fewer, larger blocks")
                       + (", but slowly: use every core and larger (>= 16 KB), 512-byte-aligned transfers."
                          if ok and r.roofline_candidate < 0.5 else "."))
        else:
            ok = hbm <= HBM_TARGET_COMPUTE
            out.append(f"HBM share {hbm:.0%} (target <= {HBM_TARGET_COMPUTE:.0%} for a compute-bound kernel): " +
                       ("the copies hide behind the compute." if ok else
                        "the cube/vector waits for data; reuse tiles from L1/UB and prefetch the next block."))
        wait = bd.get("sync_wait", 0.0)
        if wait > 0.10:
            out.append(f"{wait:.0%} of the time pipes stand at a wait_flag: the pipeline is serialised; use two "
                       "buffers and event ids so copy-in, compute and copy-out overlap.")
        scalar = bd.get("scalar", 0.0)
        if scalar > 0.10:
            out.append(f"{scalar:.0%} of the time is scalar work: fewer, larger instructions (bigger tiles), "
                       "fewer GetValue/SetValue.")
    ov = p.get("overlap")
    if ov is not None:
        out.append(f"Pipeline overlap {ov:.0%} (of the shorter of compute and data-movement time, the share run "
                   f"together with the other, as asc-profile reports it; target >= {OVERLAP_TARGET:.0%}): " +
                   ("the pipeline overlaps." if ov >= OVERLAP_TARGET else
                    "copies and compute take turns; double-buffer (two queue buffers or ping-pong event ids)."))
    elif p.get("pipes_us"):
        out.append("Pipeline overlap: none to measure (the kernel only moves data or only computes).")
    blocks = p.get("block_dim")
    if blocks and r.bound == "memory" and blocks < 24:
        out.append(f"The launch uses {blocks} cores: one core's GM port cannot fill the HBM; use every core.")
    lines = p.get("lines") or []
    total = sum(l[2] for l in lines) or 0.0
    if lines:
        hot = ", ".join(f"{os.path.basename(f)}:{line} ({c / total:.0%} of the top lines' cycles, {n} calls)"
                        for f, line, c, n in lines[:3])
        what = "Python" if all(str(l[0]).endswith(".py") for l in lines[:3]) else "source"
        out.append(f"Hottest {what} lines: {hot}.")
    if r.work is not None and r.candidate_work is not None and r.candidate_work.gm_read_bytes > \
            1.5 * max(1, r.candidate_work.unique_read_bytes):
        re = r.candidate_work.gm_read_bytes / max(1, r.candidate_work.unique_read_bytes)
        out.append(f"Your kernel reads each input byte {re:.1f} times from GM (L2 hits at best): keep tiles "
                   "resident in L1/UB and reuse them.")
    return out
