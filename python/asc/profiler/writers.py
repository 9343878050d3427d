"""The files of a profiled launch, with the names and columns msprof op users
know (../shared/docs/devkit.md): OpBasicInfo.csv, PipeUtilization.csv,
Memory.csv, ArithmeticUtilization.csv, per-core core{N}.veccore0/ folders with
*_code_exe.csv (keyed by the Python file:line, with the source text) and
*_instr_exe.csv, and trace.json (Chrome trace-event format: one process per
core, one track per pipe, flow arrows from each set to its wait).

Everything is written into a temporary folder next to the target, then
renamed into place: a reader never sees a half-written profile."""

from __future__ import annotations

import csv
import json
import linecache
import os
import shutil
import tempfile
from pathlib import Path

from .sim import PIPE_NAMES, PIPE_S

_PIPE_ORDER = ("scalar", "vec", "mte2", "mte3", "cube", "mte1", "fixpipe")
_TID = {name: i + 1 for i, name in enumerate(_PIPE_ORDER)}
_HEAD = ["block_id", "sub_block_id", "aic_time(us)", "aic_total_cycles", "aiv_time(us)", "aiv_total_cycles"]


def _is_cube(lp, b) -> bool:
    return lp.per_block[b]["cube"] > 0 or lp.per_block[b]["mte1"] > 0 or lp.per_block[b]["fixpipe"] > 0


def _head_row(lp, b):
    t = lp.block_us[b]
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


def write_files(lp, out: Path) -> None:
    blocks = sorted(lp.per_block)
    _write_csv(out / "OpBasicInfo.csv",
               ["Op Name", "Op Type", "Task Duration(us)", "Block Dim", "Mix Block Dim", "Device Id", "Pid",
                "Current Freq", "Rated Freq", "Model", "Compute"],
               [[lp.kernel, "aiv" if not any(_is_cube(lp, b) for b in blocks) else "aic", f"{lp.total_us:.3f}",
                 lp.block_dim, 0, 0, os.getpid(), round(lp.clock_ghz * 1e3), round(lp.clock_ghz * 1e3),
                 f"asc cycle model ({lp.platform})", "data computed" if lp.compute else "timing only"]])
    pipe_cols = []
    for side, names in (("aic", ("cube", "scalar", "fixpipe", "mte1", "mte2", "mte3")),
                        ("aiv", ("vec", "scalar", "mte2", "mte3"))):
        for n in names:
            pipe_cols += [f"{side}_{n}_time(us)", f"{side}_{n}_ratio"]
    rows = []
    for b in blocks:
        t = lp.block_us[b]
        cube = _is_cube(lp, b)
        row = _head_row(lp, b)
        for side, names in (("aic", ("cube", "scalar", "fixpipe", "mte1", "mte2", "mte3")),
                            ("aiv", ("vec", "scalar", "mte2", "mte3"))):
            mine = (side == "aic") == cube
            for n in names:
                v = lp.per_block[b][n] if mine else 0.0
                row += [f"{v:.3f}", _ratio(v, t)]
        rows.append(row)
    _write_csv(out / "PipeUtilization.csv", _HEAD + pipe_cols, rows)

    # Memory.csv: GM traffic per block (bytes from the stream, bandwidth over the block's time)
    per = {b: {"rd": 0, "wr": 0, "n2": 0, "n3": 0} for b in blocks}
    for (b, q, s, e, i) in lp.sim.slices:
        ev = lp.events[i]
        for a in ev["accesses"]:
            if a["mem"] == "GM":
                per[b]["wr" if a["write"] else "rd"] += a["bytes"]
        if q == 4:
            per[b]["n2"] += 1
        elif q == 5:
            per[b]["n3"] += 1
    rows = []
    for b in blocks:
        t = lp.block_us[b] * 1e-6
        bw = lambda n: f"{n / t / 1e9:.3f}" if t > 0 else "0"
        m = per[b]
        rows.append(_head_row(lp, b) + [bw(m["rd"]), bw(m["wr"]), bw(m["rd"]), bw(m["wr"]), m["n2"], m["n3"],
                                        f"{m['rd'] / 1024:.3f}", f"{m['wr'] / 1024:.3f}", f"{m['rd'] / 1024:.3f}"])
    _write_csv(out / "Memory.csv", _HEAD + ["aiv_gm_to_ub_bw(GB/s)", "aiv_ub_to_gm_bw(GB/s)",
                                            "aiv_main_mem_read_bw(GB/s)", "aiv_main_mem_write_bw(GB/s)",
                                            "aiv_mte2_instructions", "aiv_mte3_instructions",
                                            "read_main_memory_datas(KB)", "write_main_memory_datas(KB)",
                                            "GM_to_UB_datas(KB)"], rows)
    rows = []
    for b in blocks:
        t = lp.block_us[b]
        rows.append(_head_row(lp, b) + [_ratio(lp.per_block[b]["cube"], t), _ratio(lp.per_block[b]["vec"], t)])
    _write_csv(out / "ArithmeticUtilization.csv", _HEAD + ["aic_cube_ratio", "aiv_vec_ratio"], rows)

    # per-core code / instruction tables
    us_per_cycle = 1.0 / (lp.clock_ghz * 1e3)
    code = {b: {} for b in blocks}
    instr = {b: {} for b in blocks}
    for (b, q, s, e, i) in lp.sim.slices:
        ev = lp.events[i]
        c = code[b].setdefault((ev["file"], ev["line"]), [0, 0.0])
        c[0] += 1
        c[1] += e - s
        k = instr[b].setdefault((ev["api"], PIPE_NAMES.get(q, str(q)), ev["file"], ev["line"]), [0, 0.0])
        k[0] += 1
        k[1] += e - s
    for b in blocks:
        d = out / (f"core{b}.cubecore0" if _is_cube(lp, b) else f"core{b}.veccore0")
        d.mkdir()
        rows = []
        for (f, l), (n, cyc) in sorted(code[b].items(), key=lambda kv: (-kv[1][1], kv[0])):
            rows.append([f"{f}:{l}", linecache.getline(f, l).strip(), n, round(cyc), f"{cyc * us_per_cycle:.3f}"])
        _write_csv(d / f"core{b}_code_exe.csv", ["code", "source", "call_count", "cycles", "running_time(us)"], rows)
        rows = []
        for (api, pipe, f, l), (n, cyc) in sorted(instr[b].items(), key=lambda kv: (-kv[1][1], kv[0])):
            rows.append([api, f"{f}:{l}", pipe.upper(), n, round(cyc), f"{cyc * us_per_cycle:.3f}", ""])
        _write_csv(d / f"core{b}_instr_exe.csv",
                   ["instr", "addr", "pipe", "call_count", "cycles", "running_time(us)", "detail"], rows)
    with open(out / "trace.json", "w") as f:
        json.dump(trace_events(lp), f, separators=(",", ":"))


def trace_events(lp) -> dict:
    """Chrome trace-event JSON: pid = core, tid = pipe; ts/dur in µs."""
    us = 1.0 / (lp.clock_ghz * 1e3)
    out = []
    for b in sorted(lp.per_block):
        kind = "cubecore" if _is_cube(lp, b) else "veccore"
        out.append({"ph": "M", "name": "process_name", "pid": b, "args": {"name": f"core{b}.{kind}0"}})
        out.append({"ph": "M", "name": "process_sort_index", "pid": b, "args": {"sort_index": b}})
        for name, tid in _TID.items():
            out.append({"ph": "M", "name": "thread_name", "pid": b, "tid": tid, "args": {"name": name.upper()}})
    for (b, q, s, e, i) in lp.sim.slices:
        ev = lp.events[i]
        out.append({"ph": "X", "name": ev["api"], "pid": b, "tid": _TID[PIPE_NAMES[q]], "ts": s * us,
                    "dur": max(e - s, 0.0) * us, "cat": PIPE_NAMES[q],
                    "args": {"line": f"{ev['file']}:{ev['line']}", "bytes": ev["bytes"], "elems": ev["elems"]}})
    for n, (b, sp, st, si, wp, wt, wi) in enumerate(lp.sim.flows):
        name = lp.events[wi]["api"]
        out.append({"ph": "s", "id": n, "name": name, "cat": "flag", "pid": b, "tid": _TID[PIPE_NAMES[sp]],
                    "ts": st * us, "args": {"line": f"{lp.events[si]['file']}:{lp.events[si]['line']}"}})
        out.append({"ph": "f", "bp": "e", "id": n, "name": name, "cat": "flag", "pid": b,
                    "tid": _TID[PIPE_NAMES[wp]], "ts": wt * us,
                    "args": {"line": f"{lp.events[wi]['file']}:{lp.events[wi]['line']}"}})
    for (b, t, name) in lp.sim.marks:
        out.append({"ph": "i", "s": "p", "name": name, "pid": b, "tid": _TID["scalar"], "ts": t * us})
    return {"traceEvents": out, "displayTimeUnit": "ns",
            "otherData": {"kernel": lp.kernel, "platform": lp.platform, "total_us": lp.total_us,
                          "block_dim": lp.block_dim}}


def save_launch(lp, directory) -> str:
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
        write_files(lp, tmp)
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
