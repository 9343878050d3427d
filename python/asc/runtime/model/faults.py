"""Turning the runtime's fault text into the message a kernel author reads.

A hardware trap in kernel code (SIGFPE for an integer division by zero or the
minimum integer divided by -1, SIGSEGV, ...) is reported by the runtime with the code address,
`?:0: block N: kernel code: <what> [pc <library>+0x<offset>]`: the kernel
library carries line tables (-g1), whose file:line is the Python line the
emitted `#line` directives named, so addr2line recovers it.
"""

from __future__ import annotations

import re
import shutil


# A location in the Model's own headers (by name: a cached library may have
# been built from another checkout's copy of them).
_MODEL_HEADER = re.compile(r"(/asc_model/[^/]+(/[^/]+)?|/kernel_operator)\.h:")
_TRAP = re.compile(r"^\?:0: (.*) \[pc (\S+)\+(0x[0-9a-f]+)\]$", re.S)

# What happened to the output arrays when a launch faults (README, "Faults").
OUTPUT_RULE = ("the launch stopped at the fault; GM writes made before it (by any block) stay in the "
               "arrays, nothing is written after it")


def _code_line(library: str, offset: str) -> str:
    """The kernel's file:line of a code address: with inlining, the innermost
    location outside the Model's own headers (an API the division was sunk
    into is not the user's line)."""
    exe = shutil.which("addr2line")
    if exe is None:
        return ""
    import subprocess  # (a trap only: not at `import asc`)

    try:
        out = subprocess.run([exe, "-i", "-e", library, offset], capture_output=True, text=True,
                             timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return ""
    for where in out.splitlines():
        where = re.sub(r" \(discriminator \d+\)$", "", where.strip())
        if where.startswith("??") or where.endswith((":0", ":?")) or _MODEL_HEADER.search(where):
            continue
        return where
    return ""


def fault_message(raw: str) -> str:
    """The fault as shown: trap addresses resolved to the kernel's file:line."""
    m = _TRAP.match(raw)
    if m:
        where = _code_line(m.group(2), m.group(3))
        if where:
            return f"{where}: {m.group(1)}"
        return f"{m.group(1)} (at {m.group(2)}+{m.group(3)}; no line information)"
    return raw
