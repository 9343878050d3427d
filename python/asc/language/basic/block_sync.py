"""basic/block_sync: synchronisation between the pipes of a core and between cores."""

from .. import docs
from ..core.api import api
from ..core.lowering import build, i32

docs.SUMMARIES.update({
    "set_flag": "Raises event `event_id` from the source pipe of `event` once that pipe's "
                "earlier instructions have completed.",
    "wait_flag": "Blocks the destination pipe of `event` until event `event_id` is raised, then "
                 "clears it.",
    "pipe_barrier": "Later instructions of `pipe` wait for all its earlier ones (PIPE_ALL: every pipe).",
})


@api("SetFlag", "block_sync", "event: HardEvent, event_id: int = 0")
def set_flag(form, a):
    return build("SetFlagOp", int(a.event), i32(a.event_id))


@api("WaitFlag", "block_sync", "event: HardEvent, event_id: int = 0")
def wait_flag(form, a):
    return build("WaitFlagOp", int(a.event), i32(a.event_id))


@api("PipeBarrier", "block_sync", "pipe: PipeID")
def pipe_barrier(form, a):
    return build("PipeBarrierOp", int(a.pipe))


__all__ = ["set_flag", "wait_flag", "pipe_barrier"]
