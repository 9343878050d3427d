"""Compiling emitted Ascend C into a Model shared library, with a disk cache.

Two artefacts:
  * the runtime object (cpp/model/src/runtime.cpp: threads, checks, faults),
    compiled once per toolchain + header tree and cached under the Model cache
    root, so a kernel build never recompiles it;
  * one kernel library per (source, stub, flags, toolchain) in the kernel's
    cache_dir, named by a hash so a new process finds and reuses it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import Optional, Sequence

# -fopenmp-simd: honour `#pragma omp simd` on the element loops (vectorised at
# -O2; no OpenMP runtime is linked). -fno-math-errno: libm calls never set errno
# (results are unchanged; it lets g++ inline sqrt & co).
CXX_FLAGS = ("-std=c++17", "-O2", "-fPIC", "-fvisibility=hidden", "-Wno-narrowing", "-pthread", "-fopenmp-simd",
             "-fno-math-errno")

_lock = threading.Lock()
_tmp_root: Optional[Path] = None


class ModelCompileError(RuntimeError):
    """g++ rejected the kernel (or the runtime); the message holds its output."""


def include_dir() -> Path:
    env = os.environ.get("ASC_MODEL_INCLUDE")
    if env:
        return Path(env)
    import asc

    return Path(asc.__file__).resolve().parents[2] / "cpp" / "model" / "include"


def runtime_source(inc: Path) -> Path:
    return inc.parent / "src" / "runtime.cpp"


def cxx() -> str:
    exe = os.environ.get("CXX", "g++")
    if shutil.which(exe) is None:
        raise ModelCompileError(f"the Model needs a host C++ compiler; {exe!r} is not on PATH")
    return exe


def _tree_digest(inc: Path) -> str:
    """Hash of every Model header and the runtime source (content, not mtime)."""
    h = hashlib.sha256()
    files = sorted(p for p in inc.rglob("*") if p.is_file())
    rt = runtime_source(inc)
    if rt.is_file():
        files.append(rt)
    for p in files:
        h.update(str(p.relative_to(inc.parent)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


_toolchain_cache = {}


def toolchain_digest(inc: Path) -> str:
    key = str(inc)
    if key not in _toolchain_cache:
        h = hashlib.sha256()
        h.update(subprocess.run([cxx(), "--version"], capture_output=True, text=True).stdout.encode())
        h.update(" ".join(CXX_FLAGS).encode())
        h.update(_tree_digest(inc).encode())
        _toolchain_cache[key] = h.hexdigest()
    return _toolchain_cache[key]


def temp_root() -> Path:
    global _tmp_root
    if _tmp_root is None:
        _tmp_root = Path(tempfile.mkdtemp(prefix="asc-model-"))
    return _tmp_root


def cache_root() -> Path:
    env = os.environ.get("ASC_CACHE_DIR")
    root = Path(env) if env else Path.home() / ".cache" / "asc"
    try:
        (root / "model").mkdir(parents=True, exist_ok=True)
        return root / "model"
    except OSError:
        return temp_root()


def _run(cmd: Sequence[str], what: str) -> None:
    r = subprocess.run(list(cmd), capture_output=True, text=True)
    if r.returncode != 0:
        raise ModelCompileError(f"{what} failed ({' '.join(cmd)}):\n{r.stderr}{r.stdout}")


def runtime_object(inc: Path) -> Path:
    """The compiled runtime.cpp, built at most once per toolchain digest."""
    digest = toolchain_digest(inc)[:20]
    out = cache_root() / f"runtime-{digest}.o"
    with _lock:
        if not out.exists():
            tmp = out.with_suffix(f".{os.getpid()}.tmp.o")
            _run([cxx(), *CXX_FLAGS, "-I", str(inc), "-c", str(runtime_source(inc)), "-o", str(tmp)],
                 "compiling the Model runtime")
            os.replace(tmp, out)
    return out


def build_library(source: str, cache_dir: Optional[Path], inc: Path) -> Path:
    """Compiles `source` (kernel + launch stub) into a cached shared library."""
    digest = hashlib.sha256((toolchain_digest(inc) + "\0" + source).encode()).hexdigest()[:24]
    d = Path(cache_dir) if cache_dir is not None else temp_root()
    d.mkdir(parents=True, exist_ok=True)
    lib = d / f"model-{digest}.so"
    if lib.exists():
        return lib
    rt = runtime_object(inc)
    src = d / f"model-{digest}.cpp"
    src.write_text(source)
    tmp = d / f"model-{digest}.{os.getpid()}.{threading.get_ident()}.tmp.so"
    _run([cxx(), *CXX_FLAGS, "-shared", "-I", str(inc), str(src), str(rt), "-o", str(tmp)],
         "compiling the kernel for the Model")
    os.replace(tmp, lib)  # atomic: concurrent builders never see a partial file
    return lib
