//===- Sync.td - basic/block_sync: flags, barriers, cross-core sync -------===//

class AscendC_FlagOp<string mnemonic, string api>
    : AscendC_Op<mnemonic> {
  let arguments = (ins AscendC_HardEvent:$event, AnySignlessInteger:$event_id);
  let ascCall = "AscendC::" # api # "<$event>($event_id)";
  let assemblyFormat = "$event `,` $event_id attr-dict `:` type($event_id)";
  let hasVerifier = 1;
}

let ascPipe = "none" in
def AscendC_SetFlagOp : AscendC_FlagOp<"set_flag", "SetFlag"> {
  let summary = "Raises event `event_id` from the source to the destination pipe";
}
let ascPipe = "none" in
def AscendC_WaitFlagOp : AscendC_FlagOp<"wait_flag", "WaitFlag"> {
  let summary = "Blocks the destination pipe until event `event_id` is raised";
}

let ascPipe = "none" in
def AscendC_PipeBarrierOp : AscendC_Op<"pipe_barrier"> {
  let summary = "Later instructions of `pipe` wait for all earlier ones";
  let arguments = (ins AscendC_PipeID:$pipe);
  let ascCall = "AscendC::PipeBarrier<$pipe>()";
  let assemblyFormat = "$pipe attr-dict";
  let hasVerifier = 1;
}

let ascPipe = "none" in
def AscendC_DataSyncBarrierOp : AscendC_Op<"data_sync_barrier"> {
  let summary = "Waits until the memory accesses of kind `arg` are complete";
  let arguments = (ins AscendC_MemDsbT:$arg);
  let ascCall = "AscendC::DataSyncBarrier<$arg>()";
  let assemblyFormat = "$arg attr-dict";
}

let ascPipe = "none" in
def AscendC_SyncAllOp : AscendC_Op<"sync_all"> {
  let summary = "Hardware barrier across all cores of the launch (SyncAll<isAIVOnly>())";
  let arguments = (ins DefaultValuedAttr<BoolAttr, "true">:$is_aiv_only);
  let ascCall = "AscendC::SyncAll<$is_aiv_only>()";
  let assemblyFormat = "attr-dict";
}

let ascPipe = "V" in
def AscendC_SyncAllWorkspaceOp : AscendC_Op<"sync_all_workspace"> {
  let summary = "Software barrier across cores through a GM and a UB workspace";
  let description = [{
    `AscendC::SyncAll<isAIVOnly>(gmWorkspace, ubWorkspace, usedCores)`; both
    workspaces hold int32_t.
  }];
  let arguments = (ins AscendC_GlobalTensor:$gm_workspace, AscendC_LocalTensor:$ub_workspace,
                       AnySignlessInteger:$used_cores,
                       DefaultValuedAttr<BoolAttr, "true">:$is_aiv_only);
  let ascCall = "AscendC::SyncAll<$is_aiv_only>($gm_workspace, $ub_workspace, $used_cores)";
  let ascWrites = ["gm_workspace", "ub_workspace"];
  let assemblyFormat = "$gm_workspace `,` $ub_workspace `,` $used_cores attr-dict `:` type($gm_workspace) `,` type($ub_workspace) `,` type($used_cores)";
  let hasVerifier = 1;
}

let ascPipe = "none" in
def AscendC_CrossCoreSetFlagOp : AscendC_Op<"cross_core_set_flag"> {
  let summary = "Raises cross-core flag `flag_id` in mode `mode_id` from `pipe`";
  let arguments = (ins AnySignlessInteger:$flag_id, I32Attr:$mode_id, AscendC_PipeID:$pipe);
  let ascCall = "AscendC::CrossCoreSetFlag<$mode_id, $pipe>($flag_id)";
  let assemblyFormat = "$flag_id `,` $mode_id `,` $pipe attr-dict `:` type($flag_id)";
  let hasVerifier = 1;
}

let ascPipe = "none" in
def AscendC_CrossCoreWaitFlagOp : AscendC_Op<"cross_core_wait_flag"> {
  let summary = "Waits for cross-core flag `flag_id` in mode `mode_id` on `pipe`";
  let arguments = (ins AnySignlessInteger:$flag_id,
                       DefaultValuedAttr<I32Attr, "0">:$mode_id,
                       DefaultValuedAttr<AscendC_PipeID, "::mlir::ascendc::PipeID::PIPE_S">:$pipe);
  let ascCall = "AscendC::CrossCoreWaitFlag<$mode_id, $pipe>($flag_id)";
  let assemblyFormat = "$flag_id `,` $mode_id `,` $pipe attr-dict `:` type($flag_id)";
  let hasVerifier = 1;
}

class AscendC_IBOp<string mnemonic, string api> : AscendC_Op<mnemonic> {
  let arguments = (ins AscendC_GlobalTensor:$gm_workspace, AscendC_LocalTensor:$ub_workspace,
                       AnySignlessInteger:$block_idx, AnySignlessInteger:$event_id,
                       DefaultValuedAttr<BoolAttr, "true">:$is_aiv_only);
  let ascCall = "AscendC::" # api # "<$is_aiv_only>($gm_workspace, $ub_workspace, $block_idx, $event_id)";
  let ascWrites = ["gm_workspace", "ub_workspace"];
  let assemblyFormat = "$gm_workspace `,` $ub_workspace `,` $block_idx `,` $event_id attr-dict `:` type($gm_workspace) `,` type($ub_workspace) `,` type($block_idx) `,` type($event_id)";
  let hasVerifier = 1;
}

let ascPipe = "V" in
def AscendC_IBSetOp : AscendC_IBOp<"ib_set", "IBSet"> {
  let summary = "Sets the inter-block flag of block `block_idx`, event `event_id`";
}
let ascPipe = "V" in
def AscendC_IBWaitOp : AscendC_IBOp<"ib_wait", "IBWait"> {
  let summary = "Waits for the inter-block flag of block `block_idx`, event `event_id`";
}

// Deterministic compute: blocks take turns in block order (0, 1, ..., n-1, 0, ...).
class AscendC_DetermineComputeOp<string mnemonic, string api> : AscendC_Op<mnemonic> {
  let arguments = (ins AscendC_GlobalTensor:$gm_workspace, AscendC_LocalTensor:$ub_workspace);
  let ascCall = "AscendC::" # api # "($gm_workspace, $ub_workspace)";
  let ascWrites = ["gm_workspace", "ub_workspace"];
  let assemblyFormat = "$gm_workspace `,` $ub_workspace attr-dict `:` type($gm_workspace) `,` type($ub_workspace)";
  let hasVerifier = 1;
}

let ascPipe = "V" in
def AscendC_InitDetermineComputeWorkspaceOp
    : AscendC_DetermineComputeOp<"init_determine_compute_workspace", "InitDetermineComputeWorkspace"> {
  let summary = "Initialises the workspace of NotifyNextBlock / WaitPreBlock";
}
let ascPipe = "V" in
def AscendC_NotifyNextBlockOp : AscendC_DetermineComputeOp<"notify_next_block", "NotifyNextBlock"> {
  let summary = "Tells the next block (block_idx + 1, wrapping to 0) that this block's turn is over";
}
let ascPipe = "V" in
def AscendC_WaitPreBlockOp : AscendC_DetermineComputeOp<"wait_pre_block", "WaitPreBlock"> {
  let summary = "Waits for the previous block's NotifyNextBlock (block 0's first turn does not wait)";
}
