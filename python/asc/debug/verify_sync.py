"""@asc.jit(verify_sync=True): every launch of the kernel is checked for
synchronisation errors by asc-debug's racecheck and synccheck on the Model.

pyasc's option asks the toolchain to verify a kernel's synchronisation; here
the verification is dynamic, on the launches the program makes: a race
between pipes (a missing set/wait) or a misuse of flags (unpaired set/wait, a
duplicate event id) is printed in asc-debug's format and the launch raises
SyncVerificationError naming the first one. The check is a launch hook
(asc.runtime.hooks) that the kernels compiled with the option launch through.
"""

from __future__ import annotations

from . import engine
from .engine import checks

TOOLS = ("racecheck", "synccheck")


class SyncVerificationError(RuntimeError):
    """A launch of a verify_sync kernel found synchronisation errors."""


def _enter(ctx) -> None:
    if getattr(ctx.backend, "name", "") != "model":
        raise NotImplementedError(f"{ctx.name}: verify_sync=True runs asc-debug's racecheck and synccheck on "
                                  f"the Model; the {ctx.backend.name} backend cannot check a launch")
    run = checks(*TOOLS, print=True)
    run.__enter__()
    ctx.data["verify_sync"] = run
    # (the checks' own hook was not registered when this launch's hooks were chosen: enter it here)
    engine.launch_enter(ctx)


def _exit(ctx, exc) -> None:
    run = ctx.data.pop("verify_sync", None)
    if run is None:
        return
    try:
        engine.launch_exit(ctx, exc)  # the findings go to the open block
    finally:
        run.__exit__(None, None, None)
    errors = [f for f in run.findings if f.severity == "error"]
    if errors and exc is None:
        first = errors[0]
        where = "".join(f" at {loc['file']}:{loc['line']}" for loc in first.locations[:1]
                        if "file" in loc and "line" in loc)
        raise SyncVerificationError(f"{ctx.name}: verify_sync found {len(errors)} synchronisation "
                                    f"error(s); the first: {first.lines[0].strip()}{where}")


_hook = None


def install() -> None:
    """Registers the hook the launches of verify_sync kernels go through (once)."""
    global _hook
    if _hook is None:
        from ..runtime import hooks
        # (before asc-debug's own hook, which reads the checks this one opens)
        _hook = hooks.add(_enter, _exit, hooks.ORDER_DEBUG - 1, option="verify_sync")
