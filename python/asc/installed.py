"""The identity of an installed copy of this package: its dist-info RECORD.

An installer (pip, uv, `installer`) writes `<site>/asc-<version>.dist-info/RECORD`
beside the package: one line per file it installed, with the sha256 of the file's
bytes. The sha256 of that one small file is therefore a content key of the whole
install — the Python sources, the native module, and the Model's headers and runtime
sources (`asc/_model/`) — found with one read, where a checkout (or an editable
install, whose RECORD lists none of the package's files) is keyed by a stat of every
file (asc.cache.toolchain_hash, runtime/model/build.py's stat key).

An install changes through its installer: an upgrade or a reinstall writes a new
RECORD. A file of an installed copy edited in place is not seen (the RECORD still
names the old bytes); sources one edits belong in a checkout or an editable install
(`pip install -e`), which are keyed by their files.
"""

from __future__ import annotations

import os
from typing import Optional

from ._read import read_bytes
from ._version import __version__

try:  # CPython's own SHA-256 (as asc.cache: hashlib's OpenSSL costs ~3 ms to load)
    from _sha256 import sha256
except ImportError:  # pragma: no cover - Python 3.12+ names the module _sha2
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

DIST_NAME = "asc"  # the distribution's name (python/pyproject.toml), as dist-info directories spell it

# The package this module belongs to, as imported (not resolved: costs no system call).
PACKAGE_ROOT = os.path.dirname(os.path.abspath(__file__))

_memo = {}  # package root -> record_key(root)
_real_root: Optional[str] = None


def record_path(package_root: str, version: str = __version__) -> str:
    """Where an installer puts the RECORD of the install holding `package_root`."""
    return os.path.join(os.path.dirname(package_root), f"{DIST_NAME}-{version}.dist-info", "RECORD")


def record_key(package_root: Optional[str] = None, version: str = __version__) -> Optional[str]:
    """`record:<sha256 of RECORD>` when `package_root` (default: this package) is an
    installed copy (a RECORD beside it that lists the package's `__init__.py` with its
    hash), else None (a checkout, an editable install: key those by their files). Read
    once per process and root."""
    package_root = package_root or PACKAGE_ROOT
    got = _memo.get(package_root, False)
    if got is False:
        got = _memo[package_root] = _read_key(package_root, version)
    return got


def _read_key(package_root: str, version: str) -> Optional[str]:
    try:
        data = read_bytes(record_path(package_root, version))
    except OSError:
        return None  # not installed by an installer (one failed open: the checkout's case)
    init = f"{os.path.basename(package_root)}/__init__.py,sha256=".encode()
    if not (data.startswith(init) or b"\n" + init in data):
        return None  # e.g. an editable install's RECORD: it lists a .pth, not the package
    return "record:" + sha256(data).hexdigest()


def covering_key(path: str) -> Optional[str]:
    """record_key() of this package when `path` (e.g. the Model's include directory of a
    wheel, `asc/_model/include`) lies inside it and it is an installed copy; else None."""
    global _real_root
    key = record_key()
    if key is None:
        return None
    path = os.path.abspath(path)
    if path.startswith(PACKAGE_ROOT + os.sep):
        return key
    if _real_root is None:  # the Model's paths are resolved (settings.model_include): a symlink on the way
        _real_root = os.path.realpath(PACKAGE_ROOT)
    return key if path.startswith(_real_root + os.sep) else None
