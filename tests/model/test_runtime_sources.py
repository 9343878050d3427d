"""The Model runtime is every cpp/model/src/*.cpp, compiled as one translation
unit (build.runtime_unity); each part also compiles on its own, and every
runtime source is part of the toolchain digest that keys the cached artefacts."""

import subprocess

import pytest

from asc.runtime.model import build

INC = build.include_dir()
PARTS = sorted((INC.parent / "src").glob("*.cpp"))


def test_the_unity_source_includes_every_part():
    unity = build.runtime_unity(INC)
    assert [line for line in unity.splitlines()] == [f'#include "{p}"' for p in PARTS]
    assert {p.name for p in PARTS} >= {"runtime.cpp", "mem_pool.cpp", "thread_pool.cpp", "signals.cpp"}


def test_every_runtime_source_keys_the_cache():
    files = set(build._tree_files(INC))
    for p in (INC.parent / "src").iterdir():
        if p.suffix in (".cpp", ".h"):
            assert p in files, p


@pytest.mark.parametrize("part", PARTS, ids=[p.name for p in PARTS])
def test_each_part_compiles_on_its_own(part):
    r = subprocess.run([build.cxx(), *build.RUNTIME_FLAGS, "-Wall", "-I", str(INC), "-fsyntax-only", str(part)],
                       capture_output=True, text=True)
    assert r.returncode == 0 and "warning" not in r.stderr, r.stderr
