#!/usr/bin/env python3
"""The test suite's $CXX: the host g++, with a compile cache shared by the test targets
of one `./dev test` run (the cache directory is $ASC_TEST_CXX_CACHE; unset, it only
runs g++).

Why: every Bazel test target starts with an empty asc cache (its own $HOME), and most
of the suite's time is g++ building the same Model artefacts again in each target (the
Model's runtime, the programs' host object and precompiled prelude, and kernel
libraries that several targets or several tests with their own cache compile).

What is cached: only the commands whose output the Model names by a content digest
(asc.runtime.model.build, asc.cprog.toolchain): `model-<digest>.so/.o` (digest of the
toolchain digest and the kernel source; the toolchain digest covers the compiler's
version, the flags and every Model header and runtime source), `runtime-`, `host-`,
`program-config-`, `engine-<digest>` and the precompiled headers in `pch-`/`program-pch-`
folders. Every other command (a vendor program's sources, cmake's probes, a test's own
compile) runs g++ untouched.

The key is everything g++ sees: the compiler binary (path, size, mtime), every argument,
the content of every input file and of stdin, and the environment variables g++ reads.
An input file named by a digest (a kernel source, an object) counts by its name and
content wherever it lies; any other input by its path and content, as is every -I
folder except a digest-named PCH folder (so a PCH, which records its headers' paths, is
only shared by compiles of the same header folder). A hit gives the bytes g++ wrote
for that key, checked against their sha256 before use. Failed compiles are never cached.
One difference from a rebuild: a kernel library's debug line table and __FILE__ name the
cache folder of the compile that filled the cache (same file name, other folder).
"""

import os
import sys

# Output names the cache may hold (a temporary name starts with a "."): every other
# command runs g++ before this script imports anything more (hashlib, re, subprocess:
# ~25 ms of each of the ~1,400 such runs of a `./dev test`).
_MAYBE_CACHED = ("model-", "runtime-", "host-", "program-config-", "engine-", "kernel_operator.h.gch",
                 "asc_program.h.gch")


def real_compiler() -> str:
    me = os.path.realpath(__file__)
    name = os.environ.get("ASC_TEST_CXX_REAL", "g++")
    dirs = [""] if os.sep in name else os.environ.get("PATH", os.defpath).split(os.pathsep)
    found = next((p for p in (os.path.join(d, name) for d in dirs) if os.path.isfile(p) and os.access(p, os.X_OK)),
                 None)
    if found is None or os.path.realpath(found) == me:
        sys.exit(f"cxx_cache: the real compiler {name!r} is not on PATH (set ASC_TEST_CXX_REAL)")
    return found


def _count(cache: str, what: str) -> None:
    # One line per g++ command, "<hit|miss|other> <g++'s CPU seconds> <output name>",
    # so that `./dev test` can sum a run up afterwards.
    try:
        with open(os.path.join(cache, "stats"), "a") as f:
            f.write(what + "\n")
    except OSError:
        pass


def _fast_path(argv) -> None:
    """Runs the commands the cache cannot hold (g++'s CPU time into the stats, "other")
    and exits; returns for main() to decide."""
    cxx = real_compiler()
    cache = os.environ.get("ASC_TEST_CXX_CACHE")
    if not cache:
        os.execv(cxx, [cxx, *argv])
    out = argv[argv.index("-o") + 1] if "-o" in argv[:-1] else None
    if "-" in argv or (out is not None and os.path.basename(out).lstrip(".").startswith(_MAYBE_CACHED)):
        return
    _, status, usage = os.wait4(os.posix_spawn(cxx, [cxx, *argv], os.environ), 0)
    _count(cache, f"other {usage.ru_utime + usage.ru_stime:.2f} {os.path.basename(out) if out else '-'}")
    sys.exit(os.waitstatus_to_exitcode(status))


if __name__ == "__main__":
    _fast_path(sys.argv[1:])

import hashlib  # noqa: E402
import re  # noqa: E402
import resource  # noqa: E402
import subprocess  # noqa: E402

_HEX = r"[0-9a-f]"
# A file the Model names by a digest: its name (and content) says what it is, not its folder.
# The runtime object's two translation units (`runtime-<digest>.o.base.o` and `.api.o`,
# build.runtime_parts) are compiled from stdin, which counts by its content.
_DIGEST_FILE = re.compile(rf"^(model-{_HEX}{{24}}\.(cpp|o|so)|(runtime|host|program-config|engine)-{_HEX}{{20}}\.(o|so)"
                          rf"|runtime-{_HEX}{{20}}\.o\.(base|api)\.o)$")
# The precompiled headers' folders (build.pch_dir, toolchain._paths).
_PCH_DIR = re.compile(rf"^(program-)?pch-{_HEX}{{20}}-{_HEX}{{8}}(-[a-z]+)?$")
_PCH_FILE = re.compile(r"^(kernel_operator|asc_program)\.h\.gch$")
# asc.cache.tmp_path: `.<name>.tmp.<pid>.<12 hex>`, renamed to <name> after the compile.
_TMP = re.compile(rf"^\.(.+)\.tmp\.\d+\.{_HEX}{{12}}$")
# Environment variables g++ reads that change its output.
_GCC_ENV = ("CPATH", "CPLUS_INCLUDE_PATH", "C_INCLUDE_PATH", "GCC_EXEC_PREFIX", "COMPILER_PATH",
            "LIBRARY_PATH", "SOURCE_DATE_EPOCH", "LANG", "LC_ALL", "GCC_COMPARE_DEBUG", "TMPDIR")


def _name(path: str) -> str:
    base = os.path.basename(path)
    m = _TMP.match(base)
    return m.group(1) if m else base


def _content_addressed(path: str) -> bool:
    """Whether `path` (an output or an input) is one the Model names by a content digest."""
    name = _name(path)
    if _DIGEST_FILE.match(name):
        return True
    return bool(_PCH_FILE.match(name)) and bool(_PCH_DIR.match(os.path.basename(os.path.dirname(path))))


def _file_digest(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def cache_key(cxx: str, argv, stdin: bytes):
    """(key, output path) of a cacheable command, else None."""
    if "-o" not in argv or argv.count("-o") != 1:
        return None
    out_at = argv.index("-o") + 1
    if out_at >= len(argv) or not _content_addressed(argv[out_at]):
        return None
    if any(a.startswith(("-M", "-save-temps", "-fdump", "--save-temps", "@")) for a in argv):
        return None  # side outputs, or arguments in a file: not what this cache handles
    st = os.stat(cxx)
    h = hashlib.sha256()
    for part in (os.path.realpath(cxx), str(st.st_size), str(st.st_mtime_ns), os.getcwd()
                 if any(not os.path.isabs(a) for a in argv if os.path.exists(a)) else ""):
        h.update(part.encode() + b"\0")
    for var in _GCC_ENV:
        h.update(f"{var}={os.environ.get(var, '')}".encode() + b"\0")
    for i, a in enumerate(argv):
        if i == out_at:
            part = "out:" + _name(a)
        elif os.path.isfile(a):
            where = _name(a) if _content_addressed(a) else os.path.abspath(a)
            part = f"in:{where}:{_file_digest(a)}"
        elif os.path.isdir(a) and _PCH_DIR.match(os.path.basename(os.path.normpath(a))):
            # The cache's own PCH folder or the prebuilt one: the same digest-named headers.
            part = "pchdir:" + os.path.basename(os.path.normpath(a))
            gch = [n for n in sorted(os.listdir(a)) if _PCH_FILE.match(n)]
            part += ":" + ",".join(n for n in gch)  # with or without its PCH: g++ reads different files
        else:
            part = "arg:" + a
        h.update(part.encode() + b"\0")
    h.update(b"stdin:" + hashlib.sha256(stdin).hexdigest().encode())
    return h.hexdigest(), argv[out_at]


def _lookup(cache: str, key: str):
    entry = os.path.join(cache, key[:2], key)
    try:
        with open(entry + ".sha256") as f:
            want = f.read().split()
        with open(entry, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if not want or hashlib.sha256(data).hexdigest() != want[0]:
        return None  # damaged or half-written: compile again (and overwrite it)
    try:
        with open(entry + ".stderr", "rb") as f:
            err = f.read()
    except OSError:
        err = b""
    return data, err


def _write_atomic(path: str, data: bytes) -> None:
    tmp = f"{path}.tmp.{os.getpid()}"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def _store(cache: str, key: str, out: str, err: bytes) -> None:
    entry = os.path.join(cache, key[:2], key)
    os.makedirs(os.path.dirname(entry), exist_ok=True)
    with open(out, "rb") as f:
        data = f.read()
    _write_atomic(entry + ".stderr", err)
    _write_atomic(entry, data)
    _write_atomic(entry + ".sha256", hashlib.sha256(data).hexdigest().encode() + b"\n")  # last: the marker


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def _run_uncached(cache: str, cxx: str, argv, reads_stdin: bool, stdin: bytes) -> int:
    """g++ as it is; its CPU time goes into the stats ("other"), so a run tells how
    much of its time is g++ the cache cannot help with (vendor programs, cmake probes)."""
    rc = subprocess.run([cxx, *argv], input=stdin if reads_stdin else None).returncode
    out = argv[argv.index("-o") + 1] if "-o" in argv[:-1] else "-"
    _count(cache, f"other {_children_cpu():.2f} {_name(out)}")
    return rc


def main(argv) -> int:
    cxx = real_compiler()
    cache = os.environ.get("ASC_TEST_CXX_CACHE")
    if not cache:
        os.execv(cxx, [cxx, *argv])
    reads_stdin = "-" in argv
    stdin = sys.stdin.buffer.read() if reads_stdin else b""
    got = cache_key(cxx, argv, stdin) if "-o" in argv else None
    if got is None:
        return _run_uncached(cache, cxx, argv, reads_stdin, stdin)
    key, out = got
    hit = _lookup(cache, key)
    if hit is not None:
        data, err = hit
        _write_atomic(out, data)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(out, (0o777 if out.endswith(".so") else 0o666) & ~umask)  # as the linker / g++ leave them
        sys.stderr.buffer.write(err)
        _count(cache, "hit 0 " + _name(out))
        return 0
    proc = subprocess.run([cxx, *argv], input=stdin if reads_stdin else None,
                          stdin=None if reads_stdin else subprocess.DEVNULL, stderr=subprocess.PIPE)
    sys.stderr.buffer.write(proc.stderr)
    if proc.returncode == 0 and os.path.isfile(out):
        try:
            _store(cache, key, out, proc.stderr)
        except OSError:
            pass  # a full or read-only cache: the compile itself succeeded
        _count(cache, f"miss {_children_cpu():.2f} {_name(out)}")
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
