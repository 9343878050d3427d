"""FasterGelu (x / (1 + e^(-1.702 x)), step by step in T as the vendor's
FastGeluCalcSimplified; float steps for a half with highPrecision) and BroadCast (the
vendor's implementation-level name of Broadcast) in a C++ kernel on the Model, against
numpy; a FasterGelu past the tensor faults at the user's line."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest

from asc.cprog import prefix

N = 256

PROGRAM = r'''
#include <cstdio>
#include <vector>
#include "acl/acl.h"
#include "kernel_operator.h"

constexpr uint32_t N = 256;

__global__ __vector__ void k(GM_ADDR xf, GM_ADDR xh, GM_ADDR out, int mode) {
  AscendC::TPipe pipe;
  AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 64 * 1024);
  auto f = buf.Get<float>();
  AscendC::LocalTensor<float> src = f[0], dst = f[N], small = f[2 * N];
  AscendC::LocalTensor<half> hs = f[3 * N].ReinterpretCast<half>(), hd = f[4 * N].ReinterpretCast<half>();
  AscendC::LocalTensor<uint8_t> tmp = f[6 * N].ReinterpretCast<uint8_t>();
  AscendC::GlobalTensor<float> gx, go;
  AscendC::GlobalTensor<half> gh, goh;
  gx.SetGlobalBuffer((__gm__ float*)xf, N);
  gh.SetGlobalBuffer((__gm__ half*)xh, N);
  go.SetGlobalBuffer((__gm__ float*)out, 4 * N);
  goh.SetGlobalBuffer((__gm__ half*)out, 8 * N);
  AscendC::DataCopy(src, gx, N);
  AscendC::DataCopy(hs, gh, N);
  AscendC::PipeBarrier<PIPE_ALL>();
  if (mode == 0) {
    AscendC::FasterGelu(dst, src, tmp, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(go, dst, N);
    AscendC::FasterGelu<float, false, true>(dst, src, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(go[N], dst, N);
    AscendC::FasterGelu(hd, hs, tmp, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(goh[4 * N], hd, N);
    AscendC::FasterGelu<half, true>(hd, hs, N);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(goh[5 * N], hd, N);
    // BroadCast [16, 1] -> [16, 16]: each row's first element across the row
    const uint32_t dshape[2] = {16, 16}, sshape[2] = {16, 1};
    AscendC::BroadCast<float, 2, 1>(dst, src, dshape, sshape, tmp);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(go[3 * N], dst, N);
  } else {
    AscendC::FasterGelu(small, src, tmp, 64 * 1024);  // the past-the-end line
  }
}

int main(int argc, char** argv) {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream stream;
  aclrtCreateStream(&stream);
  std::vector<float> xf(N);
  std::vector<uint16_t> xh(N);
  FILE* in = fopen(argv[2], "rb");
  fread(xf.data(), 4, N, in);
  fread(xh.data(), 2, N, in);
  fclose(in);
  void *dx, *dh, *dout;
  aclrtMalloc(&dx, N * 4, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&dh, N * 2, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&dout, 4 * N * 4, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemcpy(dx, N * 4, xf.data(), N * 4, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(dh, N * 2, xh.data(), N * 2, ACL_MEMCPY_HOST_TO_DEVICE);
  k<<<1, nullptr, stream>>>((GM_ADDR)dx, (GM_ADDR)dh, (GM_ADDR)dout, atoi(argv[1]));
  aclrtSynchronizeStream(stream);
  std::vector<float> o(4 * N);
  aclrtMemcpy(o.data(), 4 * N * 4, dout, 4 * N * 4, ACL_MEMCPY_DEVICE_TO_HOST);
  FILE* f = fopen(argv[3], "wb");
  fwrite(o.data(), 4, o.size(), f);
  fclose(f);
  aclFinalize();
  return 0;
}
'''


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("faster_gelu")
    src = tmp / "fg.asc"
    src.write_text(PROGRAM)
    cc = subprocess.run([str(prefix.ensure() / "bin" / "asc-cc"), "--npu-arch=dav-2201", str(src), "-o",
                         str(tmp / "fg")], cwd=tmp, capture_output=True, text=True, timeout=900)
    assert cc.returncode == 0, cc.stderr[-6000:]
    x = np.linspace(-6, 6, N).astype(np.float32)
    with open(tmp / "in.bin", "wb") as f:
        f.write(x.tobytes())
        f.write(x.astype(np.float16).tobytes())
    return tmp, x


def _ref(x):
    x = x.astype(np.float64)
    return x / (1 + np.exp(-1.702 * x))


def test_faster_gelu_and_broadcast(program):
    tmp, x = program
    r = subprocess.run([str(tmp / "fg"), "0", str(tmp / "in.bin"), str(tmp / "out.bin")], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    o = np.fromfile(tmp / "out.bin", np.float32)
    np.testing.assert_allclose(o[:N], _ref(x), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(o[N:2 * N], _ref(x), rtol=1e-6, atol=1e-6)  # highPerformance: reciprocal, mul
    h = o[2 * N:3 * N].view(np.float16)
    xh = x.astype(np.float16)
    # half steps (Muls, Exp, Adds, Div each rounded to half)
    t = (xh * np.float16(-1.702)).astype(np.float16)
    t = np.exp(t.astype(np.float32)).astype(np.float16)
    t = (t.astype(np.float32) + 1).astype(np.float16)
    np.testing.assert_array_equal(h[:N], (xh.astype(np.float32) / t.astype(np.float32)).astype(np.float16))
    # highPrecision: in float, rounded once
    np.testing.assert_allclose(h[N:].astype(np.float32), _ref(xh.astype(np.float32)), rtol=2e-3, atol=1e-3)
    assert not np.array_equal(h[:N], h[N:])
    np.testing.assert_array_equal(o[3 * N:].reshape(16, 16), np.repeat(x[:16, None], 16, axis=1))


def test_faster_gelu_past_the_tensor_faults(program):
    tmp, _ = program
    r = subprocess.run([str(tmp / "fg"), "1", str(tmp / "in.bin"), str(tmp / "out1.bin")], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode != 0
    line = next(i for i, x in enumerate(PROGRAM.splitlines(), 1) if "the past-the-end line" in x)
    assert f"fg.asc:{line}" in r.stderr and "FasterGelu" in r.stderr
