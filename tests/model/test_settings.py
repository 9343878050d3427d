"""asc.settings is the one place that reads the environment: the README's
table lists exactly its knobs, nothing else in the package or the Model reads
an environment variable, knobs are read at use time, and the C++ runtime gets
its knobs through LaunchConfig, whose layout matches the ctypes mirror."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from conftest import ROOT, gm, make_kernel, scalar

import asc
from asc import cache, settings
from asc.runtime.model import ModelBackend, ModelFault, build, launch

README = ROOT / "README.md"
_BEGIN = "<!-- settings table: generated from python/asc/settings.py (settings.markdown_table()) -->\n"
_END = "<!-- end of settings table -->\n"


def _readme_table() -> str:
    text = README.read_text()
    assert _BEGIN in text and _END in text, f"README.md lost its settings table markers ({_BEGIN.strip()})"
    return text[text.index(_BEGIN) + len(_BEGIN):text.index(_END)]


def test_readme_lists_exactly_the_knobs():
    table = _readme_table()
    in_readme = set()
    for row in table.splitlines()[2:]:
        cell = row.split("|")[1]
        in_readme.update(re.findall(r"`([A-Z][A-Z0-9_]*)`", cell))
    in_module = {n for k in settings.KNOBS for n in k.names}
    assert in_readme - in_module == set(), "README.md documents variables asc.settings does not have"
    assert in_module - in_readme == set(), "asc.settings has knobs README.md's table does not list"
    assert table == settings.markdown_table(), (
        "README.md's settings table differs from asc.settings; replace it with:\n" + settings.markdown_table())


def test_every_knob_is_described():
    names = [n for k in settings.KNOBS for n in k.names]
    assert len(names) == len(set(names))
    for k in settings.KNOBS:
        assert k.doc and k.type in ("path", "str", "seconds", "flags", "count", "switch"), k
        assert getattr(settings, [a for a in settings.__all__ if getattr(settings, a) is k][0]) is k


# Reads of the environment allowed outside settings.py: (file, the line's text).
_ALLOWED = {("python/asc/runtime/model/build.py", 'return settings.cxx.raw(), os.environ.get("PATH")'),
            # an Ascend C program's knob reader: the knobs' names are generated from settings.py
            ("cpp/model/host/acl.cpp", "const char* v = std::getenv(k.names[i]);"),
            ("cpp/model/host/acl.cpp", 'const char* tmp = std::getenv("TMPDIR");'),
            # a program's host tiling (a header the program includes; acl.cpp's knob reader is
            # not visible there): settings.program_python, read by its one name
            ("cpp/model/host/include/asc_host/replay.h", 'const char* forced = std::getenv("ASC_PYTHON");')}


def test_nothing_else_reads_the_environment():
    pattern = re.compile(r"\bos\.environ\b|\bgetenv\b|\benviron\s*\[|\bos\.getenv\b|secure_getenv")
    found = []
    files = [p for p in (ROOT / "python" / "asc").rglob("*.py") if p.name != "settings.py"]
    files += [p for p in (ROOT / "cpp" / "model").rglob("*") if p.suffix in (".h", ".cpp")]
    for p in files:
        rel = str(p.relative_to(ROOT))
        for line in p.read_text().splitlines():
            if pattern.search(line) and not any(rel == f and text in line for f, text in _ALLOWED):
                found.append(f"{rel}: {line.strip()}")
    assert found == [], "read these through asc.settings (a knob, with a README row):\n" + "\n".join(found)


def test_knobs_are_read_at_use_time(monkeypatch, tmp_path):
    for var in ("ASC_CACHE_DIR", "PYASC_CACHE_DIR", "XDG_CACHE_HOME", "ASC_DUMP_PATH", "PYASC_DUMP_PATH"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert cache.cache_root() == tmp_path / "home" / ".cache" / "asc"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache.cache_root() == tmp_path / "xdg" / "asc"
    monkeypatch.setenv("PYASC_CACHE_DIR", str(tmp_path / "py"))
    assert cache.cache_root() == tmp_path / "py"
    monkeypatch.setenv("ASC_CACHE_DIR", "")  # empty = unset
    assert cache.cache_root() == tmp_path / "py"
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "asc"))
    assert cache.cache_root() == tmp_path / "asc" and build.cache_root() == tmp_path / "asc" / "model"
    assert cache.dump_dir() is None
    monkeypatch.setenv("PYASC_DUMP_PATH", str(tmp_path / "d"))
    assert cache.dump_dir() == tmp_path / "d"
    assert settings.cxx.get() == "g++" or settings.cxx.get() == settings.cxx.raw()
    monkeypatch.setenv("CXX", "no-such-compiler-xyz")
    with pytest.raises(build.ModelCompileError, match="no-such-compiler-xyz"):
        build.cxx()
    monkeypatch.setenv("ASC_MODEL_INCLUDE", str(tmp_path / "inc"))
    assert build.include_dir() == tmp_path / "inc"
    monkeypatch.delenv("ASC_MODEL_INCLUDE")
    assert (build.include_dir() / "kernel_operator.h").is_file()


def test_knob_values_parse_or_name_the_variable():
    t = settings.model_launch_timeout
    assert t.get({}) == 300.0
    assert t.get({"ASC_MODEL_LAUNCH_TIMEOUT": "2.5"}) == 2.5
    assert t.get({"ASC_MODEL_LAUNCH_TIMEOUT": "0"}) == 0.0
    assert t.get({"ASC_MODEL_LAUNCH_TIMEOUT": "-3"}) == 0.0  # negative: no limit, as 0
    with pytest.raises(ValueError, match="ASC_MODEL_LAUNCH_TIMEOUT='soon' is not a number"):
        t.get({"ASC_MODEL_LAUNCH_TIMEOUT": "soon"})
    for bad in ("nan", "inf"):  # NaN would disable the bound silently (issue 25)
        with pytest.raises(ValueError, match=f"ASC_MODEL_LAUNCH_TIMEOUT='{bad}' is not a finite number"):
            t.get({"ASC_MODEL_LAUNCH_TIMEOUT": bad})
    d = settings.debug
    assert d.get({}) == frozenset()
    assert d.get({"ASC_DEBUG": "initcheck"}) == {"initcheck"}
    assert d.get({"ASC_DEBUG": " initcheck, "}) == {"initcheck"}
    assert d.get({"ASC_DEBUG": "racecheck,memcheck"}) == {"racecheck", "memcheck"}
    with pytest.raises(ValueError, match=r"ASC_DEBUG='initcheck,racechek': unknown flag racechek "
                                         r"\(known: initcheck, racecheck, synccheck, memcheck\)"):
        d.get({"ASC_DEBUG": "initcheck,racechek"})
    assert set(launch.DEBUG_FLAG_BITS) == set(settings.DEBUG_FLAGS)
    assert settings.ascend_home.lookup({"ASCEND_TOOLKIT_HOME": "/b"}) == ("ASCEND_TOOLKIT_HOME", "/b")
    assert settings.ascend_home.lookup({"ASCEND_HOME_PATH": "/a", "ASCEND_TOOLKIT_HOME": "/b"})[1] == "/a"


SPIN = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void spin(GM_ADDR x, int32_t n) {
  AscendC::GlobalTensor<float> g;
  g.SetGlobalBuffer((__gm__ float*)x, 64);
  AscendC::LocalTensor<float> t(AscendC::TPosition::VECCALC, 0, 64);
  for (int32_t i = 0; i < n; ++i) {
    ASC_LOOP_CHECK();
  }
  AscendC::DataCopy(g, t, 64);
}
"""


def test_a_bad_runtime_knob_fails_before_the_launch(monkeypatch, run, cache, capfd):
    x = np.full(64, 7.0, np.float32)
    monkeypatch.setenv("ASC_DEBUG", "nosuchcheck")
    with pytest.raises(ValueError, match="ASC_DEBUG='nosuchcheck'"):
        run("spin", SPIN, [gm("x"), scalar("n")], 1, [x, 0])
    assert (x == 7.0).all()
    monkeypatch.setenv("ASC_DEBUG", "initcheck")  # the LocalTensor was never written: DataCopy reads it
    run("spin", SPIN, [gm("x"), scalar("n")], 1, [x, 0])  # an asc-debug finding (stderr), not a fault
    assert "ERROR: uninitialized read of size 256 at UB offset 0" in capfd.readouterr().err
    monkeypatch.delenv("ASC_DEBUG")
    run("spin", SPIN, [gm("x"), scalar("n")], 1, [x, 0])
    assert (x == 0.0).all()
    monkeypatch.setenv("ASC_MODEL_LAUNCH_TIMEOUT", "0.2")  # read per launch, as the environment is now
    with pytest.raises(ModelFault, match=r"ASC_MODEL_LAUNCH_TIMEOUT=0.2\)"):
        run("spin", SPIN, [gm("x"), scalar("n")], 1, [x, 1 << 30])


def test_the_package_exports_its_settings():
    assert asc.settings is settings
    # (LaunchConfig's layout against the C++ struct: tests/model/test_abi.py)


def _script(path: Path, text: str) -> str:
    """An executable shell script at `path` (a stand-in compiler); its path."""
    path.write_text("#!/bin/sh\n" + text)
    path.chmod(0o755)
    return str(path)


def test_a_cxx_that_writes_nothing_is_a_clear_compile_error(monkeypatch, tmp_path):
    """$CXX set to a program that exits 0 without writing its output (not a compiler): the
    Model's build says so, naming it, instead of a FileNotFoundError from deep in the cache."""
    monkeypatch.setenv("CXX", _script(tmp_path / "not-a-compiler", "exit 0\n"))
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ASC_MODEL_PREBUILT", str(tmp_path / "no-prebuilt"))
    inc = build.include_dir()
    with pytest.raises(build.ModelCompileError, match=r"not-a-compiler exited 0 but wrote no runtime-\w+\.o"):
        build.runtime_object(inc)


def test_the_toolchain_digest_follows_cxx_within_a_process(monkeypatch, tmp_path):
    """$CXX is read at use time: a process that changes it gets the new compiler's
    toolchain digest (its own artefacts), not the one it computed first."""
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    inc = build.include_dir()
    first = build.toolchain_digest(inc)
    # another compiler (its --version differs: g++ to clang++, say; a wrapper of the same g++
    # is the same toolchain and shares its artefacts by design)
    other = _script(tmp_path / "other-cxx", '[ "$1" = --version ] && { echo other-cxx 1.0; exit 0; }\nexec g++ "$@"\n')
    with monkeypatch.context() as m:
        m.setenv("CXX", other)
        assert build.toolchain_digest(inc) != first
    assert build.toolchain_digest(inc) == first


def test_gcc_only_flags_go_to_gcc_only(monkeypatch, tmp_path):
    """GCC_FLAGS (the line table written by GCC, not gas: addr2line reads gas's DWARF 5 table
    wrong) reach GCC's command lines only: clang rejects them."""
    gxx = shutil.which("g++")
    if gxx:
        assert build.is_gcc(gxx)
        monkeypatch.setenv("CXX", gxx)
        assert set(build.GCC_FLAGS) <= set(build.cxx_flags())
        # a name that says nothing: the compiler is asked
        assert build.is_gcc(_script(tmp_path / "mycc", f'exec {gxx} "$@"\n'))
    assert not build.is_gcc(_script(tmp_path / "not-a-compiler", "exit 0\n"))
    clang = shutil.which("clang++-19") or shutil.which("clang++")
    if clang is None:  # (./dev setup installs clang 19 for the vendor check: CI runs this part)
        pytest.skip("no clang++ on PATH: the clang half of the check needs one")
    assert not build.is_gcc(clang)
    monkeypatch.setenv("CXX", clang)
    flags = build.cxx_flags()
    assert not set(build.GCC_FLAGS) & set(flags)
    src = tmp_path / "t.cpp"
    src.write_text("int f() { return 1; }\n")
    r = subprocess.run([clang, *flags, "-c", str(src), "-o", str(tmp_path / "t.o")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
