"""The files of a profiled launch, with the names and columns msprof op users
know (../shared/docs/devkit.md): OpBasicInfo.csv, PipeUtilization.csv,
Memory.csv, MemoryUB.csv, MemoryL0.csv, ArithmeticUtilization.csv,
ResourceConflictRatio.csv, per-core core{N}.veccore0/ folders with
*_code_exe.csv (keyed by the Python file:line, with the source text),
*_instr_exe.csv and the core's trace.json, and the merged trace.json (Chrome
trace-event format: one process per core, one track per pipe, flow arrows from
each set to its wait, metrics_prof regions on a METRICS track) and
timeline.png (plot.py). What each column means in the model: docs/timed-model.md.
The metrics count the code between metrics_prof_start/stop when the kernel has
such regions (LaunchProfile.metric_*), the whole kernel otherwise.

Everything is written into a temporary folder next to the target, then
renamed into place: a reader never sees a half-written profile.

Memory: nothing here holds a Python object per recorded instruction. The tables are
computed with numpy over the recording's and the cycle model's arrays, and the traces are
streamed to their files (and to the plot) in chunks, so a launch of millions of
instructions is written in a few hundred MB, not in GBs (issue 25)."""

from __future__ import annotations

import csv
import json
import linecache
import os
import shutil
import tempfile
from pathlib import Path

import numpy as np

from .cycle import PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_NAMES, PIPE_S, PIPE_V, RES_FLOWS, RES_SLICES

_PIPE_ORDER = ("scalar", "vec", "mte2", "mte3", "cube", "mte1", "fixpipe")
_TID = {name: i + 1 for i, name in enumerate(_PIPE_ORDER)}
_REGION_TID = len(_PIPE_ORDER) + 1
_HEAD = ["block_id", "sub_block_id", "aic_time(us)", "aic_total_cycles", "aiv_time(us)", "aiv_total_cycles"]


def _is_cube(lp, b) -> bool:
    return lp.per_block[b]["cube"] > 0 or lp.per_block[b]["mte1"] > 0 or lp.per_block[b]["fixpipe"] > 0


def _head_row(lp, b):
    t = lp.metric_blocks[b]["time_us"]
    cyc = round(t * lp.clock_ghz * 1e3)
    if _is_cube(lp, b):
        return [b, 0, f"{t:.3f}", cyc, "0", 0]
    return [b, 0, "0", 0, f"{t:.3f}", cyc]


def _write_csv(path: Path, header, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(header)
        w.writerows(rows)


def _ratio(x, t):
    return f"{x / t:.6f}" if t > 0 else "0"


def _gbps(nbytes, t_us):
    return f"{nbytes / (t_us * 1e-6) / 1e9:.3f}" if t_us > 0 else "0"


def region_note(lp) -> str:
    if not lp.has_regions:
        return "whole kernel"
    n = max((len(r) for r in lp.regions.values()), default=0)
    crit = max(lp.metric_blocks, key=lambda b: lp.metric_blocks[b]["time_us"])
    return (f"metrics_prof_start/stop: up to {n} region(s) per core, "
            f"{lp.metric_blocks[crit]['time_us']:.3f} us of {lp.block_us[crit]:.3f} us on core {crit}")


def plot_launch(lp, path, max_cores: int = 4, **kw) -> str:
    """The per-pipe timeline PNG of a launch, drawn from its trace events (plot.py): only the
    cores the picture shows are turned into events, and those are streamed."""
    from .plot import _pick_cores, plot_trace
    blocks = sorted(lp.per_block)
    shown = _pick_cores(blocks, lp.block_us, max_cores)
    trace = {"traceEvents": iter_trace_events(lp, shown), "displayTimeUnit": "ns", "otherData": _other(lp),
             "cores": blocks}
    return plot_trace(trace, path, max_cores=max_cores, **kw)


_CHUNK = 1 << 16  # rows of a numpy array turned into Python values at a time


def _rows(arr, fields, mask=None):
    """The rows of a structured array as tuples of Python values, a chunk at a time."""
    for lo in range(0, len(arr), _CHUNK):
        part = arr[lo:lo + _CHUNK]
        if mask is not None:
            part = part[mask[lo:lo + _CHUNK]]
        yield from zip(*(part[f].tolist() for f in fields))


def _metric_slice_array(lp):
    """The slices the files' metrics count, as the cycle model's array (no list of tuples)."""
    arr = lp.sim.array(RES_SLICES)
    if not lp.has_regions:
        return arr
    keep = np.zeros(len(lp.recording.events), bool)
    keep[[sl[4] for sl in lp.metric_slices]] = True
    return arr[keep[arr["ev"]]]


def _access_bytes(lp, sl):
    """{(block, mem name, "r"|"w", pipe): bytes} over the accesses of the slices `sl`."""
    from .cycle import MEMS
    ev, acc = lp.recording.events, lp.recording.accesses
    idx = sl["ev"]
    first = ev["acc_first"][idx].astype(np.int64)
    count = ev["acc_count"][idx].astype(np.int64)
    total = int(count.sum())
    if not total:
        return {}
    starts = np.repeat(np.cumsum(count) - count, count)
    aidx = np.repeat(first, count) + (np.arange(total, dtype=np.int64) - starts)
    block = np.repeat(sl["core"], count).astype(np.int64)
    pipe = np.repeat(sl["pipe"], count).astype(np.int64)
    mem = acc["mem"][aidx].astype(np.int64)
    write = (acc["write"][aidx] != 0).astype(np.int64)
    key = ((block * 16 + mem) * 2 + write) * 64 + pipe
    keys, inv = np.unique(key, return_inverse=True)
    sums = np.bincount(inv, weights=acc["bytes"][aidx].astype(np.float64))
    out = {}
    for k, v in zip(keys.tolist(), sums.tolist()):
        q, k = k % 64, k // 64
        w, k = k % 2, k // 2
        m, b = k % 16, k // 16
        out[(b, MEMS[m], "w" if w else "r", q)] = int(v)
    return out


def write_files(lp, out: Path, plot: bool = False) -> None:
    blocks = sorted(lp.per_block)
    mb = lp.metric_blocks
    _write_csv(out / "OpBasicInfo.csv",
               ["Op Name", "Op Type", "Task Duration(us)", "Block Dim", "Mix Block Dim", "Device Id", "Pid",
                "Current Freq", "Rated Freq", "Model", "Compute", "Metrics Scope"],
               [[lp.kernel, "aiv" if not any(_is_cube(lp, b) for b in blocks) else "aic", f"{lp.total_us:.3f}",
                 lp.block_dim, 0, 0, os.getpid(), round(lp.clock_ghz * 1e3), round(lp.clock_ghz * 1e3),
                 f"asc cycle model ({lp.platform})",
                 "data computed" if lp.compute else
                 "timing only: data not computed, data-dependent scalar reads (GetValue) returned 0"
                 + (f" ({lp.timing_only_note})" if lp.timing_only_note else "")
                 + (f"; simulated {lp.cores_simulated} of {lp.block_dim} identical cores"
                    if lp.cores_simulated < lp.block_dim else ""),
                 region_note(lp)]])
    pipe_cols = []
    for side, names in (("aic", ("cube", "scalar", "fixpipe", "mte1", "mte2", "mte3")),
                        ("aiv", ("vec", "scalar", "mte2", "mte3"))):
        for n in names:
            pipe_cols += [f"{side}_{n}_time(us)", f"{side}_{n}_ratio"]
    rows = []
    for b in blocks:
        t = mb[b]["time_us"]
        cube = _is_cube(lp, b)
        row = _head_row(lp, b)
        for side, names in (("aic", ("cube", "scalar", "fixpipe", "mte1", "mte2", "mte3")),
                            ("aiv", ("vec", "scalar", "mte2", "mte3"))):
            mine = (side == "aic") == cube
            for n in names:
                v = mb[b]["pipes"][n] if mine else 0.0
                row += [f"{v:.3f}", _ratio(v, t)]
        rows.append(row)
    _write_csv(out / "PipeUtilization.csv", _HEAD + pipe_cols, rows)

    # bytes per block by memory, direction and pipe, from the counted slices' accesses
    sl_arr = _metric_slice_array(lp)
    per = {b: {} for b in blocks}
    for (b, mem, rw, q), v in _access_bytes(lp, sl_arr).items():
        if b in per:
            per[b][(mem, rw, q)] = v
    count = {b: {} for b in blocks}
    for b, q in _rows(sl_arr, ("core", "pipe")):
        if b in count:
            count[b][q] = count[b].get(q, 0) + 1

    def nbytes(b, mem, rw, pipes=None):
        return sum(v for (m, d, q), v in per[b].items() if m == mem and d == rw and (pipes is None or q in pipes))

    # Memory.csv: GM traffic per block (bytes from the stream, bandwidth over the block's time)
    rows = []
    for b in blocks:
        t = mb[b]["time_us"]
        rd, wr = nbytes(b, "GM", "r"), nbytes(b, "GM", "w")
        rows.append(_head_row(lp, b) + [_gbps(rd, t), _gbps(wr, t), _gbps(rd, t), _gbps(wr, t),
                                        count[b].get(PIPE_MTE2, 0), count[b].get(PIPE_MTE3, 0),
                                        f"{rd / 1024:.3f}", f"{wr / 1024:.3f}", f"{rd / 1024:.3f}"])
    _write_csv(out / "Memory.csv", _HEAD + ["aiv_gm_to_ub_bw(GB/s)", "aiv_ub_to_gm_bw(GB/s)",
                                            "aiv_main_mem_read_bw(GB/s)", "aiv_main_mem_write_bw(GB/s)",
                                            "aiv_mte2_instructions", "aiv_mte3_instructions",
                                            "read_main_memory_datas(KB)", "write_main_memory_datas(KB)",
                                            "GM_to_UB_datas(KB)"], rows)

    # MemoryUB.csv: UB bytes the vector pipe / the scalar unit read and wrote, over the block's time
    rows = []
    for b in blocks:
        t = mb[b]["time_us"]
        rows.append(_head_row(lp, b) + [_gbps(nbytes(b, "UB", "r", (PIPE_V,)), t),
                                        _gbps(nbytes(b, "UB", "w", (PIPE_V,)), t),
                                        _gbps(nbytes(b, "UB", "r", (PIPE_S,)), t),
                                        _gbps(nbytes(b, "UB", "w", (PIPE_S,)), t)])
    _write_csv(out / "MemoryUB.csv", _HEAD + ["aiv_ub_read_bw_vector(GB/s)", "aiv_ub_write_bw_vector(GB/s)",
                                              "aiv_ub_read_bw_scalar(GB/s)", "aiv_ub_write_bw_scalar(GB/s)"], rows)

    # MemoryL0.csv: L0A/L0B bytes read and written by any pipe (MTE1 writes, the cube reads); L0C by the cube
    rows = []
    for b in blocks:
        t = mb[b]["time_us"]
        rows.append(_head_row(lp, b) + [_gbps(nbytes(b, "L0A", "r"), t), _gbps(nbytes(b, "L0A", "w"), t),
                                        _gbps(nbytes(b, "L0B", "r"), t), _gbps(nbytes(b, "L0B", "w"), t),
                                        _gbps(nbytes(b, "L0C", "r", (PIPE_M,)), t),
                                        _gbps(nbytes(b, "L0C", "w", (PIPE_M,)), t)])
    _write_csv(out / "MemoryL0.csv", _HEAD + ["aic_l0a_read_bw(GB/s)", "aic_l0a_write_bw(GB/s)",
                                              "aic_l0b_read_bw(GB/s)", "aic_l0b_write_bw(GB/s)",
                                              "aic_l0c_read_bw_cube(GB/s)", "aic_l0c_write_bw_cube(GB/s)"], rows)

    rows = []
    for b in blocks:
        t = mb[b]["time_us"]
        rows.append(_head_row(lp, b) + [_ratio(mb[b]["pipes"]["cube"], t), _ratio(mb[b]["pipes"]["vec"], t)])
    _write_csv(out / "ArithmeticUtilization.csv", _HEAD + ["aic_cube_ratio", "aiv_vec_ratio"], rows)

    # ResourceConflictRatio.csv: the V pipe's cycles lost to UB bank-group and bank conflicts (the cycle
    # model's bank rule; whole kernel, also when metrics_prof regions narrow the time) over the block's
    # time; no other resource or MTE conflicts are modelled (0); the wait ratios are the share of the
    # block's time each pipe stood blocked in a WaitFlag (or TQue wait)
    us_per_cycle = 1.0 / (lp.clock_ghz * 1e3)
    wait = {b: {} for b in blocks}
    for (b, q, s, e, i) in lp.metric_waits:
        wait[b][q] = wait[b].get(q, 0.0) + (e - s) * us_per_cycle
    rows = []
    for b in blocks:
        t = mb[b]["time_us"]
        w = wait[b]
        group, bank = (c * us_per_cycle for c in lp.sim.conflicts.get(b, (0.0, 0.0)))
        rows.append(_head_row(lp, b) + [_ratio(group + bank, t), _ratio(group, t), _ratio(bank, t), "0", "0",
                                        _ratio(w.get(PIPE_V, 0.0), t),
                                        _ratio(w.get(PIPE_M, 0.0), t), _ratio(w.get(PIPE_MTE1, 0.0), t),
                                        _ratio(w.get(PIPE_MTE2, 0.0), t), _ratio(w.get(PIPE_MTE3, 0.0), t)])
    _write_csv(out / "ResourceConflictRatio.csv",
               _HEAD + ["aiv_vec_total_cflt_ratio", "aiv_vec_bankgroup_cflt_ratio", "aiv_vec_bank_cflt_ratio",
                        "aiv_vec_resc_cflt_ratio", "aiv_vec_mte_cflt_ratio", "aiv_vec_wait_ratio",
                        "aic_cube_wait_ratio", "mte1_wait_ratio", "mte2_wait_ratio", "mte3_wait_ratio"], rows)

    # per-core code / instruction tables and traces
    code = {b: {} for b in blocks}
    instr = {b: {} for b in blocks}
    ev = lp.recording.events
    strings = lp.recording.strings
    ev_api, ev_file, ev_line = ev["api"], ev["file"], ev["line"]
    for lo in range(0, len(sl_arr), _CHUNK):
        part = sl_arr[lo:lo + _CHUNK]
        idx = part["ev"]
        for b, q, d, api, f, l in zip(part["core"].tolist(), part["pipe"].tolist(),
                                      (part["end"] - part["start"]).tolist(), ev_api[idx].tolist(),
                                      ev_file[idx].tolist(), ev_line[idx].tolist()):
            c = code[b].setdefault((f, l), [0, 0.0])
            c[0] += 1
            c[1] += d
            k = instr[b].setdefault((api, q, f, l), [0, 0.0])
            k[0] += 1
            k[1] += d
    for b in blocks:
        d = out / (f"core{b}.cubecore0" if _is_cube(lp, b) else f"core{b}.veccore0")
        d.mkdir()
        rows = []
        named = {(strings[f], l): v for (f, l), v in code[b].items()}
        for (f, l), (n, cyc) in sorted(named.items(), key=lambda kv: (-kv[1][1], kv[0])):
            rows.append([f"{f}:{l}", linecache.getline(f, l).strip(), n, round(cyc), f"{cyc * us_per_cycle:.3f}"])
        _write_csv(d / f"core{b}_code_exe.csv", ["code", "source", "call_count", "cycles", "running_time(us)"], rows)
        rows = []
        named = {(strings[a], PIPE_NAMES.get(q, str(q)), strings[f], l): v for (a, q, f, l), v in instr[b].items()}
        for (api, pipe, f, l), (n, cyc) in sorted(named.items(), key=lambda kv: (-kv[1][1], kv[0])):
            rows.append([api, f"{f}:{l}", pipe.upper(), n, round(cyc), f"{cyc * us_per_cycle:.3f}", ""])
        _write_csv(d / f"core{b}_instr_exe.csv",
                   ["instr", "addr", "pipe", "call_count", "cycles", "running_time(us)", "detail"], rows)
        _dump_trace(d / "trace.json", iter_trace_events(lp, [b]), dict(_other(lp), core=b))
    _dump_trace(out / "trace.json", iter_trace_events(lp), _other(lp))
    if plot:
        from .plot import have_matplotlib
        if have_matplotlib():
            plot_launch(lp, out / "timeline.png")


def _dump_trace(path: Path, events, other: dict) -> None:
    """Writes a trace-event JSON file from an iterable of events, without holding them all."""
    with open(path, "w") as f:
        f.write('{"traceEvents":[')
        first = True
        for e in events:
            if not first:
                f.write(",")
            first = False
            f.write(json.dumps(e, separators=(",", ":")))
        f.write('],"displayTimeUnit":"ns","otherData":')
        f.write(json.dumps(other, separators=(",", ":")))
        f.write("}")


def core_trace(trace: dict, block: int) -> dict:
    """One core's part of the merged trace (its process, tracks, slices, flows)."""
    return {"traceEvents": [e for e in trace["traceEvents"] if e.get("pid") == block],
            "displayTimeUnit": trace["displayTimeUnit"], "otherData": dict(trace["otherData"], core=block)}


def _other(lp) -> dict:
    return {"kernel": lp.kernel, "platform": lp.platform, "total_us": lp.total_us, "block_dim": lp.block_dim,
            "compute": lp.compute, "metrics": region_note(lp)}


def trace_events(lp) -> dict:
    """Chrome trace-event JSON: pid = core, tid = pipe; ts/dur in µs. metrics_prof_start/stop
    regions are slices on a METRICS track of their core. (A list of every event: the files and
    the plot stream iter_trace_events instead.)"""
    return {"traceEvents": list(iter_trace_events(lp)), "displayTimeUnit": "ns", "otherData": _other(lp)}


def iter_trace_events(lp, blocks=None):
    """The events of trace_events, one at a time (only those of `blocks`, when given)."""
    us = 1.0 / (lp.clock_ghz * 1e3)
    wanted = sorted(lp.per_block) if blocks is None else [b for b in sorted(lp.per_block) if b in set(blocks)]
    keep = set(wanted)
    regions = lp.regions
    for b in wanted:
        kind = "cubecore" if _is_cube(lp, b) else "veccore"
        yield {"ph": "M", "name": "process_name", "pid": b, "args": {"name": f"core{b}.{kind}0"}}
        yield {"ph": "M", "name": "process_sort_index", "pid": b, "args": {"sort_index": b}}
        for name, tid in _TID.items():
            yield {"ph": "M", "name": "thread_name", "pid": b, "tid": tid, "args": {"name": name.upper()}}
        if regions.get(b):
            yield {"ph": "M", "name": "thread_name", "pid": b, "tid": _REGION_TID, "args": {"name": "METRICS"}}
    ev = lp.recording.events
    strings = lp.recording.strings
    slices = lp.sim.array(RES_SLICES)
    mask = None if blocks is None else np.isin(slices["core"], wanted)
    for lo in range(0, len(slices), _CHUNK):
        part = slices[lo:lo + _CHUNK]
        if mask is not None:
            part = part[mask[lo:lo + _CHUNK]]
        idx = part["ev"]
        for b, q, s0, e0, api, f, l, nb, ne in zip(
                part["core"].tolist(), part["pipe"].tolist(), part["start"].tolist(), part["end"].tolist(),
                ev["api"][idx].tolist(), ev["file"][idx].tolist(), ev["line"][idx].tolist(),
                ev["bytes"][idx].tolist(), ev["elems"][idx].tolist()):
            yield {"ph": "X", "name": strings[api], "pid": b, "tid": _TID[PIPE_NAMES[q]], "ts": s0 * us,
                   "dur": max(e0 - s0, 0.0) * us, "cat": PIPE_NAMES[q],
                   "args": {"line": f"{strings[f]}:{l}", "bytes": nb, "elems": ne}}
    for b, spans in regions.items():
        if b not in keep:
            continue
        for n, (s0, e0) in enumerate(spans):
            yield {"ph": "X", "name": "metrics_prof region", "pid": b, "tid": _REGION_TID, "ts": s0,
                   "dur": max(e0 - s0, 0.0), "cat": "metrics", "args": {"region": n}}
    flows = lp.sim.array(RES_FLOWS)

    def where(i):
        return f"{strings[int(ev['file'][i])]}:{int(ev['line'][i])}"

    for n, (b, sp, st, si, wp, wt, wi) in enumerate(_rows(flows, ("core", "set_pipe", "set_t", "set_ev",
                                                                  "wait_pipe", "wait_t", "wait_ev"))):
        if b not in keep:
            continue
        name = strings[int(ev["api"][wi])]
        yield {"ph": "s", "id": n, "name": name, "cat": "flag", "pid": b, "tid": _TID[PIPE_NAMES[sp]],
               "ts": st * us, "args": {"line": where(si)}}
        yield {"ph": "f", "bp": "e", "id": n, "name": name, "cat": "flag", "pid": b,
               "tid": _TID[PIPE_NAMES[wp]], "ts": wt * us, "args": {"line": where(wi)}}


def save_launch(lp, directory, plot: bool = True) -> str:
    """Writes the launch's files into `directory` (replaced if it exists), atomically."""
    target = Path(directory)
    if target.exists() and not target.is_dir():
        raise NotADirectoryError(f"profile output {str(target)!r} exists and is not a directory")
    parent = target.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.tmp.", dir=parent))
    except OSError as exc:
        raise OSError(f"profile output {str(target)!r} cannot be written: {exc.strerror or exc}") from None
    try:
        write_files(lp, tmp, plot=plot)
        if target.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=parent))
            os.rename(target, old / "x")
            os.rename(tmp, target)
            shutil.rmtree(old, ignore_errors=True)
        else:
            os.rename(tmp, target)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return str(target)
