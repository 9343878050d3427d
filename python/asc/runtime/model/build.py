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
import shlex
import shutil
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import List, Optional, Sequence

# -fopenmp-simd: honour `#pragma omp simd` on the element loops (vectorised at
# -O2; no OpenMP runtime is linked). -fno-math-errno: libm calls never set errno
# (results are unchanged; it lets g++ inline sqrt & co).
CXX_FLAGS = ("-std=c++17", "-O2", "-fPIC", "-fvisibility=hidden", "-Wno-narrowing", "-pthread", "-fopenmp-simd",
             "-fno-math-errno")

# The runtime (threads, checks, faults; no element loops) compiles at -O1:
# about a third faster than -O2, which matters on a fresh cache where it is on
# the critical path of the first launch, at no measurable run-time cost.
RUNTIME_FLAGS = tuple("-O1" if f == "-O2" else f for f in CXX_FLAGS)

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


_cxx_cache = {}


def cxx() -> str:
    """Full path of the host compiler ($CXX, else g++), looked up once per process."""
    exe = os.environ.get("CXX", "g++")
    key = (exe, os.environ.get("PATH", ""))
    path = _cxx_cache.get(key)
    if path is None:
        path = shutil.which(exe)
        if path is None:
            raise ModelCompileError(f"the Model needs a host C++ compiler; {exe!r} is not on PATH")
        _cxx_cache[key] = path
    return path


def _tree_files(inc: Path) -> List[Path]:
    files = []
    for dirpath, dirnames, filenames in os.walk(inc):
        dirnames.sort()
        files.extend(Path(dirpath) / n for n in sorted(filenames))
    files.sort()
    rt = runtime_source(inc)
    if rt.is_file():
        files.append(rt)
    return files


def _tree_digest(inc: Path) -> str:
    """Hash of every Model header and the runtime source (content, not mtime)."""
    h = hashlib.sha256()
    for p in _tree_files(inc):
        h.update(str(p.relative_to(inc.parent)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def _content_digest(inc: Path) -> str:
    h = hashlib.sha256()
    h.update(subprocess.run([cxx(), "--version"], capture_output=True, text=True).stdout.encode())
    h.update(" ".join(CXX_FLAGS).encode())
    h.update(" ".join(RUNTIME_FLAGS).encode())
    h.update(_tree_digest(inc).encode())
    return h.hexdigest()


def _stat_key(inc: Path) -> str:
    """Cheap stand-in for the content digest: compiler, flags, and path, size and
    mtime of every Model source (any edit or compiler reinstall changes it)."""
    parts = [" ".join(CXX_FLAGS) + "|" + " ".join(RUNTIME_FLAGS)]
    exe = os.path.realpath(cxx())
    st = os.stat(exe)
    parts.append(f"{exe}:{st.st_size}:{st.st_mtime_ns}")
    stack = [str(inc)]
    while stack:
        with os.scandir(stack.pop()) as it:
            for e in it:
                if e.is_dir():
                    stack.append(e.path)
                elif e.is_file():
                    st = e.stat()
                    parts.append(f"{e.path}:{st.st_size}:{st.st_mtime_ns}")
    rt = str(runtime_source(inc))
    try:
        st = os.stat(rt)
        parts.append(f"{rt}:{st.st_size}:{st.st_mtime_ns}")
    except OSError:
        pass
    parts[2:] = sorted(parts[2:])
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


_toolchain_cache = {}


def toolchain_digest(inc: Path) -> str:
    """Content hash of the toolchain (g++ --version, flags, Model sources) that keys
    every Model artefact. A new process finds it through a small stamp file named
    by the stat key, instead of running g++ and hashing the headers again."""
    key = str(inc)
    if key not in _toolchain_cache:
        stamp = cache_root() / "stamps" / _stat_key(inc)[:40]
        digest = None
        try:
            digest = stamp.read_text().strip()
        except OSError:
            pass
        if not digest or len(digest) != 64:
            digest = _content_digest(inc)
            try:
                stamp.parent.mkdir(parents=True, exist_ok=True)
                tmp = stamp.with_name(f".{stamp.name}.{os.getpid()}.{threading.get_ident()}.tmp")
                tmp.write_text(digest)
                os.replace(tmp, stamp)
            except OSError:
                pass
        _toolchain_cache[key] = digest
    return _toolchain_cache[key]


def temp_root() -> Path:
    global _tmp_root
    if _tmp_root is None:
        _tmp_root = Path(tempfile.mkdtemp(prefix="asc-model-"))
    return _tmp_root


_cache_root = {}


def cache_root() -> Path:
    env = os.environ.get("ASC_CACHE_DIR")
    got = _cache_root.get(env)
    if got is not None:
        return got
    root = Path(env) if env else Path.home() / ".cache" / "asc"
    try:
        (root / "model").mkdir(parents=True, exist_ok=True)
        got = root / "model"
    except OSError:
        got = temp_root()
    _cache_root[env] = got
    return got


def _run(cmd: Sequence[str], what: str) -> None:
    r = subprocess.run(list(cmd), capture_output=True, text=True)
    if r.returncode != 0:
        raise ModelCompileError(f"{what} failed ({' '.join(cmd)}):\n{r.stderr}{r.stdout}")


class _Job:
    """A compiler process running in the background (see build_library)."""

    def __init__(self, cmd: Sequence[str], what: str):
        self.cmd, self.what = list(cmd), what
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def wait(self) -> None:
        out, err = self.proc.communicate()
        if self.proc.returncode != 0:
            raise ModelCompileError(f"{self.what} failed ({' '.join(self.cmd)}):\n{err}{out}")


def _runtime_path(inc: Path) -> Path:
    return cache_root() / f"runtime-{toolchain_digest(inc)[:20]}.o"


def runtime_object(inc: Path) -> Path:
    """The compiled runtime.cpp, built at most once per toolchain digest."""
    out = _runtime_path(inc)
    with _lock:
        if not out.exists():
            tmp = out.with_suffix(f".{os.getpid()}.tmp.o")
            _run([cxx(), *RUNTIME_FLAGS, "-I", str(inc), "-c", str(runtime_source(inc)), "-o", str(tmp)],
                 "compiling the Model runtime")
            os.replace(tmp, out)
    return out


def pch_dir(inc: Path) -> Path:
    """Directory of the precompiled kernel_operator.h (same flags as the kernels),
    cached next to the runtime object; first on -I when its .gch exists."""
    return cache_root() / f"pch-{toolchain_digest(inc)[:20]}"


def _start_pch(inc: Path) -> None:
    """Builds the precompiled header in a detached, low-priority process, for
    the kernels compiled after this one (no kernel ever waits for it)."""
    d = pch_dir(inc)
    gch = d / "kernel_operator.h.gch"
    try:
        d.mkdir(parents=True, exist_ok=True)
        marker = d / ".building"
        try:
            if time.time() - marker.stat().st_mtime < 300:
                return  # another process is building it
        except OSError:
            pass
        marker.write_text(str(os.getpid()))
        tmp = d / f".kernel_operator.{os.getpid()}.tmp.gch"
        cmd = " ".join(shlex.quote(a) for a in [cxx(), *CXX_FLAGS, "-I", str(inc), "-x",
                                                  "c++-header", str(inc / "kernel_operator.h"), "-o", str(tmp)])
        script = (f"nice -n 10 {cmd} && mv -f {shlex.quote(str(tmp))} {shlex.quote(str(gch))}; "
                  f"rm -f {shlex.quote(str(tmp))} {shlex.quote(str(marker))}")
        subprocess.Popen(["/bin/sh", "-c", script], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError:
        pass  # no PCH: kernels compile from the headers


def build_library(source: str, cache_dir: Optional[Path], inc: Path) -> Path:
    """Compiles `source` (kernel + launch stub) into a cached shared library.

    With no runtime object yet (a fresh cache), the runtime and the kernel
    compile in parallel and are linked after; with the runtime cached, one g++
    compiles and links. The kernel uses the precompiled header when it exists;
    from the cache's second kernel on, a missing one is built in the background
    for the kernels after it.
    """
    digest = hashlib.sha256((toolchain_digest(inc) + "\0" + source).encode()).hexdigest()[:24]
    d = Path(cache_dir) if cache_dir is not None else temp_root()
    d.mkdir(parents=True, exist_ok=True)
    lib = d / f"model-{digest}.so"
    if lib.exists():
        return lib
    src = d / f"model-{digest}.cpp"
    src.write_text(source)
    stem = f"model-{digest}.{os.getpid()}.{threading.get_ident()}"
    tmp = d / f"{stem}.tmp.so"
    pch = pch_dir(inc)
    have_pch = (pch / "kernel_operator.h.gch").exists()
    inc_flags = (["-I", str(pch)] if have_pch else []) + ["-I", str(inc)]
    rt = _runtime_path(inc)
    rt_cached = rt.exists()
    if rt_cached:
        _run([cxx(), *CXX_FLAGS, "-shared", *inc_flags, str(src), str(rt), "-o", str(tmp)],
             "compiling the kernel for the Model")
    else:
        obj = d / f"{stem}.tmp.o"
        try:
            job = _Job([cxx(), *CXX_FLAGS, *inc_flags, "-c", str(src), "-o", str(obj)],
                       "compiling the kernel for the Model")
            try:
                runtime_object(inc)
            finally:
                job.wait()
            _run([cxx(), *CXX_FLAGS, "-shared", str(obj), str(rt), "-o", str(tmp)], "linking the kernel for the Model")
        finally:
            if obj.exists():
                obj.unlink()
    os.replace(tmp, lib)  # atomic: concurrent builders never see a partial file
    if not have_pch and rt_cached:
        # Only from a cache's second kernel on: a cache used for one kernel
        # (a test's temp dir) never pays for a PCH it would not use.
        _start_pch(inc)
    return lib
