"""Helpers for the Model tests: build CompiledKernel objects from MLIR (through
the real emitter) or from Ascend C text written in the emitter's style.

The tests use the `asc` package on the path: under Bazel the one it built
(py_test deps on //python/asc); by hand, `PYTHONPATH=python` with
bazel-bin/python/src/_C.so installed as python/asc/_C.so. A package from any
other checkout is refused, so a missing _C.so never loads someone else's."""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

import asc  # noqa: E402

if Path(asc.__file__).resolve().parents[1] != ROOT / "python":
    raise pytest.UsageError(
        f"tests/model imports asc from {Path(asc.__file__).parent}, not from this checkout ({ROOT / 'python'}): "
        f"run `bazel test //tests/model/...`, or `PYTHONPATH=python python3 -m pytest tests/model` "
        f"(after `install -m 755 bazel-bin/python/src/_C.so python/asc/_C.so`)")

from asc.runtime.backend import CompiledKernel, ParamSpec, kernel_symbol  # noqa: E402
from asc.runtime.model import ModelBackend  # noqa: E402

KERNELS = Path(__file__).resolve().parent / "kernels"
# The Model's host headers (tiling API, ACL, platform) and kernel headers, for host programs.
HOST_INC = ROOT / "cpp" / "model" / "host" / "include"
MODEL_INC = ROOT / "cpp" / "model" / "include"


# A vector kernel's prelude: load(buf, pipe, gm, n) copies n elements of GM into a TBuf of
# VECCALC and store(gm, t, n) copies them back, each behind a PIPE_ALL barrier.
LOAD_STORE_HEAD = """#include "kernel_operator.h"
template <class T> __aicore__ inline AscendC::LocalTensor<T> load(AscendC::TBuf<AscendC::TPosition::VECCALC>& b,
    AscendC::TPipe& pipe, GM_ADDR g, uint32_t n) {
  pipe.InitBuffer(b, n * sizeof(T) < 32 ? 32 : n * sizeof(T));
  AscendC::LocalTensor<T> t = b.Get<T>();
  AscendC::GlobalTensor<T> gt;
  gt.SetGlobalBuffer((__gm__ T*)g, n);
  AscendC::DataCopy(t, gt, n);
  AscendC::PipeBarrier<PIPE_ALL>();
  return t;
}
template <class T> __aicore__ inline void store(GM_ADDR g, const AscendC::LocalTensor<T>& t, uint32_t n) {
  AscendC::PipeBarrier<PIPE_ALL>();
  AscendC::GlobalTensor<T> gt;
  gt.SetGlobalBuffer((__gm__ T*)g, n);
  AscendC::DataCopy(gt, t, n);
}
"""


def build_host_program(d: Path, source: str) -> Path:
    """`source` as d/p.cpp, built with g++ against the Model's host headers into d/p."""
    (d / "p.cpp").write_text(source)
    subprocess.run(["g++", "-std=c++17", "-O0", f"-I{HOST_INC}", f"-I{MODEL_INC}", str(d / "p.cpp"),
                    "-o", str(d / "p")], check=True)
    return d / "p"



def gm(name, dtype="float32"):
    return ParamSpec(name, "gm", dtype, "GM_ADDR")


def scalar(name, ctype="int32_t", dtype="int32"):
    return ParamSpec(name, "scalar", dtype, ctype)


def emit_mlir(text: str, line_directives: bool = True) -> str:
    import asc._C as C

    ctx = C.ir.Context()
    return C.ir.ir_to_ascendc(C.ir.parse_module(ctx, text), line_directives)


# The cache tests' kernel: y = x * factor + add (test_cache_integrity, test_cache_dir_unusable).
SCALE_PARAMS = [gm("x"), gm("y"), scalar("n"), scalar("factor", "float", "float32")]


def scale_source(add: float, tag: str = "") -> str:
    """y = x * factor + add, n elements per block; `tag` makes the source (hence the library) new."""
    return f"""#include "kernel_operator.h"
// {tag}
extern "C" __global__ __aicore__ void scale(GM_ADDR x, GM_ADDR y, int32_t n, float factor) {{
  int32_t off = AscendC::GetBlockIdx() * n;
  AscendC::GlobalTensor<float> x_gm;
  AscendC::GlobalTensor<float> y_gm;
  x_gm.SetGlobalBuffer((__gm__ float*)x + off, n);
  y_gm.SetGlobalBuffer((__gm__ float*)y + off, n);
  AscendC::LocalTensor<float> t(AscendC::TPosition::VECIN, 0, n);
  AscendC::DataCopy(t, x_gm, n);
  AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
  AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);
  AscendC::Muls(t, t, factor, n);
  AscendC::Adds(t, t, {add:.1f}f, n);
  AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);
  AscendC::DataCopy(y_gm, t, n);
}}
"""


def make_kernel(name, source, params, cache_dir=None, kernel_type="AIV_ONLY"):
    key = hashlib.sha256(source.encode()).hexdigest()
    return CompiledKernel(name=name, source=source, mlir="", params=params, key=key,
                          cache_dir=cache_dir, kernel_type=kernel_type)


def mlir_kernel(file, name, params, cache_dir=None):
    source = emit_mlir((KERNELS / file).read_text())
    return make_kernel(kernel_symbol(source, name), source, params, cache_dir)


@pytest.fixture(scope="session")
def cache(tmp_path_factory):
    # One cache for the session, so the runtime object is compiled once.
    d = tmp_path_factory.mktemp("asc-cache")
    os.environ.setdefault("ASC_CACHE_DIR", str(d))
    return d


@pytest.fixture
def backend(cache):
    return ModelBackend(timeout_s=5.0)


@pytest.fixture
def run(backend, cache):
    """run(name, source, params, block_dim, args) compiles (cached) and launches."""
    def _run(name, source, params, block_dim, args, be=None):
        be = be or backend
        k = make_kernel(name, source, params, cache_dir=cache / "kernels")
        be.load(k)(block_dim, None, args)
        return k
    return _run
