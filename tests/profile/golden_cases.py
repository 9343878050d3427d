"""The launches whose cycle-model results are pinned in golden.json (recorded
from the Python simulator the C++ cycle model replaced; test_profile_golden.py
checks the C++ model reproduces them). Kernels: tests/profile/kernels.py and
the examples (examples/05_matmul covers MTE1 / cube / fixpipe)."""

import os
import sys
from pathlib import Path

import numpy as np

import asc
import kernels

ROOT = Path(__file__).resolve().parents[2]


def _vadd(kernel, cores, per_core, *const):
    n = cores * per_core
    x = (np.arange(n) % 7).astype(np.float16)
    return kernel[cores], (x, np.ones(n, np.float16), np.zeros(n, np.float16), per_core, *const)


def _fidelity(cores, tile, bufs, bypass, n):
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float16)
    y = rng.standard_normal(n).astype(np.float16)
    base, extra = divmod(n // tile, cores)
    return kernels.add_tiles[cores], (x, y, np.zeros_like(x), base, extra, tile, bufs, bypass)


# issue 10's fidelity steps (our own TQue add kernel; benchmarks/fidelity.py now runs the vendor's): (name, cores, tile, buffers, bypass)
FIDELITY = [("1 small tiles", 48, 4096, 1, False), ("2 larger copies", 48, 16384, 1, False),
            ("3 double buffering", 48, 16384, 2, False), ("4 L2 bypass", 48, 16384, 2, True),
            ("one core", 1, 16384, 2, False)]


def cases(full_fidelity: bool = False):
    """{name: () -> (launcher, args)}"""
    out = {}
    for cores in (1, 2, 8, 48):
        out[f"vadd_q[{cores}] tile 2048 x2"] = lambda c=cores: _vadd(kernels.vadd_q, c, 48 * 8192 // c, 2048, 2)
    out["vadd_q[4] tile 1024 x1"] = lambda: _vadd(kernels.vadd_q, 4, 4096, 1024, 1)
    out["vadd_flags[2] barrier_all"] = lambda: _vadd(kernels.vadd_flags, 2, 8192, 1024, True)
    out["vadd_flags[2]"] = lambda: _vadd(kernels.vadd_flags, 2, 8192, 1024, False)
    out["vadd_region[2]"] = lambda: _vadd(kernels.vadd_region, 2, 4096, 1024, 2)

    def scalar_rw():
        x = np.arange(1, 65, dtype=np.float32)
        return kernels.scalar_rw[1], (x, np.zeros(64, np.float32), 64)
    out["scalar_rw[1]"] = scalar_rw

    def sync_exp():
        x = np.linspace(-1, 1, 4 * 2048).astype(np.float32)
        return kernels.sync_exp[4], (x, np.zeros_like(x), 2048)
    out["sync_exp[4]"] = sync_exp

    def matmul():
        sys.path.insert(0, str(ROOT / "examples" / "05_matmul"))
        import matmul as mm
        core_num, m, k, n = 4, 32, 64, 48
        rng = np.random.default_rng(0)
        a = rng.standard_normal((core_num * m, k)).astype(np.float16)
        b = rng.standard_normal((k, n)).astype(np.float16)
        return mm.matmul_kernel[core_num], (a, b, np.zeros((core_num * m, n), np.float32), m, k, n)
    out["examples/05_matmul"] = matmul

    n = 8192 * 8192 // (1 if full_fidelity else 64)
    for name, cores, tile, bufs, bypass in FIDELITY:
        out[f"fidelity {name}" + ("" if full_fidelity else " (1/64)")] = \
            lambda c=cores, t=tile, b=bufs, p=bypass: _fidelity(c, t, b, p, n)
    return out


def summary(lp) -> dict:
    """What golden.json pins of a launch (floats exactly, as JSON's repr round-trips them)."""
    import hashlib
    h = hashlib.sha256(repr([(b, q, s, e, i) for (b, q, s, e, i) in lp.sim.slices]).encode()).hexdigest()
    return {"total_us": lp.total_us, "pipes": lp.pipes, "breakdown": lp.breakdown,
            "lines": [[os.path.basename(f), l, c, n] for f, l, c, n in lp.lines],
            "block_us": {str(b): v for b, v in lp.block_us.items()},
            "instructions": lp.instructions, "hbm_read_bytes": lp.hbm_read_bytes,
            "hbm_write_bytes": lp.hbm_write_bytes, "peak_hbm_bandwidth": lp.peak_hbm_bandwidth,
            "slices": len(lp.sim.slices), "slices_sha256": h, "flows": len(lp.sim.flows),
            "waits": len(lp.sim.waits)}


def run(make):
    launcher, args = make()
    with asc.profile() as prof:
        launcher(*args)
    return prof.launches[-1]


if __name__ == "__main__":  # python tests/profile/golden_cases.py [--full] > golden.json
    import json
    full = "--full" in sys.argv
    res = {name: summary(run(make)) for name, make in cases(full).items()
           if full == name.startswith("fidelity") or not full}
    print(json.dumps(res, indent=1))
