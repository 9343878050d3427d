"""How an example program says it is built and run: its README's command
block and its CMakeLists.txt.

The vendor's README gives a bash block (mkdir build; cmake; make; gen_data;
./demo; verify_result). The runner executes that block, adapted to the Model
in three ways only: cmake gets the Model run mode and asc's package, the
vendor's NPU tool wrappers (msopprof, mssanitizer) give way to the program
itself (on the Model, the program run *is* the simulation; asc's own
devkit tools take the wrappers' place), and ``make -j`` is bounded.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

_BLOCK = re.compile(r"```(?:bash|shell|sh)[ \t]*\n(.*?)```", re.S)
# Vendor NPU tools that wrap the program: on the Model the program runs bare.
_WRAPPERS = re.compile(r"^(msopprof(\s+simulator)?|mssanitizer)(\s+--?[\w-]+(=\S+)?)*\s+(?=\./)")


def readme_path(prog_dir: Path) -> Path | None:
    for name in ("README_en.md", "README.md"):
        if (prog_dir / name).is_file():
            return prog_dir / name
    return None


def run_block(prog_dir: Path) -> str | None:
    """The README's first bash block that configures with cmake and builds (the
    default run; later blocks show the cpu/sim variants). A block that only
    shows a cmake option (add_high_performance's "Switch Case" snippet) is not
    a run: the first cmake block is taken only when none also builds."""
    path = readme_path(prog_dir)
    if path is None:
        return None
    configures = [b for b in _BLOCK.findall(path.read_text(errors="replace"))
                  if re.search(r"^\s*cmake\b", b, re.M) or re.search(r"[;&]\s*cmake\b", b)]
    for block in configures:
        if re.search(r"(^|[;&]|\s)make\b", block, re.M) or re.search(r"\bcmake\s+--build\b", block):
            return block
    return configures[0] if configures else None


def _strip_comment(line: str) -> str:
    # A '#' starting a word begins a comment (the READMEs annotate commands).
    out, quote = [], None
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            break
        out.append(ch)
    return "".join(out).strip()


def commands(block: str) -> list[str]:
    """The block's shell commands, one per element, comments dropped."""
    cmds = []
    for line in block.splitlines():
        line = _strip_comment(line)
        if not line:
            continue
        for part in re.split(r"\s*(?:;|&&)\s*", line):
            if part:
                cmds.append(part)
    return cmds


def adapt(cmds: list[str], cmake_extra: list[str], make_jobs: int) -> tuple[list[str], list[str]]:
    """The commands for the Model, and notes on what was changed."""
    out, notes, seen = [], [], set()
    for c in cmds:
        if c.startswith("source ") or c.startswith(". "):
            continue  # the CANN environment script: nothing to set up for the Model
        if re.match(r"^cmake\b", c):
            args = [a for a in shlex.split(c)[1:] if not a.startswith("-DCMAKE_ASC_RUN_MODE=")]
            c = " ".join(["cmake"] + [shlex.quote(a) if "$" not in a else a for a in args]
                         + [shlex.quote(a) for a in cmake_extra])
        elif re.match(r"^make\b", c):
            c = re.sub(r"-j\s*\d*", f"-j{make_jobs}", c) if "-j" in c else c
        else:
            m = _WRAPPERS.match(c)
            if m:
                notes.append(f"ran `{c}` as the program alone (vendor NPU tool wrapper)")
                c = c[m.end():].split(" --")[0].strip()
        if c in seen and c.startswith("./"):
            continue  # the same program listed once per wrapper option
        seen.add(c)
        out.append(c)
    return out, notes


def cmake_facts(prog_dir: Path) -> dict:
    """Link libraries and cache options the CMakeLists.txt names."""
    text = (prog_dir / "CMakeLists.txt").read_text(errors="replace")
    text = re.sub(r"#[^\n]*", "", text)
    libs = []
    for m in re.finditer(r"target_link_libraries\s*\(([^)]*)\)", text):
        words = m.group(1).split()[1:]
        libs += [w for w in words if w not in ("PRIVATE", "PUBLIC", "INTERFACE") and not w.startswith("$")]
    return {"link_libraries": sorted(set(libs)),
            "cache_options": sorted(set(re.findall(r"set\s*\(\s*(\w+)\s+\"[^\"]*\"\s+CACHE", text)))}
