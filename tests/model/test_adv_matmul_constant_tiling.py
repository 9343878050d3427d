"""A C++ Matmul whose MM_CFG is a constant tiling (AscendC::GetMatmulApiTiling's
MatmulApiStaticTiling, asc_model/adv_matmul_api_tiling.h), as the vendor's
matmul_constant_tiling / matmul_l2cache programs use it: REGIST_MATMUL_OBJ with
(TCubeTiling*)nullptr initialises it from the constant alone, a runtime tiling's fields
give way to the constant's, and a constant that leaves a field open with no runtime
tiling faults at the user's line. The host's MultiCoreMatmulTiling::GetSingleShape reads
back the single-core shape of the last GetTiling. C is checked against numpy."""

from __future__ import annotations

import subprocess

import numpy as np
import pytest

from asc.cprog import prefix

M, N, K = 128, 128, 128

PROGRAM = r'''
#include <cstdio>
#include <vector>
#include "acl/acl.h"
#include "kernel_operator.h"
#include "lib/matmul_intf.h"
#include "tiling/tiling_api.h"

constexpr int32_t M = @M@, N = @N@, K = @K@;
using A_T = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>;
using C_T = AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>;

// The full constant tiling: a single-core bound and the basic block, the L1 steps as the program sets them.
constexpr MatmulApiStaticTiling FullCfg() {
  MatmulConfig c = GetMMConfig<MatmulConfigMode::CONFIG_MDL>(MatmulShapeParams{1000, 1000, 1000, 32, 64, 32});
  auto t = AscendC::GetMatmulApiTiling<A_T, A_T, C_T, C_T>(c);
  t.stepKa = t.stepKb = 2;
  t.depthA1 = t.depthB1 = 4;
  t.stepM = t.stepN = 1;
  return t;
}
constexpr static auto FULL = FullCfg();
// Only the basic block: the runtime tiling gives the rest.
constexpr static auto PART = AscendC::GetMatmulApiTiling<A_T, A_T, C_T, C_T>(
    GetMMConfig<MatmulConfigMode::CONFIG_NORM>(MatmulShapeParams{0, 0, 0, 32, 32, 32}));
static_assert(FULL.baseM == 32 && FULL.baseN == 64 && FULL.singleCoreM == 1000 && FULL.isBias == 1, "full");
static_assert(PART.baseN == 32 && PART.singleCoreM == -1 && PART.M == -1 && PART.dbL0A == 2, "partial");

__global__ __cube__ void mm_full(GM_ADDR a, GM_ADDR b, GM_ADDR bias, GM_ADDR c, GM_ADDR ws) {
  AscendC::TPipe pipe;
  AscendC::Matmul<A_T, A_T, C_T, C_T, FULL> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, (TCubeTiling*)nullptr);
  AscendC::GlobalTensor<half> ga, gb;
  AscendC::GlobalTensor<float> gbias, gc;
  ga.SetGlobalBuffer((__gm__ half*)a, M * K);
  gb.SetGlobalBuffer((__gm__ half*)b, K * N);
  gbias.SetGlobalBuffer((__gm__ float*)bias, N);
  gc.SetGlobalBuffer((__gm__ float*)c, M * N);
  mm.SetOrgShape(M, N, K);
  mm.SetTail(M, N, K);  // past no bound: the constant's single-core shape is 1000
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  mm.SetBias(gbias);
  mm.IterateAll(gc);
  mm.End();
}

__global__ __cube__ void mm_part(GM_ADDR a, GM_ADDR b, GM_ADDR c, GM_ADDR ws, GM_ADDR tiling_gm) {
  AscendC::TPipe pipe;
  TCubeTiling tiling = *(__gm__ TCubeTiling*)tiling_gm;  // its base block is 64 x 64 x 64
  AscendC::Matmul<A_T, A_T, C_T, C_T, PART> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, &tiling);
  AscendC::GlobalTensor<half> ga, gb;
  AscendC::GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half*)a, M * K);
  gb.SetGlobalBuffer((__gm__ half*)b, K * N);
  gc.SetGlobalBuffer((__gm__ float*)c, M * N);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  // the base block is the constant's: 32 x 32 blocks, so C comes in (M / 32) * (N / 32) Iterates
  int blocks = 0;
  while (mm.Iterate()) {
    mm.GetTensorC(gc);
    ++blocks;
  }
  mm.End();
  printf("blocks %d\n", blocks);
}

__global__ __cube__ void mm_open(GM_ADDR ws) {
  AscendC::TPipe pipe;
  AscendC::Matmul<A_T, A_T, C_T, C_T, PART> mm;
  REGIST_MATMUL_OBJ(&pipe, ws, mm, (TCubeTiling*)nullptr);
  mm.Init((TCubeTiling*)nullptr, &pipe);  // the open-fields line
}

static std::vector<uint16_t> halves(int n, int seed) {
  std::vector<uint16_t> v(n);
  for (int i = 0; i < n; ++i) {
    half h = half(float((i * seed) % 9 - 4));
    std::memcpy(&v[i], &h, 2);
  }
  return v;
}

int main(int argc, char** argv) {
  aclInit(nullptr);
  aclrtSetDevice(0);
  aclrtStream stream;
  aclrtCreateStream(&stream);
  auto* plat = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
  matmul_tiling::MultiCoreMatmulTiling t(*plat);
  int32_t s0[3];
  t.GetSingleShape(s0[0], s0[1], s0[2]);
  t.SetDim(1);
  t.SetAType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  t.SetBType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT16);
  t.SetCType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  t.SetBiasType(matmul_tiling::TPosition::GM, matmul_tiling::CubeFormat::ND, matmul_tiling::DataType::DT_FLOAT);
  t.SetOrgShape(M, N, K);
  t.SetShape(M, N, K);
  t.SetFixSplit(64, 64, 64);
  t.EnableBias(false);
  TCubeTiling host;
  long r = t.GetTiling(host);
  int32_t s[3];
  t.GetSingleShape(s[0], s[1], s[2]);
  printf("single %d %d %d before %d %d %d tiling %ld %d %d %d base %d\n", s[0], s[1], s[2], s0[0], s0[1], s0[2], r,
         host.singleCoreM, host.singleCoreN, host.singleCoreK, host.baseM);
  auto a = halves(M * K, 7), b = halves(K * N, 5);
  std::vector<float> bias(N);
  for (int i = 0; i < N; ++i) bias[i] = float(i % 13) - 6;
  void *da, *db, *dbias, *dc, *ws, *dt;
  aclrtMalloc(&da, a.size() * 2, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&db, b.size() * 2, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&dbias, N * 4, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&dc, M * N * 4, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&ws, 16 << 20, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMalloc(&dt, sizeof host, ACL_MEM_MALLOC_HUGE_FIRST);
  aclrtMemcpy(da, a.size() * 2, a.data(), a.size() * 2, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(db, b.size() * 2, b.data(), b.size() * 2, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(dbias, N * 4, bias.data(), N * 4, ACL_MEMCPY_HOST_TO_DEVICE);
  aclrtMemcpy(dt, sizeof host, &host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE);
  std::vector<float> c(M * N);
  std::string mode = argv[1];
  if (mode == "full") mm_full<<<1, nullptr, stream>>>((GM_ADDR)da, (GM_ADDR)db, (GM_ADDR)dbias, (GM_ADDR)dc, (GM_ADDR)ws);
  if (mode == "part") mm_part<<<1, nullptr, stream>>>((GM_ADDR)da, (GM_ADDR)db, (GM_ADDR)dc, (GM_ADDR)ws, (GM_ADDR)dt);
  if (mode == "open") mm_open<<<1, nullptr, stream>>>((GM_ADDR)ws);
  aclrtSynchronizeStream(stream);
  aclrtMemcpy(c.data(), M * N * 4, dc, M * N * 4, ACL_MEMCPY_DEVICE_TO_HOST);
  FILE* f = fopen(argv[2], "wb");
  fwrite(c.data(), 4, c.size(), f);
  fclose(f);
  aclFinalize();
  return 0;
}
'''.replace("@M@", str(M)).replace("@N@", str(N)).replace("@K@", str(K))


def _inputs():
    a = (((np.arange(M * K) * 7) % 9) - 4).astype(np.float32).reshape(M, K)
    b = (((np.arange(K * N) * 5) % 9) - 4).astype(np.float32).reshape(K, N)
    bias = ((np.arange(N) % 13) - 6).astype(np.float32)
    return a, b, bias


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("constant_tiling")
    src = tmp / "ct.asc"
    src.write_text(PROGRAM)
    cc = subprocess.run([str(prefix.ensure() / "bin" / "asc-cc"), "--npu-arch=dav-2201", str(src), "-o",
                         str(tmp / "ct")], cwd=tmp, capture_output=True, text=True, timeout=900)
    assert cc.returncode == 0, cc.stderr[-6000:]
    return tmp


def _run(program, mode):
    out = program / f"c_{mode}.bin"
    r = subprocess.run([str(program / "ct"), mode, str(out)], capture_output=True, text=True, timeout=300)
    c = np.fromfile(out, np.float32).reshape(M, N) if out.exists() else None
    return r, c


def test_full_constant_tiling_without_runtime_tiling(program):
    r, c = _run(program, "full")
    assert r.returncode == 0, r.stderr
    a, b, bias = _inputs()
    np.testing.assert_array_equal(c, a @ b + bias)


def test_constant_fields_replace_the_runtime_tilings(program):
    r, c = _run(program, "part")
    assert r.returncode == 0, r.stderr
    a, b, _ = _inputs()
    np.testing.assert_array_equal(c, a @ b)  # the runtime isBias is 0 and no SetBias: no bias
    # the constant's 32 x 32 base block, not the runtime tiling's 64 x 64
    assert f"blocks {(M // 32) * (N // 32)}" in r.stdout


def test_host_get_single_shape(program):
    r, _ = _run(program, "part")
    line = next(x for x in r.stdout.splitlines() if x.startswith("single"))
    f = line.split()
    assert f[1:4] == [str(M), str(N), str(K)]       # the last GetTiling's singleCoreM / N / K
    assert f[5:8] == ["0", "0", "0"]                 # before one
    assert f[9] == "0" and f[10:13] == f[1:4] and f[14] == "64"


def test_open_field_without_runtime_tiling_faults(program):
    r, _ = _run(program, "open")
    assert r.returncode != 0
    line = next(i for i, x in enumerate(PROGRAM.splitlines(), 1) if "the open-fields line" in x)
    assert f"ct.asc:{line}" in r.stderr
    assert "tiling is a null pointer and the constant tiling (MM_CFG) leaves M open (-1)" in r.stderr
