//===- Tensor.td - core/tensor: GlobalTensor and LocalTensor --------------===//
//
// Declarations and methods of AscendC::GlobalTensor<T> and
// AscendC::LocalTensor<T>. Methods whose C++ call form is the same for both
// classes (`t[off]`, GetValue, SetValue, GetSize, shape info) are one op on
// AscendC_AnyTensor; the others are one op per class.
//
//===----------------------------------------------------------------------===//

// The result (or operand) `to` has the element type of tensor `from`.
class AscendC_IsElementTypeOf<string from, string to>
    : TypesMatchWith<"`" # to # "` has the element type of `" # from # "`", from, to,
                     "::mlir::ascendc::getTensorElementType($_self)">;

//===----------------------------------------------------------------------===//
// Both tensor classes
//===----------------------------------------------------------------------===//

let ascPipe = "none" in
def AscendC_SubIndexOp : AscendC_Op<"subindex", [Pure, AllTypesMatch<["tensor", "result"]>,
                                            DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "`tensor[offset]`: the tensor starting `offset` elements further";
  let arguments = (ins AscendC_AnyTensor:$tensor, AnySignlessInteger:$offset);
  let results = (outs AscendC_AnyTensor:$result);
  let ascCall = "$tensor[$offset]";
  let assemblyFormat = "$tensor `[` $offset `]` attr-dict `:` type($tensor) `,` type($offset)";
}

let ascPipe = "S" in
def AscendC_GetValueOp : AscendC_Op<"get_value", [AscendC_IsElementTypeOf<"tensor", "result">]> {
  let summary = "`tensor.GetValue(offset)`: one element, read by the scalar unit";
  let arguments = (ins AscendC_AnyTensor:$tensor, AnySignlessInteger:$offset);
  let results = (outs AscendC_ElementType:$result);
  let ascCall = "$tensor.GetValue($offset)";
  let ascWrites = [];
  let ascState = "none";
  let assemblyFormat = "$tensor `[` $offset `]` attr-dict `:` type($tensor) `,` type($offset)";
}

let ascPipe = "S" in
def AscendC_SetValueOp : AscendC_Op<"set_value", [AscendC_IsElementTypeOf<"tensor", "value">]> {
  let summary = "`tensor.SetValue(offset, value)`: writes one element from the scalar unit";
  let arguments = (ins AscendC_AnyTensor:$tensor, AnySignlessInteger:$offset,
                       AscendC_ElementType:$value);
  let ascCall = "$tensor.SetValue($offset, $value)";
  let assemblyFormat = "$tensor `[` $offset `]` `,` $value attr-dict `:` type($tensor) `,` type($offset)";
}

let ascPipe = "none" in
def AscendC_GetSizeOp : AscendC_Op<"get_size"> {
  let summary = "`tensor.GetSize()`: the number of elements";
  let ascState = "read";
  let arguments = (ins AscendC_AnyTensor:$tensor);
  let results = (outs I64:$result);
  let ascCall = "$tensor.GetSize()";
  let assemblyFormat = "$tensor attr-dict `:` type($tensor)";
}

let ascPipe = "none" in
def AscendC_GetShapeInfoOp : AscendC_Op<"get_shape_info"> {
  let summary = "`tensor.GetShapeInfo()`";
  let ascState = "read";
  let arguments = (ins AscendC_AnyTensor:$tensor);
  let results = (outs AscendC_ShapeInfoType:$result);
  let ascCall = "$tensor.GetShapeInfo()";
  let assemblyFormat = "$tensor attr-dict `:` type($tensor)";
}

let ascPipe = "none" in
def AscendC_SetShapeInfoOp : AscendC_Op<"set_shape_info"> {
  let summary = "`tensor.SetShapeInfo(shapeInfo)`";
  let arguments = (ins AscendC_AnyTensor:$tensor, AscendC_ShapeInfoType:$shape_info);
  let ascCall = "$tensor.SetShapeInfo($shape_info)";
  let assemblyFormat = "$tensor `,` $shape_info attr-dict `:` type($tensor)";
}

//===----------------------------------------------------------------------===//
// GlobalTensor
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_GlobalTensorOp : AscendC_DeclOp<"global_tensor"> {
  let summary = "Declares `AscendC::GlobalTensor<T> name;`";
  let results = (outs AscendC_GlobalTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "none" in
def AscendC_SetGlobalBufferOp : AscendC_Op<"set_global_buffer", [AscendC_SameElementType<["tensor", "buffer"]>]> {
  let summary = "`tensor.SetGlobalBuffer(buffer)`";
  let arguments = (ins AscendC_GlobalTensor:$tensor, AscendC_GMPtr:$buffer);
  let ascCall = "$tensor.SetGlobalBuffer($buffer)";
  let assemblyFormat = "$tensor `,` $buffer attr-dict `:` type($tensor) `,` type($buffer)";
}

let ascPipe = "none" in
def AscendC_SetGlobalBufferSizeOp : AscendC_Op<"set_global_buffer_size", [AscendC_SameElementType<["tensor", "buffer"]>]> {
  let summary = "`tensor.SetGlobalBuffer(buffer, bufferSize)` (size in elements)";
  let arguments = (ins AscendC_GlobalTensor:$tensor, AscendC_GMPtr:$buffer,
                       AnySignlessInteger:$buffer_size);
  let ascCall = "$tensor.SetGlobalBuffer($buffer, $buffer_size)";
  let assemblyFormat = "$tensor `,` $buffer `,` $buffer_size attr-dict `:` type($tensor) `,` type($buffer) `,` type($buffer_size)";
}

defvar AscendC_GMPtrOfTensor = TypesMatchWith<
    "`result` points to the element type of `tensor`", "tensor", "result",
    "::mlir::ascendc::GMPtrType::get(::mlir::ascendc::getTensorElementType($_self))">;

let ascPipe = "none" in
def AscendC_GlobalGetPhyAddrOp : AscendC_Op<"global_get_phy_addr", [Pure, AscendC_GMPtrOfTensor]> {
  let summary = "`tensor.GetPhyAddr()`: the `__gm__ T*` the tensor starts at";
  let arguments = (ins AscendC_GlobalTensor:$tensor);
  let results = (outs AscendC_GMPtr:$result);
  let ascCall = "$tensor.GetPhyAddr()";
  let assemblyFormat = "$tensor attr-dict `:` type($tensor)";
}

let ascPipe = "none" in
def AscendC_GlobalGetPhyAddrOffsetOp : AscendC_Op<"global_get_phy_addr_offset", [Pure, AscendC_GMPtrOfTensor]> {
  let summary = "`tensor.GetPhyAddr(offset)`: the `__gm__ T*` of element `offset`";
  let arguments = (ins AscendC_GlobalTensor:$tensor, AnySignlessInteger:$offset);
  let results = (outs AscendC_GMPtr:$result);
  let ascCall = "$tensor.GetPhyAddr($offset)";
  let assemblyFormat = "$tensor `,` $offset attr-dict `:` type($tensor) `,` type($offset)";
}

let ascPipe = "none" in
def AscendC_SetL2CacheHintOp : AscendC_Op<"set_l2_cache_hint"> {
  let summary = "`tensor.SetL2CacheHint<rwMode>(mode)`";
  let arguments = (ins AscendC_GlobalTensor:$tensor,
                       DefaultValuedAttr<AscendC_CacheMode, "::mlir::ascendc::CacheMode::CACHE_MODE_NORMAL">:$mode,
                       DefaultValuedAttr<AscendC_CacheRwMode, "::mlir::ascendc::CacheRwMode::RW">:$rw_mode);
  let ascCall = "$tensor.SetL2CacheHint<$rw_mode>($mode)";
  let assemblyFormat = "$tensor `,` $mode `,` $rw_mode attr-dict `:` type($tensor)";
}

//===----------------------------------------------------------------------===//
// LocalTensor
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_LocalTensorOp : AscendC_DeclOp<"local_tensor"> {
  let summary = "Declares `AscendC::LocalTensor<T> name;` (no storage yet)";
  let results = (outs AscendC_LocalTensor:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "V" in
def AscendC_LocalTensorAddrOp : AscendC_DeclOp<"local_tensor_addr", "($addr)"> {
  let summary = "Declares `AscendC::LocalTensor<T> name(addr);`";
  let arguments = (ins AnySignlessInteger:$addr);
  let results = (outs AscendC_LocalTensor:$result);
  let assemblyFormat = "$addr attr-dict `:` type($addr) `->` type($result)";
}

let ascPipe = "V" in
def AscendC_LocalTensorPosOp : AscendC_DeclOp<"local_tensor_pos", "($pos, $addr, $tile_size)"> {
  let summary = "Declares `AscendC::LocalTensor<T> name(pos, addr, tileSize);`";
  let description = [{
    A tensor of `tile_size` elements at byte address `addr` of the local
    memory of position `pos`, outside any TPipe (static allocation).
  }];
  let arguments = (ins AscendC_TPosition:$pos, AnySignlessInteger:$addr,
                       AnySignlessInteger:$tile_size);
  let results = (outs AscendC_LocalTensor:$result);
  let assemblyFormat = "$pos `,` $addr `,` $tile_size attr-dict `:` type($addr) `,` type($tile_size) `->` type($result)";
}

let ascPipe = "none" in
def AscendC_GetLengthOp : AscendC_Op<"get_length"> {
  let summary = "`tensor.GetLength()`: the length in bytes (deprecated in Ascend C)";
  let ascState = "read";
  let arguments = (ins AscendC_LocalTensor:$tensor);
  let results = (outs I32:$result);
  let ascCall = "$tensor.GetLength()";
  let assemblyFormat = "$tensor attr-dict `:` type($tensor)";
}

let ascPipe = "none" in
def AscendC_SetSizeOp : AscendC_Op<"set_size"> {
  let summary = "`tensor.SetSize(size)` (in elements)";
  let arguments = (ins AscendC_LocalTensor:$tensor, AnySignlessInteger:$size);
  let ascCall = "$tensor.SetSize($size)";
  let assemblyFormat = "$tensor `,` $size attr-dict `:` type($tensor) `,` type($size)";
}

let ascPipe = "none" in
def AscendC_LocalGetPhyAddrOp : AscendC_Op<"local_get_phy_addr"> {
  let summary = "`tensor.GetPhyAddr()`: the tensor's local-memory address";
  let ascState = "read";
  let arguments = (ins AscendC_LocalTensor:$tensor);
  let results = (outs I64:$result);
  let ascCall = "$tensor.GetPhyAddr()";
  let assemblyFormat = "$tensor attr-dict `:` type($tensor)";
}

let ascPipe = "none" in
def AscendC_LocalGetPhyAddrOffsetOp : AscendC_Op<"local_get_phy_addr_offset"> {
  let summary = "`tensor.GetPhyAddr(offset)`: the local-memory address of element `offset`";
  let ascState = "read";
  let arguments = (ins AscendC_LocalTensor:$tensor, AnySignlessInteger:$offset);
  let results = (outs I64:$result);
  let ascCall = "$tensor.GetPhyAddr($offset)";
  let assemblyFormat = "$tensor `,` $offset attr-dict `:` type($tensor) `,` type($offset)";
}

let ascPipe = "none" in
def AscendC_GetPositionOp : AscendC_Op<"get_position"> {
  let summary = "`tensor.GetPosition()`: the tensor's TPosition as an integer";
  let ascState = "read";
  let arguments = (ins AscendC_LocalTensor:$tensor);
  let results = (outs I32:$result);
  let ascCall = "$tensor.GetPosition()";
  let assemblyFormat = "$tensor attr-dict `:` type($tensor)";
}

let ascPipe = "none" in
def AscendC_GetUserTagOp : AscendC_Op<"get_user_tag"> {
  let summary = "`tensor.GetUserTag()`";
  let ascState = "read";
  let arguments = (ins AscendC_LocalTensor:$tensor);
  let results = (outs I32:$result);
  let ascCall = "$tensor.GetUserTag()";
  let assemblyFormat = "$tensor attr-dict `:` type($tensor)";
}

let ascPipe = "none" in
def AscendC_SetUserTagOp : AscendC_Op<"set_user_tag"> {
  let summary = "`tensor.SetUserTag(tag)`";
  let arguments = (ins AscendC_LocalTensor:$tensor, AnySignlessInteger:$tag);
  let ascCall = "$tensor.SetUserTag($tag)";
  let assemblyFormat = "$tensor `,` $tag attr-dict `:` type($tensor) `,` type($tag)";
}

let ascPipe = "none" in
def AscendC_ReinterpretCastOp : AscendC_Op<"reinterpret_cast", [Pure, DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "`tensor.ReinterpretCast<U>()`: the same memory seen as elements of type U";
  let arguments = (ins AscendC_LocalTensor:$tensor);
  let results = (outs AscendC_LocalTensor:$result);
  let ascCall = "$tensor.ReinterpretCast<$elem(result)>()";
  let assemblyFormat = "$tensor attr-dict `:` type($tensor) `to` type($result)";
}

let ascPipe = "none" in
def AscendC_SetAddrWithOffsetOp : AscendC_Op<"set_addr_with_offset"> {
  let summary = "`tensor.SetAddrWithOffset(src, offset)`: points `tensor` at element `offset` of `src` (deprecated in Ascend C)";
  let arguments = (ins AscendC_LocalTensor:$tensor, AscendC_LocalTensor:$src,
                       AnySignlessInteger:$offset);
  let ascCall = "$tensor.SetAddrWithOffset($src, $offset)";
  let assemblyFormat = "$tensor `,` $src `,` $offset attr-dict `:` type($tensor) `,` type($src) `,` type($offset)";
}

let ascPipe = "none" in
def AscendC_SetBufferLenOp : AscendC_Op<"set_buffer_len"> {
  let summary = "`tensor.SetBufferLen(len)`";
  let arguments = (ins AscendC_LocalTensor:$tensor, AnySignlessInteger:$len);
  let ascCall = "$tensor.SetBufferLen($len)";
  let assemblyFormat = "$tensor `,` $len attr-dict `:` type($tensor) `,` type($len)";
}

// Print and ToFile are declared only when Ascend C is built for the CPU
// debugger (ASCENDC_CPU_DEBUG); bisheng rejects them in an NPU build.
let ascPipe = "S" in
def AscendC_PrintOp : AscendC_Op<"print"> {
  let summary = "`tensor.Print(len)` (CPU-debug builds only)";
  let arguments = (ins AscendC_LocalTensor:$tensor, AnySignlessInteger:$len);
  let ascCall = "$tensor.Print($len)";
  let ascWrites = [];
  let assemblyFormat = "$tensor `,` $len attr-dict `:` type($tensor) `,` type($len)";
}

let ascPipe = "S" in
def AscendC_ToFileOp : AscendC_Op<"to_file"> {
  let summary = "`tensor.ToFile(fileName)` (CPU-debug builds only)";
  let arguments = (ins AscendC_LocalTensor:$tensor, StrAttr:$file_name);
  let ascCall = "$tensor.ToFile($file_name)";
  let ascWrites = [];
  let assemblyFormat = "$tensor `,` $file_name attr-dict `:` type($tensor)";
}

//===----------------------------------------------------------------------===//
// ListTensorDesc / TensorDesc<T> (basic/list_tensor): the descriptor of a
// list of GM tensors (CANN's dynamic inputs). Layout: see
// cpp/model/include/asc_model/api/list_tensor.h.
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_ListTensorDescOp : AscendC_DeclOp<"list_tensor_desc"> {
  let summary = "Declares `AscendC::ListTensorDesc name;`";
  let results = (outs AscendC_ListTensorDescType:$result);
  let assemblyFormat = "attr-dict";
}

let ascPipe = "V" in
def AscendC_ListTensorDescDataOp : AscendC_DeclOp<"list_tensor_desc_data", "($data, $length, $shape_size)"> {
  let summary = "Declares `AscendC::ListTensorDesc name(data, length, shapeSize);`";
  let arguments = (ins AscendC_GMPtr:$data, AnySignlessInteger:$length, AnySignlessInteger:$shape_size);
  let results = (outs AscendC_ListTensorDescType:$result);
  let assemblyFormat = "$data `,` $length `,` $shape_size attr-dict `:` type($data) `,` type($length) `,` type($shape_size)";
}

let ascPipe = "V" in
def AscendC_ListTensorDescInitOp : AscendC_Op<"list_tensor_desc_init"> {
  let summary = "`list.Init(data, length, shapeSize)`";
  let arguments = (ins AscendC_ListTensorDescType:$list, AscendC_GMPtr:$data, AnySignlessInteger:$length,
                       AnySignlessInteger:$shape_size);
  let ascCall = "$list.Init($data, $length, $shape_size)";
  let assemblyFormat = "$list `,` $data `,` $length `,` $shape_size attr-dict `:` type($data) `,` type($length) `,` type($shape_size)";
}

let ascPipe = "V" in
def AscendC_ListTensorDescGetDescOp : AscendC_Op<"list_tensor_desc_get_desc"> {
  let summary = "`list.GetDesc(desc, index)`: fills the TensorDesc<T> of tensor `index`";
  let arguments = (ins AscendC_ListTensorDescType:$list, AscendC_TensorDesc:$desc, AnySignlessInteger:$index);
  let ascCall = "$list.GetDesc($desc, $index)";
  let assemblyFormat = "$list `,` $desc `,` $index attr-dict `:` type($desc) `,` type($index)";
}

let ascPipe = "V" in
def AscendC_ListTensorDescGetDataPtrOp : AscendC_Op<"list_tensor_desc_get_data_ptr", [Pure]> {
  let summary = "`list.GetDataPtr<T>(index)`: the `__gm__ T*` of tensor `index`";
  let arguments = (ins AscendC_ListTensorDescType:$list, AnySignlessInteger:$index);
  let results = (outs AscendC_GMPtr:$result);
  let ascCall = "$list.GetDataPtr<$elem(result)>($index)";
  let assemblyFormat = "$list `,` $index attr-dict `:` type($index) `->` type($result)";
}

let ascPipe = "V" in
def AscendC_ListTensorDescGetSizeOp : AscendC_Op<"list_tensor_desc_get_size", [Pure]> {
  let summary = "`list.GetSize()`: the number of tensors";
  let arguments = (ins AscendC_ListTensorDescType:$list);
  let results = (outs UI32:$result);
  let ascCall = "$list.GetSize()";
  let assemblyFormat = "$list attr-dict";
}

let ascPipe = "V" in
def AscendC_TensorDescOp : AscendC_DeclOp<"tensor_desc"> {
  let summary = "Declares `AscendC::TensorDesc<T> name;`";
  let results = (outs AscendC_TensorDesc:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
}

let ascPipe = "V" in
def AscendC_TensorDescSetShapeAddrOp : AscendC_Op<"tensor_desc_set_shape_addr"> {
  let summary = "`desc.SetShapeAddr(shapePtr)`: where GetShape reads the shape (a `uint64_t*`)";
  let arguments = (ins AscendC_TensorDesc:$desc, AscendC_GMPtr:$shape_ptr);
  let ascCall = "$desc.SetShapeAddr($shape_ptr)";
  let assemblyFormat = "$desc `,` $shape_ptr attr-dict `:` type($desc) `,` type($shape_ptr)";
}

class AscendC_TensorDescU64<string mnemonic, string call, string what>
    : AscendC_Op<mnemonic, [Pure]> {
  let summary = "`desc." # call # "()`: " # what;
  let arguments = (ins AscendC_TensorDesc:$desc);
  let results = (outs UI64:$result);
  let ascCall = "$desc." # call # "()";
  let assemblyFormat = "$desc attr-dict `:` type($desc)";
}
let ascPipe = "V" in
def AscendC_TensorDescGetDimOp : AscendC_TensorDescU64<"tensor_desc_get_dim", "GetDim", "the number of dimensions">;
let ascPipe = "V" in
def AscendC_TensorDescGetIndexOp : AscendC_TensorDescU64<"tensor_desc_get_index", "GetIndex", "the tensor's index in its list">;

let ascPipe = "V" in
def AscendC_TensorDescGetShapeOp : AscendC_Op<"tensor_desc_get_shape", [Pure]> {
  let summary = "`desc.GetShape(offset)`: the size of dimension `offset`";
  let arguments = (ins AscendC_TensorDesc:$desc, AnySignlessInteger:$offset);
  let results = (outs UI64:$result);
  let ascCall = "$desc.GetShape($offset)";
  let assemblyFormat = "$desc `,` $offset attr-dict `:` type($desc) `,` type($offset)";
}

let ascPipe = "V" in
def AscendC_TensorDescGetDataPtrOp : AscendC_Op<"tensor_desc_get_data_ptr", [Pure,
    TypesMatchWith<"`result` points to the element type of `desc`", "desc", "result",
                   "::mlir::ascendc::GMPtrType::get(::llvm::cast<::mlir::ascendc::TensorDescType>($_self).getElementType())">]> {
  let summary = "`desc.GetDataPtr()`: the `__gm__ T*` of the tensor";
  let arguments = (ins AscendC_TensorDesc:$desc);
  let results = (outs AscendC_GMPtr:$result);
  let ascCall = "$desc.GetDataPtr()";
  let assemblyFormat = "$desc attr-dict `:` type($desc)";
}

let ascPipe = "V" in
def AscendC_TensorDescGetDataObjOp : AscendC_Op<"tensor_desc_get_data_obj",
    [TypesMatchWith<"`result` is a GlobalTensor of the element type of `desc`", "desc", "result",
                    "::mlir::ascendc::GlobalTensorType::get(::llvm::cast<::mlir::ascendc::TensorDescType>($_self).getElementType())">]> {
  let summary = "`desc.GetDataObj()`: a GlobalTensor<T> over the tensor (its size = the product of the shape)";
  let arguments = (ins AscendC_TensorDesc:$desc);
  let results = (outs AscendC_GlobalTensor:$result);
  let ascCall = "$desc.GetDataObj()";
  let assemblyFormat = "$desc attr-dict `:` type($desc)";
}
