"""The cycle model's physics (issue 10 §4) and determinism (§1)."""

import random

import numpy as np
import pytest

import asc
from asc.profiler import cycle, simulate, timing_params
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


def test_tque_double_buffering_overlaps_copies_and_compute():
    # A copy+compute pipeline through TQue: with one buffer a tile's copy in
    # waits for the previous tile's compute to free the buffer, with two the
    # queue hands out the other buffer (AllocTensor rotates, as the vendor's
    # TQueBind does) and copies overlap compute. Before the rotation fix
    # AllocTensor always returned buffer 0 and both timed the same.
    times = {}
    for bufs in (1, 2):
        lp = _run(kernels.copy_compute_q, 1, 32768, 2048, bufs, 12)
        times[bufs] = lp.total_us
    assert times[2] < times[1] * 0.8, times


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


def _layout_launch(z_at, unary=False, y_at=16384):
    with asc.profile(compute=False) as prof:
        kernels.ub_layout_add[1](z_at, 4096, 8, unary, y_at)
    return prof.launches[-1]


def _vec_us(z_at, y_at=16384):
    return _layout_launch(z_at, y_at=y_at).pipes["vec"]


def test_ub_bank_conflicts_cost_vector_time():
    # The A2 (NPU arch 220x) rules of CANN's "Avoiding Bank Conflicts in the
    # Unified Buffer": a bank group serves one read and one write a cycle; two
    # reads of one group conflict, a read and a write conflict only in one bank.
    same = _vec_us(32768)                     # x and y in the same 8 groups: 2 cycles a repeat
    z_moved = _vec_us(32768 + 128)            # moving z does not help a read/read conflict
    apart = _vec_us(32768, y_at=16384 + 128)  # y 256 B on (the vendor's fix): 1 cycle, z in x's groups, other bank
    in_place = _vec_us(0, y_at=16384 + 128)   # z = x: one bank read and written in a repeat
    assert z_moved == same  # the old rule (two reads a group) gave 1 cycle here
    assert apart < same and in_place > apart
    fixed = P.vec_fixed_cycles / (P.clock_ghz * 1e3)  # µs of each Add's fixed overhead
    assert abs((same / 8 - fixed) / (apart / 8 - fixed) - 2.0) < 1e-6, (same, apart)


def test_ub_bank_conflicts_in_resource_conflict_ratio(tmp_path):
    import csv

    def ratios(lp):
        lp.save(tmp_path / str(id(lp)), plot=False)
        with open(tmp_path / str(id(lp)) / "ResourceConflictRatio.csv") as f:
            row = next(csv.DictReader(f))
        return {k: float(row[f"aiv_vec_{k}_cflt_ratio"]) for k in ("total", "bankgroup", "bank")}

    group = _layout_launch(32768)               # Add: x and y read the same groups
    none = _layout_launch(32768, y_at=16384 + 128)  # Add: y in the other 8 groups, z in x's (another bank)
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


FULL = 2**64 - 1  # every lane of a 64-bit mask word


def _l0_repeat_cycles(y_at, z_at, blk=1, x_rep=8, rep=8, m0=FULL, m1=FULL, reps=8, with_launch=False):
    """Cycles one repeat of kernels.level0_layout_add's Add takes (8 calls of
    `reps` repeats; each call's fixed overhead taken off)."""
    with asc.profile(compute=False) as prof:
        kernels.level0_layout_add[1](y_at, z_at, blk, x_rep, rep, m0, m1, reps)
    lp = prof.launches[-1]
    cycles = _add_repeat_cycles(lp, reps)
    return (cycles, lp) if with_launch else cycles


def _add_repeat_cycles(lp, reps, calls=8):
    """Cycles one repeat of a launch's `calls` level-0 Adds of `reps` repeats took (each
    call's fixed overhead taken off)."""
    call = lp.pipes["vec"] * P.clock_ghz * 1e3 / calls
    factor = float(P.vec_api_repeat_factor.get("Add", 1.0))
    return (call - P.vec_fixed_cycles) / (reps * P.vec_repeat_cycles * factor)


# x at byte 0: bank groups 0-7 (bank 0) in repeat 0; y 32 KB + 256 B on: groups
# 8-15 (on A2 two reads of one group conflict, so y keeps off x's groups)
Y, Z = 16384 + 128, 32768  # elements (fp16): y at 32 KB + 256 B, z at 64 KB (bank 1 of each group)


def test_level0_block_stride_spreads_blocks_over_bank_groups():
    # z 256 B on (groups 8-15): block stride 1 puts its 8 blocks in 8 groups, one
    # write each: a repeat takes 1 cycle. Block stride 16 (512 B) puts all 8 in one
    # group (one write a cycle: 8 cycles), block stride 8 in two (4 cycles) -- the
    # CANN bank-conflict page's dst blk_stride 16 / 8 examples.
    assert _l0_repeat_cycles(Y, Z + 128) == pytest.approx(1.0)
    assert _l0_repeat_cycles(Y, Z + 128, blk=16) == pytest.approx(8.0)
    assert _l0_repeat_cycles(Y, Z + 128, blk=8) == pytest.approx(4.0)
    # blk 2: its blocks share groups with x's and y's reads, in another bank: a
    # read and a write of one group do not conflict on A2
    assert _l0_repeat_cycles(Y, Z + 128, blk=2) == pytest.approx(1.0)


def test_a_row_read_by_several_lanes_is_one_read():
    def repeat_cycles(y_at, src_blk, x_rep, y_rep):
        with asc.profile(compute=False) as prof:
            kernels.level0_src_stride_add[1](y_at, Z + 128, src_blk, x_rep, y_rep, 8)
        return _add_repeat_cycles(prof.launches[-1], 8)

    # x read with block stride 0: a repeat's eight blocks are one 32 B row (group 0), which
    # its bank group serves in one read (before: eight reads of group 0, 8 cycles a repeat);
    # y stays on groups 8-15 (repeat stride 512 B), z is in another bank: 1 cycle
    assert repeat_cycles(Y, 0, 0, 16) == pytest.approx(1.0)
    # block stride 2: eight different rows in groups 0, 2, ..., 14, four of them y's groups
    assert repeat_cycles(Y, 2, 0, 16) == pytest.approx(2.0)
    # a source given twice (y is x): each row is read once, 1 cycle (before: 2)
    assert repeat_cycles(0, 1, 0, 0) == pytest.approx(1.0)
    # two different rows of one group still conflict: y 512 B on reads groups 0-7 too
    assert repeat_cycles(256, 1, 0, 0) == pytest.approx(2.0)


def test_level0_masked_off_blocks_make_no_conflicts():
    # y 128 B on from 32 KB (groups 4-11): x's blocks 4..7 and y's blocks 0..3
    # read groups 4-7 together, two reads a group: 2 cycles a repeat with every
    # lane on (z in groups 8-15 of another bank: its writes conflict with nothing)
    y = 16384 + 64
    full = _l0_repeat_cycles(y, Z + 128)
    assert full == pytest.approx(2.0)
    # blocks 0, 1, 4, 5 on: x's blocks 4, 5 and y's blocks 0, 1 still meet in groups 4, 5
    assert _l0_repeat_cycles(y, Z + 128, m0=0xFFFFFFFF, m1=0xFFFFFFFF) == pytest.approx(2.0)
    # blocks 0, 1, 6, 7 on (the same number of lanes): no group is shared, 1 cycle;
    # the blocks between are not touched (the mask's span 0..7 would conflict)
    cycles, lp = _l0_repeat_cycles(y, Z + 128, m0=0xFFFFFFFF, m1=0xFFFFFFFF << 32, with_launch=True)
    assert cycles == pytest.approx(1.0)
    assert lp.sim.conflicts[0] == (0.0, 0.0)
    # a partial mask still takes its cycle a repeat (each call: fixed + reps cycles)
    assert lp.pipes["vec"] * P.clock_ghz * 1e3 / 8 == pytest.approx(P.vec_fixed_cycles + 8 * P.vec_repeat_cycles)


def test_level0_repeat_stride_places_the_next_repeat():
    # y 256 B on (groups 8-15), z 64 KB + 256 B (groups 8-15 of bank 1), all with
    # repeat stride 8 (256 B: the next repeat 8 groups on): x and y never share a
    # group, z shares with one source: 1 cycle a repeat.
    assert _l0_repeat_cycles(Y, Z + 128) == pytest.approx(1.0)
    # x with repeat stride 0 re-reads groups 0-7 every repeat; in the odd repeats
    # y and z have moved onto them: 3 accesses, 2 cycles every other repeat
    assert _l0_repeat_cycles(Y, Z + 128, x_rep=0) == pytest.approx(1.5)
    assert _l0_repeat_cycles(Y, Z + 128, x_rep=0, reps=1) == pytest.approx(1.0)  # repeat 0 alone


def test_level0_contiguous_costs_as_level2():
    # default strides and a full mask: a level-0 Add of r repeats costs what the
    # level-2 Add of 128 r elements over the same layout does (both bank models)
    for z_at in (32768, 32768 + 128, 0):
        with asc.profile(compute=False) as prof:
            kernels.ub_layout_add[1](z_at, 128 * 8, 8, False, Y)
        l2 = prof.launches[-1]
        l0 = _l0_repeat_cycles(Y, z_at, with_launch=True)[1]
        assert l0.pipes["vec"] == pytest.approx(l2.pipes["vec"]), z_at


def test_level0_record_carries_each_repeats_blocks():
    # the recording keeps a level-0 call's UB ranges per repeat (AccessRec.region
    # = the repeat); an operand's strided blocks in one repeat are one row pattern
    _, lp = _l0_repeat_cycles(Y, Z + 128, blk=16, reps=3, with_launch=True)
    ev = lp.recording.events
    acc = lp.recording.accesses
    first = next(e for e in ev if e["acc_count"] > 0 and lp.recording.strings[e["api"]] == "Add")
    rows = acc[int(first["acc_first"]):int(first["acc_first"] + first["acc_count"])]
    assert first["id"] == 3
    dst = rows[rows["write"] == 1]
    assert dst["region"].tolist() == [0, 1, 2]
    assert dst["rows"].tolist() == [8, 8, 8] and dst["stride"].tolist() == [512] * 3
    assert dst["offset"].tolist() == [65536 + 256 + 256 * r for r in range(3)]
    src = rows[rows["write"] == 0]
    assert sorted(src["region"].tolist()) == [0, 0, 1, 1, 2, 2] and (src["bytes"] == 256).all()
    # ModelBackend(trace=True) hands out the same recording as dicts (one format of the
    # stream): the repeat is in the same field, and simulating the dicts gives the profile's cycles
    from asc.runtime import config

    be = config.current_backend()
    be.trace = True
    try:
        kernels.level0_layout_add[1](Y, Z + 128, 16, 8, 8, FULL, FULL, 3)
        trace = be.last_trace
    finally:
        be.trace = False
    add = next(e for e in trace if e["api"] == "Add")
    assert sorted({a["region"] for a in add["accesses"]}) == [0, 1, 2]
    assert simulate(trace, P).cycles == lp.sim.cycles


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


def _mm(kernel, cores, m, n, k, *tiling, compute=True, **params):
    rng = np.random.default_rng(0)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = np.zeros((m, n), np.float32)
    with asc.profile(compute=compute, **params) as prof:
        kernel[cores](a, b, c, m, n, k, *tiling)
    if compute:
        np.testing.assert_allclose(c, a.astype(np.float32) @ b.astype(np.float32), rtol=1e-3, atol=1e-3)
    else:
        assert not c.any()  # timing only: the output is not touched
    return prof.launches[-1]


def test_nd2nz_gm_rows_are_one_strided_record():
    """The recorder folds an Nd2Nz copy's GM rows into one record (rows, stride)
    and the NZ column blocks it writes in L1 into ranges."""
    import matmul_kernels as mk
    from asc.profiler.cycle import MEM_CODE

    m, n, k = 256, 256, 256
    lp = _mm(mk.mm_basic, 1, m, n, k, 128, 128, 64)
    rec = lp.recording
    copies = [i for i, s in enumerate(rec.strings) if s == "DataCopy"]
    seen = 0
    for e in rec.events[np.isin(rec.events["api"], copies) & (rec.events["pipe"] == 4)]:  # PIPE_MTE2
        acc = rec.accesses[e["acc_first"]:e["acc_first"] + e["acc_count"]]
        gm = acc[acc["mem"] == MEM_CODE["GM"]]
        l1 = acc[acc["mem"] == MEM_CODE["L1"]]
        assert len(gm) == 1
        rows, stride, nbytes = int(gm["rows"][0]), int(gm["stride"][0]), int(gm["bytes"][0])
        # A: 128 rows of 64 fp16 (128 B), k apart; B: 64 rows of 128 fp16 (256 B), n apart
        assert (rows, stride, nbytes) in ((128, k * 2, 128 * 128), (64, n * 2, 64 * 256))
        # the NZ column blocks follow each other in L1 (dstNzC0Stride = rows): one range
        assert len(l1) == 1 and l1["bytes"][0] == nbytes
        seen += 1
    assert seen == 2 * (m // 128) * (n // 128) * (k // 64)


def test_strided_record_times_as_its_rows():
    """A strided record is timed exactly as its rows recorded one by one
    (L2 granules, misaligned rows, bytes)."""
    import matmul_kernels as mk
    from asc.profiler.cycle import Recording

    lp = _mm(mk.mm_basic, 2, 256, 256, 256, 128, 128, 64)
    rec = lp.recording
    split = []
    for e in rec.dicts():
        acc = []
        for a in e["accesses"]:
            step = a["bytes"] // a["rows"]
            acc += [dict(a, offset=a["offset"] + r * a["stride"], bytes=step, rows=1, stride=0) for r in range(a["rows"])]
        split.append(dict(e, accesses=acc))
    assert sum(len(e["accesses"]) for e in split) > 2 * len(rec.accesses)
    one_by_one = simulate(Recording.from_dicts(split), lp.params)
    again = simulate(rec, lp.params)
    assert one_by_one.cycles == again.cycles == lp.sim.cycles
    assert one_by_one.slices == again.slices


def test_l2_hit_reads_have_their_own_head_latency():
    """A matmul re-reads its A and B panels (L2 hits): l2_hit_head_cycles sets
    their time to the first byte. A streaming add reads everything once (misses):
    the parameter does not touch it."""
    import matmul_kernels as mk

    fast = _mm(mk.mm_basic, 1, 256, 256, 512, 128, 128, 64, compute=False, l2_hit_head_cycles=50)
    slow = _mm(mk.mm_basic, 1, 256, 256, 512, 128, 128, 64, compute=False, l2_hit_head_cycles=400)
    copies = 2 * 4 * (512 // 64)  # A and B per K step; the second of each pair overlaps the first's head
    assert slow.sim.cycles - fast.sim.cycles > 0.25 * copies * (400 - 50)
    n = 4 * 8192
    x, y, z = np.ones(n, np.float16), np.ones(n, np.float16), np.zeros(n, np.float16)
    times = []
    for hit in (50, 400):
        with asc.profile(compute=False, l2_hit_head_cycles=hit) as prof:
            kernels.vadd_q[4](x, y, z, 8192, 2048, 2)
        times.append(prof.launches[-1].sim.cycles)
    assert times[0] == times[1]


def test_gm_transfers_overlap_their_head_latency():
    """Two transfers in flight on a pipe: the second's head latency runs under the
    first's head and data, so back-to-back small copies cost about a head per two
    copies, not a head each."""
    n, size = 64, 512  # 512-byte GM -> UB copies 8 KB apart (L2 misses): tens of cycles of data, a 400-cycle head
    events = [{"block": 0, "kind": "api", "api": "DataCopy", "pipe": 4, "file": "t.py", "line": 1, "elems": size // 2,
               "bytes": size, "event": 0, "id": 0,
               "accesses": [{"mem": "GM", "write": False, "region": 0, "offset": i * 8192, "bytes": size},
                            {"mem": "UB", "write": True, "region": -1, "offset": 0, "bytes": size}]}
              for i in range(n)]
    # the mechanism, not the calibration: a head long against the data (the fitted head is
    # a few tens of cycles, the rest of a transfer's fixed cost being its burst overhead)
    head = 400
    one = simulate(events, P.with_overrides(mte_outstanding_transfers=1, gm_head_cycles=head)).cycles
    two = simulate(events, P.with_overrides(mte_outstanding_transfers=2, gm_head_cycles=head)).cycles
    assert one > n * head  # one at a time: every copy waits its head
    assert two < one * 0.55  # two in flight: the heads overlap in pairs
    assert two > n * head / 2


def test_optimised_matmul_l1_panels():
    """mm_optimised (L1-resident K panels, ping-pong L1 and L0) computes the
    product, times the same in timing-only mode and runs the same Mmads as
    mm_pipelined. (Until issue 23 it also asserted the panels were faster here;
    with the 125-cycle GM head and a read channel of its own per core both are
    HBM-bound at this size, within 1% of each other.)"""
    import matmul_kernels as mk

    m, n, k = 256, 512, 1024
    opt = _mm(mk.mm_optimised, 2, m, n, k, 128, 256, 64, 256)
    fast = _mm(mk.mm_optimised, 2, m, n, k, 128, 256, 64, 256, compute=False)
    assert fast.total_us == opt.total_us and fast.pipes == opt.pipes
    piped = _mm(mk.mm_pipelined, 2, m, n, k, 128, 256, 64)
    assert opt.pipes["cube"] == pytest.approx(piped.pipes["cube"])  # the same Mmads


def test_unique_gm_bytes_reads_strided_records():
    from asc.bench.work import unique_gm_bytes
    from asc.profiler.cycle import ACCESS

    acc = np.zeros(3, ACCESS)
    acc[0] = (0, 4 * 128, 0, 0, 0, 4, 1024)  # 4 rows of 128 B, 1 KB apart
    acc[1] = (128, 128, 0, 0, 0, 1, 0)  # row 0 again, shifted by 128 B: new bytes
    acc[2] = (2048, 256, 0, 0, 1, 1, 0)  # a write
    assert unique_gm_bytes(acc) == (5 * 128, 256)


def test_older_access_layout_is_upgraded():
    """A .prof written before AccessRec had rows/stride loads: each record one range."""
    from asc.profiler.cycle import ACCESS, EVENT, Recording

    old = np.dtype([("offset", "<u8"), ("bytes", "<u8"), ("region", "<i4"), ("mem", "<i4"), ("write", "<i4"),
                    ("pad", "<i4")])
    arr = np.zeros(2, old)
    arr["offset"] = [0, 4096]
    arr["bytes"] = [32, 64]
    arr["write"] = [0, 1]
    rec = Recording(np.zeros(0, EVENT), arr, [])
    assert rec.accesses.dtype == ACCESS
    assert rec.accesses["rows"].tolist() == [1, 1] and rec.accesses["stride"].tolist() == [0, 0]
    assert rec.accesses["offset"].tolist() == [0, 4096] and rec.accesses["bytes"].tolist() == [32, 64]
    assert rec.accesses["write"].tolist() == [0, 1]


def test_moving_z_does_not_fix_a_read_read_bank_conflict():
    # issue 10's step 5 moved z 256 B off the groups x and y read; on A2 a bank
    # group serves one read a cycle, so x and y (32 KB apart, the same groups)
    # still conflict and the Add keeps its 2 cycles a repeat: the vendor's fix
    # (add.asc 332-337) moves y instead (test_ub_bank_conflicts_cost_vector_time).
    n, tile, cores = 8192 * 8192 // 64, 16384, 48
    rng = np.random.default_rng(0)
    x = rng.standard_normal(n).astype(np.float16)
    y = rng.standard_normal(n).astype(np.float16)
    base, extra = divmod(n // tile, cores)
    out = {}
    for kernel, args in ((kernels.add_tiles, (tile, 2, True)), (kernels.add_tiles_z_apart, (tile, True))):
        z = np.zeros_like(x)
        with asc.profile() as prof:
            kernel[cores](x, y, z, base, extra, *args)
        assert np.array_equal(z, x + y)
        out[kernel] = prof.launches[-1]
    four, five = out[kernels.add_tiles], out[kernels.add_tiles_z_apart]
    assert all(c[0] > 0 for c in four.sim.conflicts.values())
    assert all(c[0] > 0 for c in five.sim.conflicts.values())
    assert five.pipes["vec"] == pytest.approx(four.pipes["vec"], rel=1e-9)


@asc.jit(kernel_type=asc.KernelType.MIX_AIC_1_2)
def aic_feeds_aivs(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    """Each group's AIC core loads all of x into L1 (a long MTE2 copy), then raises
    mode-2 flag 5 for its two AIV cores, which wait for it before copying their n
    elements of x to y."""
    if asc.ascend_is_aic():
        whole = asc.GlobalTensor()
        whole.set_global_buffer(x, 4 * n)
        l1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 0, 4 * n)
        asc.data_copy(l1, whole, 4 * n)
        asc.cross_core_set_flag(5, 2, asc.PipeID.PIPE_MTE2)
    if asc.ascend_is_aiv():
        asc.cross_core_wait_flag(5, 2, asc.PipeID.PIPE_S)
        off = asc.get_block_idx() * n
        x_gm = asc.GlobalTensor()
        y_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x + off, n)
        y_gm.set_global_buffer(y + off, n)
        t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
        asc.data_copy(t, x_gm, n)
        asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
        asc.data_copy(y_gm, t, n)


def test_a_mixed_kernels_aic_cores_run_and_their_flags_order_the_aivs():
    """A MIX_AIC_1_2 kernel with code for both core types runs each group's AIC core
    too (blocks after the AIV cores): the AIV cores' copies start only once their
    AIC has raised the mode-2 flag, in the functional run and in the cycle model."""
    n = 512
    x = np.arange(4 * n, dtype=np.float32)
    y = np.zeros_like(x)
    with asc.profile() as prof:
        aic_feeds_aivs[2](x, y, n)
    np.testing.assert_array_equal(y, x)
    lp = prof.launches[-1]
    assert sorted(lp.block_us) == [0, 1, 2, 3, 4, 5]  # 4 AIV cores, then the 2 AIC cores
    aic_done = {g: max(e for (blk, q, s, e, i) in lp.sim.slices if blk == 4 + g) for g in (0, 1)}
    for blk in range(4):
        first_copy = min(s for (b, q, s, e, i) in lp.sim.slices if b == blk and q != 0)
        assert first_copy >= aic_done[blk // 2] * 0.99
    # without its AIC's flag the AIV would start at once: the AIC's load is what it waited for
    assert min(aic_done.values()) > 100  # cycles: an 8 KB load, not nothing


@asc.jit(kernel_type=asc.KernelType.AIC_ONLY)
def mmads_then_unit_flag_fixpipe(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                                 reps: asc.ConstExpr, unit: asc.ConstExpr):
    """`reps` Mmads into one L0C tile (A and B loaded once), then one Fixpipe of it, with no
    M_FIX flag in between: with unit flags (Mmad 2 then 3, Fixpipe 3) the hardware makes
    the Fixpipe wait for the Mmads; without them the code has a race."""
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, 64 * 64)
    b_gm.set_global_buffer(b, 64 * 64)
    c_gm.set_global_buffer(c, 64 * 64)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 64 * 64)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 8192, 64 * 64)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 64 * 64)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 64 * 64)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 64 * 64)
    asc.data_copy(a_l1, a_gm, asc.Nd2NzParams(1, 64, 64, 0, 64, 64, 1, 0))
    asc.data_copy(b_l1, b_gm, asc.Nd2NzParams(1, 64, 64, 0, 64, 64, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    for i in asc.static_range(4):
        asc.load_data(a_l0[i * 64 * 16:], a_l1, asc.LoadData2DParams(i, 4, 4, 0, 0, False, 0))
    for j in asc.static_range(4):
        asc.load_data(b_l0[j * 64 * 16:], b_l1, asc.LoadData2DParams(j, 4, 4, 0, 0, True, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    for r in asc.static_range(reps):
        asc.mmad(c_l0, a_l0, b_l0, asc.MmadParams(64, 64, 64, (3 if r == reps - 1 else 2) if unit else 0,
                                                  False, r == 0))
    p = asc.FixpipeParamsV220(64, 64, 64, 64)
    p.unit_flag = 3 if unit else 0
    asc.fixpipe(c_gm, c_l0, p, asc.FixpipeConfig.cfg_row_major)


def test_a_unit_flag_fixpipe_waits_for_the_mmads_before_it():
    """The unit-flag handshake (FixpipeParamsV220.unitFlag): the cycle model starts the
    Fixpipe only once the Mmads before it are done; without a unit flag (and without an
    M_FIX flag) nothing orders them."""
    a = np.ones((64, 64), np.float16)
    b = np.ones((64, 64), np.float16)

    def fix_start_and_mmad_end(unit):
        c = np.zeros((64, 64), np.float32)
        with asc.profile() as prof:
            mmads_then_unit_flag_fixpipe[1](a, b, c, 16, unit)
        np.testing.assert_array_equal(c, np.full((64, 64), 64.0 * 16))
        sl = prof.launches[-1].sim.slices
        mmad_end = max(e for (blk, q, s, e, i) in sl if q == 2)        # PIPE_M
        fix_start = min(s for (blk, q, s, e, i) in sl if q == 10)      # PIPE_FIX
        return fix_start, mmad_end

    fix, mm = fix_start_and_mmad_end(True)
    assert fix >= mm
    fix, mm = fix_start_and_mmad_end(False)
    assert fix < mm  # unordered: the race a unit flag (or a flag) would close


def test_the_published_add_scales_from_1_to_48_cores_as_measured():
    # issue 23 §3: the vendor's add (add_high_performance, fp16 8192 x 8192, 8 KB copies:
    # README cases 1 and 2) runs 6909.6 us on one AIV and 306.58 us on 48, x22.5 (HBM-bound,
    # far from x48). The model, running the vendor's kernel at full size (timing only), gives
    # that ratio within 15%; the data must not fit the L2 (a 1/16 slice scales x28).
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    import fidelity
    one = fidelity._add_case(1, 4096, "serial", rows=512)(False).us   # one core's tiles, scaled to 8192 rows
    many = fidelity._add_case(48, 4096, "serial")(False).us
    assert abs((one / many) / (6909.6 / 306.58) - 1) <= 0.15, (one, many, one / many)


def _streaming_add(bypass, cores=48, tile=16384, **params):
    """add_tiles on `cores` cores, four double-buffered fp16 tiles each, x and y read once
    (bypassing the L2 or not), timed only with these parameters: its launch profile."""
    n = cores * tile * 4
    x, y, z = np.ones(n, np.float16), np.ones(n, np.float16), np.zeros(n, np.float16)
    with asc.profile(compute=False, **params) as prof:
        kernels.add_tiles[cores](x, y, z, n // tile // cores, 0, tile, 2, bypass)
    return prof.launches[-1]


def test_streaming_reads_through_the_l2_are_slower_than_bypassing_it():
    # 48 cores stream x and y once (HBM-bound). Read misses the L2 allocates are line
    # fills, at most l2_fill_bytes_per_s for all cores together (below the HBM's rate: the
    # vendor's add README, case 5: the same reads take 250.5 us of MTE2 through the L2,
    # 176.0 us bypassing it); CACHE_MODE_DISABLE reads are not fills.
    def total(bypass, **over):
        return _streaming_add(bypass, **over).total_us

    through, bypassing = total(False), total(True)
    assert through > bypassing * 1.1
    # without the fill limit (fills as fast as the HBM) the two come together
    same = dict(l2_fill_bytes_per_s=P.hbm_bytes_per_s)
    assert total(False, **same) == pytest.approx(total(True, **same), rel=0.02)


def test_vector_bank_conflicts_hold_up_the_cores_copies():
    # add_tiles' x and y buffers start in one bank group, so every repeat of its Add
    # takes 2 cycles (a read/read conflict). Those extra cycles hold the UB's bank ports:
    # the core's copies into and out of the UB lose ub_conflict_mte_share of them (the
    # vendor's add README, case 5 -> 6: removing the conflicts cut MTE2 176.0 -> 171.6 us
    # and the whole launch 187.7 -> 184.5 us, HBM-bound as it is).
    free = _streaming_add(True, ub_conflict_mte_share=0.0)
    held = _streaming_add(True, ub_conflict_mte_share=P.ub_conflict_mte_share)
    assert P.ub_conflict_mte_share > 0
    conflict_us = sum(sum(v) for v in held.sim.conflicts.values()) / len(held.sim.conflicts) / (P.clock_ghz * 1e3)
    assert conflict_us > 0
    # the copies take longer, and the launch too: the other cores do not take up the lost share
    assert held.pipes["mte2"] > free.pipes["mte2"]
    assert held.total_us > free.total_us
    # by no more than the share of the conflict cycles (per core, in us)
    assert held.total_us - free.total_us <= P.ub_conflict_mte_share * conflict_us * 1.05


def test_misaligned_rows_cap_the_cores_port_not_the_hbm():
    # devkit.md: a 32 B-aligned GM address gets about 70% of the bandwidth of a 512 B-aligned
    # one. One core streaming 32 KB copies 32 B off the grid: its port is the limit, so they
    # take about 1 / misaligned_gm_efficiency as long. 48 cores doing the same are held by
    # the HBM's share below that cap, and the alignment does not show (the vendor's 48-core
    # adds with every other copy 256 B off measured as fast as the aligned ones).
    size, n = 32768, 32

    def stream(cores, skew):
        events = [{"block": b, "kind": "api", "api": "DataCopy", "pipe": 4, "file": "t.py", "line": 1,
                   "elems": size // 2, "bytes": size, "event": 0, "id": 0,
                   "accesses": [{"mem": "GM", "write": False, "region": 0,
                                 "offset": (b * n + i) * (size + 512) + skew, "bytes": size},
                                {"mem": "UB", "write": True, "region": -1, "offset": 0, "bytes": size}]}
                  for b in range(cores) for i in range(n)]
        return simulate(events, P).cycles

    one = stream(1, 32) / stream(1, 0)
    assert 0.9 / P.misaligned_gm_efficiency < one <= 1.0 / P.misaligned_gm_efficiency
    many = stream(48, 32) / stream(48, 0)
    assert many == pytest.approx(1.0, abs=0.01)


def test_each_row_of_a_multi_row_copy_costs_the_mte_its_issue():
    # The vendor's matmul ladder moves 128 B Nd2Nz rows at 3.6-4.3 cycles a row and
    # 512-614 B rows at 7.2-8.0: a fixed cost a row besides the bytes (mte_row_cycles). One
    # core's copies of 32 KB: as 64 rows of 512 B they take 63 x mte_row_cycles longer than
    # as one row (the first row's issue is the burst overhead), one-row copies not at all.
    size, n, rows = 32768, 16, 64

    def stream(nrows, **params):
        p = P.with_overrides(**params) if params else P
        events = [{"block": 0, "kind": "api", "api": "DataCopy", "pipe": 4, "file": "t.py", "line": 1,
                   "elems": size // 2, "bytes": size, "event": 0, "id": 0,
                   "accesses": [{"mem": "GM", "write": False, "region": 0, "offset": i * size * 2, "bytes": size,
                                 "rows": nrows, "stride": size // nrows},
                                {"mem": "UB", "write": True, "region": -1, "offset": 0, "bytes": size}]}
                  for i in range(n)]
        return simulate(events, p).cycles

    assert P.mte_row_cycles > 0
    assert stream(1) == stream(1, mte_row_cycles=0)
    extra = stream(rows) - stream(rows, mte_row_cycles=0)
    # the n copies follow each other on the core's port: their rows' issue time, at the
    # burst efficiency (32 KB: 98.5%)
    assert extra == pytest.approx(n * (rows - 1) * P.mte_row_cycles / (size / (size + P.burst_overhead_bytes)),
                                  rel=0.02)


def test_cores_reading_the_same_rows_at_once_share_one_rate():
    # The vendor's matmul README: multiple accesses to the same address are serialized, the
    # more cores the worse (its 2 x 12 split, 12 cores per A row, is slower than 4 x 6). k
    # cores copying the same rows at once share same_address_bytes_per_cycle; the same k
    # cores copying rows of their own do not.
    size, n = 16384, 8

    def stream(cores, shared, **params):
        p = P.with_overrides(**params) if params else P
        events = [{"block": b, "kind": "api", "api": "DataCopy", "pipe": 4, "file": "t.py", "line": 1,
                   "elems": size // 2, "bytes": size, "event": 0, "id": 0,
                   "accesses": [{"mem": "GM", "write": False, "region": 0,
                                 "offset": (i if shared else b * n + i) * size, "bytes": size},
                                {"mem": "UB", "write": True, "region": -1, "offset": 0, "bytes": size}]}
                  for b in range(cores) for i in range(n)]
        return simulate(events, p).cycles

    k = 12
    assert P.same_address_bytes_per_cycle > 0
    own = stream(k, False)
    shared = stream(k, True)
    assert shared > 1.2 * own
    # the shared reads take at least their bytes at the shared rate (less their first one's
    # head; they are L2 hits after the first core's miss)
    assert shared >= 0.9 * k * n * size / P.same_address_bytes_per_cycle
    assert stream(k, True, same_address_bytes_per_cycle=0) < 1.05 * own  # off: as if apart
    assert stream(1, True) == stream(1, False)  # one core alone: nothing shared


def _scalar_stream(event, n=10):
    return [{"block": 0, "kind": "api", "api": "Matmul", "pipe": cycle.PIPE_S, "file": "t.py", "line": 1,
             "elems": 0, "bytes": 0, "event": event, "id": -1, "accesses": []} for _ in range(n)]


def test_a_matmul_step_charges_the_scalar_its_own_bookkeeping():
    # The vendor's matmul README: aic_scalar_time is 26-46% of the AIC's time, and a constant
    # tiling cuts it by 45% (1753 -> 969 us). The Matmul records one PIPE_S event per k step,
    # which the cycle model charges matmul_step_scalar_cycles (a runtime tiling) or
    # matmul_step_scalar_cycles_constant; an API's own PIPE_S call stays scalar_api_cycles.
    n = 10
    p = P.with_overrides(matmul_step_scalar_cycles=200, matmul_step_scalar_cycles_constant=70,
                         scalar_api_cycles=12)
    assert simulate(_scalar_stream(cycle.SCALAR_MATMUL_STEP, n), p).cycles == pytest.approx(n * 200)
    assert simulate(_scalar_stream(cycle.SCALAR_MATMUL_STEP_CONSTANT, n), p).cycles == pytest.approx(n * 70)
    assert simulate(_scalar_stream(-1, n), p).cycles == pytest.approx(n * 12)
    assert P.matmul_step_scalar_cycles > P.matmul_step_scalar_cycles_constant > 0


def _vec_then_copy(nvec):
    vec = [{"block": 0, "kind": "api", "api": "Adds", "pipe": cycle.PIPE_V, "file": "t.py", "line": 1,
            "elems": 128, "bytes": 256, "event": -1, "id": -1,
            "accesses": [{"mem": "UB", "write": True, "region": -1, "offset": 0, "bytes": 256},
                         {"mem": "UB", "write": False, "region": -1, "offset": 4096, "bytes": 256}]}
           for _ in range(nvec)]
    copy = {"block": 0, "kind": "api", "api": "DataCopy", "pipe": cycle.PIPE_MTE2, "file": "t.py", "line": 2,
            "elems": 1024, "bytes": 2048, "event": 0, "id": 0,
            "accesses": [{"mem": "GM", "write": False, "region": 0, "offset": 0, "bytes": 2048},
                         {"mem": "UB", "write": True, "region": -1, "offset": 65536, "bytes": 2048}]}
    return vec + [copy]


def test_a_full_pipe_queue_stalls_the_scalar_unit():
    # The vendor's matmul_basic_api README: the MTE1 instruction queue holds 32 instructions;
    # one more and the scalar unit waits for the pipe to take one, so a copy on another pipe
    # issued after them starts late. pipe_queue_depth 0: unbounded (the default, see its source).
    nvec, depth = 40, 8
    events = _vec_then_copy(nvec)
    start = lambda res: [s[2] for s in res.slices if s[1] == cycle.PIPE_MTE2][0]  # noqa: E731
    free = simulate(events, P.with_overrides(pipe_queue_depth=0))
    bounded = simulate(events, P.with_overrides(pipe_queue_depth=depth))
    vec_ends = sorted(s[3] for s in bounded.slices if s[1] == cycle.PIPE_V)
    # bounded: the copy is issued once the V pipe has started all but `depth` of the adds
    # (the one that frees the last slot starts as the previous one ends)
    assert start(bounded) >= vec_ends[nvec - depth - 2]
    # unbounded: issued right after the adds' issue, overlapping them
    assert start(free) <= (nvec + 1) * P.scalar_issue_cycles < vec_ends[nvec - depth - 2]
    assert bounded.cycles > free.cycles
    # the scalar's stall is reported as a wait on the scalar unit
    assert any(w[1] == cycle.PIPE_S for w in bounded.waits)
