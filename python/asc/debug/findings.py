"""One finding of an asc-debug check, and the channel all checks report by.

A check calls `report(Finding(...))`: the finding's text goes to stderr at
once (the shape users know from msSanitizer / compute-sanitizer), and, when
`$ASC_DEBUG_FINDINGS` names a file (asc-debug sets it for the script it
runs), one JSON line is appended to it, so that the CLI can print
`ERROR SUMMARY: N errors, M warnings`, choose its exit code and write
`--json`. Appends are single `write` calls of one line on a file opened in
append mode, so concurrent reporters (threads, processes) never interleave.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass, field
from typing import List, Optional

from .. import settings

FINDINGS_ENV = "ASC_DEBUG_FINDINGS"

SEVERITIES = ("error", "warning")


@dataclass
class Finding:
    """tool: memcheck, racecheck, initcheck, synccheck, precision, deadlock;
    kind: the finding within the tool (e.g. "RAW", "out-of-bounds", "leak");
    severity: "error" or "warning"; lines: the report as printed (the first
    line is the headline); locations: the Python places involved, each a dict
    with at least file and line (and block, pipe, ... where known); count:
    how many times the same finding was seen (deduplicated reports)."""

    tool: str
    kind: str
    severity: str
    lines: List[str]
    locations: List[dict] = field(default_factory=list)
    kernel: Optional[str] = None
    count: int = 1
    extra: dict = field(default_factory=dict)

    def __post_init__(self):
        if self.severity not in SEVERITIES:
            raise ValueError(f"severity must be one of {SEVERITIES}, not {self.severity!r}")

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict) -> "Finding":
        return cls(**data)


def report(finding: Finding, stream=None) -> None:
    """Prints the finding and records it for asc-debug's summary."""
    out = stream or sys.stderr
    out.write("\n".join(finding.lines) + "\n")
    out.flush()
    path = settings.debug_findings.raw()
    if path:
        line = json.dumps(finding.to_json(), default=str) + "\n"
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line.encode())
        finally:
            os.close(fd)


def load(path: str) -> List[Finding]:
    """The findings a run appended to `path` (none when it does not exist)."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [Finding.from_json(json.loads(line)) for line in f if line.strip()]


def summary_line(findings: List[Finding]) -> str:
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = sum(1 for f in findings if f.severity == "warning")
    return f"ERROR SUMMARY: {errors} error{'s' * (errors != 1)}, {warnings} warning{'s' * (warnings != 1)}"
