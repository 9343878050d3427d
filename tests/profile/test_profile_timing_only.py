"""asc.profile(compute=False): timing-only launches skip the data, not the timing."""

import csv
from pathlib import Path

import numpy as np
import pytest

import asc
import kernels


def _run(compute, kernel, *args, cores=2):
    with asc.profile(compute=compute) as prof:
        kernel[cores](*args)
    return prof.launches[-1]


@pytest.mark.parametrize("kernel,extra", [(kernels.vadd_q, (1024, 2)), (kernels.vadd_flags, (1024, False))])
def test_same_time_output_untouched(kernel, extra, tmp_path):
    n, pc = 2 * 4096, 4096
    x = (np.arange(n) % 7).astype(np.float16)
    y = np.ones(n, np.float16)
    z = np.zeros(n, np.float16)
    full = _run(True, kernel, x, y, z, pc, *extra)
    assert np.array_equal(z, x + y) and full.compute
    z2 = np.full(n, 42, np.float16)
    fast = _run(False, kernel, x, y, z2, pc, *extra)
    assert (z2 == 42).all()  # the output array is not touched
    assert not fast.compute
    assert fast.total_us == full.total_us
    assert fast.pipes == full.pipes and fast.lines == full.lines
    info = list(csv.DictReader(open(Path(fast.save(tmp_path / "p", plot=False)) / "OpBasicInfo.csv")))[0]
    assert info["Compute"].startswith("timing only") and "GetValue" in info["Compute"]
    assert "timing only" in fast.summary()


def test_getvalue_reads_zero_and_setvalue_writes_nothing():
    x = np.arange(1, 65, dtype=np.float32)
    y = np.zeros(64, np.float32)
    full = _run(True, kernels.scalar_rw, x, y, 64, cores=1)
    assert y[0] == x[0] + x[63] and full.compute
    y2 = np.full(64, -1, np.float32)
    _run(False, kernels.scalar_rw, x, y2, 64, cores=1)
    assert (y2 == -1).all()
    # timing-only is per profile block: a plain launch afterwards computes again
    y3 = np.zeros(64, np.float32)
    kernels.scalar_rw[1](x, y3, 64)
    assert y3[0] == x[0] + x[63]


def test_fault_still_found_in_timing_only():
    x = np.zeros(64, np.float32)
    with pytest.raises(asc.runtime.model.ModelFault, match=r"kernels.py:\d+"):
        with asc.profile(compute=False):
            kernels.oob[1](x, 64)


def test_subset_of_identical_cores():
    """asc.profile(cores=k) runs and times only the first k blocks; the others
    take their share of HBM/L2 bandwidth and L2: a streaming add of identical
    cores is predicted within 1% of the full simulation, and the profile says
    it was a subset."""
    n = 48 * 16 * 2048
    x = np.ones(n, np.float16)
    y = np.ones(n, np.float16)
    z = np.zeros_like(x)
    base, extra = divmod(n // 2048, 48)
    with asc.profile(compute=False) as full:
        kernels.add_tiles[48](x, y, z, base, extra, 2048, 2, False)
    with asc.profile(compute=False, cores=4) as part:
        kernels.add_tiles[48](x, y, z, base, extra, 2048, 2, False)
    f, p = full.launches[-1], part.launches[-1]
    assert f.cores_simulated == 48 and p.cores_simulated == 4 and p.block_dim == 48
    assert sorted(p.block_us) == [0, 1, 2, 3]
    assert abs(p.total_us / f.total_us - 1) < 0.01, (p.total_us, f.total_us)
    assert "simulated 4 of 48 identical cores" in p.summary()
    assert "simulated" not in f.summary()


def test_subset_sync_all_waits_for_the_blocks_that_run():
    """SyncAll and cross-core flags wait only for the blocks that run (no
    deadlock); the blocks that did not run left their output untouched."""
    n = 256
    x = np.linspace(-1, 1, 8 * n).astype(np.float32)
    y = np.zeros_like(x)
    with asc.profile(cores=2) as prof:
        kernels.sync_exp[8](x, y, n)
    np.testing.assert_allclose(y[:2 * n], np.exp(x[:2 * n]), rtol=1e-6)
    assert (y[2 * n:] == 0).all()
    assert prof.launches[-1].cores_simulated == 2


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "4"])
def test_subset_bad_cores(bad):
    with pytest.raises(ValueError, match="cores must be a positive int"):
        asc.profile(cores=bad)
