"""What a new process checks before its first cached launch, kept cheap (issue 24 §1):
the package hash stats its files (reads none), the Model's toolchain digest is found
through a stamp named by its stat key (a touched header is no rebuild, a changed one
is), one platform record is read alone, and `import asc` leaves numpy, the profiler
and subprocess for later."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import asc
from asc import cache
from asc.runtime import platforms
from asc.runtime.model import build

ROOT = Path(__file__).resolve().parents[2]


def _age(path: Path, seconds: float = 60.0) -> None:
    """Sets a file's modification time into the past (stamps are written only for files
    older than STAMP_MIN_AGE_S)."""
    t = time.time() - seconds
    os.utime(path, (t, t))


@pytest.fixture
def package(tmp_path, monkeypatch):
    """A small package tree (sources, a subpackage, a native module, a __pycache__) and
    a cache root of its own."""
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    root = tmp_path / "pkg"
    (root / "sub").mkdir(parents=True)
    (root / "__pycache__").mkdir()
    files = {"__init__.py": "x = 1\n", "mod.py": "def f():\n    return 2\n", "sub/__init__.py": "",
             "sub/deep.py": "y = 3\n", "_C.so": "\x7fELF native", "__pycache__/mod.cpython-311.pyc": "ignored",
             "data.json": "{}"}
    for name, text in files.items():
        (root / name).write_text(text)
        _age(root / name)
    return root


def test_package_hash_moves_with_any_source_or_native_module_change(package):
    h0 = cache._package_hash(str(package))
    assert cache._package_hash(str(package)) == h0
    seen = {h0}
    mod = package / "mod.py"
    mod.write_text("def f():\n    return 3\n")  # same size, other content: a new mtime
    seen.add(cache._package_hash(str(package)))
    (package / "sub" / "new.py").write_text("z = 4\n")
    seen.add(cache._package_hash(str(package)))
    (package / "_C.so").write_text("\x7fELF rebuilt")
    seen.add(cache._package_hash(str(package)))
    (package / "sub" / "deep.py").unlink()
    seen.add(cache._package_hash(str(package)))
    assert len(seen) == 5


def test_package_hash_ignores_bytecode_and_data(package):
    h0 = cache._package_hash(str(package))
    for name in ("__pycache__/mod.cpython-311.pyc", "data.json"):
        (package / name).write_text("changed")
        assert cache._package_hash(str(package)) == h0, name
    (package / "__pycache__" / "extra.py").write_text("x = 1\n")  # nothing under __pycache__ counts
    assert cache._package_hash(str(package)) == h0


def test_package_hash_reads_no_file(package, monkeypatch):
    """A new process's first launch stats the package's files, nothing more."""
    import builtins

    real_open = builtins.open

    def no_open(path, *a, **k):
        if str(path).startswith(str(package)):
            raise AssertionError(f"{path} opened")
        return real_open(path, *a, **k)

    monkeypatch.setattr(builtins, "open", no_open)
    cache._package_hash(str(package))


def test_toolchain_hash_is_this_packages_hash(monkeypatch):
    monkeypatch.setattr(cache, "_toolchain_hash", None)  # (others may edit the checkout meanwhile)
    assert cache.toolchain_hash() == cache._package_hash(os.path.dirname(os.path.abspath(cache.__file__)))


def test_corrupt_model_stamp_is_recomputed_with_one_warning(tmp_path, caplog):
    """The stamp helpers (asc.cache, shared with the Model's toolchain digest)."""
    import logging

    stamp = tmp_path / "stamps" / "k"
    digest = "ab" * 32
    cache.write_stamp(stamp, digest)
    assert cache.read_stamp(stamp) == digest
    stamp.write_bytes(b"0" * 64 + b" 0123456789abcdef\n")  # a digest that fails its check
    caplog.set_level(logging.WARNING, logger="asc")
    assert cache.read_stamp(stamp) is None and not stamp.exists()
    assert len([r for r in caplog.records if str(stamp) in r.getMessage()]) == 1


@pytest.fixture
def model_tree(tmp_path, monkeypatch):
    """A copy of the Model's headers and runtime sources, with its own cache root."""
    src = Path(build.include_dir())
    dst = tmp_path / "model"
    shutil.copytree(src, dst / "include")
    shutil.copytree(src.parent / "src", dst / "src")
    for p in dst.rglob("*"):
        if p.is_file():
            _age(p)
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(build, "_toolchain_cache", {})
    return dst / "include"


def test_model_toolchain_digest_touch_keeps_it_change_moves_it(model_tree, monkeypatch):
    d0 = build.toolchain_digest(model_tree)
    header = model_tree / "kernel_operator.h"
    key0 = build._stat_key(model_tree)
    os.utime(header, (time.time() - 5, time.time() - 5))  # touched: the stat key moves
    assert build._stat_key(model_tree) != key0
    monkeypatch.setattr(build, "_toolchain_cache", {})
    assert build.toolchain_digest(model_tree) == d0  # ... to the same content digest: no rebuild
    header.write_bytes(header.read_bytes() + b"\n// changed\n")
    monkeypatch.setattr(build, "_toolchain_cache", {})
    assert build.toolchain_digest(model_tree) != d0
    runtime_src = next((model_tree.parent / "src").glob("*.cpp"))
    monkeypatch.setattr(build, "_toolchain_cache", {})
    d1 = build.toolchain_digest(model_tree)
    runtime_src.write_bytes(runtime_src.read_bytes() + b"\n// changed\n")
    monkeypatch.setattr(build, "_toolchain_cache", {})
    assert build.toolchain_digest(model_tree) != d1


def test_model_stat_key_sees_every_header_and_runtime_source(model_tree):
    key0 = build._stat_key(model_tree)
    files = [p for p in model_tree.rglob("*") if p.is_file()] + build.runtime_files(model_tree)
    assert len(files) > 20
    for p in (files[0], files[len(files) // 2], files[-1]):
        os.utime(p, (time.time() - 7, time.time() - 7))
        key = build._stat_key(model_tree)
        assert key != key0, p
        key0 = key


def test_one_platform_is_read_alone_and_matches_the_full_read(monkeypatch):
    everything = platforms._Records()
    names = list(everything)
    assert "Ascend910B1" in names and "Ascend910_9362" in names
    for name in names:
        alone = platforms._Records()
        if platforms._own_file(name) is not None:
            # read without listing the other files
            with monkeypatch.context() as m:
                m.setattr(platforms, "_target_files", lambda: pytest.fail("every target file read"))
                got = alone[name]
        else:  # a SoC of a series file (Ascend910_93.json): found by the full read
            got = alone[name]
        assert got == everything[name] and got.timing.values == everything[name].timing.values, name
        assert got.sources == everything[name].sources
    lazy = platforms._Records()
    first = lazy["Ascend910B1"]
    assert lazy["Ascend910B1"] is first and dict(lazy)["Ascend910B1"] is first  # one record per SoC
    with pytest.raises(KeyError):
        platforms._Records()["A2.base"]
    with pytest.raises(ValueError, match="unknown platform"):
        platforms.get_platform("Ascend999")


def _fresh(code: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"))
    return subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True,
                          cwd="/").stdout.strip()


def test_import_asc_leaves_numpy_profiler_and_subprocess_for_later():
    out = _fresh("import sys, asc; print(sorted(m for m in ('numpy', 'asc.profiler', 'subprocess', 'uuid', "
                 "'asc.adv', 'asc.distributed') if m in sys.modules))")
    assert out == "[]"


def test_import_asc_leaves_the_front_end_and_asc_C_to_the_first_compile():
    """asc._C (MLIR and LLVM linked in, ~20 ms to load) and the front end load at the
    first compile; `asc._C`, `from asc import _C` and the op table still reach it."""
    front_end = "('asc._C', 'asc.codegen.compiler', 'asc.codegen.generator')"
    out = _fresh("import sys, asc\n"
                 f"print(sorted(m for m in {front_end} if m in sys.modules))\n"
                 "from asc.language.core import lowering\n"
                 "print(sorted(m for m in ('asc._C',) if m in sys.modules))\n"
                 "print(lowering.OP_PARAMS['AddL2Op'] == asc._C.ir.Builder.OP_PARAMS['AddL2Op'],\n"
                 "      'asc._C' in sys.modules, 'asc._C' in dir(asc) or '_C' in dir(asc))\n"
                 "from asc import _C\n"
                 "print(_C is asc._C is sys.modules['asc._C'])")
    assert out.splitlines() == ["[]", "[]", "True True True", "True"]


def test_a_missing_native_module_is_a_clear_error_at_the_first_compile(tmp_path):
    """Without asc._C (a checkout never built), `import asc` works and the first compile
    raises an ImportError saying how to get the module."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"), ASC_CACHE_DIR=str(tmp_path / "cache"))
    code = ("import sys\n"
            "class Refuse:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'asc._C':\n"
            "            raise ImportError('libMLIR gone (simulated)')\n"
            "sys.meta_path.insert(0, Refuse())\n"
            f"sys.path.insert(0, {str(ROOT / 'examples' / '02_add_framework')!r})\n"
            "import numpy as np, asc, add_framework as m\n"
            "x = np.ones(8 * 64, np.float16)\n"
            "m.vadd[8](x, x, x, 64)\n")
    proc = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=str(tmp_path))
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: asc's native compiler module asc._C cannot be loaded (libMLIR gone"), last
    assert "./dev setup" in last and "reinstall its wheel" in last
    assert 'line 10, in <module>' in proc.stderr  # the user's launch line is in the traceback


def test_a_cached_launch_in_a_new_process_loads_no_front_end(tmp_path):
    """The relaunch of a kernel the disk cache holds reads the entry and the library: no
    trace, so neither the front end nor asc._C is imported; the compile that filled the
    cache imported both."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"), ASC_CACHE_DIR=str(tmp_path / "cache"))
    code = ("import sys\n"
            f"sys.path.insert(0, {str(ROOT / 'examples' / '02_add_framework')!r})\n"
            "import numpy as np, add_framework as m\n"
            "n = 8 * 16 * 64\n"
            "x = np.arange(n).astype(np.float16); z = np.zeros(n, np.float16)\n"
            "m.vadd[8](x, x, z, n // 8)\n"
            "assert (z == x + x).all()\n"
            "print(sorted(k for k in ('asc._C', 'asc.codegen.compiler') if k in sys.modules))")
    runs = [subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True, text=True,
                           cwd=str(tmp_path)).stdout.strip() for _ in range(2)]
    assert runs == ["['asc._C', 'asc.codegen.compiler']", "[]"]


def test_asc_C_exports_its_init_function_alone():
    """asc._C is linked with a version script (python/src/_C.lds) that keeps every symbol but
    PyInit__C local: the ~28,000 it exported before (the dialect's, and the MLIR/LLVM template
    instantiations it holds) made loading it resolve ~36,000 symbol relocations, 3/4 of its
    load time. Only thread-local guard variables (GNU unique symbols) may stay exported."""
    import shutil

    nm = shutil.which("nm")
    if nm is None:
        pytest.fail("nm (binutils, installed with g++) is not on PATH")
    from asc import _C

    out = subprocess.run([nm, "-D", "--defined-only", _C.__file__], check=True, capture_output=True,
                         text=True).stdout
    symbols = [line.split() for line in out.splitlines() if line.strip()]
    functions = sorted(name for _, kind, name in symbols if kind in "TtWw")
    assert functions == ["PyInit__C"], functions[:20]
    assert all(kind in "bBuV" for _, kind, _ in symbols if kind not in "Tt"), symbols


def test_import_asc_loads_neither_openssl_nor_the_shared_mlir():
    """Keys and small files are hashed by CPython's _sha256 (hashlib's OpenSSL costs ~3 ms
    to load), the build-only modules wait for a build and check_precision's module for its
    first use (asc.debug's PEP 562 names); asc._C has MLIR/LLVM linked in
    (python/src/BUILD), so the system's libMLIR/libLLVM (~30 ms to load) are not mapped."""
    out = _fresh("import sys, asc\n"
                 "mods = sorted(m for m in ('hashlib', '_hashlib', 'mmap', 'fcntl', 'asc.debug.precision')\n"
                 "              if m in sys.modules)\n"
                 "libs = sorted({line.split('/')[-1] for line in open('/proc/self/maps')\n"
                 "               if 'libMLIR' in line or 'libLLVM' in line})\n"
                 "print(mods, libs)")
    assert out == "[] []"


def test_sha256_file_is_sha256_on_both_sides_of_its_size_thresholds(tmp_path):
    """cache.sha256_file hashes small files with _sha256 and large ones with hashlib
    (read, or mapped past 1 MB): the same digest on every path."""
    import hashlib

    from asc import cache

    for size in (0, 1, cache.LARGE_FILE - 1, cache.LARGE_FILE, (1 << 20) - 1, (1 << 20) + 7):
        data = bytes((i * 7 + size) & 0xFF for i in range(size))
        p = tmp_path / f"f{size}"
        p.write_bytes(data)
        assert cache.sha256_file(p) == hashlib.sha256(data).hexdigest(), size
        assert cache.sha256_bytes(data) == hashlib.sha256(data).hexdigest(), size


def test_kernel_symbol_is_the_first_kernel_definition():
    """backend.kernel_symbol finds the prefix with str.find and matches the pattern there
    (a regex search over the source cost µs a compile): the same answer as the search."""
    import re

    from asc.runtime.backend import kernel_symbol

    search = re.compile(r'extern "C" __global__ __aicore__ void (\w+)\(')
    head = 'extern "C" __global__ __aicore__ void '
    for source in ("", head, head + "k(", "x" + head + "a b(" + head + "c(int)", head + head + "d(",
                   "// " + head + "e f\n" + head + "g_1(GM_ADDR x)"):
        m = search.search(source)
        assert kernel_symbol(source, "name") == (m.group(1) if m else "name"), source


def test_lazy_names_stay_importable():
    out = _fresh("import asc\n"
                 "from asc import profile\n"
                 "import asc.profiler\n"
                 "assert asc.profile is profile is asc.profiler.profile\n"
                 "assert 'profile' in dir(asc) and 'profiler' in dir(asc)\n"
                 "missing = [n for n in asc.__all__ if not hasattr(asc, n)]\n"
                 "from asc.debug import check_precision, PrecisionResult\n"
                 "import asc.debug.precision as prec\n"
                 "assert check_precision is prec.check_precision and asc.debug.PrecisionResult is prec.PrecisionResult\n"
                 "assert 'check_precision' in dir(asc.debug)\n"
                 "assert not missing, missing\n"
                 "import sys, numpy as np\n"
                 "j = sys.modules['asc.jit']\n"
                 "assert j._arg_spec(np.ones(2, np.float32)) == np.dtype('float32')\n"
                 "assert j.np is np\n"  # the stand-in rebinds itself to numpy at first use
                 "print('ok')")
    assert out == "ok"


def test_asc_profile_env_still_starts_its_session(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "python"), ASC_PROFILE=str(tmp_path / "p.prof"))
    out = subprocess.run([sys.executable, "-c", "import sys, asc; print('asc.profiler' in sys.modules)"],
                         env=env, check=True, capture_output=True, text=True, cwd=str(tmp_path)).stdout
    assert out.strip() == "True"


def test_lazy_module_stand_in():
    from asc._lazy import lazy_module

    ns = {}
    ns["j"] = lazy_module("json", ns, "j")
    assert "imported at first use" in repr(ns["j"])
    assert ns["j"].dumps([1]) == "[1]"
    import json

    assert ns["j"] is json


def test_every_api_form_parses_and_documents():
    """Forms are parsed at first use now: a bad declaration must still be found (here,
    not at a user's first call)."""
    from asc.language.core import api

    assert len(api.REGISTRY) > 100
    for name, fn in api.REGISTRY.items():
        for form in fn.forms:
            assert all(p.name for p in form.params), (name, form.text)
            str(form)
        assert fn.__doc__ and f"AscendC::{fn.cpp_name}" in fn.__doc__, name
    bad = api.Form("x: int, = 3")
    with pytest.raises(SyntaxError, match="API form"):
        bad.params


def test_first_launch_computes_the_model_digest_once_on_its_own_thread(monkeypatch, tmp_path):
    """The launch computes the Model's toolchain digest itself (no thread: a walk running
    beside the front end's made a first launch slower) and the process keeps it."""
    import threading

    import numpy as np

    from asc.runtime import config

    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(build, "_toolchain_cache", {})
    calls = []
    real = build._compute_toolchain_digest
    monkeypatch.setattr(build, "_compute_toolchain_digest",
                        lambda inc: (calls.append(threading.current_thread()), real(inc))[1])

    @asc.jit
    def fill(x: asc.GlobalAddress, n: int):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, n)
        for i in range(n):
            g.set_value(i, 7)

    x = np.zeros(8, np.int32)
    fill[1](x, 8)
    fill[1](x, 4)  # a second specialization: the digest is known
    assert (x == 7).all()
    if config.effective_backend() is config.Backend.Model:
        assert calls == [threading.main_thread()]
        assert (str(build.include_dir()), build.cxx()) in build._toolchain_cache


def test_threads_needing_the_digest_at_once_all_get_it(model_tree, monkeypatch):
    """Launch threads that need the digest while another computes it: each gets the same one."""
    import threading

    real = build._compute_toolchain_digest
    want = real(model_tree)

    def slow(inc):
        time.sleep(0.05)
        return real(inc)

    monkeypatch.setattr(build, "_compute_toolchain_digest", slow)
    got, errors = [], []

    def need():
        try:
            got.append(build.toolchain_digest(model_tree))
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)

    threads = [threading.Thread(target=need) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and got == [want] * 8
    assert build.toolchain_digest(model_tree) == want


def test_cache_root_follows_every_variable_it_is_read_from(monkeypatch, tmp_path):
    """cache_root() is remembered with the variables it came from: a change of any of them
    is seen at the next call."""
    for name in ("ASC_CACHE_DIR", "PYASC_CACHE_DIR", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_root() == tmp_path / "home" / ".cache" / "asc"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_root() == tmp_path / "xdg" / "asc"
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "py"))
    assert cache.cache_root() == tmp_path / "py"
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "asc"))
    assert cache.cache_root() == tmp_path / "asc" and cache.entry_dir("abcd") == tmp_path / "asc" / "ab" / "abcd"
    monkeypatch.delenv("ASC_CACHE_DIR")
    assert cache.cache_root() == tmp_path / "py"


def test_read_bytes_reads_every_size_to_the_end(tmp_path):
    """asc._read.read_bytes (open, read to the end, close: a first launch's small files)."""
    from asc._read import read_bytes

    for size in (0, 1, (1 << 16) - 1, 1 << 16, (1 << 16) + 1, 3 * (1 << 16) + 5):
        data = bytes((i * 31 + size) & 0xFF for i in range(size))
        p = tmp_path / f"f{size}"
        p.write_bytes(data)
        assert read_bytes(p) == data and read_bytes(str(p)) == data, size
    with pytest.raises(FileNotFoundError):
        read_bytes(tmp_path / "missing")
    with pytest.raises(IsADirectoryError):
        read_bytes(tmp_path)


def test_model_stat_key_follows_the_compiler_a_symlink_names(model_tree, monkeypatch, tmp_path):
    """$CXX through a symlink retargeted to another compiler file of the same size and
    mtime (update-alternatives): the key moves (the stat through the link sees another inode)."""
    real = Path(shutil.which("g++") or shutil.which("clang++") or pytest.skip("no host compiler"))
    a, b = tmp_path / "cxx-a", tmp_path / "cxx-b"
    for p in (a, b):
        shutil.copy2(real, p)
    os.utime(b, ns=(os.stat(a).st_atime_ns, os.stat(a).st_mtime_ns))
    link = tmp_path / "bin" / "c++"
    link.parent.mkdir()
    link.symlink_to(a)
    monkeypatch.setenv("CXX", str(link))
    k0 = build._stat_key(model_tree)
    assert build._stat_key(model_tree) == k0
    link.unlink()
    link.symlink_to(b)
    assert build._stat_key(model_tree) != k0


def test_kernel_library_binds_its_own_symbols_at_link_time(monkeypatch, tmp_path):
    """build.LINK_FLAGS: no PLT slot of a kernel library names a function the library defines
    (each was a symbol lookup when ctypes loads it with RTLD_NOW)."""
    import numpy as np

    from asc.runtime import config

    if config.effective_backend() is not config.Backend.Model or not shutil.which("readelf"):
        pytest.skip("the Model backend and binutils' readelf")
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.syspath_prepend(str(ROOT / "examples" / "02_add_framework"))
    import add_framework

    n = 8 * 2048
    x, y, z = np.ones(n, np.float16), np.full(n, 2, np.float16), np.zeros(n, np.float16)
    lib = config.current_backend().load(add_framework.vadd.warmup(x, y, z, n // 8)).library_path
    add_framework.vadd[8](x, y, z, n // 8)
    assert (z == 3).all()

    def readelf(*flags):
        return subprocess.run(["readelf", "-W", *flags, str(lib)], check=True, capture_output=True,
                              text=True).stdout.splitlines()

    defined = {f[7].split("@")[0] for f in (line.split() for line in readelf("--dyn-syms"))
               if len(f) >= 8 and f[6] != "UND" and f[3] == "FUNC"}
    slots = {f[4].split("@")[0] for f in (line.split() for line in readelf("-r"))
             if len(f) >= 5 and f[2] == "R_X86_64_JUMP_SLOT"}
    assert defined and not (slots & defined), sorted(slots & defined)[:5]


def test_compiler_lookup_agrees_with_shutil_which(tmp_path, monkeypatch):
    """build.which (one access() per PATH entry) finds what shutil.which finds."""
    plain, dirs, exe, later = (tmp_path / n for n in ("plain", "dirs", "exe", "later"))
    for d in (plain, dirs, exe, later):
        d.mkdir()
    (plain / "cc1").write_text("not executable")
    (dirs / "cc1").mkdir()
    (dirs / "cc1").chmod(0o755)
    for d in (exe, later):
        (d / "cc1").write_text("#!/bin/sh\n")
        (d / "cc1").chmod(0o755)
    monkeypatch.chdir(tmp_path)
    for path in (f"{plain}:{dirs}:{exe}:{later}", f"{later}:{exe}", f"{plain}:{dirs}", f"{plain}::{exe}", "",
                 f"{exe}:{exe}", "exe"):
        monkeypatch.setenv("PATH", path)
        for name in ("cc1", "missing", str(exe / "cc1"), str(plain / "cc1"), str(dirs / "cc1")):
            assert build.which(name, path) == shutil.which(name), (path, name)
    monkeypatch.delenv("PATH")
    assert build.which("sh", None) == shutil.which("sh")


def test_dtype_digest_text_tells_every_dtype_apart():
    """jit._digest_form writes numpy's own numeric dtypes by their type string (no Python
    repr) and every other dtype by its repr: distinct dtypes, distinct texts."""
    import importlib

    import numpy as np

    jit_mod = importlib.import_module("asc.jit")
    dtypes = [np.dtype(d) for d in ("float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
                                    "uint16", "uint32", "uint64", "bool", "complex64", ">f4", ">i2", "S4", "U4",
                                    "O", "M8[ns]", "m8[s]", "V2")] + [np.dtype([("a", "<i4")])]
    texts = [jit_mod._digest_form((d,))[0] for d in dtypes]
    assert len(set(texts)) == len(dtypes), texts
    assert texts[0] == "<f2" and texts[13] == "dtype('>f4')" and texts[-1] == repr(dtypes[-1])


def test_entry_checksum_is_checked_on_the_bytes_as_written(monkeypatch):
    """cache._checksum_holds: kernel.json as store() writes it is checked on its bytes (no
    re-serialization); laid out otherwise, on the record serialized again; damage fails both."""
    import json

    record = {"name": "k", "kernel_type": "AIV_ONLY", "files_sha256": {"kernel.cpp": "ab" * 32},
              "params": [{"name": "x", "kind": "gm", "dtype": "float16", "ctype": "GM_ADDR"}]}
    record["checksum"] = cache._record_checksum(record)
    raw = json.dumps(record, sort_keys=True).encode()
    spaced = json.dumps(record, sort_keys=True, indent=1).encode()
    real = cache._record_checksum
    with monkeypatch.context() as m:
        m.setattr(cache, "_record_checksum", lambda r: pytest.fail("serialized again"))
        assert cache._checksum_holds(raw, json.loads(raw))
    assert cache._checksum_holds(spaced, json.loads(spaced))
    for bad in (raw.replace(b"AIV_ONLY", b"AIC_ONLY"), spaced.replace(b"AIV_ONLY", b"AIC_ONLY"),
                raw.replace(record["checksum"].encode(), b"0" * 64)):
        assert not cache._checksum_holds(bad, json.loads(bad))
    assert real is cache._record_checksum
