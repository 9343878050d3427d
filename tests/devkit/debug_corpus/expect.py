"""Reads a corpus kernel's expectations and checks findings against them.

A corpus file says what asc-debug must find with lines like

    # expect: racecheck RAW UB exit=1      (tool, kind, memory or -, exit code)

and marks the Python lines a finding must name with `# @N` comments on them
(N = the finding's N-th location: 1 = the first side of a race, 2 = the
second). `# @1 L0A` restricts the mark to the expectation on L0A, `# @1
unpaired-set` to the expectation of that kind, `# @1 WAR/L0A` to the one of
that kind and memory. Every
finding of an expected (tool, kind, memory) must name marked lines only, and
every marked line must be named by one of them.
"""

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Set

MEMS = {"GM", "UB", "L1", "L0A", "L0B", "L0C", "BT", "FB"}
_EXPECT = re.compile(r"^# expect: (\w+) ([\w-]+) (\S+) exit=(\d+)$")
_MARK = re.compile(r"@(\d+)(?: (?!@)([\w/-]+))?")


@dataclass
class Expectation:
    tool: str
    kind: str
    mem: str  # "-" when the finding has none
    exit: int
    lines: Dict[int, Set[int]] = field(default_factory=dict)  # location index -> marked lines


def read(path: Path) -> List[Expectation]:
    text = path.read_text().splitlines()
    found = [Expectation(m[1], m[2], m[3], int(m[4])) for m in map(_EXPECT.match, text) if m]
    if not found:
        raise AssertionError(f"{path.name}: no `# expect:` line")
    kinds = {e.kind for e in found}
    for number, line in enumerate(text, 1):
        code, sep, comment = line.partition("  # ")
        if not sep or not code.strip():
            continue
        for m in _MARK.finditer(comment):
            tag = m[2]
            for e in found:
                if tag and "/" in tag:  # KIND/MEM: that one expectation
                    if tag != f"{e.kind}/{e.mem}":
                        continue
                elif tag and tag != e.mem and tag != e.kind and (tag in MEMS or tag in kinds):
                    continue
                e.lines.setdefault(int(m[1]), set()).add(number)
    return found


def check(path: Path, expectations: List[Expectation], findings: list) -> None:
    """Raises AssertionError naming what is missing or unexpected."""
    for e in expectations:
        mine = [f for f in findings if f.tool == e.tool and f.kind == e.kind
                and (e.mem == "-" or f.extra.get("mem") == e.mem)]
        assert mine, f"{path.name}: no {e.tool} {e.kind} on {e.mem}; found {[(f.tool, f.kind) for f in findings]}"
        for index, lines in e.lines.items():
            named = set()
            for f in mine:
                assert len(f.locations) >= index, f"{path.name}: {f.lines} has no location {index}"
                loc = f.locations[index - 1]
                assert Path(loc["file"]).name == path.name, f"{path.name}: {f.lines[0]} names {loc['file']}"
                named.add(loc["line"])
                assert loc["line"] in lines, f"{path.name}: {f.lines[0]} names line {loc['line']} as side " \
                                             f"{index}, the marks say {sorted(lines)}"
                assert "block" in loc and "pipe" in loc, loc
            assert lines <= named, f"{path.name}: marked line(s) {sorted(lines - named)} not named as side {index}"
    wanted = {(e.tool, e.kind) for e in expectations}
    extra = [f.lines[0] for f in findings if (f.tool, f.kind) not in wanted]
    assert not extra, f"{path.name}: unexpected findings {extra}"
