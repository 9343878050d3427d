"""An installed copy of asc (a wheel) is keyed by its dist-info RECORD, one read, where a
checkout stats every file (issue 24 §1): the key follows every reinstall that changes a
file, an editable install's RECORD (which lists no package file) is not trusted, and the
Model's files are covered only inside the installed package."""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from asc import cache, installed
from asc.runtime.model import build

ROOT = Path(__file__).resolve().parents[2]


def _record_line(site: Path, path: Path) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(path.read_bytes()).digest()).rstrip(b"=").decode()
    return f"{path.relative_to(site).as_posix()},sha256={digest},{path.stat().st_size}"


def write_record(site: Path, version: str = installed.__version__) -> Path:
    """The RECORD pip writes for the files under site/asc (dist-info last, itself unhashed)."""
    info = site / f"asc-{version}.dist-info"
    info.mkdir(exist_ok=True)
    lines = [_record_line(site, p) for p in sorted((site / "asc").rglob("*"))
             if p.is_file() and "__pycache__" not in p.parts]
    record = info / "RECORD"
    record.write_text("\n".join(lines + [f"{info.name}/RECORD,,"]) + "\n")
    return record


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A small installed package: site/asc (a source, the Model's headers) and its RECORD,
    taken for this package (installed.PACKAGE_ROOT), with a cache root of its own."""
    site = tmp_path / "site"
    (site / "asc" / "_model" / "include").mkdir(parents=True)
    (site / "asc" / "__init__.py").write_text("x = 1\n")
    (site / "asc" / "mod.py").write_text("def f():\n    return 2\n")
    (site / "asc" / "_model" / "include" / "kernel_operator.h").write_text("#pragma once\n")
    write_record(site)
    monkeypatch.setattr(installed, "PACKAGE_ROOT", str(site / "asc"))
    monkeypatch.setattr(installed, "_real_root", None)
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    return site


def key_now() -> str:
    """cache.installed_key() as a new process finds it."""
    cache._installed_key = False
    try:
        return cache.installed_key()
    finally:
        cache._installed_key = False


def test_installed_copy_is_keyed_by_its_record(site, monkeypatch):
    record = site / f"asc-{installed.__version__}.dist-info" / "RECORD"
    key = key_now()
    assert key == "record:" + hashlib.sha256(record.read_bytes()).hexdigest()
    assert installed.read_key()[1] == key
    # the next process finds it by the RECORD's identity: one stat, no read of the RECORD
    with monkeypatch.context() as m:
        m.setattr(installed, "read_key", lambda *a: pytest.fail("the RECORD read again"))
        assert key_now() == key
    monkeypatch.setattr(cache, "_installed_key", False)
    assert cache.installed_key() == key and cache.installed_key() is cache.installed_key()  # once per process


def test_reinstall_with_a_changed_file_moves_the_key_an_identical_one_keeps_it(site):
    k0 = key_now()
    write_record(site)  # reinstalled, same files: a new RECORD file, the same content key
    assert key_now() == k0
    (site / "asc" / "mod.py").write_text("def f():\n    return 3\n")  # same size, other bytes
    write_record(site)
    k1 = key_now()
    assert k1 != k0
    (site / "asc" / "_model" / "include" / "kernel_operator.h").write_text("#pragma once\n// 2\n")
    write_record(site)
    assert key_now() not in (k0, k1)


def test_a_record_rewritten_in_place_is_read_again(site):
    """Not how installers write it (they replace the file), but a new size or time is a new
    identity: the stamp of the old one is not used."""
    record = site / f"asc-{installed.__version__}.dist-info" / "RECORD"
    k0 = key_now()
    (site / "asc" / "mod.py").write_text("def f():\n    return 30\n")
    text = "\n".join(line for line in record.read_text().splitlines() if not line.startswith("asc/mod.py"))
    with open(record, "r+") as f:  # the same inode
        f.truncate(0)
        f.write(text + "\n" + _record_line(site, site / "asc" / "mod.py") + "\n")
    assert key_now() != k0


def test_no_record_or_an_editable_installs_is_not_trusted(site, tmp_path):
    assert installed.read_key(str(tmp_path / "checkout" / "asc")) is None  # no dist-info beside it
    assert installed.record_identity(str(tmp_path / "checkout" / "asc")) is None
    record = site / f"asc-{installed.__version__}.dist-info" / "RECORD"
    # pip install -e: the RECORD lists the .pth and the finder, not the package's files
    record.write_text("__editable__.asc-0.1.0.pth,sha256=abc,10\n__editable___asc_finder.py,sha256=def,20\n")
    assert installed.read_key() is None and key_now() is None and key_now() is None
    # another version's dist-info is another install's
    write_record(site)
    assert installed.read_key(version="9.9.9") is None


def test_this_checkout_is_keyed_by_its_files(monkeypatch):
    """The checkout the tests run from has no RECORD beside it: the walk keys it."""
    assert installed.record_identity() is None and key_now() is None
    monkeypatch.setattr(cache, "_toolchain_hash", None)
    assert cache.toolchain_hash() == cache._package_hash(installed.PACKAGE_ROOT)


def test_model_files_inside_an_installed_copy_are_keyed_by_its_record(site, monkeypatch):
    inc = site / "asc" / "_model" / "include"
    monkeypatch.setattr(cache, "_installed_key", False)
    key0 = build._stat_key(inc)
    with monkeypatch.context() as m:  # no walk of the Model's files
        m.setattr(os, "scandir", lambda *a: pytest.fail("the Model's files walked"))
        assert build._stat_key(inc) == key0
    header = inc / "kernel_operator.h"
    os.utime(header, (time.time() - 60, time.time() - 60))  # touched: what pip never does alone
    assert build._stat_key(inc) == key0
    header.write_text("#pragma once\n// reinstalled\n")
    write_record(site)
    monkeypatch.setattr(cache, "_installed_key", False)
    assert build._stat_key(inc) != key0
    # Model headers elsewhere ($ASC_MODEL_INCLUDE, a checkout's) are walked
    assert not installed.inside(str(ROOT / "cpp" / "model" / "include"))
    assert not installed.inside(str(site / "asc-other" / "include"))
    assert installed.inside(str(inc))


def _install(site: Path) -> None:
    """This checkout's package and Model files laid out as the wheel installs them
    (build_defs/wheel.bzl), with the RECORD an installer writes."""
    pkg = ROOT / "python" / "asc"
    shutil.copytree(pkg, site / "asc", ignore=shutil.ignore_patterns("__pycache__", "*.so", "BUILD"))
    shutil.copy2(pkg / "_C.so", site / "asc" / "_C.so")
    model = ROOT / "cpp" / "model"
    for part in ("include", "src"):
        shutil.copytree(model / part, site / "asc" / "_model" / part)
    write_record(site)


# examples/02_add_framework's vadd, launched from the copy of asc on PYTHONPATH
KERNEL = r"""
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import add_framework
import asc
from asc import cache

n = 8 * 2048
x = np.ones(n, np.float16); y = np.full(n, 2, np.float16); z = np.zeros(n, np.float16)
add_framework.vadd[8](x, y, z, n // 8)
assert (z == 3).all()
print(asc.__file__, cache.toolchain_hash())
"""


@pytest.mark.skipif(not (ROOT / "python" / "asc" / "_C.so").exists(), reason="no built asc._C")
@pytest.mark.parametrize("layout", ["installed", "checkout"])
def test_a_changed_source_is_never_served_the_old_kernel(tmp_path, layout):
    """A kernel launched from a copy of asc; one source of the copy changed (installed: by
    a reinstall, which rewrites the RECORD; a checkout: edited in place): the next process
    compiles the kernel again (a new front-end entry). Reinstalled unchanged, or only
    run again, it finds the cached one."""
    site = tmp_path / "site"
    _install(site)
    if layout == "checkout":
        shutil.rmtree(site / f"asc-{installed.__version__}.dist-info")
    cache_dir = tmp_path / "cache"
    env = dict(os.environ, PYTHONPATH=str(site), ASC_CACHE_DIR=str(cache_dir))
    script = tmp_path / "kernel.py"
    script.write_text(KERNEL)

    def launch():
        out = subprocess.run([sys.executable, str(script), str(ROOT / "examples" / "02_add_framework")], env=env, cwd=str(tmp_path), capture_output=True,
                             text=True)
        assert out.returncode == 0, out.stderr
        where, key = out.stdout.split()
        assert where == str(site / "asc" / "__init__.py")
        entries = sorted(p.parent.name for p in cache_dir.glob("*/*/kernel.json"))
        return key, entries

    key0, entries = launch()
    assert key0.startswith("record:") == (layout == "installed") and len(entries) == 1
    if layout == "installed":
        write_record(site)  # reinstalled as it was
    assert launch() == (key0, entries)
    jit = site / "asc" / "jit.py"
    jit.write_text(jit.read_text() + "\n# changed\n")
    if layout == "installed":
        write_record(site)
    key1, entries1 = launch()
    assert key1 != key0 and len(entries1) == 2 and set(entries) < set(entries1)
