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
            for j in asc.static_range(bk // FRACTAL):  # B (Zn): one k block of fractals per load
                asc.load_data(b_l0[j * bn * FRACTAL:], b_l1,
                              asc.LoadData2DParams(j, bn // FRACTAL, bk // FRACTAL, 0, 0, True, 0))
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
                for j in asc.static_range(bk // FRACTAL):  # B (Zn): one k block of fractals per load
                    asc.load_data(b_l0[p * b_size + j * bn * FRACTAL:], b_l1[p * b_size:],
                                  asc.LoadData2DParams(j, bn // FRACTAL, bk // FRACTAL, 0, 0, True, 0))
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


@asc.jit
def mm_optimised(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, m: int, n: int, k: int,
                 bm: asc.ConstExpr, bn: asc.ConstExpr, bk: asc.ConstExpr, kl: asc.ConstExpr):
    """mm_pipelined with L1-resident K panels: each GM -> L1 load brings a kl-deep
    panel (A: bm x kl, 512-byte rows for kl = 256; B: kl x bn as kl / bk copies of
    bk x bn, each in the layout one L0 step reads), two L1 panels ping-pong, and
    the kl / bk L0 steps of a panel ping-pong two L0A/L0B buffers under the Mmad.
    k must be a multiple of 2 * kl, kl of 2 * bk."""
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, m * k)
    b_gm.set_global_buffer(b, k * n)
    c_gm.set_global_buffer(c, m * n)
    a_step = bm * bk
    b_step = bk * bn
    a_panel = bm * kl
    b_panel = kl * bn
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 2 * a_panel)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 2 * a_panel * 2, 2 * b_panel)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 2 * a_step)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 2 * b_step)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, bm * bn)
    blocks_n = n // bn
    nblocks = (m // bm) * blocks_n
    for p in asc.static_range(2):
        asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.set_flag(asc.HardEvent.M_MTE1, p)
    for blk in range(asc.get_block_idx(), nblocks, asc.get_block_num()):
        row = (blk // blocks_n) * bm
        col = (blk % blocks_n) * bn
        for kp2 in range(k // kl // 2):
            for q in asc.static_range(2):
                kp = kp2 * 2 + q
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, q)  # L1 panel q free
                asc.data_copy(a_l1[q * a_panel:], a_gm[row * k + kp * kl:], asc.Nd2NzParams(1, bm, kl, 0, k, bm, 1, 0))
                for s in asc.static_range(kl // bk):
                    asc.data_copy(b_l1[q * b_panel + s * b_step:], b_gm[(kp * kl + s * bk) * n + col:],
                                  asc.Nd2NzParams(1, bk, bn, 0, n, bk, 1, 0))
                asc.set_flag(asc.HardEvent.MTE2_MTE1, q)
                asc.wait_flag(asc.HardEvent.MTE2_MTE1, q)
                for s in asc.static_range(kl // bk):
                    p = s % 2
                    asc.wait_flag(asc.HardEvent.M_MTE1, p)  # L0 buffer p free
                    for i in asc.static_range(bm // FRACTAL):
                        asc.load_data(a_l0[p * a_step + i * bk * FRACTAL:], a_l1[q * a_panel + s * a_step:],
                                      asc.LoadData2DParams(i, bk // FRACTAL, bm // FRACTAL, 0, 0, False, 0))
                    for j in asc.static_range(bk // FRACTAL):  # B (Zn): one k block of fractals per load
                        asc.load_data(b_l0[p * b_step + j * bn * FRACTAL:], b_l1[q * b_panel + s * b_step:],
                                      asc.LoadData2DParams(j, bn // FRACTAL, bk // FRACTAL, 0, 0, True, 0))
                    if s == kl // bk - 1:
                        asc.set_flag(asc.HardEvent.MTE1_MTE2, q)  # the panel's last L0 load: L1 panel q free
                    asc.set_flag(asc.HardEvent.MTE1_M, p)
                    asc.wait_flag(asc.HardEvent.MTE1_M, p)
                    asc.mmad(c_l0, a_l0[p * a_step:], b_l0[p * b_step:],
                             asc.MmadParams(bm, bn, bk, 0, False, kp == 0 and s == 0))
                    asc.set_flag(asc.HardEvent.M_MTE1, p)
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm[row * n + col:], c_l0, asc.FixpipeParamsV220(bn, bm, bm, n), asc.FixpipeConfig.cfg_row_major)
        asc.set_flag(asc.HardEvent.FIX_M, 0)
        asc.wait_flag(asc.HardEvent.FIX_M, 0)
    for p in asc.static_range(2):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)
        asc.wait_flag(asc.HardEvent.M_MTE1, p)
