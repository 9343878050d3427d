"""What a failed distributed launch says: the world's report turned into lines,
the branch that skipped a collective, and the asc-debug finding.

The Model's world (cpp/model/src/hccl.cpp) writes one of three texts:

    Deadlock detected at step 3:            Mismatched collectives at step 1:     rank 3: k.py:12: block 0: ...
      Rank 0: waiting for AllReduce (...)     Rank 0: AllReduce(...) at k.py:41
      Rank 3: finished without calling ...    Rank 1: AllGather(...) at k.py:35
    Root cause: rank 3 did not call AllReduce [k.py:41]

The root-cause line ends with the collective's place in brackets; here it
becomes the conditional (or loop) around that call, found in the kernel's
source: a rank that skipped a call inside an `if` took the other way at it.
"""

from __future__ import annotations

import ast
import os
import re
from typing import List, Optional, Tuple

from ..debug.findings import Finding, report as report_finding

_ROOT = re.compile(r"^(Root cause: .*) \[(?P<file>[^\[\]]+):(?P<line>\d+)\]$")
_PLACE = re.compile(r"\(([^()\s]+\.py):(\d+)\)|at ([^()\s,;]+\.py):(\d+)")


def _resolve(file: str, kernel_file: Optional[str]) -> Optional[str]:
    """The source file a reported name refers to (the emitter writes the kernel's file name)."""
    if kernel_file and (file == kernel_file or os.path.basename(file) == os.path.basename(kernel_file)):
        return kernel_file
    return file if os.path.isfile(file) else None


def enclosing_control(path: str, line: int) -> Optional[Tuple[str, int]]:
    """("if" | "loop", line) of the innermost if / for / while whose body holds `line`."""
    try:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
    except (OSError, SyntaxError, ValueError):
        return None
    best = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.For, ast.While)) and node.lineno < line <= (node.end_lineno or 0):
            if best is None or node.lineno > best.lineno:
                best = node
    if best is None:
        return None
    return ("if" if isinstance(best, ast.If) else "loop"), best.lineno


def explain_root_cause(line: str, kernel_file: Optional[str]) -> str:
    """`Root cause: ... [file:line]` with the bracket turned into the branch that skipped the call."""
    m = _ROOT.match(line)
    if not m:
        return line
    head, file, call_line = m.group(1), m.group("file"), int(m.group("line"))
    path = _resolve(file, kernel_file)
    found = enclosing_control(path, call_line) if path else None
    name = file  # as the report's other lines spell it
    if found is None:
        return f"{head} ({name}:{call_line} was not reached on that rank)"
    kind, at = found
    if kind == "if":
        return f"{head} (a branch at {name}:{at} skipped it)"
    return f"{head} (the loop at {name}:{at} ran fewer times there)"


def report_lines(text: str, kernel_file: Optional[str]) -> List[str]:
    """The world's report as lines without indentation markers, root cause explained."""
    out = []
    for raw in text.splitlines():
        line = raw.rstrip()
        if line.startswith("Root cause:"):
            line = explain_root_cause(line, kernel_file)
        out.append(line)
    return out


def locations(lines: List[str]) -> List[dict]:
    """The file:line places a report names, with the rank of the line naming them."""
    locs = []
    for line in lines:
        rank = re.match(r"\s*Rank (\d+):", line)
        for m in _PLACE.finditer(line):
            file, ln = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            loc = {"file": file, "line": int(ln)}
            if rank:
                loc["rank"] = int(rank.group(1))
            locs.append(loc)
    return locs


def finding(kind: str, lines: List[str], kernel: str) -> Finding:
    return Finding(tool="deadlock", kind=kind, severity="error", lines=["[ERROR] " + l for l in lines],
                   locations=locations(lines), kernel=kernel)


def emit(f: Finding) -> None:
    report_finding(f)
