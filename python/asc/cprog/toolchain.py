"""The cached parts every Ascend C program built by asc-cc shares.

  * the Model's runtime object: the very one the Python path links into each
    kernel library (asc.runtime.model.build.runtime_object);
  * the host object: ACL and the launch (cpp/model/host/acl.cpp);
  * the precompiled prelude (cpp/model/host/include/asc_program.h: the Model's
    kernel_operator.h, acl/acl.h, the launch), which asc-cc puts in front of
    every source it compiles;
  * one small config object per (platform, interpreter, settings), generated
    by config_gen.
(The cycle model `python -m asc.cprog.finish` times a program's recorded
launches with is the runtime's own library: asc.runtime.model.build.)

Each artefact follows build.py's rules: keyed by a content hash, written to a
temporary name and renamed into place, its sha256 written beside it and
checked before use, builders serialised by a file lock. On a cold cache the
three big compiles run in parallel.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Dict, List, Sequence

from .. import cache as _cache
from ..runtime.model import build

# The prelude every program source gets (g++ -include), precompiled.
PRELUDE = "asc_program.h"


def host_dir(inc: Path) -> Path:
    """cpp/model/host beside the Model's include directory."""
    return inc.parent / "host"


def host_include(inc: Path) -> Path:
    return host_dir(inc) / "include"


def _files(d: Path) -> List[Path]:
    out = []
    for dirpath, dirnames, filenames in os.walk(d):
        dirnames.sort()
        out.extend(Path(dirpath) / n for n in sorted(filenames))
    return sorted(out)


def digest(inc: Path, part: str = "host") -> str:
    """The Model's toolchain digest (compiler, flags, Model sources) and the sources under
    cpp/model/`part` (host: everything of the host side; host/include: what the PCH holds)."""
    h = hashlib.sha256(build.toolchain_digest(inc).encode())
    for p in _files(inc.parent / part):
        h.update(str(p.relative_to(inc.parent)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()


def program_flags(inc: Path) -> List[str]:
    """g++ flags of every program source (the Model's kernel flags) and its include path."""
    return [*build.cxx_flags(), "-I", str(host_dir(inc)), "-I", str(host_include(inc)), "-I", str(inc)]


def _artefact(path: Path, make_cmd, what: str, stdin=None) -> Path:
    """Builds `path` with the command make_cmd(tmp) unless a valid one is cached."""
    if build.check(path)[0] == build.OK:
        return path
    with build._file_lock(build._lock_path(path)):
        state, why = build.check(path)
        if state == build.OK:
            return path
        build.discard(path, why if state == build.BAD else None)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = _cache.tmp_path(path)
        try:
            build._run(make_cmd(tmp), what, stdin=stdin)
            build._commit(tmp, path)
        finally:
            _cache.remove_quietly(tmp)
    return path


def _paths(inc: Path) -> Dict[str, Path]:
    root = build.cache_root()
    return {"host": root / f"host-{digest(inc)[:20]}.o",
            # a PCH holds its headers by path: one per headers' folder (see build.pch_dir)
            "pch": root / f"program-pch-{digest(inc, 'host/include')[:20]}-{build.path_key(inc)}" / f"{PRELUDE}.gch"}


def host_object(inc: Path) -> Path:
    src = host_dir(inc) / "acl.cpp"
    return _artefact(_paths(inc)["host"],
                     lambda tmp: [build.cxx(), *build.RUNTIME_FLAGS, "-I", str(host_dir(inc)), "-I",
                                  str(host_include(inc)), "-I", str(inc), "-c", str(src), "-o", str(tmp)],
                     "compiling the Model's ACL for programs")


def prelude_pch(inc: Path) -> Path:
    """The precompiled prelude; g++ finds `<dir>/asc_program.h.gch` for `-include asc_program.h`
    when `<dir>` comes first on the include path."""
    return _artefact(_paths(inc)["pch"],
                     lambda tmp: [build.cxx(), *program_flags(inc), "-x", "c++-header",
                                  str(host_include(inc) / PRELUDE), "-o", str(tmp)],
                     "precompiling the Model's headers for programs")


def config_object(inc: Path, text: str) -> Path:
    key = hashlib.sha256((digest(inc) + "\0" + text).encode()).hexdigest()[:20]
    out = build.cache_root() / f"program-config-{key}.o"
    return _artefact(out, lambda tmp: [build.cxx(), *build.RUNTIME_FLAGS, "-I", str(host_dir(inc)), "-x", "c++",
                                       "-c", "-", "-o", str(tmp)],
                     "compiling the program's configuration", stdin=text)


def prepare(inc: Path) -> Dict[str, Path]:
    """Runtime object, host object and prelude PCH, built in parallel where missing."""
    paths = _paths(inc)
    jobs = []
    need = [("runtime", build._runtime_path(inc), lambda: build.runtime_object(inc)),
            ("host", paths["host"], lambda: host_object(inc)),
            ("pch", paths["pch"], lambda: prelude_pch(inc))]
    missing = [(n, f) for n, p, f in need if build.check(p)[0] != build.OK]
    if len(missing) > 1:
        from concurrent.futures import ThreadPoolExecutor
        with ThreadPoolExecutor(len(missing)) as pool:
            jobs = [pool.submit(f) for _, f in missing]
            for j in jobs:
                j.result()
    elif missing:
        missing[0][1]()
    # The runtime object is the cache's own or, in a cache without one, the prebuilt one
    # (ASC_MODEL_PREBUILT): runtime_object says which (checked, not rebuilt, when present).
    return {"runtime": build.runtime_object(inc), "host": paths["host"], "pch": paths["pch"]}


def link_inputs(inc: Path, config_text: str) -> Sequence[Path]:
    got = prepare(inc)
    return [got["runtime"], got["host"], config_object(inc, config_text)]
