"""Fixtures for the NPU backend tests: a fake CANN toolkit on the host.

`fakes` (once per session) builds, with g++, a fake libascendcl.so (ACL on host
memory, logging every call) and a fake kernel library (the entry point of the
asc launch stub, doubling a float array), and lays out a toolkit root:

    root/lib64/libascendcl.so            the fake ACL
    root/lib64/libruntime.so             a placeholder (never loaded)
    root/compiler/ccec_compiler/bin/bisheng   fakes/fake_bisheng.py
"""

import ctypes
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(os.path.abspath(__file__)).parent  # runfiles, not the source tree
sys.path.insert(0, str(HERE))

ENV_VARS = ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "ASC_BISHENG", "ASC_ACL_LIBRARY",
            "FAKE_BISHENG_LOG", "FAKE_BISHENG_FAIL", "FAKE_BISHENG_FAIL_UNLESS", "FAKE_BISHENG_FAIL_IF", "FAKE_BISHENG_COPY",
            "ASC_LINKER", "PYASC_LINKER", "PYASC_COMPILER", "ASC_DUMP_PATH", "PYASC_DUMP_PATH",
            "PYASC_CACHE_DIR")


def write_fake_bisheng(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!{sys.executable}\n" + (HERE / "fakes" / "fake_bisheng.py").read_text())
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


class Fakes:
    def __init__(self, root: Path, kernel_lib: Path):
        self.root = root
        self.acl_path = root / "lib64" / "libascendcl.so"
        self.kernel_lib = kernel_lib
        self.bisheng = root / "compiler" / "ccec_compiler" / "bin" / "bisheng"
        self.lib = ctypes.CDLL(str(self.acl_path), mode=ctypes.RTLD_GLOBAL)
        self.lib.fake_acl_log.restype = ctypes.c_char_p
        self.lib.fake_acl_fail.argtypes = [ctypes.c_char_p, ctypes.c_int]

    def log(self):
        return self.lib.fake_acl_log().decode().splitlines()

    def reset(self):
        self.lib.fake_acl_reset()

    def fail(self, fn: str, code: int):
        self.lib.fake_acl_fail(fn.encode(), code)

    def live(self) -> int:
        return self.lib.fake_acl_live()


@pytest.fixture(scope="session")
def fakes(tmp_path_factory):
    cxx = os.environ.get("CXX", "g++")
    if shutil.which(cxx) is None:
        pytest.skip(f"the fake ACL needs a host C++ compiler ({cxx})")
    root = tmp_path_factory.mktemp("cann")
    (root / "lib64").mkdir()
    for src, out in (("fake_acl.cpp", root / "lib64" / "libascendcl.so"), ("fake_kernel.cpp", root / "kernel.so")):
        subprocess.run([cxx, "-std=c++17", "-O1", "-fPIC", "-shared", str(HERE / "fakes" / src), "-o", str(out)],
                       check=True)
    (root / "lib64" / "libruntime.so").write_text("placeholder\n")
    write_fake_bisheng(root / "compiler" / "ccec_compiler" / "bin" / "bisheng")
    return Fakes(root, root / "kernel.so")


@pytest.fixture(autouse=True)
def _isolated(tmp_path, monkeypatch):
    """Own disk cache, no CANN variables from the caller, Model backend afterwards."""
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    for var in ENV_VARS:
        monkeypatch.delenv(var, raising=False)
    from asc.runtime.npu import toolkit
    monkeypatch.setattr(toolkit, "DEFAULT_ROOT", str(tmp_path / "no-default-cann"))
    yield
    from asc.lib import runtime
    from asc.runtime import config
    # (check=False: restoring the default, not selecting it for a launch; the test's PATH may
    # still hide the host compiler set_platform(Model, check=True) asks for)
    config.set_platform(config.Backend.Model, config.Platform.Ascend910B1, 0, check=False)
    runtime._streams.clear()


class Bisheng:
    """The fake bisheng's call log."""

    def __init__(self, log: Path):
        self.path = log

    def calls(self):
        if not self.path.exists():
            return []
        return [json.loads(line) for line in self.path.read_text().splitlines()]


@pytest.fixture
def cann(fakes, tmp_path, monkeypatch):
    """The fake toolkit selected through ASCEND_HOME_PATH, its bisheng copying the
    fake kernel library to -o, and a fresh ACL runtime object (aclInit again)."""
    from asc.runtime.npu import acl
    monkeypatch.setenv("ASCEND_HOME_PATH", str(fakes.root))
    monkeypatch.setenv("FAKE_BISHENG_LOG", str(tmp_path / "bisheng.log"))
    monkeypatch.setenv("FAKE_BISHENG_COPY", str(fakes.kernel_lib))
    monkeypatch.setattr(acl, "_runtimes", {})
    fakes.reset()
    fakes.bisheng_log = Bisheng(tmp_path / "bisheng.log")
    yield fakes
    fakes.reset()
