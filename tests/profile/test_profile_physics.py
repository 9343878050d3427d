"""The cycle model's physics (issue 10 §4) and determinism (§1)."""

import random

import numpy as np

import asc
from asc.profiler import simulate, timing_params
import kernels

P = timing_params("Ascend910B1")


def _run(kernel, cores, per_core, *const):
    n = cores * per_core
    x = np.ones(n, np.float16)
    y = np.ones(n, np.float16)
    z = np.zeros_like(x)
    with asc.profile() as prof:
        kernel[cores](x, y, z, per_core, *const)
    assert (z == 2).all()
    return prof.launches[-1]


def test_deterministic_and_independent_of_host_order():
    a = _run(kernels.vadd_q, 8, 8192, 2048, 2)
    b = _run(kernels.vadd_q, 8, 8192, 2048, 2)
    assert a.total_us == b.total_us and a.sim.slices == b.sim.slices
    # the host may run the cores in any order and interleaving: shuffle the stream
    # across cores (each core's own order kept) and simulate again
    ev = a.events
    per = {}
    for e in ev:
        per.setdefault(e["block"], []).append(e)
    rng = random.Random(7)
    mixed = []
    queues = [list(v) for v in per.values()]
    rng.shuffle(queues)
    while any(queues):
        q = rng.choice([q for q in queues if q])
        mixed.append(q.pop(0))
    assert simulate(mixed, P).cycles == a.sim.cycles


def test_hbm_never_above_peak_and_core_scaling_saturates():
    total = 48 * 8192
    times = {}
    for cores in (1, 2, 4, 8, 16, 48):
        lp = _run(kernels.vadd_q, cores, total // cores, 2048, 2)
        assert lp.peak_hbm_bandwidth <= P.hbm_bytes_per_s * (1 + 1e-9)
        assert lp.hbm_bandwidth <= P.hbm_bytes_per_s * (1 + 1e-9)
        times[cores] = lp.total_us
    # a bandwidth-bound kernel speeds up with cores ...
    assert times[1] > times[2] > times[4] > times[8] > times[16]
    assert times[1] / times[8] > 4
    # ... until HBM saturates, then stops (far from linear, never slower)
    assert times[48] <= times[16] * 1.01
    assert times[48] > times[16] * (16 / 48) * 1.5


def test_double_buffering_never_slower():
    for cores, tile in ((1, 1024), (8, 2048), (48, 1024)):
        one = _run(kernels.vadd_q, cores, 8192, tile, 1)
        two = _run(kernels.vadd_q, cores, 8192, tile, 2)
        assert two.total_us <= one.total_us * (1 + 1e-9), (cores, tile, one.total_us, two.total_us)


def test_pipe_all_after_every_instruction_serialises():
    lp = _run(kernels.vadd_flags, 2, 8192, 1024, True)
    for b, busy in lp.per_block.items():
        work = busy["vec"] + busy["mte2"] + busy["mte3"]
        assert lp.block_us[b] >= work * 0.999
    # no two work pipes of a core ever overlap
    for b in lp.per_block:
        sl = sorted((s, e) for (c, q, s, e, _) in lp.sim.slices if c == b and q != 0 and e > s)
        assert all(sl[i][1] <= sl[i + 1][0] + 1e-9 for i in range(len(sl) - 1))
    free = _run(kernels.vadd_flags, 2, 8192, 1024, False)
    assert free.total_us <= lp.total_us


def test_vector_work_nearly_free_when_memory_bound():
    lp = _run(kernels.vadd_q, 8, 16384, 4096, 2)
    assert lp.breakdown["hbm_read"] + lp.breakdown["hbm_write"] > 0.5
    assert lp.pipes["vec"] < lp.pipes["mte2"]


def _layout_launch(z_at, unary=False):
    with asc.profile(compute=False) as prof:
        kernels.ub_layout_add[1](z_at, 4096, 8, unary)
    return prof.launches[-1]


def _vec_us(z_at):
    return _layout_launch(z_at).pipes["vec"]


def test_ub_bank_conflicts_cost_vector_time():
    # x and y read the same 8 bank groups in every repeat; z written into those
    # groups too makes 3 accesses a group (2 per cycle): 2 cycles a repeat.
    aligned = _vec_us(32768)          # z at 64 KB: groups of x and y, another bank
    shifted = _vec_us(32768 + 128)    # z 256 B on: the other 8 groups, 1 cycle a repeat
    in_place = _vec_us(0)             # z = x: one bank read and written in a repeat
    assert shifted < aligned
    assert in_place >= aligned
    fixed = P.vec_fixed_cycles / (P.clock_ghz * 1e3)  # µs of each Add's fixed overhead
    assert abs((aligned / 8 - fixed) / (shifted / 8 - fixed) - 2.0) < 1e-6, (aligned, shifted)


def test_ub_bank_conflicts_in_resource_conflict_ratio(tmp_path):
    import csv

    def ratios(lp):
        lp.save(tmp_path / str(id(lp)), plot=False)
        with open(tmp_path / str(id(lp)) / "ResourceConflictRatio.csv") as f:
            row = next(csv.DictReader(f))
        return {k: float(row[f"aiv_vec_{k}_cflt_ratio"]) for k in ("total", "bankgroup", "bank")}

    group = _layout_launch(32768)               # Add: 3 rows in each of x's groups
    none = _layout_launch(32768 + 128)          # Add: z in the other 8 groups
    bank = _layout_launch(0, unary=True)        # Abs in place: one bank read and written
    assert group.sim.conflicts[0][0] > 0 and group.sim.conflicts[0][1] == 0
    assert none.sim.conflicts[0] == (0.0, 0.0)
    assert bank.sim.conflicts[0][0] == 0 and bank.sim.conflicts[0][1] > 0
    g, n, b = ratios(group), ratios(none), ratios(bank)
    assert g["bankgroup"] > 0.2 and g["bank"] == 0 and g["total"] == g["bankgroup"]
    assert n == {"total": 0.0, "bankgroup": 0.0, "bank": 0.0}
    assert b["bank"] > 0.2 and b["bankgroup"] == 0


def test_cube_double_buffering_faster_and_correct():
    import matmul_kernels as mk

    rng = np.random.default_rng(0)
    m, n, k = 256, 512, 256
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    want = a.astype(np.float32) @ b.astype(np.float32)
    times = {}
    for kernel, bn in ((mk.mm_basic, 128), (mk.mm_pipelined, 256)):
        c = np.zeros((m, n), np.float32)
        with asc.profile() as prof:
            kernel[2](a, b, c, m, n, k, 128, bn, 64)
        np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)
        times[kernel] = prof.launches[-1]
    basic, piped = times[mk.mm_basic], times[mk.mm_pipelined]
    assert piped.total_us < basic.total_us
    # the ping-pong buffers let MTE2 / MTE1 work overlap the cube: the cube is busy a larger share
    assert piped.pipes["cube"] / piped.total_us > basic.pipes["cube"] / basic.total_us


def test_level0_vector_cost_counts_repeats_not_lanes():
    def vec(mask, reps, count=0):
        with asc.profile(compute=False) as prof:
            kernels.level0_add[1](mask, reps, count)
        return prof.launches[-1].pipes["vec"]

    full, half = vec(128, 8), vec(64, 8)
    assert half == full  # a repeat takes its cycle whatever its mask
    assert vec(128, 4) < full
    assert vec(0, 0, 512) < half  # level 2: the same 512 active elements in 4 repeats


def test_mixed_kernel_aiv_pairs_share_one_aic():
    """A MIX_AIC_1_2 launch runs two AIV blocks per AIC: their cube work (M, MTE1)
    takes turns on the one AIC, so M instructions of a pair never overlap, and
    the launch takes longer than if each AIV had a cube of its own."""
    import matmul_kernels as mk

    mix = asc.jit(kernel_type=asc.KernelType.MIX_AIC_1_2)(mk.mm_pipelined.fn)
    m, n, k = 512, 512, 256
    rng = np.random.default_rng(0)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    with asc.profile() as prof:
        mix[2](a, b, c, m, n, k, 128, 256, 64)
    np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-3, atol=1e-3)
    lp = prof.launches[-1]
    assert sorted(lp.block_us) == [0, 1, 2, 3]  # 2 groups x 2 AIV

    def overlaps(sim):
        n = 0
        for g in (0, 1):
            sl = sorted((s, e) for (blk, q, s, e, i) in sim.slices if q == 2 and blk // 2 == g)  # PIPE_M
            n += sum(1 for x, y in zip(sl, sl[1:]) if y[0] < x[1])
        return n

    own_cubes = simulate(lp.recording, lp.params, 0)
    assert overlaps(lp.sim) == 0 and overlaps(own_cubes) > 0
    assert lp.sim.cycles > own_cubes.cycles
