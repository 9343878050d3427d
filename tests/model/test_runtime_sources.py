"""The Model runtime is every cpp/model/src/*.cpp, compiled as one translation
unit (build.runtime_unity); each part also compiles on its own, and every
runtime source is part of the toolchain digest that keys the cached artefacts."""

import subprocess

import pytest

from asc.runtime.model import build

INC = build.include_dir()
PARTS = sorted((INC.parent / "src").glob("*.cpp"))


def test_the_two_unity_sources_include_every_part_once():
    base = build.runtime_unity(INC).splitlines()
    api = build.runtime_unity(INC, api=True).splitlines()
    assert base + api == [f'#include "{p}"' for p in PARTS if not p.name.startswith("api_")] + \
        [f'#include "{p}"' for p in PARTS if p.name.startswith("api_")]
    assert {p.name for p in PARTS} >= {"runtime.cpp", "mem_pool.cpp", "thread_pool.cpp", "signals.cpp", "api_call.cpp"}
    # the API parts (run on every API call) at the kernels' optimisation level, the rest at -O1
    assert "-O2" in build.API_FLAGS and "-O1" in build.RUNTIME_FLAGS


def test_the_runtime_object_holds_both_units():
    import shutil

    nm = shutil.which("nm")
    if nm is None:
        # (binutils' nm comes with g++, which the Model needs anyway; without it the object's
        # symbols cannot be listed, and the unity test above still checks the two units)
        pytest.skip("nm (binutils) is not on PATH: cannot list the runtime object's symbols")
    syms = subprocess.run([nm, "-C", str(build.runtime_object(INC))], capture_output=True, text=True,
                          check=True).stdout
    defined = {line.split(" ", 2)[2] for line in syms.splitlines() if line[17:19] in ("T ", "t ")}
    assert "asc_model::Core::poll(char const*, int)" in defined  # runtime.cpp (RUNTIME_FLAGS)
    assert any(d.startswith("asc_model::Call::range(") for d in defined)  # api_call.cpp (API_FLAGS)


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
