"""Host tiling and tiling structs at the edges of int32 (issue 25): set_dim(2**32) is refused
instead of allocating until the OOM killer comes, a huge set_dim is answered in bounded time
and memory with the same tiling as before, and a struct field that does not fit the kernel's
int32 is refused at the launch (and by get_tiling) instead of wrapping silently."""

import resource
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import asc
import asc.lib.host as host
import asc.runtime.config as config
from asc.lib.host import matmul_tiling

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _model():
    config.set_platform(config.Backend.Model)


def _tiler(m, n, k, dim):
    t = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    t.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    assert t.set_dim(dim) == 0
    t.set_org_shape(m, n, k)
    t.set_shape(m, n, k)
    return t


def test_set_dim_outside_int32_is_refused():
    t = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert t.set_dim(2 ** 32) == -1 and t.set_dim(2 ** 31) == -1 and t.set_dim(0) == -1
    assert t.set_dim(2 ** 31 - 1) == 0


def test_huge_set_dim_is_bounded_in_time_and_memory():
    code = textwrap.dedent(f"""
        import resource, sys
        sys.path.insert(0, {str(ROOT / "python")!r})
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))
        import asc.lib.host as host
        import asc.runtime.config as config
        config.set_platform(config.Backend.Model)
        t = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
        t.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
        t.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
        t.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
        assert t.set_dim(2 ** 31 - 1) == 0
        t.set_org_shape(256, 256, 64)
        t.set_shape(256, 256, 64)
        import asc.adv
        tiling = asc.adv.TCubeTiling()
        print(t.get_tiling(tiling), t.get_core_num())
    """)
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split()[0] == "0"


def _old_splits(self):
    """The split enumeration before issue 25 (every mc up to dim), for small dims."""
    s_m, s_n, _ = self.single
    if s_m > 0 or s_n > 0:
        yield (matmul_tiling._cdiv(self.m, s_m) if s_m > 0 else 1), (matmul_tiling._cdiv(self.n, s_n)
                                                                     if s_n > 0 else 1)
        return
    yield from sorted({(mc, self.dim // mc) for mc in range(1, self.dim + 1)})


@pytest.mark.parametrize("m,n,k,dim", [(512, 512, 128, 24), (48, 4096, 64, 40), (16, 16, 16, 7),
                                       (1000, 200, 96, 64), (4096, 32, 32, 20)])
def test_bounded_split_search_chooses_what_the_full_one_did(m, n, k, dim, monkeypatch):
    import asc.adv

    got, want = asc.adv.TCubeTiling(), asc.adv.TCubeTiling()
    assert _tiler(m, n, k, dim).get_tiling(got) == 0
    monkeypatch.setattr(host.MultiCoreMatmulTiling, "_splits", _old_splits)
    assert _tiler(m, n, k, dim).get_tiling(want) == 0
    assert got.fields == want.fields


def test_get_tiling_refuses_shapes_beyond_int32():
    import asc.adv

    tiling = asc.adv.TCubeTiling()
    assert _tiler(2 ** 32 + 16, 256, 64, 24).get_tiling(tiling) == -1
    assert tiling.fields == asc.adv.TCubeTiling().fields  # left as it was


@asc.jit
def read_m(out: asc.GlobalAddress, tiling: asc.adv.TCubeTiling):
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 8)
    o.set_value(0, tiling.m)


def test_struct_field_beyond_int32_is_refused_not_wrapped():
    tiling = asc.adv.TCubeTiling()
    tiling.m = 16
    out = np.zeros(8, np.int32)
    read_m[1](out, tiling)
    assert out[0] == 16
    tiling.m = 2 ** 32 + 16  # would reach the kernel as 16
    out[:] = 0
    with pytest.raises(OverflowError, match=r"argument 'tiling': field m = 4294967312 does not fit in int32"):
        read_m[1](out, tiling)
    assert out[0] == 0
    tiling.m = float("nan")
    with pytest.raises(OverflowError, match="field m"):
        read_m[1](out, tiling)
