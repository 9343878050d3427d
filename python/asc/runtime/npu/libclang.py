"""clang's Python bindings (`clang.cindex`, Debian's python3-clang-19) for any Python.

Debian installs the bindings for its own python3 (/usr/lib/python3/dist-packages)
and the library as /usr/lib/llvm-19/lib/libclang.so.1 (libclang1-19); a pyenv
or venv Python finds neither. `cindex` is the module, loaded from where it is
and pointed at the library, or None when clang 19 is not installed
(`./dev setup` installs it); `missing` then says what to install.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Optional

LLVM_LIB = Path("/usr/lib/llvm-19/lib")
DIST_PACKAGES = Path("/usr/lib/python3/dist-packages")
missing = ""


def _load() -> Optional[object]:
    global missing
    spec = importlib.util.find_spec("clang.cindex") if importlib.util.find_spec("clang") else None
    if spec is None and (DIST_PACKAGES / "clang" / "cindex.py").is_file():
        path = DIST_PACKAGES / "clang"
        pkg_spec = importlib.util.spec_from_file_location("clang", path / "__init__.py",
                                                          submodule_search_locations=[str(path)])
        pkg = importlib.util.module_from_spec(pkg_spec)
        sys.modules["clang"] = pkg
        pkg_spec.loader.exec_module(pkg)
        spec = importlib.util.find_spec("clang.cindex")
    if spec is None:
        missing = "clang's Python bindings (Debian: apt-get install python3-clang-19 libclang-19-dev)"
        return None
    import clang.cindex as ci

    if not ci.Config.loaded:
        lib = LLVM_LIB / "libclang.so.1"
        if not lib.exists():
            lib = LLVM_LIB / "libclang.so"
        if not lib.exists():
            missing = f"libclang (looked for {lib}; Debian: apt-get install libclang-19-dev)"
            return None
        ci.Config.set_library_file(str(lib))
    return ci


cindex = _load()
