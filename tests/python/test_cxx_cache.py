"""tests/cxx_cache.py, the test suite's $CXX: the Model's content-addressed compiles are
shared between folders (a hit gives g++'s bytes), nothing else is cached, a change of any
input is a miss, failures are never cached, a damaged entry is compiled again."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

WRAPPER = Path(__file__).resolve().parents[1] / "cxx_cache.py"
NAME = "model-" + "ab" * 12  # a kernel library's digest-named source (24 hex)
SRC = 'extern "C" int answer() { return %d; }\n'

pytestmark = pytest.mark.skipif(shutil.which("g++") is None, reason="no g++ on PATH")


@pytest.fixture
def cache(tmp_path):
    return tmp_path / "cxx-cache"


def compile_in(folder: Path, cache: Path, text: str, name: str = NAME, extra=()):
    """Compiles folder/<name>.cpp into folder/<name>.so through the wrapper; (rc, library, stderr)."""
    folder.mkdir(parents=True, exist_ok=True)
    src = folder / f"{name}.cpp"
    src.write_text(text)
    lib = folder / f"{name}.so"
    env = dict(os.environ, ASC_TEST_CXX_CACHE=str(cache))
    r = subprocess.run([sys.executable, str(WRAPPER), "-O2", "-fPIC", "-shared", *extra, str(src), "-o", str(lib)],
                       env=env, capture_output=True, text=True)
    return r.returncode, lib, r.stderr


def stats(cache: Path):
    """The stats lines as "<hit|miss|other> <output name>" (each line also holds g++'s CPU seconds)."""
    p = cache / "stats"
    lines = [ln.split() for ln in p.read_text().split("\n")[:-1]] if p.exists() else []
    assert all(float(secs) >= 0 for _, secs, _ in lines)
    return [f"{kind} {name}" for kind, _, name in lines]


def plain_gxx(tmp_path: Path, text: str) -> bytes:
    src = tmp_path / "plain" / f"{NAME}.cpp"
    src.parent.mkdir()
    src.write_text(text)
    out = src.with_suffix(".so")
    subprocess.run(["g++", "-O2", "-fPIC", "-shared", str(src), "-o", str(out)], check=True)
    return out.read_bytes()


def test_a_second_folder_gets_the_first_compiles_bytes(tmp_path, cache):
    rc, a, _ = compile_in(tmp_path / "a", cache, SRC % 42)
    assert rc == 0 and stats(cache) == [f"miss {NAME}.so"]
    rc, b, _ = compile_in(tmp_path / "b", cache, SRC % 42)
    assert rc == 0 and stats(cache) == [f"miss {NAME}.so", f"hit {NAME}.so"]
    assert a.read_bytes() == b.read_bytes()
    assert os.access(b, os.X_OK)  # as the linker leaves a library


def test_a_changed_source_or_flag_is_a_miss(tmp_path, cache):
    compile_in(tmp_path / "a", cache, SRC % 1)
    compile_in(tmp_path / "b", cache, SRC % 2)
    compile_in(tmp_path / "c", cache, SRC % 1, extra=("-O0",))
    assert [s.split()[0] for s in stats(cache)] == ["miss", "miss", "miss"]


def _wrapper_module():
    import importlib.util
    spec = importlib.util.spec_from_file_location("cxx_cache", WRAPPER)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_every_artefact_the_runtime_build_writes_is_cacheable(tmp_path):
    """The runtime object's translation units (compiled apart since issue 24, then linked
    with -r) are named by the object's digest: the names build.py gives them, as the
    temporary files g++ writes, are ones the wrapper caches. (When they were not, every
    test target that builds the runtime compiled it again: ~9 s each.)"""
    from asc import cache as asc_cache
    from asc.runtime.model import build
    wrapper = _wrapper_module()
    out = tmp_path / ("runtime-" + "c" * 20 + ".o")
    for part in [out, *build.runtime_parts(out)]:
        assert wrapper._content_addressed(str(asc_cache.tmp_path(part))), part.name
    assert not wrapper._content_addressed(str(tmp_path / "runtime.o.base.o"))


def test_names_not_given_by_a_digest_are_not_cached(tmp_path, cache):
    rc, lib, _ = compile_in(tmp_path / "a", cache, SRC % 3, name="kernel")
    assert rc == 0 and lib.is_file()
    assert stats(cache) == [] and not (cache.exists() and any(cache.iterdir()))


def test_a_compile_it_does_not_cache_is_counted_with_its_cpu_time(tmp_path, cache):
    """`./dev test` sums the stats: how much g++ time the cache cannot help with."""
    cache.mkdir()
    rc, lib, _ = compile_in(tmp_path / "a", cache, SRC % 4, name="kernel")
    assert rc == 0 and lib.is_file()
    assert stats(cache) == ["other kernel.so"]
    kind, secs, _ = (cache / "stats").read_text().split()
    assert float(secs) > 0  # a g++ run takes some CPU
    assert [p.name for p in cache.iterdir()] == ["stats"]  # nothing cached


def test_a_failed_compile_is_not_cached(tmp_path, cache):
    rc, _, err = compile_in(tmp_path / "a", cache, "this is not C++\n")
    assert rc != 0 and "error" in err
    rc, _, err = compile_in(tmp_path / "b", cache, "this is not C++\n")
    assert rc != 0 and "error" in err and stats(cache) == []


def test_a_damaged_entry_is_compiled_again(tmp_path, cache):
    compile_in(tmp_path / "a", cache, SRC % 5)
    entry = next(p for p in cache.rglob("*") if p.is_file() and len(p.name) == 64)
    entry.write_bytes(entry.read_bytes()[:100])  # truncated: fails its sha256
    rc, lib, _ = compile_in(tmp_path / "b", cache, SRC % 5)
    assert rc == 0 and stats(cache)[-1] == f"miss {NAME}.so"
    assert lib.read_bytes() == plain_gxx(tmp_path, SRC % 5)


def test_without_a_cache_folder_it_is_g_plus_plus():
    env = {k: v for k, v in os.environ.items() if k != "ASC_TEST_CXX_CACHE"}
    r = subprocess.run([sys.executable, str(WRAPPER), "--version"], env=env, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == subprocess.run(["g++", "--version"], capture_output=True,
                                                            text=True).stdout
