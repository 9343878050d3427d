//===- Sync.td - basic/block_sync: flags, barriers, cross-core sync -------===//

class AscendC_FlagOp<string mnemonic, string api>
    : AscendC_Op<mnemonic> {
  let arguments = (ins AscendC_HardEvent:$event, AnySignlessInteger:$event_id);
  let ascCall = "AscendC::" # api # "<$event>($event_id)";
  let assemblyFormat = "$event `,` $event_id attr-dict `:` type($event_id)";
  let hasVerifier = 1;
}

def AscendC_SetFlagOp : AscendC_FlagOp<"set_flag", "SetFlag"> {
  let summary = "Raises event `event_id` from the source to the destination pipe";
}
def AscendC_WaitFlagOp : AscendC_FlagOp<"wait_flag", "WaitFlag"> {
  let summary = "Blocks the destination pipe until event `event_id` is raised";
}

def AscendC_PipeBarrierOp : AscendC_Op<"pipe_barrier"> {
  let summary = "Later instructions of `pipe` wait for all earlier ones";
  let arguments = (ins AscendC_PipeID:$pipe);
  let ascCall = "AscendC::PipeBarrier<$pipe>()";
  let assemblyFormat = "$pipe attr-dict";
  let hasVerifier = 1;
}
