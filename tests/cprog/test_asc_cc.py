"""asc-cc on single files: flags, architectures, and the error for an API the Model lacks."""

from __future__ import annotations

import subprocess
from pathlib import Path

from asc.cprog import prefix

PROGRAMS = Path(__file__).resolve().parent / "programs"


def _cc(*args, cwd):
    return subprocess.run([str(prefix.ensure() / "bin" / "asc-cc"), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=600)


def test_missing_api_names_the_api_and_the_asc_line(tmp_path):
    src = tmp_path / "gap.asc"
    src.write_text('#include "kernel_operator.h"\n'
                   "__global__ __vector__ void k(GM_ADDR x)\n{\n"
                   "    AscendC::NoSuchApi(x);\n}\n")
    r = _cc("--npu-arch=dav-2201", "-c", str(src), "-o", str(tmp_path / "gap.o"), cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr.rstrip().splitlines()[-1] == (
        f"asc-cc: {src}:4: error: AscendC::NoSuchApi is an Ascend C API the Model does not implement")


def test_unknown_architecture_is_one_error_line(tmp_path):
    r = _cc("--npu-arch=dav-3510", "-c", str(PROGRAMS / "racy.asc"), cwd=tmp_path)
    assert r.returncode == 2
    assert r.stderr.startswith("[ERROR] asc-cc: --npu-arch=dav-3510: the Model has no platform for it")


def test_vendor_flags_accepted_and_one_step_build_runs(tmp_path):
    r = _cc("--npu-arch=dav-2201", "--asc-aicore-lang", "-dc", "--run-mode=cpu", "-O3", "-std=c++17",
            "-Xaicore-start", "-DFOO=1", "--cce-auto-sync", "-Xaicore-end", str(PROGRAMS / "racy.asc"),
            "-o", str(tmp_path / "racy"), "-ltiling_api", "-lregister", "-lm", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    run = subprocess.run([str(tmp_path / "racy")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


def test_unknown_flag_is_a_usage_error(tmp_path):
    r = _cc("--no-such-flag", "x.asc", cwd=tmp_path)
    assert r.returncode == 2 and r.stderr.startswith("[ERROR] asc-cc: unknown flag '--no-such-flag'")


def test_missing_vendor_header_is_named(tmp_path):
    src = tmp_path / "hdr.asc"
    src.write_text('#include "kernel_operator.h"\n#include "no_such_cann/header.h"\n')
    r = _cc("-c", str(src), "-o", str(tmp_path / "hdr.o"), cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr.rstrip().splitlines()[-1] == (
        f"asc-cc: {src}:2: error: no_such_cann/header.h is a CANN header the Model does not provide")
