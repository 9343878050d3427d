"""Compiling emitted Ascend C into a Model shared library, with a disk cache.

Two artefacts:
  * the runtime object (every cpp/model/src/*.cpp: cores, checks, faults,
    runner threads, signals), compiled once per toolchain + header tree and
    cached under the Model cache root, so a kernel build never recompiles it;
  * one kernel library per (source, stub, flags, toolchain) in the kernel's
    cache_dir, named by a hash so a new process finds and reuses it.

Every artefact (runtime object, precompiled header, kernel library, toolchain
stamp) is written to a temporary name and renamed into place, then its sha256
is written next to it (`<file>.sha256`, the artefact's validity marker). The
checksum is verified before the file is used: a kernel library is never
dlopen()ed before; a file that fails is removed with one logged warning and
rebuilt. Builders of one artefact are serialized by an flock on
`.<file>.lock` (threads and processes alike; the kernel releases it when a
builder is killed), so concurrent first launches compile it once.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import Callable, List, Optional, Sequence, Tuple

from ... import cache as _cache
from ... import _tree
from ... import installed as _installed
from ..._read import read_bytes
from ... import settings

# -fopenmp-simd: honour `#pragma omp simd` on the element loops (vectorised at
# -O2; no OpenMP runtime is linked). -fno-math-errno: libm calls never set errno
# (results are unchanged; it lets g++ inline sqrt & co).
CXX_FLAGS = ("-std=c++17", "-O2", "-fPIC", "-fvisibility=hidden", "-Wno-narrowing", "-pthread", "-fopenmp-simd",
             "-fno-math-errno")

# -g1: line tables only, so that the Python line of a hardware trap in kernel
# code (an integer division by zero, INT_MIN / -1) is found from its address
# (faults.py). Not GCC's -fsanitize=integer-divide-by-zero: with it, some cube
# kernels compute wrong results (g++ 12; tests/model/test_cube_load.py).
CHECK_FLAGS = ("-g1",)
CXX_FLAGS += CHECK_FLAGS

# GCC's own, added when the compiler is GCC (cxx_flags): the line table written by
# GCC, not by the assembler. Debian 12's addr2line (binutils 2.40) names the wrong
# file for some addresses of the DWARF 5 line table gas writes when a `#line` renamed
# the file (the emitted kernel's Python file): printf's caller came out as
# model-<digest>.cpp, not the .py, for one layout of the Model's headers (readelf
# decodes the same table right). -gdwarf-4 avoids it too, but made a kernel's compile
# ~35% slower; this costs nothing. Clang (its own assembler) neither needs nor takes it.
GCC_FLAGS = ("-gno-as-loc-support",)

# Kernel libraries bind their own symbols at link time: the C++ library's template
# instantiations they define are exported (libstdc++'s headers give them default
# visibility), and binding each call to them when ctypes loads the library (RTLD_NOW)
# cost ~0.05 ms of a new process's first launch (248 -> 88 symbol relocations). Each
# library holds its own copy of the runtime and shares no object with another, so
# nothing relies on those symbols being interposed. Part of the library's name.
# Linked by GNU ld, not gold: gold links a kernel library in ~0.04 s against ld's ~0.12 s
# (a new vector kernel's build 0.79-0.87 of ld's), but each launch of a gold-linked library
# dispatched ~0.6 us slower (benchmarks/dispatch_overhead.py, three interleaved pairs:
# 4.30/3.85/2.80 against 3.33/3.23/2.21 us), and a launch happens far more often than a build.
LINK_FLAGS = ("-Wl,-Bsymbolic",)

# The runtime (threads, checks, faults; no element loops) compiles at -O1:
# about a third faster than -O2, which matters on a fresh cache where it is on
# the critical path of the first launch, at no measurable run-time cost.
RUNTIME_FLAGS = tuple("-O1" if f == "-O2" else f for f in CXX_FLAGS if f not in CHECK_FLAGS)

# Except its API parts (src/api_*.cpp: the halves of API implementations that do not
# depend on the element type, moved out of the headers so that a kernel does not
# compile them again), which run on every API call: -O2, as the kernels. They are a
# second translation unit, compiled beside the first (<1 s), and partially linked
# with it into the one runtime object.
API_FLAGS = tuple(f for f in CXX_FLAGS if f not in CHECK_FLAGS)
API_PREFIX = "api_"

_tmp_root: Optional[Path] = None


class ModelCompileError(RuntimeError):
    """g++ rejected the kernel (or the runtime); the message holds its output."""


# ---- integrity of the cached artefacts ----

OK, MISSING, BAD = "ok", "missing", "bad"


def _sum_path(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def _lock_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.lock")


def _ok_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.verified")


# A file whose last change (ctime) is at least this old when its checksum is verified gets a
# `.<file>.verified` record of its identity; younger, a later change could still share its
# timestamps (they tick coarsely), so it is verified by its checksum again next time.
TRUST_AGE_S = 2.0


def stat_ident(st: os.stat_result) -> bytes:
    """A file's identity as `.<file>.verified` records it: any write, or another file in its
    place, changes it."""
    return f"{st.st_ino} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}".encode()


def trusted(path: Path, st: os.stat_result) -> bool:
    """Whether `path`, whose stat is `st`, is trusted by its identity: its `.verified` record
    (written by check) holds that identity with the checksum the file matched then."""
    try:
        want = read_bytes(_sum_path(path)).strip()
        return read_bytes(_ok_path(path)) == stat_ident(st) + b" " + want
    except OSError:
        return False


def check(path: Path) -> Tuple[str, str]:
    """(state, reason) of a cached artefact: OK when it matches its checksum;
    MISSING when it or its checksum is absent (never built, or its builder was
    killed before the checksum was written); BAD otherwise.

    A file verified once (its checksum matched, and it had not changed for
    TRUST_AGE_S) is trusted after by a cheap key instead of being hashed again:
    `.<file>.verified` records its inode, size, mtime and ctime with the checksum
    it matched; any write to the file, or a new file in its place, changes that
    key (a write sets the ctime to now, which is later than the recorded one)."""
    try:
        want = read_bytes(_sum_path(path)).strip()
    except OSError:
        return MISSING, ""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return MISSING, ""
    except OSError as exc:
        return BAD, f"cannot be read ({exc.strerror})"
    ident = stat_ident(st)
    try:
        if read_bytes(_ok_path(path)) == ident + b" " + want:
            return OK, ""
    except OSError:
        pass
    try:
        got = _cache.sha256_file(path).encode()
    except FileNotFoundError:
        return MISSING, ""
    except OSError as exc:
        return BAD, f"cannot be read ({exc.strerror})"
    if got != want:
        return BAD, "fails its checksum (truncated or modified)"
    if st.st_ctime_ns < (time.time() - TRUST_AGE_S) * 1e9:
        try:
            _cache.write_atomic(_ok_path(path), ident + b" " + want)
        except OSError:
            pass  # read-only: verified by its checksum each time
    return OK, ""


_verified = {}  # path -> stat identity of a large artefact (the PCH) verified in this process


def _check_once(path: Path) -> Tuple[str, str]:
    """check(), remembered per process while the file's identity (inode, size,
    mtime, ctime) is unchanged: the PCH is tens of MB."""
    try:
        st = os.stat(path)
    except OSError:
        return MISSING, ""
    ident = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)
    if _verified.get(str(path)) == ident:
        return OK, ""
    state = check(path)
    if state[0] == OK:
        _verified[str(path)] = ident
    return state


def discard(path: Path, reason: Optional[str] = None) -> None:
    """Removes an artefact and its checksum; with a reason, says so in one warning line."""
    if reason is not None:
        _cache.warn_removed(path, reason)
    _verified.pop(str(path), None)
    _cache.remove_quietly(_ok_path(path), _sum_path(path), path)


def _commit(tmp: Path, path: Path) -> None:
    """Moves a finished artefact into place, then writes its checksum. A compiler that
    exited 0 without writing it (a $CXX that is not a C++ compiler) is a ModelCompileError
    naming it, not a traceback."""
    try:
        digest = _cache.sha256_file(tmp)
    except FileNotFoundError:
        raise ModelCompileError(f"the host compiler {cxx()} exited 0 but wrote no {path.name}: set $CXX to a "
                                f"C++17 compiler (g++ or clang++)") from None
    os.replace(tmp, path)
    _cache.write_atomic(_sum_path(path), digest.encode() + b"\n")


@contextlib.contextmanager
def _file_lock(path: Path):
    """Exclusive flock on `path` (between threads and processes; released by
    the kernel if the holder dies). Without flock support, no lock: the atomic
    renames and checksums still keep every reader safe."""
    import fcntl  # (a build only: not at `import asc`, nor on a cached launch)

    fd = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(fd, fcntl.LOCK_EX)
    except OSError:
        if fd is not None:
            os.close(fd)
            fd = None
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)


def alias(path: Path) -> Path:
    """A new name for the file `path` (hard link, else copy), for loading a
    rebuilt library: the dynamic loader hands back the handle it already holds
    for a path it loaded before. The caller removes it after loading."""
    a = _cache.tmp_path(path)
    try:
        os.link(path, a)
    except OSError:
        shutil.copy2(path, a)
    return a


def include_dir() -> Path:
    """The Model's headers (settings.model_include: $ASC_MODEL_INCLUDE, else
    _model/include of the installed package (a wheel), else cpp/model/include
    of the checkout asc is imported from)."""
    return settings.model_include.get()


def runtime_files(inc: Path) -> List[Path]:
    """The runtime's sources (cpp/model/src: its .cpp parts and their internal
    headers), sorted by name."""
    d = inc.parent / "src"
    try:
        names = sorted(os.listdir(d))
    except OSError:
        return []
    return [d / n for n in names if n.endswith((".cpp", ".h"))]


def runtime_unity(inc: Path, api: bool = False) -> str:
    """A translation unit the runtime object is compiled from: every src/*.cpp
    (api: every src/api_*.cpp; else every other one), #included in name order.
    One g++ process parses the std headers the parts share once (separate
    objects would cost ≈ 0.3 s of CPU each on the first launch's critical
    path); each part also compiles on its own."""
    parts = [p for p in runtime_files(inc) if p.suffix == ".cpp" and p.name.startswith(API_PREFIX) == api]
    return "".join('#include "{}"\n'.format(str(p).replace("\\", "\\\\").replace('"', '\\"')) for p in parts)


_cxx_cache = {}
_gcc_cache = {}


def is_gcc(exe: str) -> bool:
    """Whether the compiler `exe` is GCC, once per compiler and process (only compiles ask,
    never a cached launch): by the name of the file it resolves to (Debian's g++ is
    x86_64-linux-gnu-g++-12, its clang++ clang++-19), else by asking it whether it
    defines __GNUC__ and not __clang__ (a wrapper script; ~10 ms)."""
    got = _gcc_cache.get(exe)
    if got is None:
        import re  # (here, not at `import asc`: the pattern is compiled when a compile asks)

        name = os.path.basename(os.path.realpath(exe))
        if "clang" in name:
            got = False
        elif re.fullmatch(_GCC_NAME, name):
            got = True
        else:
            import subprocess

            try:
                out = subprocess.run([exe, "-dM", "-E", "-x", "c++", os.devnull], capture_output=True,
                                     text=True).stdout
            except OSError:
                out = ""
            got = "#define __GNUC__ " in out and "#define __clang__ " not in out
        _gcc_cache[exe] = got
    return got


_GCC_NAME = r"(?:[\w.]+-)*(?:g\+\+|gcc)(?:-\d+(?:\.\d+)*)?"  # x86_64-linux-gnu-g++-12, g++, gcc-12


def cxx_flags() -> Tuple[str, ...]:
    """The kernel flags (CXX_FLAGS) for the compiler cxx() names: with GCC_FLAGS when it is GCC."""
    exe = cxx()
    return CXX_FLAGS + GCC_FLAGS if is_gcc(exe) else CXX_FLAGS


# Tried in this order when $CXX is unset.
DEFAULT_CXX = ("g++", "clang++")

# The Debian/Ubuntu package to install when no compiler is found.
CXX_PACKAGE = "g++"


def cxx() -> str:
    """Full path of the host compiler (settings.cxx: $CXX, else g++, else
    clang++), looked up once per process (and again when $CXX or $PATH
    changes). None found: ModelCompileError naming the package to install."""
    key = compiler_setting()
    exe = key[0]
    path = _cxx_cache.get(key)
    if path is None:
        for name in (exe,) if exe else DEFAULT_CXX:
            path = which(name, key[1])
            if path is not None:
                break
        else:
            looked = f"$CXX={exe!r} is not on PATH" if exe else \
                f"neither {' nor '.join(DEFAULT_CXX)} is on PATH and $CXX is unset"
            raise ModelCompileError(
                f"the Model compiles kernels with a host C++ compiler and found none ({looked}): "
                f"install one, e.g. `apt-get install {CXX_PACKAGE}` (Debian/Ubuntu), "
                f"or set $CXX to a C++17 compiler")
        _cxx_cache[key] = path
    return path


def compiler_setting() -> Tuple[Optional[str], Optional[str]]:
    """What cxx() finds the compiler by, as text: ($CXX, $PATH)."""
    return settings.cxx.raw(), os.environ.get("PATH")  # PATH: not asc's knob, the lookup's


def which(name: str, path: Optional[str]) -> Optional[str]:
    """shutil.which(name) for the search path `path` ($PATH; None: unset): the first
    executable, non-directory `name` on it (`name` itself when it holds a directory part).
    One access() per entry, where shutil.which makes up to three system calls an entry: a
    new process's first launch looks the compiler up (~0.08 ms less on this VM's 11-entry
    PATH)."""
    if os.path.dirname(name):
        return name if os.access(name, os.F_OK | os.X_OK) and not os.path.isdir(name) else None
    if path is None:
        try:
            path = os.confstr("CS_PATH")
        except (AttributeError, ValueError):
            path = os.defpath
    seen = set()
    for d in path.split(os.pathsep) if path else ():
        if d in seen:
            continue
        seen.add(d)
        candidate = os.path.join(d, name)
        if os.access(candidate, os.F_OK | os.X_OK) and not os.path.isdir(candidate):
            return candidate
    return None


def _tree_files(inc: Path) -> List[Path]:
    files = []
    for dirpath, dirnames, filenames in os.walk(inc):
        dirnames.sort()
        files.extend(Path(dirpath) / n for n in sorted(filenames))
    files.sort()
    files.extend(runtime_files(inc))
    return files


def _tree_digest(inc: Path) -> str:
    """Hash of every Model header and runtime source (content, not mtime)."""
    import hashlib  # (a stamp miss only: OpenSSL's SHA-256 is the faster on the whole tree)

    h = hashlib.sha256()
    for p in _tree_files(inc):
        h.update(str(p.relative_to(inc.parent)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def _content_digest(inc: Path) -> str:
    import hashlib
    import subprocess  # (only on a miss: not at `import asc`, nor on a cached launch)

    h = hashlib.sha256()

    h.update(subprocess.run([cxx(), "--version"], capture_output=True, text=True).stdout.encode())
    h.update(" ".join(CXX_FLAGS + GCC_FLAGS).encode())
    h.update(" ".join(RUNTIME_FLAGS).encode())
    h.update(" ".join(API_FLAGS).encode())
    h.update(_tree_digest(inc).encode())
    return h.hexdigest()


def _stat_key(inc: Path) -> str:
    """Cheap stand-in for the content digest: compiler, flags, and path, size and
    mtime of every Model source (any edit or compiler reinstall changes it). On a
    new process's first launch: one stat per file and per directory (asc._tree's
    manifest lists them while no directory changed). The Model's files of an installed copy
    of asc (a wheel's `asc/_model/`) are keyed by its RECORD instead, which holds
    their sha256 (asc.installed: no walk)."""
    stat = os.stat
    exe = cxx()
    st = stat(exe)  # (through its symlinks: the device and inode say which file it is, realpath not needed)
    head = " ".join(CXX_FLAGS + GCC_FLAGS) + "|" + " ".join(RUNTIME_FLAGS) + "|" + " ".join(API_FLAGS)
    parts = [(exe, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)]
    installed = _cache.installed_key() if _installed.inside(str(inc)) else None
    if installed is not None:
        return _cache.sha256(f"{head}|{parts!r}|{inc}|{installed}".encode()).hexdigest()
    # every header (the include tree) and the runtime's sources (runtime_files: src/*.cpp, *.h),
    # their directories found again by a manifest while unchanged (asc._tree)
    root = cache_root()
    for kind, top, select, descend in (("model headers", str(inc), _any_file, _any_dir),
                                       ("model sources", str(inc.parent / "src"), _runtime_source, _no_dir)):
        try:
            files = _tree.stat_files(top, select, descend, _cache.tree_manifest(kind, top, root), _cache.store_file)
        except OSError:
            if top == str(inc):
                raise
            continue  # no runtime sources
        parts.extend((top + "/" + rel, size, mtime) for rel, size, mtime in files)
    parts[1:] = sorted(parts[1:])
    return _cache.sha256((head + repr(parts)).encode()).hexdigest()


def _any_file(rel: str, e: os.DirEntry) -> bool:
    return e.is_file()


def _any_dir(rel: str, e: os.DirEntry) -> bool:
    return e.is_dir()


def _runtime_source(rel: str, e: os.DirEntry) -> bool:  # (runtime_files, by name)
    return e.name.endswith((".cpp", ".h"))


def _no_dir(rel: str, e: os.DirEntry) -> bool:
    return False


_toolchain_cache = {}


def toolchain_digest(inc: Path) -> str:
    """Content hash of the toolchain (g++ --version, flags, Model sources) that keys
    every Model artefact. A new process finds it through a small stamp file named
    by the stat key, instead of running g++ and hashing the headers again.

    Computed on the calling thread, not ahead on another one: the stat walk of the
    Model's sources and the front end's walk of the package are both a Python loop
    around system calls, and run side by side they hand the GIL back and forth at each
    call (a new process's first cached launch measured ~0.7 ms slower with the walks
    overlapped; benchmarks/model_compile_relaunch.py).

    Kept per process by (include dir, compiler): $CXX is read at use time like every
    knob, and a process that changes it must not key the new compiler's artefacts
    with the old one's digest."""
    key = (str(inc), cxx())
    got = _toolchain_cache.get(key)
    if got is None:
        _toolchain_cache[key] = got = _compute_toolchain_digest(inc)
    return got


def _compute_toolchain_digest(inc: Path) -> str:
    stamp = cache_root() / "stamps" / _stat_key(inc)[:40]
    digest = _cache.read_stamp(stamp)  # (the stamp format is asc.cache's)
    if digest is None:
        digest = _content_digest(inc)
        _cache.write_stamp(stamp, digest)
    return digest


def temp_root() -> Path:
    global _tmp_root
    if _tmp_root is None:
        import tempfile

        _tmp_root = Path(tempfile.mkdtemp(prefix="asc-model-"))
    return _tmp_root


_cache_root = {}


def cache_root() -> Path:
    """`model/` under asc's cache root (asc.cache.cache_root: $ASC_CACHE_DIR,
    $PYASC_CACHE_DIR, $XDG_CACHE_HOME/asc, ~/.cache/asc), or a per-process
    temporary directory when that is not writable."""
    root = _cache.cache_root()
    got = _cache_root.get(root)
    if got is not None:
        return got
    got = root / "model"
    try:
        if not os.access(got, os.W_OK | os.X_OK):  # (there and usable: one system call, not three)
            got.mkdir(parents=True, exist_ok=True)
            if not os.access(got, os.W_OK | os.X_OK):
                got = temp_root()
    except OSError:
        got = temp_root()
    _cache_root[root] = got
    return got


def _run(cmd: Sequence[str], what: str, stdin: Optional[str] = None) -> None:
    import subprocess

    r = subprocess.run(list(cmd), capture_output=True, text=True, input=stdin)
    if r.returncode != 0:
        raise ModelCompileError(f"{what} failed ({' '.join(cmd)}):\n{r.stderr}{r.stdout}")


class _Job:
    """A compiler process running in the background (see build_library)."""

    def __init__(self, cmd: Sequence[str], what: str):
        import subprocess

        self.cmd, self.what = list(cmd), what
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def wait(self) -> None:
        out, err = self.proc.communicate()
        if self.proc.returncode != 0:
            raise ModelCompileError(f"{self.what} failed ({' '.join(self.cmd)}):\n{err}{out}")

    def kill(self) -> None:
        self.proc.kill()
        self.proc.communicate()


def _runtime_path(inc: Path, root: Optional[Path] = None) -> Path:
    return (root or cache_root()) / f"runtime-{toolchain_digest(inc)[:20]}.o"


def prebuilt_root() -> Path:
    """Where the install step (`python3 -m asc.runtime.model --prebuild`, run by
    `./dev setup`) puts the runtime object and the precompiled header
    (settings.model_prebuilt: $ASC_MODEL_PREBUILT, else `model/` of the default cache root).
    Content-addressed like the cache's own (named by the toolchain digest) and checked
    against their checksums before use: a cache that has none of its own uses these."""
    return settings.model_prebuilt.get()


def _prebuilt_path(path: Path) -> Optional[Path]:
    """The prebuilt counterpart of the cache's own artefact `path`, if it is elsewhere."""
    try:
        alt = prebuilt_root() / path.relative_to(cache_root())
    except (ValueError, OSError):
        return None
    return None if alt == path else alt


def _prebuilt(path: Path) -> Optional[Path]:
    """The prebuilt artefact standing in for the cache's own `path` (missing), when it is
    there and matches its checksum; None otherwise."""
    alt = _prebuilt_path(path)
    return alt if alt is not None and check(alt)[0] == OK else None


def _build_locked(out: Path, cmd: List[str], what: str, stdin: Optional[str] = None) -> None:
    """Runs `cmd` (which writes the path that is its last argument) under `out`'s lock and
    commits that file as `out`, unless a valid `out` is there (a damaged one: removed)."""
    _make_locked(out, lambda tmp: _run([*cmd, str(tmp)], what, stdin=stdin))


def _make_locked(out: Path, make: Callable[[Path], None]) -> None:
    """Calls make(tmp) (which writes the file tmp) under `out`'s lock and commits tmp as
    `out`, unless a valid `out` is there (a damaged one: removed)."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with _file_lock(_lock_path(out)):
        state, why = check(out)
        if state == OK:
            return
        discard(out, why if state == BAD else None)
        tmp = _cache.tmp_path(out)
        try:
            make(tmp)
            _commit(tmp, out)
        finally:
            _cache.remove_quietly(tmp)


def _side_by_side(first: Callable[[], None], second: Callable[[], None]) -> None:
    """Runs two compiles at once (`second` on a thread: g++ runs outside the GIL) and
    raises the first one's ModelCompileError, if any, once both are done."""
    errors: List[ModelCompileError] = []

    def run(fn: Callable[[], None]) -> None:
        try:
            fn()
        except ModelCompileError as exc:
            errors.append(exc)

    t = threading.Thread(target=run, args=(second,))
    t.start()
    run(first)
    t.join()
    if errors:
        raise errors[0]


def runtime_parts(out: Path) -> List[Path]:
    """The runtime object's two translation units' objects, named after it (`<out>.base.o`,
    `<out>.api.o`): digest-named, so a compile cache keyed by names (tests/cxx_cache.py)
    knows them for what they are."""
    return [out.with_name(out.name + f".{n}.o") for n in ("base", "api")]


def _build_runtime(inc: Path, out: Path) -> None:
    """Compiles the runtime object into `out` (nothing when a valid one is there): its two
    translation units side by side (runtime_unity at RUNTIME_FLAGS, its API parts at
    API_FLAGS), partially linked (-r) into one relocatable object."""
    def make(tmp: Path) -> None:
        parts = [_cache.tmp_path(p) for p in runtime_parts(out)]

        def compile_part(flags: Sequence[str], api: bool, part: Path) -> None:
            _run([cxx(), *flags, "-I", str(inc), "-x", "c++", "-c", "-", "-o", str(part)],
                 "compiling the Model runtime", stdin=runtime_unity(inc, api=api))

        try:
            _side_by_side(lambda: compile_part(RUNTIME_FLAGS, False, parts[0]),
                          lambda: compile_part(API_FLAGS, True, parts[1]))
            _run([cxx(), "-r", "-nostdlib", *map(str, parts), "-o", str(tmp)], "linking the Model runtime")
        finally:
            _cache.remove_quietly(*parts)

    _make_locked(out, make)


def _find_runtime(inc: Path) -> Tuple[Path, bool]:
    """(path, usable now) of the runtime object: the cache's own when it matches its
    checksum (a damaged one is removed, one warning), else the prebuilt one, else the
    cache's own path, to be built."""
    own = _runtime_path(inc)
    state, why = check(own)
    if state == OK:
        return own, True
    if state == BAD:
        discard(own, why)
        return own, False
    alt = _prebuilt(own)
    return (alt, True) if alt is not None else (own, False)


def runtime_object(inc: Path) -> Path:
    """The compiled runtime (runtime_unity), built at most once per toolchain
    digest (and again if the cached one fails its checksum); a cache without
    one uses the prebuilt one (prebuilt_root) when there is one."""
    out, ok = _find_runtime(inc)
    if not ok:
        _build_runtime(inc, out)
    return out


# The cycle model as a library of its own: the runtime object with one exported entry
# that fills a RecordIO (asc_model/abi.h) with the cycle model's functions. asc.profiler
# runs the cycle model on a recorded stream through it when no profiled launch of this
# process has handed over the runtime's own entry points (a .prof re-timed, a program's
# recorded launches).
_CYCLE_ENGINE = ('#include "../src/cycle_model.h"\n'
                 'extern "C" __attribute__((visibility("default"))) void asc_model_fill_record_io('
                 'asc_model::RecordIO* io) { asc_model::fill_record_io(io); }\n')
CYCLE_ENGINE_ENTRY = "asc_model_fill_record_io"


def cycle_engine_library(inc: Optional[Path] = None) -> Path:
    """The shared library of the cycle model (built once per toolchain, from the runtime object)."""
    inc = inc or include_dir()
    rt = runtime_object(inc)
    key = _cache.sha256((toolchain_digest(inc) + _CYCLE_ENGINE).encode()).hexdigest()[:20]
    out = cache_root() / f"engine-{key}.so"
    if check(out)[0] != OK:
        _build_locked(out, [cxx(), *RUNTIME_FLAGS, "-I", str(inc / ".." / "src"), "-I", str(inc), "-shared", "-x",
                            "c++", "-", "-x", "none", str(rt), "-o"],
                      "linking the Model's cycle-model engine", stdin=_CYCLE_ENGINE)
    return out


# The precompiled headers, by variant: what each is compiled from (in the include
# folder). Every kernel starts with kernel_operator.h; a kernel that uses the adv Matmul
# starts with lib/matmul_intf.h right after it, whose ~35 headers took ~0.3 s of such a
# kernel's ~1.4 s compile: its PCH holds both (asc_model/pch/matmul.h; the build 0.86-1.00
# of the common PCH's over runs, benchmarks/kernel_build.py). Each is named kernel_operator.h.gch in
# a folder of its own, so a kernel's first include loads it. A cube-only Matmul kernel
# defines ASCENDC_CUBE_ONLY first, which the Matmul's headers read (g++ would refuse a PCH
# built without it): it keeps the common one.
PCH_HEADERS = {"": "kernel_operator.h", "matmul": "asc_model/pch/matmul.h"}
_MATMUL_START = '#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n'


def pch_variant(source: str) -> str:
    """The PCH that holds exactly what `source` includes first: "matmul" when it starts
    with the adv Matmul's two includes (nothing between them), else ""."""
    return "matmul" if source.startswith(_MATMUL_START) else ""


def pch_dir(inc: Path, variant: str = "") -> Path:
    """Directory of a precompiled header (PCH_HEADERS; same flags as the kernels),
    cached next to the runtime object; first on -I when its .gch exists. Keyed by the
    headers' folder too: a PCH records the paths of the headers it holds, and a kernel
    of a second checkout with the same headers would include them again by its own
    paths (#pragma once tells files apart by path: every definition twice)."""
    name = f"pch-{toolchain_digest(inc)[:20]}-{path_key(inc)}"
    return cache_root() / (f"{name}-{variant}" if variant else name)


def path_key(inc: Path) -> str:
    """A short key of the headers' folder, for artefacts that record header paths (PCHs)."""
    return _cache.sha256(str(inc.resolve()).encode()).hexdigest()[:8]


def _pch_flags(inc: Path, variant: str = "") -> List[str]:
    return [cxx(), *cxx_flags(), "-I", str(inc), "-x", "c++-header", str(inc / PCH_HEADERS[variant]), "-o"]


def _build_pch(inc: Path, gch: Path, variant: str = "") -> None:
    """Compiles a precompiled header into `gch` now (nothing when a valid one is there)."""
    _build_locked(gch, _pch_flags(inc, variant), f"precompiling {PCH_HEADERS[variant]}")


def prebuild(inc: Optional[Path] = None) -> List[Path]:
    """Builds the runtime object and the precompiled headers into prebuilt_root()
    (the runtime beside the PCHs, one after the other: two compilers at once), unless
    they are there already: the install step, so that no launch ever waits for them.
    Returns their paths."""
    inc = inc or include_dir()
    root = prebuilt_root()
    root.mkdir(parents=True, exist_ok=True)
    rt = _runtime_path(inc, root)
    gchs = {v: root / pch_dir(inc, v).name / "kernel_operator.h.gch" for v in PCH_HEADERS}

    def pchs() -> None:
        for v, gch in gchs.items():
            _build_pch(inc, gch, v)

    _side_by_side(lambda: _build_runtime(inc, rt), pchs)
    return [rt, *gchs.values()]


# The detached PCH builder: holds the PCH's lock (a second builder gives up),
# compiles at low priority to a temporary name, renames it into place, then
# writes its checksum. Plain python (-I -S): it imports nothing of asc.
_PCH_SCRIPT = r"""
import fcntl, hashlib, os, subprocess, sys, uuid
lock, gch, tmp = sys.argv[1:4]
fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
try:
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
except OSError:
    sys.exit(0)
if os.path.exists(gch) and os.path.exists(gch + ".sha256"):
    sys.exit(0)
os.nice(10)
try:
    if subprocess.run(sys.argv[4:], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                      stderr=subprocess.DEVNULL).returncode == 0:
        h = hashlib.sha256()
        with open(tmp, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
        os.replace(tmp, gch)
        side = f"{os.path.dirname(gch)}/.{os.path.basename(gch)}.sha256.tmp.{os.getpid()}.{uuid.uuid4().hex[:12]}"
        with open(side, "w") as f:
            f.write(h.hexdigest() + "\n")
        os.replace(side, gch + ".sha256")
finally:
    try:
        os.unlink(tmp)
    except OSError:
        pass
"""


def _start_pch(inc: Path, variant: str = "") -> None:
    """Builds a precompiled header in a detached, low-priority process, for
    the kernels compiled after this one (no kernel ever waits for it)."""
    d = pch_dir(inc, variant)
    gch = d / "kernel_operator.h.gch"
    if not sys.executable:
        return
    import fcntl

    try:
        d.mkdir(parents=True, exist_ok=True)
        lock = _lock_path(gch)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # only probing: the builder takes it
        except OSError:
            return  # another process is building it
        finally:
            os.close(fd)
        import subprocess

        cmd = [*_pch_flags(inc, variant), str(_cache.tmp_path(gch))]
        subprocess.Popen([sys.executable, "-I", "-S", "-c", _PCH_SCRIPT, str(lock), str(gch), cmd[-1], *cmd],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    except OSError:
        pass  # no PCH: kernels compile from the headers


def _remove_orphans(inc: Path, d: Path) -> None:
    """Temporary files of killed builders in the directories a build writes to."""
    root = cache_root()
    for sub in (d, root, root / "stamps", root / "trees", *(pch_dir(inc, v) for v in PCH_HEADERS)):
        _cache.remove_stale_tmp(sub)


class _Compile:
    """One g++ run for a kernel, using the precompiled header when there is
    one: the PCH is checked against its checksum while g++ runs (it is tens of
    MB), and a PCH that fails, or that breaks a compile the plain headers
    pass, is removed (one warning) and the compile redone without it."""

    def __init__(self, cmd_for: Callable[[bool], List[str]], gch: Path, what: str):
        self.cmd_for, self.gch, self.what = cmd_for, gch, what
        self.pch = gch.exists() and _sum_path(gch).exists()
        self.job = _Job(cmd_for(self.pch), what)
        if self.pch:
            state, why = _check_once(gch)
            if state != OK:
                self.job.kill()
                if state == BAD:
                    discard(gch, why)
                self.pch = False
                self.job = _Job(cmd_for(False), what)

    def wait(self) -> None:
        try:
            self.job.wait()
        except ModelCompileError:
            if not self.pch:
                raise
            self.pch = False
            _Job(self.cmd_for(False), self.what).wait()  # raises when the kernel is at fault
            discard(self.gch, "breaks kernel compiles that succeed without it")


def build_library(source: str, cache_dir: Optional[Path], inc: Path, rebuild: bool = False) -> Path:
    """Compiles `source` (kernel + launch stub) into a cached shared library and
    returns its path; a cached one is returned only after it matched its
    checksum. `rebuild`: the cached library is unusable although it passed
    (the caller has said why); build it again.

    With no runtime object yet (a fresh cache), the runtime and the kernel
    compile in parallel and are linked after; with the runtime cached, one g++
    compiles and links. The kernel uses the precompiled header when it exists;
    from the cache's second kernel on, a missing one is built in the background
    for the kernels after it.
    """
    key = toolchain_digest(inc) + "\0" + " ".join(LINK_FLAGS) + "\0" + source
    digest = _cache.sha256(key.encode()).hexdigest()[:24]
    d = Path(cache_dir) if cache_dir is not None else temp_root()
    lib = d / f"model-{digest}.so"
    if not rebuild and check(lib)[0] == OK:
        return lib
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # an unusable $ASC_CACHE_DIR: say which variable, build in a temporary directory
        _cache.warn_unusable(d, exc)
        d = temp_root()
        lib = d / f"model-{digest}.so"
    with _file_lock(_lock_path(lib)):  # one builder per library; the others wait, then find it
        state, why = check(lib)
        if state == OK and not rebuild:
            return lib
        discard(lib, why if state == BAD and not rebuild else None)
        _remove_orphans(inc, d)
        src = d / f"model-{digest}.cpp"
        _cache.write_atomic(src, source.encode())
        variant = pch_variant(source)
        gch = _usable_pch(inc, variant)
        if gch is None and variant:  # (until it is built) the PCH every kernel can use
            gch = _usable_pch(inc, "")
        if gch is None:
            gch = pch_dir(inc, variant) / "kernel_operator.h.gch"  # none yet: _Compile goes without
        kernel_flags = cxx_flags()

        def flags(pch: bool) -> List[str]:
            return [cxx(), *kernel_flags, *(["-I", str(gch.parent)] if pch else []), "-I", str(inc)]

        rt, rt_cached = _find_runtime(inc)
        tmp = _cache.tmp_path(lib)
        obj = _cache.tmp_path(d / f"model-{digest}.o")
        try:
            if rt_cached:
                job = _Compile(lambda pch: [*flags(pch), "-shared", *LINK_FLAGS, str(src), str(rt), "-o", str(tmp)],
                               gch,
                               "compiling the kernel for the Model")
                job.wait()
            else:
                job = _Compile(lambda pch: [*flags(pch), "-c", str(src), "-o", str(obj)], gch,
                               "compiling the kernel for the Model")
                try:
                    _build_runtime(inc, rt)
                finally:
                    job.wait()
                _run([cxx(), *kernel_flags, "-shared", *LINK_FLAGS, str(obj), str(rt), "-o", str(tmp)],
                     "linking the kernel for the Model")
            _commit(tmp, lib)
        finally:
            _cache.remove_quietly(tmp, obj)
    if (not job.pch or gch.parent.name != pch_dir(inc, variant).name) and rt_cached:
        # Only from a cache's second kernel on: a cache used for one kernel
        # (a test's temp dir) never pays for a PCH it would not use.
        _start_pch(inc, variant)
    return lib


def _usable_pch(inc: Path, variant: str) -> Optional[Path]:
    """The cache's own PCH of this variant when it is complete (it and its checksum are
    there), else the prebuilt one when complete, else None. _Compile verifies it while
    g++ runs."""
    gch = pch_dir(inc, variant) / "kernel_operator.h.gch"
    if gch.exists() and _sum_path(gch).exists():
        return gch
    alt = _prebuilt_path(gch)
    return alt if alt is not None and alt.exists() and _sum_path(alt).exists() else None


def main(argv: Optional[Sequence[str]] = None) -> int:
    """`python3 -m asc.runtime.model --prebuild`: the install step (see prebuild)."""
    import argparse

    ap = argparse.ArgumentParser(prog="python3 -m asc.runtime.model", description=main.__doc__)
    ap.add_argument("--prebuild", action="store_true",
                    help="build the Model's runtime object and precompiled headers into "
                         "$ASC_MODEL_PREBUILT (default: model/ of the default cache root)")
    args = ap.parse_args(argv)
    if not args.prebuild:
        ap.print_help()
        return 2
    t0 = time.perf_counter()
    for p in prebuild():
        print(p)
    print(f"Model runtime and precompiled headers ready ({time.perf_counter() - t0:.1f} s)", file=sys.stderr)
    return 0
