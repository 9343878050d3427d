"""basic/block_sync: synchronisation between the pipes of a core and between cores."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i32, tensor
from ._args import const_bool, const_int

docs.SUMMARIES.update({
    "set_flag": "Raises event `event_id` from the source pipe of `event` once that pipe's "
                "earlier instructions have completed.",
    "wait_flag": "Blocks the destination pipe of `event` until event `event_id` is raised, then "
                 "clears it.",
    "pipe_barrier": "Later instructions of `pipe` wait for all its earlier ones (PIPE_ALL: every pipe).",
    "data_sync_barrier": "Waits until the memory accesses of the kind `arg0` (MemDsbT) issued so far "
                         "have completed (a data synchronisation barrier).",
    "ib_set": "Inter-block sync: marks event `event_id` of block `block_idx` as reached, through "
              "the GM workspace (paired with ib_wait on another core).",
    "ib_wait": "Inter-block sync: waits until block `block_idx` has reached event `event_id` "
               "(set with ib_set), polling the GM workspace.",
    "sync_all": "Synchronises all cores of the launch: hardware sync (no workspace) or software "
                "sync through a GM workspace and a UB scratch tensor.",
    "cross_core_set_flag": "Raises cross-core flag `flag_id` (mode `mode_id`) once `pipe`'s earlier "
                           "instructions have completed (AIC/AIV synchronisation).",
    "cross_core_wait_flag": "Blocks `pipe` until cross-core flag `flag_id` (mode `mode_id`) is raised.",
})
docs.PARAMS.setdefault("arg0", "the kind of memory access to wait for (MemDsbT)")
docs.PARAMS.setdefault("gm_workspace", "GM workspace tensor shared by the synchronising cores "
                                       "(zero-initialised)")
docs.PARAMS.setdefault("ub_workspace", "UB scratch tensor used to read and write the workspace")
docs.PARAMS.setdefault("block_idx", "index of the block (core) whose event is set or awaited")
docs.PARAMS.setdefault("is_aiv_only", "whether only vector cores take part (compile-time bool)")
docs.PARAMS.setdefault("used_cores", "number of cores taking part (0: all cores of the launch)")
docs.PARAMS.setdefault("flag_id", "cross-core flag id")
docs.PARAMS.setdefault("mode_id", "cross-core synchronisation mode (0: all cores, 1: within a "
                                  "group, 2: AIC with its AIVs); compile-time")



@api("SetFlag", "block_sync", "event: HardEvent, event_id: int = 0")
def set_flag(form, a):
    return build("SetFlagOp", int(a.event), i32(a.event_id))


@api("WaitFlag", "block_sync", "event: HardEvent, event_id: int = 0")
def wait_flag(form, a):
    return build("WaitFlagOp", int(a.event), i32(a.event_id))


@api("PipeBarrier", "block_sync", "pipe: PipeID")
def pipe_barrier(form, a):
    return build("PipeBarrierOp", int(a.pipe))


@api("DataSyncBarrier", "block_sync", "arg0: MemDsbT")
def data_sync_barrier(form, a):
    return build("DataSyncBarrierOp", int(a.arg0))


_IB = ("gm_workspace: GlobalTensor, ub_workspace: LocalTensor, block_idx: int, event_id: int, "
       "is_aiv_only: bool = True")


@api("IBSet", "block_sync", _IB)
def ib_set(form, a):
    return build("IBSetOp", tensor(a.gm_workspace, "gm_workspace"), tensor(a.ub_workspace, "ub_workspace"),
                 i32(a.block_idx), i32(a.event_id), is_aiv_only=const_bool(a.is_aiv_only, "is_aiv_only"))


@api("IBWait", "block_sync", _IB)
def ib_wait(form, a):
    return build("IBWaitOp", tensor(a.gm_workspace, "gm_workspace"), tensor(a.ub_workspace, "ub_workspace"),
                 i32(a.block_idx), i32(a.event_id), is_aiv_only=const_bool(a.is_aiv_only, "is_aiv_only"))


@api("SyncAll", "block_sync",
     "is_aiv_only: bool = True",
     "gm_workspace: GlobalTensor, ub_workspace: LocalTensor, used_cores: int = 0, is_aiv_only: bool = True")
def sync_all(form, a):
    aiv = const_bool(a.is_aiv_only, "is_aiv_only")
    if form == 0:
        return build("SyncAllOp", is_aiv_only=aiv)
    return build("SyncAllWorkspaceOp", tensor(a.gm_workspace, "gm_workspace"),
                 tensor(a.ub_workspace, "ub_workspace"), i32(a.used_cores), is_aiv_only=aiv)


@api("CrossCoreSetFlag", "block_sync", "flag_id: int, mode_id: int, pipe: PipeID")
def cross_core_set_flag(form, a):
    return build("CrossCoreSetFlagOp", i32(a.flag_id), const_int(a.mode_id, "mode_id"), int(a.pipe))


@api("CrossCoreWaitFlag", "block_sync", "flag_id: int, mode_id: int, pipe: PipeID")
def cross_core_wait_flag(form, a):
    return build("CrossCoreWaitFlagOp", i32(a.flag_id), const_int(a.mode_id, "mode_id"), int(a.pipe))


docs.SUMMARIES.update({
    "init_determine_compute_workspace": "Deterministic compute: initialises the GM workspace (int32, at "
                                        "least block_num * 32 bytes) that notify_next_block and "
                                        "wait_pre_block pass the turn through.",
    "notify_next_block": "Deterministic compute: ends this block's turn; the next block (block_idx + 1, "
                         "after the last block block 0) may go on from its wait_pre_block.",
    "wait_pre_block": "Deterministic compute: waits for the previous block's notify_next_block, so the "
                      "blocks take turns in block order, round after round (block 0's first turn does "
                      "not wait). Every block calls it as often as notify_next_block.",
})

_DETERMINE = "gm_workspace: GlobalTensor, ub_workspace: LocalTensor"


def _determine(op, a):
    return build(op, tensor(a.gm_workspace, "gm_workspace"), tensor(a.ub_workspace, "ub_workspace"))


@api("InitDetermineComputeWorkspace", "block_sync", _DETERMINE)
def init_determine_compute_workspace(form, a):
    return _determine("InitDetermineComputeWorkspaceOp", a)


@api("NotifyNextBlock", "block_sync", _DETERMINE)
def notify_next_block(form, a):
    return _determine("NotifyNextBlockOp", a)


@api("WaitPreBlock", "block_sync", _DETERMINE)
def wait_pre_block(form, a):
    return _determine("WaitPreBlockOp", a)


__all__ = ["set_flag", "wait_flag", "pipe_barrier", "data_sync_barrier", "ib_set", "ib_wait",
           "sync_all", "cross_core_set_flag", "cross_core_wait_flag", "init_determine_compute_workspace",
           "notify_next_block", "wait_pre_block"]
