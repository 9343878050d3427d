"""Integrity of the kernel and Model caches (issue 8, items 5 and 6): concurrent
first builds of one kernel, a library that passed its checksum but is not
usable, checksums of every cached file checked before use, orphaned temporary
files, and one cache root for the front end and the Model."""

import ctypes
import hashlib
import json
import logging
import os
import shutil
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import numpy as np
import pytest

from conftest import SCALE_PARAMS, gm, make_kernel, scalar, scale_source
from asc import cache
from asc.runtime.model import ModelBackend, build, library_record

def run_scale(backend, kernel, add, seed=0):
    x = np.arange(4 * 256, dtype=np.float32) + seed
    y = np.full_like(x, -1.0)
    backend.load(kernel)(4, None, [x, y, 256, 0.5])
    np.testing.assert_allclose(y, x * np.float32(0.5) + np.float32(add), rtol=1e-6)


def warnings_naming(caplog, path):
    lines = [r.getMessage() for r in caplog.records if r.name == "asc" and r.levelno == logging.WARNING]
    return [m for m in lines if str(path) in m], lines


@pytest.fixture(autouse=True)
def _own_model_artefacts(tmp_path, monkeypatch):
    """These tests damage and rebuild the cache's own runtime object and PCH: never the
    prebuilt ones shared with other tests (./dev test passes $ASC_MODEL_PREBUILT)."""
    monkeypatch.setenv("ASC_MODEL_PREBUILT", str(tmp_path / "no-prebuilt"))


@pytest.fixture
def kdir(cache):
    """A fresh per-test kernel directory under the session cache (runtime object shared)."""
    d = cache / "integrity" / uuid.uuid4().hex[:8]
    d.mkdir(parents=True)
    return d


def test_threads_first_launch_of_one_new_kernel(kdir):
    """Several threads load the same new kernel at once (each with its own
    CompiledKernel, as separate callers have): every one launches correctly.
    Before: a builder rewrote model-<digest>.cpp in place while another's g++
    read it, linking a library without `asc_model_launch` (then every thread's
    load failed: the process held the bad handle). Staggered starts and a
    thread holding the GIL widen that window: before the fix, about 3 rounds
    in 5 failed."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.02)
    errors = []
    try:
        for rnd in range(4):
            src = scale_source(2.0, f"race {rnd} {uuid.uuid4().hex}")
            stop = []

            def hog():
                while not stop:
                    sum(range(1000))

            def work(i):
                try:
                    time.sleep(0.05 * i)
                    run_scale(ModelBackend(), make_kernel("scale", src, SCALE_PARAMS, kdir / str(rnd)), 2.0, i)
                except Exception as exc:  # noqa: BLE001 - collected and reported below
                    errors.append(f"round {rnd}, thread {i}: {exc!r}")

            threads = [threading.Thread(target=hog)] + [threading.Thread(target=work, args=(i,)) for i in range(6)]
            for t in threads:
                t.start()
            for t in threads[1:]:
                t.join()
            stop.append(True)
            threads[0].join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors, errors
    for rnd in range(4):
        libs = list((kdir / str(rnd)).glob("model-*.so"))
        assert len(libs) == 1
        assert (kdir / str(rnd) / (libs[0].name + ".sha256")).read_text().strip() == \
            hashlib.sha256(libs[0].read_bytes()).hexdigest()
        assert not [n for n in os.listdir(kdir / str(rnd)) if ".tmp" in n]


def test_loaded_library_without_entry_is_dropped_and_rebuilt(kdir, caplog, tmp_path):
    """A library that passed its checksum yet lacks the entry point (what the
    compile race produced), already dlopen()ed by this process: the next load
    drops it, rebuilds it once and launches; so does every later load. Before:
    `undefined symbol: asc_model_launch` on that and every later launch."""
    src = scale_source(3.0, uuid.uuid4().hex)
    lib = build.build_library(src + _stub(), kdir, build.include_dir())
    empty = tmp_path / "empty.so"
    subprocess.run([build.cxx(), "-shared", "-fPIC", "-x", "c++", os.devnull, "-o", str(empty)], check=True)
    data = empty.read_bytes()
    lib.write_bytes(data)
    lib.with_name(lib.name + ".sha256").write_text(hashlib.sha256(data).hexdigest() + "\n")
    stale = ctypes.CDLL(str(lib))  # the process holds the bad handle, as the losing thread did
    assert not hasattr(stale, "asc_model_launch")
    caplog.set_level(logging.WARNING, logger="asc")
    run_scale(ModelBackend(), make_kernel("scale", src, SCALE_PARAMS, kdir), 3.0)
    named, _ = warnings_naming(caplog, lib)
    assert len(named) == 1 and "cannot be loaded" in named[0]
    for seed in (1, 2):  # later loads (new CompiledKernel, new backend) and launches work
        run_scale(ModelBackend(), make_kernel("scale", src, SCALE_PARAMS, kdir), 3.0, seed)
    assert build.check(lib)[0] == build.OK
    assert len(warnings_naming(caplog, lib)[0]) == 1


def _stub():
    from asc.runtime.model import launch
    return launch.launch_stub("scale", SCALE_PARAMS)


@pytest.mark.parametrize("damage", ["truncate", "bitflip", "empty", "sidecar"])
def test_damaged_library_is_rebuilt_before_it_is_loaded(kdir, caplog, damage):
    """build_library checks a cached library against its checksum before
    returning it (nothing is dlopen()ed here: a damaged one would crash)."""
    kernel_src = scale_source(4.0, uuid.uuid4().hex)
    src = kernel_src + _stub()  # what the backend compiles
    inc = build.include_dir()
    lib = build.build_library(src, kdir, inc)
    side = lib.with_name(lib.name + ".sha256")
    assert side.read_bytes().strip() == hashlib.sha256(lib.read_bytes()).hexdigest().encode()
    data = bytearray(lib.read_bytes())
    if damage == "truncate":
        lib.write_bytes(data[: len(data) // 2])
    elif damage == "bitflip":
        data[len(data) // 2] ^= 0x10
        lib.write_bytes(bytes(data))
    elif damage == "empty":
        lib.write_bytes(b"")
    else:
        side.write_bytes(b"\xff\xfe not a checksum")
    caplog.set_level(logging.WARNING, logger="asc")
    again = build.build_library(src, kdir, inc)
    assert again == lib and build.check(lib)[0] == build.OK
    named, lines = warnings_naming(caplog, lib)
    assert len(named) == 1 and len(lines) == 1, lines
    run_scale(ModelBackend(), make_kernel("scale", kernel_src, SCALE_PARAMS, kdir), 4.0)


def test_bad_runtime_object_is_rebuilt(kdir, caplog):
    """A damaged runtime-*.o is removed and compiled again before a kernel links with it."""
    inc = build.include_dir()
    rt = build.runtime_object(inc)
    good = rt.read_bytes()
    rt.write_bytes(b"\x7fELF" + bytes(200))
    caplog.set_level(logging.WARNING, logger="asc")
    run_scale(ModelBackend(), make_kernel("scale", scale_source(5.0, uuid.uuid4().hex), SCALE_PARAMS, kdir), 5.0)
    named, lines = warnings_naming(caplog, rt)
    assert len(named) == 1 and len(lines) == 1, lines
    assert build.check(rt)[0] == build.OK and len(rt.read_bytes()) == len(good)


def test_non_utf8_stamp_is_rebuilt(monkeypatch, tmp_path, caplog):
    """A stamp with a non-UTF-8 byte (or any other damage) is removed and
    written again; the digest is unchanged. Before: UnicodeDecodeError from
    every kernel build."""
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "root"))
    monkeypatch.setattr(build, "_toolchain_cache", {})
    inc = build.include_dir()
    digest = build.toolchain_digest(inc)
    stamps = list((tmp_path / "root" / "model" / "stamps").iterdir())
    assert len(stamps) == 1
    stamp = stamps[0]
    caplog.set_level(logging.WARNING, logger="asc")
    for bad in (b"\xff" + stamp.read_bytes()[1:], b"", b"0" * 64 + b" 0123456789abcdef\n",
                stamp.read_bytes().replace(digest[:1].encode(), b"g", 1)):
        stamp.write_bytes(bad)
        monkeypatch.setattr(build, "_toolchain_cache", {})
        assert build.toolchain_digest(inc) == digest
        assert stamp.read_bytes().split()[0] == digest.encode()
    named, lines = warnings_naming(caplog, stamp)
    assert len(named) == 4 and len(lines) == 4, lines
    stamp.write_text(digest)  # the format before checksums: rewritten without a warning
    monkeypatch.setattr(build, "_toolchain_cache", {})
    assert build.toolchain_digest(inc) == digest and len(stamp.read_bytes().split()) == 2
    assert len(caplog.records) == 4


META = {"name": "k", "kernel_type": "AIV_ONLY",
        "params": [{"name": "x", "kind": "gm", "dtype": "float32", "ctype": "GM_ADDR"}]}


@pytest.mark.parametrize("damage", ["invalid_json", "non_utf8_json", "wrong_fields", "wrong_field_types",
                                    "edited_source", "truncated_source", "non_utf8_source", "missing_source"])
def test_damaged_entry_is_a_miss_with_one_warning(monkeypatch, tmp_path, caplog, damage):
    """kernel.json carries the checksums of the entry's files and its own;
    anything that fails is removed (one warning naming the file) and the entry
    is a miss, so the kernel is compiled again."""
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path))
    key = uuid.uuid4().hex * 2
    src = "extern \"C\" void k() { /* x * 2 */ }\n"
    d = cache.store(key, META, {"kernel.cpp": src})
    assert cache.load(key, ("kernel.cpp",)) == (META, {"kernel.cpp": src})
    marker, cpp = d / "kernel.json", d / "kernel.cpp"
    record = json.loads(marker.read_text())
    named = marker
    if damage == "invalid_json":
        marker.write_text(marker.read_text()[:20])
    elif damage == "non_utf8_json":
        marker.write_bytes(marker.read_bytes().replace(b"AIV_ONLY", b"AIV\xffONLY"))
    elif damage == "wrong_fields":
        record["parameters"] = record.pop("params")
        marker.write_text(json.dumps(record))
    elif damage == "wrong_field_types":
        record["params"] = [{"name": "x"}]
        marker.write_text(json.dumps(record))
    else:
        named = cpp
        if damage == "edited_source":
            cpp.write_text(src.replace("2", "3"))
        elif damage == "truncated_source":
            cpp.write_text(src[:10])
        elif damage == "non_utf8_source":
            cpp.write_bytes(b"\xff" + src.encode()[1:])
        else:
            cpp.unlink()
    caplog.set_level(logging.WARNING, logger="asc")
    assert cache.load(key, ("kernel.cpp",)) is None
    hits, lines = warnings_naming(caplog, named)
    assert len(hits) == 1 and len(lines) == 1, lines
    assert not marker.exists()
    assert cache.load(key, ("kernel.cpp",)) is None  # now simply absent: no second warning
    assert len(warnings_naming(caplog, named)[1]) == 1
    cache.store(key, META, {"kernel.cpp": src})
    assert cache.load(key, ("kernel.cpp",)) == (META, {"kernel.cpp": src})


def test_orphaned_tmp_files_are_removed_by_a_build(kdir):
    """Temporary files of killed builders are removed by the next build in their
    directory once older than cache.TMP_MAX_AGE_S (600 s); recent ones (a live builder's) stay."""
    old = time.time() - 7200
    root = build.cache_root()
    stale = [kdir / ".model-0123.so.tmp.99999.abcdef", kdir / ".kernel.json.tmp.99999.abcdef",
             kdir / "model-0123.99999.140000.tmp.so", root / ".runtime-0123.o.tmp.99999.abcdef",
             root / "stamps" / ".0123.tmp.99999.abcdef", root / "trees" / ".0123.tmp.99999.abcdef"]
    fresh = kdir / ".model-4567.so.tmp.99999.abcdef"
    for p in stale + [fresh]:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(b"partial")
    for p in stale:
        os.utime(p, (old, old))
    run_scale(ModelBackend(), make_kernel("scale", scale_source(6.0, uuid.uuid4().hex), SCALE_PARAMS, kdir), 6.0)
    assert [p for p in stale if p.exists()] == []
    assert fresh.exists() and cache.TMP_MAX_AGE_S < 3600


def test_cache_roots_agree(monkeypatch, tmp_path):
    """The Model's artefacts live under the front end's cache root (the same
    variables), in `model/`, or in a temp dir when that cannot be created."""
    for var in ("ASC_CACHE_DIR", "PYASC_CACHE_DIR", "XDG_CACHE_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "pyasc"))
    assert build.cache_root() == cache.cache_root() / "model" == tmp_path / "pyasc" / "model"
    monkeypatch.delenv("PYASC_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert build.cache_root() == cache.cache_root() / "model" == tmp_path / "xdg" / "asc" / "model"
    (tmp_path / "file").write_text("not a directory")
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "file" / "sub"))
    assert build.cache_root() == build.temp_root()


def test_verified_artefact_is_trusted_by_its_identity_until_it_changes(kdir, monkeypatch):
    """A library verified once (and unchanged for TRUST_AGE_S) is trusted by its inode, size,
    mtime and ctime without hashing it again; a write to it (same size: a bit flip) changes
    its ctime, and it is hashed, found damaged and rebuilt."""
    src = scale_source(7.0, uuid.uuid4().hex) + _stub()
    inc = build.include_dir()
    lib = build.build_library(src, kdir, inc)
    record = lib.with_name(f".{lib.name}.verified")
    assert not record.exists()  # just written: not yet trusted by its identity
    monkeypatch.setattr(build, "TRUST_AGE_S", 0.2)
    time.sleep(0.3)
    assert build.check(lib) == (build.OK, "") and record.exists()
    hashed = []
    real = cache.sha256_file
    monkeypatch.setattr(cache, "sha256_file", lambda p: hashed.append(p) or real(p))
    assert build.check(lib) == (build.OK, "") and hashed == []
    data = bytearray(lib.read_bytes())
    data[len(data) // 2] ^= 0x10
    with open(lib, "r+b") as f:  # in place: the same inode and size
        f.write(bytes(data))
    assert build.check(lib)[0] == build.BAD and hashed == [lib]
    assert build.build_library(src, kdir, inc) == lib and build.check(lib)[0] == build.OK
    assert not record.exists()  # removed with the damaged file; the new one is verified by its checksum


def test_prebuilt_runtime_and_pch_serve_an_empty_cache(tmp_path, monkeypatch):
    """The install step (`python3 -m asc.runtime.model --prebuild`) builds the runtime
    object and the PCH once; a cache with none of its own links with that runtime and
    compiles with that PCH, building neither; a prebuilt runtime that fails its checksum
    is not used (the cache builds its own)."""
    pre, root = tmp_path / "pre", tmp_path / "root"
    monkeypatch.setenv("ASC_MODEL_PREBUILT", str(pre))
    monkeypatch.setenv("ASC_CACHE_DIR", str(root))
    r = subprocess.run([sys.executable, "-m", "asc.runtime.model", "--prebuild"], capture_output=True,
                       text=True, timeout=600, env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)))
    assert r.returncode == 0, r.stderr
    rt, gch, gch_matmul = (Path(p) for p in r.stdout.split())
    assert rt.parent == pre and gch.parent.parent == pre and gch_matmul.parent.parent == pre
    assert gch_matmul.parent.name == gch.parent.name + "-matmul"
    assert all(build.check(p)[0] == build.OK for p in (rt, gch, gch_matmul))
    cmds = []

    class Job(build._Job):
        def __init__(self, cmd, what):
            cmds.append(list(cmd))
            super().__init__(cmd, what)

    monkeypatch.setattr(build, "_Job", Job)
    monkeypatch.setattr(build, "_run", lambda cmd, *a, **k: pytest.fail(f"ran {cmd}"))  # no runtime, no link
    run_scale(ModelBackend(), make_kernel("scale", scale_source(8.0, uuid.uuid4().hex), SCALE_PARAMS,
                                          root / "k"), 8.0)
    assert len(cmds) == 1 and str(rt) in cmds[0] and str(gch.parent) in cmds[0]
    assert not list((root / "model").glob("runtime-*")) and not list((root / "model").glob("pch-*"))
    assert build.runtime_object(build.include_dir()) == rt
    rt.write_bytes(rt.read_bytes()[:100])
    assert build._find_runtime(build.include_dir()) == (build.cache_root() / rt.name, False)


def test_a_pch_is_keyed_by_its_headers_folder(tmp_path, monkeypatch):
    # two checkouts with the same headers share the runtime object (content-keyed) but not a
    # PCH, which records its headers' paths
    from asc.cprog import toolchain
    from asc.runtime.model import build as model_build
    monkeypatch.setattr(model_build, "toolchain_digest", lambda inc: "0" * 64)
    a, b = tmp_path / "one" / "include", tmp_path / "two" / "include"
    a.mkdir(parents=True)
    b.mkdir(parents=True)
    assert model_build.pch_dir(a) != model_build.pch_dir(b)
    assert model_build.pch_dir(a) == model_build.pch_dir(tmp_path / "one" / ".." / "one" / "include")
    monkeypatch.setattr(toolchain, "digest", lambda inc, part="host": "0" * 64)
    assert toolchain._paths(a)["pch"] != toolchain._paths(b)["pch"]
    assert toolchain._paths(a)["host"] == toolchain._paths(b)["host"]


# ---- the library record (runtime/model/library_record.py) ----

def _as_installed(monkeypatch):
    """This checkout taken for an installed copy whose Model files are its own (a wheel)."""
    monkeypatch.setattr(cache, "installed_key", lambda: "record:" + "0" * 64)
    monkeypatch.setattr(library_record._installed, "inside", lambda path: True)


def _load_recorded(src, kdir, monkeypatch):
    """A load that must come from the record: the full way's steps fail if taken."""
    def full_way(*a, **k):
        raise AssertionError("the library was looked up the full way")

    with monkeypatch.context() as m:
        m.setattr(build, "build_library", full_way)
        m.setattr(build, "include_dir", full_way)
        m.setattr(build, "cxx", full_way)
        run_scale(ModelBackend(), make_kernel("scale", src, SCALE_PARAMS, kdir), 4.0)


def test_a_relaunch_finds_its_library_through_the_record(kdir, monkeypatch):
    """An installed copy's kernel library, once trusted by its identity, is found by the next
    load from the record in its entry: no include folder, compiler lookup or hashing."""
    _as_installed(monkeypatch)
    monkeypatch.setattr(build, "TRUST_AGE_S", 0.0)
    src = scale_source(4.0, uuid.uuid4().hex)
    record = kdir / library_record.NAME
    run_scale(ModelBackend(), make_kernel("scale", src, SCALE_PARAMS, kdir), 4.0)
    assert not record.exists()  # just built: not yet verified, so not trusted by its identity
    run_scale(ModelBackend(), make_kernel("scale", src, SCALE_PARAMS, kdir), 4.0)
    assert record.exists()
    _load_recorded(src, kdir, monkeypatch)


@pytest.fixture(scope="module")
def recorded_source(tmp_path_factory, cache):
    """(source, library) of one kernel built once for the record tests (each copies it)."""
    src = scale_source(4.0, uuid.uuid4().hex)
    lib = build.build_library(src + _stub(), tmp_path_factory.mktemp("recorded"), build.include_dir())
    return src, lib


def _recorded(kdir, monkeypatch, recorded_source):
    """The shared library copied into `kdir`, verified and recorded as an installed copy's."""
    _as_installed(monkeypatch)
    monkeypatch.setattr(build, "TRUST_AGE_S", 0.0)
    src, built = recorded_source
    lib = kdir / built.name
    for f in (built, built.with_name(built.name + ".sha256")):
        shutil.copy(f, kdir / f.name)
    assert build.check(lib) == (build.OK, "")
    library_record.write(kdir, lib, build.include_dir(), build.cxx(), None)
    assert library_record.find(kdir).lib == lib
    return src, lib


@pytest.mark.parametrize("change", ["cxx", "path", "include", "library", "compiler"])
def test_the_record_holds_only_while_what_it_came_from_does(kdir, monkeypatch, tmp_path, change, recorded_source):
    """A changed setting ($CXX, $PATH, $ASC_MODEL_INCLUDE), a library written since, or another
    compiler file at the recorded path: the record is not used (the full way decides)."""
    src, lib = _recorded(kdir, monkeypatch, recorded_source)
    if change == "cxx":
        exe = build.cxx()  # the same compiler file, spelt otherwise: still another setting
        monkeypatch.setenv("CXX", os.path.join(os.path.dirname(exe), ".", os.path.basename(exe)))
    elif change == "path":
        monkeypatch.setenv("PATH", os.environ["PATH"] + os.pathsep + str(tmp_path))
    elif change == "include":
        monkeypatch.setenv("ASC_MODEL_INCLUDE", str(build.include_dir()))
    elif change == "library":
        os.utime(lib, ns=(time.time_ns(), time.time_ns()))
    else:
        fake = tmp_path / "g++"
        fake.write_text("#!/bin/sh\nexec g++ \"$@\"\n")
        fake.chmod(0o755)
        monkeypatch.setenv("CXX", str(fake))
        library_record.write(kdir, lib, build.include_dir(), str(fake), None)
        assert library_record.find(kdir).lib == lib
        fake.write_text("#!/bin/sh\nexec g++ \"$@\"  \n")  # a new compiler file: size and mtime change
    assert library_record.find(kdir) is None
    if change != "compiler":  # (another compiler's digest: a new library, compiled; not needed here)
        run_scale(ModelBackend(), make_kernel("scale", src, SCALE_PARAMS, kdir), 4.0)  # the full way runs it


def test_a_damaged_record_is_removed_with_one_warning(kdir, monkeypatch, caplog, recorded_source):
    src, lib = _recorded(kdir, monkeypatch, recorded_source)
    record = kdir / library_record.NAME
    record.write_bytes(record.read_bytes().replace(lib.name.encode(), b"../../../etc/passwd"))
    assert library_record.find(kdir) is None and not record.exists()
    mine, _ = warnings_naming(caplog, record)
    assert len(mine) == 1 and "corrupt" in mine[0]
    run_scale(ModelBackend(), make_kernel("scale", src, SCALE_PARAMS, kdir), 4.0)


def test_a_checkout_writes_no_record(kdir, monkeypatch):
    """A checkout's Model headers are edited in place: its libraries are found the full way,
    which sees an edit (the toolchain digest's stat walk)."""
    monkeypatch.setattr(build, "TRUST_AGE_S", 0.0)
    src = scale_source(4.0, uuid.uuid4().hex)
    for _ in range(2):
        run_scale(ModelBackend(), make_kernel("scale", src, SCALE_PARAMS, kdir), 4.0)
    assert cache.installed_key() is None and not (kdir / library_record.NAME).exists()


def test_the_record_keeps_the_platforms_memories(kdir, monkeypatch, recorded_source):
    """A backend given its platform by name (asc.runtime.config's) launches a recorded kernel
    with the memory figures the record keeps, without reading the platform's files; a launch
    on another platform reads that one's and records them instead."""
    from asc.runtime import platforms
    src, lib = _recorded(kdir, monkeypatch, recorded_source)
    kernel = lambda: make_kernel("scale", src, SCALE_PARAMS, kdir)  # noqa: E731
    run_scale(ModelBackend("Ascend910B1"), kernel(), 4.0)  # reads the platform, records its memories
    b1 = platforms.get_platform("Ascend910B1")
    assert library_record.find(kdir).memories == ("Ascend910B1", b1.mem_sizes(), b1.mem_aligns())

    def unread(*a, **k):
        raise AssertionError("the platform's record was read")

    backend = ModelBackend("Ascend910B1")
    with monkeypatch.context() as m:
        m.setattr(sys.modules[ModelBackend.__module__], "get_platform", unread)
        run_scale(backend, kernel(), 4.0)
        assert backend._platform is None
        cfg = launch_config(backend)
        assert list(cfg.mem_size) == list(b1.mem_sizes()) and list(cfg.mem_align) == list(b1.mem_aligns())
    assert backend.platform is b1  # asked for: read then
    run_scale(ModelBackend("Ascend910B4"), kernel(), 4.0)
    b4 = platforms.get_platform("Ascend910B4")
    assert library_record.find(kdir).memories == ("Ascend910B4", b4.mem_sizes(), b4.mem_aligns())


def launch_config(backend):
    from asc.runtime.model import launch
    return launch.LaunchConfig.from_buffer_copy(backend._config_template())
