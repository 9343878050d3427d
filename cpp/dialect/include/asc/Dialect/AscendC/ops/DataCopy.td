//===- DataCopy.td - basic/data_copy: DataCopy, DataCopyPad, Copy, … ------===//
//
// DataCopy and DataCopyPad overloads that differ only in the direction
// (GM -> local, local -> local, local -> GM) share one op on
// AscendC_AnyTensor; a verifier rejects the directions Ascend C lacks.
//
//===----------------------------------------------------------------------===//

defvar AscendC_DstSrc = AscendC_SameElementType<["dst", "src"]>;

def AscendC_DataCopyParams : AnyTypeOf<[AscendC_DataCopyParamsType, AscendC_DataCopyExtParamsType]>;
def AscendC_DataCopyPadParams : AnyTypeOf<[AscendC_DataCopyPadParamsType, AscendC_DataCopyPadExtParamsType]>;

//===----------------------------------------------------------------------===//
// DataCopy
//===----------------------------------------------------------------------===//

let ascPipe = "copy" in
def AscendC_DataCopyOp : AscendC_Op<"data_copy", [AscendC_DstSrc]> {
  let summary = "`AscendC::DataCopy(dst, src, count)`: GM->local, local->local or local->GM";
  let arguments = (ins AscendC_AnyTensor:$dst, AscendC_AnyTensor:$src, AnySignlessInteger:$count);
  let ascCall = "AscendC::DataCopy($dst, $src, $count)";
  let assemblyFormat = "$dst `,` $src `,` $count attr-dict `:` type($dst) `,` type($src) `,` type($count)";
  let hasVerifier = 1;
}

let ascPipe = "copy" in
def AscendC_DataCopyParamsOp : AscendC_Op<"data_copy_params", [AscendC_DstSrc]> {
  let summary = "`AscendC::DataCopy(dst, src, DataCopyParams)`: strided blocks of 32 bytes";
  let arguments = (ins AscendC_AnyTensor:$dst, AscendC_AnyTensor:$src,
                       AscendC_DataCopyParamsType:$params);
  let ascCall = "AscendC::DataCopy($dst, $src, $params)";
  let assemblyFormat = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src)";
  let hasVerifier = 1;
}

let ascPipe = "copy" in
def AscendC_DataCopyEnhancedOp : AscendC_Op<"data_copy_enhanced", [AscendC_DstSrc]> {
  let summary = "`AscendC::DataCopy(dst, src, DataCopyParams, DataCopyEnhancedParams)`";
  let arguments = (ins AscendC_AnyTensor:$dst, AscendC_AnyTensor:$src,
                       AscendC_DataCopyParamsType:$params,
                       AscendC_DataCopyEnhancedParamsType:$enhanced_params);
  let ascCall = "AscendC::DataCopy($dst, $src, $params, $enhanced_params)";
  let assemblyFormat = "$dst `,` $src `,` $params `,` $enhanced_params attr-dict `:` type($dst) `,` type($src)";
  let hasVerifier = 1;
}

let ascPipe = "copy" in
def AscendC_DataCopyNd2NzOp : AscendC_Op<"data_copy_nd2nz", [AscendC_DstSrc]> {
  let summary = "`AscendC::DataCopy(dst, src, Nd2NzParams)`: ND to NZ layout, GM->local or local->local";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_AnyTensor:$src,
                       AscendC_Nd2NzParamsType:$params);
  let ascCall = "AscendC::DataCopy($dst, $src, $params)";
  let assemblyFormat = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src)";
}

let ascPipe = "copy" in
def AscendC_DataCopyNz2NdOp : AscendC_Op<"data_copy_nz2nd", [AscendC_DstSrc]> {
  let summary = "`AscendC::DataCopy(dst, src, Nz2NdParamsFull)`: NZ to ND layout, local->GM";
  let arguments = (ins AscendC_GlobalTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_Nz2NdParamsFullType:$params);
  let ascCall = "AscendC::DataCopy($dst, $src, $params)";
  let assemblyFormat = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src)";
}

// DataCopy<T, U>: CO1 (L0C) results of type U to T, with optional quantisation,
// so the element types may differ.
let ascPipe = "copy" in
def AscendC_DataCopyCO12DstOp : AscendC_Op<"data_copy_co12dst"> {
  let summary = "`AscendC::DataCopy(dst, src, DataCopyCO12DstParams)`: CO1 to GM or local";
  let arguments = (ins AscendC_AnyTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_DataCopyCO12DstParamsType:$params);
  let ascCall = "AscendC::DataCopy($dst, $src, $params)";
  let assemblyFormat = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src)";
}

// DataCopy(dst, src, const SliceInfo dstSliceInfo[], const SliceInfo srcSliceInfo[], dimValue):
// the two arrays are ascendc.slice_info_list values (local arrays).
let ascPipe = "V" in
def AscendC_SliceInfoListOp : AscendC_DeclOp<"slice_info_list", "[$size] = {$slices}", [Pure]> {
  let summary = "`AscendC::SliceInfo name[N] = {s0, ...};`: the slices of a slice-list DataCopy, one per dimension";
  let arguments = (ins Variadic<AscendC_SliceInfoType>:$slices, I32Attr:$size);
  let results = (outs AscendC_SliceInfoListType:$result);
  let assemblyFormat = "`(` $slices `)` attr-dict";
  let hasVerifier = 1;
}

let ascPipe = "copy" in
def AscendC_DataCopySliceOp : AscendC_Op<"data_copy_slice", [AscendC_DstSrc]> {
  let summary = "`AscendC::DataCopy(dst, src, dstSliceInfo, srcSliceInfo, dimValue)`: multi-dimensional slices, GM<->local";
  let arguments = (ins AscendC_AnyTensor:$dst, AscendC_AnyTensor:$src,
                       AscendC_SliceInfoListType:$dst_slices, AscendC_SliceInfoListType:$src_slices,
                       AnySignlessInteger:$dim_value);
  let ascCall = "AscendC::DataCopy($dst, $src, $dst_slices, $src_slices, $dim_value)";
  let assemblyFormat = "$dst `,` $src `,` $dst_slices `,` $src_slices `,` $dim_value attr-dict `:` type($dst) `,` type($src) `,` type($dim_value)";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// DataCopyPad
//===----------------------------------------------------------------------===//

let ascPipe = "copy" in
def AscendC_DataCopyPadOp : AscendC_Op<"data_copy_pad", [AscendC_DstSrc]> {
  let summary = "`AscendC::DataCopyPad(dst, src, params, padParams)`: GM->local, padded to 32 bytes";
  let description = [{
    Either `DataCopyExtParams` with `DataCopyPadExtParams<T>` (T the element
    type of the tensors) or the legacy `DataCopyParams` with `DataCopyPadParams`.
  }];
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_GlobalTensor:$src,
                       AscendC_DataCopyParams:$params, AscendC_DataCopyPadParams:$pad_params);
  let ascCall = "AscendC::DataCopyPad($dst, $src, $params, $pad_params)";
  let assemblyFormat = "$dst `,` $src `,` $params `,` $pad_params attr-dict `:` type($dst) `,` type($src) `,` type($params) `,` type($pad_params)";
  let hasVerifier = 1;
}

let ascPipe = "copy" in
def AscendC_DataCopyPadToGMOp : AscendC_Op<"data_copy_pad_to_gm", [AscendC_DstSrc]> {
  let summary = "`AscendC::DataCopyPad(dst, src, params)`: local->GM, bytes not multiple of 32";
  let arguments = (ins AscendC_GlobalTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_DataCopyParams:$params);
  let ascCall = "AscendC::DataCopyPad($dst, $src, $params)";
  let assemblyFormat = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src) `,` type($params)";
}

let ascPipe = "copy" in
def AscendC_DataCopyPadNd2NzOp : AscendC_Op<"data_copy_pad_nd2nz", [AscendC_DstSrc]> {
  let summary = "`AscendC::DataCopyPad(dst, src, params, Nd2NzParams)`: local->local with ND to NZ";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_DataCopyParams:$params, AscendC_Nd2NzParamsType:$nd2nz_params);
  let ascCall = "AscendC::DataCopyPad($dst, $src, $params, $nd2nz_params)";
  let assemblyFormat = "$dst `,` $src `,` $params `,` $nd2nz_params attr-dict `:` type($dst) `,` type($src) `,` type($params)";
}

//===----------------------------------------------------------------------===//
// Copy (vector unit, local->local)
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_CopyL0Op : AscendC_Op<"copy_l0", [AscendC_DstSrc]> {
  let summary = "`AscendC::Copy<T, isSetMask>(dst, src, mask[], repeatTime, CopyRepeatParams)` (bit mask)";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src,
                       AscendC_BitMaskType:$mask, AnySignlessInteger:$repeat_times,
                       AscendC_CopyRepeatParamsType:$repeat_params,
                       DefaultValuedAttr<BoolAttr, "true">:$is_set_mask);
  let ascCall = "AscendC::Copy<$elem(dst), $is_set_mask>($dst, $src, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src) `,` type($repeat_times)";
}

let ascPipe = "V" in
def AscendC_CopyL1Op : AscendC_Op<"copy_l1", [AscendC_DstSrc]> {
  let summary = "`AscendC::Copy<T, isSetMask>(dst, src, mask, repeatTime, CopyRepeatParams)` (count mask)";
  let arguments = (ins AscendC_LocalTensor:$dst, AscendC_LocalTensor:$src,
                       AnySignlessInteger:$mask, AnySignlessInteger:$repeat_times,
                       AscendC_CopyRepeatParamsType:$repeat_params,
                       DefaultValuedAttr<BoolAttr, "true">:$is_set_mask);
  let ascCall = "AscendC::Copy<$elem(dst), $is_set_mask>($dst, $src, $mask, $repeat_times, $repeat_params)";
  let assemblyFormat = "$dst `,` $src `,` $mask `,` $repeat_times `,` $repeat_params attr-dict `:` type($dst) `,` type($src) `,` type($mask) `,` type($repeat_times)";
}

//===----------------------------------------------------------------------===//
// Padding value, image load
//===----------------------------------------------------------------------===//

let ascPipe = "V" in
def AscendC_SetPadValueOp : AscendC_Op<"set_pad_value"> {
  let summary = "`AscendC::SetPadValue<T, pos>(value)`: the value DataCopyPad pads with";
  let arguments = (ins AscendC_ElementType:$value,
                       DefaultValuedAttr<AscendC_TPosition, "::mlir::ascendc::TPosition::MAX">:$pos);
  let ascCall = "AscendC::SetPadValue<$type(value), $pos>($value)";
  let assemblyFormat = "$value `,` $pos attr-dict `:` type($value)";
}

// The vendor's LoadImageToLocal is `__inout_pipe__(MTE2)`: the image comes from GM.
let ascPipe = "MTE2" in
def AscendC_LoadImageToLocalOp : AscendC_Op<"load_image_to_local"> {
  let summary = "`AscendC::LoadImageToLocal(dst, LoadImageToLocalParams)`: AIPP image to local memory";
  // int8_t / half only: the vendor's load_image_to_cbuf has no other element type.
  let arguments = (ins AscendC_LocalTensorOfAny<[I8, F16]>:$dst, AscendC_LoadImageToLocalParamsType:$params);
  let ascCall = "AscendC::LoadImageToLocal($dst, $params)";
  let assemblyFormat = "$dst `,` $params attr-dict `:` type($dst)";
}

// SetAippFunctions only records the configuration (the AIPP unit's special
// registers, on the cube core): it touches no tensor's elements. The image
// src0 (and, for YUV420SP_U8, the UV plane src1) is read by the next
// LoadImageToLocal.
let ascPipe = "none" in
def AscendC_SetAippFunctionsOp : AscendC_Op<"set_aipp_functions"> {
  let summary = "`AscendC::SetAippFunctions(src0[, src1], format, config)`: configures AIPP for LoadImageToLocal";
  let arguments = (ins AscendC_GlobalTensor:$src0, Optional<AscendC_GlobalTensor>:$src1,
                       AscendC_AippInputFormat:$format, AscendC_AippParamsType:$config);
  let ascCall = "AscendC::SetAippFunctions($args)";
  let ascWrites = [];
  let assemblyFormat = [{
    $src0 `,` ($src1^ `,`)? $format `,` $config attr-dict `:` type($src0) `,` type($config) (`,` type($src1)^)?
  }];
  let hasVerifier = 1;
}
