"""The pieces of the vendor-header check (asc.runtime.npu.vendor_check) and its doors:
the ASC_VENDOR_HEADERS knob, `asc-translate --check-vendor-headers`, ASC_KERNEL_CORPUS.

The compiler-free parts run everywhere; those that compile need the pinned asc-devkit
snapshot (../shared/third_party/asc-devkit beside the checkout) and skip without it."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import asc
from asc.tools import vendor_check as dvc
from asc.errors import CompileError
from asc.runtime.npu import vendor_check as vc
from asc.tools import translate

SOURCE = """#include "kernel_operator.h"

#line 5 "/src/k.py"
extern "C" __global__ __aicore__ void k(GM_ADDR x, int32_t n) {
#line 6 "/src/k.py"
  AscendC::LocalTensor<float> g(AscendC::TPosition::VECCALC, 0, 256);
#line 7 "/src/k.py"
  AscendC::Duplicate(g, 1.0f, n);
#line 8 "/src/k.py"
  AscendC::Add(g, g, g, n);
}
"""


def test_line_directives_map_emitted_lines_to_python_lines():
    lines, mapping = vc.strip_line_directives(SOURCE)
    assert not any(l.startswith("#line") for l in lines)
    assert len(lines) == len(SOURCE.split("\n"))  # emitted line numbers are kept
    assert lines[3].startswith('extern "C"') and mapping[4] == ("/src/k.py", 5)
    assert mapping[10] == ("/src/k.py", 8)  # AscendC::Add(...)
    assert mapping[11] == ("/src/k.py", 9)  # the line after a directive's is the next Python line


def test_clang_diagnostics_are_grouped_and_placed_in_the_kernel():
    out = ("/v/impl.h:12:5: error: no matching function for call to 'vadd'\n"
           "/v/intf.h:3:1: note: in instantiation of function template specialization 'X' requested here\n"
           "k.cpp:10:3: note: in instantiation of function template specialization 'Add' requested here\n"
           "/b/builtins.h:7:6: note: candidate function not viable\n"
           "k.cpp:11:1: error: expected ';'\n")
    groups = vc.diagnostics(out)
    assert [g[0][1] for g in groups] == [12, 11]
    assert vc._kernel_line(groups[0], lambda f: f == "k.cpp") == (10, False)  # the call that instantiated it
    assert vc._kernel_line(groups[1], lambda f: f == "k.cpp") == (11, True)
    r = vc._result(vc.ARCHS["a2-vec"], 1, out, "k.cpp", vc.strip_line_directives(SOURCE)[1])
    assert not r.ok and r.emitted_line == 10 and r.python_loc == ("/src/k.py", 8) and r.in_vendor
    assert r.first_error == "/v/impl.h:12:5: error: no matching function for call to 'vadd'"
    assert "emitted line 10, /src/k.py:8" in r.line()


def test_a_failure_is_a_compile_error_at_the_python_line(tmp_path):
    src = tmp_path / "k.py"
    src.write_text("\n" * 7 + "    asc.add(g, g, g, n)\n")
    r = vc.Result("a2-vec", False, "k.cpp:10:3: error: no matching function for call to 'Add'", 10, (str(src), 8))
    err = vc.vendor_error(r, "k")
    assert isinstance(err, CompileError) and err.filename == str(src) and err.lineno == 8
    assert "error: no matching function for call to 'Add'" in str(err)  # the compiler's first error, quoted
    assert "Atlas A2 vector core" in str(err) and "asc.add(g, g, g, n)" in str(err)


def test_includes_name_the_headers_a_kernel_needs():
    assert vc.includes(SOURCE) == ("kernel_operator.h",)
    two = '#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n'
    assert vc.includes(two) == ("kernel_operator.h", "lib/matmul_intf.h")
    assert vc.prelude_text(vc.includes(two)).splitlines()[0] == '#include "asc_bisheng_builtins.h"'


def test_translate_takes_the_check_flag_out_of_the_tool_arguments():
    assert translate.split_check_flag(["--mlir-to-ascendc", "k.mlir", "--check-vendor-headers", "/d"]) == \
        ("/d", ["--mlir-to-ascendc", "k.mlir"])
    assert translate.split_check_flag(["--check-vendor-headers=/d", "x"]) == ("/d", ["x"])
    assert translate.split_check_flag(["x"]) == (None, ["x"])


@asc.jit
def vadd(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    asc.data_copy(t, xg, n)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(t, t, 1.0, n)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(yg, t, n)


def test_a_kernel_named_like_an_intrinsic_gets_another_symbol():
    k = vadd.warmup(np.zeros(64, np.float32), np.zeros(64, np.float32), 64)
    assert 'extern "C" __global__ __aicore__ void vadd_(' in k.source
    assert k.name == "vadd_"  # the symbol both launch stubs call


def test_the_corpus_knob_keeps_one_file_per_kernel(tmp_path, monkeypatch):
    monkeypatch.setenv("ASC_KERNEL_CORPUS", str(tmp_path / "corpus"))
    monkeypatch.setenv("ASC_CACHE_DIR", str(tmp_path / "cache"))
    vadd._kernels.clear()  # compiled by the test above in this process: compile again
    vadd.warmup(np.zeros(32, np.float32), np.zeros(32, np.float32), 32)
    (entry,) = [json.loads(p.read_text()) for p in (tmp_path / "corpus").glob("*.json")]
    assert entry["name"] == "vadd" and entry["kernel_type"] == "AIV_ONLY"
    assert entry["python_file"] == __file__ and "vadd_(" in entry["source"]
    assert [k.name for k in dvc.load_corpus(tmp_path / "corpus")] == ["vadd"]


# ---------------------------------------------------------------- with the snapshot
@pytest.fixture(scope="module")
def devkit():
    tarball = dvc.find_snapshot()
    if tarball is None:
        pytest.skip(f"no asc-devkit snapshot (../{dvc.SNAPSHOT} beside the checkout): these parts compile "
                    f"against it; `./dev vendor-check --devkit DIR` takes an unpacked one")
    cache = Path("/tmp") / f"asc-vendor-check-{os.getuid()}" if "TEST_TMPDIR" in os.environ else None
    if cache is not None:
        os.environ["ASC_CACHE_DIR"] = str(cache)
    from asc import settings
    return dvc.unpack_snapshot(tarball, settings.cache_dir.get() / "vendor")


def test_a_good_kernel_passes_and_a_bad_one_names_its_lines(devkit):
    for arch in vc.A2:
        assert vc.check_source(SOURCE, devkit, arch).ok, vc.check_source(SOURCE, devkit, arch).output
    bad = SOURCE.replace("AscendC::Add(g, g, g, n);", "AscendC::Add<float, 3>(g, g, g, n);")
    r = vc.check_source(bad, devkit, "a2-vec", name="k")
    assert not r.ok and r.emitted_line == 10 and r.python_loc == ("/src/k.py", 8)
    assert "error:" in r.first_error


def test_a_batch_gives_each_kernel_its_own_result(devkit):
    bad = SOURCE.replace("AscendC::Add(g, g, g, n);", "AscendC::NoSuchApi(g);")
    results = vc.check_batch([SOURCE, bad, SOURCE], devkit, "a2-vec")
    assert [r.ok for r in results] == [True, False, True]
    assert results[1].emitted_line == 10 and "NoSuchApi" in results[1].first_error


def test_the_knob_checks_every_compile(devkit, monkeypatch):
    monkeypatch.setenv("ASC_VENDOR_HEADERS", str(devkit))
    checked = []
    real = vc.check_source
    monkeypatch.setattr(vc, "check_source", lambda *a, **k: checked.append(a[2]) or real(*a, **k))

    @asc.jit(always_compile=True)
    def scale(x: asc.GlobalAddress, n: int):
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x, n)

    scale.warmup(np.zeros(128, np.float32), 128)  # passes: no CompileError
    assert checked == ["a2-vec"]  # a vector kernel: bisheng compiles it for the vector core only


def test_a_kernel_is_checked_for_the_halves_its_type_runs_on():
    assert vc.arches_for("AIV_ONLY") == ("a2-vec",)
    assert vc.arches_for("AIC_ONLY") == ("a2-cube",)
    assert vc.arches_for("MIX_AIC_1_2") == ("a2-vec", "a2-cube")
    assert vc.arches_for("AIC_ONLY", ("a2-vec", "a2-cube", "310p")) == ("a2-cube", "310p")


def test_translate_checks_its_output(devkit, tmp_path):
    mlir = Path(__file__).resolve().parents[2] / "examples" / "mlir" / "vadd_queue.mlir"
    res = subprocess.run([sys.executable, "-m", "asc.tools.translate", "--mlir-to-ascendc", str(mlir),
                          "--check-vendor-headers", str(devkit)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert '#include "kernel_operator.h"' in res.stdout
    assert res.stderr.count(": pass") == 2, res.stderr


def _r(first_error, in_vendor, emitted_line=2, output=""):
    return vc.Result("310p", False, first_error, emitted_line, None, in_vendor, output)


SOURCE_310P = "#include \"kernel_operator.h\"\n  mm.IterateNBatch(a, b);\n  AscendC::Mmad(c, a, b, p);\n"


def test_not_on_310p_verdicts(devkit):
    # the kernel's own line, and the kernel passes on A2: the API is not there on 310P
    r = _r("k.cpp:2:6: error: no member named 'IterateNBatch' in 'AscendC::MatmulImpl<...>'", False)
    assert vc.not_on_arch(r, SOURCE_310P, devkit, True).startswith("IterateNBatch (")
    assert vc.not_on_arch(r, SOURCE_310P, devkit, False) == ""  # fails on A2 too: asc's error
    # a vendor function with no overload for the architecture: the API of the kernel's line
    r = _r("x.h:1:1: error: no matching function for call to 'FixpipeL0C2GMImpl'", True)
    assert vc.not_on_arch(r, SOURCE_310P, devkit, True).startswith("IterateNBatch (the vendor's headers")
    # an intrinsic call: the builtins header's fault, unless the vendor's own dtype check
    # excludes the instantiation's types
    note = ("x.h:9:5: note: in instantiation of function template specialization "
            "'AscendC::MmadCal<float, float, float>' requested here")
    r = _r("x.h:437:9: error: no matching function for call to 'mad'", True, 3, note)
    assert vc.not_on_arch(r, SOURCE_310P, devkit, True).startswith("MmadCal<float, float, float> (Failed to check dtype")
    r = _r("x.h:437:9: error: no matching function for call to 'mad'", True, 3, note.replace("float, float, float", "half, half, half"))
    assert vc.not_on_arch(r, SOURCE_310P, devkit, True) == ""
    r = _r("x.h:437:9: error: no matching function for call to 'vadd'", True, 3)
    assert vc.not_on_arch(r, SOURCE_310P, devkit, True) == ""
