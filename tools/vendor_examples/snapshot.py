"""Where the vendor's example programs come from.

The pinned tarball lives beside the repository
(``../shared/third_party/asc-devkit/asc-devkit.tar.xz``). It is unpacked once
into ~/.cache/asc/asc-devkit/<sha256 prefix>/ so that a changed tarball never
reuses a stale tree; the marker file is written last, so an interrupted unpack
is redone.
"""

from __future__ import annotations

import hashlib
import os
import tarfile
from pathlib import Path

EXAMPLES_SUBDIR = Path("examples") / "01_simd_cpp_api"
_DONE = ".unpacked"


def repo_root() -> Path:
    return Path(__file__).resolve().parents[2]


def default_tarball() -> Path:
    env = os.environ.get("ASC_DEVKIT_TARBALL")
    if env:
        return Path(env)
    return repo_root().parent / "shared" / "third_party" / "asc-devkit" / "asc-devkit.tar.xz"


def cache_dir() -> Path:
    return Path(os.environ.get("ASC_CACHE_DIR", Path.home() / ".cache" / "asc"))


def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()[:16]


def unpack(tarball: Path | None = None) -> Path:
    """The unpacked asc-devkit tree (the directory holding examples/)."""
    tarball = Path(tarball or default_tarball())
    if not tarball.is_file():
        raise FileNotFoundError(f"asc-devkit snapshot not found: {tarball}")
    dest = cache_dir() / "asc-devkit" / _digest(tarball)
    if not (dest / _DONE).is_file():
        tmp = dest.with_name(dest.name + f".tmp{os.getpid()}")
        tmp.mkdir(parents=True, exist_ok=True)
        with tarfile.open(tarball) as tf:
            tf.extractall(tmp, filter="data")
        if dest.exists():  # another process finished first
            import shutil
            shutil.rmtree(tmp, ignore_errors=True)
        else:
            tmp.rename(dest)
        (dest / _DONE).write_text(str(tarball) + "\n")
    return _devkit_root(dest)


def _devkit_root(top: Path) -> Path:
    # The tarball may hold the tree at its top or inside one directory.
    if (top / EXAMPLES_SUBDIR).is_dir():
        return top
    for child in sorted(top.iterdir()):
        if child.is_dir() and (child / EXAMPLES_SUBDIR).is_dir():
            return child
    raise FileNotFoundError(f"no {EXAMPLES_SUBDIR} in the unpacked snapshot {top}")


def examples_root(directory: str | Path | None = None) -> Path:
    """DIR as given (programs laid out as the vendor lays them out), else the
    snapshot's examples/01_simd_cpp_api."""
    if directory:
        d = Path(directory)
        if (d / EXAMPLES_SUBDIR).is_dir():
            return d / EXAMPLES_SUBDIR
        if not d.is_dir():
            raise FileNotFoundError(f"not a directory: {d}")
        return d
    return unpack() / EXAMPLES_SUBDIR


def list_programs(root: Path) -> list[str]:
    """Every example program under root: a directory with a CMakeLists.txt
    (relative paths, sorted). A program's own subdirectories are not
    programs of their own."""
    progs = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        if "CMakeLists.txt" in filenames:
            progs.append(os.path.relpath(dirpath, root))
            dirnames[:] = []
    if (root / "CMakeLists.txt").is_file():
        return ["."]
    return sorted(progs)
