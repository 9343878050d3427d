"""The selected files of a directory tree with their sizes and mtimes, found again without
listing the tree.

A checkout is keyed by a stat of every source file (asc.cache.toolchain_hash, the Model's
stat key in runtime/model/build.py). Listing its ~30 directories costs five system calls
each (open, fstat, two getdents, close) on top of the files' stats; a manifest written by
the last full walk (the directories walked, each with the inode and mtime it had before
it was listed, and the files selected) lets the next process stat the directories (one
call each) and the listed files instead. A directory's mtime changes whenever an entry
is added to it, removed or renamed, so equal identities mean the same files are there; a
file's own edits show in its own stat, as before. A manifest is only written when every
directory is older than TRUST_AGE_NS (its mtime ticks coarsely: an entry added in the same
tick as the listing could leave it unchanged), and it carries a checksum of itself.
"""

from __future__ import annotations

import marshal
import os
import time
from typing import Callable, List, Optional, Tuple

from ._read import read_bytes

from ._sha import sha256

# A directory changed less than this long before it was listed is not trusted by a
# manifest (the same rule as runtime/model/build.py's TRUST_AGE_S for artefacts).
TRUST_AGE_NS = 2_000_000_000

Stat = Tuple[str, int, int]  # (path under the root, size, mtime_ns)
# (path of the directory under the root ("" for the root, else ending in "/"), its entry) -> bool
Choose = Callable[[str, "os.DirEntry"], bool]


def walk(root: str, select: Choose, descend: Choose) -> Tuple[List[Tuple[str, int, int]], List[Stat]]:
    """(directories, files): every directory walked as (path, inode, mtime_ns), stat'ed
    before it was listed, and every selected file as (path, size, mtime_ns), sorted."""
    dirs, files = [], []
    stat = os.stat
    stack = [""]
    while stack:
        rel = stack.pop()
        path = root + "/" + rel if rel else root
        st = stat(path)
        dirs.append((rel, st.st_ino, st.st_mtime_ns))
        with os.scandir(path) as it:
            for e in it:
                if select(rel, e):
                    st = stat(e.path)
                    files.append((rel + e.name, st.st_size, st.st_mtime_ns))
                elif descend(rel, e):
                    stack.append(rel + e.name + "/")
    files.sort()
    return dirs, files


def stat_files(root: str, select: Choose, descend: Choose, manifest: Optional[str],
               store: Callable[[str, bytes], None]) -> List[Stat]:
    """walk()'s files, through the manifest at `manifest` when its directories are unchanged
    (a full walk otherwise, which writes it anew with `store(path, bytes)` when every
    directory is old enough). The same list either way."""
    if manifest is not None:
        got = _from_manifest(root, manifest)
        if got is not None:
            return got
    dirs, files = walk(root, select, descend)
    limit = time.time_ns() - TRUST_AGE_NS
    if manifest is not None and all(mtime < limit for _, _, mtime in dirs):
        body = marshal.dumps((root, dirs, [f[0] for f in files]))
        try:
            store(manifest, sha256(body).hexdigest().encode() + b"\n" + body)
        except OSError:
            pass  # a read-only cache: the tree is walked each time
    return files


def _from_manifest(root: str, manifest: str) -> Optional[List[Stat]]:
    """The files the manifest lists, stat'ed now; None when it is missing, damaged, of
    another root, or any directory's identity changed (or a listed file went)."""
    try:
        raw = read_bytes(manifest)
    except OSError:
        return None
    check, _, body = raw.partition(b"\n")
    if check != sha256(body).hexdigest().encode():
        return None  # damaged (or written by another format): walked and written again
    stat = os.stat
    try:
        got_root, dirs, names = marshal.loads(body)
        if got_root != root:
            return None
        for rel, ino, mtime in dirs:
            st = stat(root + "/" + rel if rel else root)
            if st.st_mtime_ns != mtime or st.st_ino != ino:
                return None
        files = []
        add = files.append
        for rel in names:
            st = stat(root + "/" + rel)
            add((rel, st.st_size, st.st_mtime_ns))
    except (OSError, ValueError, EOFError, TypeError):  # (a vanished file; another Python's marshal)
        return None
    return files
