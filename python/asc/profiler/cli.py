"""asc-profile: where the time of a kernel goes, and tiling auto-tune, from a .prof.

    ASC_PROFILE=1 python my_test.py              # leaves my_test.prof here
    asc-profile run [-o out.prof] -- python my_test.py args...
    asc-profile my_test.prof [--top N] [--pipeline-report] [--lines] [--json]
                [--plot timeline.png] [--plot roofline.png] [--html report.html]
    asc-profile my_test.prof --auto-tune|--quick-tune [--jobs N] [--ray [ADDRESS]]
    asc-profile export my_test.prof -o dir       # the msprof-style CSVs, trace.json, timeline.png

The .prof format is profiler/store.py; the figures profile_report.py; the
re-timing profile_tune.py; docs/asc-profile.md walks through a session.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import List, Optional, Sequence

from absl import flags

from .. import cli
from . import report

USAGE = """usage: asc-profile PROFILE.prof [flags]
       asc-profile run [-o OUT.prof] [--timing-only] [--set NAME=VALUE] -- python my_test.py [args...]
       asc-profile export PROFILE.prof -o DIR

Where the time of each kernel launch goes on the timed Model (per launch:
total, breakdown of the critical path, diagnosis, hottest Python lines), and
tiling auto-tune over the kernel's @asc.autotune configs in timing-only mode.
Make a profile with ASC_PROFILE=1 python my_test.py (leaves my_test.prof)."""

LOAD_HINT = ("run the program with ASC_PROFILE=1 first (ASC_PROFILE=1 python my_test.py leaves my_test.prof), "
             "or use: asc-profile run -- python my_test.py")

TOOL = cli.Tool("asc-profile", USAGE)
_F = TOOL.flags
flags.DEFINE_integer("top", 0, "Report only the N hottest launches (by total time); 0 = every launch.",
                     lower_bound=0, flag_values=_F)
flags.DEFINE_boolean("pipeline-report", False, "Utilisation of each unit and the compute/data-movement "
                     "overlap, with the rule-of-thumb advice.", flag_values=_F)
flags.DEFINE_boolean("lines", False, "The per-line table (cycles, calls, share) of the whole kernel.",
                     flag_values=_F)
flags.DEFINE_multi_string("plot", [], "Draw a PNG: a name containing 'roofline' draws the roofline of the "
                          "launches, any other the per-pipe timeline of the hottest launch's first core "
                          "(repeatable).", flag_values=_F)
flags.DEFINE_string("html", None, "Write one self-contained HTML page (summary, tables, plots).", flag_values=_F)
flags.DEFINE_boolean("json", False, "Print the same data as JSON (for scripts) instead of text.", flag_values=_F)
flags.DEFINE_boolean("auto-tune", False, "Re-time every @asc.autotune config of the profiled kernels in "
                     "timing-only mode; print the best config, its time and the gain.", flag_values=_F)
flags.DEFINE_boolean("quick-tune", False, "Like --auto-tune over 10 configs: the profiled one and 9 drawn at "
                     "random (seed 0) from the others.", flag_values=_F)
flags.DEFINE_integer("jobs", os.cpu_count() or 1, "Worker processes for auto-tune (1 = in this process).",
                     flag_values=_F)
flags.DEFINE_string("ray", None, "Run the auto-tune on a Ray cluster: --ray ADDRESS (ray.init(address)); "
                    "a bare --ray starts a local Ray.", flag_values=_F)
flags.DEFINE_boolean("timing-only", False, "run: time the launches without computing their data "
                     "(ASC_PROFILE_COMPUTE=0): every call checked and timed, outputs left as they were.",
                     flag_values=_F)
flags.DEFINE_multi_string("set", [], "run: a what-if value of a cycle-model parameter, NAME=VALUE "
                          "(repeatable; ASC_PROFILE_PARAMS; the names are the platform file's).", flag_values=_F)
flags.DEFINE_string("output", None, "run: the .prof to write (default <script>.prof here); export: the folder.",
                    short_name="o", flag_values=_F)


def _load(path: str):
    from ..profiler import store

    try:
        prof = store.load(path)
    except store.ProfError as exc:
        raise cli.ToolError(f"Failed to load profile data: {path} ({exc.reason})", LOAD_HINT) from None
    note = prof.skipped_note()
    if note:
        cli.warning(note)
    if not prof.launches:
        what = "no launch that can be read" if prof.skipped else "no kernel launch"
        raise cli.ToolError(f"Failed to load profile data: {path} (the profile holds {what})", LOAD_HINT)
    return prof


def _lazy(fn, *args, **kw):
    """Runs a step that reads a launch's recording lazily (export, --plot, --html): a damaged
    recording is one [ERROR] line, not a traceback."""
    from ..profiler import store

    try:
        return fn(*args, **kw)
    except store.ProfError as exc:
        raise cli.ToolError(f"Failed to load profile data: {exc.path} ({exc.reason})") from None


# ------------------------------------------------------------------------------------------ run / export

def _what_if(values: List[str]) -> dict:
    """--set NAME=VALUE ... -> {name: float}, the names checked against the platform's."""
    from .. import settings
    from ..profiler.session import check_params

    try:
        params = settings.param_values("--set", ",".join(values))
        check_params(params, "--set")
    except ValueError as exc:
        raise cli.ToolError(str(exc)) from None
    return params


def _run(command: List[str], output: Optional[str], compute: bool = True, params: Optional[dict] = None) -> int:
    from ..profiler import store

    cmd = cli.user_command(command)
    script = next((c for c in cmd[1:] if c.endswith(".py")), cmd[-1])
    out = os.path.abspath(output) if output else str(store.default_path(script))
    if not out.endswith(store.SUFFIX):
        raise cli.ToolError(f"-o {output}: a profile file ends in {store.SUFFIX}")
    if os.path.isdir(out):
        raise cli.ToolError(f"-o {output or out}: is a directory, not a .prof file")
    parent = os.path.dirname(out)
    if not os.path.isdir(parent) or not os.access(parent, os.W_OK | os.X_OK):
        raise cli.ToolError(f"-o {output or out}: cannot write there ("
                            f"{'no such directory' if not os.path.isdir(parent) else 'permission denied'}: {parent})")
    try:
        rc, prof = store.collect(cmd, out, compute=compute, params=params)
    except store.ProfError as exc:
        raise cli.ToolError(f"Failed to load profile data: {out} ({exc.reason})") from None
    except OSError as exc:
        raise cli.ToolError(f"cannot run {cmd[0]}: {exc.strerror or exc}") from None
    n = len(prof.launches) if prof is not None else 0
    if rc != 0:
        raise cli.ToolError(f"the program exited with code {rc}",
                            f"{n} launch(es) before the failure are in {out}" if n else None, exit_code=rc or 1)
    if not n:
        raise cli.ToolError("the program made no Model launch: nothing was profiled",
                            "the kernels must run on the Model backend (the default)")
    cli.info(f"Profile written: {out} ({n} launch{'es' if n != 1 else ''})")
    cli.info(f"Next: asc-profile {os.path.relpath(out)}")
    return 0


def _export(args: List[str], output: Optional[str]) -> int:
    if len(args) != 1:
        raise cli.ToolError("export takes one profile: asc-profile export PROFILE.prof -o DIR")
    if not output:
        raise cli.ToolError("export needs the folder to write: -o DIR")
    if os.path.exists(output) and not os.path.isdir(output):
        raise cli.ToolError(f"-o {output}: exists and is not a directory (export writes a folder per launch)")
    prof = _load(args[0])
    from tqdm import tqdm

    launches = prof.launches
    for sl in tqdm(launches, desc="export", unit="launch", file=sys.stderr, disable=len(launches) < 4):
        name = "".join(c if c.isalnum() or c in "_-" else "_" for c in sl.kernel)
        try:
            _lazy(lambda: sl.profile().save(os.path.join(output, f"{sl.id:04d}_{name}")))
        except OSError as exc:
            raise cli.ToolError(f"-o {output}: cannot write the files ({exc.strerror or exc})") from None
    cli.info(f"Exported {len(launches)} launch(es) to {output}: OpBasicInfo.csv, PipeUtilization.csv, Memory.csv, "
             f"..., core*/ folders, trace.json, timeline.png per launch")
    return 0


# ------------------------------------------------------------------------------------------ analyse

def _selected(prof, top: int):
    launches = list(prof.launches)
    if top:
        launches = sorted(launches, key=lambda sl: -sl.total_us)[:top]
    return launches


def _tune(launches, fv) -> List[dict]:
    from . import tune

    if fv["jobs"].value < 1:
        raise cli.ToolError(f"--jobs {fv['jobs'].value}: needs at least 1")
    if fv["ray"].value is not None and tune.ray_module() is None:
        raise cli.ToolError("--ray needs Ray, which is not installed", tune.RAY_HINT)
    seen, out = set(), []
    specs = [sl.spec for sl in launches]
    if not any(s.get("autotune") for s in specs):
        names = ", ".join(sorted({s.get("kernel", "?") for s in specs}))
        raise cli.ToolError(f"no profiled kernel declares a tuning space ({names})",
                            "decorate the kernel with @asc.autotune(configs=[asc.Config(...), ...], key=[...]) "
                            "above @asc.jit")
    for spec in specs:
        if not spec.get("autotune"):
            continue
        ident = json.dumps([spec.get("file"), spec.get("qualname"), spec.get("params"), spec.get("grid")],
                           sort_keys=True, default=repr)
        if ident in seen:
            continue
        seen.add(ident)
        quick = fv["quick-tune"].value
        try:
            result = tune.tune_launch(spec, quick, fv["jobs"].value, fv["ray"].value,
                                      progress=not fv["json"].value or sys.stderr.isatty())
        except tune.ReplayError as exc:
            raise cli.ToolError(f"cannot re-time {spec.get('kernel')}: {exc}") from None
        except ImportError as exc:
            raise cli.ToolError(str(exc).split(";")[0], tune.RAY_HINT) from None
        result["operator"] = report.operator_text(spec.get("kernel", "?"), spec)
        out.append(result)
    return out


def _tune_lines(t: dict) -> List[str]:
    from . import tune

    fmt = report.config_text
    lines = [f"Auto-tune: {t['operator']}: {t['configs_timed']} configs, {t['runner']}"]
    if t["quick"] and t["configs_timed"] < t["configs_declared"]:
        lines.append(f"Quick tune: {t['configs_timed']} of {t['configs_declared']} configs (the profiled config "
                     f"and the others drawn at random, seed {tune.QUICK_TUNE_SEED})")
    best, prof = t["best"], t["profiled"]
    if best is None:
        lines.append("No config could be timed:")
    else:
        lines.append(f"  Best config:     {fmt(best['config'])}: {best['us']:.2f} us")
    if prof is not None and prof["us"] is not None:
        lines.append(f"  Profiled config: {fmt(prof['config'])}: {prof['us']:.2f} us")
        if best is not None:
            lines.append(f"  Gain: {prof['us'] / best['us']:.2f}x faster ({(1 - best['us'] / prof['us']) * 100:.1f}% "
                         f"less time)")
    dropped = [r for r in t["results"] if r["us"] is None]
    if dropped:
        lines.append(f"  Dropped {len(dropped)} config(s):")
        lines += [f"    {fmt(r['config'])}: {r['error']}" for r in dropped]
    lines.append(f"  Wall time: {t['wall_s']:.1f} s")
    return lines


def _plots(paths: Sequence[str], prof, launches) -> List[str]:
    written = []
    for path in paths:
        if "roofline" in os.path.basename(path).lower():
            from ..profiler.roofline import plot_roofline
            pts = [{"label": f"{sl.kernel} #{sl.id} ({sl.total_us:.2f} us)", "analysis": sl.summary["analysis"],
                    "cores": sl.summary["block_dim"]}
                   for sl in launches]
            plot_roofline(pts, path, title=f"roofline: {os.path.basename(prof.path)}")
        else:
            hot = max(launches, key=lambda sl: sl.total_us)
            _lazy(lambda: hot.profile().plot(path, max_cores=1, arrows=True))
        written.append(path)
    return written


def _analyse(args: List[str], fv) -> int:
    if len(args) != 1:
        raise cli.ToolError(f"expected one profile file, got {len(args)}: {' '.join(args)}",
                            "usage: asc-profile PROFILE.prof [flags]; see asc-profile --help")
    if fv["ray"].value is not None and not (fv["auto-tune"].value or fv["quick-tune"].value):
        raise cli.ToolError("--ray runs the auto-tune: add --auto-tune or --quick-tune")
    prof = _load(args[0])
    launches = _selected(prof, fv["top"].value)
    datas, unreadable = [], []
    for sl in launches:
        try:
            datas.append(report.launch_data(prof, sl, fv["pipeline-report"].value, fv["lines"].value))
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, ZeroDivisionError, OverflowError):
            unreadable.append(sl)  # a stored summary the reader's checks let through but the report cannot use
    if unreadable:
        cli.warning(f"{prof.path}: skipped {len(unreadable)} launch(es) whose stored summary is damaged "
                    f"(id {', '.join(str(sl.id) for sl in unreadable[:5])})")
        launches = [sl for sl in launches if sl not in unreadable]
        if not launches:
            raise cli.ToolError(f"Failed to load profile data: {prof.path} (no launch that can be read)", LOAD_HINT)
    tunes = _tune(launches, fv) if (fv["auto-tune"].value or fv["quick-tune"].value) else []
    try:
        plots = _plots(fv["plot"].value, prof, launches)
        if fv["html"].value:
            from . import html as profile_html
            pts = [{"label": f"{sl.kernel} #{sl.id}", "analysis": sl.summary["analysis"],
                    "cores": sl.summary["block_dim"]} for sl in launches]
            hot = max(launches, key=lambda sl: sl.total_us)
            profile_html.write(fv["html"].value, f"asc-profile: {os.path.basename(prof.path)}", datas,
                               timeline_lp=_lazy(hot.profile), roofline_points=pts, tune=tunes)
    except OSError as exc:
        raise cli.ToolError(f"cannot write {exc.filename}: {exc.strerror or exc}") from None
    if fv["json"].value:
        print(json.dumps({"profile": prof.path, "meta": prof.meta, "launches": datas, "tune": tunes,
                          "plots": plots, "html": fv["html"].value}, indent=1, default=repr))
        return 1 if any(t["best"] is None for t in tunes) else 0
    for i, d in enumerate(datas):
        if len(datas) > 1:
            cli.info(f"Launch {d['id']} ({i + 1} of {len(datas)}{', hottest first' if fv['top'].value else ''})")
        for line in report.text_lines(d):
            cli.info(line)
    for t in tunes:
        for line in _tune_lines(t):
            cli.info(line)
    for p in plots:
        cli.info(f"Plot written: {p}")
    if fv["html"].value:
        cli.info(f"Report written: {fv['html'].value}")
    if any(t["best"] is None for t in tunes):
        raise cli.ToolError("auto-tune: no config could be timed (reasons above)")
    return 0


def _main(args: List[str], command: List[str], fv: flags.FlagValues) -> int:
    if args and args[0] == "run":
        if len(args) > 1:
            raise cli.ToolError(f"run takes the program after `--`, not {' '.join(args[1:])}",
                                "asc-profile run [-o out.prof] -- python my_test.py args...")
        return _run(command, fv["output"].value, not fv["timing-only"].value, _what_if(fv["set"].value))
    if fv["timing-only"].value or fv["set"].value:
        raise cli.ToolError("--timing-only and --set go with `asc-profile run` (they choose how the launches run)",
                            "asc-profile run --timing-only -- python my_test.py")
    if command:
        raise cli.ToolError("a command after `--` goes with `asc-profile run`",
                            "asc-profile run [-o out.prof] -- python my_test.py args...")
    if args and args[0] == "export":
        return _export(args[1:], fv["output"].value)
    return _analyse(args, fv)


TOOL.main = _main


def _bare_ray(argv: List[str]) -> List[str]:
    """`--ray` without an address (at the end, before another flag, before a .prof or `--`)
    means a local Ray: absl wants a value, so it becomes `--ray=local`."""
    out = list(argv)
    for i, a in enumerate(out):
        if a == "--":
            break
        if a == "--ray":
            nxt = out[i + 1] if i + 1 < len(out) else None
            if nxt is None or nxt.startswith("-") or nxt.endswith(".prof"):
                out[i] = "--ray=local"
    return out


def run(argv: Optional[Sequence[str]] = None) -> int:
    """Runs asc-profile on argv (without the program name); returns the exit code."""
    return TOOL.run(_bare_ray(list(sys.argv[1:] if argv is None else argv)))


def main() -> None:
    sys.argv[1:] = _bare_ray(sys.argv[1:])
    TOOL.console()


if __name__ == "__main__":
    main()
