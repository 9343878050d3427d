"""The disk cache of compiled kernels, and the hashes that key it.

Key = toolchain hash (this package's Python sources and its native module)
+ the kernel's source and the sources of the @asc.jit functions and globals
it refers to + the argument specialization + ConstExpr values + options.

Entries are directories `<cache>/<kk>/<key>/`; every file is written to a
temporary name and moved into place with os.replace, and `kernel.json` is
written last, so a reader sees either no entry or a whole one, even with
several processes compiling the same kernel or a process killed mid-write.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import os
import uuid
from pathlib import Path
from typing import Any, Dict, Optional

_toolchain_hash: Optional[str] = None


def cache_root() -> Path:
    for var in ("ASC_CACHE_DIR", "PYASC_CACHE_DIR"):
        if os.environ.get(var):
            return Path(os.environ[var])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "asc"


def dump_dir() -> Optional[Path]:
    for var in ("ASC_DUMP_PATH", "PYASC_DUMP_PATH"):
        if os.environ.get(var):
            return Path(os.environ[var])
    return None


def toolchain_hash() -> str:
    """Hash identifying this build of asc: every Python source and native module of the
    package, by path, size and modification time.

    Stat-based rather than content-based so that a new process pays tens of
    microseconds, not milliseconds, before its first cached launch; any edit or
    reinstall changes the size or mtime.
    """
    global _toolchain_hash
    if _toolchain_hash is None:
        h = hashlib.sha256()
        root = os.path.dirname(os.path.abspath(__file__))
        entries = []
        cut = len(root) + 1
        stack = [root]
        while stack:  # os.walk order-independent (sorted below); scandir saves a stat per entry
            with os.scandir(stack.pop()) as it:
                for e in it:
                    name = e.name
                    if e.is_dir():
                        if name != "__pycache__" and not e.is_symlink():
                            stack.append(e.path)
                    elif name.endswith(".py") or (name.startswith("_C") and name.endswith(".so")):
                        st = e.stat()
                        entries.append(f"{e.path[cut:]}:{st.st_size}:{st.st_mtime_ns}")
        for entry in sorted(entries):
            h.update(entry.encode() + b"\n")
        _toolchain_hash = h.hexdigest()
    return _toolchain_hash


def digest(*parts: Any) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(repr(part).encode())
        h.update(b"\0")
    return h.hexdigest()


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{uuid.uuid4().hex}.tmp")
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def entry_dir(key: str) -> Path:
    return cache_root() / key[:2] / key


def store(key: str, meta: Dict[str, Any], files: Dict[str, str], d: Optional[Path] = None) -> Path:
    """Writes an entry: `files` first, then `kernel.json` (the entry's validity marker)."""
    d = d or entry_dir(key)
    d.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        _write_atomic(d / name, text.encode())
    _write_atomic(d / "kernel.json", json.dumps(meta, sort_keys=True).encode())
    return d


# Entries compiled but not yet on disk. Writing costs as much as a third of a
# warm compile, and a thread would fight the compiling thread for the GIL, so
# entries are written when the kernel is first launched (its backend needs the
# directory then anyway), by flush(), or at exit. Lookups in this process see
# pending entries.
_pending: Dict[str, tuple] = {}
_atexit_registered = False


def store_deferred(key: str, meta: Dict[str, Any], files: Dict[str, str]) -> None:
    """Records an entry to be written by the next `flush()` (at the latest, at exit)."""
    global _atexit_registered
    # the directory is fixed now: the environment may change before the write
    _pending[key] = (meta, files, entry_dir(key))
    if not _atexit_registered:
        atexit.register(flush)
        _atexit_registered = True


def flush() -> None:
    """Writes every pending entry to disk."""
    while _pending:
        key, (meta, files, d) = _pending.popitem()
        try:
            store(key, meta, files, d)
        except OSError:
            pass  # a read-only or full cache directory only costs a recompile later


def load(key: str, file_names) -> Optional[tuple]:
    """(meta, {name: text}) of a complete entry (pending or on disk), or None."""
    pending = _pending.get(key)
    if pending is not None:
        meta, files, _ = pending
        if all(name in files for name in file_names):
            return meta, {name: files[name] for name in file_names}
    d = entry_dir(key)
    try:
        meta = json.loads((d / "kernel.json").read_text())
        files = {name: (d / name).read_text() for name in file_names}
    except (OSError, ValueError):
        return None
    return meta, files


def dump(name: str, mlir: str, source: str) -> None:
    d = dump_dir()
    if d is None:
        return
    d.mkdir(parents=True, exist_ok=True)
    _write_atomic(d / f"{name}.mlir", mlir.encode())
    _write_atomic(d / f"{name}.cpp", source.encode())
