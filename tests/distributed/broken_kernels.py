"""The corpus of broken distributed kernels. Each `# <- name` comment marks a
line a report must name (tests look the lines up by the marker)."""

import asc


@asc.jit
def skipped_collective(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    g = hccl.all_gather(x, y, n, asc.float32)  # <- skipped.gather
    hccl.commit(g)
    hccl.wait(g)
    if asc.get_rank_id() != 3:  # <- skipped.branch
        h = hccl.all_reduce(x, y, n, asc.float32, "sum")  # <- skipped.reduce
        hccl.commit(h)
        hccl.wait(h)
    hccl.finalize()


@asc.jit
def swapped_order(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    if asc.get_rank_id() == 1:
        a = hccl.all_gather(x, y, n, asc.float32)  # <- swapped.gather
        hccl.commit(a)
        hccl.wait(a)
    b = hccl.all_reduce(x, y, n, asc.float32, "sum")  # <- swapped.reduce
    hccl.commit(b)
    hccl.wait(b)
    if asc.get_rank_id() != 1:
        c = hccl.all_gather(x, y, n, asc.float32)
        hccl.commit(c)
        hccl.wait(c)


@asc.jit
def mismatched_count(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    count = n
    if asc.get_rank_id() == 2:
        count = n // 2
    h = hccl.all_reduce(x, y, count, asc.float32, "sum")  # <- count.reduce
    hccl.commit(h)
    hccl.wait(h)


@asc.jit
def mismatched_op(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    if asc.get_rank_id() == 0:
        h = hccl.all_reduce(x, y, n, asc.float32, "max")  # <- op.max
        hccl.commit(h)
        hccl.wait(h)
    else:
        h = hccl.all_reduce(x, y, n, asc.float32, "sum")  # <- op.sum
        hccl.commit(h)
        hccl.wait(h)


@asc.jit
def one_rank_faults(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, n)
    if asc.get_rank_id() == 5:
        asc.data_copy(t, x_gm[n * 16:], n)  # <- fault.copy
    h = hccl.all_reduce(x, y, n, asc.float32, "sum")
    hccl.commit(h)
    hccl.wait(h)


@asc.jit
def never_committed(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.all_reduce(x, y, n, asc.float32, "sum")
    if asc.get_rank_id() != 6:
        hccl.commit(h)
    hccl.wait(h)  # <- uncommitted.wait


@asc.jit
def left_without_waiting(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    """Rank 4 skips the collective; the others commit it and finish without a wait."""
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    if asc.get_rank_id() != 4:  # <- nowait.branch
        h = hccl.all_reduce(x, y, n, asc.float32, "sum")  # <- nowait.reduce
        hccl.commit(h)


@asc.jit
def one_rank_spins(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, spins: int):
    """Rank 7 runs a long loop before the collective: no certain deadlock, only a slow rank."""
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    if asc.get_rank_id() == 7:
        for i in range(spins):  # <- spin.loop
            asc.pipe_barrier(asc.PipeID.PIPE_V)
    h = hccl.all_reduce(x, y, n, asc.float32, "sum")  # <- spin.reduce
    hccl.commit(h)
    hccl.wait(h)


@asc.jit
def waits_in_sync_all(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    """Core 1 of rank 2 skips its collective; on the other ranks core 0 then waits in
    SyncAll for core 1, which waits for that collective: local and collective waits together."""
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    off = asc.get_block_idx() * n
    if asc.get_rank_id() != 2 or asc.get_block_idx() == 0:
        h = hccl.all_reduce(x + off, y + off, n, asc.float32, "sum")  # <- sync.reduce
        hccl.commit(h)
        hccl.wait(h)
    asc.sync_all()
