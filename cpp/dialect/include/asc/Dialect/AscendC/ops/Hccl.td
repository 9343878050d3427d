//===- Hccl.td - adv_api/hccl: the kernel-side collective communication API ===//
//
// The AI Core side of HCCL: a kernel prepares a collective (AllReduce,
// AllGather, ReduceScatter, AlltoAll) on an `Hccl` object, which returns a
// handle; Commit hands it to the communication server, Wait blocks until it
// has run, Finalize says no more collectives follow. The enums are unscoped
// enums of namespace AscendC (AscendC::HCCL_REDUCE_SUM; adv_api/hccl/hccl_common.h).
// On the Model, see cpp/model/include/asc_model/api/hccl.h and docs/distributed.md.
//
//===----------------------------------------------------------------------===//

def AscendC_HcclReduceOp : AscendC_Enum<"HcclReduceOp", "AscendC::", [
    I32EnumAttrCase<"HCCL_REDUCE_SUM", 0>,
    I32EnumAttrCase<"HCCL_REDUCE_PROD", 1>,
    I32EnumAttrCase<"HCCL_REDUCE_MAX", 2>,
    I32EnumAttrCase<"HCCL_REDUCE_MIN", 3>
]> {
  let ascCppType = "HcclReduceOp";
}

def AscendC_HcclDataType : AscendC_Enum<"HcclDataType", "AscendC::", [
    I32EnumAttrCase<"HCCL_DATA_TYPE_INT8", 0>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_INT16", 1>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_INT32", 2>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_FP16", 3>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_FP32", 4>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_INT64", 5>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_UINT64", 6>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_UINT8", 7>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_UINT16", 8>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_UINT32", 9>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_FP64", 10>,
    I32EnumAttrCase<"HCCL_DATA_TYPE_BFP16", 11>
]> {
  let ascCppType = "HcclDataType";
}

// The object. The server type is fixed to the AI CPU server (the one A2/A3
// kernels use); the emitter spells the type AscendC::Hccl<...AICPU>.
def AscendC_HcclType : AscendC_Type<"Hccl", "hccl"> {
  let summary = "AscendC::Hccl<HcclServerType::HCCL_SERVER_TYPE_AICPU>: a collective communication client";
}

// The buffers and the context are GM_ADDR (`__gm__ uint8_t*`), as Ascend C takes them.
def AscendC_GMAddr : Type<And<[CPred<"::llvm::isa<::mlir::ascendc::GMPtrType>($_self)">,
                               CPred<"::llvm::cast<::mlir::ascendc::GMPtrType>($_self).getElementType().isUnsignedInteger(8)">]>,
                          "GM_ADDR (!ascendc.gm_ptr<ui8>)", "::mlir::ascendc::GMPtrType">;

let ascPipe = "none" in
def AscendC_HcclOp : AscendC_DeclOp<"hccl"> {
  let summary = "Declares `AscendC::Hccl<AICPU> name;`";
  let results = (outs AscendC_HcclType:$result);
  let assemblyFormat = "attr-dict";
}

let ascPipe = "none" in
def AscendC_HcclInitOp : AscendC_Op<"hccl_init"> {
  let summary = "`hccl.Init(context)`: binds the client to a communication context (GetHcclContext)";
  let arguments = (ins AscendC_HcclType:$hccl, AscendC_GMAddr:$context);
  let ascCall = "$hccl.Init($context)";
  let assemblyFormat = "$hccl `,` $context attr-dict `:` type($context)";
}

// Prepare ops: each returns the HcclHandle (int8_t) of the task. `commit`
// is the template argument that commits it at once.
let ascPipe = "none" in
def AscendC_HcclAllReduceOp : AscendC_Op<"hccl_all_reduce"> {
  let summary = "`hccl.AllReduce<commit>(send, recv, count, dtype, op)`: every rank gets the reduction of all ranks' `count` elements";
  let arguments = (ins AscendC_HcclType:$hccl, AscendC_GMAddr:$send, AscendC_GMAddr:$recv, AnySignlessInteger:$count,
                       AscendC_HcclDataType:$data_type, AscendC_HcclReduceOp:$op,
                       DefaultValuedAttr<BoolAttr, "false">:$commit);
  let results = (outs I8:$handle);
  let ascCall = "$hccl.AllReduce<$commit>($send, $recv, $count, $data_type, $op)";
  let assemblyFormat = "$hccl `,` $send `,` $recv `,` $count `,` $data_type `,` $op attr-dict `:` type($send) `,` type($recv) `,` type($count)";
}

let ascPipe = "none" in
def AscendC_HcclAllGatherOp : AscendC_Op<"hccl_all_gather"> {
  let summary = "`hccl.AllGather<commit>(send, recv, sendCount, dtype, strideCount)`: rank i's `send_count` elements land at recv + i * (strideCount or sendCount) on every rank";
  let arguments = (ins AscendC_HcclType:$hccl, AscendC_GMAddr:$send, AscendC_GMAddr:$recv, AnySignlessInteger:$send_count,
                       AscendC_HcclDataType:$data_type, AnySignlessInteger:$stride_count,
                       DefaultValuedAttr<BoolAttr, "false">:$commit);
  let results = (outs I8:$handle);
  let ascCall = "$hccl.AllGather<$commit>($send, $recv, $send_count, $data_type, $stride_count)";
  let assemblyFormat = "$hccl `,` $send `,` $recv `,` $send_count `,` $data_type `,` $stride_count attr-dict `:` type($send) `,` type($recv) `,` type($send_count) `,` type($stride_count)";
}

let ascPipe = "none" in
def AscendC_HcclReduceScatterOp : AscendC_Op<"hccl_reduce_scatter"> {
  let summary = "`hccl.ReduceScatter<commit>(send, recv, recvCount, dtype, op, strideCount)`: rank i gets the reduction of every rank's chunk i";
  let arguments = (ins AscendC_HcclType:$hccl, AscendC_GMAddr:$send, AscendC_GMAddr:$recv, AnySignlessInteger:$recv_count,
                       AscendC_HcclDataType:$data_type, AscendC_HcclReduceOp:$op, AnySignlessInteger:$stride_count,
                       DefaultValuedAttr<BoolAttr, "false">:$commit);
  let results = (outs I8:$handle);
  let ascCall = "$hccl.ReduceScatter<$commit>($send, $recv, $recv_count, $data_type, $op, $stride_count)";
  let assemblyFormat = "$hccl `,` $send `,` $recv `,` $recv_count `,` $data_type `,` $op `,` $stride_count attr-dict `:` type($send) `,` type($recv) `,` type($recv_count) `,` type($stride_count)";
}

let ascPipe = "none" in
def AscendC_HcclAlltoAllOp : AscendC_Op<"hccl_all_to_all"> {
  let summary = "`hccl.AlltoAll<commit>(send, recv, dataCount, dtype, strideCount)`: chunk j of rank i lands as chunk i of rank j";
  let arguments = (ins AscendC_HcclType:$hccl, AscendC_GMAddr:$send, AscendC_GMAddr:$recv, AnySignlessInteger:$data_count,
                       AscendC_HcclDataType:$data_type, AnySignlessInteger:$stride_count,
                       DefaultValuedAttr<BoolAttr, "false">:$commit);
  let results = (outs I8:$handle);
  let ascCall = "$hccl.AlltoAll<$commit>($send, $recv, $data_count, $data_type, $stride_count)";
  let assemblyFormat = "$hccl `,` $send `,` $recv `,` $data_count `,` $data_type `,` $stride_count attr-dict `:` type($send) `,` type($recv) `,` type($data_count) `,` type($stride_count)";
}

let ascPipe = "none" in
def AscendC_HcclCommitOp : AscendC_Op<"hccl_commit"> {
  let summary = "`hccl.Commit(handle)`: the server may run the task now";
  let arguments = (ins AscendC_HcclType:$hccl, AnySignlessInteger:$handle);
  let ascCall = "$hccl.Commit($handle)";
  let assemblyFormat = "$hccl `,` $handle attr-dict `:` type($handle)";
}

let ascPipe = "none" in
def AscendC_HcclWaitOp : AscendC_Op<"hccl_wait"> {
  let summary = "`hccl.Wait(handle)`: blocks until the committed task has run on every rank";
  let arguments = (ins AscendC_HcclType:$hccl, AnySignlessInteger:$handle);
  let results = (outs I32:$result);
  let ascCall = "$hccl.Wait($handle)";
  let assemblyFormat = "$hccl `,` $handle attr-dict `:` type($handle)";
}

let ascPipe = "none" in
def AscendC_HcclFinalizeOp : AscendC_Op<"hccl_finalize"> {
  let summary = "`hccl.Finalize()`: no more tasks follow; waits for the committed ones";
  let arguments = (ins AscendC_HcclType:$hccl);
  let ascCall = "$hccl.Finalize()";
  let assemblyFormat = "$hccl attr-dict";
}

let ascPipe = "none" in
def AscendC_HcclGetRankIdOp : AscendC_Op<"hccl_get_rank_id", [Pure]> {
  let summary = "`hccl.GetRankId()`: this device's rank in the communication domain";
  let arguments = (ins AscendC_HcclType:$hccl);
  let results = (outs I32:$result);
  let ascCall = "$hccl.GetRankId()";
  let assemblyFormat = "$hccl attr-dict";
}

let ascPipe = "none" in
def AscendC_HcclGetRankDimOp : AscendC_Op<"hccl_get_rank_dim", [Pure]> {
  let summary = "`hccl.GetRankDim()`: the number of ranks in the communication domain";
  let arguments = (ins AscendC_HcclType:$hccl);
  let results = (outs I32:$result);
  let ascCall = "$hccl.GetRankDim()";
  let assemblyFormat = "$hccl attr-dict";
}
