"""Stress test of the caches (issue 8): threads x launches of one kernel,
processes x a cold cache compiling the same kernel, kill -9 during a compile,
and every kind of cache file damaged in turn. Each run is a separate process
so that a crash (SIGSEGV, SIGBUS, an ld.so assert) fails the test instead of
killing pytest; every run checks its numbers against numpy."""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import numpy as np
import pytest

import asc

KERNEL = '''
import asc

ADD = {add}


@asc.jit
def scale(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, factor: float):
    offset = asc.get_block_idx() * n
    x_gm = asc.GlobalTensor(); x_gm.set_global_buffer(x + offset, n)
    y_gm = asc.GlobalTensor(); y_gm.set_global_buffer(y + offset, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, x_gm, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0); asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.muls(t, t, factor, n)
    asc.adds(t, t, {add}, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0); asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, t, n)
'''

# argv: threads launches module... ; each thread launches each module's kernel
# `launches` times with its own arrays and checks y = x * factor + ADD.
CHILD = r'''
import importlib, sys, threading
import numpy as np
threads, launches = int(sys.argv[1]), int(sys.argv[2])
mods = [importlib.import_module(m) for m in sys.argv[3:]]
errors = []
start = threading.Barrier(threads)
def work(i):
    try:
        start.wait()
        for mod in mods:
            x = np.arange(4 * 256, dtype=np.float32) + i
            y = np.empty_like(x)
            for j in range(launches):
                y.fill(-1)
                factor = 0.5 + j
                mod.scale[4](x, y, 256, factor)
                np.testing.assert_allclose(y, x * np.float32(factor) + np.float32(mod.ADD), rtol=1e-6)
    except BaseException as exc:
        errors.append(f"thread {i}: {exc!r}")
ts = [threading.Thread(target=work, args=(i,)) for i in range(threads)]
for t in ts:
    t.start()
for t in ts:
    t.join()
if errors:
    print("\n".join(errors))
    sys.exit(1)
print("OK")
'''

WARNING = "asc: cache file "


class Kernels:
    """Kernel modules (one per ADD value, hence one kernel each) and child runs."""

    def __init__(self, d: Path):
        self.dir = d
        d.mkdir(parents=True, exist_ok=True)

    def module(self, add: int) -> str:
        name = f"stress_k{add}"
        path = self.dir / f"{name}.py"
        if not path.exists():
            path.write_text(KERNEL.format(add=f"{add}.0"))
        return name

    def env(self, root: Path):
        pkg = os.path.dirname(os.path.dirname(asc.__file__))
        env = dict(os.environ, ASC_CACHE_DIR=str(root), PYTHONPATH=os.pathsep.join([pkg, str(self.dir)]))
        env["ASC_MODEL_PREBUILT"] = str(root / "model")  # the cache's own runtime and PCH only
        env.pop("ASC_DUMP_PATH", None)
        return env

    def start(self, root: Path, adds, threads=1, launches=2) -> subprocess.Popen:
        mods = [self.module(a) for a in adds]
        return subprocess.Popen([sys.executable, "-c", CHILD, str(threads), str(launches), *mods],
                                env=self.env(root), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def run(self, root: Path, adds, threads=1, launches=2):
        p = self.start(root, adds, threads, launches)
        out, err = p.communicate(timeout=120)
        return p.returncode, out, err


def warnings_of(err: str):
    return [line for line in err.splitlines() if line.startswith(WARNING)]


def tmp_files(root: Path):
    return [p for p in root.rglob("*") if ".tmp" in p.name]


@pytest.fixture(scope="module")
def kernels(tmp_path_factory):
    return Kernels(tmp_path_factory.mktemp("stress-kernels"))


@pytest.fixture(scope="module")
def warm(kernels, tmp_path_factory):
    """A cache holding the runtime object, the precompiled header and the kernel ADD = 1."""
    root = tmp_path_factory.mktemp("stress-warm")
    rc, out, err = kernels.run(root, [1])
    assert rc == 0 and "OK" in out, out + err
    # The PCH is built in the background from a cache's second kernel on; build it now.
    script = ("from asc.runtime.model import build; import time, sys\n"
              "inc = build.include_dir(); build._start_pch(inc)\n"
              "gch = build.pch_dir(inc) / 'kernel_operator.h.gch'\n"
              "t = time.time()\n"
              "while build.check(gch)[0] != build.OK and time.time() - t < 90: time.sleep(0.05)\n"
              "sys.exit(build.check(gch)[0] != build.OK)\n")
    subprocess.run([sys.executable, "-c", script], env=kernels.env(root), check=True, timeout=120)
    assert list(root.glob("model/pch-*/kernel_operator.h.gch.sha256"))
    return root


def copy_cache(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".*.lock"))
    return dst


def test_threads_times_launches(kernels, tmp_path):
    """8 threads launch one new kernel 25 times each (the first launches race to compile it)."""
    sys.path.insert(0, str(kernels.dir))
    try:
        mod = __import__(kernels.module(2))
    finally:
        sys.path.remove(str(kernels.dir))
    errors = []
    start = threading.Barrier(8)

    def work(i):
        try:
            x = np.random.default_rng(i).random(4 * 256, dtype=np.float32)
            y = np.empty_like(x)
            start.wait()
            for j in range(25):
                y.fill(-1)
                mod.scale[4](x, y, 256, float(j))
                np.testing.assert_allclose(y, x * np.float32(j) + np.float32(2), rtol=1e-6)
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(f"thread {i}: {exc!r}")

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors


def test_processes_times_cold_cache(kernels, tmp_path):
    """4 processes x 3 threads launch the same new kernel on an empty cache:
    all correct, one library, one runtime object, no temporary file left."""
    root = tmp_path / "cold"
    procs = [kernels.start(root, [3], threads=3, launches=3) for _ in range(4)]
    results = [(p.wait(timeout=180), *p.communicate()) for p in procs]
    assert all(rc == 0 and "OK" in out for rc, out, _ in results), results
    assert not any(warnings_of(err) for _, _, err in results), results
    assert len(list(root.glob("*/*/model-*.so"))) == 1
    assert len(list(root.glob("model/runtime-*.o"))) == 1
    assert not tmp_files(root)


def test_kill_9_during_compile(kernels, warm, tmp_path):
    """A process killed (SIGKILL) in the middle of compiling a new kernel: the
    next run compiles it and gives the right numbers, without a warning."""
    root = copy_cache(warm, tmp_path / "killed")
    before = set(root.glob("*/*/model-*.cpp"))
    p = kernels.start(root, [4])
    deadline = time.time() + 60
    while set(root.glob("*/*/model-*.cpp")) == before and time.time() < deadline and p.poll() is None:
        time.sleep(0.005)
    assert p.poll() is None, "the child finished before it could be killed"
    time.sleep(0.1)  # g++ is running now
    p.send_signal(signal.SIGKILL)
    p.communicate()
    assert p.returncode == -signal.SIGKILL
    (src,) = set(root.glob("*/*/model-*.cpp")) - before
    assert not list(src.parent.glob("model-*.so*"))  # killed before the library was committed
    rc, out, err = kernels.run(root, [4])
    assert rc == 0 and "OK" in out, out + err
    assert not warnings_of(err), err


def _one(root: Path, pattern: str) -> Path:
    found = list(root.glob(pattern))
    assert len(found) == 1, (pattern, found)
    return found[0]


def _flip(*where):
    def damage(path: Path):
        data = bytearray(path.read_bytes())
        for w in where:
            data[int(len(data) * w)] ^= 0x5A
        path.write_bytes(bytes(data))
    return damage


def _truncate(path: Path):
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def _write(data: bytes):
    return lambda path: path.write_bytes(data)


def _edit_json(edit):
    def damage(path: Path):
        meta = json.loads(path.read_text())
        edit(meta)
        path.write_text(json.dumps(meta))
    return damage


def _edit_source(path: Path):
    text = path.read_text()
    edited = re.sub(r"\(t, t, factor, n\)", "(t, t, factor + 1.0f, n)", text)
    assert edited != text
    path.write_text(edited)


def _first_byte_non_utf8(path: Path):
    path.write_bytes(b"\xff" + path.read_bytes()[1:])


SO, RT, GCH = "*/*/model-*.so", "model/runtime-*.o", "model/pch-*/*.gch"
JSON, CPP, STAMP = "*/*/kernel.json", "*/*/kernel.cpp", "model/stamps/*"

# case: (file damaged, damage, file the warning names, kernels the next run launches).
# The library, kernel.json and kernel.cpp serve the cached kernel (ADD = 1); the
# runtime object and the PCH only a compile, hence a new kernel (ADD = 5) too.
# (More variants of each, in-process: test_cache_integrity.py.)
CASES = {
    "so_truncated": (SO, _truncate, SO, [1]),
    "so_bit_flipped": (SO, _flip(0.3, 0.6), SO, [1]),
    "runtime_o_garbage": (RT, lambda p: p.write_bytes(os.urandom(4096)), RT, [1, 5]),
    "gch_bit_flipped": (GCH, _flip(0.5), GCH, [1, 5]),
    "kernel_json_wrong_fields": (JSON, _edit_json(lambda m: m["params"][0].update(kind="scalar")), JSON, [1]),
    "kernel_json_invalid": (JSON, _write(b'{"name": "sca'), JSON, [1]),
    "stamp_non_utf8": (STAMP, _first_byte_non_utf8, STAMP, [1]),
    "kernel_cpp_edited": (CPP, _edit_source, CPP, [1]),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_damaged_cache_file_is_healed(kernels, warm, tmp_path, case):
    """Each kind of cache file damaged in turn: the next run exits 0 with the
    right numbers and one warning line naming the file; the run after that
    finds a healthy cache (no warning)."""
    root = copy_cache(warm, tmp_path / case)
    target, damage, named, adds = CASES[case]
    named = _one(root, named)
    damage(_one(root, target))
    rc, out, err = kernels.run(root, adds)
    assert rc == 0 and "OK" in out, f"exit {rc}\n{out}\n{err}"
    lines = warnings_of(err)
    assert len(lines) == 1 and str(named) in lines[0], err
    rc, out, err = kernels.run(root, adds)
    assert rc == 0 and "OK" in out and not warnings_of(err), f"exit {rc}\n{out}\n{err}"
