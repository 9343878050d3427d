"""`./dev vendor-check`: every kernel asc emits, against the vendor's own headers.

    python3 -m asc.tools.vendor_check [--devkit DIR] [--corpus DIR] [--jobs N] [--no-decls]

1. The vendor's sources: `--devkit DIR` (an unpacked asc-devkit), else the
   pinned snapshot `../shared/third_party/asc-devkit/asc-devkit.tar.xz` (looked
   for beside the checkout and the folders above it), unpacked once into the
   cache (keyed by the tarball's digest).
2. The kernels: every kernel the examples, asc-debug's corpus and the test
   suites compile, as they compile them. Each script and each suite's kernel
   test files (those that mention `jit` or import a module that does) run with
   `DRY_RUN=1` (kernels are compiled, not launched) and `ASC_KERNEL_CORPUS`
   pointing at one folder, which then holds one file per distinct emitted
   source with its kernel type: a kernel added to an example or a test is
   picked up by the next run. `--corpus DIR` checks a folder collected before
   instead.
3. Each kernel goes through asc.runtime.npu.vendor_check on the A2 halves its
   kernel type runs on, as bisheng compiles it (a vector kernel for the vector
   core, a cube kernel for the cube core, a mixed kernel for both), several per translation unit,
   in parallel; one line per kernel, then the totals. `--arch 310p` adds the
   Atlas 310P.
4. The Model's declarations against the vendor's (asc.tools.vendor_decls).

Exit status 0 when every kernel passes and every Model declaration that differs
from the vendor's is one cpp/vendor_check/known_model_differences.txt lists (with
--strict: when none differs); 1 otherwise; 2 when the vendor's sources are not there.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import dataclasses
import hashlib
import json
import os
import re
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from ..runtime.npu import vendor_check as vc

SNAPSHOT = Path("shared") / "third_party" / "asc-devkit" / "asc-devkit.tar.xz"

# What the kernels are collected from, relative to the checkout: scripts (the examples,
# asc-debug's corpus, the devkit's data kernels: each runs its kernel when run) and the
# test suites (pytest over their kernel test files).
SCRIPTS = ("examples/0*/*.py", "tests/devkit/debug_corpus/*.py", "tests/devkit/data/*.py",
           "tests/devkit/data/bench/*.py")
SUITES = ("tests/frontend", "tests/model", "tests/profile", "tests/devkit", "tests/distributed")


def checkout_root() -> Path:
    """The tree the `asc` package is imported from: the checkout, or Bazel's runfiles."""
    return Path(vc.__file__).absolute().parents[4]


def find_snapshot(root: Optional[Path] = None) -> Optional[Path]:
    """../shared/third_party/asc-devkit/asc-devkit.tar.xz beside the checkout (or beside a
    folder above it: a worktree inside the checkout's folder), or None. Bazel's runfiles
    link the package's files into the checkout: that is where it looks from."""
    root = root or Path(vc.__file__).resolve().parents[4]
    for base in [root, *root.parents][:4]:
        p = base.parent / SNAPSHOT
        if p.is_file():
            return p
    return None


def unpack_snapshot(tarball: Path, cache: Path) -> Path:
    """The snapshot unpacked under cache/devkit-<digest> (once; a partial unpack is redone)."""
    h = hashlib.sha256()
    with open(tarball, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    dest = cache / f"devkit-{h.hexdigest()[:16]}"
    if vc.is_devkit(dest):
        return dest
    cache.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="devkit-", dir=cache))
    with tarfile.open(tarball) as t:
        t.extractall(tmp, filter="data") if hasattr(tarfile, "data_filter") else t.extractall(tmp)
    commit = tarball.parent / "COMMIT"
    if commit.is_file():
        (tmp / "COMMIT").write_text(commit.read_text())
    try:
        os.replace(tmp, dest)
    except OSError:  # another process won the race
        subprocess.run(["rm", "-rf", str(tmp)], check=False)
    return dest


def devkit_from(arg: Optional[str], cache: Path) -> Path:
    if arg:
        p = Path(arg)
        if p.is_file():
            return unpack_snapshot(p, cache)
        return vc.require_devkit(p)
    tarball = find_snapshot()
    if tarball is None:
        raise FileNotFoundError(f"no asc-devkit snapshot found (looked for ../{SNAPSHOT} beside the checkout); "
                                f"{vc.GET_SOURCES}")
    return unpack_snapshot(tarball, cache)


# ---------------------------------------------------------------- collecting
def kernel_test_files(suite: Path) -> List[Path]:
    """The test files of a suite that compile asc kernels: those that mention `jit`, or
    import a module of the suite that does (a kernels module). The others (the Model's
    hand-written C++, its cache and runtime tests) compile nothing asc emits."""
    texts = {p.stem: p.read_text(encoding="utf-8", errors="replace") for p in suite.glob("*.py")}
    jit = {name for name, text in texts.items() if "jit" in text}
    out = []
    for p in sorted(suite.glob("test_*.py")):
        imported = set(re.findall(r"^\s*(?:from|import)\s+(\w+)", texts[p.stem], re.M))
        if p.stem in jit or imported & jit:
            out.append(p)
    return out


def collection_commands(root: Path, suites: Sequence[str] = SUITES) -> List[Tuple[str, List[str]]]:
    """(label, argv) of every run that compiles the project's kernels: each script, and
    pytest over each suite's kernel test files."""
    cmds = []
    for pattern in SCRIPTS:
        for script in sorted(root.glob(pattern)):
            if not script.name.startswith("_") and "jit" in script.read_text(encoding="utf-8", errors="replace"):
                cmds.append((str(script.relative_to(root)), [sys.executable, str(script)]))
    for suite in suites:
        files = kernel_test_files(root / suite) if (root / suite).is_dir() else []
        if files:
            cmds.append((suite, [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *map(str, files)]))
    return cmds


def collect(root: Path, corpus: Path, jobs: int, suites: Sequence[str] = SUITES, log=print) -> Dict[str, float]:
    """Runs every collection command with DRY_RUN=1 and ASC_KERNEL_CORPUS=corpus; returns
    label -> seconds. Test outcomes do not matter here (a numeric check fails when nothing
    ran): only the kernels they compiled."""
    corpus.mkdir(parents=True, exist_ok=True)
    cache = Path(tempfile.mkdtemp(prefix="asc-collect-cache-"))
    from .. import settings
    env = settings.kernel_corpus.child_env(str(corpus))
    env = settings.dry_run.child_env("1", env)
    env = settings.cache_dir.child_env(str(cache), env)
    env = settings.vendor_headers.child_env(None, env)  # collecting, not checking
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root / "python"), env.get("PYTHONPATH")]))
    times = {}

    def run(item):
        label, argv = item
        t = time.monotonic()
        # SIGINT ignored (and so no KeyboardInterrupt in the child): a test that interrupts
        # a launch (Ctrl-C stops a kernel) would otherwise stop the whole run, nothing
        # being launched under DRY_RUN.
        subprocess.run(argv, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN))
        return label, time.monotonic() - t

    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        for label, secs in pool.map(run, collection_commands(root, suites)):
            times[label] = secs
            log(f"collected {label} ({secs:.0f} s)")
    subprocess.run(["rm", "-rf", str(cache)], check=False)
    return times


@dataclasses.dataclass
class Kernel:
    key: str
    name: str
    kernel_type: str
    python_file: str
    source: str


def load_corpus(corpus: Path) -> List[Kernel]:
    out = []
    for p in sorted(corpus.glob("*.json")):
        try:
            d = json.loads(p.read_text())
        except (OSError, ValueError):
            continue
        out.append(Kernel(p.stem, d["name"], d["kernel_type"], d.get("python_file", ""), d["source"]))
    return out


# ---------------------------------------------------------------- checking
def check_all(kernels: Sequence[Kernel], devkit: Path, jobs: int, batch: int,
              arches: Sequence[str] = ("a2-vec", "a2-cube")) -> Dict[Tuple[str, str], vc.Result]:
    """(kernel key, arch) -> Result of every kernel on every arch asked for that its
    kernel type is compiled for (vc.arches_for)."""
    groups: Dict[Tuple[str, ...], List[Kernel]] = {}
    for k in kernels:  # a batch's kernels have the same preamble (macros, headers)
        groups.setdefault(vc.preamble(k.source), []).append(k)
    work = []
    for arch in arches:
        for headers, group in groups.items():
            ks = [k for k in group if arch in vc.arches_for(k.kernel_type, arches)]
            if not ks:
                continue
            vc.prelude(devkit, vc.ARCHS[arch], headers)  # once, before the pool
            for i in range(0, len(ks), batch):
                work.append((arch, ks[i:i + batch]))
    results = {}

    def run(item):
        arch, ks = item
        return arch, ks, vc.check_batch([k.source for k in ks], devkit, arch)

    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        for arch, ks, rs in pool.map(run, work):
            for k, r in zip(ks, rs):
                results[(k.key, arch)] = r
    return results


def classify_other_arches(kernels: Sequence[Kernel], results, devkit: Path) -> int:
    """Marks the failures on an architecture other than A2's (310p) whose cause is an API the
    architecture does not have (vc.not_on_arch: `Result.not_on`, the verdict "not on 310p"),
    checking the kernel on its A2 halves where that was not asked for. Returns how many."""
    by_key = {k.key: k for k in kernels}
    marked = 0
    for (key, arch), r in list(results.items()):
        if arch in vc.A2 or r.ok:
            continue
        k = by_key[key]
        a2 = []
        for a in vc.arches_for(k.kernel_type, vc.A2):
            if (key, a) not in results:
                results[(key, a, "a2-reference")] = vc.check_source(k.source, devkit, a, name=k.name)
            a2.append(results.get((key, a)) or results[(key, a, "a2-reference")])
        r.not_on = vc.not_on_arch(r, k.source, devkit, bool(a2) and all(x.ok for x in a2))
        marked += bool(r.not_on)
    for extra in [key for key in results if len(key) == 3]:
        del results[extra]  # the A2 checks above were only the reference
    return marked


def _short(path: str, root: Path) -> str:
    try:
        return str(Path(path).resolve().relative_to(root))
    except (ValueError, OSError):
        return path


def report(kernels: Sequence[Kernel], results, root: Path, arches: Sequence[str], out=print) -> Tuple[int, int]:
    """One line per kernel, then the totals per architecture; returns (checks, failures)."""
    checks = failures = 0
    for k in sorted(kernels, key=lambda k: (_short(k.python_file, root), k.name, k.key)):
        parts, bad = [], []
        for arch in arches:
            r = results.get((k.key, arch))
            if r is None:
                continue
            checks += 1
            if r.ok:
                parts.append(f"{arch} pass")
            elif r.not_on:
                parts.append(f"{arch} not on {arch}: {r.not_on}")
            else:
                failures += 1
                parts.append(f"{arch} FAIL")
                loc = f"{_short(r.python_loc[0], root)}:{r.python_loc[1]}" if r.python_loc else "?"
                bad.append(f"    {arch}: {r.first_error} (emitted line {r.emitted_line or '?'}, python {loc})")
        verdict = "FAIL" if bad else ("pass" if all(" pass" in p for p in parts) else "n/a ")
        out(f"{verdict}  {k.name} [{_short(k.python_file, root)} {k.kernel_type} {k.key[:8]}]: "
            + ", ".join(parts))
        for line in bad:
            out(line)
    for arch in arches:
        rs = [r for (key, a), r in results.items() if a == arch]
        if rs:
            absent = sum(bool(r.not_on) for r in rs)
            out(f"{arch} ({vc.ARCHS[arch].title}): {sum(r.ok for r in rs)} of {len(rs)} kernels pass"
                + (f", {absent} use an API not on {arch} (not failures)" if absent else "")
                + f", {sum(not r.ok and not r.not_on for r in rs)} fail")
    return checks, failures


def main(argv: Optional[Sequence[str]] = None) -> int:
    ap = argparse.ArgumentParser(prog="./dev vendor-check", description=__doc__.split("\n\n")[0])
    ap.add_argument("--devkit", help="an unpacked asc-devkit (or its .tar.xz); default: the pinned snapshot")
    ap.add_argument("--corpus", help="check the kernels collected in this folder (ASC_KERNEL_CORPUS) instead")
    ap.add_argument("--keep-corpus", help="collect into this folder and keep it")
    ap.add_argument("--suites", default=",".join(SUITES), help="test suites to collect from (comma-separated)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--batch", type=int, default=12, help="kernels per translation unit")
    ap.add_argument("--arch", default="a2-vec,a2-cube", help="a2-vec, a2-cube, 310p (comma-separated)")
    ap.add_argument("--no-decls", action="store_true", help="skip the Model-vs-vendor declaration report")
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 on the known Model differences too (cpp/vendor_check/known_model_differences.txt)")
    ap.add_argument("--json", help="write the results as JSON to this file")
    args = ap.parse_args(argv)
    from .. import settings
    root = checkout_root()
    try:
        devkit = devkit_from(args.devkit, settings.cache_dir.get() / "vendor")
    except FileNotFoundError as exc:
        print(f"vendor-check: {exc}", file=sys.stderr)
        return 2
    print(f"vendor headers: {devkit} (asc-devkit {vc.snapshot_commit(devkit) or 'commit unknown'})")
    arches = [a for a in args.arch.split(",") if a]
    t0 = time.monotonic()
    if args.corpus:
        corpus = Path(args.corpus)
    else:
        corpus = Path(args.keep_corpus) if args.keep_corpus else Path(tempfile.mkdtemp(prefix="asc-corpus-"))
        collect(root, corpus, args.jobs, [s for s in args.suites.split(",") if s])
    kernels = load_corpus(corpus)
    t1 = time.monotonic()
    results = check_all(kernels, devkit, args.jobs, args.batch, arches)
    classify_other_arches(kernels, results, devkit)
    t2 = time.monotonic()
    checks, failures = report(kernels, results, root, arches)
    absent = sum(bool(r.not_on) for r in results.values())
    print(f"total: {len(kernels)} kernels, {checks} checks, {checks - failures - absent} pass, "
          + (f"{absent} not on their architecture, " if absent else "") + f"{failures} fail "
          f"(collected in {t1 - t0:.0f} s, checked in {t2 - t1:.0f} s)")
    bad_decls, decls = 0, None
    if not args.no_decls:
        from . import vendor_decls
        rep = vendor_decls.compare(devkit)
        print(rep.text())
        known = vendor_decls.known_differences()
        new, fixed = vendor_decls.unexplained(rep, known)
        listed = len({d.name for d, _ in rep.differing} | {d.name for d in rep.model_only}) - len(new)
        print(f"declarations: {len(rep.matching)} matching; {len(rep.cpu_debug_only)} of the vendor's CPU debug "
              f"build only; {listed} names differ as "
              f"cpp/vendor_check/known_model_differences.txt explains; {len(new)} unexplained"
              + (f" ({', '.join(new)})" if new else "")
              + (f"; listed there but no longer different: {', '.join(fixed)}" if fixed else ""))
        bad_decls = len(new) + len(fixed) + (listed if args.strict else 0)
        decls = {"matching": len(rep.matching), "cpu_debug_only": len(rep.cpu_debug_only), "known": listed, "unexplained": new, "no_longer_different": fixed}
    if args.json:
        Path(args.json).write_text(json.dumps({
            "kernels": len(kernels), "checks": checks, "failures": failures, "declarations": decls,
            "results": [{"kernel": k, "arch": a, "ok": r.ok, "error": r.first_error, "not_on": r.not_on}
                        for (k, a), r in sorted(results.items())]}, indent=1))
    return 0 if failures == 0 and bad_decls == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
