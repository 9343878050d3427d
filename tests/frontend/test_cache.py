"""The in-memory and disk caches: hits, misses on every input of the key, dumps,
concurrent writers and corrupt entries."""

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
import uuid

import numpy as np
import pytest

import asc
from asc import cache
from asc.codegen import compiler

X32 = np.ones(256, np.float32)
X16 = np.ones(256, np.float16)

KERNEL_SRC = '''
import asc

TILE_NUM = 8

@asc.jit
def helper(a: int):
    return a * {helper_factor}

@asc.jit
def kern(x: asc.GlobalAddress, n: int, c: asc.ConstExpr[int]):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, helper(n) + TILE_NUM * c + {body_const})
'''


def _module(tmp_path, helper_factor=2, body_const=1, name=None, file=None):
    """Imports the kernel source as a new module (new JITFunctions); `file` reuses a file."""
    name = name or "kmod_" + uuid.uuid4().hex[:8]
    path = tmp_path / f"{file or name}.py"
    text = KERNEL_SRC.format(helper_factor=helper_factor, body_const=body_const)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def compiles(monkeypatch):
    """Counts calls to compile_to_source."""
    count = [0]
    real = compiler.compile_to_source

    def counting(*a, **k):
        count[0] += 1
        return real(*a, **k)
    monkeypatch.setattr(compiler, "compile_to_source", counting)
    return count


def test_hit_on_same_call(tmp_path, compiles):
    mod = _module(tmp_path)
    k1 = mod.kern.warmup(X32, 4, 3)
    k2 = mod.kern.warmup(X32, 4, 3)
    k3 = mod.kern.warmup(X32, 7, 3)  # another runtime value: same specialization
    assert compiles[0] == 1
    assert k1 is k2 is k3


def test_miss_when_source_changes(tmp_path, compiles):
    a = _module(tmp_path, body_const=1, name="same_a")
    src_a = a.kern.warmup(X32, 4, 3).source
    b = _module(tmp_path, body_const=5, name="same_b")
    src_b = b.kern.warmup(X32, 4, 3).source
    assert compiles[0] == 2
    assert "+ 25" in src_a and "+ 29" in src_b  # 8*3 + 1 ; 8*3 + 5


def test_miss_when_callee_changes(tmp_path, compiles):
    mod = _module(tmp_path, helper_factor=2)
    assert "a * 2" in mod.kern.warmup(X32, 4, 3).source
    other = _module(tmp_path, helper_factor=3)
    mod.helper = other.helper  # the kernel now calls a different device function
    src = mod.kern.warmup(X32, 4, 3).source
    assert compiles[0] == 2
    assert "a * 3" in src


def test_miss_when_global_changes(tmp_path, compiles):
    mod = _module(tmp_path)
    assert "+ 25" in mod.kern.warmup(X32, 4, 3).source
    mod.TILE_NUM = 4
    assert "+ 13" in mod.kern.warmup(X32, 4, 3).source  # 4*3 + 1
    assert compiles[0] == 2
    mod.kern.warmup(X32, 4, 3)
    assert compiles[0] == 2


def test_miss_when_global_changes_between_launches(tmp_path, compiles, monkeypatch):
    mod = _module(tmp_path)
    seen = []

    class Backend(asc.runtime.backend.KernelBackend):
        def load(self, kernel):
            return lambda core_num, stream, args: seen.append(kernel.source)
    from asc.runtime import config
    monkeypatch.setattr(config, "_instance", Backend())
    mod.kern[1](X32, 4, 3)
    mod.TILE_NUM = 4
    mod.kern[1](X32, 4, 3)
    assert "+ 25" in seen[0] and "+ 13" in seen[1]
    assert compiles[0] == 2


def test_miss_when_constexpr_or_dtype_changes(tmp_path, compiles):
    mod = _module(tmp_path)
    a = mod.kern.warmup(X32, 4, 3)
    b = mod.kern.warmup(X32, 4, 5)
    c = mod.kern.warmup(X16, 4, 3)
    assert compiles[0] == 3
    assert "+ 25" in a.source and "+ 41" in b.source
    assert "half" in c.source and "half" not in a.source
    assert len({a.key, b.key, c.key}) == 3


def test_disk_hit_for_fresh_jit_function(tmp_path, compiles):
    a = _module(tmp_path, file="disk")
    ka = a.kern.warmup(X32, 4, 3)
    asc.cache.flush()  # entries are written in the background; flush waits for them
    assert (ka.cache_dir / "kernel.json").is_file()
    # the same file imported again (as in a new process): new JITFunctions, same key
    b = _module(tmp_path, file="disk")
    assert b.kern is not a.kern
    kb = b.kern.warmup(X32, 4, 3)
    assert compiles[0] == 1
    assert kb.key == ka.key and kb.source == ka.source and kb.mlir == ka.mlir
    assert kb.params == ka.params


def test_dump_path(tmp_path, monkeypatch):
    for var in ("ASC_DUMP_PATH", "PYASC_DUMP_PATH"):
        d = tmp_path / var
        monkeypatch.setenv(var, str(d))
        mod = _module(tmp_path)
        k = mod.kern.warmup(X32, 4, 3)
        assert (d / "kern.cpp").read_text() == k.source
        assert "func.func" in (d / "kern.mlir").read_text()
        monkeypatch.delenv(var)


def test_pyasc_cache_dir_honoured(tmp_path, monkeypatch):
    monkeypatch.delenv("ASC_CACHE_DIR")
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "pyasc"))
    mod = _module(tmp_path)
    k = mod.kern.warmup(X32, 4, 3)
    assert str(k.cache_dir).startswith(str(tmp_path / "pyasc"))
    asc.cache.flush()
    assert (k.cache_dir / "kernel.json").is_file()


def test_same_source_in_another_file_is_a_miss(tmp_path, compiles):
    # the emitted #line directives name the file, so the file is part of the key
    ka = _module(tmp_path, file="one").kern.warmup(X32, 4, 3)
    kb = _module(tmp_path, file="two").kern.warmup(X32, 4, 3)
    assert compiles[0] == 2 and ka.key != kb.key
    assert "two.py" in kb.source and "one.py" not in kb.source


def test_corrupt_entry_is_a_miss(tmp_path, compiles):
    a = _module(tmp_path, file="corrupt")
    k = a.kern.warmup(X32, 4, 3)
    asc.cache.flush()
    (k.cache_dir / "kernel.json").unlink()
    b = _module(tmp_path, file="corrupt")
    kb = b.kern.warmup(X32, 4, 3)
    asc.cache.flush()
    assert compiles[0] == 2 and kb.source == k.source
    assert json.loads((k.cache_dir / "kernel.json").read_text())["name"] == "kern"
    # a truncated kernel.json is a miss too
    (k.cache_dir / "kernel.json").write_text('{"name": "ke')
    c = _module(tmp_path, file="corrupt")
    c.kern.warmup(X32, 4, 3)
    assert compiles[0] == 3


def test_eight_processes_one_entry(tmp_path):
    mod_dir = tmp_path / "mods"
    mod_dir.mkdir()
    (mod_dir / "conc_kernel.py").write_text(KERNEL_SRC.format(helper_factor=2, body_const=1))
    script = textwrap.dedent("""
        import sys, numpy as np
        import conc_kernel
        k = conc_kernel.kern.warmup(np.ones(256, np.float32), 4, 3)
        print(k.key)
    """)
    root = os.path.dirname(os.path.dirname(asc.__file__))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, str(mod_dir)]),
               ASC_CACHE_DIR=str(tmp_path / "shared"))
    procs = [subprocess.Popen([sys.executable, "-c", script], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(8)]
    outs = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [o[1] for o in outs]
    keys = {o[0].strip() for o in outs}
    assert len(keys) == 1
    entries = [d for d in (tmp_path / "shared").glob("*/*") if d.is_dir()]
    assert len(entries) == 1 and entries[0].name == keys.pop()
    names = sorted(os.listdir(entries[0]))
    assert names == ["kernel.cpp", "kernel.json"], names  # MLIR is kept only when dumping
    meta = json.loads((entries[0] / "kernel.json").read_text())
    assert meta["name"] == "kern" and len(meta["params"]) == 2
    assert not list((tmp_path / "shared").rglob("*.tmp"))


CALLEE_GLOBAL_SRC = '''
import asc

FACTOR = 2

@asc.jit
def helper(a: int):
    return a * FACTOR

@asc.jit
def kern(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, helper(n))
'''


def test_miss_when_callee_global_changes(tmp_path, compiles):
    path = tmp_path / "callee_global.py"
    path.write_text(CALLEE_GLOBAL_SRC)
    spec = importlib.util.spec_from_file_location("callee_global", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert "a * 2" in mod.kern.warmup(X32, 4).source
    mod.FACTOR = 5
    assert "a * 5" in mod.kern.warmup(X32, 4).source
    mod.FACTOR = 2  # back: the first kernel's disk entry
    assert "a * 2" in mod.kern.warmup(X32, 4).source
    assert compiles[0] == 2


def test_global_change_after_disk_hit_is_a_miss(tmp_path, compiles):
    """A kernel loaded from disk is guarded like a compiled one: rebinding a global
    it (or its callee) reads recompiles."""
    a = _module(tmp_path, file="guarded")
    a.kern.warmup(X32, 4, 3)
    cache.flush()
    b = _module(tmp_path, file="guarded")
    first = b.kern.warmup(X32, 4, 3)
    assert compiles[0] == 1  # the second module hit the disk entry
    b.TILE_NUM = 4
    second = b.kern.warmup(X32, 4, 3)
    assert compiles[0] == 2 and second.key != first.key
    assert "+ 13" in second.source  # 4*3 + 1


IDENTITY_SRC = '''
import asc

class Tiling:  # no stable repr: "<...Tiling object at 0x...>"
    pass

TILING = Tiling()
TILING.n = 8

@asc.jit
def kern(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n + TILING.n)
'''


def test_global_keyed_by_identity_stays_off_the_disk(tmp_path, compiles):
    """A kernel whose key holds an object's address must not be found on disk by
    another process, where a different object can live at that address."""
    path = tmp_path / "ident.py"
    path.write_text(IDENTITY_SRC)
    mods = []
    for i in range(2):
        spec = importlib.util.spec_from_file_location(f"ident_{i}", path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        mods.append(mod)
    k = mods[0].kern.warmup(X32, 4)
    mods[0].kern.warmup(X32, 4)  # the memory cache still hits
    assert compiles[0] == 1
    asc.cache.flush()
    assert not (k.cache_dir / "kernel.json").exists()
    mods[1].kern.warmup(X32, 4)  # a fresh function with its own object: compiled anew
    assert compiles[0] == 2
