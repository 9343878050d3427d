"""benchmarks/fidelity.py's fp16 matmul kernels (C = A @ B, fp16 in, fp32 out,
row-major in GM), written with the raw cube API: GM -> L1 in NZ fractals
(DataCopy + Nd2NzParams, MTE2), L1 -> L0A/L0B (LoadData, MTE1; B transposed per
fractal), Mmad into L0C (M), Fixpipe L0C -> GM (FIX).

The cores share the bm x bn output blocks round-robin; each block walks K in
bk steps. `mm_basic` finishes each step before it starts the next (a PIPE_ALL
barrier per step); `mm_pipelined` ping-pongs two L1 and two L0A/L0B buffers
with event ids 0/1, so that the next step's GM loads and L0 loads run under
the current Mmad."""

import asc

FRACTAL = 16  # a 16 x 16 fp16 fractal: 512 bytes


@asc.jit
def mm_basic(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, m: int, n: int, k: int,
             bm: asc.ConstExpr, bn: asc.ConstExpr, bk: asc.ConstExpr):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, m * k)
    b_gm.set_global_buffer(b, k * n)
    c_gm.set_global_buffer(c, m * n)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, bm * bk)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, bm * bk * 2, bk * bn)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, bm * bk)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, bk * bn)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, bm * bn)
    blocks_n = n // bn
    nblocks = (m // bm) * blocks_n
    for blk in range(asc.get_block_idx(), nblocks, asc.get_block_num()):
        row = (blk // blocks_n) * bm
        col = (blk % blocks_n) * bn
        for kk in range(k // bk):
            asc.data_copy(a_l1, a_gm[row * k + kk * bk:], asc.Nd2NzParams(1, bm, bk, 0, k, bm, 1, 0))
            asc.data_copy(b_l1, b_gm[kk * bk * n + col:], asc.Nd2NzParams(1, bk, bn, 0, n, bk, 1, 0))
            asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
            for i in asc.static_range(bm // FRACTAL):
                asc.load_data(a_l0[i * bk * FRACTAL:], a_l1,
                              asc.LoadData2DParams(i, bk // FRACTAL, bm // FRACTAL, 0, 0, False, 0))
            asc.load_data(b_l0, b_l1, asc.LoadData2DParams(0, (bk // FRACTAL) * (bn // FRACTAL), 1, 0, 0, True, 0))
            asc.set_flag(asc.HardEvent.MTE1_M, 0)
            asc.wait_flag(asc.HardEvent.MTE1_M, 0)
            asc.mmad(c_l0, a_l0, b_l0, asc.MmadParams(bm, bn, bk, 0, False, kk == 0))
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        asc.fixpipe(c_gm[row * n + col:], c_l0, asc.FixpipeParamsV220(bn, bm, bm, n), asc.FixpipeConfig.cfg_row_major)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def mm_pipelined(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, m: int, n: int, k: int,
                 bm: asc.ConstExpr, bn: asc.ConstExpr, bk: asc.ConstExpr):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, m * k)
    b_gm.set_global_buffer(b, k * n)
    c_gm.set_global_buffer(c, m * n)
    a_size = bm * bk
    b_size = bk * bn
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 2 * a_size)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 2 * a_size * 2, 2 * b_size)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 2 * a_size)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 2 * b_size)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, bm * bn)
    blocks_n = n // bn
    nblocks = (m // bm) * blocks_n
    # both L1 and both L0 buffers start free
    for p in asc.static_range(2):
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.set_flag(asc.HardEvent.M_MTE1, p)
    for blk in range(asc.get_block_idx(), nblocks, asc.get_block_num()):
        row = (blk // blocks_n) * bm
        col = (blk % blocks_n) * bn
        for kk2 in range(k // bk // 2):
            for p in asc.static_range(2):
                kk = kk2 * 2 + p
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)  # L1 buffer p free
                asc.data_copy(a_l1[p * a_size:], a_gm[row * k + kk * bk:], asc.Nd2NzParams(1, bm, bk, 0, k, bm, 1, 0))
                asc.data_copy(b_l1[p * b_size:], b_gm[kk * bk * n + col:], asc.Nd2NzParams(1, bk, bn, 0, n, bk, 1, 0))
                asc.set_flag(asc.HardEvent.MTE2_MTE1, p)
                asc.wait_flag(asc.HardEvent.MTE2_MTE1, p)
                asc.wait_flag(asc.HardEvent.M_MTE1, p)  # L0 buffer p free
                for i in asc.static_range(bm // FRACTAL):
                    asc.load_data(a_l0[p * a_size + i * bk * FRACTAL:], a_l1[p * a_size:],
                                  asc.LoadData2DParams(i, bk // FRACTAL, bm // FRACTAL, 0, 0, False, 0))
                asc.load_data(b_l0[p * b_size:], b_l1[p * b_size:],
                              asc.LoadData2DParams(0, (bk // FRACTAL) * (bn // FRACTAL), 1, 0, 0, True, 0))
                asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
                asc.set_flag(asc.HardEvent.MTE1_M, p)
                asc.wait_flag(asc.HardEvent.MTE1_M, p)
                asc.mmad(c_l0, a_l0[p * a_size:], b_l0[p * b_size:], asc.MmadParams(bm, bn, bk, 0, False, kk == 0))
                asc.set_flag(asc.HardEvent.M_MTE1, p)
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm[row * n + col:], c_l0, asc.FixpipeParamsV220(bn, bm, bm, n), asc.FixpipeConfig.cfg_row_major)
        asc.set_flag(asc.HardEvent.FIX_M, 0)
        asc.wait_flag(asc.HardEvent.FIX_M, 0)
    for p in asc.static_range(2):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.wait_flag(asc.HardEvent.M_MTE1, p)
