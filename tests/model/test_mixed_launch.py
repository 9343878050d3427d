"""Mixed AIC/AIV launches on the Model, as the vendor's dav_c220 sys_var and sync
impls define them: a MIX_AIC_1_2 launch of numBlocks groups runs two AIV cores
per group (GetBlockIdx = group * 2 + sub-block, GetBlockNum = numBlocks,
GetSubBlockNum = GetTaskRatio = 2), and a kernel with code for both core types
(it tests the core type) runs each group's AIC core too (GetBlockIdx = group,
GetSubBlockIdx 0 of 1), the cross-core flags delivering per core by mode."""

import numpy as np
import pytest

from asc.runtime.model import ModelFault

from conftest import gm, make_kernel

HEAD = '#include "kernel_operator.h"\nusing namespace AscendC;\n'

# Each core writes what it sees into its own row of `out` (4 int32 per core):
# AIV rows 0..2n-1 by GetBlockIdx(), AIC rows 2n.. by group.
IDS = HEAD + r'''
extern "C" __global__ __aicore__ void ids(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> g;
  g.SetGlobalBuffer((__gm__ int32_t*)out, 64);
  int64_t row = GetBlockIdx();
  if ASCEND_IS_AIC { row = 2 * GetBlockNum() + GetBlockIdx(); }
  g.SetValue(row * 4 + 0, int32_t(GetBlockIdx()));
  g.SetValue(row * 4 + 1, int32_t(GetBlockNum()));
  g.SetValue(row * 4 + 2, int32_t(GetSubBlockIdx()));
  g.SetValue(row * 4 + 3, int32_t(GetSubBlockNum() * 10 + GetTaskRatio()));
}
'''


def test_mixed_1_2_system_variables_are_the_vendors(backend, cache):
    k = make_kernel("ids", IDS, [gm("out", "int32")], cache / "k", kernel_type="MIX_AIC_1_2")
    out = np.full(64, -1, np.int32)
    backend.load(k)(3, None, [out])  # 3 groups: 6 AIV cores + 3 AIC cores
    rows = out.reshape(16, 4)
    aiv = [[b, 3, b % 2, 22] for b in range(6)]
    aic = [[g, 3, 0, 11] for g in range(3)]
    assert rows[:9].tolist() == aiv + aic
    assert (rows[9:] == -1).all()


def test_without_core_type_code_only_the_aiv_cores_run(backend, cache):
    src = IDS.replace("  if ASCEND_IS_AIC { row = 2 * GetBlockNum() + GetBlockIdx(); }\n", "")
    k = make_kernel("ids", src, [gm("out", "int32")], cache / "k2", kernel_type="MIX_AIC_1_2")
    out = np.full(64, -1, np.int32)
    backend.load(k)(2, None, [out])
    assert out.reshape(16, 4)[:4].tolist() == [[b, 2, b % 2, 22] for b in range(4)]
    assert (out[16:] == -1).all()


def test_aiv_only_launch_is_one_sub_block(backend, cache):
    src = IDS.replace("  if ASCEND_IS_AIC { row = 2 * GetBlockNum() + GetBlockIdx(); }\n", "")
    k = make_kernel("ids", src, [gm("out", "int32")], cache / "k3")
    out = np.full(64, -1, np.int32)
    backend.load(k)(3, None, [out])
    assert out.reshape(16, 4)[:3].tolist() == [[b, 3, 0, 11] for b in range(3)]


# The AIC writes its group's value into GM, then signals its two AIV cores (mode 2);
# each AIV waits, reads it and answers (mode 2 from both AIVs: one flag for the AIC).
PINGPONG = HEAD + r'''
extern "C" __global__ __aicore__ void pingpong(GM_ADDR buf, GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> b, o;
  b.SetGlobalBuffer((__gm__ int32_t*)buf, 16);
  o.SetGlobalBuffer((__gm__ int32_t*)out, 16);
  if ASCEND_IS_AIC {
    b.SetValue(GetBlockIdx(), int32_t(100 + GetBlockIdx()));
    AscendC::CrossCoreSetFlag<2, PIPE_S>(3);
    AscendC::CrossCoreWaitFlag(4);
    o.SetValue(8 + GetBlockIdx(), o.GetValue(2 * GetBlockIdx()) + o.GetValue(2 * GetBlockIdx() + 1));
  }
  if ASCEND_IS_AIV {
    AscendC::CrossCoreWaitFlag(3);
    int64_t group = GetBlockIdx() / GetSubBlockNum();
    o.SetValue(GetBlockIdx(), b.GetValue(group) * 10 + int32_t(GetSubBlockIdx()));
    AscendC::CrossCoreSetFlag<2, PIPE_S>(4);
  }
}
'''


def test_mode_2_pairs_each_aic_with_its_aivs(backend, cache):
    k = make_kernel("pingpong", PINGPONG, [gm("buf", "int32"), gm("out", "int32")], cache / "k4",
                    kernel_type="MIX_AIC_1_2")
    buf = np.zeros(16, np.int32)
    out = np.zeros(16, np.int32)
    backend.load(k)(2, None, [buf, out])
    assert out[:4].tolist() == [1000, 1001, 1010, 1011]
    # the AIC waited for both of its AIV cores' answers
    assert out[8:10].tolist() == [1000 + 1001, 1010 + 1011]


def test_an_aic_waiting_for_a_flag_no_one_sets_is_a_deadlock_naming_it(backend, cache):
    src = PINGPONG.replace("    AscendC::CrossCoreSetFlag<2, PIPE_S>(4);\n", "")
    k = make_kernel("pingpong", src, [gm("buf", "int32"), gm("out", "int32")], cache / "k5",
                    kernel_type="MIX_AIC_1_2")
    with pytest.raises(ModelFault) as info:
        backend.load(k)(2, None, [np.zeros(16, np.int32), np.zeros(16, np.int32)])
    # whichever AIC blocked last reports it; both are named, by their group
    msg = str(info.value)
    assert "CrossCoreWaitFlag: deadlock" in msg and msg.count(" (AIC)") >= 3
    assert "block 0 (AIC) in CrossCoreWaitFlag" in msg and "block 1 (AIC) in CrossCoreWaitFlag" in msg


def test_sync_all_meets_the_callers_core_type(backend, cache):
    # SyncAll<true> (the default) on the AIV cores only; the AIC cores never call it.
    src = HEAD + r'''
extern "C" __global__ __aicore__ void meet(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> o;
  o.SetGlobalBuffer((__gm__ int32_t*)out, 16);
  if ASCEND_IS_AIV {
    o.SetValue(GetBlockIdx(), 1);
    AscendC::SyncAll();
    int32_t s = 0;
    for (int i = 0; i < 4; ++i) s += o.GetValue(i);
    o.SetValue(8 + GetBlockIdx(), s);
  }
}
'''
    k = make_kernel("meet", src, [gm("out", "int32")], cache / "k6", kernel_type="MIX_AIC_1_2")
    out = np.zeros(16, np.int32)
    backend.load(k)(2, None, [out])
    assert out[8:12].tolist() == [4, 4, 4, 4]


def test_a_set_to_a_full_flag_waits_for_room(backend, cache):
    # The AIC raises flag 8 for its AIV cores 64 times; they wait for it 64 times.
    # Whatever the host threads' order, a delivery to a flag holding 15 pending sets
    # waits for a wait to take one: the launch completes, every wait is met once.
    src = HEAD + r'''
extern "C" __global__ __aicore__ void flood(GM_ADDR out) {
  AscendC::GlobalTensor<int32_t> o;
  o.SetGlobalBuffer((__gm__ int32_t*)out, 16);
  if ASCEND_IS_AIC {
    for (int i = 0; i < 64; ++i) AscendC::CrossCoreSetFlag<2, PIPE_S>(8);
  }
  if ASCEND_IS_AIV {
    int32_t n = 0;
    for (int i = 0; i < 64; ++i) { AscendC::CrossCoreWaitFlag(8); ++n; }
    o.SetValue(GetBlockIdx(), n);
  }
}
'''
    k = make_kernel("flood", src, [gm("out", "int32")], cache / "k7", kernel_type="MIX_AIC_1_2")
    for _ in range(3):  # host scheduling varies from run to run; the outcome must not
        out = np.zeros(16, np.int32)
        backend.load(k)(1, None, [out])
        assert out[:2].tolist() == [64, 64]


def test_a_sixteenth_pending_set_no_one_will_take_is_a_deadlock(backend, cache):
    src = HEAD + r'''
extern "C" __global__ __aicore__ void stuck(GM_ADDR out) {
  if ASCEND_IS_AIC {
    for (int i = 0; i < 16; ++i) AscendC::CrossCoreSetFlag<2, PIPE_S>(8);
  }
}
'''
    k = make_kernel("stuck", src, [gm("out", "int32")], cache / "k8", kernel_type="MIX_AIC_1_2")
    with pytest.raises(ModelFault, match=r"block 0 \(AIC\): CrossCoreSetFlag: deadlock"):
        backend.load(k)(1, None, [np.zeros(16, np.int32)])


def _findings_of(backend, k, monkeypatch, tmp_path):
    from asc.debug import findings
    out = tmp_path / "found.jsonl"
    monkeypatch.setenv("ASC_DEBUG", "racecheck,synccheck")
    monkeypatch.setenv(findings.FINDINGS_ENV, str(out))
    buf, res = np.zeros(16, np.int32), np.zeros(16, np.int32)
    backend.load(k)(2, None, [buf, res])
    return [(f.tool, f.kind, " ".join(f.lines)) for f in findings.load(str(out))]


def test_racecheck_follows_the_mode_2_flags(backend, cache, monkeypatch, tmp_path):
    # asc-debug replays the flags as the runtime delivers them: each AIV's read of
    # `buf` follows its AIC's write, and the AIC's reads of `out` follow both AIVs'
    # writes (before, the replay matched a mode-2 set only with mode-2 waits)
    k = make_kernel("pingpong", PINGPONG, [gm("buf", "int32"), gm("out", "int32")], cache / "k6",
                    kernel_type="MIX_AIC_1_2")
    assert _findings_of(backend, k, monkeypatch, tmp_path) == []


def test_racecheck_reports_a_read_the_flags_do_not_order(backend, cache, monkeypatch, tmp_path):
    # the AIC reads `out` before waiting for its AIV cores' answers
    src = PINGPONG.replace(
        "    AscendC::CrossCoreWaitFlag(4);\n"
        "    o.SetValue(8 + GetBlockIdx(), o.GetValue(2 * GetBlockIdx()) + o.GetValue(2 * GetBlockIdx() + 1));\n",
        "    o.SetValue(8 + GetBlockIdx(), o.GetValue(2 * GetBlockIdx()) + o.GetValue(2 * GetBlockIdx() + 1));\n"
        "    AscendC::CrossCoreWaitFlag(4);\n")
    assert src != PINGPONG
    k = make_kernel("pingpong", src, [gm("buf", "int32"), gm("out", "int32")], cache / "k7",
                    kernel_type="MIX_AIC_1_2")
    found = _findings_of(backend, k, monkeypatch, tmp_path)
    assert {kind for tool, kind, _ in found if tool == "racecheck"} == {"RAW"}, found
