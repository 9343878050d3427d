"""The disk cache of compiled kernels, and the hashes that key it.

Key = toolchain hash (this package's Python sources and its native module)
+ the kernel's source and the sources of the @asc.jit functions and globals
it refers to + the argument specialization + ConstExpr values + options.

Entries are directories `<cache>/<kk>/<key>/`; every file is written to a
temporary name and moved into place with os.replace, and `kernel.json` is
written last, so a reader sees either no entry or a whole one, even with
several processes compiling the same kernel or a process killed mid-write.

Integrity: `kernel.json` holds the sha256 of every file of the entry and a
checksum of itself, both checked before anything of the entry is used; an
entry that fails (truncated, bit-flipped, edited, wrong fields) is removed with
one logged warning line naming the file, and the kernel is compiled again.
The Model's artefacts (runtime/build.py) follow the same rule with a
`<file>.sha256` sidecar. Temporary files (`.<name>.tmp.<pid>.<random>`) left
by killed processes are removed once older than TMP_MAX_AGE_S, whenever a
compile writes to their directory.
"""

from __future__ import annotations

import atexit
import json
import os
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

from . import _tree, installed, settings
from ._read import read_bytes

from ._sha import sha256

_toolchain_hash: Optional[str] = None


# The variables the cache root is read from (settings.cache_dir, its default through
# settings.xdg_cache_home and "~"), and the root they gave last: the root is asked for
# several times per compile and per first launch, and building it costs tens of µs.
_ROOT_VARS = settings.cache_dir.names + settings.xdg_cache_home.names + ("HOME",)
_root_memo: tuple = ((), None)


def cache_root() -> Path:
    """settings.cache_dir: $ASC_CACHE_DIR, $PYASC_CACHE_DIR, $XDG_CACHE_HOME/asc, ~/.cache/asc."""
    global _root_memo
    now = settings.values_of(_ROOT_VARS)
    seen, root = _root_memo
    if seen != now or root is None:
        root = settings.cache_dir.get()
        _root_memo = (now, root)
    return root


def dump_dir() -> Optional[Path]:
    """settings.dump_path: $ASC_DUMP_PATH or $PYASC_DUMP_PATH, else None."""
    return settings.dump_path.get()


def toolchain_hash() -> str:
    """Hash identifying this build of asc. An installed copy (a wheel): the sha256 of its
    dist-info RECORD, which holds the sha256 of every file installed (asc.installed: one
    read). A checkout or an editable install: every Python source and native module of
    the package, by path, size and modification time.

    Stat-based rather than content-based so that a new process pays a fraction of a
    millisecond before its first cached launch, also with an empty cache (a test's, a
    CI job's: hashing the contents, the 19 MB native module included, cost tens of
    milliseconds there); any edit or reinstall changes the size or mtime. A file
    touched but unchanged costs a front-end compile, not a g++ run: the Model's
    libraries are named by the emitted source's content.
    """
    global _toolchain_hash
    if _toolchain_hash is None:
        _toolchain_hash = installed_key() or _package_hash(installed.PACKAGE_ROOT)
    return _toolchain_hash


_installed_key: Any = False  # installed_key(), once per process (False: not asked yet)


def installed_key() -> Optional[str]:
    """The content key of this package when it is an installed copy (asc.installed.read_key:
    the sha256 of its RECORD), else None. Found through a stamp named by the RECORD's
    identity (one stat, and the stamp's small read): reading and hashing the RECORD
    (~40 KB) cost a new process ~0.15 ms. Once per process."""
    global _installed_key
    if _installed_key is False:
        _installed_key = _find_installed_key()
    return _installed_key


def _find_installed_key() -> Optional[str]:
    ident = installed.record_identity()
    if ident is None:
        return None  # a checkout: no RECORD
    digest = read_stamp(_record_stamp(ident))
    if digest is not None:
        return "record:" + digest
    got = installed.read_key()
    if got is None:
        return None  # a RECORD that is not this package's (never stamped: read each time)
    ident, key = got  # (the identity of the RECORD read: it may have been replaced since the stat)
    write_stamp(_record_stamp(ident), key[len("record:"):])
    return key


def _record_stamp(ident: str) -> Path:
    return cache_root() / "stamps" / ("record-" + sha256(ident.encode()).hexdigest()[:40])


def _package_files(root: str) -> List[str]:
    """"<path under root>\0<size>\0<mtime_ns>" of every .py and _C*.so file, sorted: one
    stat per file (a directory entry's type comes with the listing; only names without a
    dot can be subpackages), the directories found again by a manifest (asc._tree: one
    stat each, no listing) while none of them changed. Strings, not tuples: the garbage
    collector does not track them, so the ~200 entries do not bring its next pass into a
    new process's first launch (a pass over the objects `import asc` made costs ~1 ms)."""
    files = _tree.stat_files(root, _package_source, _package_dir, tree_manifest("package", root, cache_root()),
                             store_file)
    return [f"{rel}\0{size}\0{mtime}" for rel, size, mtime in files]


def _package_source(rel: str, e: os.DirEntry) -> bool:
    name = e.name
    return name.endswith(".py") or (name.startswith("_C") and name.endswith(".so"))


def _package_dir(rel: str, e: os.DirEntry) -> bool:
    name = e.name
    return "." not in name and name != "__pycache__" and e.is_dir(follow_symlinks=False)


def _package_hash(root: str) -> str:
    return sha256("\0\0".join(_package_files(root)).encode()).hexdigest()  # (no path holds a NUL)


def tree_manifest(kind: str, root: str, cache: Path) -> str:
    """Where asc._tree keeps the manifest of the tree at `root` as the walk `kind` selects
    its files (a manifest lists the files one walk chose): `trees/` of `cache`."""
    return os.path.join(cache, "trees", sha256(f"{kind}\0{root}".encode()).hexdigest()[:40])


def store_file(path: str, data: bytes) -> None:
    """Writes a small cache file atomically, making its directory (OSError when it cannot)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    write_atomic(Path(path), data)


# ---- stamps: a digest found by a cheap key (shared with runtime/model/build.py) ----

_HEX = frozenset(b"0123456789abcdef")


def _stamp_check(digest: bytes) -> bytes:
    return sha256(digest).hexdigest()[:16].encode()


def read_stamp(stamp: Path) -> Optional[str]:
    """The digest in a stamp file ("<digest> <checksum of digest>"), or None; a
    corrupt stamp is removed (one warning line)."""
    try:
        raw = read_bytes(stamp)
    except OSError:
        return None
    parts = raw.split()
    if len(parts) == 2 and len(parts[0]) == 64 and _HEX.issuperset(parts[0]) \
            and parts[1] == _stamp_check(parts[0]):
        return parts[0].decode()
    if not (len(parts) == 1 and len(parts[0]) == 64 and _HEX.issuperset(parts[0])):  # not the old format
        warn_removed(stamp, "is corrupt")
    remove_quietly(stamp)
    return None


def write_stamp(stamp: Path, digest: str) -> None:
    """Writes a stamp (quietly nothing on a read-only or unusable cache: the digest is
    then computed again by the next process)."""
    try:
        stamp.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(stamp, digest.encode() + b" " + _stamp_check(digest.encode()) + b"\n")
    except OSError:
        pass


def digest(*parts: Any) -> str:
    h = sha256()
    for part in parts:
        h.update(repr(part).encode())
        h.update(b"\0")
    return h.hexdigest()


# ---- integrity helpers (shared with runtime/model/build.py) ----

# A temporary file older than this is an orphan of a killed process (no compile
# takes minutes) and is removed by the next compile writing to its directory.
TMP_MAX_AGE_S = 600.0


def tmp_path(path: Path) -> Path:
    """A private temporary name next to `path` (same directory, hence same
    filesystem, so os.replace onto `path` is atomic)."""
    # 48 random bits, as uuid4().hex[:12] gave (uuid is not imported: it brings `platform`)
    return path.with_name(f".{path.name}.tmp.{os.getpid()}.{os.urandom(6).hex()}")


def is_tmp(name: str) -> bool:
    return ".tmp." in name or name.endswith(".tmp")


def remove_stale_tmp(directory: Path, max_age_s: float = TMP_MAX_AGE_S) -> None:
    """Removes the temporary files in `directory` older than `max_age_s`."""
    limit = time.time() - max_age_s
    try:
        with os.scandir(directory) as it:
            for e in it:
                try:
                    if is_tmp(e.name) and e.is_file(follow_symlinks=False) and e.stat().st_mtime < limit:
                        os.unlink(e.path)
                except OSError:
                    pass
    except OSError:
        pass


def write_atomic(path: Path, data: bytes) -> None:
    tmp = tmp_path(path)
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def sha256_bytes(data: bytes) -> str:
    return sha256(data).hexdigest()


# Above this size a file is hashed by hashlib's OpenSSL SHA-256 (imported then): about five
# times as fast as _sha256 on large buffers (a kernel library, the PCH), and it drops the GIL.
LARGE_FILE = 1 << 16


def sha256_file(path: Path) -> str:
    """sha256 of a file's content (mapped, not copied, when large)."""
    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size < LARGE_FILE:
            return sha256(f.read()).hexdigest()
        import hashlib
        if size < (1 << 20):
            return hashlib.sha256(f.read()).hexdigest()
        import mmap
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
            return hashlib.sha256(m).hexdigest()  # hashlib drops the GIL on large buffers


def warn_removed(path: Path, reason: str) -> None:
    """The one warning line of a healed cache file."""
    import logging  # only on this rare path: keeps `import asc` lean

    logging.getLogger("asc").warning("asc: cache file %s %s; removed, it is rebuilt", path, reason)


_warned_unusable = set()


def warn_unusable(path: Path, exc: OSError) -> None:
    """The one warning line of a cache directory that cannot be created or written, naming the
    variable that chose it (the process then caches in a temporary directory)."""
    import logging

    found = settings.cache_dir.lookup() or settings.xdg_cache_home.lookup()
    where = f"{found[0]}={found[1]}" if found else f"the cache directory {cache_root()}"
    if where in _warned_unusable:
        return
    _warned_unusable.add(where)
    logging.getLogger("asc").warning("asc: %s: cannot use %s (%s); this process caches compiled kernels in a "
                                     "temporary directory", where, path, exc.strerror or exc)


def remove_quietly(*paths: Path) -> None:
    for p in paths:
        try:
            os.unlink(p)
        except OSError:
            pass


_entry_memo: tuple = (None, None, None)  # (root, key, directory) of the last entry_dir call


def entry_dir(key: str) -> Path:
    """`<cache root>/<kk>/<key>`; a compile asks for its entry's directory more than once."""
    global _entry_memo
    root = cache_root()
    memo_root, memo_key, d = _entry_memo
    if memo_key != key or memo_root is not root:
        d = root.joinpath(key[:2], key)
        _entry_memo = (root, key, d)
    return d


_SUMS = "files_sha256"  # kernel.json: {file name: sha256 of its bytes}
_CHECKSUM = "checksum"  # kernel.json: sha256 of the rest of kernel.json


def _record_checksum(record: Dict[str, Any]) -> str:
    rest = {k: v for k, v in record.items() if k != _CHECKSUM}
    return sha256_bytes(json.dumps(rest, sort_keys=True).encode())


# kernel.json as store() writes it: json.dumps(record, sort_keys=True), "checksum" its first
# key, so the file is this head, the 64 hex digits, ", " and the rest's own serialization.
_HEAD = b'{"checksum": "'
_REST = len(_HEAD) + 64 + len(b'", ')


def _checksum_holds(raw: bytes, record: Dict[str, Any]) -> bool:
    """Whether kernel.json's checksum is that of the rest of it. Checked on the file's bytes
    when it is laid out as store() writes it (no re-serialization: ~0.03 ms of a new
    process's first launch), else on the record serialized again (_record_checksum)."""
    want = record.get(_CHECKSUM)
    if raw.startswith(_HEAD) and raw[_REST - 3:_REST] == b'", ' and isinstance(want, str) \
            and raw[len(_HEAD):_REST - 3] == want.encode() and sha256_bytes(b"{" + raw[_REST:]) == want:
        return True
    return want == _record_checksum(record)


def store(key: str, meta: Dict[str, Any], files: Dict[str, str], d: Optional[Path] = None) -> Path:
    """Writes an entry: `files` first, then `kernel.json` (the entry's validity
    marker, holding their checksums and its own)."""
    d = d or entry_dir(key)
    d.mkdir(parents=True, exist_ok=True)
    remove_stale_tmp(d)
    record = dict(meta)
    sums = {}
    for name, text in files.items():
        data = text.encode()
        sums[name] = sha256_bytes(data)
        write_atomic(d / name, data)
    record[_SUMS] = sums
    record[_CHECKSUM] = _record_checksum(record)
    write_atomic(d / "kernel.json", json.dumps(record, sort_keys=True).encode())
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
    d = entry_dir(key)  # (remembered: the compile that misses asks again to store)
    try:  # by name: no Path is built for the marker unless it is bad
        raw = read_bytes(os.path.join(d, "kernel.json"))
    except OSError:
        return None  # no entry
    marker = d / "kernel.json"
    try:
        record = json.loads(raw)
    except ValueError:  # also a non-UTF-8 byte
        record = None
    if not isinstance(record, dict):
        warn_removed(marker, "is not valid JSON")
        remove_quietly(marker)
        return None
    if not _checksum_holds(raw, record):
        warn_removed(marker, "fails its checksum")
        remove_quietly(marker)
        return None
    if not _valid_record(record):
        warn_removed(marker, "has wrong fields")
        remove_quietly(marker)
        return None
    sums = record[_SUMS]
    files = {}
    for name in file_names:
        if name not in sums:
            return None  # an entry written without this file (e.g. the MLIR): a miss
        try:
            data = read_bytes(os.path.join(d, name))
        except OSError:
            data = None
        if data is None or sha256_bytes(data) != sums[name]:
            p = d / name
            warn_removed(p, "is missing" if data is None else "fails its checksum (truncated or edited)")
            remove_quietly(marker, p)
            return None
        files[name] = data.decode()
    meta = {k: v for k, v in record.items() if k not in (_SUMS, _CHECKSUM)}
    return meta, files


# The fields of runtime.backend.ParamSpec as the front end stores them (named
# here, not imported: the cache sits below the runtime; a test keeps them equal).
_PARAM_FIELDS = frozenset({"name", "kind", "dtype", "ctype"})


def _valid_record(record: Dict[str, Any]) -> bool:
    """The fields the front end reads from kernel.json have the right shapes."""
    sums = record.get(_SUMS)
    if not isinstance(sums, dict) or not all(isinstance(v, str) for v in sums.values()):
        return False
    if not isinstance(record.get("name"), str) or not isinstance(record.get("kernel_type", ""), str):
        return False
    params = record.get("params")
    names = _PARAM_FIELDS
    return isinstance(params, list) and all(
        isinstance(p, dict) and set(p) == names and all(isinstance(v, str) for v in p.values()) for p in params)


def record_kernel(directory: Path, name: str, kernel_type: str, source: str, python_file: str) -> None:
    """settings.kernel_corpus: one `<digest>.json` per distinct emitted source (name, kernel
    type, the Python file, the Ascend C), for ./dev vendor-check."""
    digest = sha256(f"{kernel_type}\0{source}".encode()).hexdigest()[:20]
    path = Path(directory) / f"{digest}.json"
    if path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    entry = {"name": name, "kernel_type": kernel_type, "python_file": python_file, "source": source}
    write_atomic(path, json.dumps(entry).encode())


def dump(name: str, mlir: str, source: str) -> None:
    d = dump_dir()
    if d is None:
        return
    d.mkdir(parents=True, exist_ok=True)
    write_atomic(d / f"{name}.mlir", mlir.encode())
    write_atomic(d / f"{name}.cpp", source.encode())
