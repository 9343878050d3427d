"""fp16 matrix multiply on the cube, fp32 out.

Each core computes a band of M rows: GM → L1 in NZ fractals (DataCopy with
Nd2NzParams, MTE2), L1 → L0A / L0B (load_data, MTE1; B transposed per 16×16
fractal into the Zn layout, one k block at a time as Ascend C does), Mmad into L0C (M), Fixpipe L0C → GM in row-major
order (FIX), with flags between the pipes.

    python examples/05_matmul/matmul.py [-r Model|NPU] [-v Ascend910B1]
"""

import os
import sys

import numpy as np

import asc

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import example_args  # noqa: E402

FRACTAL = 16  # a 16x16 fp16 fractal is 512 bytes


@asc.jit
def matmul_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                  m: asc.ConstExpr[int], k: asc.ConstExpr[int], n: asc.ConstExpr[int]):
    row0 = asc.get_block_idx() * m
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a + row0 * k, m * k)
    b_gm.set_global_buffer(b, k * n)
    c_gm.set_global_buffer(c + row0 * n, m * n)
    a_l1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, m * k)
    b_l1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, m * k * 2, k * n)
    a_l0 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, m * k)
    b_l0 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, k * n)
    c_l0 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, m * n)
    # ND (row-major) → NZ: column blocks of 16, each m (or k) rows of 16 halves
    asc.data_copy(a_l1, a_gm, asc.Nd2NzParams(1, m, k, 0, k, m, 1, 0))
    asc.data_copy(b_l1, b_gm, asc.Nd2NzParams(1, k, n, 0, n, k, 1, 0))
    asc.set_flag(asc.HardEvent.MTE2_MTE1, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE1, 0)
    for i in asc.static_range(m // FRACTAL):  # A: one row of fractals per load (zZ)
        asc.load_data(a_l0[i * k * FRACTAL:], a_l1,
                      asc.LoadData2DParams(i, k // FRACTAL, m // FRACTAL, 0, 0, False, 0))
    for j in asc.static_range(k // FRACTAL):  # B: one row of fractals per load, transposed (Zn)
        asc.load_data(b_l0[j * n * FRACTAL:], b_l1,
                      asc.LoadData2DParams(j, n // FRACTAL, k // FRACTAL, 0, 0, True, 0))
    asc.set_flag(asc.HardEvent.MTE1_M, 0)
    asc.wait_flag(asc.HardEvent.MTE1_M, 0)
    asc.mmad(c_l0, a_l0, b_l0, asc.MmadParams(m, n, k, 0, False, True))
    asc.set_flag(asc.HardEvent.M_FIX, 0)
    asc.wait_flag(asc.HardEvent.M_FIX, 0)
    asc.fixpipe(c_gm, c_l0, asc.FixpipeParamsV220(n, m, m, n), asc.FixpipeConfig.cfg_row_major)


def main():
    example_args.parse(__doc__.splitlines()[0])
    core_num, m, k, n = 4, 32, 64, 48  # each core: a 32x64 band of A times B (64x48)
    rng = np.random.default_rng(0)
    a = rng.standard_normal((core_num * m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    c = np.zeros((core_num * m, n), np.float32)
    return example_args.report(
        "05_matmul", matmul_kernel, (a, b, c, m, k, n),
        run=lambda: matmul_kernel[core_num](a, b, c, m, k, n),
        check=lambda: _check(c, a, b))


def _check(c, a, b):
    want = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c, want, rtol=1e-3, atol=1e-3)
    return float(np.max(np.abs(c - want)))


if __name__ == "__main__":
    main()
