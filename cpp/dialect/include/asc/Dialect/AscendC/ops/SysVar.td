//===- SysVar.td - basic/sys_var: block index, block count, … -------------===//

def AscendC_GetBlockIdxOp : AscendC_ApiOp<"get_block_idx", "GetBlockIdx", [Pure]> {
  let summary = "The index of the current core (block) in the launch";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}
