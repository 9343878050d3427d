"""asc-cc on single files: flags, architectures, and the error for an API the Model lacks."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest

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


def test_acl_float16_conversions_match_ieee_half(tmp_path):
    """aclFloat16ToFloat on all 65536 half values and aclFloatToFloat16 on edge cases and
    random floats agree bit for bit with numpy's IEEE binary16 (round to nearest even)."""
    r = _cc(str(PROGRAMS / "acl_half.asc"), "-o", str(tmp_path / "acl_half"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    rng = np.random.default_rng(7)
    floats = np.concatenate([
        np.array([0.0, -0.0, 1.0, -2.5, 65504.0, 65520.0, 1e9, -1e9, 6e-8, 3e-8, 2.98e-8, 6.1e-5, 1e-45,
                  np.inf, -np.inf, 0.1, 1 / 3], np.float32),
        rng.standard_normal(4000).astype(np.float32) * np.float32(1000.0),
        (rng.standard_normal(2000) * 1e-5).astype(np.float32),
        np.frombuffer(rng.integers(0, 2 ** 32, 2000, dtype=np.uint64).astype(np.uint32).tobytes(), np.float32)])
    floats = floats[~np.isnan(floats)]
    stdin = "\n".join(f"{b:08x}" for b in floats.view(np.uint32)) + "\n"
    run = subprocess.run([str(tmp_path / "acl_half")], input=stdin, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = run.stdout.split()
    to_float = np.array([int(x, 16) for x in out[:65536]], np.uint32).view(np.float32)
    want = np.arange(65536, dtype=np.uint16).view(np.float16).astype(np.float32)
    nan = np.isnan(want)
    assert np.isnan(to_float[nan]).all()
    np.testing.assert_array_equal(to_float[~nan].view(np.uint32), want[~nan].view(np.uint32))
    to_half = np.array([int(x, 16) for x in out[65536:]], np.uint16)
    with np.errstate(over="ignore"):  # floats past 65504 become infinities, as they must
        want_half = floats.astype(np.float16).view(np.uint16)
    np.testing.assert_array_equal(to_half, want_half)


def test_npu_arch_macro_follows_the_architecture(tmp_path):
    r = _cc("--npu-arch=dav-2201", str(PROGRAMS / "npu_arch.asc"), "-o", str(tmp_path / "arch"), cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    run = subprocess.run([str(tmp_path / "arch")], capture_output=True, text=True, timeout=60)
    assert run.stdout == "A2 2201\n"


def _configured_host_include(tmp_path: Path, env: dict) -> str:
    """ASC_HOST_INCLUDE as find_package(ASC) leaves it (a project that only finds the package)."""
    if shutil.which("cmake") is None:
        pytest.skip("cmake is not on PATH: ./dev setup installs it")
    src = tmp_path / "src"
    src.mkdir(exist_ok=True)
    (src / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.16)\nfind_package(ASC REQUIRED)\n"
                                        'message(STATUS "ASC_HOST_INCLUDE=${ASC_HOST_INCLUDE}")\n')
    build = Path(tempfile.mkdtemp(prefix="build-", dir=tmp_path))
    r = subprocess.run(["cmake", "-S", str(src), "-B", str(build), f"-DCMAKE_PREFIX_PATH={prefix.ensure()}",
                        "-Wno-dev"], capture_output=True, text=True, timeout=120,
                       env={k: v for k, v in {**os.environ, **env}.items() if v is not None})
    assert r.returncode == 0, r.stderr
    return next(ln.split("=", 1)[1] for ln in r.stdout.splitlines() if "ASC_HOST_INCLUDE=" in ln)


def test_configure_finds_acl_where_asc_cc_does(tmp_path):
    """find_package(ASC) gives plain C++ sources acl/acl.h's folder: the one asc-config wrote
    into the package (no asc-cc run at configure) when $ASC_MODEL_INCLUDE is unset, the
    one `asc-cc --print-host-include` names for the Model that $ASC_MODEL_INCLUDE points at."""
    env = {k: v for k, v in os.environ.items() if k != "ASC_MODEL_INCLUDE"}
    printed = subprocess.run([str(prefix.ensure() / "bin" / "asc-cc"), "--print-host-include"], env=env,
                             capture_output=True, text=True).stdout.strip()
    assert str(prefix.default_host_include()) == printed
    assert _configured_host_include(tmp_path, {"ASC_MODEL_INCLUDE": None}) == printed
    other = tmp_path / "other-model" / "include"
    other.mkdir(parents=True)
    assert _configured_host_include(tmp_path, {"ASC_MODEL_INCLUDE": str(other)}) == \
        str(tmp_path / "other-model" / "host" / "include")
