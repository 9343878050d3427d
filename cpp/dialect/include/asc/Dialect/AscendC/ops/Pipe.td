//===- Pipe.td - fwk/tpipe: TPipe, TQue, TQueBind, TBuf, TBufPool ---------===//
//
// TPipe and TBufPool have the same InitBuffer / InitBufPool / Reset methods,
// so those ops take either as their `owner`.
//
//===----------------------------------------------------------------------===//

def AscendC_TPipe : Type<CPred<"::llvm::isa<::mlir::ascendc::TPipeType>($_self)">,
                         "TPipe", "::mlir::ascendc::TPipeType">;
def AscendC_PipeOrPool : AnyTypeOf<[AscendC_TPipe, AscendC_TBufPool]>;

//===----------------------------------------------------------------------===//
// TPipe
//===----------------------------------------------------------------------===//

let ascPipe = "none" in
def AscendC_TPipeOp : AscendC_DeclOp<"pipe"> {
  let summary = "Declares `AscendC::TPipe name;`";
  let results = (outs AscendC_TPipeType:$result);
  let assemblyFormat = "attr-dict";
}

let ascPipe = "none" in
def AscendC_InitBufferOp : AscendC_Op<"init_buffer"> {
  let summary = "`owner.InitBuffer(que, num, len)`: `num` buffers of `len` bytes for a queue";
  let arguments = (ins AscendC_PipeOrPool:$owner, AscendC_AnyQueue:$que,
                       AnySignlessInteger:$num, AnySignlessInteger:$len);
  let ascCall = "$owner.InitBuffer($que, $num, $len)";
  let assemblyFormat = "$owner `,` $que `,` $num `,` $len attr-dict `:` type($owner) `,` type($que) `,` type($num) `,` type($len)";
}

let ascPipe = "none" in
def AscendC_InitBufferTBufOp : AscendC_Op<"init_buffer_tbuf"> {
  let summary = "`owner.InitBuffer(buf, len)`: `len` bytes for a TBuf";
  let arguments = (ins AscendC_PipeOrPool:$owner, AscendC_TBuf:$buf, AnySignlessInteger:$len);
  let ascCall = "$owner.InitBuffer($buf, $len)";
  let assemblyFormat = "$owner `,` $buf `,` $len attr-dict `:` type($owner) `,` type($buf) `,` type($len)";
}

let ascPipe = "none" in
def AscendC_InitBufPoolOp : AscendC_Op<"init_buf_pool"> {
  let summary = "`owner.InitBufPool(pool, len)`";
  let arguments = (ins AscendC_PipeOrPool:$owner, AscendC_TBufPool:$pool, AnySignlessInteger:$len);
  let ascCall = "$owner.InitBufPool($pool, $len)";
  let assemblyFormat = "$owner `,` $pool `,` $len attr-dict `:` type($owner) `,` type($pool) `,` type($len)";
}

let ascPipe = "none" in
def AscendC_InitBufPoolShareOp : AscendC_Op<"init_buf_pool_share"> {
  let summary = "`owner.InitBufPool(pool, len, shareBuf)`: `pool` shares the memory of `share_buf`";
  let arguments = (ins AscendC_PipeOrPool:$owner, AscendC_TBufPool:$pool, AnySignlessInteger:$len,
                       AscendC_TBufPool:$share_buf);
  let ascCall = "$owner.InitBufPool($pool, $len, $share_buf)";
  let assemblyFormat = "$owner `,` $pool `,` $len `,` $share_buf attr-dict `:` type($owner) `,` type($pool) `,` type($len) `,` type($share_buf)";
}

let ascPipe = "none" in
def AscendC_ResetOp : AscendC_Op<"reset"> {
  let summary = "`owner.Reset()`: releases the owner's buffers";
  let arguments = (ins AscendC_PipeOrPool:$owner);
  let ascCall = "$owner.Reset()";
  let assemblyFormat = "$owner attr-dict `:` type($owner)";
}

let ascPipe = "none" in
def AscendC_PipeInitOp : AscendC_Op<"pipe_init"> {
  let summary = "`pipe.Init()`";
  let arguments = (ins AscendC_TPipeType:$pipe);
  let ascCall = "$pipe.Init()";
  let assemblyFormat = "$pipe attr-dict";
}

let ascPipe = "none" in
def AscendC_PipeDestroyOp : AscendC_Op<"pipe_destroy"> {
  let summary = "`pipe.Destroy()`";
  let arguments = (ins AscendC_TPipeType:$pipe);
  let ascCall = "$pipe.Destroy()";
  let assemblyFormat = "$pipe attr-dict";
}

let ascPipe = "none" in
def AscendC_AllocEventIdOp : AscendC_Op<"alloc_event_id"> {
  let summary = "`pipe.AllocEventID<event>()`: a free event id (TEventID, int8_t)";
  let arguments = (ins AscendC_TPipeType:$pipe, AscendC_HardEvent:$event);
  let results = (outs I8:$result);
  let ascCall = "$pipe.AllocEventID<$event>()";
  let assemblyFormat = "$pipe `,` $event attr-dict";
}

let ascPipe = "none" in
def AscendC_FetchEventIdOp : AscendC_Op<"fetch_event_id"> {
  let summary = "`pipe.FetchEventID<event>()`: an event id, without reserving it";
  let arguments = (ins AscendC_TPipeType:$pipe, AscendC_HardEvent:$event);
  let results = (outs I8:$result);
  let ascCall = "$pipe.FetchEventID<$event>()";
  let assemblyFormat = "$pipe `,` $event attr-dict";
}

let ascPipe = "none" in
def AscendC_ReleaseEventIdOp : AscendC_Op<"release_event_id"> {
  let summary = "`pipe.ReleaseEventID<event>(id)`";
  let arguments = (ins AscendC_TPipeType:$pipe, AscendC_HardEvent:$event, AnySignlessInteger:$id);
  let ascCall = "$pipe.ReleaseEventID<$event>($id)";
  let assemblyFormat = "$pipe `,` $event `,` $id attr-dict `:` type($id)";
}

//===----------------------------------------------------------------------===//
// TQue and TQueBind
//===----------------------------------------------------------------------===//

let ascPipe = "none" in
def AscendC_TQueOp : AscendC_DeclOp<"queue"> {
  let summary = "Declares `AscendC::TQue<pos, depth> name;`";
  let results = (outs AscendC_TQueType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "none" in
def AscendC_TQueBindOp : AscendC_DeclOp<"queue_bind"> {
  let summary = "Declares `AscendC::TQueBind<src, dst, depth, mask> name;`";
  let results = (outs AscendC_TQueBindType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "none" in
def AscendC_AllocTensorOp : AscendC_Op<"alloc_tensor"> {
  let summary = "`que.AllocTensor<T>()`: a free buffer of the queue as a LocalTensor<T>";
  let arguments = (ins AscendC_AnyQueue:$que);
  let results = (outs AscendC_LocalTensor:$result);
  let ascCall = "$que.AllocTensor<$elem(result)>()";
  let assemblyFormat = "$que attr-dict `:` type($que) `->` type($result)";
}

let ascPipe = "none" in
def AscendC_AllocTensorInPlaceOp : AscendC_Op<"alloc_tensor_in_place"> {
  let summary = "`que.AllocTensor<T>(tensor)`: points `tensor` at a free buffer of the queue";
  let arguments = (ins AscendC_AnyQueue:$que, AscendC_LocalTensor:$tensor);
  let ascCall = "$que.AllocTensor<$elem(tensor)>($tensor)";
  let assemblyFormat = "$que `,` $tensor attr-dict `:` type($que) `,` type($tensor)";
}

let ascPipe = "none" in
def AscendC_EnQueOp : AscendC_Op<"enque"> {
  let summary = "`que.EnQue(tensor)`";
  let arguments = (ins AscendC_AnyQueue:$que, AscendC_LocalTensor:$tensor);
  let ascCall = "$que.EnQue($tensor)";
  let assemblyFormat = "$que `,` $tensor attr-dict `:` type($que) `,` type($tensor)";
}

let ascPipe = "none" in
def AscendC_EnQueUserPosOp : AscendC_Op<"enque_user_pos"> {
  let summary = "`que.EnQue<srcUserPos, dstUserPos>(tensor)`: EnQue naming the data's actual "
                "source and destination positions";
  let arguments = (ins AscendC_AnyQueue:$que, AscendC_LocalTensor:$tensor,
                       AscendC_TPosition:$src_user_pos, AscendC_TPosition:$dst_user_pos);
  let ascCall = "$que.EnQue<$src_user_pos, $dst_user_pos>($tensor)";
  let assemblyFormat = "$que `,` $tensor `,` $src_user_pos `,` $dst_user_pos attr-dict `:` type($que) `,` type($tensor)";
}

let ascPipe = "none" in
def AscendC_DeQueUserPosOp : AscendC_Op<"deque_user_pos"> {
  let summary = "`que.DeQue<srcUserPos, dstUserPos, T>()`: DeQue naming the data's actual "
                "source and destination positions";
  let arguments = (ins AscendC_AnyQueue:$que, AscendC_TPosition:$src_user_pos,
                       AscendC_TPosition:$dst_user_pos);
  let results = (outs AscendC_LocalTensor:$result);
  let ascCall = "$que.DeQue<$src_user_pos, $dst_user_pos, $elem(result)>()";
  let assemblyFormat = "$que `,` $src_user_pos `,` $dst_user_pos attr-dict `:` type($que) `->` type($result)";
}

let ascPipe = "none" in
def AscendC_DeQueOp : AscendC_Op<"deque"> {
  let summary = "`que.DeQue<T>()`: the oldest tensor of the queue";
  let arguments = (ins AscendC_AnyQueue:$que);
  let results = (outs AscendC_LocalTensor:$result);
  let ascCall = "$que.DeQue<$elem(result)>()";
  let assemblyFormat = "$que attr-dict `:` type($que) `->` type($result)";
}

let ascPipe = "none" in
def AscendC_DeQueInPlaceOp : AscendC_Op<"deque_in_place"> {
  let summary = "`que.DeQue<T>(tensor)`: points `tensor` at the oldest tensor of the queue";
  let arguments = (ins AscendC_AnyQueue:$que, AscendC_LocalTensor:$tensor);
  let ascCall = "$que.DeQue<$elem(tensor)>($tensor)";
  let assemblyFormat = "$que `,` $tensor attr-dict `:` type($que) `,` type($tensor)";
}

let ascPipe = "none" in
def AscendC_FreeTensorOp : AscendC_Op<"free_tensor"> {
  let summary = "`que.FreeTensor(tensor)`: returns the tensor's buffer to the queue";
  let arguments = (ins AscendC_AnyQueue:$que, AscendC_LocalTensor:$tensor);
  let ascCall = "$que.FreeTensor($tensor)";
  let assemblyFormat = "$que `,` $tensor attr-dict `:` type($que) `,` type($tensor)";
}

class AscendC_QueueQueryOp<string mnemonic, string method, Type resultType>
    : AscendC_Op<mnemonic> {
  let summary = "`que." # method # "()`";
  let arguments = (ins AscendC_AnyQueue:$que);
  let results = (outs resultType:$result);
  let ascCall = "$que." # method # "()";
  let assemblyFormat = "$que attr-dict `:` type($que)";
  let ascState = "read";  // the queue's count; AllocTensor / EnQue / DeQue / FreeTensor change it
}

let ascPipe = "none" in
def AscendC_VacantInQueOp : AscendC_QueueQueryOp<"vacant_in_que", "VacantInQue", I1>;
let ascPipe = "none" in
def AscendC_HasTensorInQueOp : AscendC_QueueQueryOp<"has_tensor_in_que", "HasTensorInQue", I1>;
let ascPipe = "none" in
def AscendC_GetTensorCountInQueOp : AscendC_QueueQueryOp<"get_tensor_count_in_que", "GetTensorCountInQue", I32>;
let ascPipe = "none" in
def AscendC_HasIdleBufferOp : AscendC_QueueQueryOp<"has_idle_buffer", "HasIdleBuffer", I1>;

let ascPipe = "none" in
def AscendC_FreeAllEventOp : AscendC_Op<"free_all_event"> {
  let summary = "`que.FreeAllEvent()`";
  let arguments = (ins AscendC_AnyQueue:$que);
  let ascCall = "$que.FreeAllEvent()";
  let assemblyFormat = "$que attr-dict `:` type($que)";
}

//===----------------------------------------------------------------------===//
// TBuf and TBufPool
//===----------------------------------------------------------------------===//

let ascPipe = "none" in
def AscendC_TBufOp : AscendC_DeclOp<"tbuf"> {
  let summary = "Declares `AscendC::TBuf<pos> name;`";
  let results = (outs AscendC_TBufType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "none" in
def AscendC_TBufGetOp : AscendC_Op<"tbuf_get"> {
  let summary = "`buf.Get<T>()`: the whole buffer as a LocalTensor<T>";
  let arguments = (ins AscendC_TBuf:$buf);
  let results = (outs AscendC_LocalTensor:$result);
  let ascCall = "$buf.Get<$elem(result)>()";
  let assemblyFormat = "$buf attr-dict `:` type($buf) `->` type($result)";
}

let ascPipe = "none" in
def AscendC_TBufGetLenOp : AscendC_Op<"tbuf_get_len"> {
  let summary = "`buf.Get<T>(len)`: the first `len` elements of the buffer";
  let arguments = (ins AscendC_TBuf:$buf, AnySignlessInteger:$len);
  let results = (outs AscendC_LocalTensor:$result);
  let ascCall = "$buf.Get<$elem(result)>($len)";
  let assemblyFormat = "$buf `,` $len attr-dict `:` type($buf) `,` type($len) `->` type($result)";
}

let ascPipe = "none" in
def AscendC_TBufGetWithOffsetOp : AscendC_Op<"tbuf_get_with_offset"> {
  let summary = "`buf.GetWithOffset<T>(size, bufOffset)`: `size` elements from byte `buf_offset`";
  let arguments = (ins AscendC_TBuf:$buf, AnySignlessInteger:$size, AnySignlessInteger:$buf_offset);
  let results = (outs AscendC_LocalTensor:$result);
  let ascCall = "$buf.GetWithOffset<$elem(result)>($size, $buf_offset)";
  let assemblyFormat = "$buf `,` $size `,` $buf_offset attr-dict `:` type($buf) `,` type($size) `,` type($buf_offset) `->` type($result)";
}

let ascPipe = "none" in
def AscendC_TBufPoolOp : AscendC_DeclOp<"tbuf_pool"> {
  let summary = "Declares `AscendC::TBufPool<pos, bufIDSize> name;`";
  let results = (outs AscendC_TBufPoolType:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

// GetTPipePtr() returns the TPipe* of the kernel; the value is a reference to it.
let ascPipe = "none" in
def AscendC_GetTPipePtrOp : AscendC_Op<"get_tpipe_ptr"> {
  let summary = "The kernel's TPipe (`AscendC::TPipe& p = *GetTPipePtr();`, a global function)";
  let results = (outs AscendC_TPipeType:$result);
  let ascCall = "*GetTPipePtr()";
  let ascIsRef = 1;
  let assemblyFormat = "attr-dict";
}
