"""The vendor's Ascend C programs as fidelity cases: built unchanged with asc's CMake
package (the README's cmake line, `-DCMAKE_ASC_RUN_MODE=model`), run once timing-only
on zero inputs, timed by the cycle model through the program's own profile
(`ASC_PROFILE`, `ASC_PROFILE_COMPUTE=0`, `ASC_PROFILE_PARAMS` for a what-if).

The programs come from the pinned asc-devkit snapshot (tools/vendor_examples/snapshot.py
unpacks it). A build is kept per program, cmake definitions and Model toolchain (its
digest covers the compiler, the Model's headers and the program runtime), so a run
after a Model change rebuilds and a repeated run does not. Inputs are sparse files of
zeros of the sizes the program reads: a timing-only run never looks at the data.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Dict, Optional

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "tools"))

from vendor_examples import snapshot  # noqa: E402


class ProgramError(RuntimeError):
    """A vendor program that did not build or run: the step and its last output lines."""


def _tree_digest(d: Path) -> str:
    h = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(d):
        dirnames[:] = sorted(x for x in dirnames if x not in ("build", "input", "output"))
        for n in sorted(filenames):
            p = Path(dirpath) / n
            h.update(str(p.relative_to(d)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


def _toolchain_digest() -> str:
    from asc import settings
    from asc.cprog import toolchain
    return toolchain.digest(Path(settings.model_include.get()))


def _run(cmd, cwd, env=None, what="") -> str:
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        tail = "\n".join((r.stdout + r.stderr).strip().splitlines()[-4:])
        raise ProgramError(f"{what or cmd[0]} failed (exit {r.returncode}):\n{tail}")
    return r.stdout


def build(program: str, defines: Dict[str, object]) -> Path:
    """The program's executable (`demo`) built for the Model with these cmake definitions;
    `program` is the directory under the snapshot's examples/."""
    src = snapshot.unpack() / "examples" / program
    if not (src / "CMakeLists.txt").is_file():
        raise ProgramError(f"{program}: no CMakeLists.txt in the asc-devkit snapshot")
    key = hashlib.sha256("\0".join([_tree_digest(src), _toolchain_digest(), repr(sorted(defines.items()))])
                         .encode()).hexdigest()[:16]
    out = snapshot.cache_dir() / "fidelity" / key
    exe = out / "build" / "demo"
    if exe.is_file():
        return exe
    prefix = _run(["asc-config", "--cmake-prefix"], cwd=str(ROOT), what="asc-config").strip()
    out.mkdir(parents=True, exist_ok=True)
    args = ["cmake", "-S", str(src), "-B", str(out / "build"), "-DCMAKE_ASC_RUN_MODE=model",
            f"-DCMAKE_PREFIX_PATH={prefix}"] + [f"-D{k}={v}" for k, v in sorted(defines.items())]
    _run(args, cwd=str(out), what=f"cmake of {program}")
    _run(["make", "-C", str(out / "build"), f"-j{os.cpu_count() or 1}"], cwd=str(out), what=f"make of {program}")
    if not exe.is_file():
        raise ProgramError(f"{program}: the build made no {exe.name}")
    return exe


def run_timed(exe: Path, inputs: Dict[str, int], params: Optional[dict] = None):
    """Runs the built program in a scratch directory holding `inputs` (relative path ->
    bytes, zeros) with its launches profiled timing-only; returns each launch's summary
    (the .prof's: total_us, pipes (busy µs, mean over the cores), block_dim, ...)."""
    from asc import settings
    from asc.profiler import store
    with tempfile.TemporaryDirectory(prefix="asc-fidelity-") as tmp:
        work = Path(tmp)
        for rel, nbytes in inputs.items():
            p = work / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            with open(p, "wb") as f:
                f.truncate(nbytes)  # a sparse file of zeros: no disk, no time
        (work / "output").mkdir(exist_ok=True)
        prof = work / "run.prof"
        env = dict(os.environ, ASC_PROFILE=str(prof), ASC_PROFILE_COMPUTE="0", ASC_MODEL_LAUNCH_TIMEOUT="0")
        env.pop("ASC_PROFILE_PARAMS", None)
        if params:
            env["ASC_PROFILE_PARAMS"] = settings.param_text(params)
        _run([str(exe)], cwd=str(work), env=env, what=exe.name)
        if not prof.is_file():
            raise ProgramError(f"{exe}: the run made no Model launch")
        return [dict(launch.summary) for launch in store.load(prof).launches]
