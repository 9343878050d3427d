"""The precision checks asc-debug asked for, switched on when asc is imported.

asc-debug passes its precision flags to the script it runs as environment
variables (asc.debug.precision_cli.child_env; knobs in asc.settings):

    ASC_DEBUG_PRECISION=check[,trace]  --precision-check / --precision-trace
    ASC_DEBUG_GOLDEN_SAVE=dir          --save-golden dir
    ASC_DEBUG_GOLDEN=dir               --golden dir

`activate()` reads them once, at `import asc`; with none set it does nothing
(no hook, a launch pays nothing).
"""

from __future__ import annotations

import atexit

from .. import settings

_active = False


def activate() -> None:
    global _active
    try:
        modes = settings.debug_precision.get()
    except ValueError as exc:  # a hand-set variable; asc-debug never passes a bad one
        raise SystemExit(f"asc: {exc}") from None
    save = settings.debug_golden_save.get()
    golden = settings.debug_golden.get()
    if _active or not (modes or save or golden):
        return
    _active = True
    from . import launch_watch
    from .findings import Finding, report

    launch_watch.install()
    if "check" in modes:
        from . import compare_hooks

        compare_hooks.install()
    if "trace" in modes:
        from . import precision_trace

        precision_trace.from_environment()
    if save is not None:
        from .golden import GoldenWriter

        try:
            launch_watch.add_listener(GoldenWriter(save))
        except OSError as exc:
            report(Finding(tool="precision", kind="golden-save", severity="error",
                           lines=[f"[ERROR] Golden files: cannot write {save} ({exc.strerror or exc}); "
                                  "the outputs are not saved"]))
    if golden is not None:
        from .golden import GoldenChecker, GoldenError

        try:
            checker = GoldenChecker(golden)
        except GoldenError as exc:
            report(Finding(tool="precision", kind="golden-missing", severity="error",
                           lines=[f"[ERROR] Golden check: {exc}"]))
        else:
            launch_watch.add_listener(checker)
            atexit.register(checker.finish)
