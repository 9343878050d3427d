"""NotifyNextBlock / WaitPreBlock on the Model: the blocks take turns in block
order, round after round, and a block waiting for a turn that never comes is
a deadlock fault at its line."""

import numpy as np
import pytest

from conftest import gm, scalar
from asc.runtime.model import ModelFault

PARAMS = [gm("ws", "int32"), gm("z"), scalar("rounds")]


def kernel(body: str) -> str:
    out = ['#include "kernel_operator.h"', "", '#line 1 "k.py"',
           'extern "C" __global__ __aicore__ void k(GM_ADDR ws, GM_ADDR z, int32_t rounds) {',
           "  AscendC::GlobalTensor<int32_t> ws_gm;", "  AscendC::GlobalTensor<float> z_gm;",
           "  ws_gm.SetGlobalBuffer((__gm__ int32_t*)ws, 256);", "  z_gm.SetGlobalBuffer((__gm__ float*)z, 1);",
           "  AscendC::LocalTensor<int32_t> ub(AscendC::TPosition::VECIN, 0, 256);",
           "  int64_t b = AscendC::GetBlockIdx();"]
    for line in filter(str.strip, body.strip().splitlines()):
        no, _, stmt = line.strip().partition(": ")
        out += [f'#line {no} "k.py"', "  " + stmt]
    out += ["  return;", "}", ""]
    return "\n".join(out)


TURNS = """
10: AscendC::InitDetermineComputeWorkspace(ws_gm, ub);
11: for (int32_t r = 0; r < rounds; ++r) {
12:   AscendC::WaitPreBlock(ws_gm, ub);
13:   z_gm.SetValue(0, z_gm.GetValue(0) * 10.0f + float(b));
14:   AscendC::NotifyNextBlock(ws_gm, ub);
15: }
"""


@pytest.mark.parametrize("blocks, rounds", [(2, 1), (5, 1), (4, 2), (3, 4), (1, 2)])
def test_turns_follow_block_order(run, blocks, rounds):
    ws = np.zeros(256, np.int32)
    z = np.zeros(1, np.float32)
    run("k", kernel(TURNS), PARAMS, blocks, [ws, z, rounds])
    # the digits of z are the blocks in the order they took their turns
    digits = [b for _ in range(rounds) for b in range(blocks)]
    assert z[0] == float(int("".join(map(str, digits))))


def test_a_turn_that_never_comes_is_a_deadlock_at_the_wait(run):
    # block 1 waits a second time; block 0 notifies only once
    body = """
10: AscendC::InitDetermineComputeWorkspace(ws_gm, ub);
11: AscendC::WaitPreBlock(ws_gm, ub);
12: AscendC::NotifyNextBlock(ws_gm, ub);
13: if (b == 1) { AscendC::WaitPreBlock(ws_gm, ub); }
"""
    # (the fault names IBWait: the inter-block flags the turn travels on)
    with pytest.raises(ModelFault, match=r"k\.py:13: block 1: IBWait: deadlock"):
        run("k", kernel(body), PARAMS, 2, [np.zeros(256, np.int32), np.zeros(1, np.float32), 1])
