//===- AdvMatmul.td - the adv Matmul object and its methods ---*- tablegen -*-===//
//
// `AscendC::Matmul<A, B, C, BIAS, CFG> mm;` (ascendc.matmul), registered with
// REGIST_MATMUL_OBJ, then driven by its methods: SetTensorA/B, SetBias,
// SetTail, SetOrgShape, IterateAll, Iterate + GetTensorC, End. The `sync`
// template argument of IterateAll / Iterate / GetTensorC is an attribute.
//
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_MatmulOp : AscendC_DeclOp<"matmul"> {
  let summary = "Declares `AscendC::Matmul<A, B, C, BIAS, CFG> name;`";
  let results = (outs AscendC_MatmulType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "V" in
def AscendC_RegistMatmulObjOp : AscendC_Op<"regist_matmul_obj"> {
  let summary = "`REGIST_MATMUL_OBJ(&pipe, workspace, mm, &tiling)`: binds the Matmul to the pipe and its tiling";
  let arguments = (ins AscendC_TPipeType:$pipe, AscendC_GMPtr:$workspace, AscendC_Matmul:$matmul,
                       AscendC_ParamStruct:$tiling);
  let ascCall = "REGIST_MATMUL_OBJ(&$pipe, $workspace, $matmul, &$tiling)";
  let assemblyFormat = "$pipe `,` $workspace `,` $matmul `,` $tiling attr-dict `:` type($pipe) `,` "
                       "type($workspace) `,` type($matmul) `,` type($tiling)";
}

let ascPipe = "V" in
def AscendC_RegistMatmulObjNoTilingOp : AscendC_Op<"regist_matmul_obj_no_tiling"> {
  let summary = "`REGIST_MATMUL_OBJ(&pipe, workspace, mm, (TCubeTiling*)nullptr)`: the tiling comes later with Init";
  let arguments = (ins AscendC_TPipeType:$pipe, AscendC_GMPtr:$workspace, AscendC_Matmul:$matmul);
  let ascCall = "REGIST_MATMUL_OBJ(&$pipe, $workspace, $matmul, (TCubeTiling*)nullptr)";
  let assemblyFormat = "$pipe `,` $workspace `,` $matmul attr-dict `:` type($pipe) `,` type($workspace) `,` "
                       "type($matmul)";
}

let ascPipe = "V" in
def AscendC_MatmulInitOp : AscendC_Op<"matmul_init"> {
  let summary = "`mm.Init(&tiling)`";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_ParamStruct:$tiling);
  let ascCall = "$matmul.Init(&$tiling)";
  let assemblyFormat = "$matmul `,` $tiling attr-dict `:` type($matmul) `,` type($tiling)";
}

class AscendC_MatmulSetTensorOp<string mnemonic, string method>
    : AscendC_Op<mnemonic> {
  let summary = "`mm." # method # "(tensor, isTranspose)`";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_AnyTensor:$tensor, I1:$is_transpose);
  let ascCall = "$matmul." # method # "($tensor, $is_transpose)";
  let assemblyFormat = "$matmul `,` $tensor `,` $is_transpose attr-dict `:` type($matmul) `,` type($tensor)";
}
let ascPipe = "V" in
def AscendC_MatmulSetTensorAOp : AscendC_MatmulSetTensorOp<"matmul_set_tensor_a", "SetTensorA">;
let ascPipe = "V" in
def AscendC_MatmulSetTensorBOp : AscendC_MatmulSetTensorOp<"matmul_set_tensor_b", "SetTensorB">;

let ascPipe = "V" in
def AscendC_MatmulSetBiasOp : AscendC_Op<"matmul_set_bias"> {
  let summary = "`mm.SetBias(tensor)`: C = A * B + bias (one row of N)";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_AnyTensor:$tensor);
  let ascCall = "$matmul.SetBias($tensor)";
  let assemblyFormat = "$matmul `,` $tensor attr-dict `:` type($matmul) `,` type($tensor)";
}

class AscendC_MatmulNoArgOp<string mnemonic, string method> : AscendC_Op<mnemonic> {
  let summary = "`mm." # method # "()`";
  let arguments = (ins AscendC_Matmul:$matmul);
  let ascCall = "$matmul." # method # "()";
  let assemblyFormat = "$matmul attr-dict `:` type($matmul)";
}
let ascPipe = "V" in
def AscendC_MatmulDisableBiasOp : AscendC_MatmulNoArgOp<"matmul_disable_bias", "DisableBias">;
let ascPipe = "V" in
def AscendC_MatmulEndOp : AscendC_MatmulNoArgOp<"matmul_end", "End">;
let ascPipe = "V" in
def AscendC_MatmulWaitIterateAllOp : AscendC_MatmulNoArgOp<"matmul_wait_iterate_all", "WaitIterateAll">;

class AscendC_MatmulShape3Op<string mnemonic, string method, string a, string b, string c>
    : AscendC_Op<mnemonic> {
  let summary = "`mm." # method # "(" # a # ", " # b # ", " # c # ")`";
  let arguments = (ins AscendC_Matmul:$matmul, I32:$x, I32:$y, I32:$z);
  let ascCall = "$matmul." # method # "($x, $y, $z)";
  let assemblyFormat = "$matmul `,` $x `,` $y `,` $z attr-dict `:` type($matmul)";
}
let ascPipe = "V" in
def AscendC_MatmulSetTailOp : AscendC_MatmulShape3Op<"matmul_set_tail", "SetTail", "tailM", "tailN", "tailK">;
let ascPipe = "V" in
def AscendC_MatmulSetOrgShapeOp
    : AscendC_MatmulShape3Op<"matmul_set_org_shape", "SetOrgShape", "orgM", "orgN", "orgK">;
let ascPipe = "V" in
def AscendC_MatmulSetSingleShapeOp
    : AscendC_MatmulShape3Op<"matmul_set_single_shape", "SetSingleShape", "singleM", "singleN", "singleK">;

let ascPipe = "V" in
def AscendC_MatmulSetOrgShapeKbOp : AscendC_Op<"matmul_set_org_shape_kb"> {
  let summary = "`mm.SetOrgShape(orgM, orgN, orgKa, orgKb, orgKc)`: A and B with different K strides";
  let arguments = (ins AscendC_Matmul:$matmul, I32:$org_m, I32:$org_n, I32:$org_ka, I32:$org_kb, I32:$org_kc);
  let ascCall = "$matmul.SetOrgShape($org_m, $org_n, $org_ka, $org_kb, $org_kc)";
  let assemblyFormat = "$matmul `,` $org_m `,` $org_n `,` $org_ka `,` $org_kb `,` $org_kc attr-dict `:` "
                       "type($matmul)";
}

let ascPipe = "V" in
def AscendC_MatmulSetHF32Op : AscendC_Op<"matmul_set_hf32"> {
  let summary = "`mm.SetHF32(enableHF32, transMode)`";
  let arguments = (ins AscendC_Matmul:$matmul, I1:$enable_hf32, I32:$trans_mode);
  let ascCall = "$matmul.SetHF32($enable_hf32, $trans_mode)";
  let assemblyFormat = "$matmul `,` $enable_hf32 `,` $trans_mode attr-dict `:` type($matmul)";
}

let ascPipe = "V" in
def AscendC_MatmulIterateAllOp : AscendC_Op<"matmul_iterate_all"> {
  let summary = "`mm.IterateAll<sync>(gm, enAtomic, enSequentialWrite, waitIterateAll, fakeMsg)`: all of C to GM";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_GlobalTensor:$tensor, I8:$en_atomic,
                       I1:$en_sequential_write, I1:$wait_iterate_all, I1:$fake_msg, BoolAttr:$sync);
  let ascCall = "$matmul.IterateAll<$sync>($tensor, $en_atomic, $en_sequential_write, $wait_iterate_all, "
                "$fake_msg)";
  let assemblyFormat = "$matmul `,` $tensor `,` $en_atomic `,` $en_sequential_write `,` $wait_iterate_all `,` "
                       "$fake_msg attr-dict `:` type($matmul) `,` type($tensor)";
}

let ascPipe = "V" in
def AscendC_MatmulIterateAllLocalOp : AscendC_Op<"matmul_iterate_all_local"> {
  let summary = "`mm.IterateAll<sync>(local, enAtomic)`: all of C to a LocalTensor";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_LocalTensor:$tensor, I8:$en_atomic, BoolAttr:$sync);
  let ascCall = "$matmul.IterateAll<$sync>($tensor, $en_atomic)";
  let assemblyFormat = "$matmul `,` $tensor `,` $en_atomic attr-dict `:` type($matmul) `,` type($tensor)";
}

let ascPipe = "V" in
def AscendC_MatmulIterateOp : AscendC_Op<"matmul_iterate"> {
  let summary = "`mm.Iterate<sync>(enPartialSum)`: computes the next baseM x baseN block; false when done";
  let arguments = (ins AscendC_Matmul:$matmul, I1:$en_partial_sum, BoolAttr:$sync);
  let results = (outs I1:$result);
  let ascCall = "$matmul.Iterate<$sync>($en_partial_sum)";
  let assemblyFormat = "$matmul `,` $en_partial_sum attr-dict `:` type($matmul)";
}

let ascPipe = "V" in
def AscendC_MatmulGetTensorCOp : AscendC_Op<"matmul_get_tensor_c"> {
  let summary = "`mm.GetTensorC<sync>(tensor, enAtomic, enSequentialWrite)`: the block of the last Iterate";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_AnyTensor:$tensor, I8:$en_atomic,
                       I1:$en_sequential_write, BoolAttr:$sync);
  let ascCall = "$matmul.GetTensorC<$sync>($tensor, $en_atomic, $en_sequential_write)";
  let assemblyFormat = "$matmul `,` $tensor `,` $en_atomic `,` $en_sequential_write attr-dict `:` type($matmul) "
                       "`,` type($tensor)";
}

//===----------------------------------------------------------------------===//
// Batch: SetBatchNum, IterateBatch (to GM / to a LocalTensor), WaitIterateBatch,
// IterateNBatch + GetBatchTensorC through the workspace (SetWorkspace).
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_MatmulSetBatchNumOp : AscendC_Op<"matmul_set_batch_num"> {
  let summary = "`mm.SetBatchNum(batchA, batchB)`";
  let arguments = (ins AscendC_Matmul:$matmul, I32:$batch_a, I32:$batch_b);
  let ascCall = "$matmul.SetBatchNum($batch_a, $batch_b)";
  let assemblyFormat = "$matmul `,` $batch_a `,` $batch_b attr-dict `:` type($matmul)";
}

let ascPipe = "V" in
def AscendC_MatmulIterateBatchOp : AscendC_Op<"matmul_iterate_batch"> {
  let summary = "`mm.IterateBatch<sync, waitIterateBatch>(gm, batchA, batchB, enSequentialWrite, strideA, "
                "strideB, strideC, enPartialSum, enAtomic)`: batchA x batchB matrices of C to GM";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_GlobalTensor:$tensor, I32:$batch_a, I32:$batch_b,
                       I1:$en_sequential_write, I32:$matrix_stride_a, I32:$matrix_stride_b, I32:$matrix_stride_c,
                       I1:$en_partial_sum, I8:$en_atomic, BoolAttr:$sync, BoolAttr:$wait_iterate_batch);
  let ascCall = "$matmul.IterateBatch<$sync, $wait_iterate_batch>($tensor, $batch_a, $batch_b, "
                "$en_sequential_write, $matrix_stride_a, $matrix_stride_b, $matrix_stride_c, $en_partial_sum, "
                "$en_atomic)";
  let assemblyFormat = "$matmul `,` $tensor `,` $batch_a `,` $batch_b `,` $en_sequential_write `,` "
                       "$matrix_stride_a `,` $matrix_stride_b `,` $matrix_stride_c `,` $en_partial_sum `,` "
                       "$en_atomic attr-dict `:` type($matmul) `,` type($tensor)";
}

let ascPipe = "V" in
def AscendC_MatmulIterateBatchLocalOp : AscendC_Op<"matmul_iterate_batch_local"> {
  let summary = "`mm.IterateBatch<sync>(ub, batchA, batchB, enSequentialWrite, strideA, strideB, strideC, "
                "enPartialSum, enAtomic)`: the batches of C to a LocalTensor";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_LocalTensor:$tensor, I32:$batch_a, I32:$batch_b,
                       I1:$en_sequential_write, I32:$matrix_stride_a, I32:$matrix_stride_b, I32:$matrix_stride_c,
                       I1:$en_partial_sum, I8:$en_atomic, BoolAttr:$sync);
  let ascCall = "$matmul.IterateBatch<$sync>($tensor, $batch_a, $batch_b, $en_sequential_write, "
                "$matrix_stride_a, $matrix_stride_b, $matrix_stride_c, $en_partial_sum, $en_atomic)";
  let assemblyFormat = "$matmul `,` $tensor `,` $batch_a `,` $batch_b `,` $en_sequential_write `,` "
                       "$matrix_stride_a `,` $matrix_stride_b `,` $matrix_stride_c `,` $en_partial_sum `,` "
                       "$en_atomic attr-dict `:` type($matmul) `,` type($tensor)";
}

let ascPipe = "V" in
def AscendC_MatmulWaitIterateBatchOp : AscendC_MatmulNoArgOp<"matmul_wait_iterate_batch", "WaitIterateBatch">;
let ascPipe = "V" in
def AscendC_MatmulWaitGetTensorCOp : AscendC_MatmulNoArgOp<"matmul_wait_get_tensor_c", "WaitGetTensorC">;

let ascPipe = "V" in
def AscendC_MatmulIterateNBatchOp : AscendC_Op<"matmul_iterate_n_batch"> {
  let summary = "`mm.IterateNBatch<sync, waitIterateBatch>(batchLoop, batchA, batchB, enSequentialWrite, "
                "strideA, strideB, strideC)`: batchLoop IterateBatch runs into the workspace";
  let arguments = (ins AscendC_Matmul:$matmul, I32:$batch_loop, I32:$batch_a, I32:$batch_b,
                       I1:$en_sequential_write, I32:$matrix_stride_a, I32:$matrix_stride_b, I32:$matrix_stride_c,
                       BoolAttr:$sync, BoolAttr:$wait_iterate_batch);
  let ascCall = "$matmul.IterateNBatch<$sync, $wait_iterate_batch>($batch_loop, $batch_a, $batch_b, "
                "$en_sequential_write, $matrix_stride_a, $matrix_stride_b, $matrix_stride_c)";
  let assemblyFormat = "$matmul `,` $batch_loop `,` $batch_a `,` $batch_b `,` $en_sequential_write `,` "
                       "$matrix_stride_a `,` $matrix_stride_b `,` $matrix_stride_c attr-dict `:` type($matmul)";
}

let ascPipe = "V" in
def AscendC_MatmulGetBatchTensorCOp : AscendC_Op<"matmul_get_batch_tensor_c"> {
  let summary = "`mm.GetBatchTensorC<sync>(ub, batchA, batchB, enSequentialWrite)`: the next batches of an "
                "IterateNBatch from the workspace";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_LocalTensor:$tensor, I32:$batch_a, I32:$batch_b,
                       I1:$en_sequential_write, BoolAttr:$sync);
  let ascCall = "$matmul.GetBatchTensorC<$sync>($tensor, $batch_a, $batch_b, $en_sequential_write)";
  let assemblyFormat = "$matmul `,` $tensor `,` $batch_a `,` $batch_b `,` $en_sequential_write attr-dict `:` "
                       "type($matmul) `,` type($tensor)";
}

let ascPipe = "V" in
def AscendC_MatmulGetBatchTensorCGlobalOp : AscendC_Op<"matmul_get_batch_tensor_c_global"> {
  let summary = "`mm.GetBatchTensorC<sync>(batchA, batchB, enSequentialWrite)`: the next batches of an "
                "IterateNBatch, as a GlobalTensor over the workspace";
  let arguments = (ins AscendC_Matmul:$matmul, I32:$batch_a, I32:$batch_b, I1:$en_sequential_write,
                       BoolAttr:$sync);
  let results = (outs AscendC_GlobalTensor:$result);
  let ascCall = "$matmul.GetBatchTensorC<$sync>($batch_a, $batch_b, $en_sequential_write)";
  let assemblyFormat = "$matmul `,` $batch_a `,` $batch_b `,` $en_sequential_write attr-dict `:` type($matmul) "
                       "`->` type($result)";
}

let ascPipe = "V" in
def AscendC_MatmulSetSparseIndexOp : AscendC_Op<"matmul_set_sparse_index"> {
  let summary = "`mm.SetSparseIndex(indexGlobal)`: the index matrix of a sparse B (SparseMatmulType with an "
                "MDL config; otherwise the call does nothing, as in Ascend C)";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_GlobalTensor:$index);
  let ascCall = "$matmul.SetSparseIndex($index)";
  let assemblyFormat = "$matmul `,` $index attr-dict `:` type($matmul) `,` type($index)";
}

let ascPipe = "V" in
def AscendC_MatmulSetWorkspaceOp : AscendC_Op<"matmul_set_workspace"> {
  let summary = "`mm.SetWorkspace(gm)`: the GM space IterateNBatch writes to";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_GlobalTensor:$tensor);
  let ascCall = "$matmul.SetWorkspace($tensor)";
  let assemblyFormat = "$matmul `,` $tensor attr-dict `:` type($matmul) `,` type($tensor)";
}

let ascPipe = "V" in
def AscendC_MatmulSetWorkspacePtrOp : AscendC_Op<"matmul_set_workspace_ptr"> {
  let summary = "`mm.SetWorkspace(addr, size)`";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_GMPtr:$addr, I32:$size);
  let ascCall = "$matmul.SetWorkspace($addr, $size)";
  let assemblyFormat = "$matmul `,` $addr `,` $size attr-dict `:` type($matmul) `,` type($addr)";
}

//===----------------------------------------------------------------------===//
// C to both places, the asynchronous fetch, quantisation.
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_MatmulGetTensorCBothOp : AscendC_Op<"matmul_get_tensor_c_both"> {
  let summary = "`mm.GetTensorC<sync>(gm, ub, enAtomic, enSequentialWrite)`: the block to GM and to a LocalTensor";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_GlobalTensor:$tensor, AscendC_LocalTensor:$local,
                       I8:$en_atomic, I1:$en_sequential_write, BoolAttr:$sync);
  let ascCall = "$matmul.GetTensorC<$sync>($tensor, $local, $en_atomic, $en_sequential_write)";
  let assemblyFormat = "$matmul `,` $tensor `,` $local `,` $en_atomic `,` $en_sequential_write attr-dict `:` "
                       "type($matmul) `,` type($tensor) `,` type($local)";
}

let ascPipe = "V" in
def AscendC_MatmulAsyncGetTensorCOp : AscendC_Op<"matmul_async_get_tensor_c"> {
  let summary = "`mm.AsyncGetTensorC(ub)`: fetches the block of an asynchronous Iterate (done at WaitGetTensorC)";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_LocalTensor:$tensor);
  let ascCall = "$matmul.AsyncGetTensorC($tensor)";
  let assemblyFormat = "$matmul `,` $tensor attr-dict `:` type($matmul) `,` type($tensor)";
}

let ascPipe = "V" in
def AscendC_MatmulSetQuantScalarOp : AscendC_Op<"matmul_set_quant_scalar"> {
  let summary = "`mm.SetQuantScalar(scalar)`: per-tensor dequantisation of C (a float in a uint64)";
  let arguments = (ins AscendC_Matmul:$matmul, UI64:$scalar);
  let ascCall = "$matmul.SetQuantScalar($scalar)";
  let assemblyFormat = "$matmul `,` $scalar attr-dict `:` type($matmul)";
}

let ascPipe = "V" in
def AscendC_MatmulSetQuantVectorOp : AscendC_Op<"matmul_set_quant_vector"> {
  let summary = "`mm.SetQuantVector(gm)`: per-channel dequantisation of C (N uint64 factors)";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_GlobalTensor:$tensor);
  let ascCall = "$matmul.SetQuantVector($tensor)";
  let assemblyFormat = "$matmul `,` $tensor attr-dict `:` type($matmul) `,` type($tensor)";
}

let ascPipe = "V" in
def AscendC_MatmulIterateBatchNumOp : AscendC_Op<"matmul_iterate_batch_num"> {
  let summary = "`mm.IterateBatch(c, enPartialSum, enAtomic, enSequentialWrite, strideA, strideB, strideC)`: "
                "the batch counts of SetBatchNum";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_AnyTensor:$tensor, I1:$en_partial_sum, I8:$en_atomic,
                       I1:$en_sequential_write, I32:$matrix_stride_a, I32:$matrix_stride_b, I32:$matrix_stride_c);
  let ascCall = "$matmul.IterateBatch($tensor, $en_partial_sum, $en_atomic, $en_sequential_write, "
                "$matrix_stride_a, $matrix_stride_b, $matrix_stride_c)";
  let assemblyFormat = "$matmul `,` $tensor `,` $en_partial_sum `,` $en_atomic `,` $en_sequential_write `,` "
                       "$matrix_stride_a `,` $matrix_stride_b `,` $matrix_stride_c attr-dict `:` type($matmul) `,` "
                       "type($tensor)";
}

class AscendC_MatmulSetScalarOp<string mnemonic, string method> : AscendC_Op<mnemonic> {
  let summary = "`mm." # method # "(scalar)`: the matrix is the scalar in every element";
  let arguments = (ins AscendC_Matmul:$matmul, AnyTypeOf<[AnyInteger, AnyFloat]>:$scalar);
  let ascCall = "$matmul." # method # "($scalar)";
  let assemblyFormat = "$matmul `,` $scalar attr-dict `:` type($matmul) `,` type($scalar)";
}
let ascPipe = "V" in
def AscendC_MatmulSetTensorAScalarOp : AscendC_MatmulSetScalarOp<"matmul_set_tensor_a_scalar", "SetTensorA">;
let ascPipe = "V" in
def AscendC_MatmulSetTensorBScalarOp : AscendC_MatmulSetScalarOp<"matmul_set_tensor_b_scalar", "SetTensorB">;

// The data of user callbacks (the Matmul's MatmulCallBackFunc template argument):
// an address passed as the uint64_t the Ascend C call takes.
class AscendC_MatmulSetAddrOp<string mnemonic, string method> : AscendC_Op<mnemonic> {
  let summary = "`mm." # method # "(reinterpret_cast<uint64_t>(addr))`";
  let arguments = (ins AscendC_Matmul:$matmul, AscendC_GMPtr:$addr);
  let ascCall = "$matmul." # method # "(reinterpret_cast<uint64_t>($addr))";
  let assemblyFormat = "$matmul `,` $addr attr-dict `:` type($matmul) `,` type($addr)";
}
let ascPipe = "V" in
def AscendC_MatmulSetSelfDefineDataOp : AscendC_MatmulSetAddrOp<"matmul_set_self_define_data", "SetSelfDefineData">;
let ascPipe = "V" in
def AscendC_MatmulSetUserDefInfoOp : AscendC_MatmulSetAddrOp<"matmul_set_user_def_info", "SetUserDefInfo">;
