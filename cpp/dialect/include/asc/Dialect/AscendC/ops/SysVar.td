//===- SysVar.td - basic/sys_var: block index, block count, … -------------===//

let ascPipe = "S" in
def AscendC_GetBlockIdxOp : AscendC_ApiOp<"get_block_idx", "GetBlockIdx", [Pure]> {
  let summary = "The index of the current core (block) in the launch";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

class AscendC_SysQueryOp<string mnemonic, string api, Type resultType, string what>
    : AscendC_ApiOp<mnemonic, api, [Pure]> {
  let summary = what;
  let results = (outs resultType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "S" in
def AscendC_GetBlockNumOp : AscendC_SysQueryOp<"get_block_num", "GetBlockNum", I64,
    "The number of cores (blocks) of the launch">;
let ascPipe = "S" in
def AscendC_GetDataBlockSizeInBytesOp : AscendC_SysQueryOp<"get_data_block_size_in_bytes",
    "GetDataBlockSizeInBytes", I16, "The size of a data block (32 bytes)">;
let ascPipe = "S" in
def AscendC_GetSubBlockIdxOp : AscendC_SysQueryOp<"get_sub_block_idx", "GetSubBlockIdx", I64,
    "The index of the current vector core within its AI Core">;
let ascPipe = "S" in
def AscendC_GetSubBlockNumOp : AscendC_SysQueryOp<"get_sub_block_num", "GetSubBlockNum", I64,
    "The number of vector cores per AI Core">;
let ascPipe = "S" in
def AscendC_GetTaskRatioOp : AscendC_SysQueryOp<"get_task_ratio", "GetTaskRatio", I64,
    "The ratio of vector to cube cores of a mixed kernel">;

// Not Pure: each reads a changing hardware register.
let ascPipe = "S" in
def AscendC_GetProgramCounterOp : AscendC_ApiOp<"get_program_counter", "GetProgramCounter"> {
  let summary = "The current program counter";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}
let ascPipe = "S" in
def AscendC_GetSystemCycleOp : AscendC_ApiOp<"get_system_cycle", "GetSystemCycle"> {
  let summary = "The current system cycle count";
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "S" in
def AscendC_TrapOp : AscendC_ApiOp<"trap", "Trap"> {
  let summary = "Stops the kernel (trap instruction)";
  let assemblyFormat = "attr-dict";
}

// GetArchVersion(uint32_t& coreVersion) writes through an out-parameter: the
// op declares its result and passes it, `uint32_t v; AscendC::GetArchVersion(v);`.
let ascPipe = "S" in
def AscendC_GetArchVersionOp : AscendC_DeclOp<"get_arch_version", "; AscendC::GetArchVersion($core_version)"> {
  let summary = "The architecture version of the core";
  let results = (outs UI32:$core_version);
  let assemblyFormat = "attr-dict `:` type($core_version)";
}
