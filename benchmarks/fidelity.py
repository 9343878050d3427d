"""Fidelity of the timed Model against the published Atlas A2 measurements
(../shared/docs/hardware.md, "Published measurements"): fp16 add of two
8192x8192 tensors on 48 AIV through its optimisation steps, and on one core.

    python benchmarks/fidelity.py            # every case, and the goal over all of them (./dev bench)
    python benchmarks/fidelity.py --add [--quick]   # the add cases only
    python benchmarks/fidelity.py --matmul   # the fp16 matmul 8192^3 cases only (timing only, ~1 min, ~4 GB)
    python benchmarks/fidelity.py --matmul --cores=4   # 4 of the 24 cores: faster, wrong L2 reuse (run_matmul)

The kernels are written here in this repo's Python; the vendor samples' exact
code is not published, so each step is our reading of its description:

  1 small tiles       TQue pipeline, 4 K-element (8 KB) tiles, one buffer
  2 larger copies     16 K-element (32 KB) tiles, one buffer
  3 double buffering  32 KB tiles, two buffers per queue
  4 L2 bypass         step 3 + SetL2CacheHint(CACHE_MODE_DISABLE) on the inputs
  5 bank-conflict fix step 4 with z moved off x's and y's bank groups: its six
                      32 KB buffers fill the 192 KB UB with every buffer in
                      bank group 0 (x, y and z share 8 groups in every repeat
                      of the Add), so z gives up its second buffer (the copy
                      out is not the bottleneck) and starts 256 B (8 groups)
                      past y's end (a 256 B TBuf in between):
                      kernels.add_tiles_z_apart. The sample's own layout is not
                      published. The script also prints what step 4 costs
                      with the bank conflicts taken out
  one core            step 3 on 1 AIV

Prints predicted vs published, the error of each, the MAPE and whether the
ranking of the five steps matches. Nothing in the cycle model is keyed on
these kernels: the parameters are the platform file's (profiler/params).
--quick runs 1/16 of the data (rows) and scales nothing: for a smoke test only.
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "profile"))  # the kernels, shared with the profile tests
import asc  # noqa: E402
from kernels import add_tiles, add_tiles_z_apart  # noqa: E402
import matmul_kernels  # noqa: E402


STEPS = [  # name, cores, tile (elements), buffers, bypass, published µs
    ("1 small tiles", 48, 4096, 1, False, 306.6),
    ("2 larger copies", 48, 16384, 1, False, 268.5),
    ("3 double buffering", 48, 16384, 2, False, 264.0),
    ("4 L2 bypass", 48, 16384, 2, True, 187.7),
    ("5 bank-conflict fix", 48, 16384, 2, True, 184.5),  # add_tiles_z_apart (x, y double-buffered)
    ("one core", 1, 16384, 2, False, 6909.6),
]


def run(quick: bool = False, verbose: bool = True):
    n = 8192 * 8192 // (16 if quick else 1)
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float16)
    y = rng.standard_normal(n).astype(np.float16)
    z = np.zeros_like(x)
    rows = []
    for name, cores, tile, bufs, bypass, published in STEPS:
        tiles = n // tile
        base, extra = divmod(tiles, cores)
        t0 = time.perf_counter()
        with asc.profile() as prof:
            if name.startswith("5 "):
                add_tiles_z_apart[cores](x, y, z, base, extra, tile, bypass)
            else:
                add_tiles[cores](x, y, z, base, extra, tile, bufs, bypass)
        wall = time.perf_counter() - t0
        assert np.array_equal(z, x + y), name
        lp = prof.launches[-1]
        rows.append((name, published, lp.total_us, lp, wall))
        if verbose:
            err = (lp.total_us - published) / published
            print(f"{name:22s} published {published:9.1f} us  predicted {lp.total_us:9.1f} us  error {err:+6.1%}"
                  f"  HBM {lp.hbm_bandwidth / 1e12:.2f} TB/s  ({wall:.1f} s wall, sim {lp.sim_wall_s:.1f} s, "
                  f"{lp.instructions / max(lp.sim_wall_s, 1e-9):,.0f} instr/s)", flush=True)
    errs = [abs(p - m) / m for _, m, p, _, _ in rows]
    mape = sum(errs) / len(errs)
    steps = rows[:5]
    # each consecutive pair: published faster -> predicted must be faster too (a tie is not a match)
    pairs = [(i, j) for i in range(5) for j in range(i + 1, 5)]
    agree = sum((steps[i][1] > steps[j][1]) == (steps[i][2] > steps[j][2] + 1e-6) for i, j in pairs)
    ties = [f"{i + 1}={j + 1}" for i, j in pairs if abs(steps[i][2] - steps[j][2]) < 1e-6]
    within = sum(e <= 0.15 for e in errs)
    if verbose:
        print(f"MAPE {mape:.1%}; {within}/{len(rows)} within ±15%; ranking: {agree}/{len(pairs)} step pairs ordered "
              f"as published" + (f" (predicted ties: {', '.join(ties)})" if ties else ""))
        # step 4 with the UB bank conflicts of its Add taken out (a what-if, not a prediction)
        name, cores, tile, bufs, bypass, _ = STEPS[3]
        base, extra = divmod(n // tile, cores)
        with asc.profile(compute=False, ub_group_accesses_per_cycle=99, ub_group_writes_per_cycle=99) as prof:
            add_tiles[cores](x, y, z, base, extra, tile, bufs, bypass)
        free = prof.launches[-1].total_us
        print(f"UB bank conflicts: step 4 without them would take {free:.1f} us ({free / rows[3][2] - 1:+.1%}; "
              f"published step 5 {184.5 / 187.7 - 1:+.1%})")
    if verbose:
        # issue 10 §5: speed of a profiled 48-core launch, and the timing-only mode on the same step
        name, cores, tile, bufs, bypass, _ = STEPS[0]
        base, extra = divmod(n // tile, cores)
        t0 = time.perf_counter()
        with asc.profile(compute=False) as prof:
            add_tiles[cores](x, y, z, base, extra, tile, bufs, bypass)
        wall_t = time.perf_counter() - t0
        lp_t = prof.launches[-1]
        worst = max(r[4] for r in rows[:5])
        print(f"speed: slowest profiled 48-core step {worst:.1f} s wall = {worst / 30:.2f}x the 30 s target; "
              f"step 1 timing-only (compute=False) {wall_t:.1f} s wall vs {rows[0][4]:.1f} s computed "
              f"= {wall_t / rows[0][4]:.2f}x, prediction {'identical' if lp_t.total_us == rows[0][2] else 'DIFFERS'}"
              f" ({lp_t.total_us:.1f} us)")
    return rows, mape


MATMUL = [  # name, kernel, cores, tiling (constexpr args), published µs
    ("matmul 8192^3 1 AIC basic", matmul_kernels.mm_basic, 1, (128, 128, 64), 759364.0),
    ("matmul 8192^3 24 AIC basic", matmul_kernels.mm_basic, 24, (128, 128, 64), 12541.0),
    ("matmul 8192^3 24 AIC optimised", matmul_kernels.mm_optimised, 24, (128, 256, 64, 256), 4012.0),
]
MATMUL_FLOP = 2 * 8192 ** 3


def run_matmul(cores_simulated=None):
    """The fp16 matmul cases, timed only (compute=False). The 24-AIC launches run
    all 24 cores (cores_simulated=k: only k of them, see below); the 1-AIC launch
    runs the 64 output blocks of a 1024-row band of A against a 1024-column band
    of B and is scaled by 64 (its one core walks all 4096 blocks one after
    another, each the same work, and the band's B fits the L2 as all of B does).

    Why all 24 cores: each B panel is reused by the next block row, 128 MB of B
    later. With k of 24 cores simulated (each with k/24 of the L2), the blocks
    0..k-1 the subset runs revisit a panel only after 4-8 rounds, more than their
    share of the L2 holds: every B read misses, where the full launch hits (the
    optimised case came out +8% with 4 cores against -9% with 24, the basic +21% against +9%)."""
    size = 8192
    rows = []
    for name, kernel, cores, tiling, published in MATMUL:
        m = n = size if cores > 1 else 1024
        scale = (size // m) * (size // n)
        sim = cores_simulated if cores > 1 else None
        a = np.zeros((m, size), np.float16)
        b = np.zeros((size, n), np.float16)
        c = np.zeros((m, n), np.float32)
        t0 = time.perf_counter()
        with asc.profile(compute=False, cores=sim) as prof:
            kernel[cores](a, b, c, m, n, size, *tiling)
        wall = time.perf_counter() - t0
        lp = prof.launches[-1]
        predicted = lp.total_us * scale
        rows.append((name, published, predicted, wall))
        how = f"{lp.cores_simulated} of {cores} cores simulated" if sim else f"x{scale} blocks" if scale > 1 else \
            f"all {cores} cores"
        steps = (m // tiling[0]) * (n // tiling[1]) * (size // tiling[2]) / cores  # K steps (one Mmad each) per core
        cyc = lp.total_us * 1e-6 * lp.clock_ghz * 1e9 / steps
        busy = {k: round(v / lp.total_us, 2) for k, v in lp.pipes.items() if v}
        print(f"{name:32s} published {published:10.0f} us  predicted {predicted:10.0f} us  "
              f"error {(predicted - published) / published:+7.1%}  ({how}; {wall:.1f} s wall, "
              f"{lp.instructions / max(lp.sim_wall_s, 1e-9):,.0f} instr/s)", flush=True)
        print(f"    {MATMUL_FLOP / published / 1e6:6.1f} TFLOPS published, {MATMUL_FLOP / predicted / 1e6:6.1f} predicted;"
              f" {cyc:.0f} cycles per K step per core; pipes busy / total {busy}; critical path "
              f"{ {k: round(v, 2) for k, v in lp.breakdown.items() if v} }", flush=True)
    errs = [abs(p - m) / m for _, m, p, _ in rows]
    pairs = [(i, j) for i in range(len(rows)) for j in range(i + 1, len(rows))]
    agree = sum((rows[i][1] > rows[j][1]) == (rows[i][2] > rows[j][2]) for i, j in pairs)
    print(f"matmul MAPE {sum(errs) / len(errs):.1%}; {sum(e <= 0.15 for e in errs)}/{len(errs)} within ±15%; "
          f"ranking: {agree}/{len(pairs)} pairs ordered as published")
    t24 = rows[-1][3]
    print(f"speed: the 24-AIC optimised case (timing only, {'all 24' if not cores_simulated else cores_simulated} "
          f"cores) {t24:.1f} s wall = {t24 / 60:.2f}x the 60 s target")
    return rows


def summary(add_rows, matmul_rows):
    """Issue 10's goal over every published case: all within ±15%, MAPE <= 10%."""
    cases = [(r[0], r[1], r[2]) for r in add_rows] + [(r[0], r[1], r[2]) for r in matmul_rows]
    errs = [(name, (p - m) / m) for name, m, p in cases]
    mape = sum(abs(e) for _, e in errs) / len(errs)
    misses = [f"{name.strip()} {e:+.1%}" for name, e in errs if abs(e) > 0.15]
    met = not misses and mape <= 0.10
    print(f"all {len(cases)} published cases: MAPE {mape:.1%}; {len(cases) - len(misses)}/{len(cases)} within ±15%; "
          f"goal (every case within ±15%, MAPE <= 10%) {'met' if met else 'NOT met'}"
          + (f"; outside ±15%: {', '.join(misses)}" if misses else ""))


if __name__ == "__main__":
    if "--matmul" in sys.argv:
        k = next((int(a.split("=")[1]) for a in sys.argv if a.startswith("--cores=")), None)
        run_matmul(k)
    elif "--add" in sys.argv or "--quick" in sys.argv:
        run(quick="--quick" in sys.argv)
    else:  # every published case (./dev bench)
        add_rows, _ = run()
        summary(add_rows, run_matmul())
