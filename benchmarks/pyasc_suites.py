"""Runs pyasc's own test suites, unchanged, against this asc and prints the table.

    python benchmarks/pyasc_suites.py /path/to/pyasc [--torch-path DIR] [--suite NAME ...]

The pyasc checkout is given by path (it is not bundled). Each suite runs in
its own pytest process (pyasc's tests are collected with
--import-mode=importlib: several of its folders hold files of the same name)
with `asc` imported from this checkout:

    generalization  python/test/generalization, with ASC_FORCE_BACKEND=Model
                    (every test selects Backend.NPU) and benchmarks/pyasc_npu_device.py
                    (torch's "npu" device on the CPU); needs torch
    kernels         python/test/kernels
    unit            python/test/unit, the whole folder, with pyasc's harness
                    (its FileCheck tests run when LLVM's FileCheck is found)
    import          python/test/test_import.py
    tutorials       python/tutorials/*/*.py, each run as `python script -r Model`

torch is not a dependency of asc: the tests that need it skip without it
(pyasc's own module-level skip). `--torch-path` adds a directory holding a
torch install (e.g. `pip install --no-deps --target DIR torch-*+cpu*.whl`) to
the suites' path only. Prints one row per suite (pass, fail, skip) and the
pyasc commit when the checkout is a git work tree.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent

PYTEST_SUITES = {  # name -> (path in the checkout, extra environment)
    "generalization": ("python/test/generalization", {"ASC_FORCE_BACKEND": "Model"}),
    "kernels": ("python/test/kernels", {}),
    "unit": ("python/test/unit", {}),
    "import": ("python/test/test_import.py", {}),
}
ALL = tuple(PYTEST_SUITES) + ("tutorials",)


def find_filecheck() -> Optional[str]:
    """LLVM's FileCheck under that exact name (pyasc's harness runs `FileCheck`)."""
    found = shutil.which("FileCheck")
    if found:
        return found
    for cand in sorted(Path("/usr/lib").glob("llvm-*/bin/FileCheck"), reverse=True):
        return str(cand)
    return None


def suite_env(extra: Dict[str, str], torch_path: Optional[str], bin_dir: Optional[str]) -> Dict[str, str]:
    env = dict(os.environ)
    paths = [str(REPO / "python"), str(HERE)] + ([torch_path] if torch_path else [])
    if env.get("PYTHONPATH"):
        paths.append(env["PYTHONPATH"])
    env["PYTHONPATH"] = os.pathsep.join(paths)
    if bin_dir:
        env["PATH"] = bin_dir + os.pathsep + env.get("PATH", "")
    env.update(extra)
    return env


def count_junit(path: Path) -> Tuple[int, int, int, List[str]]:
    """(passed, failed, skipped, failing test ids) of a pytest junit file."""
    root = ET.parse(path).getroot()
    passed = failed = skipped = 0
    failing = []
    for case in root.iter("testcase"):
        kinds = {child.tag for child in case}
        if kinds & {"failure", "error"}:
            failed += 1
            failing.append(f"{case.get('classname')}::{case.get('name')}")
        elif "skipped" in kinds:
            skipped += 1
        else:
            passed += 1
    return passed, failed, skipped, failing


def run_pytest(name: str, checkout: Path, torch_path: Optional[str], bin_dir: Optional[str],
               extra_args: List[str]) -> Tuple[int, int, int, List[str]]:
    rel, extra_env = PYTEST_SUITES[name]
    target = checkout / rel
    with tempfile.TemporaryDirectory(prefix="pyasc_suite") as tmp:
        junit = Path(tmp) / "junit.xml"
        cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "pyasc_npu_device",
               "--continue-on-collection-errors",  # a file that cannot import counts as failed, the rest still run
               "--import-mode=importlib", f"--junitxml={junit}", str(target)] + extra_args
        proc = subprocess.run(cmd, cwd=str(target if target.is_dir() else target.parent),
                              env=suite_env(extra_env, torch_path, bin_dir), capture_output=True, text=True)
        if not junit.exists():
            raise RuntimeError(f"suite {name}: pytest wrote no report (exit {proc.returncode}):\n"
                               f"{proc.stdout[-3000:]}{proc.stderr[-3000:]}")
        return count_junit(junit)


def run_tutorials(checkout: Path, torch_path: Optional[str]) -> Tuple[int, int, int, List[str]]:
    passed = failed = skipped = 0
    failing = []
    env = suite_env({}, torch_path, None)
    has_torch = subprocess.run([sys.executable, "-c", "import torch"], env=env,
                               capture_output=True).returncode == 0
    for script in sorted((checkout / "python/tutorials").glob("*/*.py")):
        if not has_torch:
            skipped += 1  # every tutorial makes its data with torch
            continue
        proc = subprocess.run([sys.executable, str(script), "-r", "Model"], cwd=str(script.parent), env=env,
                              capture_output=True, text=True)
        if proc.returncode == 0:
            passed += 1
        else:
            failed += 1
            failing.append(f"{script.parent.name}/{script.name}: {proc.stderr.strip().splitlines()[-1:]}")
    return passed, failed, skipped, failing


def pyasc_commit(checkout: Path) -> str:
    proc = subprocess.run(["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"], capture_output=True, text=True)
    return proc.stdout.strip() if proc.returncode == 0 else "unknown (not a git work tree)"


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout", type=Path, help="a pyasc checkout (the folder holding python/test)")
    ap.add_argument("--suite", action="append", choices=ALL, help="run only this suite (repeatable)")
    ap.add_argument("--torch-path", help="a directory holding torch, added to the suites' PYTHONPATH")
    ap.add_argument("--failures", action="store_true", help="list the failing tests of each suite")
    ap.add_argument("--commit", help="the pyasc commit to print when the checkout is not a git work tree "
                                     "(e.g. an exported archive)")
    ap.add_argument("pytest_args", nargs="*", help="extra pytest arguments (after --)")
    args = ap.parse_args(argv)
    checkout = args.checkout.resolve()
    if not (checkout / "python/test").is_dir():
        ap.error(f"{checkout} is not a pyasc checkout (no python/test)")
    filecheck = find_filecheck()
    extra = list(args.pytest_args)
    unit_args = [] if filecheck else ["--skip-filecheck"]
    print(f"pyasc {args.commit or pyasc_commit(checkout)} at {checkout}; asc {REPO}")
    rows = []
    for name in args.suite or ALL:
        t0 = time.perf_counter()
        if name == "tutorials":
            res = run_tutorials(checkout, args.torch_path)
        else:
            res = run_pytest(name, checkout, args.torch_path, str(Path(filecheck).parent) if filecheck else None,
                             extra + (unit_args if name == "unit" else []))
        rows.append((name,) + res + (time.perf_counter() - t0,))
    print(f"{'suite':<16}{'pass':>6}{'fail':>6}{'skip':>6}{'total':>7}{'pass %':>8}{'time':>8}")
    for name, p, f, s, failing, secs in rows:
        total = p + f + s
        pct = 100.0 * p / total if total else 0.0
        print(f"{name:<16}{p:>6}{f:>6}{s:>6}{total:>7}{pct:>7.1f}%{secs:>7.0f}s")
    if args.failures:
        for name, _, _, _, failing, _ in rows:
            for t in failing:
                print(f"FAIL {name}: {t}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
