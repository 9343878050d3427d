"""asc-debug's racecheck and the vendor's synchronising calls the Model runs: each
orders what the vendor's implementation orders (no finding when the kernel relies on
it), and the same kernel without the call has the hazard."""
import numpy as np
import pytest

from asc.debug import findings
from conftest import gm, make_kernel
from test_adv_matmul_formats import PRELUDE

HEAD = '#include "kernel_operator.h"\nusing namespace AscendC;\n'

# A copy out, then the same GM read back on the same core. The vendor's
# cross_core_set_wait_flag orders the two with a mode-0 set on MTE3 and a wait
# (every core, this one included, must have set); its sequential_block_sync with
# WaitPreBlock (whose A2 implementation opens with PipeBarrier<PIPE_ALL>).
ROUND_TRIP = HEAD + r'''
extern "C" __global__ __aicore__ void round_trip(GM_ADDR x, GM_ADDR ws) {
  GlobalTensor<float> gx, gws;
  gx.SetGlobalBuffer((__gm__ float*)x, 64);
  gws.SetGlobalBuffer((__gm__ float*)ws, 64 * 8);
  TPipe pipe;
  TBuf<TPosition::VECCALC> b;
  pipe.InitBuffer(b, 2 * 64 * sizeof(float));
  LocalTensor<float> t = b.Get<float>();
  LocalTensor<float> u = t[64];
  DataCopy(t, gx, 64);
  SetFlag<HardEvent::MTE2_MTE3>(0);
  WaitFlag<HardEvent::MTE2_MTE3>(0);
  DataCopy(gws[GetBlockIdx() * 64], t, 64);
  SYNC
  DataCopy(u, gws[GetBlockIdx() * 64], 64);
}
'''
CROSS = "CrossCoreSetFlag<0, PIPE_MTE3>(0);\n  CrossCoreWaitFlag(0);"
TURN = ("LocalTensor<int32_t> ubw = b.Get<int32_t>();\n  GlobalTensor<int32_t> gw;\n"
        "  gw.SetGlobalBuffer((__gm__ int32_t*)ws + 64 * 4, 64);\n"
        "  WaitPreBlock(gw, ubw);\n  NotifyNextBlock(gw, ubw);")


def _found(backend, name, source, params, blocks, args, monkeypatch, tmp_path, kernel_type="AIV_ONLY"):
    out = tmp_path / f"{name}.jsonl"
    monkeypatch.setenv("ASC_DEBUG", "racecheck,synccheck")
    monkeypatch.setenv(findings.FINDINGS_ENV, str(out))
    k = make_kernel(name, source, params, tmp_path / "k", kernel_type=kernel_type)
    backend.load(k)(blocks, None, args)
    return [(f.tool, f.kind, " ".join(f.lines)) for f in findings.load(str(out))]


@pytest.mark.parametrize("sync", [CROSS, TURN], ids=["cross_core_mode_0", "wait_pre_block"])
def test_the_call_orders_the_copy_out_and_back(backend, monkeypatch, tmp_path, sync):
    src = ROUND_TRIP.replace("SYNC", sync)
    found = _found(backend, "round_trip", src, [gm("x"), gm("ws")], 2,
                   [np.ones(64, np.float32), np.zeros(64 * 8, np.float32)], monkeypatch, tmp_path)
    assert found == []


def test_without_it_the_read_back_races(backend, monkeypatch, tmp_path):
    src = ROUND_TRIP.replace("SYNC", "")
    found = _found(backend, "round_trip", src, [gm("x"), gm("ws")], 2,
                   [np.ones(64, np.float32), np.zeros(64 * 8, np.float32)], monkeypatch, tmp_path)
    assert {(tool, kind) for tool, kind, _ in found} == {("racecheck", "RAW")}, found


# The adv Matmul's C to GM, then read back by the kernel (the vendor's matmul_fused,
# matmul_partial_output): the call returns once C is in GM.
MM = PRELUDE + r'''
using MT = MatmulType<TPosition::GM, CubeFormat::ND, half>;
using MC = MatmulType<TPosition::GM, CubeFormat::ND, float>;
extern "C" __global__ __aicore__ void mmgm(GM_ADDR a, GM_ADDR b, GM_ADDR c) {
  TCubeTiling t;
  SetTiling(t, 32, 32, 32, 32, 32, 32, 32, 32, 32);
  GlobalTensor<half> ga, gb;
  GlobalTensor<float> gc;
  ga.SetGlobalBuffer((__gm__ half*)a, 32 * 32);
  gb.SetGlobalBuffer((__gm__ half*)b, 32 * 32);
  gc.SetGlobalBuffer((__gm__ float*)c, 32 * 32);
  TPipe pipe;
  TBuf<TPosition::VECCALC> buf;
  pipe.InitBuffer(buf, 32 * 32 * sizeof(float));
  Matmul<MT, MT, MC, MC> mm;
  REGIST_MATMUL_OBJ(&pipe, (GM_ADDR)nullptr, mm, &t);
  mm.SetTensorA(ga);
  mm.SetTensorB(gb);
  FORM
  LocalTensor<float> back = buf.Get<float>();
  DataCopy(back, gc, 32 * 32);
}
'''


@pytest.mark.parametrize("form", ["mm.IterateAll(gc);", "while (mm.Iterate()) { mm.GetTensorC(gc); }"],
                         ids=["IterateAll", "GetTensorC"])
def test_matmul_c_in_gm_is_there_when_the_call_returns(backend, monkeypatch, tmp_path, form):
    a = np.ones((32, 32), np.float16)
    c = np.zeros((32, 32), np.float32)
    found = _found(backend, "mmgm", MM.replace("FORM", form), [gm("a", "float16"), gm("b", "float16"), gm("c")],
                   1, [a, a.copy(), c], monkeypatch, tmp_path)
    assert found == []
    assert (c == 32).all()
