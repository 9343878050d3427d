"""A kernel's Model library, found again by a new process through a record in the kernel's
cache entry.

A new process finding a cached kernel's library the full way asks for the Model's include
folder and the host compiler (a $PATH search), derives the toolchain digest (a stat key and
a stamp), hashes the kernel source with its launch stub to name the library, and checks the
library against its checksum (build.build_library): ~0.6 ms of its first launch, for an
answer that cannot have changed while nothing it was derived from did. The record keeps the
answer with what it was derived from:

- the settings it was found under ($ASC_MODEL_INCLUDE, $CXX, $PATH: compared as text);
- the compiler file cxx() named then (path, device, inode, size, mtime: one stat);
- the library's identity when it was verified (build.check's trust key: one stat).

It lives in the kernel's cache entry (cache.entry_dir), whose key holds the package's
content key, and it is written only for an installed copy of asc whose Model files are the
package's own (a wheel's `asc/_model`): there the package key covers the Model's headers
and runtime sources, so the toolchain digest follows from the settings and the compiler
alone. A checkout (whose headers one edits) or $ASC_MODEL_INCLUDE naming a folder outside
the package writes none and keeps the full way. Anything that fails to match, or a record
that fails its checksum, sends the launch the full way (and that way writes a fresh record).

The record also keeps the memory figures (sizes, alignments) of the registered platform the
kernel was launched on, by name: the package's target records are covered by the same key,
so a launch on that platform needs no read of the platform's files (~0.4 ms).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import List, NamedTuple, Optional, Sequence, Tuple

from ... import cache as _cache
from ... import installed as _installed
from ... import settings
from ..._read import read_bytes
from . import build

NAME = "model-library.rec"
_VERSION = 2

# (platform name, memory sizes, memory alignments), in platforms.MEMORIES order
Memories = Tuple[str, Sequence[int], Sequence[int]]


class Found(NamedTuple):
    lib: Path
    memories: Optional[Memories]
    fields: list  # the record as read (rewrite keeps what it does not change)
    path: Path


def _settings_now() -> List[Optional[str]]:
    return [settings.model_include.raw(), *build.compiler_setting()]


def _file_id(st: os.stat_result) -> List[int]:
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns]


def _checksum(body: bytes) -> bytes:
    return _cache.sha256(body).hexdigest()[:16].encode()


def _memories(value) -> Optional[Memories]:
    if value is None:
        return None
    name, sizes, aligns = value
    if not (isinstance(name, str) and all(isinstance(v, int) for v in [*sizes, *aligns])
            and len(sizes) == len(aligns)):
        raise ValueError("memories")
    return name, tuple(sizes), tuple(aligns)


def find(cache_dir: Optional[Path]) -> Optional[Found]:
    """The library the record in `cache_dir` names (with the memory figures it keeps), when
    everything it was derived from still holds; else None (the caller takes the full way)."""
    if cache_dir is None:
        return None
    folder = str(cache_dir)  # (strings, not Paths, until the answer: this runs in every relaunch)
    try:
        raw = read_bytes(folder + "/" + NAME)
    except OSError:
        return None
    body, _, check = raw.rstrip(b"\n").rpartition(b"\n")
    try:
        if check != _checksum(body):
            raise ValueError("checksum")
        fields = json.loads(body)
        version, env, exe, exe_id, lib_name, lib_ident, memories = fields
        if version != _VERSION or not isinstance(lib_name, str) or os.sep in lib_name:
            raise ValueError("fields")
        memories = _memories(memories)
    except (ValueError, TypeError):
        path = Path(folder, NAME)
        _cache.warn_removed(path, "is corrupt")
        _cache.remove_quietly(path)
        return None
    if env != _settings_now():
        return None
    try:
        if _file_id(os.stat(exe)) != exe_id:
            return None
        lib = folder + "/" + lib_name
        if build.stat_ident(os.stat(lib)).decode() != lib_ident:
            return None
    except OSError:
        return None
    return Found(Path(lib), memories, fields, Path(folder, NAME))


def write(cache_dir: Optional[Path], lib: Path, inc: Path, exe: str, memories: Optional[Memories]) -> None:
    """Records `lib` (just found or built, and verified, by build.build_library) for the next
    process, when the record can stand for the full way: an installed copy's own Model files,
    a library in the kernel's entry, verified long enough ago to be trusted by its stat key
    (build.check's rule). Quietly nothing when it cannot be written (a read-only cache)."""
    if cache_dir is None or lib.parent != Path(cache_dir):
        return
    if _cache.installed_key() is None or not _installed.inside(str(inc)):
        return
    try:
        st = os.stat(lib)
        if not build.trusted(lib, st):
            return
        _store(Path(cache_dir, NAME), [_VERSION, _settings_now(), exe, _file_id(os.stat(exe)), lib.name,
                                       build.stat_ident(st).decode(), memories])
    except OSError:
        pass


def rewrite(found: Found, memories: Optional[Memories]) -> None:
    """The record `found` with other memory figures (a launch on another platform)."""
    try:
        _store(found.path, [*found.fields[:-1], memories])
    except OSError:
        pass


def _store(path: Path, fields: list) -> None:
    body = json.dumps(fields).encode()
    _cache.write_atomic(path, body + b"\n" + _checksum(body) + b"\n")
