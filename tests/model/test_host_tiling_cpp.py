"""The vendor's host tiling API for C++ programs (cpp/model/host/include/tiling):
a C++ program's MultiCoreMatmulTiling gives the same TCubeTiling as
asc.lib.host's (the calls are replayed there), the platform numbers are the
platform table's, the field order is the TableGen struct's, and a failed
replay is GetTiling() == -1 with an [ERROR] line, never a crash."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import asc.lib.host as host
from asc.cprog import replay
from asc.language.core._generated import STRUCTS
from conftest import build_host_program, HOST_INC

ROOT = Path(__file__).resolve().parents[2]

PROGRAM = r"""
#include <cstdio>
#include <cstdlib>
#include "tiling/tiling_api.h"
#include "kernel_tiling/kernel_tiling.h"
namespace mt = matmul_tiling;
int main(int argc, char** argv) {
  int m = atoi(argv[1]), n = atoi(argv[2]), k = atoi(argv[3]), bias = atoi(argv[4]);
  auto* p = platform_ascendc::PlatformAscendCManager::GetInstance("Ascend910B1");
  if (!p) return 3;
  uint64_t ub = 0, l1 = 0;
  p->GetCoreMemSize(platform_ascendc::CoreMemType::UB, ub);
  p->GetCoreMemSize(platform_ascendc::CoreMemType::L1, l1);
  printf("platform %u %u %llu %llu %u\n", p->GetCoreNumAic(), p->GetCoreNumAiv(), (unsigned long long)ub,
         (unsigned long long)l1, p->GetLibApiWorkSpaceSize());
  mt::MultiCoreMatmulTiling t(*p);
  t.SetDim(p->GetCoreNumAic());
  t.SetAType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16, false);
  t.SetBType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT16, false);
  t.SetCType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetBiasType(mt::TPosition::GM, mt::CubeFormat::ND, mt::DataType::DT_FLOAT);
  t.SetOrgShape(m, n, k);
  t.SetShape(m, n, k);
  t.EnableBias(bias != 0);
  t.SetBufferSpace(-1, -1, -1);
  optiling::TCubeTiling td;
  long r = t.GetTiling(td);
  TCubeTiling kt;  // the kernel's struct, filled the same way
  long r2 = t.GetTiling(kt);
  int same = memcmp(&kt, &td, sizeof kt) == 0;
  uint8_t buf[sizeof(td)];
  td.SaveToBuffer(buf, sizeof buf);
  printf("tiling %ld %ld %d %zu", r, r2, same, td.GetDataSize());
  const int32_t* f = reinterpret_cast<const int32_t*>(buf);
  for (size_t i = 0; i < td.GetDataSize() / 4; ++i) printf(" %d", f[i]);
  printf("\n");
  return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    d = tmp_path_factory.mktemp("host_tiling")
    build_host_program(d, PROGRAM)
    return d / "p"


def run(program, *args, **env):
    e = dict(os.environ, ASC_PYTHON=sys.executable,
             PYTHONPATH=str(ROOT / "python") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    e.update(env)
    return subprocess.run([str(program), *map(str, args)], capture_output=True, text=True, env=e)


def test_field_order_is_the_struct_definition():
    text = (HOST_INC / "tiling" / "tiling_api.h").read_text()
    macro = text[text.index("#define ASC_TCUBE_TILING_FIELDS"):]
    macro = macro[:macro.index("\n\n")]
    assert re.findall(r"X\((\w+)\)", macro) == [f.cpp for f in STRUCTS["TCubeTiling"].fields]


@pytest.mark.parametrize("m,n,k,bias", [(512, 1024, 512, 1), (32, 64, 128, 0), (1000, 333, 77, 1)])
def test_cpp_tiling_equals_python(program, m, n, k, bias):
    out = run(program, m, n, k, bias)
    assert out.returncode == 0, out.stderr
    lines = dict(ln.split(" ", 1) for ln in out.stdout.splitlines())
    p = host.PlatformAscendC("Ascend910B1")
    aic, aiv, ub, l1, ws = map(int, lines["platform"].split())
    assert (aic, aiv, ub, l1, ws) == (p.get_core_num_aic(), p.get_core_num_aiv(),
                                      p.get_core_mem_size(host.CoreMemType.UB),
                                      p.get_core_mem_size(host.CoreMemType.L1), p.get_lib_api_work_space_size())
    r, r2, same, size, *fields = map(int, lines["tiling"].split())
    assert (r, r2, same, size) == (0, 0, 1, 49 * 4)

    t = host.MultiCoreMatmulTiling(p)
    t.set_dim(aic)
    t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    t.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    t.set_org_shape(m, n, k)
    t.set_shape(m, n, k)
    t.enable_bias(bool(bias))
    t.set_buffer_space(-1, -1, -1)

    class F:
        pass

    want = F()
    assert t.get_tiling(want) == 0
    assert fields == [int(getattr(want, f.py)) for f in STRUCTS["TCubeTiling"].fields]
    named = dict(zip([f.cpp for f in STRUCTS["TCubeTiling"].fields], fields))
    assert (named["M"], named["N"], named["Ka"], named["isBias"]) == (m, n, k, bias)
    assert named["baseM"] % 16 == 0 and named["baseN"] % 16 == 0 and 1 <= named["usedCoreNum"] <= aic


def test_failed_replay_is_minus_one_with_error(program):
    out = run(program, 64, 64, 64, 0, ASC_PYTHON="/nonexistent/python")
    # No platform without the helper: GetInstance returns nullptr, the program says so.
    assert out.returncode == 3
    assert "[ERROR] asc host tiling" in out.stderr


def test_replay_refuses_bad_input(capsys):
    assert replay.main(["tiling", "MultiCoreMatmulTiling", "Ascend910B1", "os_system:1"]) == 2
    assert "no replayable method 'os_system'" in capsys.readouterr().err
    assert replay.main(["tiling", "NoSuchTiling", "Ascend910B1"]) == 2
    assert replay.main(["tiling", "MatmulApiTiling", "Ascend910B1", "set_dim:x"]) == 2
    assert replay.main(["platform"]) == 2
    assert replay.main(["platform", "NoSuchSoc"]) == 2
