"""python -m asc.cprog.finish SPOOL MODE: the Python half of an Ascend C
program's launches.

A program built by asc-cc runs its kernels on the Model's runtime itself
(cpp/model/host/acl.cpp) and spools what the Python path would hand to
Python into the directory SPOOL, one set of files per launch NNNN:

    NNNN.meta      kernel, block_dim, aiv_per_aic, platform, launch site, aic_base (tab-separated;
                   aic_base: the first slot of a mixed launch's AIC cores, 0 when they do not run)
    NNNN.debug     asc-debug's report rows (asc.debug.engine.COLUMNS), when $ASC_DEBUG is set
    NNNN.events / .accesses / .strings   the recorded stream, when $ASC_PROFILE is set
    fault          the first fault's raw text, then kernel and launch site
    argv, program  the program's command line and path

MODE `launch` (after a launch that found something): the findings are
formatted and reported exactly as for a Python kernel (stderr, and
$ASC_DEBUG_FINDINGS under asc-debug). `fault`: the same, then the fault is
printed (trap addresses resolved to the .asc line) and the profile of the
launches before it written. `exit`: findings, then every recorded launch is
timed by the cycle model and goes to the session $ASC_PROFILE names (the
program's `<name>.prof`), then the spool is removed.
"""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path
from typing import List, Tuple

# Under $ASC_DEBUG without the asc-debug command, the program's findings are
# collected here across the helper's runs, for the summary at exit.
_FINDINGS = "findings.jsonl"


def _launches(spool: Path, suffix: str) -> List[Tuple[int, Path]]:
    out = []
    for p in spool.glob(f"*.{suffix}"):
        try:
            out.append((int(p.stem), p))
        except ValueError:
            pass
    return sorted(out)


def _meta(spool: Path, n: int) -> dict:
    kernel, block_dim, aiv_per_aic, platform, site, aic_base = (
        (spool / f"{n:04d}.meta").read_text().rstrip("\n").split("\t"))
    return {"kernel": kernel, "block_dim": int(block_dim), "aiv_per_aic": int(aiv_per_aic), "platform": platform,
            "site": site, "aic_base": int(aic_base)}


def _debug(spool: Path) -> None:
    from ..debug import engine, messages
    for n, path in _launches(spool, "debug"):
        meta = _meta(spool, n)
        rows = engine.parse_report(path.read_text(encoding="utf-8", errors="replace"))
        for f in messages.format_findings(rows, meta["kernel"]):
            engine._report(f)
        path.unlink()


def _fault(spool: Path) -> None:
    from ..runtime.model.faults import fault_message
    raw, _, where = (spool / "fault").read_text(encoding="utf-8", errors="replace").partition("\n")
    kernel, _, site = where.strip().partition("\t")
    message = fault_message(raw)
    head = f"[ERROR] Model fault in {kernel} (launched at {site}): " if kernel else "[ERROR] Model fault: "
    sys.stderr.write(f"{head}{message}\nnote: the program stopped at the fault; nothing after it ran\n")
    from .. import settings
    if kernel and settings.debug.get():
        from ..debug import engine
        engine._report(engine._fault_finding(message, kernel))


def _profiles(spool: Path, value: str) -> bool:
    """Times the spooled launches into the ASC_PROFILE session; False after a bad setting."""
    import numpy as np

    from ..profiler import cycle
    from ..profiler.platform import timing_params
    from ..profiler.records import LaunchProfile
    from ..profiler.session import environment_session
    found = _launches(spool, "events")
    if not found:
        return True
    try:
        session = environment_session(value) if value else None
    except SystemExit as exc:  # a bad ASC_PROFILE* value (the program checked most at its first launch)
        sys.stderr.write(f"[ERROR] {exc}\n")
        return False
    if session is None:
        return True
    cycle.engine()
    try:
        for n, path in found:
            meta = _meta(spool, n)
            events = np.frombuffer(path.read_bytes(), cycle.EVENT).copy()
            accesses = np.frombuffer((spool / f"{n:04d}.accesses").read_bytes(), cycle.ACCESS).copy()
            raw = (spool / f"{n:04d}.strings").read_bytes()
            strings = raw.decode("utf-8", errors="replace").split("\0")[:-1] if raw else []
            rec = cycle.Recording(events, accesses, strings)
            params = timing_params(meta["platform"])
            if session.overrides:  # $ASC_PROFILE_PARAMS
                params = params.with_overrides(**session.overrides)
            t0 = time.perf_counter()
            res = cycle.simulate(rec, params, meta["aiv_per_aic"], meta["aic_base"])
            # (the program ran its launches timing-only when the session is: $ASC_PROFILE_COMPUTE=0)
            lp = LaunchProfile(meta["kernel"], meta["block_dim"], params, rec, res, compute=session.compute,
                               wall_s=time.perf_counter() - t0)
            lp.overrides = dict(session.overrides)
            lp.cores_simulated = meta["block_dim"]
            file, _, line = meta["site"].rpartition(":")
            lp.spec = {"kernel": meta["kernel"], "platform": meta["platform"], "grid": meta["block_dim"],
                       "replayable": False, "file": file, "line": int(line or 0), "program": sys.argv[0]}
            session._record(lp)
            path.unlink()
    finally:
        session.close()
    return True


def _program_argv(spool: Path) -> List[str]:
    try:
        raw = (spool / "argv").read_bytes()
    except OSError:
        return []
    return [a.decode(errors="replace") for a in raw.split(b"\0")[:-1]] if raw else []


def run(spool: Path, mode: str) -> int:
    from .. import settings
    # asc.profiler's import would open $ASC_PROFILE's session for this process's own launches
    # (there are none): the value is taken here and the variable dropped
    profile_value = settings.profile.raw()
    settings.profile.unset()
    argv = _program_argv(spool)
    if argv:
        sys.argv = argv  # the .prof names the program (default_path: <program>.prof; its argv)
    own_findings = not settings.debug_findings.raw()
    if own_findings and settings.debug.get():
        settings.debug_findings.set(str(spool / _FINDINGS))
    _debug(spool)
    if mode == "fault" and (spool / "fault").exists():
        _fault(spool)
    ok = True
    if mode in ("fault", "exit"):
        ok = _profiles(spool, profile_value)
        if own_findings and settings.debug.get():
            from ..debug import findings
            sys.stderr.write(findings.summary_line(findings.load(str(spool / _FINDINGS))) + "\n")
        shutil.rmtree(spool, ignore_errors=True)
    return 0 if ok else 1


def main() -> None:
    if len(sys.argv) != 3 or sys.argv[2] not in ("launch", "fault", "exit"):
        sys.stderr.write("[ERROR] usage: python -m asc.cprog.finish SPOOL launch|fault|exit "
                         "(run by programs asc-cc built)\n")
        sys.exit(2)
    spool = Path(sys.argv[1])
    if not spool.is_dir():
        sys.stderr.write(f"[ERROR] asc.cprog.finish: {spool} is not a directory\n")
        sys.exit(2)
    sys.exit(run(spool, sys.argv[2]))


if __name__ == "__main__":
    main()
