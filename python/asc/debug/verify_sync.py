"""@asc.jit(verify_sync=True): every launch of the kernel is checked for
synchronisation errors by asc-debug's racecheck and synccheck on the Model.

pyasc's option asks the toolchain to verify a kernel's synchronisation; here
the verification is dynamic, on the launches the program makes: a race
between pipes (a missing set/wait) or a misuse of flags (unpaired set/wait, a
duplicate event id) is printed in asc-debug's format and the launch raises
SyncVerificationError naming the first one. The launch layer calls `wrap`
through asc.runtime.launcher.LAUNCH_HOOKS (it does not import the devkit layers).
"""

from __future__ import annotations

from ..runtime import config
from .engine import checks

TOOLS = ("racecheck", "synccheck")


class SyncVerificationError(RuntimeError):
    """A launch of a verify_sync kernel found synchronisation errors."""


def wrap(launch, kernel_name: str):
    """The launcher `launch` with racecheck and synccheck around each call."""
    backend = config.current_backend()
    if backend.name != "model":
        raise NotImplementedError(f"{kernel_name}: verify_sync=True runs asc-debug's racecheck and synccheck on "
                                  f"the Model; the {backend.name} backend cannot check a launch")

    def verified(core_num, stream, args):
        with checks(*TOOLS, print=True) as run:
            launch(core_num, stream, args)
        errors = [f for f in run.findings if f.severity == "error"]
        if errors:
            first = errors[0]
            where = "".join(f" at {loc['file']}:{loc['line']}" for loc in first.locations[:1]
                            if "file" in loc and "line" in loc)
            raise SyncVerificationError(f"{kernel_name}: verify_sync found {len(errors)} synchronisation "
                                        f"error(s); the first: {first.lines[0].strip()}{where}")

    return verified
