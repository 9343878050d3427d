"""The identity of an installed copy of this package: its dist-info RECORD.

An installer (pip, uv, `installer`) writes `<site>/asc-<version>.dist-info/RECORD`
beside the package: one line per file it installed, with the sha256 of the file's
bytes. The sha256 of that one small file is therefore a content key of the whole
install — the Python sources, the native module, and the Model's headers and runtime
sources (`asc/_model/`) — and a new process finds it with one stat of the RECORD
(asc.cache.installed_key: a stamp named by the RECORD's identity holds it), where a
checkout (or an editable install, whose RECORD lists none of the package's files) is
keyed by a stat of every file (asc.cache.toolchain_hash, runtime/model/build.py's
stat key).

An install changes through its installer: an upgrade or a reinstall writes a new
RECORD. A file of an installed copy edited in place is not seen (the RECORD still
names the old bytes); sources one edits belong in a checkout or an editable install
(`pip install -e`), which are keyed by their files.
"""

from __future__ import annotations

import os
from typing import Optional, Tuple

from ._read import read_fd
from ._sha import sha256
from ._version import __version__

DIST_NAME = "asc"  # the distribution's name (python/pyproject.toml), as dist-info directories spell it

# The package this module belongs to, as imported (not resolved: costs no system call).
PACKAGE_ROOT = os.path.dirname(os.path.abspath(__file__))

_real_root: Optional[str] = None


def record_path(package_root: Optional[str] = None, version: str = __version__) -> str:
    """Where an installer puts the RECORD of the install holding `package_root` (default:
    this package)."""
    package_root = package_root or PACKAGE_ROOT
    return os.path.join(os.path.dirname(package_root), f"{DIST_NAME}-{version}.dist-info", "RECORD")


def _identity(path: str, st: os.stat_result) -> str:
    return f"{path}|{st.st_dev}|{st.st_ino}|{st.st_size}|{st.st_mtime_ns}|{st.st_ctime_ns}"


def record_identity(package_root: Optional[str] = None, version: str = __version__) -> Optional[str]:
    """The RECORD's file identity (path, device, inode, size, mtime, ctime: one stat), or
    None when there is none (a checkout). An installer writes a new RECORD for every
    install, so a new identity; asc.cache keeps the content key (read_key) of each
    identity in a stamp and finds it again without reading or hashing the RECORD."""
    path = record_path(package_root, version)
    try:
        return _identity(path, os.stat(path))
    except OSError:
        return None


def read_key(package_root: Optional[str] = None, version: str = __version__) -> Optional[Tuple[str, str]]:
    """(identity, `record:<sha256 of RECORD>`) of the RECORD read now, when `package_root` is
    an installed copy: a RECORD beside it that lists the package's `__init__.py` with its
    hash. None otherwise (a checkout, an editable install: key those by their files)."""
    package_root = package_root or PACKAGE_ROOT
    path = record_path(package_root, version)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None  # not installed by an installer (one failed open: the checkout's case)
    try:  # the identity of the file read, not of one that replaced it meanwhile
        ident = _identity(path, os.fstat(fd))
        data = read_fd(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    init = f"{os.path.basename(package_root)}/__init__.py,sha256=".encode()
    if not (data.startswith(init) or b"\n" + init in data):
        return None  # e.g. an editable install's RECORD: it lists a .pth, not the package
    return ident, "record:" + sha256(data).hexdigest()


def inside(path: str) -> bool:
    """Whether `path` (e.g. the Model's include directory of a wheel, `asc/_model/include`)
    lies inside this package."""
    global _real_root
    path = os.path.abspath(path)
    if path.startswith(PACKAGE_ROOT + os.sep):
        return True
    if _real_root is None:  # the Model's paths are resolved (settings.model_include): a symlink on the way
        _real_root = os.path.realpath(PACKAGE_ROOT)
    return path.startswith(_real_root + os.sep)
