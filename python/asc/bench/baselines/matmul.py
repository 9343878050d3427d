"""Reference matmul: c (M x N, fp32) = a (M x K, fp16) @ b (K x N, fp16), on the cube.

Two kernels. For K <= PANEL_K (the usual case) `matmul_panel_kernel`: C is cut
into BM x BN tiles; each AI Cube core owns columns of tiles and keeps the whole
K x BN panel of B for its column in L1, then for each of its row tiles loads the
BM x K panel of A (its rows are K contiguous elements: long GM bursts) and walks
K in steps of BK with two buffers in L0A/L0B (ping-pong, event ids 0/1), so that
MTE1 fills one buffer while the cube multiplies the other. Every byte of B is
read once per core, every byte of A once per column tile.

For larger K `matmul_kernel`: C is cut into BM x BN tiles dealt round-robin to the AI Cube cores. For each
tile, K is walked in steps of BK with two buffers in L1 and in L0A/L0B (ping-
pong, event ids 0/1): while the cube multiplies step k, MTE2 already brings the
blocks of step k+1 into L1 and MTE1 moves them into L0, so the cube waits only
at the start. Data path: GM -> L1 in NZ fractals (DataCopy with Nd2NzParams,
MTE2), L1 -> L0A/L0B (LoadData, MTE1; B transposed per fractal), Mmad
accumulating into L0C, Fixpipe L0C -> GM row-major. M, N and K must be
multiples of the tile sizes (BM, BN, BK = 128).
"""

from __future__ import annotations

import numpy as np

import asc

BM = BN = BK = 128
FRACTAL = 16


@asc.jit
def matmul_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, m: asc.ConstExpr[int],
                  k: asc.ConstExpr[int], n: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, m * k)
    b_gm.set_global_buffer(b, k * n)
    c_gm.set_global_buffer(c, m * n)
    blk = BK * BM * 2  # bytes of one A or B block
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 2 * BM * BK)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 2 * blk, 2 * BK * BN)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 2 * BM * BK)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 2 * BK * BN)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, BM * BN)
    tiles_n = n // BN
    for t in range(asc.get_block_idx(), (m // BM) * tiles_n, asc.get_block_num()):
        row0 = (t // tiles_n) * BM
        col0 = (t % tiles_n) * BN
        for s in asc.static_range(k // BK):
            p = s % 2
            if s >= 2:
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, p)  # L1 buffer p read by MTE1
            asc.data_copy(a_l1[p * BM * BK:], a_gm[row0 * k + s * BK:], asc.Nd2NzParams(1, BM, BK, 0, k, BM, 1, 0))
            asc.data_copy(b_l1[p * BK * BN:], b_gm[s * BK * n + col0:], asc.Nd2NzParams(1, BK, BN, 0, n, BK, 1, 0))
            asc.set_flag(asc.HardEvent.MTE2_MTE1, p)
            asc.wait_flag(asc.HardEvent.MTE2_MTE1, p)
            if s >= 2:
                asc.wait_flag(asc.HardEvent.M_MTE1, p)  # L0 buffer p read by the cube
            for i in asc.static_range(BM // FRACTAL):
                asc.load_data(a_l0[p * BM * BK + i * BK * FRACTAL:], a_l1[p * BM * BK:],
                              asc.LoadData2DParams(i, BK // FRACTAL, BM // FRACTAL, 0, 0, False, 0))
            for j in asc.static_range(BK // FRACTAL):  # B (Zn): one k block of fractals per load
                asc.load_data(b_l0[p * BK * BN + j * BN * FRACTAL:], b_l1[p * BK * BN:],
                              asc.LoadData2DParams(j, BN // FRACTAL, BK // FRACTAL, 0, 0, True, 0))
            asc.set_flag(asc.HardEvent.MTE1_MTE2, p)
            asc.set_flag(asc.HardEvent.MTE1_M, p)
            asc.wait_flag(asc.HardEvent.MTE1_M, p)
            asc.mmad(c_l0, a_l0[p * BM * BK:], b_l0[p * BK * BN:], asc.MmadParams(BM, BN, BK, 0, False, s == 0))
            asc.set_flag(asc.HardEvent.M_MTE1, p)
        for s in asc.static_range(min(2, k // BK)):  # drain the flags still up
            asc.wait_flag(asc.HardEvent.MTE1_MTE2, s)
            asc.wait_flag(asc.HardEvent.M_MTE1, s)
        asc.set_flag(asc.HardEvent.M_FIX, 0)
        asc.wait_flag(asc.HardEvent.M_FIX, 0)
        asc.fixpipe(c_gm[row0 * n + col0:], c_l0, asc.FixpipeParamsV220(BN, BM, BM, n),
                    asc.FixpipeConfig.cfg_row_major)
        asc.set_flag(asc.HardEvent.FIX_M, 0)
        asc.wait_flag(asc.HardEvent.FIX_M, 0)


PANEL_K = 1024  # the B panel (K x BN fp16) and two A chunks fit the 512 KB of L1 up to K = 1024


@asc.jit
def matmul_panel_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, m: asc.ConstExpr[int],
                        k: asc.ConstExpr[int], n: asc.ConstExpr[int], kc: asc.ConstExpr[int],
                        col_workers: asc.ConstExpr[int], row_groups: asc.ConstExpr[int]):
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a, m * k)
    b_gm.set_global_buffer(b, k * n)
    c_gm.set_global_buffer(c, m * n)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 0, k * BN)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, k * BN * 2, min(2, k // kc) * BM * kc)  # A chunk buffers
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 2 * BM * BK)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 2 * BK * BN)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, BM * BN)
    steps = kc // BK
    for q in asc.static_range(3):  # A buffers 0, 1 and the B panel (2) start free
        asc.set_flag(asc.HardEvent.MTE1_MTE2, q)
    idx = asc.get_block_idx()
    for col in range(idx % col_workers, n // BN, col_workers):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, 2)
        asc.data_copy(b_l1, b_gm[col * BN:], asc.Nd2NzParams(1, k, BN, 0, n, k, 1, 0))
        for row in range(idx // col_workers, m // BM, row_groups):
            for ch in asc.static_range(k // kc):
                q = ch % 2
                asc.wait_flag(asc.HardEvent.MTE1_MTE2, q)  # A buffer q read by MTE1
                asc.data_copy(a_l1[q * BM * kc:], a_gm[row * BM * k + ch * kc:],
                              asc.Nd2NzParams(1, BM, kc, 0, k, BM, 1, 0))
                asc.set_flag(asc.HardEvent.MTE2_MTE1, q)
                asc.wait_flag(asc.HardEvent.MTE2_MTE1, q)
                for s in asc.static_range(steps):
                    g = ch * steps + s
                    p = g % 2
                    if g >= 2:
                        asc.wait_flag(asc.HardEvent.M_MTE1, p)  # L0 buffer p read by the cube
                    for i in asc.static_range(BM // FRACTAL):
                        asc.load_data(a_l0[p * BM * BK + i * BK * FRACTAL:], a_l1[q * BM * kc:],
                                      asc.LoadData2DParams(s * (BK // FRACTAL) * (BM // FRACTAL) + i, BK // FRACTAL,
                                                           BM // FRACTAL, 0, 0, False, 0))
                    for j in asc.static_range(BK // FRACTAL):  # B (Zn): one k block of fractals per load
                        asc.load_data(b_l0[p * BK * BN + j * BN * FRACTAL:], b_l1,
                                      asc.LoadData2DParams(g * (BK // FRACTAL) + j, BN // FRACTAL, k // FRACTAL,
                                                           0, 0, True, 0))
                    asc.set_flag(asc.HardEvent.MTE1_M, p)
                    asc.wait_flag(asc.HardEvent.MTE1_M, p)
                    asc.mmad(c_l0, a_l0[p * BM * BK:], b_l0[p * BK * BN:],
                             asc.MmadParams(BM, BN, BK, 0, False, g == 0))
                    asc.set_flag(asc.HardEvent.M_MTE1, p)
                asc.set_flag(asc.HardEvent.MTE1_MTE2, q)  # A buffer q free again
            for p in asc.static_range(min(2, k // BK)):  # drain the flags still up
                asc.wait_flag(asc.HardEvent.M_MTE1, p)
            asc.set_flag(asc.HardEvent.M_FIX, 0)
            asc.wait_flag(asc.HardEvent.M_FIX, 0)
            asc.fixpipe(c_gm[row * BM * n + col * BN:], c_l0, asc.FixpipeParamsV220(BN, BM, BM, n),
                        asc.FixpipeConfig.cfg_row_major)
            asc.set_flag(asc.HardEvent.FIX_M, 0)
            asc.wait_flag(asc.HardEvent.FIX_M, 0)
        asc.set_flag(asc.HardEvent.MTE1_MTE2, 2)  # the B panel may be overwritten
    for q in asc.static_range(3):
        asc.wait_flag(asc.HardEvent.MTE1_MTE2, q)


def chunk_k(k: int) -> int:
    """K per A chunk of the panel kernel: the largest multiple of BK that splits K into an even
    number of chunks (two buffers alternate) and fits L1 beside the B panel; K itself otherwise."""
    l1 = 512 * 1024
    for kc in range(k // 2, BK - 1, -BK):
        if kc % BK == 0 and k % kc == 0 and (k // kc) % 2 == 0 and 2 * BM * kc * 2 + k * BN * 2 <= l1:
            return kc
    return k


def supports(m: int, k: int, n: int) -> bool:
    return m > 0 and k > 0 and n > 0 and m % BM == 0 and n % BN == 0 and k % BK == 0


def launch(a: np.ndarray, b: np.ndarray, c: np.ndarray, cores: int) -> None:
    m, k = a.shape
    n = b.shape[1]
    tiles_m, tiles_n = m // BM, n // BN
    if k <= PANEL_K:
        col_workers = min(cores, tiles_n)
        row_groups = max(1, min(cores // col_workers, tiles_m))
        matmul_panel_kernel[col_workers * row_groups](a, b, c, m, k, n, chunk_k(k), col_workers, row_groups)
    else:
        matmul_kernel[min(cores, tiles_m * tiles_n)](a, b, c, m, k, n)
