"""Every Model header a kernel includes after kernel_operator.h compiles with the
precompiled kernel_operator.h (the Model's PCH: build.pch_dir, first on -I).

Why: g++ 12 fails a kernel whose header re-includes "kernel_operator.h" by a name it
looks up on the include path (lib/matmul_intf.h did: "fatal error:
<pch dir>/kernel_operator.h: No such file or directory"); build_library then compiled
the kernel again without the PCH and removed the PCH as broken, the prebuilt one
included, so every kernel after it compiled from the plain headers and each test
cache built a PCH of its own again."""

import re
import subprocess

import pytest

from asc.runtime.model import build

# A header that includes kernel_operator.h by a path the compiler searches for.
_INCLUDES_KO = re.compile(r'^\s*#\s*include\s*[<"]([^">]*kernel_operator\.h)[">]', re.M)


def _headers_including_kernel_operator(inc):
    out = []
    for h in sorted(inc.rglob("*.h")):
        if h.name != "kernel_operator.h" and _INCLUDES_KO.search(h.read_text(errors="replace")):
            out.append(h.relative_to(inc).as_posix())
    return out


def test_headers_that_include_kernel_operator_compile_with_its_pch(tmp_path):
    inc = build.include_dir()
    headers = _headers_including_kernel_operator(inc)
    assert "lib/matmul_intf.h" in headers, headers  # the search finds the adv Matmul's header
    pch_dir = tmp_path / "pch"
    pch_dir.mkdir()
    gch = pch_dir / "kernel_operator.h.gch"
    r = subprocess.run([*build._pch_flags(inc), str(gch)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for h in headers:
        src = tmp_path / (h.replace("/", "_") + ".cpp")
        src.write_text(f'#include "kernel_operator.h"\n#include "{h}"\n')
        # -H: g++ names the PCH it used ("! <path>.gch") and every header it read
        r = subprocess.run([build.cxx(), *build.cxx_flags(), "-H", "-fsyntax-only", "-I", str(pch_dir),
                            "-I", str(inc), str(src)], capture_output=True, text=True)
        assert r.returncode == 0, f"{h} breaks compiles that use the PCH:\n{r.stderr[-2000:]}"
        assert f"! {gch}" in r.stderr, f"{h}: the PCH was not used:\n{r.stderr[:2000]}"


# ---- the adv Matmul's PCH (build.PCH_HEADERS["matmul"]) ----

MATMUL_SOURCE = build._MATMUL_START + 'extern "C" int asc_pch_probe_%s() { return 1; }\n'


def test_a_kernel_that_starts_with_the_matmul_includes_gets_the_matmul_pch():
    assert build.pch_variant(MATMUL_SOURCE % "a") == "matmul"
    assert build.pch_variant('#include "kernel_operator.h"\nint x;\n#include "lib/matmul_intf.h"\n') == ""
    assert build.pch_variant('#include "kernel_operator.h"\n') == ""


@pytest.fixture(scope="module")
def prebuilt(tmp_path_factory):
    """The install step's runtime object and PCHs (./dev test passes $ASC_MODEL_PREBUILT),
    else ones built here: {"runtime" | "" | "matmul": path}."""
    inc = build.include_dir()
    root = build.prebuilt_root()
    paths = {"runtime": build._runtime_path(inc, root),
             **{v: root / build.pch_dir(inc, v).name / "kernel_operator.h.gch" for v in build.PCH_HEADERS}}
    if all(build.check(p)[0] == build.OK for p in paths.values()):
        return paths
    own = tmp_path_factory.mktemp("prebuilt")
    paths = {k: own / p.relative_to(root) for k, p in paths.items()}
    build._build_runtime(inc, paths["runtime"])
    for v in build.PCH_HEADERS:
        build._build_pch(inc, paths[v], v)
    return paths


def _link(path, into):
    """`path` and its checksum, linked into the folder `into` under the same relative names."""
    for p in (path, build._sum_path(path)):
        (into / p.name).symlink_to(p)


def test_the_matmul_pch_holds_both_headers(tmp_path, prebuilt):
    """Compiled under the name kernel_operator.h.gch: a Matmul kernel's first include loads
    it, and its second reads nothing (the Matmul's headers are in the PCH)."""
    inc = build.include_dir()
    gch = prebuilt["matmul"]
    src = tmp_path / "k.cpp"
    src.write_text(MATMUL_SOURCE % "b" + "using M = AscendC::DataCopyOutParams;  // (the adv Matmul's)\n")
    r = subprocess.run([build.cxx(), *build.cxx_flags(), "-H", "-fsyntax-only", "-I", str(gch.parent), "-I",
                        str(inc), str(src)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr[-2000:]
    assert f"! {gch}" in r.stderr, r.stderr[:2000]
    read = [ln for ln in r.stderr.splitlines() if ln.startswith(".")]
    assert not [ln for ln in read if "matmul" in ln], read  # nothing of the Matmul read again


def test_build_library_uses_the_matmul_pch_and_falls_back_to_the_common_one(tmp_path, monkeypatch, prebuilt):
    """With the Matmul PCH prebuilt, a Matmul kernel compiles with it; without it, with the
    PCH every kernel can use, and the Matmul one is started for the kernels after it."""
    pre = tmp_path / "pre"
    pre.mkdir()
    monkeypatch.setenv("ASC_MODEL_PREBUILT", str(pre))
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "root"))
    inc = build.include_dir()
    _link(prebuilt["runtime"], pre)
    cmds, started = [], []

    class Job(build._Job):
        def __init__(self, cmd, what):
            cmds.append(list(cmd))
            super().__init__(cmd, what)

    monkeypatch.setattr(build, "_Job", Job)
    monkeypatch.setattr(build, "_start_pch", lambda inc, variant="": started.append(variant))
    common = pre / build.pch_dir(inc).name / "kernel_operator.h.gch"
    common.parent.mkdir()
    _link(prebuilt[""], common.parent)
    build.build_library(MATMUL_SOURCE % "c", tmp_path / "k1", inc)
    assert f"-I {common.parent}" in " ".join(cmds[-1]) and started == ["matmul"]
    matmul = pre / build.pch_dir(inc, "matmul").name / "kernel_operator.h.gch"
    matmul.parent.mkdir()
    _link(prebuilt["matmul"], matmul.parent)
    build.build_library(MATMUL_SOURCE % "d", tmp_path / "k2", inc)
    assert f"-I {matmul.parent}" in " ".join(cmds[-1]) and started == ["matmul"]
    build.build_library('#include "kernel_operator.h"\nextern "C" int asc_pch_probe_e() { return 2; }\n',
                        tmp_path / "k3", inc)
    assert f"-I {common.parent}" in " ".join(cmds[-1]) and started == ["matmul"]
