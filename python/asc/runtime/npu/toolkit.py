"""Finding CANN: the toolkit root, bisheng, and the ACL runtime libraries.

    tk = find_toolkit()          # raises BackendUnavailable naming what is missing

Root: $ASCEND_HOME_PATH, else $ASCEND_TOOLKIT_HOME, else
/usr/local/Ascend/ascend-toolkit/latest (what CANN's set_env.sh exports / installs).
bisheng: $ASC_BISHENG, else <root>/compiler/ccec_compiler/bin/bisheng, else PATH.
ACL: <root>/lib64/libascendcl.so and <root>/lib64/libruntime.so
($ASC_ACL_LIBRARY replaces libascendcl.so, e.g. with a test double).
The variables are knobs of asc.settings (ascend_home, bisheng, acl_library).
"""

from __future__ import annotations

import dataclasses
import os
import shutil
from pathlib import Path
from typing import Mapping, Optional

from ... import settings
from ..backend import BackendUnavailable

DEFAULT_ROOT = "/usr/local/Ascend/ascend-toolkit/latest"
ROOT_VARS = settings.ascend_home.names
SETUP_HINT = ("install the CANN toolkit and run `source <cann>/set_env.sh` (or set ASCEND_HOME_PATH), "
              "or run on the Model (Backend.Model)")


@dataclasses.dataclass(frozen=True)
class Toolkit:
    root: Path
    bisheng: str
    lib_dir: Path
    acl_library: Path  # libascendcl.so (or the $ASC_ACL_LIBRARY override)
    runtime_library: Path  # libruntime.so

    def include_dirs(self):
        """Headers of the Ascend C kernel API and of ACL, in search order."""
        r = self.root
        tik = r / "compiler" / "tikcpp" / "tikcfw"
        return [r / "include", r / "include" / "ascendc", tik, tik / "impl", tik / "interface"]


def toolkit_root(env: Optional[Mapping[str, str]] = None) -> tuple:
    """(root or None, where it was looked for); `env`: the environment by default."""
    found = settings.ascend_home.lookup(env)
    if found is not None:
        var, value = found
        return Path(value), f"${var}={value}"
    return (Path(DEFAULT_ROOT) if Path(DEFAULT_ROOT).is_dir() else None), \
        f"{'/'.join('$' + v for v in ROOT_VARS)} unset, {DEFAULT_ROOT}"


def find_bisheng(root: Optional[Path], env: Optional[Mapping[str, str]] = None) -> Optional[str]:
    exe = settings.bisheng.get(env)
    if exe:
        return exe if Path(exe).is_file() else shutil.which(exe)
    if root is not None:
        cand = root / "compiler" / "ccec_compiler" / "bin" / "bisheng"
        if cand.is_file() and os.access(cand, os.X_OK):
            return str(cand)
    return shutil.which("bisheng", path=None if env is None else env.get("PATH"))  # None: $PATH


def find_toolkit(env: Optional[Mapping[str, str]] = None) -> Toolkit:
    root, looked = toolkit_root(env)
    if root is None or not root.is_dir():
        raise BackendUnavailable(f"the NPU backend needs CANN, which was not found ({looked} does not exist); "
                                 + SETUP_HINT)
    lib_dir = root / "lib64"
    acl = settings.acl_library.get(env) or lib_dir / "libascendcl.so"
    rts = lib_dir / "libruntime.so"
    missing = [str(p) for p in (acl, rts) if not p.is_file()]
    bisheng = find_bisheng(root, env)
    if bisheng is None:
        missing.append(f"bisheng (not in {root / 'compiler/ccec_compiler/bin'} nor on PATH)")
    if missing:
        raise BackendUnavailable(f"the NPU backend found CANN at {root} ({looked}) but is missing "
                                 f"{', '.join(missing)}; " + SETUP_HINT)
    return Toolkit(root=root, bisheng=bisheng, lib_dir=lib_dir, acl_library=acl, runtime_library=rts)
