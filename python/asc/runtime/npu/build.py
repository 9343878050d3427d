"""Compiling kernel source + launch stub into a shared library with bisheng.

The library is cached in the kernel's cache_dir as npu-<digest>.so, the digest
taken over the source, the whole command line (with the file names left out)
and bisheng's size and mtime,
so a new process, or a second backend, finds it without running bisheng again.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
import threading
from pathlib import Path
from typing import List, Optional

from .toolkit import Toolkit

# Flags every kernel build gets (besides the arch, includes and libraries).
# The -mllvm options are those of CANN's Ascend C kernel-launch samples.
BISHENG_FLAGS = (
    "-O2", "-std=c++17", "-fPIC", "-shared", "-xcce",
    "-mllvm", "-cce-aicore-stack-size=0x8000",
    "-mllvm", "-cce-aicore-function-stack-size=0x8000",
    "-mllvm", "-cce-aicore-record-overflow=true",
    "-mllvm", "-cce-aicore-addr-transform",
    "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false",
)

SRC = "{src}"
OUT = "{out}"

_tmp_root: Optional[Path] = None


class NPUCompileError(RuntimeError):
    """bisheng rejected the kernel; the message holds the command and its output."""


def compile_command(tk: Toolkit, arch: str, src: str = SRC, out: str = OUT) -> List[str]:
    cmd = [tk.bisheng, *BISHENG_FLAGS, f"--cce-aicore-arch={arch}"]
    cmd += [f"-I{d}" for d in tk.include_dirs()]
    cmd += [src, "-o", out, f"-L{tk.lib_dir}", f"-Wl,-rpath,{tk.lib_dir}", "-lascendcl", "-lruntime"]
    return cmd


def _compiler_stamp(exe: str) -> str:
    """Size and mtime of the bisheng binary: a CANN upgrade in place is a new key
    (cheaper than running `bisheng --version` on every load)."""
    try:
        st = os.stat(exe)
    except OSError:
        return "?"
    return f"{st.st_size}:{st.st_mtime_ns}"


def library_digest(source: str, tk: Toolkit, arch: str) -> str:
    """Over the source, the command line (file names left out) and the compiler stamp."""
    h = hashlib.sha256()
    h.update(source.encode())
    h.update(b"\0")
    h.update("\0".join(compile_command(tk, arch)).encode())
    h.update(b"\0" + _compiler_stamp(tk.bisheng).encode())
    return h.hexdigest()[:24]


def _temp_root() -> Path:
    global _tmp_root
    if _tmp_root is None:
        _tmp_root = Path(tempfile.mkdtemp(prefix="asc-npu-"))
    return _tmp_root


def library_path(source: str, cache_dir: Optional[Path], tk: Toolkit, arch: str) -> Path:
    d = Path(cache_dir) if cache_dir is not None else _temp_root()
    return d / f"npu-{library_digest(source, tk, arch)}.so"


def build_library(source: str, cache_dir: Optional[Path], tk: Toolkit, arch: str) -> Path:
    """The cached library for `source` (kernel + stub), compiling it if needed."""
    lib = library_path(source, cache_dir, tk, arch)
    if lib.exists():
        return lib
    lib.parent.mkdir(parents=True, exist_ok=True)
    src = lib.with_suffix(".cpp")
    src.write_text(source)
    tmp = lib.with_name(f"{lib.stem}.{os.getpid()}.{threading.get_ident()}.tmp.so")
    cmd = compile_command(tk, arch, str(src), str(tmp))
    try:
        r = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as exc:
        raise NPUCompileError(f"could not run bisheng ({cmd[0]}): {exc}") from None
    if r.returncode != 0 or not tmp.exists():
        if tmp.exists():
            tmp.unlink()
        why = f"exit code {r.returncode}" if r.returncode else "no output file"
        raise NPUCompileError(f"bisheng failed ({why}) compiling {src}:\n{' '.join(cmd)}\n"
                              f"{r.stderr}{r.stdout}".rstrip())
    os.replace(tmp, lib)  # atomic: concurrent builders never see a partial file
    return lib
