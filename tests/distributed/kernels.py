"""Distributed kernels that are right: one per collective, each core of a rank
working on its own slice (its lane). `op` is an HcclReduceOp value, `dtype_code`
an HcclDataType value (ConstExpr: one specialization per value)."""

import asc


@asc.jit
def all_reduce(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, op: asc.ConstExpr[int]):
    off = asc.get_block_idx() * n
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.all_reduce(x + off, y + off, n, op=asc.HcclReduceOp(op))
    hccl.commit(h)
    hccl.wait(h)
    hccl.finalize()


@asc.jit
def all_reduce_committed_at_once(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.all_reduce(x, y, n, asc.float32, "max", commit=True)
    hccl.wait(h)


@asc.jit
def all_gather(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, stride: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.all_gather(x, y, n, stride_count=stride)
    hccl.commit(h)
    hccl.wait(h)


@asc.jit
def reduce_scatter(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, stride: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.reduce_scatter(x, y, n, op="sum", stride_count=stride)
    hccl.commit(h)
    hccl.wait(h)


@asc.jit
def all_to_all(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    h = hccl.all_to_all(x, y, n)
    hccl.commit(h)
    hccl.wait(h)


@asc.jit
def rank_info(out: asc.GlobalAddress):
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 8)
    o.set_value(0, asc.get_rank_id())
    o.set_value(1, hccl.get_rank_dim())


@asc.jit
def two_in_flight(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    """Two collectives prepared, committed in reverse order, waited by finalize."""
    hccl = asc.Hccl()
    hccl.init(asc.get_hccl_context(0))
    a = hccl.all_reduce(x, y, n, asc.float32, "sum")
    b = hccl.all_gather(x, z, n, asc.float32)
    hccl.commit(b)
    hccl.commit(a)
    hccl.finalize()
