"""asc.lib.host's matmul tiling against the vendor's own tiling sources: the asc-devkit
snapshot's impl/adv_api/tiling/matmul (MatmulTilingAlgorithm and friends) is compiled with
g++ against small stub headers (no-op logging; the Model's platform and tiling-data host
headers; the kernel-side TCubeTiling struct of the Model), and a driver of ours runs
random configurations through the vendor's MultiCoreMatmulTiling / MatmulApiTiling::GetTiling
and through the Python port; every field must agree.

Skipped when the snapshot (../shared/third_party/asc-devkit, $ASC_DEVKIT_TARBALL) or g++ is
not there. The vendor's files are only compiled in a temporary folder, never copied into
the repository."""

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import asc
import asc.lib.host as host
import asc.runtime.config as config

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

FIELDS = ("used_core_num", "single_core_m", "single_core_n", "single_core_k", "base_m", "base_n", "base_k",
          "depth_a1", "depth_b1", "step_m", "step_n", "step_k_a", "step_k_b", "iterate_order", "db_l0a", "db_l0b",
          "db_l0c", "share_l1_size", "share_l0c_size", "share_ub_size")
GETTERS = ("usedCoreNum", "singleCoreM", "singleCoreN", "singleCoreK", "baseM", "baseN", "baseK", "depthA1",
           "depthB1", "stepM", "stepN", "stepKa", "stepKb", "iterateOrder", "dbL0A", "dbL0B", "dbL0C", "shareL1Size",
           "shareL0CSize", "shareUbSize")

# Our driver: one configuration per stdin line, the fields (or -1) per stdout line. The
# platform is the Model's Ascend910B1 (its memories, passed as the vendor's PlatformInfo).
DRIVER = r"""
#include <cstdio>
#include "adv_api/matmul/bmm_tiling.h"
#include "adv_api/matmul/matmul_tiling.h"
using namespace matmul_tiling;
int main() {
  int m, n, k, dim, setshape, bias, at, bt, adt, bdt, fm, fn, fk, trav, multi;
  while (scanf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &m, &n, &k, &dim, &setshape, &bias, &at, &bt, &adt,
               &bdt, &fm, &fn, &fk, &trav, &multi) == 15) {
    PlatformInfo p;
    p.socVersion = platform_ascendc::SocVersion::ASCEND910B;
    p.l1Size = L1; p.l0CSize = L0C; p.ubSize = UB; p.l0ASize = L0A; p.l0BSize = L0B;
    MultiCoreMatmulTiling mc(p);
    MatmulApiTiling sc(p);
    MatmulApiTilingBase* t = multi ? static_cast<MatmulApiTilingBase*>(&mc) : &sc;
    if (multi) mc.SetDim(dim);
    t->SetAType(TPosition::GM, CubeFormat::ND, (DataType)adt, at);
    t->SetBType(TPosition::GM, CubeFormat::ND, (DataType)bdt, bt);
    t->SetCType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    t->SetBiasType(TPosition::GM, CubeFormat::ND, DataType::DT_FLOAT);
    t->SetOrgShape(m, n, k);
    if (setshape) t->SetShape(m, n, k);
    t->EnableBias(bias);
    if (fm != -1 || fn != -1 || fk != -1) t->SetFixSplit(fm, fn, fk);
    if (trav) t->SetTraverse((MatrixTraverse)trav);
    t->SetBufferSpace(-1, -1, -1);
    optiling::TCubeTiling c;
    long r = multi ? mc.GetTiling(c) : sc.GetTiling(c);
    if (r == -1) { printf("-1\n"); continue; }
    printf(FORMAT, GETTERS);
    fflush(stdout);
  }
}
"""


def _devkit() -> Path:
    try:
        from vendor_examples import snapshot  # tools/ (not among a sandboxed test's files)
        return snapshot.unpack()
    except (ImportError, OSError) as e:  # no snapshot, or nowhere to unpack it
        pytest.skip(f"no asc-devkit snapshot: {e}")


def _build(tmp: Path) -> Path:
    gxx = shutil.which("g++")
    if gxx is None:
        pytest.skip("no g++")
    kit = _devkit()
    src = kit / "impl" / "adv_api" / "tiling" / "matmul"
    if not src.is_dir():
        pytest.skip(f"no vendor tiling sources at {src}")
    # the vendor's sources in a tree of their own, with a no-op log header at its relative path
    tree = tmp / "src"
    shutil.copytree(src, tree / "impl" / "adv_api" / "tiling" / "matmul")
    (tree / "include").symlink_to(kit / "include")  # the sources reach their headers by relative paths
    (tree / "impl" / "adv_api" / "detail").mkdir(parents=True)
    (tree / "impl" / "adv_api" / "detail" / "host_log.h").write_text(
        "#pragma once\n#define ASCENDC_HOST_ASSERT(cond, ret, ...) do { if (!(cond)) { ret; } } while (0)\n"
        + "".join(f"#define TILING_LOG_{x}(...) do {{}} while (0)\n" for x in ("ERROR", "WARNING", "INFO", "DEBUG")))
    # the kernel-side struct the vendor's header includes: the Model's TCubeTiling
    common = (ROOT / "cpp" / "model" / "include" / "asc_model" / "api" / "adv_common.h").read_text()
    struct = re.search(r"struct TCubeTiling \{.*?\n\};", common, re.S).group(0)
    stub = tmp / "stub" / "kernel_tiling"
    stub.mkdir(parents=True)
    (stub / "kernel_tiling.h").write_text("#pragma once\n#include <cstdint>\nnamespace AscendC { namespace tiling {\n"
                                          + struct + "\n}}\nusing AscendC::tiling::TCubeTiling;\n")
    spec = host.get_ascendc_platform().spec
    fmt = " ".join(f"{f}=%d" for f in FIELDS) + "\\n"
    driver = DRIVER.replace("L1;", f"{spec.l1};").replace("L0C;", f"{spec.l0c};").replace("UB;", f"{spec.ub};")
    driver = driver.replace("L0A;", f"{spec.l0a};").replace("L0B;", f"{spec.l0b};")
    driver = driver.replace("FORMAT", f'"{fmt}"').replace("GETTERS", ", ".join(f"c.get_{g}()" for g in GETTERS))
    (tmp / "driver.cpp").write_text(driver)
    # the Model's host headers give platform_ascendc (without the 350 part: named as the 950),
    # register/tilingdata_base.h and securec.h
    flags = ["-std=c++17", "-O1", "-w", "-DASCEND350=ASCEND950", f"-I{tmp / 'stub'}",
             f"-I{ROOT / 'cpp' / 'model' / 'host' / 'include'}", f"-I{kit / 'include'}", f"-I{kit / 'include' / 'utils'}"]
    objs = []
    for name in ("math_util", "matmul_tiling_algorithm", "matmul_tiling_base", "bmm_tiling", "matmul_tiling"):
        obj = tmp / f"{name}.o"
        cpp = tree / "impl" / "adv_api" / "tiling" / "matmul" / f"{name}.cpp"
        subprocess.run([gxx, *flags, "-c", str(cpp), "-o", str(obj)], check=True, capture_output=True)
        objs.append(str(obj))
    exe = tmp / "vendor_tiling"
    subprocess.run([gxx, *flags, str(tmp / "driver.cpp"), *objs, "-o", str(exe)], check=True, capture_output=True)
    return exe


_DT = {0: host.DataType.DT_FLOAT, 1: host.DataType.DT_FLOAT16, 2: host.DataType.DT_INT8, 27: host.DataType.DT_BF16,
       29: host.DataType.DT_INT4}


def _ours(m, n, k, dim, setshape, bias, at, bt, adt, bdt, fm, fn, fk, trav, multi):
    p = host.get_ascendc_platform()
    t = host.MultiCoreMatmulTiling(p) if multi else host.MatmulApiTiling(p)
    t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, _DT[adt], bool(at))
    t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, _DT[bdt], bool(bt))
    t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    t.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    if multi:
        t.set_dim(dim)
    t.set_org_shape(m, n, k)
    if setshape:
        t.set_shape(m, n, k)
    t.enable_bias(bool(bias))
    if (fm, fn, fk) != (-1, -1, -1):
        t.set_fix_split(fm, fn, fk)
    if trav:
        t.set_traverse(host.MatrixTraverse(trav))
    t.set_buffer_space(-1, -1, -1)
    out = asc.adv.TCubeTiling()
    if t.get_tiling(out) != 0:
        return "-1"
    return " ".join(f"{f}={getattr(out, f)}" for f in FIELDS)


def _configs(count, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        m = rng.choice([rng.randint(1, 3000), 16 * rng.randint(1, 128), 128 * rng.randint(1, 16)])
        n = rng.choice([rng.randint(1, 3000), 16 * rng.randint(1, 128), 128 * rng.randint(1, 16)])
        k = rng.choice([rng.randint(1, 5000), 16 * rng.randint(1, 256), 256 * rng.randint(1, 16)])
        dim = rng.choice([1, 2, 4, 8, 20, 24, 48, rng.randint(1, 64)])
        dt = rng.choice([1, 1, 1, 27, 0, 2, 29])
        kunit = {2: 32, 29: 64}.get(dt, 16)
        fix = rng.choice([(-1, -1, -1)] * 3 + [(16 * rng.randint(1, 16), 16 * rng.randint(1, 16), -1),
                                               (16 * rng.randint(1, 16), -1, -1), (-1, 16 * rng.randint(1, 16), -1),
                                               (16 * rng.randint(1, 8), 16 * rng.randint(1, 8),
                                                kunit * rng.randint(1, 8))])
        out.append((m, n, k, dim, rng.randint(0, 1), rng.randint(0, 1), rng.randint(0, 1), rng.randint(0, 1), dt, dt)
                   + fix + (rng.choice([0, 0, 1, 2]), rng.choice([1, 1, 1, 0])))
    return out


def test_random_configurations_match_the_vendors_sources(tmp_path):
    config.set_platform(config.Backend.Model)
    exe = _build(tmp_path)
    cases = _configs(int(os.environ.get("ASC_TILING_CASES", "400")), 2026)
    stdin = "".join(" ".join(str(v) for v in c) + "\n" for c in cases)
    lines = subprocess.run([str(exe)], input=stdin, capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(lines) == len(cases)
    diffs = [(c, want, _ours(*c)) for c, want in zip(cases, lines) if _ours(*c) != want]
    assert not diffs, "\n".join(f"{c}:\n  vendor {w}\n  ours   {o}" for c, w, o in diffs[:5])
    assert sum(line != "-1" for line in lines) > len(cases) // 2  # most configurations tile
