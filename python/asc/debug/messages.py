"""asc-debug's report texts: the Model's finding rows (engine.parse_report) as
`Finding`s in the shapes users know from msSanitizer / compute-sanitizer
(/work/shared/docs/devkit.md): `[ERROR] Out-of-bounds access detected:`,
`ERROR: Potential RAW hazard detected at UB in <kernel>:`, `ERROR:
uninitialized read of size N ...`, `WARNING: Unpaired set_flag ...`.
Every report names the Python file:line, the block and the pipe."""

from __future__ import annotations

import os
from typing import List

from .findings import Finding
from .names import operand_name

MEMS = ("GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB")
PIPES = {0: "PIPE_S", 1: "PIPE_V", 2: "PIPE_M", 3: "PIPE_MTE1", 4: "PIPE_MTE2", 5: "PIPE_MTE3", 6: "PIPE_ALL",
         10: "PIPE_FIX", 100: "HCCL"}  # 100: the Model's collective engine (Hccl tasks)
# C++ element type -> asc's dtype name
DTYPES = {"half": "float16", "float": "float32", "double": "float64", "bfloat16_t": "bfloat16", "int8_t": "int8",
          "uint8_t": "uint8", "int16_t": "int16", "uint16_t": "uint16", "int32_t": "int32", "uint32_t": "uint32",
          "int64_t": "int64", "uint64_t": "uint64", "bool": "bool"}


def _enum_name(enum_name: str, value: int) -> str:
    from ..language.core import _generated
    try:
        return getattr(_generated, enum_name)(value).name
    except (AttributeError, ValueError):
        return str(value)


def _pipe(p: int) -> str:
    return PIPES.get(p, f"pipe {p}")


def _place(row: dict, side: str) -> str:
    return f"{os.path.basename(row[side + '_file'])}:{row[side + '_line']}"


def _location(row: dict, side: str) -> dict:
    return {"file": row[side + "_file"], "line": row[side + "_line"], "block": row[side + "_block"],
            "pipe": _pipe(row[side + "_pipe"]), "api": row[side + "_api"],
            "access": "write" if row[side + "_write"] else "read"}


def _name(row: dict, side: str) -> str:
    name = operand_name(row[side + "_file"], row[side + "_line"], bool(row[side + "_write"]), row[side + "_operand"])
    return name or "?"


def _count(row: dict) -> str:
    """How often, and in how many blocks (up to 64 told apart)."""
    blocks = f", {row['blocks']} blocks" if row["blocks"] > 1 else ""
    return f"    ({row['count']} occurrence{'s' * (row['count'] != 1)} in this launch{blocks})"


def _memcheck(row: dict, kernel: str) -> Finding:
    kind = row["kind"]
    mem = MEMS[row["mem"]] if 0 <= row["mem"] < len(MEMS) else "?"
    if kind == "overlapping-writes":
        lines = [f"WARNING: Overlapping GM writes by different cores in {kernel} (the same values, so the result "
                 f"does not depend on their order):"]
        for side in ("a", "b"):
            lines.append(f"    {_pipe(row[side + '_pipe'])} Write at {_place(row, side)} in block {row[side + '_block']}")
        if row["count"] > 1:
            lines.append(_count(row))
        return Finding("memcheck", kind, "warning", lines, [_location(row, "a"), _location(row, "b")],
                       kernel=kernel, count=row["count"], extra={"mem": "GM", "offset": row["offset"],
                                                                   "size": row["size"]})
    if kind == "leak":
        pos = _enum_name("TPosition", row["tensor_pos"])
        lines = [f"ERROR: {row['size']} byte(s) leaked in {kernel}: the {pos} queue buffer at offset {row['offset']} "
                 f"allocated at {_place(row, 'b')} in block {row['b_block']} is never freed"]
        if row["count"] > 1:
            lines.append(f"    ({row['count']} allocations at this line over the blocks)")
        return Finding("memcheck", "leak", "error", lines, [_location(row, "b")], kernel=kernel, count=row["count"],
                       extra={"bytes": row["size"]})
    name = _name(row, "b")
    dtype = DTYPES.get(row["tensor_type"], row["tensor_type"] or "?")
    if kind == "gm-padding":  # allowed on the device (its allocation's padding), so a warning
        lines = [f"WARNING: GM access past an argument's end, inside its device allocation's padding, at "
                 f"{_place(row, 'b')} in block {row['b_block']} ({_pipe(row['b_pipe'])} {row['b_api']}, "
                 f"{'Write' if row['b_write'] else 'Read'}): {row['message']}"]
        if row["count"] > 1:
            lines.append(f"    ({row['count']} such accesses at this line)")
        return Finding("memcheck", kind, "warning", lines, [_location(row, "b")], kernel=kernel, count=row["count"],
                       extra={"tensor": name, "mem": "GM", "offset": row["offset"], "size": row["size"]})
    if mem == "GM":
        tensor = f"{name} (GlobalTensor {dtype}{', ' + str(row['tensor_hi']) + ' bytes' if row['tensor_hi'] else ''})"
    else:
        pos = _enum_name("TPosition", row["tensor_pos"]) if row["tensor_pos"] >= 0 else mem
        tensor = f"{name} (LocalTensor {dtype}, {pos}, {row['tensor_hi']} bytes)"
    title = "Misaligned access detected:" if kind == "misaligned" else "Out-of-bounds access detected:"
    if kind == "misaligned":
        reason = row["message"].split(" ", 1)[1] if " " in row["message"] else row["message"]
    elif mem != "GM" and row["offset"] + row["size"] > row["tensor_hi"]:
        reason = f"offset + size exceeds the tensor ({row['tensor_hi']} bytes)"
    else:
        reason = row["message"]
    lines = [f"[ERROR] {title}",
             f"[ERROR]   File: {os.path.basename(row['b_file'])}, Line: {row['b_line']}",
             f"[ERROR]   Kernel: {kernel}, Block: {row['b_block']}, Pipe: {_pipe(row['b_pipe'])}, API: {row['b_api']}",
             f"[ERROR]   Tensor: {tensor}",
             f"[ERROR]   Offset: {row['offset']} bytes, Access: {'Write' if row['b_write'] else 'Read'}, "
             f"Size: {row['size']} bytes",
             f"[ERROR]   Reason: {reason}"]
    if row["count"] > 1:
        lines.append(f"[ERROR]   ({row['count']} such accesses at this line)")
    return Finding("memcheck", kind, "error", lines, [_location(row, "b")], kernel=kernel, count=row["count"],
                   extra={"tensor": name, "mem": mem, "offset": row["offset"], "size": row["size"]})


def _racecheck(row: dict, kernel: str) -> Finding:
    mem = MEMS[row["mem"]]
    lines = [f"ERROR: Potential {row['kind']} hazard detected at {mem} in {kernel}:"]
    for side in ("a", "b"):
        lines.append(f"    {_pipe(row[side + '_pipe'])} {'Write' if row[side + '_write'] else 'Read'} at "
                     f"{_place(row, side)} in block {row[side + '_block']}")
    if row["count"] > 1:
        lines.append(_count(row))
    return Finding("racecheck", row["kind"], "error", lines, [_location(row, "a"), _location(row, "b")],
                   kernel=kernel, count=row["count"],
                   extra={"mem": mem, "offset": row["offset"], "size": row["size"],
                          "across_cores": row["a_block"] != row["b_block"]})


def _initcheck(row: dict, kernel: str) -> Finding:
    mem = MEMS[row["mem"]]
    name = _name(row, "b")
    what = f"LocalTensor {name}" if mem != "GM" else f"GlobalTensor {name}, workspace {row['message']}"
    lines = [f"ERROR: uninitialized read of size {row['size']} at {mem} offset {row['offset']} ({what}) "
             f"at {_place(row, 'b')} in block {row['b_block']} ({_pipe(row['b_pipe'])} {row['b_api']}, "
             f"first unwritten byte {row['tensor_lo']}) in {kernel}"]
    if row["count"] > 1:
        lines.append(_count(row))
    return Finding("initcheck", "uninitialized", "error", lines, [_location(row, "b")], kernel=kernel,
                   count=row["count"], extra={"tensor": name, "mem": mem, "offset": row["offset"], "size": row["size"]})


def _flag_pipes(event: int):
    name = _enum_name("HardEvent", event)
    src, _, dst = name.partition("_")
    return name, f"PIPE_{src}", f"PIPE_{dst}"


def _synccheck(row: dict, kernel: str) -> Finding:
    kind = row["kind"]
    if kind == "unpaired-set":
        name, src, dst = _flag_pipes(row["event"])
        lines = [f"WARNING: Unpaired set_flag instructions detected from {src} to {dst} in {kernel}:",
                 f"    SetFlag<HardEvent::{name}>({row['id']}) at {_place(row, 'b')} in block {row['b_block']} "
                 f"is never waited for ({row['count']} pending at the end of the kernel)"]
        return Finding("synccheck", kind, "warning", lines, [_location(row, "b")], kernel=kernel, count=row["count"])
    if kind == "duplicate-set":
        name, src, dst = _flag_pipes(row["event"])
        lines = [f"ERROR: Duplicate set_flag detected from {src} to {dst} (event id {row['id']}) in {kernel}:",
                 f"    SetFlag<HardEvent::{name}>({row['id']}) at {_place(row, 'a')} in block {row['a_block']}",
                 f"    SetFlag<HardEvent::{name}>({row['id']}) again at {_place(row, 'b')} in block {row['b_block']} "
                 f"before its WaitFlag"]
        if row["count"] > 1:
            lines.append(_count(row))
        return Finding("synccheck", kind, "error", lines, [_location(row, "a"), _location(row, "b")], kernel=kernel,
                       count=row["count"])
    pipe = _pipe(row["event"])
    lines = [f"WARNING: Barrier on {pipe} orders nothing at {_place(row, 'b')} in block {row['b_block']} in {kernel}: "
             f"no {pipe if pipe != 'PIPE_ALL' else 'pipe'} instruction since the previous barrier or the kernel's start"]
    return Finding("synccheck", kind, "warning", lines, [_location(row, "b")], kernel=kernel, count=row["count"])


_BY_TOOL = {"memcheck": _memcheck, "racecheck": _racecheck, "initcheck": _initcheck, "synccheck": _synccheck}


def format_findings(rows: List[dict], kernel: str) -> List[Finding]:
    """The rows as findings, in the runtime's order, plus the leak summary."""
    out = [_BY_TOOL[r["tool"]](r, kernel) for r in rows]
    leaks = [f for f in out if f.kind == "leak"]
    if leaks:
        total = sum(f.extra["bytes"] * f.count for f in leaks)
        n = sum(f.count for f in leaks)
        leaks[-1].lines.append(f"SUMMARY: {total} byte(s) leaked in {n} allocation(s)")
    return out
